"""Sound out: where the app's speech is played (a speaker, memory, or a WAV file).

``play`` returns at once with a :class:`Playback` to wait on or stop, so the
host can stop talking the moment a player interrupts.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from voice.audio.clips import ASR_RATE_HZ, AudioError, Clip, write_wav
from voice.audio.devices import find_device, sounddevice_module
from voice.audio.echo import FarEnd


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
    tail_s: float = 0.0
    """Silence played after the clip (seconds), so that the device plays all of it: the
    playback ends this long after the clip's last sound."""
    expected_s: float | None = None
    """The whole line's length where its rest is still being rendered while it plays
    (seconds; an estimate until the rest is ready); None where ``duration_s`` is all of it."""

    @property
    def length_s(self) -> float:
        """The whole line's length (seconds), as far as it is known."""
        return self.duration_s if self.expected_s is None else self.expected_s

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


TAIL_MIN_S = 0.1
"""The least silence played after a clip (seconds); see SpeakerOut.play."""


class SpeakerOut:
    """Plays clips on a sounddevice output, one at a time; a new clip stops the old one.

    With ``far_end``, every block is also written there (at 16 kHz) stamped with the time
    it will be heard, for the echo canceller that lets players talk over the host.
    """

    def __init__(self, device: str | int | None = None, block_ms: int = 20,
                 far_end: FarEnd | None = None) -> None:
        self._sd = sounddevice_module()
        self._index = find_device(device, "output")
        self._block_ms = block_ms
        self._current: Playback | None = None
        self.far_end = far_end

    def play(self, clip: Clip) -> Playback:
        if self._current is not None:
            self._current.stop()
        sd = self._sd
        data = clip.pcm()
        pos = 0
        pb = Playback(clip.duration_s)
        halt = threading.Event()
        finished = threading.Event()
        far = self.far_end
        far16 = clip.to_rate(ASR_RATE_HZ).samples if far is not None else np.zeros(0)
        latency_s = 0.0
        started_s: list[float | None] = [None]

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
            if far is not None and started_s[0] is None:
                # The whole clip is written at its first block, stamped by counting samples
                # from it: written block by block, the reference for a frame the microphone
                # had just captured was often not there yet (on the null sink it was read
                # 250 ms past the stamps, further than the output's latency reached ahead),
                # and the canceller was fed silence for echo it then could not take out.
                first = started_s[0] = time.monotonic() + latency_s
                far.write(first, far16)
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
                                        # a deeper buffer: on two busy cores the low
                                        # default underran hundreds of times a game (the
                                        # blocks stay 20 ms: 40 ms blocks reached the
                                        # null sink as silence one run in two, measured)
                                        latency="high",
                                        callback=callback, finished_callback=on_finished)
        except sd.PortAudioError as exc:
            raise AudioError(f"cannot open output device {self._index}: {exc}") from None
        # The last ~50 ms given to ALSA's pulse device before the stream stops never reach
        # the sink (a 0.37 s word came back 0.32 s long, its end cut: "green" was heard as
        # "three"), so the clip is followed by silence as long as the output's latency.
        pb.tail_s = max(TAIL_MIN_S, float(stream.latency))
        latency_s = float(stream.latency)  # a block given now is heard this much later
        data += b"\x00" * (2 * round(pb.tail_s * clip.rate_hz))

        def stopper() -> None:
            halt.set()
            if far is not None:
                # an aborted stream drops what it holds: nothing written plays from now on
                far.cut(time.monotonic() + self._block_ms / 1000)

        pb._stopper = stopper
        if far is not None:
            far.stream_started()
        stream.start()
        self._current = pb

        def closer() -> None:
            finished.wait(clip.duration_s + 10)
            stream.close(ignore_errors=True)

        threading.Thread(target=closer, daemon=True).start()
        return pb
