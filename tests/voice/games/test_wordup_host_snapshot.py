"""A short scripted Word Up session, compared line by line with a stored transcript.

Regenerate: ``make golden``, and review the diff. Rewording phrases or changing the shipped level-2/4 questions changes it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from host_transcript import assert_snapshot

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
    assert_snapshot(text, SNAPSHOT)
