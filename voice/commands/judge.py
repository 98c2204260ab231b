"""``tabletop judge``: judge answers in bulk, one JSON line in and one out.

Each input line is a request for :func:`voice.understanding.judge.judge`, e.g.
``{"kind": "word", "accepted": ["fled"], "heard": "i think it's fled"}``;
each output line is ``{"verdict": ..., "value": ...}`` (plus ``"command"``
when a global command was heard at an answer prompt), in input order. A line
that cannot be judged (not JSON, nested too deeply, too long, a blank line, a
request the judge refuses) gets ``{"error": "..."}`` and the batch goes on, so
output lines stay in step with input lines and a large fixture file is never
lost to one bad line. Input sizes are capped (a line at :data:`MAX_LINE`
bytes, a string in a request at ``judge.MAX_TEXT`` characters), so every line
is judged in time about linear in its length.

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
        "spelling, yesno, number, command, name, colour; a word or spelling typed rather "
        'than heard adds "typed": true. Writes '
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


MAX_LINE = 64 * 1024
"""Longest input line read (bytes); a longer one is skipped with an error line."""


def _lines(stream: Any) -> Any:
    """(text, error) per input line, reading at most MAX_LINE bytes of each into memory."""
    while True:
        raw = stream.readline(MAX_LINE + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
            size = len(raw)
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE)
                size += len(raw)
            size -= 1 if raw.endswith(b"\n") else 0
            yield None, f"line is {size} bytes long; at most {MAX_LINE}"
            continue
        try:
            yield raw.decode("utf-8"), None
        except UnicodeDecodeError as exc:
            yield None, f"not UTF-8 text (byte {exc.start + 1})"


def _batch(judge: Any, request_error: type[Exception], extra: bool) -> None:
    out = sys.stdout
    for text, problem in _lines(sys.stdin.buffer):
        result = {"error": problem} if problem is not None else _one(
            text.strip(), judge, request_error, extra)
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        out.flush()  # a caller may wait for each verdict before sending the next line


def _one(line: str, judge: Any, request_error: type[Exception], extra: bool) -> dict[str, Any]:
    if not line:
        return {"error": "empty line; give one JSON request per line"}
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"not JSON ({exc.msg} at column {exc.colno})"}
    except RecursionError:
        return {"error": "nested too deeply; a request is one JSON object of strings and lists"}
    try:
        u = judge(request)
    except request_error as exc:
        return {"error": str(exc)}
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:
        return {"error": f"cannot judge this request ({type(exc).__name__}: {exc})"[:300]}
    result: dict[str, Any] = {"verdict": u.verdict, "value": u.value}
    if u.command is not None:
        result["command"] = u.command
    if extra:
        result["confidence"] = u.confidence
        result["heard"] = u.heard
    return result
