"""Word Up renders ahead the questions a player may be asked next (Ask.ahead).

Which question comes next depends on the dice, so the four a player may be
asked (one per colour, at each of their level's streams' next index) are named
at the roll prompt and, after the wrong-answer lines, at the answer prompt: the
next player's (the turn passes on after a wrong answer), then the answerer's own
(a right answer rolls again). Each test compares with the question the game
then asks.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

from content.load import ContentError, load_wordup
from engine.wordup_board import CATEGORIES, COLOURS
from tests.voice.games.wordup_kit import host_for, typed
from voice.games.wordup import CATEGORY_OF
from voice.games.wordup_questions import question_ask, verdict_lines, wrong_lines
from voice.hosting.dialogue import Dialogue
from voice.hosting.driver import Driver
from voice.hosting.exchange import Ask, Line
from voice.hosting.text_adapter import SilentMouth, Transcript
from voice.speaking.phrases import Phrases

QUESTIONS = load_wordup()


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))


class AskLog(Dialogue):
    """The real dialogue, noting each Ask's lines and lines ahead as it is asked."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.asked: list[tuple[list[Line], tuple[Line, ...]]] = []

    def ask(self, ask: Ask) -> Any:
        self.asked.append((list(ask.say), ask.ahead))
        return super().ask(ask)


def _play(players: list[tuple[str, int]], script: list[str], seed: int = 3,
          variant: dict[str, str] | None = None) -> AskLog:
    host = host_for(players, seed=seed, variant=variant)
    dialogue = AskLog(SilentMouth(), typed(script), Phrases.load(), host,
                      transcript=Transcript(io.StringIO()))
    Driver(host, dialogue, random.Random(seed)).run()
    return dialogue


def _four(name: str, level: int, indexes: dict[str, int]) -> list[Line]:
    """The four questions as the game reads them: head line, then the question."""
    out: list[Line] = []
    for colour in COLOURS:
        item = QUESTIONS.question(level, CATEGORY_OF[colour], indexes.get(colour, 0))
        out += [Line("wordup.question_for", {"name": name, "category": CATEGORIES[colour]}),
                *question_ask(item, name).say]
    return out


def _asked(log: AskLog, key: str) -> list[tuple[list[Line], tuple[Line, ...]]]:
    return [(say, ahead) for say, ahead in log.asked if say[0].key == key]


def test_the_roll_prompt_renders_the_rollers_four_next_questions() -> None:
    # Physical dice: Ana (level 2) starts, rolls 8 (orange), is right, rolls 8 again.
    log = _play([("Ana", 2), ("Ben", 4)], ["ten", "eight", "eight", "uncle", "eight"],
                variant={"dice": "physical"})
    rolls = _asked(log, "wordup.roll_physical")
    assert len(rolls) == 2
    assert list(rolls[0][1]) == _four("Ana", 2, {})
    # orange's stream has moved on one: her next orange question is the second
    assert list(rolls[1][1]) == _four("Ana", 2, {"orange": 1})
    questions = [say for say, _ in log.asked if say[0].key == "wordup.question_for"]
    assert [q[1].fields["sentence"] for q in questions] == [
        "My father's brother is my ___.", "My mother's sister is my ___."]
    for (_, ahead), asked in zip(rolls, questions, strict=True):
        assert asked == list(ahead[:2])  # the orange question, exactly as it was read


def test_the_roll_off_renders_no_questions() -> None:
    log = _play([("Ana", 2), ("Ben", 4)], ["ten"], variant={"dice": "physical"})
    assert [ahead for _, ahead in _asked(log, "wordup.roll_physical_first")] == [(), ()]


def _questions(log: AskLog) -> list[tuple[list[Line], tuple[Line, ...]]]:
    return _asked(log, "wordup.question_for")


def test_an_answer_renders_the_verdict_lines_then_the_next_players_four() -> None:
    # One level: Ben draws from the streams Ana's question came from (orange moved on).
    log = _play([("Ana", 2), ("Ben", 2)], ["xylophone"])
    (ana_say, ana_ahead), (ben_say, _) = _questions(log)
    item = QUESTIONS.question(2, CATEGORY_OF["orange"], 0)
    assert ana_say == [Line("wordup.question_for", {"name": "Ana", "category": "Missing Word"}),
                       *question_ask(item, "Ana").say]
    wrong = verdict_lines(item)
    # the answer read out when wrong, and the answer asked about ("Did you say uncle?")
    assert wrong == [*wrong_lines(item), Line("common.did_you_say", {"said": "uncle"})]
    assert list(ana_ahead) == [*wrong, *_four("Ben", 2, {"orange": 1}),
                               *_four("Ana", 2, {"orange": 1})]
    # Ben rolls 8 (orange) and is asked the second orange question, as rendered ahead
    assert ben_say == list(ana_ahead[len(wrong):][:2])


def test_the_next_player_at_another_level_gets_their_own_streams() -> None:
    log = _play([("Ana", 2), ("Ben", 4)], ["xylophone"])
    (_, ana_ahead), (ben_say, _) = _questions(log)
    wrong = verdict_lines(QUESTIONS.question(2, CATEGORY_OF["orange"], 0))
    assert list(ana_ahead) == [*wrong, *_four("Ben", 4, {}), *_four("Ana", 2, {"orange": 1})]
    assert ben_say[0].fields["name"] == "Ben"
    assert ben_say == list(ana_ahead[len(wrong):][:2])


def test_a_right_answer_rolls_again_into_a_question_rendered_ahead() -> None:
    log = _play([("Ana", 2), ("Ben", 4)], ["uncle"])
    (_, first_ahead), (again, _) = _questions(log)
    wrong = verdict_lines(QUESTIONS.question(2, CATEGORY_OF["orange"], 0))
    own = first_ahead[len(wrong) + len(_four("Ben", 4, {})):]
    assert list(own) == _four("Ana", 2, {"orange": 1})
    # Ana rolls 8 again (orange): the second orange question of her level
    assert again[1].fields["sentence"] == "My mother's sister is my ___."
    assert again == list(own[:2])


def test_a_question_that_cannot_be_found_is_left_out() -> None:
    host = host_for([("Ana", 2), ("Ben", 4)])
    found = host.questions

    class NoSpelling:
        def question(self, level: int, category: Any, index: int) -> Any:
            if category == CATEGORY_OF["yellow"]:
                raise ContentError([], "no Word Up questions for level 2, spelling")
            return found.question(level, category, index)

    host.questions = NoSpelling()  # type: ignore[assignment]
    assert list(host._likely_questions(0)) == _four("Ana", 2, {})[:6]
