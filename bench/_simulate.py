"""Shared body of the bench_simulate_<game>.py scripts.

Each game's script keeps its own docstring, target and counted stats; the
timing (best of three, with the shipped packs and bare), the common figures
and the exit code are the same for every game, so they live here once. Not a
benchmark itself: ``make bench`` runs only bench/bench_*.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from voice.commands.simulate import load_hooks

GAMES = 2000
SEED = 0
P_CORRECT = 0.5

Simulate = Callable[..., dict[str, Any]]
Figure = tuple[str, Any, str]


def best_of_three(simulate: Simulate, hooks: dict[str, Any]) -> tuple[float, dict[str, Any]]:
    """Games per second of the fastest of three runs, and that run's stats."""
    best = float("inf")
    stats: dict[str, Any] = {}
    for _ in range(3):
        start = time.perf_counter()
        stats = simulate(GAMES, SEED, P_CORRECT, **hooks)
        best = min(best, time.perf_counter() - start)
    return GAMES / best, stats


def run(
    game: str,
    simulate: Simulate,
    target: float,
    counted: Sequence[tuple[str, str]],
    extra: Callable[[dict[str, Any]], Sequence[Figure]] = lambda hooks: (),
) -> int:
    """Print the game's figures as JSON lines; 1 if any simulated game raised.

    ``counted`` names the game's own stats (key, unit), printed as
    ``<game>_simulate_<key>``; ``extra`` gets the content hooks and adds
    figures after the common ones.
    """
    hooks, load_ms = load_hooks(game, None)
    rate, stats = best_of_three(simulate, hooks)
    bare_rate, bare = best_of_three(simulate, {})
    figures: list[Figure] = [
        (f"{game}_simulate_games_per_second", round(rate, 1), "games/s"),
        (f"{game}_simulate_target", target, "games/s"),
        (f"{game}_simulate_games_per_second_no_content", round(bare_rate, 1), "games/s"),
        (f"{game}_content_load_ms", round(load_ms, 1), "ms"),
        *((f"{game}_simulate_{key}", stats[key], unit) for key, unit in counted),
        (f"{game}_simulate_mean_turns", stats["mean_turns"], "turns/game"),
        (f"{game}_simulate_unfinished", GAMES - stats["finished"], "games"),
        (f"{game}_simulate_errors", stats["errors"] + bare["errors"], "games"),
        *extra(hooks),
    ]
    for name, value, unit in figures:
        print(json.dumps({"name": name, "value": value, "unit": unit}))
    return 0 if stats["errors"] == 0 and bare["errors"] == 0 else 1
