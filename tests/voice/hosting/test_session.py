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
