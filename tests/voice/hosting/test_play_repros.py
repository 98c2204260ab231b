"""Issue 15's repros, played as a table would: `tabletop play` in text mode with typed lines.

Each test is one repro of "Play by the sheets", named after the rule it checks. The
seeds fix the dice; the questions they land on are read from the shipped packs, so a
reworded question does not break a repro.
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from content.load import load_wordup
from content.schema import Category, Spelling
from voice.cli import main
from voice.understanding.letters import SOUNDALIKE_SETS
from voice.understanding.spell_request import spellable

QUESTIONS = load_wordup()


def spelling(level: int) -> Spelling:
    """The first Spelling question of a level: where seed 5 (level 2) and seed 10 (level 3)
    first land."""
    item = QUESTIONS.question(level, Category.SPELLING, 0)
    assert isinstance(item, Spelling)
    return item


def near_miss(word: str) -> str:
    """``word`` with one letter swapped for a sound-alike (neighbour -> neighpour)."""
    for k, ch in enumerate(word):
        for group in SOUNDALIKE_SETS:
            if ch in group:
                other = sorted(set(group) - {ch})[0]
                return word[:k] + other + word[k + 1:]
    raise AssertionError(f"no sound-alike letter in {word!r}")


def spelled(word: str) -> str:
    return "-".join(ch for ch in word.upper() if ch.isalpha())


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def play(argv: list[str], lines: list[str], monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(["play", *argv, "--asr", "text", "--no-speech"])
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out


def wordup(seed: int, players: str, *extra: str) -> list[str]:
    return ["wordup", "--players", players, "--seed", str(seed), *extra]


def test_declining_quit_asks_the_pending_question_again(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    item = spelling(2)
    out = play(wordup(5, "Ana:2,Ben:4"), ["quit", "no", item.word], monkeypatch, capsys)
    assert out.count("Do you want to stop the game?") == 1
    question = f"HOST: {item.sentence} Spell: {item.word}."
    assert out.count(question) == 2
    assert out.index("let's carry on") < out.rindex(question)
    assert "Ana takes one yellow token." in out


def test_silence_is_not_a_wrong_answer(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = play(wordup(5, "Ana:2,Ben:4"), ["", "", "", spelling(2).word], monkeypatch, capsys)
    assert "Say wait and I'll wait, repeat to hear the question again, or skip" in out
    assert "Not quite" not in out and "Ana takes one yellow token." in out


def test_a_per_answer_time_limit_turns_silence_into_a_miss(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = play([*wordup(5, "Ana:2,Ben:4"), "--variant", "answer=20"], ["", ""],
               monkeypatch, capsys)
    assert "HOST: Time's up, Ana." in out
    assert f"Not quite. The word {spelling(2).word} is spelled:" in out


def test_a_bad_answer_time_limit_is_a_one_line_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    for game in (wordup(5, "Ana:2,Ben:4"),
                 ["sportleisure", "--teams", "Red:Ana,Ben;Blue:Cy,Di", "--seed", "5"]):
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))
        code = main(["play", *game, "--variant", "answer=soon", "--asr", "text", "--no-speech"])
        err = capsys.readouterr().err
        assert code != 0 and err.count("\n") == 1
        assert "answer='soon'" in err and "5 to 600" in err


def test_declining_quit_at_a_steal_keeps_the_steal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sportleisure", "--teams", "Red:Ana,Ben;Blue:Cy,Di", "--variant", "first=Red",
            "--seed", "5"]
    out = play(argv, ["xylophone", "quit", "no", "skip"], monkeypatch, capsys)
    steal = "HOST: Blue team, same question for a bonus move."
    assert out.count(steal) == 2 and out.count("Do you want to stop the game?") == 1
    assert out.index("let's carry on") < out.rindex(steal)
    # The "no" answered the quit question, not the steal: the steal waited for "skip".
    assert "BLUE TEAM: skip" in out and "HOST: The answer was:" in out
    assert out.index("BLUE TEAM: skip") < out.index("HOST: The answer was:")


def test_ask_the_player_on_your_left_reads_from_the_answerers_level(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["12", "2", "3", "3", "spelling", "u n n e c e s s a r y", "4", "yellow", "5",
             "missing word"]
    out = play([*wordup(16, "Ana:2,Ben:4,Cy:3"), "--variant", "dice=physical"], lines,
               monkeypatch, capsys)
    assert "HOST: Ben, Ana asks you a Missing Word question." in out
    # Ben is level 4: the first level-4 Missing Word question, not Ana's level 2.
    ben = QUESTIONS.question(4, Category.MISSING_WORD, 0)
    ana = QUESTIONS.question(2, Category.MISSING_WORD, 0)
    asked = out.split("HOST: Ben, Ana asks you a Missing Word question.")[1].splitlines()[1]
    assert asked.startswith(f"HOST: {ben.text}") and ana.text not in asked


def test_spelling_on_request_only_words_of_the_question(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    item = spelling(3)
    words = re.findall(r"[A-Za-z]+", item.sentence)
    allowed = next(w for w in spellable(words, item.word, *item.answers) if len(w) > 2)
    lines = ["12", "2", "6", f"spell {item.word}s", f"how do you spell {item.word}ness",
             f"spell {allowed}", "spell elephantine"]
    out = play([*wordup(10, "Cy:3,Ben:4"), "--variant", "dice=physical"], lines,
               monkeypatch, capsys)
    assert f"Spell: {item.word}." in out
    assert out.count("Sorry, I can't spell that one: spelling it is the question.") == 2
    assert f"HOST: {spelled(allowed)}" in out
    assert "I can only spell words of the question, and elephantine isn't one." in out
    assert f"HOST: {spelled(item.word)}" not in out


def test_spelling_on_request_refuses_a_form_of_the_target(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    item = spelling(2)
    stem = item.word[:-1] + "ily" if item.word.endswith("y") else item.word + "ing"
    out = play(wordup(5, "Ana:2,Ben:4"), [f"how do you spell {stem}"], monkeypatch, capsys)
    assert f"Spell: {item.word}." in out
    assert "Sorry, I can't spell that one: spelling it is the question." in out
    assert spelled(item.word)[:5] not in out.split(f"Spell: {item.word}.")[1]


def test_spelling_the_first_attempt_is_the_answer(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    item = spelling(3)
    wrong, right = " ".join(near_miss(item.word.lower())), " ".join(item.word.lower())
    out = play([*wordup(10, "Cy:3,Ben:4"), "--variant", "dice=physical"],
               ["12", "2", "6", wrong, right], monkeypatch, capsys)
    cy = out.split("HOST: Over to you, Ben.")[0]
    assert "didn't catch" not in cy and "Was that" not in cy and "Did you say" not in cy
    assert f"HOST: Not quite. The word {item.word} is spelled:" in cy
    assert "Cy takes" not in out and "HOST: Over to you, Ben." in out


def wordstreet(seed: int, *extra: str) -> list[str]:
    return ["wordstreet", "--teams", "Red:Ana,Ben;Blue:Cy,Di", "--seed", str(seed), *extra]


def test_the_dictionarys_ruling_stands(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = play([*wordstreet(2), "--variant", "quick=2"],
               ["ready", "happpy", "yes", "h a p p p y", "spelling", "no"], monkeypatch, capsys)
    ruling = out.index("HOST: My dictionary doesn't have H-A-P-P-P-Y, so the spelling is wrong.")
    assert out[ruling:].split("\n")[1] == "HOST: The challenge is upheld."
    assert "Does everyone agree?" not in out and "decides otherwise" not in out
