"""Issue 15's repros, played as a table would: `tabletop play` in text mode with typed lines.

Each test is one repro of "Play by the sheets", named after the rule it checks.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from voice.cli import main


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
    out = play(wordup(5, "Ana:2,Ben:4"), ["quit", "no", "unnecessary"], monkeypatch, capsys)
    assert out.count("Do you want to stop the game?") == 1
    question = "HOST: Don't buy things that are unnecessary. Spell: unnecessary."
    assert out.count(question) == 2
    assert out.index("let's carry on") < out.rindex(question)
    assert "Ana takes one yellow token." in out


def test_silence_is_not_a_wrong_answer(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = play(wordup(5, "Ana:2,Ben:4"), ["", "", "", "unnecessary"], monkeypatch, capsys)
    assert "Say wait and I'll wait, repeat to hear the question again, or skip" in out
    assert "Not quite" not in out and "Ana takes one yellow token." in out


def test_a_per_answer_time_limit_turns_silence_into_a_miss(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = play([*wordup(5, "Ana:2,Ben:4"), "--variant", "answer=20"], ["", ""],
               monkeypatch, capsys)
    assert "HOST: Time's up, Ana." in out
    assert "Not quite. The word unnecessary is spelled:" in out


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
    out = play(argv, ["xylophone", "quit", "no", "snooker"], monkeypatch, capsys)
    steal = "HOST: Blue team, same question for a bonus move."
    assert out.count(steal) == 2 and out.count("Do you want to stop the game?") == 1
    assert out.index("let's carry on") < out.rindex(steal)
    assert "Bonus move! Blue team moves to the next purple space" in out


def test_ask_the_player_on_your_left_reads_from_the_answerers_level(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["12", "2", "3", "3", "spelling", "u n n e c e s s a r y", "4", "yellow", "5",
             "missing word"]
    out = play([*wordup(16, "Ana:2,Ben:4,Cy:3"), "--variant", "dice=physical"], lines,
               monkeypatch, capsys)
    assert "HOST: Ben, Ana asks you a Missing Word question." in out
    # Ben is level 4: the first level-4 Missing Word question, not Ana's level 2.
    assert "HOST: The floor is wet. Get the ___ and bucket to clean it up. 3 letters." in out


def test_spelling_on_request_only_words_of_the_question(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ["12", "2", "6", "spell neighbours", "how do you spell neighbourhood", "spell cat",
             "spell elephant"]
    out = play([*wordup(10, "Cy:3,Ben:4"), "--variant", "dice=physical"], lines,
               monkeypatch, capsys)
    assert "Spell: neighbour." in out
    assert out.count("Sorry, I can't spell that one: spelling it is the question.") == 2
    assert "HOST: C-A-T" in out
    assert "I can only spell words of the question, and elephant isn't one." in out
    assert "N-E-I-G-H" not in out


def test_spelling_on_request_refuses_a_form_of_the_target(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = play(wordup(5, "Ana:2,Ben:4"), ["how do you spell unnecessarily", "spell buy"],
               monkeypatch, capsys)
    assert "Spell: unnecessary." in out
    assert "Sorry, I can't spell that one: spelling it is the question." in out
    assert "HOST: B-U-Y" in out and "U-N-N-E-C" not in out


def test_spelling_the_first_attempt_is_the_answer(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = play([*wordup(10, "Cy:3,Ben:4"), "--variant", "dice=physical"],
               ["12", "2", "6", "n e i g h p o u r", "n e i g h b o u r"], monkeypatch, capsys)
    cy = out.split("HOST: Over to you, Ben.")[0]
    assert "didn't catch" not in cy and "Was that" not in cy and "Did you say" not in cy
    assert "HOST: Not quite. The word neighbour is spelled:" in cy
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
