"""`tabletop hear`: one recording through the game's grammar, one JSON line out."""

from __future__ import annotations

import contextlib
import json
import wave
from pathlib import Path

import numpy as np
import pytest

import models
from voice.audio.clips import write_wav
from voice.cli import main
from voice.speaking.tts import Pyttsx3Speaker

pytestmark = pytest.mark.slow


@pytest.fixture
def no_vosk(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(models.ENV_VAR, raising=False)
    monkeypatch.setattr(models, "search_dirs", lambda: [tmp_path / "none"])


def _stereo_44k(path: Path, text: str) -> Path:
    """Speech as a 44.1 kHz stereo file, to check any format is accepted."""
    clip = Pyttsx3Speaker().render(text).to_rate(44100)
    frames = np.stack([clip.samples, clip.samples], axis=1).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(44100)
        w.writeframes(frames.tobytes())
    return path


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    assert main(["hear", *args]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])  # type: ignore[no-any-return]


def test_hear_yes_from_a_stereo_44k_file(tmp_path: Path, no_vosk: None,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = _run([str(_stereo_44k(tmp_path / "yes.wav", "yes")), "--expect", "yesno"], capsys)
    assert out["engine"] == "whisper" and "no Vosk model" in out["why"]
    assert out["heard"][0] == "yes"
    assert out["understood"]["value"] is True
    assert out["decode_ms"] > 0 and out["speech_end_ms"] > 0


def test_hear_a_word_answer(no_vosk: None, capsys: pytest.CaptureFixture[str]) -> None:
    """A person saying "bed" (tests/data/speech): right where bed is an answer, and not
    turned into the answer where it is not."""
    clip = str(Path(__file__).resolve().parents[2] / "data" / "speech"
               / "unknown_bed_0ea0e2f4_nohash_1.wav")
    out = _run([clip, "--expect", "word", "--answers", "bed,cot", "--asr", "whisper"], capsys)
    assert out["understood"]["verdict"] == "correct"
    assert out["understood"]["value"] == "bed"
    assert all(set(a) == {"text", "confidence", "in_grammar"} for a in out["alternatives"])
    out = _run([clip, "--expect", "word", "--answers", "table", "--asr", "whisper"], capsys)
    assert out["understood"] is None or out["understood"]["verdict"] != "correct"


def test_hear_a_choice(tmp_path: Path, no_vosk: None,
                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "second.wav"
    write_wav(path, Pyttsx3Speaker().render("the second one"))
    out = _run([str(path), "--expect", "choice", "--answers", "red,green,blue",
                "--correct", "green"], capsys)
    assert out["heard"][0] == "the second one"
    assert out["understood"]["value"] == 1 and out["understood"]["verdict"] == "correct"


def test_hear_with_the_korean_vosk_model_explains_the_language_mismatch(
        tmp_path: Path, korean_model: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(models.ENV_VAR, str(korean_model))
    path = tmp_path / "yes.wav"
    write_wav(path, Pyttsx3Speaker().render("yes"))
    assert main(["hear", str(path), "--expect", "yesno"]) == 1
    err = capsys.readouterr().err
    assert "right language" in err and err.count("\n") == 1


@pytest.mark.parametrize("args, code, message", [
    (["missing.wav", "--expect", "yesno"], 1, "no such file"),
    (["NOTWAV", "--expect", "yesno"], 1, "not a PCM WAV"),
    (["x.wav", "--expect", "word"], 2, "needs --answers"),
    (["x.wav", "--expect", "yesno", "--asr", "text"], 2, "reads the keyboard"),
    (["x.wav", "--expect", "yesno", "--asr", "sphinx"], 2, "allowed: auto, vosk"),
    (["x.wav", "--expect", "colour"], 2, "invalid choice"),
    (["x.wav", "--expect", "choice", "--answers", "a,b", "--correct", "c"], 2, "not one of"),
])
def test_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch, args: list[str], code: int,
                               message: str) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "NOTWAV").write_text("just text")
    write_wav(tmp_path / "x.wav", Pyttsx3Speaker().render("yes"))
    with pytest.raises(SystemExit) if "invalid" in message else contextlib.nullcontext():
        assert main(["hear", *args]) == code
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1, err



def test_hear_many_files_loads_the_recognizer_once(tmp_path: Path, no_vosk: None,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from voice.hearing.asr import select

    built: list[str] = []
    real_build = select.build
    monkeypatch.setattr(select, "build", lambda choice, n=3: built.append(choice.engine)
                        or real_build(choice, n))
    speaker = Pyttsx3Speaker()
    paths = []
    for word in ("yes", "no", "yes"):
        path = tmp_path / f"{len(paths)}-{word}.wav"
        write_wav(path, speaker.render(word))
        paths.append(str(path))
    (tmp_path / "broken.wav").write_bytes(b"RIFF nonsense")
    code = main(["hear", *paths[:2], str(tmp_path / "broken.wav"), paths[2],
                 "--expect", "yesno"])
    out, err = capsys.readouterr()
    lines = [json.loads(line) for line in out.strip().splitlines()]
    assert code == 1 and built == ["whisper"]
    assert [line["file"] for line in lines] == paths
    assert [line["understood"]["value"] for line in lines] == [True, False, True]
    assert err.count("\n") == 1 and "broken.wav" in err


def test_auto_passes_over_a_vosk_model_that_will_not_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    fake = tmp_path / "fake-model"
    for rel in ("am/final.mdl", "conf/model.conf", "graph/HCLr.fst", "graph/Gr.fst"):
        (fake / rel).parent.mkdir(parents=True, exist_ok=True)
        (fake / rel).write_bytes(b"not a model")
    monkeypatch.setenv(models.ENV_VAR, str(fake))
    path = tmp_path / "yes.wav"
    write_wav(path, Pyttsx3Speaker().render("yes"))
    assert main(["hear", str(path), "--expect", "yesno"]) == 0
    out, err = capsys.readouterr()
    line = json.loads(out)
    assert line["engine"] == "whisper" and "Vosk failed to load" in line["why"]
    assert err.count("\n") == 1 and "vosk cannot be used" in err
    assert main(["hear", str(path), "--expect", "yesno", "--asr", "vosk"]) == 1
    assert "could not load the model" in capsys.readouterr().err


def test_hear_numbers_in_a_range_from_people(no_vosk: None,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """--min/--max give the prompt's range: the recognizer is told the numbers it may hear
    and the judge refuses one outside it (human recordings, tests/data/speech)."""
    speech = Path(__file__).resolve().parents[2] / "data" / "speech"
    clips = sorted(speech.glob("digit_*.wav"))
    assert main(["hear", *map(str, clips), "--expect", "number", "--min", "0", "--max", "9"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    values = [line["understood"] and line["understood"]["value"] for line in lines]
    want = [int(p.name.split("_")[1]) for p in clips]
    assert sum(v == w for v, w in zip(values, want, strict=True)) >= len(clips) - 1, values
    three = [str(p) for p in clips if p.name.startswith("digit_3_")]
    assert main(["hear", *three, "--expect", "number", "--min", "5", "--max", "9"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["understood"] is None or line["understood"]["value"] != 3


def test_a_bad_number_range_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hear", "x.wav", "--expect", "number", "--min", "9", "--max", "2"]) == 2
    err = capsys.readouterr().err
    assert "--min and --max need 0 <= min <= max <= 100" in err and len(err.splitlines()) == 1
