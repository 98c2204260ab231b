"""`tabletop simulate wordup` from the CLI (`tabletop play` is tested in tests/voice/hosting/test_play_*.py)."""

from __future__ import annotations

import json

import pytest

from voice.cli import main


def test_simulate_wordup_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "wordup", "--games", "30", "--seed", "1", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["games"] == 30 and stats["finished"] == 30 and stats["errors"] == 0
    assert stats["mean_turns"] > 0 and stats["games_per_second"] > 0
