"""Text-mode Word Up (`tabletop play wordup`) and `tabletop simulate wordup` from the CLI."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.core import COLOURS
from voice.cli import main
from voice.sample_questions import SAMPLE, is_right, question_for
from voice.textplay import play_wordup

ROOT = Path(__file__).resolve().parents[2]


class KnowAll(io.StringIO):
    """Input that answers every sample question right and picks option 1 otherwise."""

    def __init__(self, out: io.StringIO, wrong_every: int = 3) -> None:
        super().__init__()
        self.out = out
        self.asked = 0
        self.wrong_every = wrong_every

    def readline(self, size: int | None = -1) -> str:
        last = self.out.getvalue().rstrip("\n").splitlines()[-1].strip()
        for items in SAMPLE.values():
            for q in items:
                if q.text == last:
                    self.asked += 1
                    return "no idea\n" if self.asked % self.wrong_every == 0 else \
                        q.answers[0].upper() + "\n"
        return "1\n"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_text_play_runs_a_whole_game_to_a_winner(seed: int) -> None:
    out = io.StringIO()
    code = play_wordup([("Ana", 2), ("Ben", 4), ("Caro", 5)], seed, KnowAll(out), out)
    text = out.getvalue()
    assert code == 0
    assert text.rstrip().splitlines()[-1].split()[0] in {"Ana", "Ben", "Caro"}
    assert " wins! Tokens: " in text
    assert "Right!" in text and "Not right. Accepted:" in text


def test_text_play_is_deterministic_for_a_seed() -> None:
    runs = []
    for _ in range(2):
        out = io.StringIO()
        play_wordup([("Ana", 1), ("Ben", 3)], 9, KnowAll(out), out)
        runs.append(out.getvalue())
    assert runs[0] == runs[1]


def test_end_of_input_ends_the_game_cleanly(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    code = main(["play", "wordup", "--players", "Ana:2,Ben:4", "--asr", "text", "--seed", "5"])
    assert code == 0
    assert "No more input" in capsys.readouterr().out


def test_a_choice_is_typed_as_its_number_or_its_name() -> None:
    from voice.textplay import _choose, _Printer

    out = io.StringIO()
    say = _Printer(out)
    options = ["orange", "green"]
    assert _choose("pick", options, ["A"], io.StringIO("2\n"), say) == "green"
    assert _choose("pick", options, ["A"], io.StringIO("Orange\n"), say) == "orange"
    assert _choose("pick", options, ["A"], io.StringIO("9\npurple\n1\n"), say) == "orange"
    assert out.getvalue().count("Please type a number from 1 to 2.") == 2


def test_typed_answers_are_judged_by_exact_match_ignoring_case() -> None:
    q = question_for(3, "yellow", 1)
    assert is_right(q, "NEIGHBOUR") and is_right(q, "  neighbor ")
    assert not is_right(q, "neighbours") and not is_right(q, "neigh bour")


def test_sample_has_questions_for_every_level_and_category() -> None:
    for level in range(1, 6):
        for colour in COLOURS:
            assert len(SAMPLE[(level, colour)]) >= 2
    # an index past the sample wraps round rather than failing
    assert question_for(1, "blue", 7) == SAMPLE[(1, "blue")][1]


BAD = [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "wordup", "--players", "Ana2,Ben:4"], "is not NAME:LEVEL"),
    (["play", "wordup", "--players", "Ana:2,,Ben:4"], "is not NAME:LEVEL"),
    (["play", "wordup", "--players", "Ana:x,Ben:4"], "is not a number"),
    (["play", "wordup", "--players", "Ana:0,Ben:4"], "outside 1 to 5"),
    (["play", "wordup", "--players", "Ana:2,Ben:6"], "outside 1 to 5"),
    (["play", "wordup", "--players", "Ana:2"], "2 to 6 players, got 1"),
    (["play", "wordup", "--players", ",".join(f"P{i}:3" for i in range(7))],
     "2 to 6 players, got 7"),
    (["play", "wordup", "--players", "Ana:2,ana:3"], "different name"),
    (["play", "wordup", "--asr", "vosk"], "allowed: text"),
]


@pytest.mark.parametrize(("argv", "message"), BAD)
def test_bad_play_arguments_one_line_error_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("tabletop: error:")


def test_bad_players_through_the_real_command_has_no_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "voice.cli", "play", "wordup", "--players", "Ana:9,Ben:2"],
        capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL, timeout=60,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "tabletop: error: --players: level 9 for Ana is outside 1 to 5"
    ]


def test_simulate_wordup_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "wordup", "--games", "30", "--seed", "1", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["games"] == 30 and stats["finished"] == 30 and stats["errors"] == 0
    assert stats["mean_turns"] > 0 and stats["games_per_second"] > 0
