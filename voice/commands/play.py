"""``tabletop play GAME``: the parser; the game itself lives in :mod:`voice.hosting.play`.

Only the flags are defined here, so building the CLI parser for another
command does not load the dialogue, the judge or the speech engines.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from voice.hosting.flag_help import PLAYERS_HELP, TEAMS_HELP, VARIANT_HELP


def register(sub: Any) -> None:
    p = sub.add_parser("play", help="play a game by voice (or typed, with --asr text)",
                       description="Play a whole game hosted by voice, or typed in text mode. "
                                   "With no --players or --teams, the game is set up by voice.")
    p.add_argument("game", nargs="?", default=None,
                   help="wordup, sportleisure or wordstreet (asked by voice if left out)")
    p.add_argument("--players", default=None, help=f"Word Up: {PLAYERS_HELP}")
    p.add_argument("--teams", default=None, help=f"team games: {TEAMS_HELP}")
    p.add_argument("--variant", default="", help=VARIANT_HELP)
    p.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    p.add_argument("--asr", default="auto",
                   help="auto, vosk, whisper or text (typed); auto falls back to text "
                        "when there is no microphone")
    p.add_argument("--pack", type=Path, default=None, help="a question pack folder to use "
                   "instead of the shipped questions")
    p.add_argument("--rate", default=None, help="speech rate: slow, normal or fast (remembered)")
    p.add_argument("--voice", default=None,
                   help="natural (a neural voice, optional extra) or espeak (remembered)")
    p.add_argument("--terse", action="store_true", help="shorter narration (remembered)")
    p.add_argument("--verbose", action="store_true", help="full narration (remembered)")
    p.add_argument("--resume", action="store_true", help="continue the saved game")
    p.add_argument("--input", default=None, help="microphone: device name or index")
    p.add_argument("--output", default=None, help="speaker: device name or index")
    p.add_argument("--barge-in", default=None,
                   help="on or off: listen while the host speaks, so players can cut in "
                        "(off by default for now; remembered)")
    p.add_argument("--headphones", default=None, action=argparse.BooleanOptionalAction,
                   help="the host is heard through headphones: talking over it needs no echo "
                        "canceller (remembered)")
    p.add_argument("--no-speech", action="store_true",
                   help="print only, do not speak (text mode)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice.games import host_module
    from voice.hosting.play import run as play_run

    return play_run(args, host_module)
