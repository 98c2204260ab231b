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
