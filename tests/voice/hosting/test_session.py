"""Autosave, resume and the turn log, on real files in a temporary folder."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from voice.errors import UserError
from voice.hosting.session import (
    SavedGame,
    SaveSlot,
    TurnLog,
    atomic_write_text,
    rng_from_json,
    rng_state_to_json,
)


def _saved(actions: int = 3) -> SavedGame:
    rng = random.Random(42)
    rng.random()
    return SavedGame(
        game="wordup",
        setup={"players": [["Ana", 2], ["Ben", 4]]},
        state={"turn": 1, "tokens": {"Ana": [0, 1, 0, 2]}},
        rng=rng_state_to_json(rng),
        actions=actions,
    )


def test_save_and_read_back_exactly(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.write(_saved())
    back = slot.read()
    assert back.to_json() == _saved().to_json()


def test_random_state_continues_identically_after_resume() -> None:
    rng = random.Random(7)
    for _ in range(5):
        rng.random()
    restored = rng_from_json(json.loads(json.dumps(rng_state_to_json(rng))))
    assert [rng.randint(1, 6) for _ in range(50)] == [restored.randint(1, 6) for _ in range(50)]


def test_overwrite_leaves_no_temporary_files(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    for n in range(5):
        slot.write(_saved(n))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json"]
    assert slot.read().actions == 4


def test_failed_write_keeps_the_old_save(tmp_path: Path) -> None:
    target = tmp_path / "current.json"
    atomic_write_text(target, "old")


    with pytest.raises(TypeError):
        atomic_write_text(target, 123)  # type: ignore[arg-type]
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]


@pytest.mark.parametrize("damage", ["{not json", '{"format": 99}', '{"format": 1, "game": "x"}', ""])
def test_damaged_save_is_kept_aside_and_reported(tmp_path: Path, damage: str) -> None:
    slot = SaveSlot(tmp_path)
    slot.path.parent.mkdir(parents=True, exist_ok=True)
    slot.path.write_text(damage)
    with pytest.raises(UserError) as err:
        slot.read()
    message = str(err.value)
    assert "damaged" in message and "\n" not in message
    aside = tmp_path / "current.json.damaged-1"
    assert aside.read_text() == damage
    assert not slot.exists()


def test_second_damaged_save_does_not_overwrite_the_first(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    for text in ("bad one", "bad two"):
        slot.path.write_text(text)
        with pytest.raises(UserError):
            slot.read()
    assert (tmp_path / "current.json.damaged-1").read_text() == "bad one"
    assert (tmp_path / "current.json.damaged-2").read_text() == "bad two"


def test_missing_save_says_how_to_start(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="tabletop play"):
        SaveSlot(tmp_path).read()


def test_turn_log_appends_and_survives_a_cut_line(tmp_path: Path) -> None:
    log = TurnLog(tmp_path / "log.jsonl")
    log.append({"prompt": "answer", "heard": ["fled"], "verdict": "correct", "latency_ms": 412})
    log.append({"prompt": "roll", "heard": [], "verdict": None, "latency_ms": 3})
    with log.path.open("a") as handle:
        handle.write('{"prompt": "ans')
    records = log.read()
    assert [r["prompt"] for r in records] == ["answer", "roll"]
    assert records[0]["latency_ms"] == 412


def test_turn_log_records_each_action_once_and_mends_a_cut_line(tmp_path: Path) -> None:
    log = TurnLog(tmp_path / "log.jsonl")
    assert log.append({"n": 1, "prompt": "answer"})
    with log.path.open("a") as handle:
        handle.write('{"n": 2, "prompt": "ans')  # a kill mid-write
    again = TurnLog(log.path)  # the resumed game
    assert not again.append({"n": 1, "prompt": "answer"})
    assert again.append({"n": 2, "prompt": "answer"})
    assert not again.append({"n": 2, "prompt": "answer"})
    assert [r["n"] for r in TurnLog(log.path).read()] == [1, 2]
    assert log.path.read_text().count("\n") == 2


GOOD = _saved().to_json()


def _damage(**fields: object) -> str:
    data = json.loads(json.dumps(GOOD))
    data.update(fields)
    return json.dumps(data)


@pytest.mark.parametrize("text", [
    "null", "[]", '"a save"', "42", "true",
    _damage(game=7), _damage(setup=[]), _damage(state="x"), _damage(rng=None),
    _damage(rng=[3, [1, 2, 3], None]), _damage(rng=[3, [-1] * 625, None]),
    _damage(rng=[3, [0] * 624 + [9999], None]), _damage(rng=[3, [0] * 625, "g"]),
    _damage(rng="abc"), _damage(actions="3"), _damage(actions=-1), _damage(actions=True),
    _damage(extra=[]), _damage(undo=[]), _damage(undo={"state": {}, "rng": [], "action": {}}),
    _damage(pending={"n": 1, "events": [{"kind": 3}]}), _damage(pending="x"),
    "[" * 100_000 + "]" * 100_000, '{"a": ' * 50_000 + "1" + "}" * 50_000,
    "\udcff".encode("utf-8", "surrogatepass").decode("latin-1"),
])
def test_every_damaged_save_names_the_file_and_is_kept_aside(tmp_path: Path, text: str) -> None:
    slot = SaveSlot(tmp_path)
    slot.path.write_text(text, encoding="latin-1" if text.startswith("í") else "utf-8")
    with pytest.raises(UserError) as err:
        slot.read()
    message = str(err.value)
    assert "damaged" in message and "\n" not in message and len(message) < 600
    assert str(slot.path) in message and "damaged-1" in message
    assert "tabletop play GAME" in message
    assert (tmp_path / "current.json.damaged-1").exists() and not slot.exists()


def test_a_save_too_large_is_damage_and_is_not_read_whole(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import voice.hosting.session as session

    monkeypatch.setattr(session, "MAX_FILE_BYTES", 1000)
    slot = SaveSlot(tmp_path)
    slot.path.write_text(json.dumps({"format": 1, "junk": "x" * 5000}))
    with pytest.raises(UserError, match="larger than"):
        slot.read()


def test_a_full_disk_is_one_line_and_the_last_save_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os

    slot = SaveSlot(tmp_path)
    slot.write(_saved(1))

    real_fsync = os.fsync

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(UserError) as err:
        slot.write(_saved(2))
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert str(err.value) == f"cannot write {slot.path}: no space left on device"
    assert slot.read().actions == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json"]


def test_a_name_too_long_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(UserError, match="file name too long"):
        atomic_write_text(tmp_path / ("x" * 300 + ".json"), "{}")


def test_stale_temporary_files_are_removed_fresh_ones_kept(tmp_path: Path) -> None:
    import os
    import time

    from voice.hosting.session import clean_stale_tmp

    old = tmp_path / ".current.json.abc123.tmp"
    new = tmp_path / ".current.json.def456.tmp"
    mine = tmp_path / f".current.json.{os.getpid()}.ghi789.tmp"
    dead = tmp_path / ".current.json.999999999.jkl012.tmp"  # its writer was killed
    other = tmp_path / "notes.tmp"
    for path in (old, new, mine, dead, other):
        path.write_text("{")
    long_ago = time.time() - 3600
    os.utime(old, (long_ago, long_ago))
    assert sorted(clean_stale_tmp(tmp_path)) == sorted([old, dead])
    assert new.exists() and mine.exists() and other.exists()
