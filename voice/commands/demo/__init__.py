"""``tabletop demo GAME``: simulated players play a whole short game by voice.

Replies are spoken by the TTS into the real recognizer (audio in memory, or
through the sound system with ``--loopback``); the transcript is printed,
then one line of figures: turns, replies understood as meant, the app's
reply latency (median and 90th percentile) and the winner.
"""

from __future__ import annotations

import argparse
from typing import Any

from voice.errors import UsageError

ASR = ("auto", "vosk", "whisper")


def register(sub: Any) -> None:
    p = sub.add_parser("demo", help="watch simulated players play a short game by voice",
                       description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("game", help="wordup, sportleisure or wordstreet")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--asr", default="auto", help="auto, vosk or whisper (default auto)")
    p.add_argument("--loopback", action="store_true",
                   help="play the players' voices into the sound system and record them back "
                        "(PulseAudio null sink or the default output and its monitor)")
    p.add_argument("--p-correct", type=float, default=0.7,
                   help="chance a simulated player means the right answer, 0-1 (default 0.7)")
    p.add_argument("--voice", default="espeak",
                   help="the host's voice: natural or espeak (default espeak); the players "
                        "always speak with espeak-ng")
    p.add_argument("--output", default=None, help="with --loopback: output device")
    p.add_argument("--monitor", default=None,
                   help="with --loopback: the input that records the output (its monitor)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice.commands.demo.game import GAMES, run_demo

    if args.game not in GAMES:
        raise UsageError(f"unknown game {args.game!r} for demo; allowed: {', '.join(GAMES)}")
    if args.asr not in ASR:
        raise UsageError(f"unknown --asr {args.asr!r} for demo; allowed: {', '.join(ASR)}")
    if not 0.0 <= args.p_correct <= 1.0:
        raise UsageError(f"--p-correct must be between 0 and 1, got {args.p_correct}")
    if (args.output or args.monitor) and not args.loopback:
        raise UsageError("--output and --monitor go with --loopback")
    from voice.speaking.voices import parse_voice

    result = run_demo(args.game, args.seed, asr=args.asr, p_correct=args.p_correct,
                      loopback=args.loopback, output=args.output, monitor=args.monitor,
                      voice=parse_voice(args.voice))
    return 0 if result.winners else 1
