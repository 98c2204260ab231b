"""voice.audio, voice.hearing.audio_in and voice.speaking.audio_out: resampling, WAV reading, sources, the mic gate, device choice, and the
real sounddevice path through a PulseAudio null sink."""

from __future__ import annotations

import gc
import json
import os
import sys
import time
import wave
from pathlib import Path

import numpy as np
import pytest

from voice.audio.clips import (
    AudioError,
    Clip,
    StreamResampler,
    read_wav,
    resample,
    tone,
    voiced_seconds,
    write_wav,
)
from voice.audio.devices import Device, MicGate, find_device
from voice.hearing.audio_in import MicSource, WavSource
from voice.speaking.audio_out import MemorySink, SpeakerOut, WavSink


def _peak_hz(samples: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples.astype(float)))
    return float(np.argmax(spectrum) * rate / len(samples))


@pytest.mark.parametrize("src_rate", [8000, 22050, 44100, 48000])
def test_resample_keeps_pitch_and_length(src_rate: int) -> None:
    clip = tone(440.0, 1.0, src_rate, level=0.5)
    out = resample(clip.samples, src_rate, 16000)
    assert abs(len(out) - 16000) <= 1
    assert abs(_peak_hz(out, 16000) - 440.0) < 2.0
    # level kept (a sine at 0.5 has RMS 0.354 of full scale)
    rms = np.sqrt(np.mean(out[1000:-1000].astype(float) ** 2)) / 32768
    assert 0.33 < rms < 0.37


def test_resample_removes_what_16k_cannot_hold() -> None:
    high = tone(10000.0, 1.0, 44100, level=0.5)
    out = resample(high.samples, 44100, 16000)
    rms = np.sqrt(np.mean(out.astype(float) ** 2)) / 32768
    assert rms < 0.01  # folded back to 6 kHz it would be ~0.35


@pytest.mark.parametrize("src_rate", [8000, 22050, 44100, 48000])
def test_stream_resampler_matches_resampling_all_at_once(src_rate: int) -> None:
    rng = np.random.default_rng(src_rate)
    x = rng.normal(0, 3000, src_rate * 2).astype(np.int16)
    whole = resample(x, src_rate, 16000)
    stream = StreamResampler(src_rate, 16000)
    parts, i = [], 0
    while i < len(x):  # blocks of any size, as a sound card delivers them
        n = int(rng.integers(1, 3000))
        parts.append(stream.push(x[i:i + n]))
        i += n
    got = np.concatenate(parts)
    assert len(whole) - 40 < len(got) <= len(whole)  # only the filter's tail is held back
    assert np.array_equal(got, whole[:len(got)])


def _write(path: Path, data: bytes, rate: int, channels: int, width: int) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(data)


def test_read_wav_stereo_any_rate_to_mono(tmp_path: Path) -> None:
    left = tone(300.0, 0.5, 44100, 0.4).samples
    right = np.zeros_like(left)
    stereo = np.stack([left, right], axis=1).astype("<i2").tobytes()
    _write(tmp_path / "s.wav", stereo, 44100, 2, 2)
    clip = read_wav(tmp_path / "s.wav")
    assert clip.rate_hz == 44100
    assert len(clip.samples) == len(left)
    assert np.allclose(clip.samples, left / 2, atol=1)


@pytest.mark.parametrize("width", [1, 3, 4])
def test_read_wav_other_sample_widths(tmp_path: Path, width: int) -> None:
    ref = tone(500.0, 0.2, 16000, 0.5).samples.astype(np.int64)
    if width == 1:
        data = ((ref >> 8) + 128).astype(np.uint8).tobytes()
    elif width == 3:
        v = (ref << 8) & 0xFFFFFF
        data = np.stack([v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF], axis=1).astype(
            np.uint8).tobytes()
    else:
        data = (ref << 16).astype("<i4").tobytes()
    _write(tmp_path / "w.wav", data, 16000, 1, width)
    clip = read_wav(tmp_path / "w.wav")
    assert np.max(np.abs(clip.samples.astype(int) - ref)) <= 256


def test_read_wav_errors_are_one_line(tmp_path: Path) -> None:
    with pytest.raises(AudioError, match="no such file"):
        read_wav(tmp_path / "missing.wav")
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(AudioError, match="not a PCM WAV"):
        read_wav(tmp_path / "notes.txt")
    with pytest.raises(AudioError, match="is a folder") as info:
        read_wav(tmp_path)
    assert "\n" not in str(info.value)


def test_a_wav_that_cannot_be_written_fails_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The error is raised once: nothing more is reported when the writer is collected
    (`tabletop say --out /proc/x` printed an "Exception ignored" traceback after its line)."""
    unraisable: list[object] = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    with pytest.raises(OSError):
        write_wav("/proc/no-such-file.wav", tone(200.0, 0.1, 16000))
    gc.collect()
    assert unraisable == []


def test_wav_source_feeds_16k_with_silence_before_and_after(tmp_path: Path) -> None:
    write_wav(tmp_path / "t.wav", tone(200.0, 1.0, 22050))
    src = WavSource(tmp_path / "t.wav", tail_s=0.5)
    data = b""
    while chunk := src.read(1600):
        data += chunk
    samples = np.frombuffer(data, dtype="<i2")
    assert src.rate_hz == 16000
    assert abs(len(samples) - 32000) <= 2  # 0.5 s lead, 1 s tone, 0.5 s tail
    assert not samples[:8000].any() and not samples[-8000:].any()
    assert samples[8000:24000].any()


def test_clip_join_silence_and_voiced_seconds() -> None:
    clip = Clip.join([tone(300.0, 0.5, 16000), Clip.silence(0.5, 8000), tone(300.0, 0.25, 16000)],
                     16000)
    assert clip.duration_s == pytest.approx(1.25, abs=0.01)
    assert voiced_seconds(clip) == pytest.approx(0.75, abs=0.05)


def test_mic_gate_closes_while_speaking_and_for_the_tail() -> None:
    gate = MicGate(tail_s=0.3)
    assert gate.is_open(0.0)
    gate.speech_started()
    assert not gate.is_open(5.0)
    gate.speech_ended(10.0)
    assert not gate.is_open(10.2)
    assert gate.is_open(10.3)


def test_memory_and_wav_sinks(tmp_path: Path) -> None:
    sink = MemorySink()
    pb = sink.play(tone(300.0, 0.2, 16000))
    assert pb.done and pb.wait(0) and len(sink.clips) == 1
    wav = WavSink(tmp_path / "out.wav", 16000)
    wav.play(tone(300.0, 0.2, 16000))
    wav.play(Clip.silence(0.3, 16000))
    wav.close()
    assert read_wav(tmp_path / "out.wav").duration_s == pytest.approx(0.5, abs=0.01)


DEVICES = [
    Device(0, "HDA Intel: ALC892 Analog (hw:0,0)", "ALSA", 2, 2, 44100.0, False, False),
    Device(1, "USB Headset Mic", "ALSA", 1, 0, 48000.0, False, False),
    Device(2, "pulse", "ALSA", 32, 32, 44100.0, False, False),
    Device(3, "default", "ALSA", 32, 32, 44100.0, True, True),
    Device(4, "HDMI 1", "ALSA", 0, 8, 48000.0, False, False),
]


def test_find_device_by_default_index_name_and_part() -> None:
    assert find_device(None, "input", DEVICES) == 3
    assert find_device("1", "input", DEVICES) == 1
    assert find_device("usb headset", "input", DEVICES) == 1
    assert find_device("HDMI", "output", DEVICES) == 4
    assert find_device("pulse", "output", DEVICES) == 2


def test_find_device_errors_say_what_is_there() -> None:
    with pytest.raises(AudioError, match="no input device named 'hdmi'.*1: USB Headset Mic"):
        find_device("hdmi", "input", DEVICES)
    with pytest.raises(AudioError, match="no input device with index 4"):
        find_device(4, "input", DEVICES)
    with pytest.raises(AudioError, match="several"):
        find_device("a", "input", DEVICES)
    with pytest.raises(AudioError, match="no input device found.*--asr text"):
        find_device(None, "input", [DEVICES[4]])


# -- the real thing: PortAudio -> ALSA pulse plugin -> PulseAudio null sink -------------


def _speech() -> Clip:
    from voice.speaking.tts import Pyttsx3Speaker
    return Pyttsx3Speaker().render("The quick brown fox jumps over the lazy dog.")


@pytest.mark.audio
def test_play_into_null_sink_and_record_its_monitor(null_sink: str) -> None:
    speech = _speech()
    mic = MicSource("pulse")
    out = SpeakerOut("pulse")
    try:
        mic.read(1600)  # the stream is running
        pb = out.play(speech)
        assert pb.wait(speech.duration_s + 5), "playback never finished"
        assert not pb.stopped and pb.first_audio_s is not None
        frames = int((speech.duration_s + 0.8) * 16000)
        got = np.frombuffer(mic.read(frames), dtype="<i2")
    finally:
        mic.close()
    recorded = Clip(got, 16000)
    voiced = voiced_seconds(recorded)
    # the recording holds the speech: about as much voiced time as the clip itself
    assert voiced == pytest.approx(voiced_seconds(speech), rel=0.35), voiced
    assert max(abs(int(got.max())), abs(int(got.min()))) > 3000


@pytest.mark.audio
def test_a_clip_is_played_to_its_last_sound(null_sink: str) -> None:
    """ALSA's pulse device dropped the last ~50 ms of each clip ("green" cut to "gree",
    heard as "three"); the silence played after it (Playback.tail_s) is what is lost now."""
    rate = 22050
    beep = tone(440, 0.4, rate)
    mic = MicSource("pulse")
    out = SpeakerOut("pulse")
    try:
        mic.read(1600)  # the stream is running
        pb = out.play(Clip.join([Clip.silence(0.3, rate), beep], rate))
        assert pb.wait(5) and pb.tail_s >= 0.1
        got = np.frombuffer(mic.read(int(1.2 * 16000)), dtype="<i2")
    finally:
        mic.close()
    # The beep's sound is counted in 10 ms frames, not from its first to its last loud
    # sample: on a starved machine the sink can stall inside a clip (0.67 s from first
    # to last sound was seen), which plays all of it, later; a cut end plays less.
    frames = got[: len(got) // 160 * 160].astype(np.int32).reshape(-1, 160)
    loud = np.abs(frames).max(axis=1) > 500
    assert loud.any(), "nothing recorded"
    heard_s = loud.sum() * 0.01
    assert heard_s == pytest.approx(0.4, abs=0.025), heard_s


@pytest.mark.audio
def test_stop_ends_playback_at_once(null_sink: str) -> None:
    one = _speech()
    assert one.duration_s > 1, one.duration_s
    speech = Clip.join([one] * 4, 22050)
    out = SpeakerOut("pulse")
    pb = out.play(speech)
    time.sleep(0.3)
    t0 = time.monotonic()
    pb.stop()
    assert pb.wait(5.0) and pb.stopped
    # Far sooner than the 6 s left to play, even on a loaded machine (0.5 s was
    # asserted, which a starved process can miss without anything being wrong).
    assert time.monotonic() - t0 < 3.0
    assert speech.duration_s > 6


@pytest.mark.audio
def test_what_is_played_is_in_the_far_end_before_it_is_heard_and_not_after_a_stop(
        null_sink: str) -> None:
    """The echo canceller reads what was played for each frame the microphone captured,
    as soon as it has it: written block by block, the reference was often not there yet
    (on the null sink the echo is heard before the blocks' stamps), and the canceller was
    fed silence for the echo it should have taken out."""
    from voice.audio.echo import FarEnd

    one = _speech()
    speech = Clip.join([one] * 4, 22050)
    far = FarEnd(lead_s=0.0)
    out = SpeakerOut("pulse", far_end=far)
    pb = out.play(speech)
    deadline = time.monotonic() + 5
    while pb.first_audio_s is None and time.monotonic() < deadline:
        time.sleep(0.005)
    assert pb.first_audio_s is not None, "the device took no audio"
    time.sleep(0.05)
    # the whole line is there from its first block on, up to its last second
    assert far.playing(pb.first_audio_s + speech.duration_s - 0.5)
    pb.stop()
    assert pb.wait(5.0)
    time.sleep(0.2)
    # what was never played is silence (the canceller is not fed an echo that never came)
    assert not far.playing(pb.first_audio_s + speech.duration_s - 0.5)


@pytest.mark.audio
def test_gated_microphone_hears_silence(null_sink: str) -> None:
    gate = MicGate(tail_s=0.0)
    gate.speech_started()  # before the mic opens: sound left in the sink is not heard either
    mic = MicSource("pulse", gate=gate)
    out = SpeakerOut("pulse")
    try:
        speech = _speech()
        out.play(speech)
        got = np.frombuffer(mic.read(int(speech.duration_s * 16000)), dtype="<i2")
    finally:
        mic.close()
    assert not got.any()


@pytest.mark.audio
def test_devices_command_lists_the_pulse_device(null_sink: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from voice.cli import main

    assert main(["devices"]) == 0
    out = capsys.readouterr().out
    assert " pulse  (ALSA; in, out;" in out and "--input/--output" in out
    assert main(["devices", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert any(r["name"] == "pulse" and r["inputs"] > 0 and r["outputs"] > 0 for r in rows)


@pytest.mark.audio
def test_a_private_sound_server_is_stopped_when_its_process_is_terminated(
        tmp_path: Path) -> None:
    """``kill`` of a demo that started its own null sink stops that server too."""
    import shutil
    import signal
    import subprocess
    import sys

    if shutil.which("pulseaudio") is None:
        pytest.skip("pulseaudio is not installed (tools/system-deps.sh installs it)")
    script = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from voice.audio.null_sink import NullSink\n"
        f"sink = NullSink('tabletop_term_test', Path({str(tmp_path)!r})).start()\n"
        "try:\n"
        "    print(sink.pid, flush=True)\n"
        "    time.sleep(60)\n"
        "finally:\n"
        "    sink.stop()\n")
    root = Path(__file__).resolve().parents[3]
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=root, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    if not line.isdigit():
        proc.kill()
        pytest.skip(f"no private server here: {proc.communicate()[1].strip()[-200:]}")
    server = int(line)
    os.kill(server, 0)  # running
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=20) == 128 + signal.SIGTERM
    with pytest.raises(ProcessLookupError):
        os.kill(server, 0)
