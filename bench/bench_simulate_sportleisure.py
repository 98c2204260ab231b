"""Benchmark: Best of Sport and Leisure simulated games per second on one core (target >= 200).

Runs the game as ``tabletop simulate sportleisure --games 2000`` does: with
the shipped packs, the real deck size and every card drawn looked up. Loading
the packs is timed on its own (``sportleisure_content_load_ms``), outside the
games-per-second figure; the bare engine (``--no-content``) is timed too.
Best of three runs each, so a busy machine understates speed less. Simulated
teams play action cards at random when legal, so every prompt also computes
which cards each team may play. Prints JSON lines {"name", "value", "unit"}.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.sportleisure_play import simulate  # noqa: E402
from voice.commands.simulate import load_hooks  # noqa: E402

GAMES = 2000
SEED = 0
P_CORRECT = 0.5
TARGET = 200.0


def best_of_three(hooks: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    best = float("inf")
    stats: dict[str, Any] = {}
    for _ in range(3):
        start = time.perf_counter()
        stats = simulate(GAMES, SEED, P_CORRECT, **hooks)
        best = min(best, time.perf_counter() - start)
    return GAMES / best, stats


def main() -> int:
    hooks, load_ms = load_hooks("sportleisure", None)
    rate, stats = best_of_three(hooks)
    bare_rate, bare = best_of_three({})
    figures = [
        ("sportleisure_simulate_games_per_second", round(rate, 1), "games/s"),
        ("sportleisure_simulate_target", TARGET, "games/s"),
        ("sportleisure_simulate_games_per_second_no_content", round(bare_rate, 1), "games/s"),
        ("sportleisure_content_load_ms", round(load_ms, 1), "ms"),
        ("sportleisure_simulate_cards_drawn", stats["cards_drawn"], "cards"),
        ("sportleisure_simulate_distinct_cards", stats["distinct_cards"], "cards"),
        ("sportleisure_simulate_mean_turns", stats["mean_turns"], "turns/game"),
        ("sportleisure_simulate_unfinished", GAMES - stats["finished"], "games"),
        ("sportleisure_simulate_errors", stats["errors"] + bare["errors"], "games"),
    ]
    for name, value, unit in figures:
        print(json.dumps({"name": name, "value": value, "unit": unit}))
    return 0 if stats["errors"] == 0 and bare["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
