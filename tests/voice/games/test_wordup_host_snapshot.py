"""A short scripted Word Up session, compared line by line with a stored transcript.

Regenerate: ``TABLETOP_UPDATE_SNAPSHOTS=1 .venv/bin/pytest tests/voice/games/test_wordup_host_snapshot.py``
and review the diff. Rewording phrases or changing the shipped level-2/4 questions changes it.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tests.voice.games.wordup_kit import dialogue_for, host_for, typed
from voice.hosting.driver import Driver

SNAPSHOT = Path(__file__).resolve().parents[2] / "golden" / "wordup-host-session.txt"
SCRIPT = ["uncle", "what's the score", "aunt", "spell money", "wallet", "that was wrong",
          "cucumbr", "yes", "where am i", "answer", "c a r r o t", "", "", "skip", ""]


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))


def test_snapshot_of_a_short_session() -> None:
    host = host_for(seed=3)
    dialogue, out = dialogue_for(host, typed(SCRIPT))
    Driver(host, dialogue, random.Random(3)).run()
    text = out.getvalue()
    if os.environ.get("TABLETOP_UPDATE_SNAPSHOTS"):
        SNAPSHOT.write_text(text, encoding="utf-8")
    assert text.splitlines() == SNAPSHOT.read_text(encoding="utf-8").splitlines()
