"""Talking over the host, live: the microphone stays open while a line plays.

Wiring (see ``../shared/rules/RULINGS.md``, "All games: talking over the host"):

- the speaker (:class:`~voice.speaking.audio_out.SpeakerOut`) writes what it plays into a
  :class:`~voice.audio.echo.FarEnd`, stamped with when it is heard;
- the microphone (:class:`~voice.hearing.audio_in.MicSource`) gives every block, gate or
  no gate, to :meth:`TalkOver.heard_block`; a worker thread takes each 10 ms frame, the
  played samples of that moment, the echo canceller, and the overlap listener
  (:mod:`voice.hearing.overlap`);
- each utterance goes to the :class:`~voice.hosting.barge_in.BargeInPolicy` with the
  prompt being asked and the line being said. One that stops the host stops the line at
  once (the speaker's next block is silence), the rest of the question is not read, and
  the utterance waits for the dialogue's next listen (:class:`TalkOverEars`), which
  handles it as if said after the line. "repeat" is the one command the mouth carries out
  itself: the cut line starts again, whole.

With headphones there is no echo to take out: the canceller is left out and the
microphone is heard as it is.
"""

from __future__ import annotations

import atexit
import logging
import math
import queue
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from voice.audio.clips import ASR_RATE_HZ, StreamResampler
from voice.audio.echo import FRAME, FarEnd, SpeexCanceller
from voice.hearing.overlap import OverlapListener
from voice.hosting.barge_in import (
    ANSWER_KINDS,
    BargeInPolicy,
    Decision,
    Expectation,
    LineSpan,
    Verdict,
    forced_score,
    overlap_grammar,
)
from voice.hosting.exchange import Heard
from voice.hosting.voice_adapter import VoiceEars, VoiceMouth
from voice.reply_kind import ReplyKind
from voice.speaking.audio_out import Playback
from voice.speaking.tts import ReadingSpeaker
from voice.speaking.voices import VoiceKind, open_speaker

log = logging.getLogger("tabletop.talk_over")

CALIBRATE_S = 1.0
"""Seconds at the start of each line that the reference is placed by (see _frames)."""
TRACK_EVERY_S = 0.5
"""How often the echo is followed within a line (FarEnd.track), over the last TRACK_WINDOW_S."""
TRACK_WINDOW_S = 1.0
"""Seconds of microphone the echo is lined up over: enough speech to be sure of its place."""
ECHO_AFTER_S = 0.4
"""How long after a line ends its echo is still taken out and listened over (seconds):
then the ordinary listen (behind the mic gate) takes over."""


@dataclass
class _Line:
    text: str
    length_s: Callable[[], float]
    """The line's length as far as it is known (seconds): a line the natural voice says as
    it renders is known whole once its rest is rendered, soon after it starts."""
    started_s: float
    """Monotonic time the line started to be heard (seconds)."""
    stop: Callable[[], None]


class TalkOver:
    """The barge-in listener of one game: canceller, overlap listener and policy on a thread.

    ``canceller`` None means headphones (no echo to take out).
    """

    def __init__(self, far: FarEnd, listener: OverlapListener, policy: BargeInPolicy,
                 canceller: SpeexCanceller | None, device_rate_hz: int = ASR_RATE_HZ,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.far = far
        self.listener = listener
        self.policy = policy
        self.canceller = canceller
        self.clock = clock
        self._resampler = (StreamResampler(device_rate_hz, ASR_RATE_HZ)
                           if device_rate_hz != ASR_RATE_HZ else None)
        self._queue: queue.Queue[tuple[bytes, float] | None] = queue.Queue()
        self._lock = threading.Lock()
        self._line: _Line | None = None
        self._until_s = 0.0
        self._expect = Expectation()
        self.skipping = False
        """Whether lines are left unsaid: from a cut until the reply is heard or a new
        question is asked."""
        self.pending: Heard | None = None
        """The utterance that stopped the host, for the dialogue's next listen."""
        self.decision: Decision | None = None
        self.cut_at_s: float | None = None
        """How far into the line it was stopped (seconds), or None."""
        self._buf = np.zeros(0, dtype=np.int16)
        self._count_t = 0.0
        self._count_n = 0
        self._placed = False
        """Whether the current line's reference has been placed against the microphone."""
        self._recent = np.zeros(0, dtype=np.int16)
        """The microphone's last TRACK_WINDOW_S, as the canceller got it (FarEnd.track)."""
        self._streams = 0
        """The far end's output streams when the reference was last placed."""
        self.lags_s: list[float] = []
        """Each lag measured between the microphone and what was played (seconds)."""
        self._worker = threading.Thread(target=self._run, daemon=True, name="talk-over")
        self._worker.start()
        _OPEN.add(self)

    # -- what the game tells it ---------------------------------------------------------

    def expect(self, kind: ReplyKind, expected: Sequence[str] = (),
               request: Mapping[str, Any] | None = None) -> None:
        """The prompt being asked ("command" between questions): what may stop the host."""
        exp = Expectation(kind, dict(request or {}))
        grammar = overlap_grammar(VoiceEars.grammar(
            kind if kind in ANSWER_KINDS else ReplyKind.COMMAND, expected))
        with self._lock:
            self._expect = exp
            self.listener.expect(grammar)
            # A new question is read even when a command said over the narration before it
            # waits to be handled: the rest of that narration was skipped, not the question.
            self.skipping = False

    def line_started(self, text: str, length_s: Callable[[], float],
                     stop: Callable[[], None]) -> None:
        """A line starts playing; ``length_s`` gives its length (seconds) as far as it is
        known (a line still being rendered is known whole a little later)."""
        with self._lock:
            self._placed = False
            self._count_n = 0
            self._line = _Line(text, length_s, self.clock(), stop)
            self._streams = self.far.streams
            # heard until ECHO_AFTER_S after the line ends (line_ended), whenever that is: a
            # line said as it is rendered may outlast its first estimate
            self._until_s = math.inf
            self.cut_at_s = None
            self.listener.reset()
            self._buf = np.zeros(0, dtype=np.int16)
            self._recent = np.zeros(0, dtype=np.int16)

    def line_ended(self) -> None:
        with self._lock:
            if self._line is not None:
                self._until_s = self.clock() + ECHO_AFTER_S

    def take(self) -> Heard | None:
        with self._lock:
            heard, self.pending = self.pending, None
            self.skipping = False
            return heard

    def close(self, timeout_s: float = 5.0) -> None:
        """Stop the worker once it has worked through what is queued: one cut off inside the
        voice detector (onnxruntime) at interpreter exit aborts the process ("terminate
        called without an active exception")."""
        self._queue.put(None)
        if threading.current_thread() is not self._worker:
            self._worker.join(timeout_s)

    # -- the microphone's side ----------------------------------------------------------

    def heard_block(self, block: bytes, captured_s: float) -> None:
        """MicSource's tap: called on the audio thread, so it only queues."""
        if self._heard_until(captured_s):
            self._queue.put((block, captured_s))

    def _heard_until(self, captured_s: float) -> bool:
        """Whether audio captured at ``captured_s`` is heard over the host (a line plays)."""
        return self._line is not None and captured_s <= self._until_s

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            try:
                self._frames(*item)
            except Exception:  # a failing listener must never take the game down
                log.exception("talk-over: listening while speaking failed")

    def _buf_start_s(self) -> float:
        """When the first sample still buffered was captured, on the line's count."""
        return self._count_t + (self._count_n - len(self._buf)) / ASR_RATE_HZ

    def _frames(self, block: bytes, captured_s: float) -> None:
        data = np.frombuffer(block, dtype="<i2")
        if self._resampler is not None:
            data = self._resampler.push(data).astype(np.int16)
        with self._lock:
            if self._line is None or self.pending is not None:
                return
            # Time by counting samples from the line's first block: blocks arrive in bursts,
            # and a block's own stamp is late by however long its callback waited (on two
            # busy cores, hundreds of ms; following the stamps put the reference 0.3-0.5 s
            # behind its echo). A stamp is never early, so the count is anchored on the
            # earliest any block allows.
            if self._count_n == 0:
                self._count_t = captured_s
            if not self._placed:
                # once the reference is placed the count is the line's one clock: moving it
                # would move the echo against its reference, which the filter had learnt
                self._count_t = min(self._count_t, captured_s - self._count_n / ASR_RATE_HZ)
            self._count_n += len(data)
            self._buf = np.concatenate([self._buf, data])
            if self.far.streams != self._streams:
                self._streams = self.far.streams
                self._placed = False  # the line goes on in a new stream: its own lag
            if self.canceller is not None and not self._placed:
                # Each line is a new output stream, placed anew (from one line to the next
                # the lag moved by 185 ms on the null sink): the first CALIBRATE_S are held
                # until the host's voice in them places the reference, then worked through.
                # So is the rest of a line said in a second stream (the natural voice).
                if len(self._buf) < CALIBRATE_S * ASR_RATE_HZ:
                    return
                # placed on the count as it stands now, the clock the line is then worked on
                lag = self.far.calibrate(self._buf, self._buf_start_s())
                self._placed = True
                if lag is not None:
                    self.lags_s.append(lag)
                    log.info("talk-over: echo %+.0f ms from its reference; lead now %.0f ms",
                             lag * 1000, self.far.lead_s * 1000)
            while len(self._buf) >= FRAME:
                t = self._buf_start_s()
                near, self._buf = self._buf[:FRAME], self._buf[FRAME:]
                residual = near
                if self.canceller is not None:
                    residual = self.canceller.process(near, self.far.read(t, FRAME))
                    self._follow(near, t + FRAME / ASR_RATE_HZ)
                over = self.listener.feed(residual, near if self.canceller is not None else None)
                if over is None:
                    continue
                line = self._line
                started = line.started_s
                # listener time counts from the line's first frame
                span = LineSpan(line.text, line.length_s(), over.start_s, over.speech_end_s)
                best = over.recognition.alternatives[:1]
                decision = self.policy.decide(over.recognition.heard, self._expect, span,
                                              best[0].confidence if best else None,
                                              forced_score(over.recognition))
                log.info("talk-over: %r -> %s", over.recognition.heard, decision.why)
                if decision.stops:
                    line.stop()
                    self.decision = decision
                    self.cut_at_s = max(0.0, self.clock() - started)
                    self.pending = Heard(decision.heard, end_s=self.clock(),
                                         unsure=decision.unsure)
                    self.skipping = True
                    self._line = None
                    return

    def _follow(self, near: np.ndarray, end_s: float) -> None:
        """Keep the reference on its echo (FarEnd.track) every TRACK_EVERY_S of a line."""
        self._recent = np.concatenate([self._recent, near])
        window = round(TRACK_WINDOW_S * ASR_RATE_HZ)
        every = round(TRACK_EVERY_S * ASR_RATE_HZ)
        if len(self._recent) < window + every:
            return
        self._recent = self._recent[-window:]
        moved = self.far.track(self._recent, end_s - window / ASR_RATE_HZ)
        if moved:
            log.info("talk-over: echo moved %+.1f ms within the line", moved * 1000)


_OPEN: weakref.WeakSet[TalkOver] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for talk in list(_OPEN):
        talk.close()


class TalkOverMouth(VoiceMouth):
    """The voice mouth, listened over: a line can be cut, the rest of a question skipped,
    and a cut line started again on "repeat".

    ``note(text)`` shows where a line was cut (the transcript: the dialogue printed the
    whole line before it was said).
    """

    def __init__(self, speaker: ReadingSpeaker, talk: TalkOver,
                 note: Callable[[str], None], cut_line: Callable[[str], str],
                 poll_s: float = 0.02) -> None:
        super().__init__(speaker, poll_s)
        self.talk = talk
        self.note = note
        self.cut_line = cut_line
        self._text = ""
        self._playback: Playback | None = None

    def say(self, text: str) -> None:
        self._said(text, super().say)

    def spell(self, word: str) -> None:
        self._said(word, super().spell)

    def _said(self, text: str, play: Callable[[str], None]) -> None:
        if self.talk.skipping:
            return  # the host was stopped: the rest waits until the reply is handled
        while True:
            self._text = text
            play(text)
            if self.talk.cut_at_s is None:
                return
            length = self._playback.length_s if self._playback else 0.0
            self.note(self.cut_line(cut_text(text, length, self.talk.cut_at_s)))
            self.talk.cut_at_s = None
            if not is_repeat(self.talk.decision):
                return
            self.talk.take()  # "repeat" over a line: it starts again, whole
            self.talk.decision = None

    def _wait(self, playback: Playback) -> None:
        self._playback = playback
        self.talk.line_started(self._text, lambda: playback.length_s, self.speaker.stop)
        try:
            super()._wait(playback)
        finally:
            self.talk.line_ended()


class TalkOverEars:
    """The dialogue's ears: an utterance that stopped the host is heard first."""

    def __init__(self, inner: Any, talk: TalkOver) -> None:
        self.inner = inner
        self.talk = talk

    def expect(self, kind: ReplyKind, expected: Sequence[str], request: Mapping[str, Any]) -> None:
        self.talk.expect(kind, expected, request)

    def listen(self, kind: ReplyKind, expected: Sequence[str], timeout_s: float) -> Heard:
        heard = self.talk.take()
        if heard is not None:
            return heard
        return self.inner.listen(kind, expected, timeout_s)  # type: ignore[no-any-return]


def cut_text(text: str, duration_s: float, cut_at_s: float) -> str:
    """The part of ``text`` said by ``cut_at_s`` (placed in proportion to the characters,
    up to the last whole word)."""
    if duration_s <= 0:
        return text
    n = int(len(text) * min(1.0, cut_at_s / duration_s))
    part = text[:n]
    if n < len(text) and " " in part:
        part = part[:part.rfind(" ")]
    return part.rstrip(" ,;:")


def is_repeat(decision: Decision | None) -> bool:
    return (decision is not None and decision.verdict is Verdict.STOP_COMMAND
            and decision.understood is not None and decision.understood.command == "repeat")


def build(recognizer: Any, gate: Any, *, input_device: str | int | None,
          output_device: str | int | None, rate: str, headphones: bool,
          note: Callable[[str], None], cut_line: Callable[[str], str],
          voice: VoiceKind = VoiceKind.ESPEAK, game: str | None = None,
          warn: Callable[[str], None] = print) -> tuple[TalkOverMouth, TalkOverEars]:
    """A mouth (in ``voice``, rendering ``game``'s phrases ahead; ``warn`` says in one line
    why it fell back to espeak-ng) and ears that listen over the host; AudioError (one line)
    when they cannot: no echo canceller (unless ``headphones``), or devices that cannot
    play and record at once. The caller then falls back to the host that finishes its lines
    first."""
    from voice.audio.clips import AudioError, Clip
    from voice.hearing.audio_in import MicSource
    from voice.hearing.overlap import decoder_for
    from voice.speaking.audio_out import SpeakerOut
    from voice.speaking.tts import VoiceSettings

    canceller = None if headphones else SpeexCanceller()
    far = FarEnd()
    mic = MicSource(input_device, gate)
    try:
        out = SpeakerOut(output_device, far_end=far)
        probe = out.play(Clip.silence(0.05, 22050))  # playing with the microphone open
        if not probe.wait(5.0):
            raise AudioError("the speaker gave no sound while the microphone was open")
    except AudioError as exc:
        mic.close()
        raise AudioError(f"cannot play and record at once ({exc})") from None
    speaker, _ = open_speaker(voice, out, VoiceSettings(rate=rate), gate, note=warn, game=game)
    speaker.render("ready")  # fail now, in one line, if the speech engine is missing
    talk = TalkOver(far, OverlapListener(decoder_for(recognizer)), BargeInPolicy(), canceller,
                    mic.device_rate_hz)
    mic.tap = talk.heard_block
    ears = TalkOverEars(VoiceEars(recognizer, mic, gate, live=True), talk)
    return TalkOverMouth(speaker, talk, note, cut_line), ears
