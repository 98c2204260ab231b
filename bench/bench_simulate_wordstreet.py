"""Benchmark: Word on the Street simulated games per second on one core (target >= 500).

Runs ``engine.wordstreet.simulate`` exactly as ``tabletop simulate wordstreet
--games 2000`` does and prints JSON lines {"name", "value", "unit"}. Best of
three runs, so a busy machine understates speed less. Also reports engine
actions per second, the figure that matters to a voice turn (a game is about
200 actions).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.wordstreet import simulate  # noqa: E402
from engine.wordstreet_sim import SimTeams, playout, random_setup  # noqa: E402

GAMES = 2000
SEED = 0
P_CORRECT = 0.5


def actions_per_second(games: int = 300) -> float:
    rng = random.Random(SEED)
    total = 0
    start = time.perf_counter()
    for _ in range(games):
        state = random_setup(rng)
        total += playout(state, SimTeams(rng, P_CORRECT), rng.randint(10, 600))
    return total / (time.perf_counter() - start)


def main() -> int:
    best = float("inf")
    stats: dict[str, Any] = {}
    for _ in range(3):
        start = time.perf_counter()
        stats = simulate(GAMES, SEED, P_CORRECT)
        best = min(best, time.perf_counter() - start)
    figures = [
        ("wordstreet_simulate_games_per_second", round(GAMES / best, 1), "games/s"),
        ("wordstreet_simulate_mean_turns", stats["mean_turns"], "turns/game"),
        ("wordstreet_simulate_unfinished", GAMES - stats["finished"], "games"),
        ("wordstreet_simulate_errors", stats["errors"], "games"),
        ("wordstreet_actions_per_second", round(actions_per_second()), "actions/s"),
    ]
    for name, value, unit in figures:
        print(json.dumps({"name": name, "value": value, "unit": unit}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
