"""Benchmark: Word on the Street simulated games per second on one core (target >= 500).

Runs the game as ``tabletop simulate wordstreet --games 2000`` does: with the
shipped packs, the real deck and every team's word chosen from the drawn
card's accept list. Loading the packs is timed on its own
(``wordstreet_content_load_ms``), outside the games-per-second figure; the
bare engine (``--no-content``) is timed too. Best of three runs each, so a
busy machine understates speed less. Also reports engine actions per second
(with content), the figure that matters to a voice turn (a game is about 200
actions). Prints JSON lines {"name", "value", "unit"}.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.wordstreet_sim import SimTeams, playout, random_setup, simulate  # noqa: E402
from voice.commands.simulate import load_hooks  # noqa: E402

GAMES = 2000
SEED = 0
P_CORRECT = 0.5
TARGET = 500.0


def best_of_three(hooks: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    best = float("inf")
    stats: dict[str, Any] = {}
    for _ in range(3):
        start = time.perf_counter()
        stats = simulate(GAMES, SEED, P_CORRECT, **hooks)
        best = min(best, time.perf_counter() - start)
    return GAMES / best, stats


def actions_per_second(hooks: dict[str, Any], games: int = 300) -> float:
    rng = random.Random(SEED)
    total = 0
    start = time.perf_counter()
    for _ in range(games):
        state = random_setup(rng, hooks["n_cards"])
        teams = SimTeams(rng, P_CORRECT, words=hooks["words"])
        total += playout(state, teams, rng.randint(10, 600))
    return total / (time.perf_counter() - start)


def main() -> int:
    hooks, load_ms = load_hooks("wordstreet", None)
    rate, stats = best_of_three(hooks)
    bare_rate, bare = best_of_three({})
    figures = [
        ("wordstreet_simulate_games_per_second", round(rate, 1), "games/s"),
        ("wordstreet_simulate_target", TARGET, "games/s"),
        ("wordstreet_simulate_games_per_second_no_content", round(bare_rate, 1), "games/s"),
        ("wordstreet_content_load_ms", round(load_ms, 1), "ms"),
        ("wordstreet_simulate_words_chosen", stats["words_chosen"], "words"),
        ("wordstreet_simulate_distinct_words", stats["distinct_words"], "words"),
        ("wordstreet_simulate_mean_turns", stats["mean_turns"], "turns/game"),
        ("wordstreet_simulate_unfinished", GAMES - stats["finished"], "games"),
        ("wordstreet_simulate_errors", stats["errors"] + bare["errors"], "games"),
        ("wordstreet_actions_per_second", round(actions_per_second(hooks)), "actions/s"),
    ]
    for name, value, unit in figures:
        print(json.dumps({"name": name, "value": value, "unit": unit}))
    return 0 if stats["errors"] == 0 and bare["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
