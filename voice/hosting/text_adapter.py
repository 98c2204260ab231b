"""Typed input and printed output: the text adapters of the dialogue.

Text mode is a first-class way to play (deaf or hard-of-hearing players, a
noisy room, tests): the same dialogue runs with keyboard lines as the
"transcripts" and the printed transcript as the only output.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from voice.hosting.dialogue import Heard


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


class TextEars:
    """Reads one typed line per utterance; end of input means the table left (quit)."""

    def __init__(self, lines: Iterable[str] | None = None, prompt: str = "> ",
                 clock: Callable[[], float] = time.monotonic,
                 echo: TextIO | None = None) -> None:
        self._lines: Iterator[str] = iter(lines) if lines is not None else iter(sys.stdin.readline, "")
        self.prompt = prompt
        self.clock = clock
        self.echo = echo
        self.interactive = lines is None and sys.stdin.isatty()

    def listen(self, kind: str, expected: Sequence[str], timeout_s: float) -> Heard:
        if self.interactive:
            print(self.prompt, end="", flush=True)
        try:
            line = next(self._lines)
        except StopIteration:
            return Heard(("quit",), self.clock(), ended=True)
        text = line.strip()
        return Heard((text,) if text else (), self.clock(), timed_out=not text, typed=True)
