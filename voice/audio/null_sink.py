"""A private PulseAudio server whose only sink is a null sink: a sound system with no hardware.

``tabletop demo --loopback`` plays the players' voices into it and records them
back from its ``.monitor`` when the machine has no sound server of its own,
and the audio tests use it the same way. Clients (PortAudio's ``pulse`` ALSA
device) are pointed at it through PULSE_SERVER / PULSE_SINK / PULSE_SOURCE for
as long as it runs; it is stopped by its pid, and the environment put back.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from types import FrameType, TracebackType

from voice.audio.clips import AudioError

HOW_TO = ("start one with: pulseaudio -D --exit-idle-time=-1 -n "
          "--load='module-null-sink sink_name=game' --load=module-native-protocol-unix")
"""The one line that tells a user how to get a sound server by hand."""

_ENV = ("PULSE_SERVER", "PULSE_SINK", "PULSE_SOURCE")


class NullSink:
    """Start with :meth:`start` (or ``with``); :attr:`sink` is the sink's name."""

    def __init__(self, sink: str | None = None, runtime: Path | None = None,
                 start_timeout_s: float = 10.0) -> None:
        self.sink = sink or f"tabletop_{os.getpid()}"
        self._own_runtime = runtime is None
        self.runtime = runtime or Path(tempfile.mkdtemp(prefix="tabletop-pulse-"))
        self.start_timeout_s = start_timeout_s
        self.pid = 0
        self._saved: dict[str, str | None] = {}
        self._old_term: object = None

    def start(self) -> NullSink:
        """Start the server and point this process's audio at it; AudioError if it won't."""
        if shutil.which("pulseaudio") is None:
            raise AudioError(f"no sound server and no pulseaudio to start one; install "
                             f"pulseaudio, or {HOW_TO}")
        env = dict(os.environ, PULSE_RUNTIME_PATH=str(self.runtime))
        env.pop("PULSE_SERVER", None)
        proc = subprocess.run(
            ["pulseaudio", "-D", "--exit-idle-time=-1", "-n", "--disallow-exit",
             f"--load=module-null-sink sink_name={self.sink}",
             "--load=module-native-protocol-unix"],
            env=env, capture_output=True, text=True, timeout=30)
        pid_file, socket = self.runtime / "pid", self.runtime / "native"
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            text = pid_file.read_text().strip() if pid_file.exists() else ""
            if text.isdigit() and socket.exists():
                self.pid = int(text)
                break
            time.sleep(0.05)
        if not self.pid:
            why = proc.stderr.strip().splitlines()[-1:] or ["no reason given"]
            raise AudioError(f"pulseaudio did not start ({why[0][:200]}); {HOW_TO}")
        self._saved = {k: os.environ.get(k) for k in _ENV}
        os.environ.update(PULSE_SERVER=f"unix:{socket}", PULSE_SINK=self.sink,
                          PULSE_SOURCE=f"{self.sink}.monitor")
        self._end_on_sigterm()
        from voice.audio.devices import rescan_devices
        rescan_devices()
        return self

    def _end_on_sigterm(self) -> None:
        """A SIGTERM (``kill``, a service stop) ends this process through its ``finally``
        blocks, so the server is stopped with it rather than left running; only where
        nothing else handles SIGTERM, and only from the main thread (Python's rule)."""
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL):
            self._old_term = signal.signal(signal.SIGTERM, _exit_on_signal)

    def stop(self) -> None:
        """Stop the server (by its pid) and put the environment back."""
        for k, v in self._saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        self._saved = {}
        if self._old_term is not None:
            signal.signal(signal.SIGTERM, self._old_term)  # type: ignore[arg-type]
            self._old_term = None
        if self.pid:
            _stop(self.pid)
            self.pid = 0
        if self._own_runtime:
            shutil.rmtree(self.runtime, ignore_errors=True)

    def __enter__(self) -> NullSink:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()


def _exit_on_signal(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def _stop(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
