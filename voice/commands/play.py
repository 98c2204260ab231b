"""``tabletop play wordup --players "Ana:2,Ben:4" --asr text --seed S``: play at the keyboard.

Only the text mode exists so far (the voice dialogue replaces it in a later
issue); bad arguments end in one line saying what is allowed, exit code 2.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from voice.errors import UsageError
from voice.textplay import play_wordup

PLAYABLE = ("wordup",)
ASR = ("text",)
PLAYERS_HELP = 'names and levels, e.g. "Ana:2,Ben:4": 2 to 6 players, levels 1 to 5'


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game (typed answers for now)")
    p.add_argument("game", nargs="?", default="wordup", help="wordup (default)")
    p.add_argument("--players", default="Player 1:3,Player 2:3", help=PLAYERS_HELP)
    p.add_argument("--asr", default="text", help="how answers come in: text (typed)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    p.set_defaults(func=run)


def parse_players(text: str) -> list[tuple[str, int]]:
    """``"Ana:2,Ben:4"`` -> ``[("Ana", 2), ("Ben", 4)]``, or UsageError saying what is wrong."""
    players: list[tuple[str, int]] = []
    for part in text.split(","):
        name, colon, level_text = part.strip().rpartition(":")
        name = name.strip()
        if not colon or not name:
            raise UsageError(f"--players: {part.strip()!r} is not NAME:LEVEL; {PLAYERS_HELP}")
        try:
            level = int(level_text.strip())
        except ValueError:
            raise UsageError(
                f"--players: level {level_text.strip()!r} for {name} is not a number; "
                "levels are 1 to 5") from None
        if not 1 <= level <= 5:
            raise UsageError(f"--players: level {level} for {name} is outside 1 to 5")
        players.append((name, level))
    if not 2 <= len(players) <= 6:
        raise UsageError(f"--players: Word Up needs 2 to 6 players, got {len(players)}")
    names = [name.casefold() for name, _ in players]
    if len(set(names)) != len(names):
        raise UsageError("--players: each player needs a different name")
    return players


def run(args: argparse.Namespace) -> int:
    if args.game not in PLAYABLE:
        raise UsageError(f"unknown game {args.game!r} for play; allowed: {', '.join(PLAYABLE)}")
    if args.asr not in ASR:
        raise UsageError(f"--asr {args.asr!r} is not available yet; allowed: {', '.join(ASR)}")
    players = parse_players(args.players)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    return play_wordup(players, seed, sys.stdin, sys.stdout)
