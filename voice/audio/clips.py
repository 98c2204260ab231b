"""Sound in and out: clips, WAV files, resampling, sounddevice streams, the mic gate.

Recognizers take 16 kHz mono 16-bit audio; everything else (a 44.1 kHz stereo
WAV, a 22.05 kHz TTS render, a 48 kHz microphone) is converted here so the
engines never see another format. Time inside a listen is counted in audio
frames, not read from a clock, so a WAV file and a live microphone behave the
same and tests are deterministic.
"""

from __future__ import annotations

import math
import queue
import threading
import time
import wave
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

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
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(clip.rate_hz)
        w.writeframes(clip.pcm())


# -- sources: what a recognizer listens to ---------------------------------------------


class AudioIn(Protocol):
    """16-bit mono audio at ``rate_hz``, pulled in chunks by a recognizer."""

    rate_hz: int

    def read(self, frames: int) -> bytes:
        """Up to ``frames`` frames of PCM; blocks for live input; b"" at the end of the stream."""
        ...

    def close(self) -> None: ...


class MemorySource:
    """A clip played to a recognizer as if live, for tests, ``tabletop hear`` and the demo.

    ``tail_s`` of silence follows the clip so an endpointer can see speech end,
    as it would on a real microphone.
    """

    def __init__(self, clip: Clip, rate_hz: int = ASR_RATE_HZ, tail_s: float = 1.0) -> None:
        self.rate_hz = rate_hz
        audio = clip.to_rate(rate_hz).samples
        pad = np.zeros(int(tail_s * rate_hz), dtype=np.int16)
        self._pcm = np.concatenate([audio, pad]).astype("<i2").tobytes()
        self._pos = 0

    def read(self, frames: int) -> bytes:
        chunk = self._pcm[self._pos:self._pos + frames * 2]
        self._pos += len(chunk)
        return chunk

    def close(self) -> None:
        self._pos = len(self._pcm)


class WavSource(MemorySource):
    """A WAV file, any format :func:`read_wav` accepts, resampled to 16 kHz mono."""

    def __init__(self, path: str | Path, tail_s: float = 1.0) -> None:
        super().__init__(read_wav(path), ASR_RATE_HZ, tail_s)


# -- the mic gate ----------------------------------------------------------------------


@dataclass
class MicGate:
    """Keeps the microphone deaf while the app speaks and for a short tail after.

    Without it the recognizer hears the app's own voice from the speakers (as
    Pipecat's "mute while the bot speaks" strategies avoid). Times are passed in
    (seconds on any monotonic clock) so the policy is testable without sleeping.
    """

    tail_s: float = 0.3
    """Extra deaf time after speech ends, for room echo (seconds)."""
    _speaking: int = 0
    _open_at: float = 0.0

    def speech_started(self) -> None:
        self._speaking += 1

    def speech_ended(self, now_s: float) -> None:
        self._speaking = max(0, self._speaking - 1)
        self._open_at = max(self._open_at, now_s + self.tail_s)

    def is_open(self, now_s: float) -> bool:
        return self._speaking == 0 and now_s >= self._open_at


# -- sounddevice: devices, microphone, speaker ------------------------------------------


def _sd() -> Any:
    """sounddevice, or a one-line error when PortAudio is missing."""
    try:
        import sounddevice
    except OSError as exc:  # PortAudio library not found
        raise AudioError(f"no sound system: {exc}; install PortAudio "
                         "(Debian: apt-get install libportaudio2) or use --asr text") from None
    return sounddevice


@dataclass(frozen=True)
class Device:
    """One sound device as PortAudio sees it."""

    index: int
    name: str
    hostapi: str
    inputs: int
    """Input channels (0 = cannot record)."""
    outputs: int
    """Output channels (0 = cannot play)."""
    default_rate_hz: float
    """The device's preferred sample rate (Hertz)."""
    default_input: bool
    default_output: bool


def rescan_devices() -> None:
    """Make PortAudio look for devices again (it lists them once, when first loaded).

    Needed when a sound server starts after the app did; never call it while a
    stream is open.
    """
    sd = _sd()
    sd._terminate()
    sd._initialize()


def list_devices() -> list[Device]:
    sd = _sd()
    apis = [a["name"] for a in sd.query_hostapis()]
    d_in, d_out = sd.default.device
    out = []
    for i, d in enumerate(sd.query_devices()):
        out.append(Device(i, d["name"], apis[d["hostapi"]], d["max_input_channels"],
                          d["max_output_channels"], d["default_samplerate"],
                          i == d_in, i == d_out))
    return out


def find_device(spec: str | int | None, kind: str, devices: list[Device] | None = None) -> int:
    """The device index for ``--input``/``--output`` (name, part of a name, or index).

    ``None`` takes the system default. ``kind`` is "input" or "output". No
    device of that kind is a one-line :class:`AudioError`, which is what lets
    ``--asr auto`` fall back to text mode.
    """
    devs = list_devices() if devices is None else devices
    usable = [d for d in devs if (d.inputs if kind == "input" else d.outputs) > 0]
    if not usable:
        raise AudioError(f"no {kind} device found; plug one in, check `tabletop devices`, "
                         "or play in text mode (--asr text)")
    if spec is None or spec == "":
        for d in usable:
            if d.default_input if kind == "input" else d.default_output:
                return d.index
        return usable[0].index
    names = ", ".join(f"{d.index}: {d.name}" for d in usable)
    if isinstance(spec, int) or str(spec).isdigit():
        idx = int(spec)
        if any(d.index == idx for d in usable):
            return idx
        raise AudioError(f"no {kind} device with index {idx}; {kind} devices: {names}")
    exact = [d for d in usable if d.name.lower() == str(spec).lower()]
    part = exact or [d for d in usable if str(spec).lower() in d.name.lower()]
    if len(part) == 1:
        return part[0].index
    if not part:
        raise AudioError(f"no {kind} device named {spec!r}; {kind} devices: {names}")
    raise AudioError(f"{spec!r} matches several {kind} devices ({', '.join(d.name for d in part)});"
                     " give the index")


class MicSource:
    """The microphone through sounddevice, converted to 16 kHz mono.

    Blocks captured while the :class:`MicGate` is closed are replaced by
    silence, so the recognizer's clock keeps running but it never hears the app.
    """

    def __init__(self, device: str | int | None = None, gate: MicGate | None = None,
                 block_ms: int = 50, clock: Callable[[], float] = time.monotonic,
                 ready_timeout_s: float = 5.0) -> None:
        sd = _sd()
        self._index = find_device(device, "input")
        info = sd.query_devices(self._index)
        # Ask for 16 kHz (PulseAudio, CoreAudio, WASAPI convert); raw hardware
        # that only takes its own rate is resampled here as blocks arrive.
        try:
            sd.check_input_settings(device=self._index, samplerate=ASR_RATE_HZ, channels=1,
                                    dtype="int16")
            self._dev_rate = ASR_RATE_HZ
        except Exception:  # sounddevice raises PortAudioError or ValueError
            self._dev_rate = int(info["default_samplerate"]) or ASR_RATE_HZ
        self.rate_hz = ASR_RATE_HZ
        self._resampler = (StreamResampler(self._dev_rate, ASR_RATE_HZ)
                           if self._dev_rate != ASR_RATE_HZ else None)
        self.gate = gate or MicGate()
        self._clock = clock
        self._queue: queue.Queue[bytes] = queue.Queue()
        self._buf = b""
        block = self._dev_rate * block_ms // 1000

        def callback(indata: Any, frames: int, t: Any, status: Any) -> None:
            # The gate is checked when the audio is captured: a block read later,
            # after the app stopped talking, must still be silent if it held its voice.
            block = bytes(indata)
            self._queue.put(block if self.gate.is_open(self._clock()) else bytes(len(block)))
            capturing.set()

        capturing = threading.Event()
        try:
            self._stream = sd.RawInputStream(samplerate=self._dev_rate, channels=1, dtype="int16",
                                             device=self._index, blocksize=block,
                                             callback=callback)
            self._stream.start()
        except sd.PortAudioError as exc:
            raise AudioError(f"cannot open input device {info['name']!r}: {exc}") from None
        # The first input stream of a process can take 1-2 s to deliver audio
        # (measured through ALSA's pulse plugin); words said meanwhile are lost.
        # So the microphone counts as open only once sound arrives.
        if not capturing.wait(ready_timeout_s):
            self.close()
            raise AudioError(f"input device {info['name']!r} gave no sound within "
                             f"{ready_timeout_s:g} s; check `tabletop devices`")

    def read(self, frames: int) -> bytes:
        while len(self._buf) < frames * 2:
            block = self._queue.get()
            data = np.frombuffer(block, dtype="<i2")
            if self._resampler is not None:
                data = self._resampler.push(data)
            self._buf += data.astype("<i2").tobytes()
        out, self._buf = self._buf[: frames * 2], self._buf[frames * 2:]
        return out

    def close(self) -> None:
        self._stream.stop()
        self._stream.close()


# -- sinks: where speech goes ------------------------------------------------------------


@dataclass
class Playback:
    """A clip being played: wait for its end, or stop it at once."""

    duration_s: float
    """Length of the clip (seconds)."""
    _done: threading.Event = field(default_factory=threading.Event)
    _stopper: Callable[[], None] | None = None
    first_audio_s: float | None = None
    """Monotonic time when the device first took audio (seconds), if known."""
    stopped: bool = False

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout_s: float | None = None) -> bool:
        """True once playback has ended (finished or stopped)."""
        return self._done.wait(timeout_s)

    def stop(self) -> None:
        if not self._done.is_set():
            self.stopped = True
            if self._stopper is not None:
                self._stopper()
            self._done.set()


class AudioOut(Protocol):
    """Somewhere clips are played; ``play`` returns at once."""

    def play(self, clip: Clip) -> Playback: ...


class MemorySink:
    """Keeps every clip "played", finishing at once: for tests and the text demo."""

    def __init__(self) -> None:
        self.clips: list[Clip] = []

    def play(self, clip: Clip) -> Playback:
        self.clips.append(clip)
        pb = Playback(clip.duration_s)
        pb._done.set()
        return pb


class WavSink(MemorySink):
    """Writes everything played, joined, to one WAV file when closed."""

    def __init__(self, path: str | Path, rate_hz: int = 22050) -> None:
        super().__init__()
        self.path, self.rate_hz = Path(path), rate_hz

    def close(self) -> None:
        write_wav(self.path, Clip.join(self.clips, self.rate_hz))


class SpeakerOut:
    """Plays clips on a sounddevice output, one at a time; a new clip stops the old one."""

    def __init__(self, device: str | int | None = None, block_ms: int = 20) -> None:
        self._sd = _sd()
        self._index = find_device(device, "output")
        self._block_ms = block_ms
        self._current: Playback | None = None

    def play(self, clip: Clip) -> Playback:
        if self._current is not None:
            self._current.stop()
        sd = self._sd
        data = clip.pcm()
        pos = 0
        pb = Playback(clip.duration_s)
        halt = threading.Event()
        finished = threading.Event()

        # Stopping goes through the callback (the next block, <= block_ms away):
        # Pa_AbortStream can hang on ALSA's pulse plugin.
        def callback(outdata: Any, frames: int, t: Any, status: Any) -> None:
            nonlocal pos
            if pb.first_audio_s is None:
                pb.first_audio_s = time.monotonic()
            n = len(outdata)
            if halt.is_set():
                outdata[:] = b"\x00" * n
                raise sd.CallbackAbort
            chunk = data[pos:pos + n]
            pos += len(chunk)
            outdata[: len(chunk)] = chunk
            if len(chunk) < n:
                outdata[len(chunk):] = b"\x00" * (n - len(chunk))
                raise sd.CallbackStop

        def on_finished() -> None:
            finished.set()
            pb._done.set()

        try:
            stream = sd.RawOutputStream(samplerate=clip.rate_hz, channels=1, dtype="int16",
                                        device=self._index,
                                        blocksize=clip.rate_hz * self._block_ms // 1000,
                                        callback=callback, finished_callback=on_finished)
        except sd.PortAudioError as exc:
            raise AudioError(f"cannot open output device {self._index}: {exc}") from None
        pb._stopper = halt.set
        stream.start()
        self._current = pb

        def closer() -> None:
            finished.wait(clip.duration_s + 10)
            stream.close(ignore_errors=True)

        threading.Thread(target=closer, daemon=True).start()
        return pb


def chunks(source: AudioIn, frames: int) -> Iterator[bytes]:
    """Read a source until it ends."""
    while True:
        data = source.read(frames)
        if not data:
            return
        yield data
