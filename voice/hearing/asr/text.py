"""Typed input behind the recognizer protocol: how tests, deaf or hard-of-hearing
players and machines without a microphone drive the same dialogue."""

from __future__ import annotations

import sys
from typing import TextIO

from voice.hearing.asr.base import Alternative, Grammar, Recognition, allowed_sequence, normalise
from voice.hearing.audio_in import AudioIn


class TextRecognizer:
    """Reads one line per turn; the audio argument is ignored."""

    name = "text"

    def __init__(self, stream: TextIO | None = None, prompt: str = "> ",
                 echo: TextIO | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdin
        self.prompt = prompt
        self.echo = echo if echo is not None else (sys.stdout if stream is None else None)

    def listen(self, audio: AudioIn | None, grammar: Grammar,
               timeout_s: float = 8.0) -> Recognition:
        """The next typed line; end of input counts as a timeout (nobody answered)."""
        if self.echo is not None:
            self.echo.write(self.prompt)
            self.echo.flush()
        line = self.stream.readline()
        if not line:
            return Recognition(engine=self.name, timed_out=True)
        text = normalise(line)
        if not text:
            return Recognition(engine=self.name, timed_out=True)
        return Recognition((Alternative(text, 1.0, None, (), allowed_sequence(text, grammar)),),
                           engine=self.name)
