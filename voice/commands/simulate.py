"""``tabletop simulate GAME``: play many games with simulated players, print figures.

Each engine module exposes ``simulate(games, seed, p_correct) -> dict`` with
``games``, ``finished``, ``errors`` and ``mean_turns``; this command times the
run and adds ``games_per_second``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from typing import Any

from voice.errors import UsageError

GAMES = {
    "wordup": "engine.wordup",
    "sportleisure": "engine.sportleisure",
    "wordstreet": "engine.wordstreet",
}


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play many games with simulated players")
    p.add_argument("game", help="wordup, sportleisure or wordstreet")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument(
        "--p-correct", type=float, default=0.5,
        help="chance a simulated player answers right, 0-1 (default 0.5)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.game not in GAMES:
        raise UsageError(f"unknown game {args.game!r}; allowed: {', '.join(GAMES)}")
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    if not 0.0 <= args.p_correct <= 1.0:
        raise UsageError(f"--p-correct must be between 0 and 1, got {args.p_correct}")
    module = importlib.import_module(GAMES[args.game])
    start = time.perf_counter()
    stats: dict[str, Any] = module.simulate(args.games, args.seed, args.p_correct)
    elapsed = time.perf_counter() - start
    stats["games_per_second"] = round(args.games / elapsed, 1) if elapsed > 0 else None
    if args.json:
        print(json.dumps(stats))
    else:
        for key, value in stats.items():
            print(f"{key}: {value}")
    return 0 if stats.get("errors", 0) == 0 else 1
