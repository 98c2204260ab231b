"""Action cards by voice: each team in its window, refusals with the rule, the card windows."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from sportleisure_host_kit import (
    BLUE,
    RED,
    TEAMS,
    Run,
    deal,
    edit,
    kind_index,
    new,
    play,
)

from content.schema import CardKind
from engine.core import Event
from engine.sportleisure_board import (
    CARD_RULES,
    NEXT_SPACE,
    OWN_GOAL,
    PREVIOUS_SPACE,
    SECOND_WIND,
    WINNING_ZONE,
)
from voice.games.sportleisure import SportLeisureHost, load_host
from voice.hosting.dialogue import Dialogue
from voice.hosting.driver import Driver
from voice.hosting.exchange import Heard
from voice.hosting.session import SaveSlot
from voice.hosting.text_adapter import SilentMouth, TextEars, Transcript
from voice.speaking.phrases import Phrases

PURPLE, GREEN, YELLOW, RED_Q = 0, 1, 2, 3


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    return tmp_path


def _start(positions: tuple[int, int] = (0, 0),
           nth: int = 0) -> tuple[SportLeisureHost, list[Event]]:
    host = new()
    events = deal(host, front=[kind_index(host, CardKind.POT_LUCK, nth)])
    if positions != (0, 0):
        edit(host, positions=list(positions))
    return host, events


def _played(run: Run) -> list[tuple[int, str]]:
    st = run.host.engine
    assert st is not None
    from engine.sportleisure_board import card_type

    return [(team, card_type(card)) for team, card, _ in st.played]


def test_sin_bin_in_the_window_asks_who_sits_out() -> None:
    host, events = _start()
    run = play(host, ["sin bin", "ben", "<right>"], events)
    run.index("Blue team, who sits out this card? Ana or Ben?")
    run.index("Sin Bin! Ben sits out this card")
    st = host.engine
    assert st is not None and st.sin_bin == "Ben"
    assert _played(run) == [(BLUE, "sin_bin")]
    assert st.positions[RED] == NEXT_SPACE[PURPLE][0], "the purple question follows"


def test_sin_bin_naming_the_member_needs_no_question() -> None:
    host, events = _start()
    run = play(host, ["Blue team, sin bin for Ana"], events)
    assert run.count("who sits out") == 0
    assert host.engine is not None and host.engine.sin_bin == "Ana"


def test_sin_bin_member_unclear_falls_back_to_yes_no_per_member() -> None:
    host, events = _start()
    run = play(host, ["yes", "yes", "zed", "zed", "zed", "no", "yes"], events)
    run.index("Play Sin Bin?")
    first = run.index("Shall Ana sit out?")
    run.index("Shall Ben sit out?", first)
    assert host.engine is not None and host.engine.sin_bin == "Ben"


def test_new_balls_please_by_the_playing_team_brings_the_next_card() -> None:
    host, events = _start()
    st = host.engine
    assert st is not None
    second = host.deck.card(st.deck[1])
    run = play(host, ["no", "we play new balls please", "<right>"], events)
    balls = run.index("New Balls, Please! That card goes to the back of the tray.")
    run.index("Here's the next card.", balls)
    run.index(f"Purple question: {second.questions[0].text}", balls)
    assert _played(run) == [(RED, "new_balls_please")]
    assert st.positions[RED] == NEXT_SPACE[PURPLE][0]


def test_own_goal_by_the_question_masters_team_after_a_right_answer() -> None:
    host, events = _start()
    run = play(host, ["no", "<right>", "Blue team, own goal"], events)
    run.index("Own Goal, played by Blue team!")
    run.index("Red team goes back to the previous purple space: Go.")
    st = host.engine
    assert st is not None and st.positions == [0, 0] and st.question == GREEN
    assert _played(run) == [(BLUE, "own_goal")]
    assert run.count("Green question:") == 2, "the green question is read again after the card"


def test_move_the_goalposts_instead_of_a_question() -> None:
    host, events = _start()
    run = play(host, ["no", "<right>", "move the goalposts"], events)
    after_purple = NEXT_SPACE[PURPLE][0]
    to = NEXT_SPACE[GREEN][after_purple]
    run.index(f"Red team moves the goalposts, to the next green space: space {to}.")
    st = host.engine
    assert st is not None and st.positions[RED] == to and st.question == YELLOW


def test_refusals_say_the_engines_real_reason() -> None:
    host, events = _start()
    run = play(host, ["own goal", "no", "second wind", "<right>"], events)
    run.index("Own Goal is played straight after a right answer by Red team.")
    run.index("Second Wind is played just before the red question.")
    assert CARD_RULES[OWN_GOAL] not in run.text and CARD_RULES[SECOND_WIND] not in run.text
    st = host.engine
    assert st is not None and st.played == []
    assert st.positions[RED] == NEXT_SPACE[PURPLE][0], "play goes on after a refusal"


def test_second_card_in_one_turn_is_refused_and_a_card_not_held_is_named() -> None:
    host, events = _start()
    run = play(host, ["sin bin on ana", "<right>", "own goal", "red team sin bin"], events)
    run.index("Blue team has already played an action card this turn, and it's one card a turn.")
    run.index("Sin Bin is played by the Question Master's team, Blue team, not by Red team.")
    host2, events2 = _start()
    edit(host2, playing=BLUE)
    run2 = play(host2, ["sin bin"], events2)
    run2.index("Red team has no Sin Bin card to play.")


def test_yes_at_the_window_with_two_cards_asks_which() -> None:
    host, events = _start(positions=(5, 0))
    run = play(host, ["yes", "run for the money", "<right>"], events)
    run.index("Which card, Blue team? Sin Bin or Run for the Money?")
    run.index("Run for the Money on Red team: each right answer this turn moves them just one space.")
    run.index("Red team moves one space, to space 6.")
    assert host.engine is not None and host.engine.positions[RED] == 6


def test_second_wind_keeps_the_turn_for_another_card() -> None:
    host, events = _start(positions=(0, 20))
    st = host.engine
    assert st is not None
    nxt = host.deck.card(st.deck[1])
    script = ["no", "<right>", "<right>", "<right>", "second wind", "<right>", "no", "no"]
    run = play(host, script, events)
    hint = run.index("Red team, you may play Second Wind before this red question.")
    wind = run.index("Second Wind! If Red team gets the red question right", hint)
    kept = run.index("Second Wind worked: Red team keeps the turn.", wind)
    # The extra card is a fresh card: the Question Master's team is offered its cards again.
    window = run.index("Blue team, before I ask the first question: any action card?", kept)
    run.index(f"Purple question: {nxt.questions[0].text}", window)
    assert st.playing == RED and st.turn == 1
    assert _played(run) == [(RED, "second_wind")]


def test_continue_window_after_the_last_question_takes_own_goal() -> None:
    host, events = _start()
    st = host.engine
    assert st is not None
    run = play(host, ["no", "<right>", "<right>", "<right>", "<right>", "own goal"], events)
    run.index("Blue team, any action card before the next turn?")
    pos = 0
    for colour in (PURPLE, GREEN, YELLOW):
        pos = NEXT_SPACE[colour][pos]
    back = PREVIOUS_SPACE[RED_Q][NEXT_SPACE[RED_Q][pos]]
    assert st.positions[RED] == back
    run.index("Blue team, it's your turn.")


def test_continue_means_no_card_at_the_window() -> None:
    host, events = _start()
    run = play(host, ["no", "<right>", "<right>", "<right>", "<right>", "continue"], events)
    run.index("Blue team, it's your turn.")
    assert run.count("We're not paused") == 0
    assert host.engine is not None and host.engine.played == []


def test_asking_for_a_named_teams_cards_and_the_picture_again() -> None:
    host = new()
    picture = kind_index(host, CardKind.PICTURE)
    events = deal(host, front=[picture])
    card = host.deck.card(picture)
    run = play(host, ["no", "what are blue team's cards", "describe the picture"], events)
    run.index("Blue team's action cards: Sin Bin, Run for the Money and Own Goal.")
    assert run.count(f"The picture: {card.scene}") == 4, \
        "first read, re-read with the question after the cards, on request, and again with it"


def test_card_names_are_in_the_expected_phrases_for_the_recognizer() -> None:
    host, events = _start()
    run = play(host, ["no", "<right>"], events)
    kinds = [kind for kind, _ in run.ears.heard]
    assert kinds == ["yesno", "word", "word"], "window, green question, the end of input"
    window, answer = (expected for _, expected in run.ears.heard[:2])
    assert {"sin bin", "no card", "own goal"} <= set(window)
    assert {"sin bin", "new balls please", "move the goalposts", "second wind",
            "run for the money", "own goal", "what are our cards"} <= set(answer)
    st = host.engine
    assert st is not None
    accepted = host.deck.card(st.deck[0]).questions[0].answers
    assert answer[: len(accepted)] == list(accepted), "the answers come first"


class MonkeyEars(TextEars):
    """A noisy table: right and wrong answers, cards from either team, commands, silence."""

    POOL = ("no", "yes", "ana", "ben", "cy", "di", "red", "blue", "wrong guess", "", "pass",
            "sin bin", "sin bin for ana", "own goal", "blue team own goal", "red team own goal",
            "new balls please", "move the goalposts", "second wind", "run for the money",
            "continue", "undo", "that was wrong", "that was right", "what's the score",
            "where am i", "what are our cards", "repeat", "describe the picture")

    def __init__(self, rng: random.Random, limit: int) -> None:
        super().__init__([], clock=lambda: 0.0)
        self.rng = rng
        self.left = limit

    def listen(self, kind: str, expected: Sequence[str], timeout_s: float) -> Heard:
        self.left -= 1
        if self.left < 0:
            return Heard(("quit",), 0.0, ended=True)
        if kind == "word" and expected and self.rng.random() < 0.55:
            return Heard((expected[0],), 0.0)
        line = self.rng.choice(self.POOL)
        return Heard((line,) if line else (), 0.0, timed_out=not line)


@pytest.mark.parametrize("seed", range(6))
def test_a_noisy_table_never_breaks_the_game(seed: int) -> None:
    rng = random.Random(seed)
    # Seed 5 has one-player teams: Sin Bin is never playable and must be refused.
    teams = [("Red", ["Ana"]), ("Blue", ["Cy"])] if seed == 5 else TEAMS
    host = new(first=None if seed % 2 else "Blue", seed=seed, teams=teams)
    out = io.StringIO()
    dialogue = Dialogue(SilentMouth(), MonkeyEars(rng, 700), Phrases.load(), host,
                        transcript=Transcript(out))
    slot = SaveSlot()
    outcome = Driver(host, dialogue, random.Random(seed), slot=slot).run()
    st = host.engine
    assert st is not None
    if outcome.quit:
        saved = slot.read()
        assert saved.state == st.to_json()
        assert load_host(saved.setup, saved.state).state.to_json() == st.to_json()
    else:
        assert outcome.winners == st.winners() and st.positions[outcome.winners[0]] == 41


def test_asking_for_the_picture_on_a_card_without_one() -> None:
    host, events = _start()
    run = play(host, ["no", "describe the picture", "<right>"], events)
    run.index("This card has no picture")
    st = host.engine
    assert st is not None and st.positions[RED] == NEXT_SPACE[PURPLE][0]


def test_sin_bin_against_a_one_player_team_says_it_has_only_one_player() -> None:
    host = new(teams=[("Red", ["Ana"]), ("Blue", ["Cy", "Di"])])
    events = deal(host, front=[kind_index(host, CardKind.POT_LUCK)])
    run = play(host, ["sin bin", "<right>"], events)
    run.index("Red team has only one player, so nobody can sit out.")
    assert "before asking the first question" not in run.text.lower()


def test_run_for_the_money_when_level_says_the_teams_are_level() -> None:
    host, events = _start()
    run = play(host, ["run for the money", "no", "<right>"], events)
    run.index("The teams are level, and Run for the Money is played only on the team in the lead.")


def test_second_wind_refusals_tell_leading_from_near_the_winning_zone() -> None:
    host, events = _start(positions=(20, 10))
    edit(host, question=RED_Q)
    run = play(host, ["second wind", "<right>"], events)
    run.index("Red team is in the lead, and Second Wind can't be played by the team in the lead.")
    host, events = _start(positions=(35, 36))
    edit(host, question=RED_Q)
    run = play(host, ["second wind", "<right>"], events)
    run.index("Red team is within 8 spaces of the Winning Zone, so Second Wind can't be played.")


def test_sin_bin_only_before_the_first_question_is_asked() -> None:
    host, events = _start()
    run = play(host, ["no", "sin bin on ana", "<right>"], events)
    asked = run.index("Purple question:")
    run.index("Sin Bin is played before the first question is asked, and it has been asked.",
              asked)
    st = host.engine
    assert st is not None and st.sin_bin is None and st.played == []


def test_no_run_for_the_money_window_against_a_team_in_the_winning_zone() -> None:
    host = new(teams=[("Red", ["Ana"]), ("Blue", ["Cy", "Di"])])
    events = deal(host, front=[kind_index(host, CardKind.POT_LUCK)])
    edit(host, positions=[WINNING_ZONE, 10])
    run = play(host, ["<right>"], events)
    assert "any action card?" not in run.text
    st = host.engine
    assert st is not None and "run_for_the_money" not in st.playable_cards()["1"]
