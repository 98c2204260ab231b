"""``tabletop judge``: judge answers in bulk, one JSON line in and one out.

Each input line is a request for :func:`voice.understanding.judge.judge`, e.g.
``{"kind": "word", "accepted": ["fled"], "heard": "i think it's fled"}``;
each output line is ``{"verdict": ..., "value": ...}`` (plus ``"command"``
when a global command was heard at an answer prompt), in input order. A line
that cannot be judged gets ``{"error": "..."}`` and the batch goes on, so a
large fixture file is never lost to one bad line.

The understanding modules are imported inside :func:`run`: every ``tabletop``
command builds the whole parser, so imports here would slow them all.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser(
        "judge",
        help="judge answers: JSON lines on stdin, one JSON verdict per line on stdout",
        description="Reads one JSON request per line, e.g. "
        '{"kind": "word", "accepted": ["fled"], "heard": "fled"}; kinds: word, choice, '
        "spelling, yesno, number, command, name, colour. Writes "
        '{"verdict": "correct"|"wrong"|"unclear", "value": ...} per line, in order.',
    )
    p.add_argument(
        "--confidence", action="store_true", help="also write confidence and heard"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice.understanding.judge import RequestError, judge

    extra = bool(getattr(args, "confidence", False))
    try:
        _batch(judge, RequestError, extra)
    except BrokenPipeError:
        # The reader stopped early (``| head``): not an error of ours.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


def _batch(judge: Any, request_error: type[Exception], extra: bool) -> None:
    out = sys.stdout
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            result: dict[str, Any] = {"error": f"not JSON ({exc.msg} at column {exc.colno})"}
        else:
            try:
                u = judge(request)
            except request_error as exc:
                result = {"error": str(exc)}
            else:
                result = {"verdict": u.verdict, "value": u.value}
                if u.command is not None:
                    result["command"] = u.command
                if extra:
                    result["confidence"] = u.confidence
                    result["heard"] = u.heard
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()  # a caller may wait for each verdict before sending the next line
