"""``tabletop simulate GAME``: play many games with simulated players, print figures.

Each engine's ``simulate(games, seed, p_correct, **hooks) -> dict`` gives
``games``, ``finished``, ``errors`` and ``mean_turns``; this command times the
run and adds ``games_per_second``. The engines know questions and cards only
by index, so by default this command loads the packs (shipped, or ``--pack``)
and passes lookups in: every Word Up question asked, every Sport and Leisure
card drawn and every Word on the Street word chosen then comes from real
content. Loading is timed apart (``content_load_ms``) so games per second
measures play alone; ``--no-content`` runs the bare engine for comparison.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from content.load import load_sportleisure, load_wordstreet, load_wordup
from content.schema import COLOUR_CATEGORIES, LEVELS, WS_SIDES
from voice.errors import UsageError, UserError
from voice.games.packs import load_or_user_error

GAMES = {
    "wordup": "engine.wordup_sim",
    "sportleisure": "engine.sportleisure_sim",
    "wordstreet": "engine.wordstreet_sim",
}
"""Game -> the engine module whose ``simulate`` takes the content hooks."""

Hooks = dict[str, Any]


def register(sub: Any) -> None:
    p = sub.add_parser("simulate", help="play many games with simulated players")
    p.add_argument("game", help="wordup, sportleisure or wordstreet")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument(
        "--p-correct", type=float, default=0.5,
        help="chance a simulated player answers right, 0-1 (default 0.5)",
    )
    p.add_argument("--pack", metavar="PATH",
                   help="draw from this pack file or folder instead of the shipped packs")
    p.add_argument("--no-content", action="store_true",
                   help="play the bare engine with no packs (questions by index only)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def wordup_hooks(pack: str | None) -> Hooks:
    """``ask``: the id of the question at (level, colour, stream index), as the host reads it."""
    questions = load_or_user_error(load_wordup, pack)
    streams: dict[tuple[int, str], tuple[str, ...]] = {}
    for level in LEVELS:
        for colour, category in COLOUR_CATEGORIES.items():
            count = questions.count(level, category)
            if count == 0:
                raise UserError(f"{_where(pack)} has no Word Up {category} questions for "
                                f"level {level}; simulated players use every level and category")
            streams[(level, colour)] = tuple(
                questions.question(level, category, i).id for i in range(count))

    def ask(level: int, colour: str, index: int) -> str:
        stream = streams[(level, colour)]
        return stream[index % len(stream)]

    return {"ask": ask}


def sportleisure_hooks(pack: str | None) -> Hooks:
    """``n_cards``: the real deck; ``card``: the id of a drawn card."""
    deck = load_or_user_error(load_sportleisure, pack)
    if len(deck) == 0:
        raise UserError(f"{_where(pack)} has no Sport and Leisure cards")
    ids = tuple(deck.card(i).id for i in range(len(deck)))

    def card(index: int) -> str:
        return ids[index]

    return {"n_cards": len(ids), "card": card}


def wordstreet_hooks(pack: str | None) -> Hooks:
    """``n_cards``: the real deck; ``words``: a card side's accept list, blocked words left out."""
    deck = load_or_user_error(load_wordstreet, pack)
    table: dict[tuple[int, str], tuple[str, ...]] = {}
    for i in range(len(deck)):
        for side in WS_SIDES:
            accept = tuple(w for w in deck.side(i, side).accept if not deck.blocked(w))
            if not accept:
                raise UserError(f"{_where(pack)}: card {deck.card(i).id} {side} side has no "
                                "accepted words left after the blocklist")
            table[(i, side)] = accept

    def words(index: int, side: str) -> tuple[str, ...]:
        return table[(index, side)]

    return {"n_cards": len(deck), "words": words}


HOOKS: dict[str, Callable[[str | None], Hooks]] = {
    "wordup": wordup_hooks,
    "sportleisure": sportleisure_hooks,
    "wordstreet": wordstreet_hooks,
}


def _where(pack: str | None) -> str:
    return "the shipped packs" if pack is None else f"--pack {pack}"


def load_hooks(game: str, pack: str | None) -> tuple[Hooks, float]:
    """The content hooks for ``game`` and how long loading them took, in milliseconds."""
    start = time.perf_counter()
    hooks = HOOKS[game](pack)
    return hooks, (time.perf_counter() - start) * 1000.0


def run(args: argparse.Namespace) -> int:
    if args.game not in GAMES:
        raise UsageError(f"unknown game {args.game!r}; allowed: {', '.join(GAMES)}")
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    if not 0.0 <= args.p_correct <= 1.0:
        raise UsageError(f"--p-correct must be between 0 and 1, got {args.p_correct}")
    if args.no_content and args.pack is not None:
        raise UsageError("--pack and --no-content cannot be used together: "
                         "--no-content plays without any pack")
    hooks: Hooks = {}
    load_ms: float | None = None
    if not args.no_content:
        hooks, load_ms = load_hooks(args.game, args.pack)
    module = importlib.import_module(GAMES[args.game])
    start = time.perf_counter()
    stats: dict[str, Any] = module.simulate(args.games, args.seed, args.p_correct, **hooks)
    elapsed = time.perf_counter() - start
    stats["games_per_second"] = round(args.games / elapsed, 1) if elapsed > 0 else None
    stats["content"] = (None if args.no_content
                        else "shipped" if args.pack is None else str(Path(args.pack)))
    stats["content_load_ms"] = None if load_ms is None else round(load_ms, 1)
    if args.json:
        print(json.dumps(stats))
    else:
        for key, value in stats.items():
            print(f"{key}: {value}")
    return 0 if stats.get("errors", 0) == 0 else 1
