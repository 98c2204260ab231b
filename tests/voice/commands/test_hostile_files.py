"""Hostile files and a failing disk: one clear line and an exit code, never a traceback.

Deep nesting in every reader (profile, pack), names too long for a file, a
folder that cannot be written, and a disk that fills up in the middle of a
game, which must keep the last good save and say what failed.
"""

from __future__ import annotations

import errno
import io
import json
import os
import sys
from pathlib import Path

import pytest

from voice.cli import main
from voice.hosting.session import SaveSlot

LONG = "a" * 300
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture(autouse=True)
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    return tmp_path / "data"


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize("argv", [
    ["profile", "pin", LONG, "3"], ["profile", "show", LONG], ["profile", "unpin", LONG],
])
def test_profile_names_over_30_characters_are_refused(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert _one_line(capsys).endswith("... is longer than 30 characters")


def test_a_deeply_nested_profile_is_kept_aside_in_one_line(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = data / "profiles"
    folder.mkdir(parents=True)
    (folder / "ana.json").write_text(DEEP)
    assert main(["profile", "show", "Ana"]) == 1
    line = _one_line(capsys)
    assert "the profile of Ana was damaged (nested too deeply)" in line
    assert (folder / "ana.json.damaged-1").exists()
    assert main(["profile", "list"]) == 0


def _word_list(tmp_path: Path) -> Path:
    src = tmp_path / "list.csv"
    src.write_text("word,sentence\nkitten,The kitten sleeps.\n", encoding="utf-8")
    return src


def test_content_import_name_over_30_characters_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "import", str(_word_list(tmp_path)), "--level", "1",
                 "--name", LONG]) == 2
    assert _one_line(capsys).endswith("--name: the name 'aaaaaaaaaaaa'... is longer than 30 "
                                      "characters")


@pytest.mark.parametrize("out", ["/proc/x", "/proc/version/x", "/dev/null/x"])
def test_content_import_into_a_folder_that_cannot_be_written_is_one_line(
        out: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["content", "import", str(_word_list(tmp_path)), "--level", "1", "--name",
                 "Week 1", "--out", out])
    captured = capsys.readouterr()
    assert code in (1, 2) and "Traceback" not in captured.err
    errors = captured.err.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("tabletop: error:") and out in errors[0]


def test_content_validate_a_deeply_nested_pack_is_one_problem_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "deep.toml").write_text("a = " + "[" * 100_000)
    assert main(["content", "validate", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    lines = captured.out.strip().splitlines()
    assert "Traceback" not in captured.err
    assert len(lines) == 2 and "nested too deeply" in lines[0] and lines[1].startswith("1 problem")


def test_a_disk_that_fills_up_mid_game_keeps_the_last_save_in_one_line(
        data: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    real = os.fsync
    calls = {"n": 0}

    def fsync(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] > 14:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(sys, "stdin", io.StringIO("uncle\naunt\nfork\nfree\n"))
    code = main(["play", "wordup", "--players", "Ana:2,Ben:4", "--asr", "text", "--no-speech",
                 "--seed", "3"])
    monkeypatch.setattr(os, "fsync", real)
    captured = capsys.readouterr()
    errors = [x for x in captured.err.splitlines() if x.startswith("tabletop: error:")]
    assert code == 1 and "Traceback" not in captured.err and len(errors) == 1
    assert errors[0].startswith("tabletop: error: cannot write ")
    assert errors[0].endswith(": no space left on device")
    assert "Sorry, I can't save the game, so we have to stop here." in captured.out
    saved = SaveSlot(data / "saves").read()  # the last good save, whole
    said = sum(line.startswith(("HOST: Right!", "HOST: Not quite."))
               for line in captured.out.splitlines())
    verdicts = sum(saved.state["streams"][lv][c] for lv in range(5) for c in range(4))
    assert verdicts >= said  # nothing the table heard is missing from the save
    assert not list((data / "saves").glob(".*.tmp"))
    json.loads((data / "saves" / "current.json").read_text())


@pytest.mark.parametrize("argv", [
    ["play", "wordup", "--players", "Ana:2,Ben:4", "--asr", "text", "--no-speech", "--pack"],
    ["play", "sportleisure", "--teams", "Red:Ana;Blue:Ben", "--asr", "text", "--no-speech",
     "--pack"],
    ["simulate", "wordup", "--games", "1", "--pack"],
    ["content", "validate"],
])
def test_a_path_too_long_for_the_system_is_one_line(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*argv, "A" * 5000]) == 1
    assert _one_line(capsys).endswith("... (5000 characters): file name too long")
