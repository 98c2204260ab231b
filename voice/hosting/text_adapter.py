"""Typed input and printed output: the text adapters of the dialogue.

Text mode is a first-class way to play (deaf or hard-of-hearing players, a
noisy room, tests): the same dialogue runs with keyboard lines as the
"transcripts" and the printed transcript as the only output.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol, TextIO

from voice.hosting.exchange import Heard
from voice.reply_kind import ReplyKind
from voice.understanding.judge import MAX_TEXT, parse_command


class Transcript:
    """Prints every spoken line and every reply, large and plain, for reading along.

    ``big`` puts a blank line between exchanges and the speaker's name in
    capitals, which reads well at a large terminal font.
    """

    def __init__(self, out: TextIO | None = None, big: bool = True) -> None:
        self.out = out or sys.stdout
        self.big = big
        self.lines: list[tuple[str, str]] = []

    def __call__(self, who: str, text: str) -> None:
        self.lines.append((who, text))
        label = "HOST" if who == "host" else who.upper()
        if self.big and who != "host":
            print(f"  {label}: {text}", file=self.out, flush=True)
        else:
            print(f"{label}: {text}" if self.big else text, file=self.out, flush=True)


@dataclass
class SilentMouth:
    """No speech out: the transcript is the output (text mode without TTS)."""

    rate: str = "normal"
    spelled: list[str] = field(default_factory=list)

    def say(self, text: str) -> None:
        return None

    def spell(self, word: str) -> None:
        self.spelled.append(word)

    def set_rate(self, preset: str) -> None:
        self.rate = preset


class LineSource(Protocol):
    """Typed lines as they arrive: ``get`` waits up to ``timeout_s`` for the next one and
    returns None when none came; it raises EOFError when the input is closed."""

    def get(self, timeout_s: float) -> str | None: ...


class ScriptedLines:
    """Lines given up front (tests, scripts): each is there as soon as it is asked for."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._lines: Iterator[str] = iter(lines)

    def get(self, timeout_s: float) -> str | None:
        try:
            return next(self._lines)
        except StopIteration:
            raise EOFError from None


class StreamLines:
    """A stream read by a reader thread, so a wait can end without Enter being pressed:
    the Word on the Street timer and a per-answer time limit run in text mode too."""

    def __init__(self, stream: TextIO) -> None:
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._closed = False
        thread = threading.Thread(target=self._read, args=(stream,), daemon=True,
                                  name="typed-input")
        thread.start()

    def _read(self, stream: TextIO) -> None:
        try:
            for line in iter(stream.readline, ""):
                self._queue.put(line)
        except (OSError, ValueError):
            pass  # the stream was closed under us: the same as end of input
        self._queue.put(None)

    def get(self, timeout_s: float) -> str | None:
        if self._closed:
            raise EOFError
        try:
            line = self._queue.get(timeout=max(0.0, timeout_s))
        except queue.Empty:
            return None
        if line is None:
            self._closed = True
            raise EOFError
        return line


class TextEars:
    """Reads one typed line per utterance; end of input means the table left (quit).

    A listen waits at most its timeout, like a microphone: nothing typed in time is
    silence (``timed_out``). Scripted ``lines`` arrive at once; a ``source`` can stand
    for typing that takes time (tests feed it numbers through the clock, never sleep).
    """

    def __init__(self, lines: Iterable[str] | None = None, prompt: str = "> ",
                 clock: Callable[[], float] = time.monotonic,
                 echo: TextIO | None = None, source: LineSource | None = None) -> None:
        self.interactive = lines is None and source is None and sys.stdin.isatty()
        if source is None:
            source = ScriptedLines(lines) if lines is not None else StreamLines(sys.stdin)
        self._source = source
        self.prompt = prompt
        self.clock = clock
        self.echo = echo
        self._prompted = False

    def listen(self, kind: ReplyKind, expected: Sequence[str], timeout_s: float) -> Heard:
        if self.interactive and not self._prompted:
            print(self.prompt, end="", flush=True)
            self._prompted = True
        try:
            line = self._source.get(timeout_s)
        except EOFError:
            return Heard(("quit",), self.clock(), ended=True)
        if line is None:
            return Heard((), self.clock(), timed_out=True, typed=True)
        self._prompted = False
        # A pasted page is not a reply: what the judge can read is kept (MAX_TEXT).
        text = line.strip()[:MAX_TEXT].strip()
        return spelled_if_typed(kind, Heard((text,) if text else (), self.clock(),
                                            timed_out=not text, typed=True))


def spelled_if_typed(kind: ReplyKind, heard: Heard) -> Heard:
    """A word typed whole at a spelling prompt, as its letters ("colour" as "c o l o u r").

    Spoken spelling arrives as letter names; at a keyboard the natural way is to type the
    word. What was typed is kept in ``typed_text``, for the transcript and for "wait".
    """
    if kind != ReplyKind.SPELLING or not heard.nbest or heard.ended:
        return heard
    text = heard.nbest[0].strip()
    word = text.replace("-", "")
    if word.isalpha() and len(word) > 1 and " " not in text and parse_command(text) is None:
        return replace(heard, nbest=(" ".join(word.lower()),), typed_text=text)
    return heard
