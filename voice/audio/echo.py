"""Echo cancellation: the host's own voice taken out of the microphone, so players can cut in.

The canceller is Xiph's libspeexdsp (BSD-3-Clause, Debian's ``libspeexdsp1``, which
PulseAudio itself depends on): its adaptive echo filter (MDF) fed the exact samples
being played, then its preprocessor's residual-echo suppressor. It is reached through
ctypes on its C API, unchanged since 2008; the Python bindings on PyPI are either
unmaintained (``speexdsp``, a 2018 sdist needing swig) or not freely licensed
(``speexdsp-aec``).

Chosen by measurement before the bench existed (a trial script; ``bench_barge_in.py
--canceller webrtc|speexdsp|speexdsp-linear`` runs the same comparison on the full corpus):
human "stop" / "yes" (shared/speech) said over the host's TTS line in three simulated rooms
(RT60 0.2-0.8 s, mild loudspeaker distortion), transcribed by Whisper tiny.en after the
canceller, 18 trials per level:

=========================================  =======  =======  =======
canceller                                  -5 dB    0 dB     +5 dB
=========================================  =======  =======  =======
libspeexdsp, echo filter + suppressor      17/18    18/18    18/18
libspeexdsp, echo filter alone             15/18    17/18    18/18
WebRTC AEC3 (``livekit`` 1.2.0 wheel)       8/18    10/18    14/18
=========================================  =======  =======  =======

AEC3 takes more echo out (ERLE 16-45 dB against speex's 13-19 dB) but its suppressor
also takes out the player talking over it, which is the whole point here; the echo
speex leaves is dealt with by knowing what the host is saying (see
:mod:`voice.hosting.barge_in`). Both cost under 1 % of a core.

Everything here is 16 kHz mono int16 in 10 ms frames (160 samples).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from voice.audio.clips import ASR_RATE_HZ, AudioError

FRAME = ASR_RATE_HZ // 100
"""Samples per canceller frame (10 ms at 16 kHz)."""
TAIL_S = 0.4
"""Longest echo path the filter learns (seconds): a room's reverberation that matters
plus the slack in lining up what was played with what was heard."""

_SET_SAMPLING_RATE = 24
"""SPEEX_ECHO_SET_SAMPLING_RATE (speex/speex_echo.h)."""
_SET_DENOISE = 0
"""SPEEX_PREPROCESS_SET_DENOISE (speex/speex_preprocess.h)."""
_SET_ECHO_SUPPRESS = 20
_SET_ECHO_SUPPRESS_ACTIVE = 22
_SET_ECHO_STATE = 24

_LIB: Any = None


def _speexdsp() -> Any:
    """libspeexdsp with its argument types declared, or a one-line AudioError."""
    global _LIB
    if _LIB is not None:
        return _LIB
    name = ctypes.util.find_library("speexdsp") or "libspeexdsp.so.1"
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        raise AudioError("no echo canceller: libspeexdsp is not installed (Debian: apt-get "
                         "install libspeexdsp1; macOS: brew install speexdsp); the host "
                         "will not listen while it speaks") from None
    vp, i16 = ctypes.c_void_p, ctypes.POINTER(ctypes.c_int16)
    lib.speex_echo_state_init.restype = vp
    lib.speex_echo_state_init.argtypes = [ctypes.c_int, ctypes.c_int]
    lib.speex_echo_state_destroy.argtypes = [vp]
    lib.speex_echo_ctl.argtypes = [vp, ctypes.c_int, vp]
    lib.speex_echo_cancellation.argtypes = [vp, i16, i16, i16]
    lib.speex_echo_state_reset.argtypes = [vp]
    lib.speex_preprocess_state_init.restype = vp
    lib.speex_preprocess_state_init.argtypes = [ctypes.c_int, ctypes.c_int]
    lib.speex_preprocess_state_destroy.argtypes = [vp]
    lib.speex_preprocess_ctl.argtypes = [vp, ctypes.c_int, vp]
    lib.speex_preprocess_run.argtypes = [vp, i16]
    _LIB = lib
    return lib


def available() -> str | None:
    """None when a canceller can be made here, else the one line saying why not."""
    try:
        _speexdsp()
    except AudioError as exc:
        return str(exc)
    return None


def _ptr(a: np.ndarray) -> Any:
    return a.ctypes.data_as(ctypes.POINTER(ctypes.c_int16))


class SpeexCanceller:
    """One echo canceller for one microphone and one speaker; keep it for the whole game.

    It learns the room as the host talks, so a new line starts from what the last one
    taught it (a fresh canceller lets more echo through for the first second or two).
    Not thread-safe: one thread feeds it.
    """

    name = "speexdsp"

    def __init__(self, tail_s: float = TAIL_S, suppress: bool = True, denoise: bool = True,
                 suppress_db: int = -40, suppress_active_db: int = -15) -> None:
        lib = _speexdsp()
        self._lib = lib
        self._echo = lib.speex_echo_state_init(FRAME, int(tail_s * ASR_RATE_HZ))
        rate = ctypes.c_int(ASR_RATE_HZ)
        lib.speex_echo_ctl(self._echo, _SET_SAMPLING_RATE, ctypes.byref(rate))
        self._pre = None
        if suppress:
            self._pre = lib.speex_preprocess_state_init(FRAME, ASR_RATE_HZ)
            lib.speex_preprocess_ctl(self._pre, _SET_ECHO_STATE, self._echo)
            for request, value in ((_SET_DENOISE, int(denoise)),
                                   (_SET_ECHO_SUPPRESS, suppress_db),
                                   (_SET_ECHO_SUPPRESS_ACTIVE, suppress_active_db)):
                v = ctypes.c_int(value)
                lib.speex_preprocess_ctl(self._pre, request, ctypes.byref(v))
        self._out = np.zeros(FRAME, dtype=np.int16)

    def process(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        """The microphone frame ``near`` less the echo of ``far`` (int16, FRAME samples each,
        ``far`` being what was played when ``near`` was captured, or a little before)."""
        near = np.ascontiguousarray(near, dtype=np.int16)
        far = np.ascontiguousarray(far, dtype=np.int16)
        if len(near) != FRAME or len(far) != FRAME:
            raise ValueError(f"frames are {FRAME} samples; got {len(near)} and {len(far)}")
        out = np.empty(FRAME, dtype=np.int16)
        self._lib.speex_echo_cancellation(self._echo, _ptr(near), _ptr(far), _ptr(out))
        if self._pre is not None:
            self._lib.speex_preprocess_run(self._pre, _ptr(out))
        return out

    def run(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
        """Whole signals at once (the bench and tests): ``near`` less the echo of ``far``;
        a last part shorter than a frame is passed through."""
        out = np.array(near, dtype=np.int16, copy=True)
        for i in range(0, min(len(near), len(far)) - FRAME + 1, FRAME):
            out[i:i + FRAME] = self.process(near[i:i + FRAME], far[i:i + FRAME])
        return out

    def close(self) -> None:
        if self._pre is not None:
            self._lib.speex_preprocess_state_destroy(self._pre)
            self._pre = None
        if self._echo is not None:
            self._lib.speex_echo_state_destroy(self._echo)
            self._echo = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown: ctypes may be gone already
            pass


@dataclass
class FarEnd:
    """What the speaker played, on the clock the microphone's frames are stamped with.

    The speaker writes each block as it hands it to the device, stamped with the time it
    will be heard; the microphone side reads, for each captured frame, what was playing
    ``lead_s`` before it was captured. Reading a little early keeps the reference ahead of
    its echo, as the filter needs, whatever the jitter of the two stamps; the filter's
    tail (TAIL_S) covers the rest. Silence where nothing was played.
    """

    lead_s: float = 0.05
    """How long before a captured frame's stamp the reference read for it was played
    (seconds; negative: after it), until :meth:`calibrate` measures it."""
    keep_s: float = 10.0
    """How much played audio is kept (seconds)."""
    streams: int = 0
    """Output streams that have played into it so far: each one's lag to the microphone is
    its own (a line said in two streams, the natural voice's first clause and its rest, is
    placed anew at the second)."""
    _chunks: list[tuple[int, np.ndarray]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def stream_started(self) -> None:
        """A new output stream starts playing into it."""
        with self._lock:
            self.streams += 1

    def write(self, heard_at_s: float, samples: np.ndarray) -> None:
        """``samples`` (int16 at 16 kHz) start to be heard at ``heard_at_s`` (monotonic s)."""
        start = round(heard_at_s * ASR_RATE_HZ)
        with self._lock:
            self._chunks.append((start, np.asarray(samples, dtype=np.int16)))
            oldest = start - int(self.keep_s * ASR_RATE_HZ)
            while self._chunks and self._chunks[0][0] + len(self._chunks[0][1]) < oldest:
                self._chunks.pop(0)

    def cut(self, from_s: float) -> None:
        """Nothing written plays from ``from_s`` on (monotonic s): the line was stopped."""
        end = round(from_s * ASR_RATE_HZ)
        with self._lock:
            self._chunks = [(start, c[:max(0, end - start)]) for start, c in self._chunks
                            if start < end]

    def read(self, captured_at_s: float, n: int) -> np.ndarray:
        """The ``n`` samples that played ``lead_s`` before ``captured_at_s``."""
        start = round((captured_at_s - self.lead_s) * ASR_RATE_HZ)
        out = np.zeros(n, dtype=np.int16)
        with self._lock:
            for c_start, c in self._chunks:
                lo, hi = max(start, c_start), min(start + n, c_start + len(c))
                if lo < hi:
                    out[lo - start:hi - start] = c[lo - c_start:hi - c_start]
        return out

    def calibrate(self, mic: np.ndarray, captured_at_s: float) -> float | None:
        """Place the reference by the host's own voice in ``mic`` (16 kHz, its first sample
        captured at ``captured_at_s``): the lead becomes the lag of the echo against the
        reference read at its stamps, less AHEAD_S, so that the echo comes AHEAD_S after the
        reference read for it (a negative lead reads past the stamps: the sound was heard
        sooner than stamped). Returns that lag (seconds), or None when
        it was not clear (lead unchanged)."""
        lag = measured_lag_s(mic, self.read(captured_at_s + self.lead_s, len(mic)))
        if lag is not None:
            self.lead_s = min(MAX_LAG_S, max(-MAX_LAG_S, lag - AHEAD_S))
        return lag

    def track(self, mic: np.ndarray, captured_at_s: float) -> float | None:
        """Keep the echo AHEAD_S after its reference within a line: where the host's voice in
        ``mic`` (16 kHz, its first sample captured at ``captured_at_s``) has moved against the
        reference read for it, the lead moves with it. Returns the move (seconds), or None
        when the voice was not clear enough to tell (a player talking over it)."""
        lag = measured_lag_s(mic, self.read(captured_at_s, len(mic)),
                             max_lag_s=AHEAD_S + TRACK_S, clear=TRACK_CLEAR)
        if lag is None or abs(lag - AHEAD_S) > TRACK_S:
            return None
        moved = lag - AHEAD_S
        if abs(moved) * ASR_RATE_HZ >= 2:
            self.lead_s += moved
        return moved

    def playing(self, at_s: float) -> bool:
        """Whether anything was written for time ``at_s``."""
        i = round(at_s * ASR_RATE_HZ)
        with self._lock:
            return any(s <= i < s + len(c) for s, c in self._chunks)


MAX_LAG_S = 1.0
"""Largest misplacement of the microphone against what was played that is looked for
(seconds): the two devices' reported latencies are all the placing has to go on."""
AHEAD_S = 0.1
"""How far ahead of its echo the reference is put once the lag is measured (seconds). On the
PulseAudio null sink the echo then wandered 20-40 ms from where the first second placed it;
at 0.03 s it came a millisecond before its reference as often as after, and the filter,
which only takes out an echo of what it was fed before, took out 3 dB of a line."""


TRACK_S = 0.05
"""Largest move of the echo within a line that is followed (seconds): on the null sink it
jumped by 15 ms once in four lines (a dropped block), and the filter, fed a reference 15 ms
off, took out 0-4 dB for the rest of the line instead of 25-40."""
TRACK_CLEAR = 0.6
"""Normalised correlation the host's voice must keep with its reference to be followed:
under a player talking over it, the peak is not trusted."""


def measured_lag_s(mic: np.ndarray, reference: np.ndarray, rate_hz: int = ASR_RATE_HZ,
                   max_lag_s: float = MAX_LAG_S, clear: float = 0.3) -> float | None:
    """How much later the host's voice is in ``mic`` than in ``reference`` (seconds; negative:
    earlier), from the peak of their cross-correlation; None unless the peak is clear (the
    normalised correlation at least ``clear``), as when nothing was played or it was
    drowned out."""
    n = min(len(mic), len(reference))
    if n < rate_hz // 2:
        return None
    a = mic[:n].astype(np.float64)
    b = reference[:n].astype(np.float64)
    energy = float(np.sqrt(np.sum(a * a) * np.sum(b * b)))
    if energy <= 0.0:
        return None
    size = 1 << int(np.ceil(np.log2(2 * n)))
    corr = np.fft.irfft(np.fft.rfft(a, size) * np.conj(np.fft.rfft(b, size)), size)
    max_lag = int(max_lag_s * rate_hz)
    lags = np.concatenate([np.arange(0, max_lag + 1), np.arange(-max_lag, 0)])
    values = np.concatenate([corr[:max_lag + 1], corr[size - max_lag:]])
    best = int(np.argmax(np.abs(values)))
    if abs(values[best]) / energy < clear:
        return None
    return float(lags[best]) / rate_hz
