"""A recording fed to a listener as a live microphone feeds it, on a simulated clock.

Audio in memory is read as fast as the listener asks for it, so the time a listener spends
decoding while a pause passes costs nothing there. On a microphone it does: audio comes
at its own pace, and a listener that makes decode after decode while the speaker goes on
falls behind, and the reply comes that much later. :class:`LiveClock` keeps the time a
live microphone would: a read returns once its last sample would have been captured,
and the listener's work between reads moves the clock on, without the bench waiting in
real time.
"""

from __future__ import annotations

import time

from voice.audio.clips import Clip
from voice.hearing.audio_in import MemorySource


class LiveClock(MemorySource):
    """A clip read as from a live microphone; :meth:`now_s` is the simulated clock."""

    def __init__(self, clip: Clip) -> None:
        super().__init__(clip, tail_s=0.0)
        self._clock_s = 0.0
        """The simulated time of the last read's return (seconds from the first sample)."""
        self._returned: float | None = None
        """perf_counter() when the last read returned."""

    def read(self, frames: int) -> bytes:
        self._clock_s = self.now_s()
        chunk = super().read(frames)
        # a read returns no sooner than its last sample is captured
        self._clock_s = max(self._clock_s, self.read_s())
        self._returned = time.perf_counter()
        return chunk

    def now_s(self) -> float:
        """The simulated time now: the last read's return and the work done since."""
        since = 0.0 if self._returned is None else time.perf_counter() - self._returned
        return self._clock_s + since

    def read_s(self) -> float:
        """Where the reader is in the audio (seconds)."""
        return self._pos / 2 / self.rate_hz
