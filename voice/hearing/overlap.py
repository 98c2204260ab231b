"""Hearing while the host speaks: the canceller's residual through the voice detector and
the recognizer, one utterance at a time.

The host's voice is taken out of the microphone by :mod:`voice.audio.echo` first; what
is left (a player cutting in, table talk, a cough, and some of the host's own voice the
canceller missed) is cut into utterances by the same Silero detector and endpointer as
any listen, with a policy of its own (:data:`OVERLAP_POLICY`): a player who cuts in
wants the host to stop soon, so the trailing silence is short. Whether an utterance
stops the host is not decided here (:mod:`voice.hosting.barge_in` does, knowing the
prompt and the line being said).

Time is counted in audio (samples fed), as everywhere in hearing, so the bench's
simulated rooms and a live microphone behave the same.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from voice.audio.clips import ASR_RATE_HZ, Clip
from voice.hearing.asr.base import Grammar, Recognition, Recognizer, recognize_clip
from voice.hearing.endpoint import Endpointer, EndpointPolicy, outlasted_ms
from voice.hearing.vad import WINDOW, WINDOW_S, SileroVad
from voice.reply_kind import ReplyKind

OVERLAP_POLICY = EndpointPolicy(threshold=0.5, trailing_silence_s=0.15, preroll_s=0.3,
                                min_speech_s=0.06, max_utterance_s=4.0, early_s=0.09)
"""How an utterance over the host is cut. Commands and short answers are all that may
stop the host, so 0.15 s of silence ends one (the host falls silent sooner) and 4 s is the
longest (longer is table talk). Bursts under 0.06 s are none, as in any listen: at 0.15 s
the listener missed 1 more of 24 "stop"/"go" said alone (a short "stop" is two or three
voiced windows). It is decoded from 0.09 s of silence (early_s, three detector windows)
while the rest passes, and a decode the speaker talked on after is dropped; from 0.06 s,
the decode lost the end of more words ("go" heard as "no", a "stop" scored under
STOP_LIKE): 6 fewer of 120 commands at 0 dB stopped the host (bench_barge_in.py)."""

ECHO_RATIO_DB = -10.0
"""An utterance none of whose windows has its residual within this much (dB) of the
microphone's level is the host's echo, whatever the detector says: the canceller explained
nearly all of it, and it is not decoded. Decided per utterance, not per window: the weak
windows of a word fall in between, and gating them cut words in two. In the bench's rooms
(libspeexdsp, 32 ms windows; bench_barge_in.py seeds 1, 3 and 5) no utterance that stopped
the host for a player was under -7.6 dB, and a third of the host's own utterances that got
past the line onset were under -10, one of them, at -12.0, heard as the command "go"."""

QUIET_DBFS = -70.0
"""A residual window under this level (dBFS) says nothing about where it came from."""

Decoder = Callable[[np.ndarray, Grammar], Recognition]
"""Transcribes one utterance (float32 at 16 kHz) with a grammar."""


def decoder_for(recognizer: Recognizer) -> Decoder:
    """The recognizer's own whole-segment decode when it has one (Whisper), else the segment
    fed to its ``listen`` as a short clip. A recognizer still loading (``recognizer()``
    gives the loaded one) is waited for at the first decode."""

    def decode(samples: np.ndarray, grammar: Grammar) -> Recognition:
        loaded = getattr(recognizer, "recognizer", None)
        inner = loaded() if callable(loaded) else recognizer
        transcribe = getattr(inner, "transcribe", None)
        if callable(transcribe):
            return transcribe(samples, grammar)  # type: ignore[no-any-return]
        pcm = np.clip(samples * 32768.0, -32768, 32767).astype(np.int16)
        return recognize_clip(inner, Clip(pcm, ASR_RATE_HZ), grammar, timeout_s=2.0)

    return decode


@dataclass(frozen=True)
class Overheard:
    """One utterance heard while the host spoke (times in seconds of audio fed)."""

    recognition: Recognition
    start_s: float
    """Where speech started."""
    speech_end_s: float
    """Where speech ended (the end of its last voiced window)."""
    decided_s: float
    """Where the endpointer decided the utterance was over."""
    decode_s: float
    """Wall time the recognizer took past decided_s (seconds; of a decode begun during the
    trailing silence, only what outlasted it): the host stops this much after decided_s."""
    residual_db: float = 0.0
    """Its loudest speech window's residual less the microphone's level (dB): near 0 where a
    player is louder than the host's echo, -7 or less where the canceller explained most of
    what the microphone heard (0 without a microphone to compare)."""


class OverlapListener:
    """Feed it the canceller's residual as it comes; it returns each utterance, heard."""

    def __init__(self, decode: Decoder, vad: SileroVad | None = None,
                 policy: EndpointPolicy = OVERLAP_POLICY) -> None:
        self.decode = decode
        self.vad = vad or SileroVad()
        self.policy = policy
        self.grammar = Grammar(ReplyKind.COMMAND)
        self.echo_utterances = 0
        """Utterances left undecoded as the host's echo (see ECHO_RATIO_DB)."""
        self.vad_s = 0.0
        """Processor time spent in the voice detector (seconds of this thread), for the
        bench's CPU figure."""
        self.reset()

    def expect(self, grammar: Grammar) -> None:
        """The grammar utterances are heard with from now on (the prompt's and the commands)."""
        self.grammar = grammar

    def reset(self) -> None:
        """Start afresh (a new line): time counts from 0 again, and the detector too. Its
        state carried on from the last line's residual echo made it deaf to players: 2 of
        8 "stop"s over a line were heard against 7 of 8 with a fresh detector (the first
        windows after a reset run high, but the echo gate and the policy see to those)."""
        self.vad.reset()
        self._ends = Endpointer(self.policy, WINDOW_S)
        self._pending = np.zeros(0, dtype=np.float32)
        self._pending_near = np.zeros(0, dtype=np.float32)
        self._kept: list[np.ndarray] = []
        self._ratios: list[float] = []
        """Per kept window: its residual's level less the microphone's (dB; 0 without a
        microphone to compare, -inf where the detector heard no speech)."""
        self._kept_from = 0
        self._n = 0
        self._early: tuple[float, Recognition, float] | None = None
        """The utterance in progress decoded during its trailing silence: (when, in audio
        seconds; what was heard; the decode's wall time in seconds)."""

    @property
    def now_s(self) -> float:
        """Audio fed so far, in whole detector windows (seconds)."""
        return self._n * WINDOW_S

    @property
    def in_speech(self) -> bool:
        return self._ends.in_speech

    def _voiced_since(self, start_s: float) -> list[float]:
        """The kept windows' residual ratios (see reset) from the window at ``start_s`` on."""
        return self._ratios[max(0, round(start_s / WINDOW_S) - self._kept_from):]

    def _decoded(self, start_s: float, preroll: int) -> tuple[Recognition, float]:
        """The kept audio from ``start_s`` (with its pre-roll) heard with the grammar, and the
        decode's wall time (seconds)."""
        first = max(0, round(start_s / WINDOW_S) - self._kept_from - preroll)
        c0 = time.perf_counter()
        rec = self.decode(np.concatenate(self._kept[first:]), self.grammar)
        return rec, time.perf_counter() - c0

    def feed(self, samples: np.ndarray, near: np.ndarray | None = None) -> Overheard | None:
        """Residual audio (int16 or float32 at 16 kHz); the utterance that ended in it, if any
        (one per call: feed in small blocks, as audio arrives). ``near`` is the same stretch
        of microphone before the canceller, for the echo gate (ECHO_RATIO_DB)."""
        self._pending = np.concatenate([self._pending, _float(samples)])
        if near is not None:
            self._pending_near = np.concatenate([self._pending_near, _float(near)])
        preroll = max(1, round(self.policy.preroll_s / WINDOW_S))
        found: Overheard | None = None
        while len(self._pending) >= WINDOW:
            window, self._pending = self._pending[:WINDOW], self._pending[WINDOW:]
            mic: np.ndarray | None = None
            if len(self._pending_near) >= WINDOW:
                mic, self._pending_near = (self._pending_near[:WINDOW],
                                           self._pending_near[WINDOW:])
            c0 = time.thread_time()
            prob = self.vad.probability(window)
            level = _level_db(window)
            ratio = level - _level_db(mic) if mic is not None else 0.0
            if prob < self.policy.threshold - self.policy.release or level < QUIET_DBFS:
                ratio = -math.inf  # only windows with speech in them count
            self.vad_s += time.thread_time() - c0
            self._kept.append(window)
            self._ratios.append(ratio)
            utt = self._ends.feed(self._n * WINDOW_S, prob)
            self._n += 1
            ends = self._ends
            early_s = self.policy.early_s
            if self._early is not None and ends.in_speech and ends.silence_s < early_s:
                self._early = None  # the speaker went on: that was half an utterance
            if (utt is None and found is None and self._early is None
                    and ends.start_s is not None and ends.silence_s >= early_s):
                voiced = self._voiced_since(ends.start_s)
                if not _echo_only(voiced):
                    # heard while the rest of the trailing silence passes (live, it is
                    # real time): the host need not wait for both
                    self._early = (self.now_s, *self._decoded(ends.start_s, preroll))
            if utt is not None and found is None:
                voiced = self._voiced_since(utt.start_s)
                early, self._early = self._early, None
                if _echo_only(voiced):
                    self.echo_utterances += 1  # the canceller explained all of it
                else:
                    if early is not None:
                        at_s, rec, wall_s = early
                        # only the part of the decode that outlasted the silence delays
                        # the stop
                        wall_s = outlasted_ms(wall_s * 1000, at_s, utt.decided_s) / 1000
                    else:
                        rec, wall_s = self._decoded(utt.start_s, preroll)
                    found = Overheard(rec, utt.start_s, utt.speech_end_s, utt.decided_s,
                                      wall_s, max(voiced) if voiced else 0.0)
            if not self._ends.in_speech and len(self._kept) > preroll:
                del self._kept[:len(self._kept) - preroll]
                del self._ratios[:len(self._ratios) - preroll]
                self._kept_from = self._n - len(self._kept)
        return found


def _echo_only(voiced: list[float]) -> bool:
    """Whether no speech window of an utterance came within ECHO_RATIO_DB of the microphone."""
    return bool(voiced) and max(voiced) < ECHO_RATIO_DB


def _float(samples: np.ndarray) -> np.ndarray:
    if samples.dtype == np.int16:
        return samples.astype(np.float32) / 32768.0
    return samples.astype(np.float32, copy=False)


def _level_db(window: np.ndarray) -> float:
    return 10.0 * float(np.log10(float(np.mean(window * window)) + 1e-12))
