"""Sound in: what a recognizer listens to (a live microphone, or a clip played as if live).

Everything arrives as 16 kHz mono 16-bit PCM pulled in chunks; time inside a
listen is counted in audio frames, not read from a clock, so a WAV file and a
live microphone behave the same and tests are deterministic.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from voice.audio.clips import ASR_RATE_HZ, AudioError, Clip, StreamResampler, read_wav
from voice.audio.devices import MicGate, find_device, sounddevice_module


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
    as it would on a real microphone; ``lead_s`` of silence comes before it.
    """

    def __init__(self, clip: Clip, rate_hz: int = ASR_RATE_HZ, tail_s: float = 1.0,
                 lead_s: float = 0.0) -> None:
        self.rate_hz = rate_hz
        audio = clip.to_rate(rate_hz).samples
        pad = np.zeros(int(tail_s * rate_hz), dtype=np.int16)
        lead = np.zeros(int(lead_s * rate_hz), dtype=np.int16)
        self._pcm = np.concatenate([lead, audio, pad]).astype("<i2").tobytes()
        self._pos = 0

    def read(self, frames: int) -> bytes:
        chunk = self._pcm[self._pos:self._pos + frames * 2]
        self._pos += len(chunk)
        return chunk

    def close(self) -> None:
        self._pos = len(self._pcm)


class WavSource(MemorySource):
    """A WAV file, any format :func:`read_wav` accepts, resampled to 16 kHz mono.

    Half a second of silence goes before it: a recording may start on the first
    sound of a word (a microphone never does), and without room before it the
    voice detector opens late and the decoder hears "get done" for "kitchen".
    """

    def __init__(self, path: str | Path, tail_s: float = 1.0, lead_s: float = 0.5) -> None:
        super().__init__(read_wav(path), ASR_RATE_HZ, tail_s, lead_s)


class MicSource:
    """The microphone through sounddevice, converted to 16 kHz mono.

    Blocks captured while the :class:`MicGate` is closed are replaced by
    silence, so the recognizer's clock keeps running but it never hears the app.
    """

    def __init__(self, device: str | int | None = None, gate: MicGate | None = None,
                 block_ms: int = 50, clock: Callable[[], float] = time.monotonic,
                 ready_timeout_s: float = 5.0) -> None:
        sd = sounddevice_module()
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

        self.tap: Callable[[bytes, float], None] | None = None
        """Also given every block as captured, gate or no gate, with the monotonic time
        (seconds) its first sample was captured: what the barge-in listener hears while
        the app talks (through the echo canceller)."""
        self.device_rate_hz = self._dev_rate
        latency_s = 0.0

        def callback(indata: Any, frames: int, t: Any, status: Any) -> None:
            # The gate is checked when the audio is captured: a block read later,
            # after the app stopped talking, must still be silent if it held its voice.
            block = bytes(indata)
            tap = self.tap
            if tap is not None:
                tap(block, self._clock() - frames / self._dev_rate - latency_s)
            self._queue.put(block if self.gate.is_open(self._clock()) else bytes(len(block)))
            capturing.set()

        capturing = threading.Event()
        try:
            self._stream = sd.RawInputStream(samplerate=self._dev_rate, channels=1, dtype="int16",
                                             device=self._index, blocksize=block,
                                             callback=callback)
            latency_s = float(self._stream.latency)
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


def chunks(source: AudioIn, frames: int) -> Iterator[bytes]:
    """Read a source until it ends."""
    while True:
        data = source.read(frames)
        if not data:
            return
        yield data
