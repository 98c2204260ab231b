"""The Word Up host through the real Dialogue, Driver, judge and shipped questions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from content.load import load_wordup
from content.schema import Category, Spelling
from engine.core import Event
from engine.wordup_board import COLOURS
from engine.wordup_save import load as from_json
from tests.voice.games.wordup_kit import Table, advance_to, dialogue_for, host_at, host_for, typed
from voice.errors import UsageError
from voice.games.wordup import VARIANTS, load_host, new_host, parse_variant
from voice.games.wordup_questions import question_ask, spelled, wrong_lines
from voice.hosting.driver import Driver
from voice.hosting.host import PlayOptions
from voice.hosting.session import SaveSlot, TurnLog
from voice.speaking.phrases import Phrases

QUESTIONS = load_wordup()
PHRASES = Phrases.load()


def _say(lines: list) -> list[str]:
    return [PHRASES.text(line.key, **dict(line.fields)) for line in lines]


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))


# -- reading questions in each category's style -------------------------------------------


def test_each_category_is_read_in_its_style() -> None:
    mw = QUESTIONS.question(1, Category.MISSING_WORD, 0)
    cw = QUESTIONS.question(1, Category.CROSSWORD, 1)
    mc = QUESTIONS.question(1, Category.MULTIPLE_CHOICE, 0)
    sp = QUESTIONS.question(2, Category.SPELLING, 0)
    assert _say(question_ask(mw, "Ana").say) == ["There are seven days in a ___. 4 letters."]
    assert _say(question_ask(cw, "Ana").say) == [
        "A person who works in a hospital and helps sick people get better. It begins with D."]
    assert _say(question_ask(mc, "Ana").say) == [
        "Complete the sentence: I have lived here ___ 2010. A: for. B: since. Or C: from."]
    assert _say(question_ask(sp, "Ana").say) == [
        "Don't buy things that are unnecessary. Spell: unnecessary."]


def test_the_spelling_target_is_secret_and_other_words_are_spellable() -> None:
    sp = QUESTIONS.question(2, Category.SPELLING, 0)
    ask = question_ask(sp, "Ana")
    assert ask.secret == "unnecessary"
    assert "unnecessary" not in [w.lower() for w in ask.spellable]
    assert "buy" in ask.spellable and "things" in ask.spellable
    mw = question_ask(QUESTIONS.question(1, Category.MISSING_WORD, 0), "Ana")
    assert mw.secret is None and "seven" in mw.spellable


def test_wrong_answers_say_the_right_one_spelled_for_spelling() -> None:
    sp = QUESTIONS.question(2, Category.SPELLING, 0)
    assert _say(wrong_lines(sp)) == ["Not quite. The word unnecessary is spelled:",
                                     "U-N-N-E-C-E-S-S-A-R-Y"]
    mc = QUESTIONS.question(1, Category.MULTIPLE_CHOICE, 0)
    assert _say(wrong_lines(mc)) == ["Not quite. The answer is B: since."]
    cw = QUESTIONS.question(1, Category.CROSSWORD, 2)
    assert _say(wrong_lines(cw)) == [
        "Not quite. The answer is teacher; tutor would also be right."]
    assert spelled("T-shirt") == "T-S-H-I-R-T"


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_whole_games_reach_a_winner(seed: int, tmp_path: Path) -> None:
    host = host_for([("Ana", 2), ("Ben", 4), ("Cy", 5)], seed=seed)
    table = Table(host)
    dialogue, out = dialogue_for(host, table)
    log = TurnLog(tmp_path / "log.jsonl")
    outcome = Driver(host, dialogue, random.Random(seed), log=log).run()
    assert not outcome.quit and len(outcome.winners) == 1
    winner = outcome.winners[0]
    assert min(host.state.tokens[winner]) >= 2
    text = out.getvalue()
    name = host.names[winner]
    assert f"HOST: {name} has 2 tokens of each colour and wins Word Up!" in text
    assert "letters.\n" in text and "It begins with" in text and " Or C: " in text
    assert "Spell: " in text and "HOST: Right!" in text and "Not quite." in text
    turns = log.read()
    assert {t["prompt"] for t in turns} >= {"answer", "choose_category"}


def test_every_prompt_kind_is_asked_by_voice_over_a_few_games(tmp_path: Path) -> None:
    seen: set[str] = set()
    for seed in range(1, 9):
        host = host_for([("Ana", 2), ("Ben", 4), ("Cy", 1)], seed=seed)
        dialogue, _ = dialogue_for(host, Table(host))
        log = TurnLog(tmp_path / f"log{seed}.jsonl")
        Driver(host, dialogue, random.Random(seed), log=log).run()
        seen |= {t["prompt"] for t in log.read()}
    assert seen >= {"answer", "choose_category", "free_or_answer", "lose_tokens",
                    "free_tokens", "exchange", "stop_or_lose"}


def test_a_game_is_the_same_for_the_same_seed_and_replies(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runs = []
    for n in range(2):
        monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / f"run{n}"))  # new players
        host = host_for(seed=11)
        dialogue, out = dialogue_for(host, Table(host))
        Driver(host, dialogue, random.Random(11)).run()
        runs.append((out.getvalue(), host.state.to_json()))
    assert runs[0] == runs[1]


# -- global commands, reprompts, overrules ----------------------------------------------------


def _first_question(lines: list[str], seed: int = 3) -> tuple[object, str]:
    host = host_for(seed=seed)
    dialogue, out = dialogue_for(host, typed(lines))
    Driver(host, dialogue, random.Random(seed)).run()
    return host, out.getvalue()


def test_global_commands_at_an_answer_prompt() -> None:
    host, text = _first_question(["repeat", "what's the score", "whose turn is it", "where am i",
                                  "what are my tokens", "help", "spell brother", "slower",
                                  "pause", "resume", "uncle"])
    question = "HOST: My father's brother is my ___. 5 letters."
    assert text.count(question) == 4  # asked, then re-read by repeat, slower and resume
    assert "HOST: Ana: no tokens; Ben: no tokens." in text
    assert "HOST: It's Ana's turn." in text
    assert "HOST: Ana is on square 8: Missing Word, orange." in text
    assert "HOST: Ana, you have no tokens. You need 2 of each colour to win." in text
    assert "You can say: repeat" in text
    assert "HOST: B-R-O-T-H-E-R" in text
    assert "I'll speak more slowly." in text and "Paused." in text
    assert host.state.tokens[0] == [1, 0, 0, 0]  # type: ignore[attr-defined]


def test_silence_is_not_a_wrong_answer() -> None:
    # No time limit by rule: after the reprompts the host offers to wait, repeat or skip.
    host, text = _first_question(["", "", "", "", "", "", "uncle"])
    assert text.count("I didn't hear anything, Ana") + text.count("Still there, Ana?") == 4
    assert text.count("Say wait and I'll wait, repeat to hear the question again, or skip") == 2
    assert "Not quite" not in text.split("Right!")[0]
    assert host.state.tokens[0] == [1, 0, 0, 0]  # type: ignore[attr-defined]


def test_after_the_silence_offer_wait_repeat_or_skip() -> None:
    question = "HOST: My father's brother is my ___. 5 letters."
    _, text = _first_question(["", "", "", "wait", "", "repeat", "uncle"])
    assert "HOST: All right, Ana, I'll wait. Answer when you're ready." in text
    assert text.count(question) == 2 and "Right!" in text
    host, text = _first_question(["", "", "", "skip"])
    assert "HOST: Not quite. The answer is uncle." in text
    assert host.state.current == 1  # type: ignore[attr-defined]


def test_asking_for_time_is_not_an_answer() -> None:
    host, text = _first_question(["let me think", "uncle"])
    assert "I'll wait" in text and "Right!" in text


def test_a_per_answer_time_limit_is_the_only_way_silence_is_a_miss() -> None:
    host = host_for(seed=3, variant={"answer": "30"})
    dialogue, out = dialogue_for(host, typed(["", "", ""]))  # 12 + 12 + 6 seconds
    Driver(host, dialogue, random.Random(3)).run()
    text = out.getvalue()
    assert "HOST: Time's up, Ana." in text
    assert "HOST: Not quite. The answer is uncle." in text
    assert "Say wait" not in text
    assert host.state.current == 1


def test_unclear_replies_three_times_still_count_as_wrong() -> None:
    # Talk that is not understood is not silence: the sheet's graceful default applies.
    host = host_for(seed=3)
    dialogue, out = dialogue_for(host, typed(["[unk]", "[unk]", "[unk]"]))
    Driver(host, dialogue, random.Random(3)).run()
    assert "HOST: Not quite. The answer is uncle." in out.getvalue()


def test_skip_counts_as_wrong() -> None:
    host, text = _first_question(["skip"])
    assert "The answer is uncle." in text
    assert host.state.tokens[0] == [0, 0, 0, 0]  # type: ignore[attr-defined]


def test_that_was_wrong_takes_back_the_token_and_ends_the_turn() -> None:
    host, text = _first_question(["uncle", "that was wrong"])
    assert "All right, I'll count that as wrong." in text
    assert "The answer is uncle." in text
    assert host.state.tokens[0] == [0, 0, 0, 0]  # type: ignore[attr-defined]
    assert host.state.current == 1  # type: ignore[attr-defined]


def test_that_was_right_gives_the_token_and_another_roll() -> None:
    host, text = _first_question(["aunt", "that was right"])
    assert "Sorry, my mistake. I'll count that as right." in text
    assert host.state.tokens[0] == [1, 0, 0, 0]  # type: ignore[attr-defined]
    assert host.state.current == 0  # type: ignore[attr-defined]
    assert "Ana rolls again" in text


def test_undo_asks_the_same_question_again() -> None:
    host, text = _first_question(["uncle", "undo"])
    assert "Undone. Let's take that question again." in text
    assert text.count("My father's brother is my ___. 5 letters.") == 2
    assert host.state.tokens[0] == [0, 0, 0, 0]  # type: ignore[attr-defined]


def _spelling_host():  # type: ignore[no-untyped-def]
    host = host_at("answer", when=lambda h: h.state.prompt().info["colour"] == "yellow")
    info = host.state.prompt().info
    return host, QUESTIONS.question(info["level"], Category.SPELLING, info["index"])


def test_spelling_the_target_word_is_refused() -> None:
    host, item = _spelling_host()
    dialogue, out = dialogue_for(host, typed([f"spell {item.word}", "c a t"]))
    action = host.decide(host.state.prompt(), dialogue)
    assert "I can't spell that one" in out.getvalue()
    assert action.value == {"correct": False}


def test_a_typed_whole_word_counts_as_its_spelling() -> None:
    host, item = _spelling_host()
    dialogue, _ = dialogue_for(host, typed([item.word.upper()]))
    assert host.decide(host.state.prompt(), dialogue).value == {"correct": True}


# -- choices by voice ------------------------------------------------------------------------


def _decide(host, lines: list[str]):  # type: ignore[no-untyped-def]
    dialogue, out = dialogue_for(host, typed(lines))
    prompt = host.state.prompt()
    action = host.decide(prompt, dialogue)
    events = host.state.apply(action)
    narrated = _say(host.narrate(events))
    return prompt, action, out.getvalue() + "\n".join(narrated)


def _option_square(host) -> bool:  # type: ignore[no-untyped-def]
    return len(host.state.prompt().options) == 2


def test_category_by_colour() -> None:
    host = host_at("choose_category", when=_option_square)
    first, second = host.state.prompt().options
    _, action, text = _decide(host, [f"the {second} one"])
    assert action.value == second and "which category" in text


def test_category_by_name() -> None:
    host = host_at("choose_category", when=_option_square)
    first, _ = host.state.prompt().options
    name = {"orange": "missing word", "green": "crossword", "blue": "multiple choice",
            "yellow": "spelling"}[first]
    _, action, text = _decide(host, [f"{name} please"])
    assert action.value == first


def test_a_category_not_on_offer_is_not_taken() -> None:
    host = host_at("choose_category", when=_option_square)
    first, second = host.state.prompt().options
    other = next(c for c in COLOURS if c not in (first, second))
    _, action, _ = _decide(host, [other, first])
    assert action.value == first


def test_a_choice_not_understood_three_times_becomes_yes_no_questions() -> None:
    host = host_at("choose_category", when=lambda h: len(h.state.prompt().options) == 4)
    options = host.state.prompt().options
    _, action, text = _decide(host, ["purple", "pink", "grey", "no", "yes"])
    assert "shall we do" in text
    assert action.value == options[1]


def test_free_or_answer() -> None:
    host = host_at("free_or_answer")
    _, action, text = _decide(host, ["the free token"])
    assert action.value == "free" and "takes one" in text
    host = host_at("free_or_answer")
    _, action, _ = _decide(host, ["I'll answer"])
    assert action.value == "answer"


def test_two_free_tokens_at_once_or_one_at_a_time() -> None:
    host = host_at("free_tokens")
    _, action, _ = _decide(host, ["blue and green"])
    assert sorted(action.value) == ["blue", "green"]
    host = host_at("free_tokens")
    _, action, text = _decide(host, ["yellow", "yellow", "orange"])
    assert sorted(action.value) == ["orange", "yellow"] and "which other colour" in text


def test_losing_two_tokens_names_them() -> None:
    host = host_at("lose_tokens", when=lambda h: len(h.state.prompt().options) > 1)
    a, b = host.state.prompt().options[-1]
    words = f"two {a}" if a == b else f"{b} and {a}"
    before = sum(host.state.tokens[host.state.current])
    _, action, text = _decide(host, [words])
    assert action.value == [a, b] and "Which two will you give up?" in text
    assert "loses" in text
    assert sum(host.state.tokens[host.state.current - 1 if host.state.current else 2]) \
        == before - 2


def test_exchange_by_name_and_colours() -> None:
    host = host_at("exchange")
    offer = [o for o in host.state.prompt().options if isinstance(o, dict)][-1]
    partner = host.names[offer["with"]]
    _, action, text = _decide(host, [partner, offer["give"], offer["take"]])
    assert action.value == offer
    assert f"gives {partner} one {offer['give']} token and takes one {offer['take']}" in text


def test_exchange_declined() -> None:
    host = host_at("exchange", when=lambda h: len(h.state.prompt().options) > 2)
    _, action, text = _decide(host, ["no thanks"])
    assert action.value == "decline" and "No exchange." in text


def test_stop_or_lose() -> None:
    host = host_at("stop_or_lose")
    _, action, text = _decide(host, ["stop"])
    assert action.value == "stop" and "stops here" in text
    host = host_at("stop_or_lose")
    colour = host.state.prompt().options[1]
    _, action, text = _decide(host, [colour])
    assert action.value == colour and "loses" in text


def test_physical_dice_ask_the_roller_for_the_total() -> None:
    host = host_for(seed=3, variant={"dice": "physical"})
    dialogue, out = dialogue_for(host, typed(["eight", "double four", "seven", "eleven"]))
    Driver(host, dialogue, random.Random(3)).run()
    text = out.getvalue()
    assert "HOST: Ana, roll the dice to see who starts, and tell me the total." in text
    assert "HOST: Ana rolls 8." in text and "HOST: Ben rolls 8." in text
    assert "tie with 8" in text
    assert "roll the dice and tell me the total" in text


# -- timed game ------------------------------------------------------------------------------


def test_timed_game_warns_and_ends_with_the_most_tokens() -> None:
    now = [0.0]

    def tick() -> None:
        now[0] += 20.0

    host = host_for(seed=3, variant={"timed": "6"}, clock=lambda: now[0])
    dialogue, out = dialogue_for(host, Table(host, tick=tick, percent=70))
    outcome = Driver(host, dialogue, random.Random(3)).run()
    text = out.getvalue()
    assert "This is a timed game of 6 minutes" in text
    assert "5 minutes left." in text and "One minute left!" in text
    assert "Time's up!" in text
    totals = [sum(t) for t in host.state.tokens]
    assert outcome.winners == [s for s, t in enumerate(totals) if t == max(totals)]
    assert host.state.outcome().reason == "time_up"


def test_the_timer_survives_save_and_resume() -> None:
    now = [0.0]
    host = host_for(seed=3, variant={"timed": "10"}, clock=lambda: now[0])
    host.chance(host.state.prompt(), random.Random(1))
    now[0] = 250.0
    setup = host.setup_json()
    assert setup["timer"]["used_s"] == 250.0
    later = [1000.0]
    back = load_host(json.loads(json.dumps(setup)), host.state.to_json(), clock=lambda: later[0])
    back.chance(back.state.prompt(), random.Random(1))
    later[0] += 100.0
    assert back.setup_json()["timer"]["used_s"] == 350.0


# -- quit and resume ---------------------------------------------------------------------------


def test_quit_then_resume_continues_exactly(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "reference"))
    reference = host_for(seed=5)
    dialogue, _ = dialogue_for(reference, Table(reference))
    Driver(reference, dialogue, random.Random(5)).run()

    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "split"))  # the same new players
    host = host_for(seed=5)
    slot = SaveSlot(tmp_path / "saves")
    dialogue, out = dialogue_for(host, Table(host, stop_after=6))
    first = Driver(host, dialogue, random.Random(5), slot=slot).run()
    assert first.quit and "Game saved." in out.getvalue()
    saved = slot.read()
    assert saved.state == host.state.to_json()

    from voice.hosting.session import rng_from_json

    resumed = load_host(saved.setup, saved.state)
    assert resumed.state.to_json() == from_json(saved.state).to_json()
    dialogue, out = dialogue_for(resumed, Table(resumed))
    second = Driver(resumed, dialogue, rng_from_json(saved.rng), slot=slot,
                    actions=saved.actions).run()
    assert "Welcome back to Word Up" in out.getvalue()
    assert second.winners == reference.state.winners()
    assert resumed.state.to_json() == reference.state.to_json()
    assert not slot.exists()  # a finished game leaves no save behind


# -- set-up and variants ------------------------------------------------------------------------


def test_variants_parse_and_bad_ones_are_one_line() -> None:
    variant, minutes = parse_variant({"tokens": "1", "timed": "20", "dice": "physical"})
    assert (variant.tokens_to_win, variant.timed, variant.physical_dice, minutes) == \
        (1, True, True, 20)
    for bad in ({"tokens": "4"}, {"timed": "soon"}, {"dice": "loaded"}, {"colour": "red"}):
        with pytest.raises(UsageError) as err:
            parse_variant(bad)
        assert "\n" not in str(err.value) and "allowed" in str(err.value)
    assert set(VARIANTS) == {"tokens", "timed", "dice", "answer"}


def test_answer_time_limit_variant_is_checked() -> None:
    assert host_for(seed=3, variant={"answer": "45"}).answer_s == 45.0
    assert host_for(seed=3).answer_s is None
    for bad in ("0", "4", "601", "soon", "-10"):
        with pytest.raises(UsageError) as err:
            parse_variant({"answer": bad})
        message = str(err.value)
        assert "\n" not in message and "answer=" in message and "5 to 600" in message


def test_one_token_game_says_so() -> None:
    host = host_for(seed=3, variant={"tokens": "1"})
    assert "collect one token of each colour" in _say(host.opening())[0]


def test_teams_are_refused_for_word_up() -> None:
    with pytest.raises(UsageError):
        new_host(PlayOptions("wordup", teams=[("Red", ["Ana"]), ("Blue", ["Ben"])]),
                 random.Random(1))


def test_status_answers() -> None:
    host = host_for(seed=3)
    assert _say(host.status("whose_turn", "Ana")) == [
        "First, everyone rolls the dice: the highest roll starts."]
    advance_to(host, "answer", seed=1)
    seat = host.state.current
    name = host.names[seat]
    assert _say(host.status("whose_turn", "Ana")) == [f"It's {name}'s turn."]
    tokens = _say(host.status("tokens", name))[0]
    assert tokens.startswith(f"{name}, you have ") and "You need 2 of each colour" in tokens
    assert _say(host.status("where_am_i", name))[0].startswith(f"{name} is on square")
    score = _say(host.status("score", name))[0]
    assert score.startswith("Ana: ") and "; Ben: " in score


def test_help_with_words_never_gives_the_answer_away() -> None:
    host, text = _first_question(["how do you say brother", "what does brother mean",
                                  "what does uncle mean", "uncle"])
    assert "HOST: brother. brother." in text
    assert "brother means a boy or man with the same parents as you." in text
    assert "I can only explain words from this question." in text
    assert "uncle means" not in text
    assert host.state.tokens[0] == [1, 0, 0, 0]  # type: ignore[attr-defined]


# -- learners: profiles, level offers, reports --------------------------------------------------


def test_new_and_returning_players_are_greeted_and_results_recorded(tmp_path: Path) -> None:
    host = host_for(seed=3)
    opening = _say(host.opening())
    assert not any("Welcome back" in line for line in opening)
    dialogue, out = dialogue_for(host, typed(["uncle", "banana"]))
    Driver(host, dialogue, random.Random(3)).run()
    assert host.learn is not None
    profile = host.learn.learners.profile("Ana")
    assert [r.correct for r in profile.results][:2] == [True, False]
    again = _say(host_for(seed=3).opening())
    assert "Welcome back, Ana! You're playing at level 2." in again


def test_a_pinned_level_wins_over_the_one_chosen() -> None:
    from voice.learning.profiles import ProfileStore

    store = ProfileStore()
    host_for(seed=3)  # Ana and Ben now have profiles
    profile = store.find("Ana")
    assert profile is not None
    profile.level, profile.pinned = 4, True
    store.save(profile)
    host = host_for(seed=3)
    assert host.state.levels == [4, 4]
    assert "Ana, your teacher has set your level to 4." in _say(host.opening())


def test_a_level_offer_before_the_roll_changes_the_next_questions() -> None:
    from voice.games.wordup_learners import WordUpLearners
    from voice.learning.learners import Learners
    from voice.learning.level_fit import Policy

    host = host_for(seed=3)
    host.learn = WordUpLearners(host.names, Learners(policy=Policy(window=2, quiet_turns=0)))
    host.learn.join(list(host.state.levels))
    # Ana answers three right, Ben takes a free token; then, before Ana rolls, the offer.
    dialogue, out = dialogue_for(host, typed(["uncle", "aunt", "wallet", "free", "yes"]))
    Driver(host, dialogue, random.Random(3)).run()
    text = out.getvalue()
    assert "HOST: Ana, you're getting most of these right. Shall I make your questions harder?" \
        in text
    assert "your questions are now at level 3" in text
    assert host.state.levels[0] == 3
    setup = host.setup_json()
    back = load_host(json.loads(json.dumps(setup)), host.state.to_json())
    assert back.learn is not None and back.learn.offered_turn == host.learn.offered_turn


def test_reports_are_written_when_the_game_ends(tmp_path: Path) -> None:
    host = host_for(seed=2, variant={"tokens": "1"})
    dialogue, out = dialogue_for(host, Table(host, percent=90))
    Driver(host, dialogue, random.Random(2)).run()
    assert "Progress reports are ready for Ana, Ben." in out.getvalue()
    assert host.learn is not None and len(host.learn.reports) == 2
    assert all(p.exists() and p.read_text().startswith("<!") for p in host.learn.reports)


def test_an_overruled_verdict_counts_once_in_the_profile() -> None:
    from voice.learning.profiles import ProfileStore

    host, _ = _first_question(["uncle", "that was wrong"])
    profile = ProfileStore().load("Ana")
    results = [r for r in profile.results if r.item_id == "wu2-mw-001"] if profile else []
    assert profile is not None
    assert [r.correct for r in profile.results] == [False]
    assert [m.word for m in profile.missed] == ["uncle"]
    assert results and host.learn.learners._get("Ana").fit.recent == [False]  # type: ignore[attr-defined]


# -- narration as the sheet's reader would say it ------------------------------------------


def test_lose_two_with_no_tokens_says_there_is_nothing_to_lose() -> None:
    host = host_for(seed=3)
    said = _say(host.narrate([Event("tokens_lost", {"seat": 0, "colours": []})]))
    assert said == ["Ana has no tokens to lose."]


def test_free_two_says_the_holdings_once_after_both_tokens() -> None:
    host = host_at("free_tokens")
    _, action, text = _decide(host, ["blue and green"])
    name = host.names[host.state.current]
    assert text.count(f"{name} now has") == 1
    assert text.index(f"{name} takes one green token.") < text.index(f"{name} now has")
    assert text.index(f"{name} takes one blue token.") < text.index(f"{name} now has")


@pytest.mark.parametrize(("totals", "said"), [
    ([1, 1], "Time's up! Ana and Ben share the win with one token each."),
    ([3, 3], "Time's up! Ana and Ben share the win with 3 tokens each."),
    ([0, 0], "Time's up! Nobody has a token, so Ana and Ben share the win."),
])
def test_a_joint_win_counts_its_tokens_in_words(totals: list[int], said: str) -> None:
    host = host_for(seed=3)
    event = Event("game_over", {"winners": [0, 1], "reason": "time_up", "totals": totals})
    assert _say(host.narrate([event])) == [said]
    one = Event("game_over", {"winners": [0], "reason": "time_up", "totals": [1, 0]})
    assert _say(host.narrate([one])) == ["Time's up! Ana wins with one token."]


def test_an_option_square_reminds_the_player_of_its_two_colours() -> None:
    host = host_at("choose_category", when=_option_square)
    first, second = host.state.prompt().options
    other = next(c for c in COLOURS if c not in (first, second))
    _, action, text = _decide(host, [other, first])
    assert action.value == first
    assert "this Option square has only two colours: choose" in text
    assert "didn't catch" not in text


def test_exchange_says_which_tokens_would_move_before_asking() -> None:
    host = host_at("exchange", when=lambda h: len({o["with"] for o in h.state.prompt().options
                                                   if isinstance(o, dict)}) == 1)
    offers = [o for o in host.state.prompt().options if isinstance(o, dict)]
    partner = host.names[offers[0]["with"]]
    _, action, text = _decide(host, ["yes", offers[0]["give"], offers[0]["take"]])
    ask = text.split("?")[0]
    if len(offers) == 1:
        assert (f"you can give {partner} one {offers[0]['give']} token and take one "
                f"{offers[0]['take']} token in return") in ask
    else:
        assert f"will you exchange a token with {partner}? You would give one of your" in text
    assert action.value == offers[0] or action.value in offers


def test_a_wrong_spelling_spells_the_other_spelling_too() -> None:
    item = next(i for items in QUESTIONS.streams.values() for i in items
                if isinstance(i, Spelling) and len(i.answers) > 1)
    lines = _say(wrong_lines(item))
    other = next(a for a in item.answers if a != item.word)
    assert lines[-2] == "Another spelling is right too:"
    assert lines[-1] == "-".join(ch for ch in other.upper() if ch.isalpha())
    assert f"{other} is also right" not in " ".join(lines)


def test_a_one_minute_game_says_one_minute() -> None:
    host = host_for(seed=3, variant={"timed": "1"}, clock=lambda: 0.0)
    said = _say(host.opening())
    assert "This is a timed game of one minute" in " ".join(said)
    assert "One minute of play left." in _say(host.status("score", "Ana"))
