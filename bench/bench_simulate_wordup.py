"""Benchmark: Word Up simulated games per second on one core (target >= 200).

Runs ``engine.wordup.simulate`` exactly as ``tabletop simulate wordup --games 2000``
does and prints JSON lines {"name", "value", "unit"}. Best of three runs, so a
busy machine understates speed less.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.wordup import simulate  # noqa: E402

GAMES = 2000
SEED = 0
P_CORRECT = 0.5


def main() -> int:
    best = float("inf")
    stats: dict[str, Any] = {}
    for _ in range(3):
        start = time.perf_counter()
        stats = simulate(GAMES, SEED, P_CORRECT)
        best = min(best, time.perf_counter() - start)
    figures = [
        ("wordup_simulate_games_per_second", round(GAMES / best, 1), "games/s"),
        ("wordup_simulate_mean_turns", stats["mean_turns"], "turns/game"),
        ("wordup_simulate_unfinished", GAMES - stats["finished"], "games"),
        ("wordup_simulate_errors", stats["errors"], "games"),
    ]
    for name, value, unit in figures:
        print(json.dumps({"name": name, "value": value, "unit": unit}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
