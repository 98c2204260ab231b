"""The recognizer protocol's helpers, the text adapter and --asr selection."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

import models
from voice.errors import UsageError, UserError
from voice.hearing.asr.base import (
    Alternative,
    Grammar,
    Recognition,
    allowed_sequence,
    listen_spelled,
)
from voice.hearing.asr.select import build, choose
from voice.hearing.asr.text import TextRecognizer
from voice.hearing.audio_in import AudioIn


def test_grammar_is_normalised_and_a_stable_cache_key() -> None:
    a = Grammar.of("yesno", ["No", "yes!", "yes", "  no  thanks "])
    b = Grammar.of("yesno", ["no thanks", "yes", "no"])
    assert a == b and hash(a) == hash(b)
    assert a.phrases == ("no", "no thanks", "yes")
    assert not a.repeat and Grammar.of("spelling", ["a"]).repeat
    assert Grammar.of("free", []).free


def test_allowed_sequence_checks_what_the_bigram_grammar_may_join() -> None:
    yn = Grammar.of("yesno", ["yes", "no", "no thanks"])
    assert allowed_sequence("no thanks", yn)
    assert not allowed_sequence("yes no", yn)  # joined: not one allowed phrase
    assert not allowed_sequence("[unk]", yn)
    letters = Grammar.of("spelling", ["see", "a", "tee", "double you"])
    assert allowed_sequence("see a tee", letters)
    assert allowed_sequence("double you a", letters)
    assert not allowed_sequence("double a", letters)


def test_heard_drops_unk_blanks_and_repeats() -> None:
    rec = Recognition((Alternative("[unk] cat"), Alternative("cat"), Alternative("[unk]"),
                       Alternative("hat")))
    assert rec.heard == ["cat", "hat"]
    assert rec.text == "[unk] cat"


class _Script:
    """A recognizer that replays canned results, to test the code around recognizers."""

    name = "script"

    def __init__(self, results: list[Recognition]) -> None:
        self.results = results
        self.timeouts: list[float] = []

    def listen(self, audio: AudioIn, grammar: Grammar, timeout_s: float = 8.0) -> Recognition:
        self.timeouts.append(timeout_s)
        return self.results.pop(0)


def _rec(text: str, end: float, at: float, second: str | None = None) -> Recognition:
    alts = [Alternative(text, 0.9)] + ([Alternative(second, 0.1)] if second else [])
    return Recognition(tuple(alts), "script", speech_end_ms=end, result_at_ms=at, decode_ms=5)


def test_listen_spelled_joins_segments_until_a_longer_silence() -> None:
    script = _Script([_rec("see", 400, 1000, "sea"), _rec("a tee", 600, 1200),
                      Recognition(engine="script", timed_out=True, result_at_ms=1500)])
    rec = listen_spelled(script.listen, None, Grammar.of("spelling", ["see", "a", "tee"]),  # type: ignore[arg-type]
                         timeout_s=8, gap_s=1.5)
    assert script.timeouts == [8, 1.5, 1.5]
    assert rec.heard == ["see a tee", "sea a tee"]
    assert rec.speech_end_ms == 1000 + 600 and rec.result_at_ms == 3700
    assert rec.decode_ms == 10 and not rec.timed_out


def test_listen_spelled_stops_at_done_and_passes_a_timeout_through() -> None:
    script = _Script([_rec("bee ee done", 500, 900)])
    assert listen_spelled(script.listen, None, Grammar.of("spelling", ["bee"])).text == "bee ee done"  # type: ignore[arg-type]
    quiet = _Script([Recognition(engine="script", timed_out=True, result_at_ms=8000)])
    assert listen_spelled(quiet.listen, None, Grammar.of("spelling", ["bee"])).timed_out  # type: ignore[arg-type]


def test_text_recognizer_reads_lines() -> None:
    text = TextRecognizer(io.StringIO("Yes please!\n\n"), echo=io.StringIO())
    grammar = Grammar.of("yesno", ["yes please", "no"])
    first = text.listen(None, grammar)
    assert first.text == "yes please" and first.alternatives[0].in_grammar
    assert first.alternatives[0].confidence == 1.0
    assert text.listen(None, grammar).timed_out  # empty line
    assert text.listen(None, grammar).timed_out  # end of input


@pytest.fixture
def no_models(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    monkeypatch.delenv(models.ENV_VAR, raising=False)
    monkeypatch.setattr(models, "search_dirs", lambda: [tmp_path / "models"])
    return tmp_path


def test_auto_takes_whisper_without_a_vosk_model(no_models: Path) -> None:
    choice = choose("auto")
    assert choice.engine == "whisper" and "Whisper tiny.en" in choice.reason
    assert "no Vosk model" in choice.reason and "tabletop models download" in choice.reason
    with pytest.raises(UserError, match="no Vosk model"):
        choose("vosk")


def test_auto_takes_vosk_when_a_model_is_installed(
        no_models: Path, korean_model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(models.ENV_VAR, str(korean_model))
    choice = choose("auto")
    assert choice.engine == "vosk" and choice.model_path == korean_model
    assert models.ENV_VAR in choice.reason
    monkeypatch.setenv(models.ENV_VAR, str(no_models))
    assert choose("auto").engine == "whisper"
    assert "not a Vosk model folder" in choose("auto").reason


def test_auto_falls_back_to_text_without_a_microphone(no_models: Path) -> None:
    choice = choose("auto", need_mic=True, have_mic=lambda: "no input device found")
    assert choice.engine == "text" and "no input device" in choice.reason
    with pytest.raises(UserError, match="no input device"):
        choose("whisper", need_mic=True, have_mic=lambda: "no input device found")
    assert choose("auto", need_mic=True, have_mic=lambda: None).engine == "whisper"


def test_choose_rejects_unknown_engines_and_builds_text() -> None:
    with pytest.raises(UsageError, match="allowed: auto, vosk, whisper, text"):
        choose("pocketsphinx")  # the engine before Whisper, removed
    choice = choose("text")
    assert choice.engine == "text" and isinstance(build(choice), TextRecognizer)


def test_a_recognizer_loads_in_the_background_and_the_first_listen_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The model loads while the host speaks; its first listen gets the loaded engine, and a
    load failure of an engine asked for by name surfaces there as its one-line error."""
    import threading

    from voice.hearing.asr import select

    release = threading.Event()
    heard: list[str] = []

    class Slow:
        name = "whisper"

        def listen(self, audio: object, grammar: Grammar, timeout_s: float = 8.0) -> object:
            heard.append(grammar.kind)
            return "heard"

    def build(choice: select.Choice, alternatives: int = 3) -> object:
        release.wait(5)
        if choice.engine == "vosk":
            raise UserError("the model is damaged")
        return Slow()

    monkeypatch.setattr(select, "build", build)
    loading = select.LoadingRecognizer(select.Choice("whisper", "asked"), "whisper")
    assert loading.name == "whisper" and not heard  # chosen at once, still loading
    release.set()
    assert loading.listen(None, Grammar("yesno", ("yes",))) == "heard" and heard == ["yesno"]
    failing = select.LoadingRecognizer(select.Choice("vosk", "asked"), "vosk")
    with pytest.raises(UserError, match="the model is damaged"):
        failing.listen(None, Grammar("yesno", ("yes",)))
