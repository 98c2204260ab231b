"""Benchmark: Best of Sport and Leisure simulated games per second on one core (target >= 200).

Runs ``engine.sportleisure.simulate`` exactly as
``tabletop simulate sportleisure --games 2000`` does and prints JSON lines
{"name", "value", "unit"}. Best of three runs, so a busy machine understates
speed less. Simulated teams play action cards at random when legal, so every
prompt also computes which cards each team may play.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.sportleisure import simulate  # noqa: E402

GAMES = 2000
SEED = 0
P_CORRECT = 0.5
TARGET = 200.0


def main() -> int:
    best = float("inf")
    stats: dict[str, Any] = {}
    for _ in range(3):
        start = time.perf_counter()
        stats = simulate(GAMES, SEED, P_CORRECT)
        best = min(best, time.perf_counter() - start)
    rate = GAMES / best
    for name, value, unit in (
        ("sportleisure_simulate_games_per_second", round(rate, 1), "games/s"),
        ("sportleisure_simulate_target", TARGET, "games/s"),
        ("sportleisure_simulate_mean_turns", stats["mean_turns"], "turns/game"),
        ("sportleisure_simulate_unfinished", GAMES - stats["finished"], "games"),
        ("sportleisure_simulate_errors", stats["errors"], "games"),
    ):
        print(json.dumps({"name": name, "value": value, "unit": unit}))
    return 0 if stats["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
