"""Clips of sound: WAV files, resampling, levels; the one rate recognizers take.

Recognizers take 16 kHz mono 16-bit audio; everything else (a 44.1 kHz stereo
WAV, a 22.05 kHz TTS render, a 48 kHz microphone) is converted here so the
engines never see another format. Time inside a listen is counted in audio
frames, not read from a clock, so a WAV file and a live microphone behave the
same and tests are deterministic.
"""

from __future__ import annotations

import math
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from voice.errors import UserError

ASR_RATE_HZ = 16000
"""The one sample rate every recognizer is fed (Hertz)."""


class AudioError(UserError):
    """A sound file or device problem the user can fix (one line, exit code 1)."""


@dataclass(eq=False)
class Clip:
    """Mono 16-bit audio in memory."""

    samples: np.ndarray
    """int16 samples, one channel."""
    rate_hz: int
    """Sample rate (Hertz)."""

    @property
    def duration_s(self) -> float:
        """Length (seconds)."""
        return len(self.samples) / self.rate_hz

    def pcm(self) -> bytes:
        """Little-endian 16-bit PCM, the byte layout recognizers and WAV files use."""
        return self.samples.astype("<i2").tobytes()

    def to_rate(self, rate_hz: int) -> Clip:
        return Clip(resample(self.samples, self.rate_hz, rate_hz), rate_hz)

    @staticmethod
    def silence(duration_s: float, rate_hz: int) -> Clip:
        return Clip(np.zeros(int(round(duration_s * rate_hz)), dtype=np.int16), rate_hz)

    @staticmethod
    def join(parts: list[Clip], rate_hz: int) -> Clip:
        """One clip from many, each converted to ``rate_hz`` first."""
        arrays = [p.samples if p.rate_hz == rate_hz else resample(p.samples, p.rate_hz, rate_hz)
                  for p in parts]
        if not arrays:
            return Clip(np.zeros(0, dtype=np.int16), rate_hz)
        return Clip(np.concatenate(arrays).astype(np.int16), rate_hz)


def tone(freq_hz: float, duration_s: float, rate_hz: int, level: float = 0.25) -> Clip:
    """A sine with 20 ms fades (no clicks): the "hum" that can stand in for a gap."""
    n = int(round(duration_s * rate_hz))
    t = np.arange(n) / rate_hz
    wave_ = np.sin(2 * math.pi * freq_hz * t) * level
    fade = min(n // 2, int(0.02 * rate_hz))
    if fade:
        ramp = np.linspace(0.0, 1.0, fade)
        wave_[:fade] *= ramp
        wave_[n - fade:] *= ramp[::-1]
    return Clip((wave_ * 32767).astype(np.int16), rate_hz)


def rms_dbfs(samples: np.ndarray) -> float:
    """Loudness of int16 samples relative to full scale (decibels; silence is -120)."""
    if len(samples) == 0:
        return -120.0
    x = samples.astype(np.float64) / 32768.0
    rms = math.sqrt(float(np.mean(x * x)))
    return 20 * math.log10(rms) if rms > 1e-6 else -120.0


def voiced_seconds(clip: Clip, frame_ms: int = 20, floor_dbfs: float = -40.0) -> float:
    """How much of the clip is louder than ``floor_dbfs`` (seconds), in ``frame_ms`` frames."""
    step = max(1, clip.rate_hz * frame_ms // 1000)
    loud = 0
    for start in range(0, len(clip.samples) - step + 1, step):
        if rms_dbfs(clip.samples[start:start + step]) > floor_dbfs:
            loud += 1
    return loud * frame_ms / 1000


# -- resampling ----------------------------------------------------------------------


def resample(samples: np.ndarray, from_hz: int, to_hz: int, half_taps: int = 16) -> np.ndarray:
    """Band-limited resampling (Hann-windowed sinc), int16 in, int16 out.

    Downsampling low-passes at the new Nyquist frequency so a 44.1 kHz file does
    not fold its highs into the recognizer's band.
    """
    if from_hz == to_hz or len(samples) == 0:
        return samples.astype(np.int16, copy=True)
    if from_hz <= 0 or to_hz <= 0:
        raise ValueError(f"sample rates must be positive, got {from_hz} and {to_hz}")
    x = samples.astype(np.float64)
    n_out = int(len(x) * to_hz // from_hz)
    ratio = from_hz / to_hz
    cutoff = min(1.0, to_hz / from_hz)  # of the input Nyquist frequency
    width = int(math.ceil(half_taps / cutoff))
    offsets = np.arange(-width + 1, width + 1)
    padded = np.concatenate([np.zeros(width), x, np.zeros(width + 1)])
    out = np.empty(n_out)
    chunk = 8192
    for start in range(0, n_out, chunk):
        pos = np.arange(start, min(n_out, start + chunk)) * ratio
        base = np.floor(pos).astype(np.int64)
        idx = base[:, None] + offsets[None, :]
        kernel = _kernel(idx - pos[:, None], cutoff, width)
        out[start:start + len(pos)] = np.sum(padded[idx + width] * kernel, axis=1)
    result: np.ndarray = np.clip(np.round(out), -32768, 32767).astype(np.int16)
    return result


def _kernel(dist: np.ndarray, cutoff: float, width: int) -> np.ndarray:
    window = 0.5 + 0.5 * np.cos(np.pi * np.clip(dist / (width + 0.5), -1.0, 1.0))
    k: np.ndarray = cutoff * np.sinc(cutoff * dist) * window
    return k


class StreamResampler:
    """:func:`resample` for audio that arrives in blocks (a microphone at 44.1 kHz).

    Gives the same samples as resampling the whole recording at once, a few
    milliseconds later: an output sample is made only when all the input its
    filter needs has arrived, so block edges leave no clicks.
    """

    def __init__(self, from_hz: int, to_hz: int, half_taps: int = 16) -> None:
        if from_hz <= 0 or to_hz <= 0:
            raise ValueError(f"sample rates must be positive, got {from_hz} and {to_hz}")
        self.from_hz, self.to_hz = from_hz, to_hz
        self.cutoff = min(1.0, to_hz / from_hz)
        self.width = int(math.ceil(half_taps / self.cutoff))
        self._offsets = np.arange(-self.width + 1, self.width + 1)
        self._buf = np.zeros(self.width)  # the zero padding resample() puts first
        self._buf0 = -self.width  # input index of _buf[0]
        self._next = 0  # next output index

    def push(self, block: np.ndarray) -> np.ndarray:
        """Feed int16 samples; returns the int16 output samples now complete."""
        self._buf = np.concatenate([self._buf, block.astype(np.float64)])
        end = self._buf0 + len(self._buf)  # one past the last input index held
        # output n needs input up to floor(n * from / to) + width < end
        n_stop = max(self._next, -(-(end - self.width) * self.to_hz // self.from_hz))
        if n_stop == self._next:
            return np.zeros(0, dtype=np.int16)
        pos = np.arange(self._next, n_stop) * (self.from_hz / self.to_hz)
        idx = np.floor(pos).astype(np.int64)[:, None] + self._offsets[None, :]
        out = np.sum(self._buf[idx - self._buf0] * _kernel(idx - pos[:, None], self.cutoff,
                                                           self.width), axis=1)
        self._next = n_stop
        keep = int(np.floor(n_stop * self.from_hz / self.to_hz)) - self.width + 1
        if keep > self._buf0:
            self._buf = self._buf[keep - self._buf0:]
            self._buf0 = keep
        result: np.ndarray = np.clip(np.round(out), -32768, 32767).astype(np.int16)
        return result


def to_mono(frames: np.ndarray) -> np.ndarray:
    """Average the channels of a (frames, channels) int array into int16 mono."""
    mono: np.ndarray = frames if frames.ndim == 1 else np.round(frames.astype(np.float64).mean(axis=1))
    return mono.astype(np.int16)


# -- WAV files -----------------------------------------------------------------------


def read_wav(path: str | Path) -> Clip:
    """Any PCM WAV (8/16/24/32-bit, any rate, any channels) as a mono clip at its own rate."""
    p = Path(path)
    if not p.exists():
        raise AudioError(f"no such file: {p}")
    if p.is_dir():
        raise AudioError(f"{p} is a folder; give a .wav file")
    try:
        with wave.open(str(p), "rb") as w:
            channels, width, rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
            raw = w.readframes(w.getnframes())
    except (wave.Error, EOFError) as exc:
        raise AudioError(f"{p} is not a PCM WAV file ({exc}); convert it, "
                         f"e.g. sox IN -b 16 OUT.wav") from None
    if rate <= 0 or channels <= 0:
        raise AudioError(f"{p} has a broken header (rate {rate}, channels {channels})")
    if width == 1:
        data = (np.frombuffer(raw, dtype=np.uint8).astype(np.int32) - 128) * 256
    elif width == 2:
        data = np.frombuffer(raw, dtype="<i2").astype(np.int32)
    elif width == 3:
        b = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 3).astype(np.int32)
        data = (b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16))
        data = np.where(data >= 1 << 23, data - (1 << 24), data) >> 8
    elif width == 4:
        data = np.frombuffer(raw, dtype="<i4").astype(np.int64) >> 16
    else:
        raise AudioError(f"{p} has {width * 8}-bit samples; allowed: 8, 16, 24 or 32-bit PCM")
    frames = data[: len(data) - len(data) % channels].reshape(-1, channels)
    return Clip(to_mono(frames), rate)


def write_wav(path: str | Path, clip: Clip) -> None:
    # The file is opened first: a wave.Wave_write whose own open fails raises again, as
    # "Exception ignored", when it is collected (CPython 3.11), after the one-line error.
    with open(path, "wb") as f, wave.open(f, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(clip.rate_hz)
        w.writeframes(clip.pcm())
