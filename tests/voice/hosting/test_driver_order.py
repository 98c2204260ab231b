"""Save, then say, log and record: a game stopped at any line loses nothing it said.

The process is "killed" in-process by an exception raised from the mouth right
after a line was shown, at every line of a game in turn; the game is then
resumed from its save as ``tabletop play --resume`` does. Every verdict the table
was told must be in the resumed state, the turn log and the profile, once.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest

from tests.voice.games.wordup_kit import Table, host_for
from voice.games import wordup
from voice.hosting.dialogue import Dialogue
from voice.hosting.driver import Driver
from voice.hosting.session import SaveSlot, TurnLog, rng_from_json
from voice.hosting.text_adapter import SilentMouth, TextEars, Transcript
from voice.learning.profiles import ProfileStore
from voice.speaking.phrases import Phrases


class Killed(BaseException):
    """The process dies here (nothing after it runs, no ``finally`` of ours matters)."""


class DyingMouth(SilentMouth):
    def __init__(self, after: int) -> None:
        super().__init__()
        self.after = after
        self.said = 0

    def say(self, text: str) -> None:
        self.said += 1
        if self.said == self.after:
            raise Killed


def _dialogue(host: Any, mouth: Any, ears: Any) -> tuple[Dialogue, io.StringIO]:
    out = io.StringIO()
    return Dialogue(mouth, ears, Phrases.load(), host, transcript=Transcript(out)), out


def _resume(slot: SaveSlot, log: TurnLog, ears: Any) -> tuple[Any, str, Driver]:
    saved = slot.read()
    host = wordup.load_host(saved.setup, saved.state)
    dialogue, out = _dialogue(host, SilentMouth(), ears)
    driver = Driver(host, dialogue, rng_from_json(saved.rng), slot=slot, log=log,
                    actions=saved.actions, undo=saved.undo, pending=saved.pending)
    driver.run()
    return host, out.getvalue(), driver


def _verdicts(text: str) -> int:
    return sum(1 for line in text.splitlines()
               if line.startswith(("HOST: Right!", "HOST: Not quite.")))


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.parametrize("after", range(5, 125, 6))
def test_stopped_at_any_line_then_resumed_every_verdict_said_is_kept_once(
        after: int, data: Path) -> None:
    slot = SaveSlot(data / "saves")
    log = TurnLog(data / "saves" / "game.jsonl")
    host = host_for(seed=3)
    dialogue, out = _dialogue(host, DyingMouth(after), Table(host))
    driver = Driver(host, dialogue, random.Random(3), slot=slot, log=log)
    driver.save()
    with pytest.raises(Killed):
        driver.run()
    told = _verdicts(out.getvalue())

    host2, _, _ = _resume(slot, TurnLog(log.path), TextEars([]))
    records = TurnLog(log.path).read()
    numbers = [r["n"] for r in records]
    assert len(numbers) == len(set(numbers)), "an action was logged twice"
    answers = [r for r in records if r["prompt"] == "answer"]
    assert len(answers) >= told, "a verdict the table heard is not in the log"
    # The resumed state holds every logged verdict: the engine counted as many answers.
    assert sum(host2.state.streams[lv][c] for lv in range(5) for c in range(4)) >= told
    store = ProfileStore()
    results = sum(len(store.load(name).results) for name in ("Ana", "Ben"))
    assert results == len(answers), "the profiles count a verdict twice or not at all"


def test_a_verdict_is_on_disk_before_it_is_said(data: Path) -> None:
    slot = SaveSlot(data / "saves")
    seen: list[int] = []

    class Checking(SilentMouth):
        def say(self, text: str) -> None:
            if text.startswith(("Right!", "Not quite.")):
                seen.append(slot.read().actions)

    host = host_for(seed=3)
    table = Table(host, stop_after=12)
    dialogue, _ = _dialogue(host, Checking(), table)
    driver = Driver(host, dialogue, random.Random(3), slot=slot)
    driver.run()
    assert seen and all(n > 0 for n in seen)
    assert seen == sorted(seen) and len(set(seen)) == len(seen)


def test_undo_works_after_a_resume(data: Path) -> None:
    slot = SaveSlot(data / "saves")
    log = TurnLog(data / "saves" / "game.jsonl")
    host = host_for(seed=3)
    dialogue, out = _dialogue(host, SilentMouth(), TextEars(["uncle"]))
    driver = Driver(host, dialogue, random.Random(3), slot=slot, log=log)
    driver.save()
    driver.run()
    assert "HOST: Right!" in out.getvalue()
    assert slot.read().undo is not None
    right = ProfileStore().load("Ana").results
    assert len(right) == 1 and right[0].correct

    host2, text, _ = _resume(slot, log, TextEars(["that was wrong"]))
    assert "There's nothing to undo yet." not in text
    assert "All right, I'll count that as wrong." in text
    assert host2.state.tokens[0] == [0, 0, 0, 0]
    results = ProfileStore().load("Ana").results
    assert [r.correct for r in results] == [False]


def test_a_resume_after_a_clean_quit_says_nothing_twice(data: Path) -> None:
    slot = SaveSlot(data / "saves")
    log = TurnLog(data / "saves" / "game.jsonl")
    host = host_for(seed=3)
    dialogue, _ = _dialogue(host, SilentMouth(), TextEars(["uncle"]))
    driver = Driver(host, dialogue, random.Random(3), slot=slot, log=log)
    driver.run()
    assert slot.read().pending is None
    _, text, _ = _resume(slot, log, TextEars([]))
    assert "Right!" not in text
    assert len(ProfileStore().load("Ana").results) == 1
