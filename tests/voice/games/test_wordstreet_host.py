"""Word on the Street host: the turn on the street, the brainstorm, the word and its spelling."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from wordstreet_host_kit import BLUE, READY, RED, FedClock, board, category, new, play

from engine.wordstreet_board import INDEX
from voice.games.wordstreet import WordStreetHost
from voice.hosting.dialogue import Dialogue
from voice.hosting.driver import Driver
from voice.hosting.session import SaveSlot
from voice.hosting.text_adapter import SilentMouth, TextEars, Transcript
from voice.speaking.phrases import Phrases


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    return tmp_path


def pos(run_or_host: object, letter: str) -> int:
    host = getattr(run_or_host, "host", run_or_host)
    return int(host.engine.tiles[INDEX[letter]])  # type: ignore[attr-defined]


def test_a_turn_names_the_team_reads_the_category_and_moves_each_tile_as_it_is_spelled() -> None:
    host = new()
    run = play(host, [*READY, "purple", "p u r p l e", "no"])
    opening = run.index("Welcome to Word on the Street Junior")
    run.index("Red team: Ana and Ben.", opening)
    on = run.index("Red team, you're on the street!", opening)
    cat = run.said()[on + 1]
    sides = {host.deck.side(i, "blue").category for i in range(len(host.deck))}
    assert cat.startswith("Your category: ") and cat[len("Your category: "):-1] in sides
    go = run.index("You have 30 seconds to agree on one word", on)
    ask = run.index("Red team, what's your word?", go)
    spell = run.index("Purple. Now spell it, letter by letter.", ask)
    lines = run.said()[spell + 1: spell + 7]
    assert lines == ["P moves towards Red.", "U moves towards Red.", "R moves towards Red.",
                     "P moves towards Red.", "L moves towards Red.", "E moves towards Red."]
    run.index("Red team spelled P-U-R-P-L-E.", spell)
    run.index("Blue team, do you want to challenge P-U-R-P-L-E?", spell)
    run.index("No challenge.", spell)
    assert pos(run, "P") == 2 and pos(run, "U") == 1 and pos(run, "Z") == 0
    assert host.engine.team == BLUE
    assert run.index("Blue team, you're on the street!") > spell
    assert run.outcome.quit


def test_brainstorm_ended_by_were_ready_listens_only_for_ready_and_never_judges_talk() -> None:
    host = new()
    talk = ["what about cat", "no, dog is better", "purple", "pass", "is it a colour"]
    run = play(host, [*talk, "okay we're ready now", "dog"])
    go = run.index("You have 30 seconds")
    ready = run.index("Great, Red team is ready.", go)
    assert ready == go + 1, "table talk got an answer: " + repr(run.said()[go:ready])
    assert run.count("10 seconds left!") == 0 and run.count("Time's up!") == 0
    brainstorm = [h for h in run.ears.heard if h[0] == "command"]
    assert len(brainstorm) == len(talk) + 1
    assert "we're ready" in brainstorm[0][1]
    for said in talk:
        assert f"  RED TEAM: {said}" in run.text, "the talk is shown in the transcript"
    run.index("Red team, what's your word?", ready)
    assert host.engine.brainstorm is None or host.engine.brainstorm == "word_chosen"


def test_brainstorm_by_the_clock_warns_at_ten_seconds_and_calls_time() -> None:
    clock = FedClock()
    host = new(clock=clock)
    run = play(host, ["@5 what about cat", "@19 or cow", "@21 hmm horse", "@31 too late",
                      "cat", "c a t", "no"])
    go = run.index("You have 30 seconds")
    warn = run.index("10 seconds left!", go)
    up = run.index("Time's up!", warn)
    assert up == warn + 1, "nothing is said between the warning and time's up"
    assert warn == go + 1, "no warning before 20 seconds"
    transcript = run.text
    assert transcript.index("or cow") < transcript.index("hmm horse") \
        < transcript.index("10 seconds left!") < transcript.index("too late") \
        < transcript.index("Time's up!"), "a warning waits for the talk to end"
    run.index("Red team, what's your word? If you haven't got one, say pass.", up)
    waits = [h[2] for h in run.ears.heard if h[0] == "command"]
    assert waits[:4] == [pytest.approx(20.0), pytest.approx(15.0), pytest.approx(1.0),
                         pytest.approx(9.0)], "each listen lasts until the next mark"
    assert pos(run, "C") == 1


def test_a_noise_in_the_brainstorm_does_not_count_as_silence_until_the_warning() -> None:
    host = new()
    run = play(host, ["<noise>", "@12 <noise>", "@15 we're ready", "cat", "c a t", "no"])
    run.index("Great, Red team is ready.")
    assert run.count("10 seconds left!") == 0


def test_brainstorm_timed_by_the_ears_timeouts_alone() -> None:
    host = new(variant={"timer": "45"})
    run = play(host, ["", "", "pass"])
    go = run.index("You have 45 seconds")
    assert run.said()[go + 1: go + 3] == ["10 seconds left!", "Time's up!"]
    waits = [h[2] for h in run.ears.heard if h[0] == "command"]
    assert waits[:2] == [pytest.approx(35.0), pytest.approx(10.0)]
    run.index("No word this time, Red team: no tiles move.")
    assert host.engine.team == BLUE and host.engine.turns == [1, 0]
    assert all(t == 0 for t in host.engine.tiles)


def test_pass_is_refused_after_the_team_said_it_was_ready() -> None:
    host = new()
    run = play(host, [*READY, "pass", "cat", "c a t", "no"])
    run.index("You said you had a word, Red team. What is it?")
    run.index("Cat. Now spell it")
    assert pos(run, "C") == 1 and host.engine.team == BLUE


def test_a_word_said_in_the_brainstorm_is_confirmed_then_spelled() -> None:
    host = new()
    run = play(host, ["our word is tiger", "yes", "t i g e r", "no"])
    run.index("Great, Red team is ready.")
    run.index("Your word is tiger. Is that right?")
    run.index("Tiger. Now spell it")
    assert pos(run, "T") == 1 and pos(run, "R") == 1


def test_a_word_said_in_the_brainstorm_may_be_refused_or_denied() -> None:
    host = new()
    bad = sorted(host.deck.blocklist)[0]
    run = play(host, [f"our word is {bad}", "cat", "c a t", "no",
                      "our word is tiger", "no", "lion", "l i o n", "no"])
    refused = run.index("that word isn't allowed in this game")
    assert run.said()[refused - 1] == "Great, Red team is ready."
    assert not any(bad in line.lower().split() for line in run.said())
    denied = run.index("Your word is tiger. Is that right?", refused)
    run.index("Blue team, what's your word?", denied)
    run.index("Blue team spelled L-I-O-N.", denied)


def test_a_blocklisted_word_is_refused_without_being_said_aloud() -> None:
    host = new()
    bad = sorted(host.deck.blocklist)[0]
    run = play(host, [*READY, bad, "cat", "c a t", "no"])
    refused = run.index("that word isn't allowed in this game")
    assert not any(bad in line.lower().split() for line in run.said()), "the host said it"
    assert not any(bad.upper() in line for line in run.said())
    run.index("Red team, what's your word?", refused)
    run.index("Cat. Now spell it", refused)
    assert all(pos(run, ch) == 0 for ch in bad.upper() if ch not in "CAT")


def test_engine_refusals_are_said_in_one_sentence_and_a_joined_compound_is_offered() -> None:
    host = new()
    run = play(host, [*READY, "sand dollar", "r2d2", "I'm", "sand box", "yes",
                      "s a n d b o x", "no"])
    two = run.index("That is more than one word: sand dollar. Please choose one word.")
    digit = run.index("2 is a number, and numbers have no tiles.", two)
    assert len(run.said()[digit].split(". ")) == 2, "one sentence, then the request"
    run.index("An apostrophe has no tile. Please choose a word of letters only.", digit)
    run.index("Do you mean sandbox, as one word?", digit)
    run.index("Sandbox. Now spell it")
    assert pos(run, "S") == 1 and pos(run, "X") == 1


def test_a_word_the_lexicon_does_not_know_is_confirmed() -> None:
    host = new()
    run = play(host, [*READY, "blorptastic", "no", "bus", "b u s", "no"])
    run.index("Did you say blorptastic?") if run.count("Did you say") else \
        run.index("Your word is blorptastic. Is that right?")
    run.index("Bus. Now spell it")
    assert pos(run, "B") == 1 and pos(run, "L") == 0


def test_spelling_in_parts_with_undo_puts_the_tile_back() -> None:
    host = new()
    run = play(host, [*READY, "tree", "t r e", "undo", "e e", "no"])
    on = run.index("Go on spelling: T-R-E so far.")
    back = run.index("E is taken back.", on)
    run.index("Go on spelling: T-R so far.", back)
    run.index("Red team spelled T-R-E-E.", back)
    assert pos(run, "E") == 2 and pos(run, "T") == 1 and pos(run, "R") == 1


def test_undo_at_a_mismatch_question_moves_nothing() -> None:
    host = new()
    run = play(host, [*READY, "tree", "t r a", "undo", "t r e e", "no"])
    run.index("That spells T-R-A, but your word was tree.")
    run.index("All right, please spell it again.")
    run.index("Red team spelled T-R-E-E.")
    assert pos(run, "A") == 0 and pos(run, "E") == 2


def test_done_before_the_end_of_the_word_is_checked() -> None:
    host = new()
    run = play(host, [*READY, "purple", "p u r done", "no", "p l e", "no"])
    run.index("Is P-U-R the whole word?")
    run.index("Go on spelling: P-U-R so far.")
    run.index("Red team spelled P-U-R-P-L-E.")
    host2 = new()
    run2 = play(host2, [*READY, "purple", "p u r done", "yes", "no"])
    run2.index("Red team spelled P-U-R.")
    assert host2.engine.team == 1


def test_undo_before_any_letter_has_nothing_to_take_back() -> None:
    host = new()
    run = play(host, [*READY, "cat", "undo", "c a t", "no"])
    run.index("No letters yet, so there's nothing to take back.")
    assert pos(run, "C") == 1


def test_a_spelling_that_differs_from_the_word_is_confirmed_before_tiles_move() -> None:
    host = new()
    run = play(host, [*READY, "cat", "k a t", "no", "c a t", "no"])
    ask = run.index("That spells K-A-T, but your word was cat. Shall I move the tiles for K-A-T?")
    run.index("All right, please spell it again.", ask)
    assert pos(run, "K") == 0 and pos(run, "C") == 1
    host2 = new()
    run2 = play(host2, [*READY, "cat", "k a t", "yes", "no"])
    run2.index("Red team spelled K-A-T.")
    assert pos(run2, "K") == 1


@pytest.mark.parametrize(("typed", "line"), [
    ("c 4 t", "4 is a number, and numbers have no tiles. Please spell with letters only."),
    ("c a t &", "An ampersand has no tile. Please spell with letters only."),
])
def test_a_character_with_no_tile_is_refused_and_nothing_moves(typed: str, line: str) -> None:
    """Issue 26's bad input: a spelling with a character the street has no tile for says so
    in one line, moves nothing, and the turn goes on (a digit was dropped silently)."""
    host = new()
    run = play(host, [*READY, "cat", typed, "c a t", "no"])
    said = run.index(line)
    run.index("All right, please spell it again.", said)
    run.index("Red team spelled C-A-T.", said)
    assert pos(run, "C") == 1 and pos(run, "A") == 1 and pos(run, "T") == 1


def test_spelled_again_from_the_start_moves_only_the_letters_not_yet_spelled() -> None:
    host = new()
    run = play(host, [*READY, "purple", "p u r", "p u r p l e", "no"])
    run.index("Red team spelled P-U-R-P-L-E.")
    assert pos(run, "P") == 2 and pos(run, "U") == 1 and pos(run, "R") == 1


def test_captures_are_announced_and_captured_tiles_do_not_move() -> None:
    """The sheet's example: Team B spells PURPLE; R is captured, L was Team A's."""
    host = new(variant={"first": "Blue"})
    board(host, R=-2, L=3, Y=3, F=-3, M=-3)
    run = play(host, [*READY, "purple", "p u r p l e", "no"])
    spell = run.index("Purple. Now spell it")
    assert run.said()[spell + 1: spell + 7] == [
        "P moves towards Blue.", "U moves towards Blue.", "R is captured by Blue!",
        "P moves towards Blue.", "L is already captured by Red, so it stays.",
        "E moves towards Blue."]
    assert pos(run, "R") == -3 and pos(run, "L") == 3 and pos(run, "P") == -2
    assert host.engine.captured() == [2, 3]


def test_hyphenated_words_keep_their_hyphen() -> None:
    host = new()
    run = play(host, [*READY, "ice-cream", "i c e c r e a m", "no"])
    run.index("Red team spelled I-C-E, hyphen, C-R-E-A-M.")
    assert run.count("Hyphen: no tile moves.") == 1
    assert pos(run, "C") == 2 and pos(run, "E") == 2


def test_unclear_word_three_times_falls_back_to_spelling_it() -> None:
    host = new()
    run = play(host, [*READY, "", "", "", "d o g", "yes", "no"])
    assert run.count("I didn't hear anything, Red team") + run.count("Still there, Red team") == 2
    run.index("Let's do it another way: spell your word for me, letter by letter.")
    run.index("Is D-O-G the whole word?")
    run.index("Red team spelled D-O-G.")
    assert pos(run, "D") == 1 and host.engine.team == BLUE


def test_a_word_heard_as_several_words_twice_is_spelled_instead() -> None:
    host = new()
    run = play(host, [*READY, "while the beat", "while the beat", "w a l l a b y", "yes",
                      "no"])
    assert run.count("That is more than one word: while the beat.") == 2
    instead = run.index("Let's do it another way: spell your word for me, letter by letter.")
    run.index("Is W-A-L-L-A-B-Y the whole word?", instead)
    run.index("Red team spelled W-A-L-L-A-B-Y.", instead)
    assert pos(run, "W") == 1


def test_a_word_heard_as_several_words_once_is_asked_for_again() -> None:
    host = new()
    run = play(host, [*READY, "sand dollar", "cat", "c a t", "no"])
    assert run.count("That is more than one word") == 1
    assert not run.count("Let's do it another way")
    run.index("Cat. Now spell it")


def test_letters_unclear_three_times_offer_to_move_the_tiles_for_the_word() -> None:
    host = new()
    run = play(host, [*READY, "cat", "c", "", "hmm...", "blah blah", "yes", "no"])
    offer = run.index("I didn't catch the letters. Shall I move the tiles for C-A-T?")
    run.index("A moves towards Red.", offer)
    run.index("Red team spelled C-A-T.", offer)
    assert pos(run, "C") == 1 and pos(run, "T") == 1
    host2 = new()
    run2 = play(host2, [*READY, "cat", "", "hmm...", "blah blah", "no", "c a t", "no"])
    again = run2.index("All right, please spell it again.",
                       run2.index("Shall I move the tiles for C-A-T?"))
    run2.index("Red team spelled C-A-T.", again)


def test_the_team_may_ask_for_its_word_to_be_spelled() -> None:
    host = new()
    run = play(host, [*READY, "giraffe", "spell that word", "g i r a f f e", "no"])
    run.index("Here is how to spell giraffe:")
    assert "G-I-R-A-F-F-E" in run.text
    assert pos(run, "F") == 2


def test_status_at_any_prompt_score_whose_turn_where_and_tokens() -> None:
    host = new()
    board(host, A=3, B=3, C=2, X=-3, Y=-2, Z=-2)
    run = play(host, [*READY, "what's the score", "whose turn is it", "where am i",
                      "what are our tiles", "dog", "d o g", "no"])
    run.index("Red team has 2 tiles: A and B.")
    run.index("Blue team has 1 tile: X.")
    run.index("Red team is on the street.")
    run.index("One pull from capture for Red team: C.")
    run.index("One pull from capture for Blue team: Y and Z.")
    run.index("Red team's captured tiles: A and B.")
    run.index("Blue team's captured tiles: X.")
    assert host.engine.team == BLUE


def test_global_commands_repeat_help_slower_at_the_word_prompt() -> None:
    host = new()
    run = play(host, [*READY, "repeat", "help", "slower", "dog", "d o g", "no"])
    ask = run.index("Red team, what's your word?")
    assert run.count("Red team, what's your word?") >= 3, "repeat and slower say it again"
    run.index("You can say:", ask)
    run.index("I'll speak more slowly.", ask)
    assert run.dialogue.settings.rate == "slow"
    assert pos(run, "D") == 1


def test_category_of_the_card_in_play_is_read(tmp_path: Path) -> None:
    host = new(variant={"side": "orange"})
    run = play(host, [])
    assert run.outcome.quit
    assert f"Your category: {category(host)}." in run.said()
    assert host.engine.phase == "brainstorm"
    del tmp_path
    assert RED == 0


# -- the sand timer runs in text mode too ------------------------------------------------


class TypedAt:
    """Typing that takes time: each line arrives at its clock time (seconds). A wait
    that ends before the next line moves the clock by the wait, never sleeps."""

    def __init__(self, clock: FedClock, lines: list[tuple[float, str]]) -> None:
        self.clock = clock
        self.lines = list(lines)

    def get(self, timeout_s: float) -> str | None:
        if not self.lines:
            raise EOFError
        at, text = self.lines[0]
        if at > self.clock.now + timeout_s:
            self.clock.now += timeout_s
            return None
        self.clock.now = max(self.clock.now, at)
        self.lines.pop(0)
        return text


def typed_run(host: WordStreetHost, lines: list[tuple[float, str]]) -> str:
    clock = host.clock
    assert isinstance(clock, FedClock)
    out = io.StringIO()
    ears = TextEars(clock=clock, source=TypedAt(clock, lines))
    dialogue = Dialogue(SilentMouth(), ears, Phrases.load(), host, transcript=Transcript(out),
                        clock=clock)
    Driver(host, dialogue, random.Random(11), slot=SaveSlot()).run()
    return out.getvalue()


def test_the_timer_runs_in_text_mode_without_enter_being_pressed() -> None:
    # A "ready" typed 66 s into a 30 s brainstorm is too late: time ran out at 30 s.
    host = new(clock=FedClock())
    text = typed_run(host, [(66.0, "ready"), (70.0, "cat")])
    assert text.index("HOST: 10 seconds left!") < text.index("HOST: Time's up!")
    assert text.index("HOST: Time's up!") < text.index("RED TEAM: ready")
    assert "is ready" not in text
    assert "what's your word? If you haven't got one, say pass." in text


def test_a_late_ready_is_not_taken() -> None:
    host = new(clock=FedClock())
    ears_text = typed_run(host, [(0.0, ""), (45.0, "we're ready")])
    assert "Great, Red team is ready." not in ears_text
    assert "HOST: Time's up!" in ears_text


def test_whats_the_score_works_during_the_brainstorm() -> None:
    host = new(clock=FedClock())
    text = typed_run(host, [(5.0, "what's the score"), (8.0, "whose turn is it"),
                            (12.0, "we're ready")])
    score = text.index("RED TEAM: what's the score")
    assert "Tiles: Red team 0, Blue team 0." in text[score:] or "has no tiles yet" in text[score:]
    assert text.index("HOST: Great, Red team is ready.") > score
    assert "That doesn't work right now" not in text


def test_repeat_and_help_in_the_brainstorm_read_the_category_again() -> None:
    """A team that forgot the category says "repeat"; one that does not know what to do
    says "help": the host answers, and the sand keeps running."""
    host = new(clock=FedClock())
    text = typed_run(host, [(3.0, "repeat"), (5.0, "help"), (8.0, "we're ready")])
    category = text[text.index("HOST: Your category:"):].split("\n")[0]
    after_repeat = text[text.index("RED TEAM: repeat"):]
    assert after_repeat.index(category) < after_repeat.index("RED TEAM: help")
    after_help = text[text.index("RED TEAM: help"):]
    assert category in after_help
    assert "Agree on one word that fits the category" in after_help
    assert after_help.index("Agree on one word") < after_help.index("Great, Red team is ready.")


def test_quit_in_the_brainstorm_is_confirmed_and_the_sand_keeps_running() -> None:
    host = new(clock=FedClock())
    text = typed_run(host, [(3.0, "bye"), (4.0, "no"), (6.0, "we're ready"), (7.0, "cat"),
                            (8.0, "c a t"), (9.0, "no")])
    assert "Do you want to stop the game?" in text
    assert text.index("let's carry on") < text.index("Great, Red team is ready.")
    assert "Red team spelled C-A-T." in text
