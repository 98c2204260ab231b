"""A real `tabletop play` killed at random moments loses nothing it said (short run).

The long run, at least 200 kills across the three games, is bench/bench_kill.py;
tools/kill_harness.py says how a kill is checked. A failure names its trial seed.
"""

from __future__ import annotations

import pytest

from tools.kill_harness import run


@pytest.mark.slow
def test_killed_at_random_then_resumed_nothing_said_is_lost_or_doubled() -> None:
    trials = list(run(kills=6, seed=16))
    assert len({t.game for t in trials}) == 3
    bad = [str(t) for t in trials if not t.ok]
    assert not bad, "\n".join(bad)
    assert any(t.announced for t in trials)
