"""``tabletop hear FILE.wav --expect KIND``: recognise one recording as the game would.

It uses the grammar the game builds for that kind of prompt and prints one
JSON line: the n-best transcripts, what was understood, and the decode time.
It is how recognition is measured on recordings and how a user checks a setup.
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from typing import Any

from voice.errors import UsageError

EXPECT = ("word", "letters", "yesno", "number", "choice", "command")
# --expect names the prompt as a player knows it; understand.py names kinds.
_KIND = {"letters": "spelling"}


def register(sub: Any) -> None:
    p = sub.add_parser("hear", help="recognise one WAV recording and print what was understood")
    p.add_argument("file", help="a WAV file: any sample rate, mono or stereo")
    p.add_argument("--expect", required=True, choices=EXPECT, metavar="KIND",
                   help=f"what the recording answers: {', '.join(EXPECT)}")
    p.add_argument("--answers", default="",
                   help="comma-separated accepted answers (word), options in order (choice) "
                        "or the word spelled (letters; further ones are accepted variants)")
    p.add_argument("--correct", default=None,
                   help="choice: the right option, as text or number from 1 (default: the first)")
    p.add_argument("--asr", default="auto", help="auto, vosk, pocketsphinx or text (default auto)")
    p.add_argument("--alternatives", type=int, default=3, help="n-best list length (default 3)")
    p.add_argument("-v", "--verbose", action="store_true", help="log grammar warnings")
    p.set_defaults(func=run)


def request_for(expect: str, heard: list[str], answers: list[str],
                correct: str | None = None) -> dict[str, Any]:
    """The :func:`voice.understanding.judge.judge` request for one recording."""
    kind = _KIND.get(expect, expect)
    req: dict[str, Any] = {"kind": kind, "heard": heard}
    if expect == "word":
        req["accepted"] = answers
    elif expect == "choice":
        req["options"] = answers
        if correct is None:
            req["answer"] = 0
        elif correct.isdigit() and 1 <= int(correct) <= len(answers):
            req["answer"] = int(correct) - 1
        elif correct in answers:
            req["answer"] = correct
        else:
            raise UsageError(f"--correct {correct!r} is not one of the options "
                             f"({', '.join(answers)}) or a number 1-{len(answers)}")
    elif expect == "letters":
        req["answer"] = answers[0]
        if answers[1:]:
            req["variants"] = answers[1:]
    return req


def run(args: argparse.Namespace) -> int:
    from voice.hearing.asr.base import Grammar, listen_spelled
    from voice.hearing.asr.select import build, choose
    from voice.hearing.audio_in import WavSource
    from voice.understanding.judge import grammar_words, judge

    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR,
                        format="tabletop: %(message)s")
    answers = [a.strip() for a in args.answers.split(",") if a.strip()]
    if args.expect in ("word", "choice", "letters") and not answers:
        raise UsageError(f"--expect {args.expect} needs --answers (comma-separated)")
    if args.alternatives < 1:
        raise UsageError(f"--alternatives must be at least 1, got {args.alternatives}")
    if args.asr == "text":
        raise UsageError("--asr text reads the keyboard, not a recording; "
                         "use auto, vosk or pocketsphinx")
    source = WavSource(args.file)
    choice = choose(args.asr)
    recognizer = build(choice, args.alternatives)
    kind = _KIND.get(args.expect, args.expect)
    expected = answers if args.expect in ("word", "choice") else []
    grammar = Grammar.of(kind, grammar_words(kind, expected))
    request_for(args.expect, [], answers, args.correct)  # bad --correct fails before decoding
    started = time.perf_counter()
    if args.expect == "letters":  # as the game listens: through the pauses between letters
        rec = listen_spelled(recognizer, source, grammar, timeout_s=30.0)
    else:
        rec = recognizer.listen(source, grammar, timeout_s=30.0)
    wall_ms = (time.perf_counter() - started) * 1000
    heard = [a.text for a in rec.alternatives]
    understood = judge(request_for(args.expect, heard, answers, args.correct)) if heard else None
    out = {
        "file": args.file,
        "engine": rec.engine,
        "why": choice.reason,
        "expect": args.expect,
        "heard": heard,
        "alternatives": [{"text": a.text, "confidence": _round(a.confidence),
                          "in_grammar": a.in_grammar} for a in rec.alternatives],
        "understood": None if understood is None else {
            "verdict": understood.verdict, "value": understood.value,
            "confidence": _round(understood.confidence), "command": understood.command},
        "decode_ms": round(rec.decode_ms, 1),
        "wall_ms": round(wall_ms, 1),
        "speech_end_ms": None if rec.speech_end_ms is None else round(rec.speech_end_ms),
        "dropped_words": len(rec.dropped_words),
    }
    print(json.dumps(out, ensure_ascii=False))
    return 0


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)
