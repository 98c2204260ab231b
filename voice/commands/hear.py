"""``tabletop hear FILE.wav... --expect KIND``: recognise recordings as the game would.

Each file goes through the game's own listening path (the voice adapter's
ears: the prompt's grammar or vocabulary, the endpointer, letters listened to
through pauses) and the judge, and gives one JSON line: the n-best
transcripts, what was understood, and the timings. The recognizer is loaded
once for all the files. It is how recognition is measured on recordings and
how a user checks a setup. A file that cannot be read is one error line on
stderr; the others are still heard, and the exit code is 1.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from typing import Any

from voice.errors import UsageError, UserError
from voice.reply_kind import ReplyKind

KIND_OF = {"word": ReplyKind.WORD, "letters": ReplyKind.SPELLING, "yesno": ReplyKind.YESNO,
           "number": ReplyKind.NUMBER, "choice": ReplyKind.CHOICE, "command": ReplyKind.COMMAND}
"""--expect names the prompt as a player knows it ("letters"); the game's own name is the
:class:`ReplyKind` it maps to."""
EXPECT = tuple(KIND_OF)


def register(sub: Any) -> None:
    p = sub.add_parser("hear", help="recognise WAV recordings and print what was understood")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="WAV files: any sample rate, mono or stereo (one JSON line each)")
    p.add_argument("--expect", required=True, choices=EXPECT, metavar="KIND",
                   help=f"what the recording answers: {', '.join(EXPECT)}")
    p.add_argument("--answers", default="",
                   help="comma-separated accepted answers (word), options in order (choice) "
                        "or the word spelled (letters; further ones are accepted variants)")
    p.add_argument("--correct", default=None,
                   help="choice: the right option, as text or number from 1 (default: the first)")
    p.add_argument("--min", type=int, default=0, help="number: the smallest answer (default 0)")
    p.add_argument("--max", type=int, default=12, help="number: the largest answer (default 12)")
    p.add_argument("--asr", default="auto", help="auto, vosk or whisper (default auto)")
    p.add_argument("--alternatives", type=int, default=3, help="n-best list length (default 3)")
    p.add_argument("-v", "--verbose", action="store_true", help="log grammar warnings")
    p.set_defaults(func=run)


def request_for(expect: str, heard: list[str], answers: list[str],
                correct: str | None = None, span: tuple[int, int] = (0, 12)) -> dict[str, Any]:
    """The :func:`voice.understanding.judge.judge` request for one recording."""
    kind = KIND_OF[expect]
    req: dict[str, Any] = {"kind": kind, "heard": heard}
    if expect == "number":
        req["min"], req["max"] = span
    elif expect == "word":
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
    from voice.hearing.asr.select import open_recognizer
    from voice.hearing.audio_in import WavSource
    from voice.hosting.voice_adapter import VoiceEars

    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR,
                        format="tabletop: %(message)s")
    answers = [a.strip() for a in args.answers.split(",") if a.strip()]
    if args.expect in ("word", "choice", "letters") and not answers:
        raise UsageError(f"--expect {args.expect} needs --answers (comma-separated)")
    if args.alternatives < 1:
        raise UsageError(f"--alternatives must be at least 1, got {args.alternatives}")
    if args.asr == "text":
        raise UsageError("--asr text reads the keyboard, not a recording; "
                         "use auto, vosk or whisper")
    if args.min < 0 or args.max < args.min or args.max > 100:
        raise UsageError(f"--min and --max need 0 <= min <= max <= 100, got {args.min} "
                         f"and {args.max}")
    request_for(args.expect, [], answers, args.correct)  # bad --correct fails before decoding
    if len(args.files) == 1:
        WavSource(args.files[0])  # one unreadable file: its error before any model loads
    recognizer, reason = open_recognizer(
        args.asr, alternatives=args.alternatives,
        note=lambda text: print(f"tabletop: {text}", file=sys.stderr, flush=True))
    kind = KIND_OF[args.expect]
    expected = (answers if args.expect in ("word", "choice", "letters")
                else [str(n) for n in range(args.min, args.max + 1)] if args.expect == "number"
                else [])
    failed = 0
    for path in args.files:
        try:
            source = WavSource(path)
        except UserError as exc:
            print(f"tabletop: error: {exc}", file=sys.stderr, flush=True)
            failed += 1
            continue
        ears = VoiceEars(recognizer, source)
        started = time.perf_counter()
        ears.listen(kind, expected, timeout_s=30.0)
        wall_ms = (time.perf_counter() - started) * 1000
        print(json.dumps(_line(path, args, reason, ears, answers, wall_ms), ensure_ascii=False),
              flush=True)
    return 1 if failed else 0


def _line(path: str, args: argparse.Namespace, reason: str, ears: Any, answers: list[str],
          wall_ms: float) -> dict[str, Any]:
    from voice.understanding.judge import judge

    rec = ears.last
    heard = [a.text for a in rec.alternatives]
    understood = judge(request_for(args.expect, heard, answers, args.correct,
                                  (args.min, args.max))) if heard else None
    return {
        "file": path,
        "engine": rec.engine,
        "why": reason,
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
        "result_at_ms": round(rec.result_at_ms),
        "dropped_words": len(rec.dropped_words),
    }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 3)
