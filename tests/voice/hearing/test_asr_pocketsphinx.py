"""pocketsphinx end to end: English speech made now by the project's TTS, recognised
with the grammars the game builds (voice.understanding.judge.grammar_words), then judged.

Synthetic voices are a poor stand-in for people and pocketsphinx is the weak
engine, so the floors below are what was measured (see each test), not hopes.
"""

from __future__ import annotations

import logging

import pytest

from voice.audio.clips import Clip
from voice.errors import UserError
from voice.hearing.asr.base import Grammar, listen_spelled, recognize_clip
from voice.hearing.asr.pocketsphinx import PocketsphinxRecognizer
from voice.hearing.audio_in import MemorySource
from voice.speaking.tts import Pyttsx3Speaker, VoiceSettings
from voice.understanding.judge import grammar_words, judge

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sphinx() -> PocketsphinxRecognizer:
    return PocketsphinxRecognizer()


@pytest.fixture(scope="module", params=["normal", "slow"])
def speaker(request: pytest.FixtureRequest) -> Pyttsx3Speaker:
    return Pyttsx3Speaker(settings=VoiceSettings(rate=request.param))


def _heard(sphinx: PocketsphinxRecognizer, clip: Clip, kind: str,
           expected: list[str] | None = None) -> list[str]:
    rec = recognize_clip(sphinx, clip, Grammar.of(kind, grammar_words(kind, expected or [])))
    return [a.text for a in rec.alternatives] or [""]


def test_model_ships_in_the_wheel_and_loads_fast(sphinx: PocketsphinxRecognizer) -> None:
    assert sphinx.load_s < 30  # about 0.3 s alone; bounded for a loaded machine
    assert sphinx.knows("yes") and not sphinx.knows("xyzzyq") and not sphinx.knows("it's;")


def test_unknown_words_are_left_out_with_a_warning(
        sphinx: PocketsphinxRecognizer, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="tabletop.asr"):
        text, dropped = sphinx.jsgf(Grammar.of("word", ["zorblax", "yes", "no thanks"]))
    assert dropped == ("zorblax",) and "zorblax" in caplog.text
    assert "( no thanks | yes )" in text and "zorblax" not in text
    with pytest.raises(UserError, match="dictionary"):
        sphinx.jsgf(Grammar.of("word", ["zorblax"]))


def test_yes_and_no(sphinx: PocketsphinxRecognizer, speaker: Pyttsx3Speaker) -> None:
    """Measured: yes/no/yeah/nope all understood right at both rates (transcripts
    vary: "nah" for "no", "not at" for "nope")."""
    for word, value in [("yes", True), ("no", False), ("yeah", True), ("nope", False)]:
        heard = _heard(sphinx, speaker.render(word), "yesno")
        assert judge({"kind": "yesno", "heard": heard}).value is value, (word, heard)


def test_numbers(sphinx: PocketsphinxRecognizer, speaker: Pyttsx3Speaker) -> None:
    """Measured 5-6 of 12 right (one to twelve, number grammar + commands);
    "seven" comes out as "two" and some as commands ("stop", "pardon")."""
    words = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "eleven", "twelve"]
    right = sum(judge({"kind": "number", "heard": _heard(sphinx, speaker.render(w), "number")})
                .value == n for n, w in enumerate(words, 1))
    assert right >= 4


def test_answers(sphinx: PocketsphinxRecognizer, speaker: Pyttsx3Speaker) -> None:
    """Per-question grammar (the answer + the commands). Measured 5 of 8 correct."""
    words = ["week", "year", "banana", "elephant", "kitchen", "library", "purple", "orange"]
    right = 0
    for w in words:
        heard = _heard(sphinx, speaker.render(w), "word", [w])
        right += judge({"kind": "word", "heard": heard, "accepted": [w]}).verdict == "correct"
    assert right >= 4


def test_off_list_speech_is_not_forced_into_the_answer(sphinx: PocketsphinxRecognizer) -> None:
    speaker = Pyttsx3Speaker()
    heard = _heard(sphinx, speaker.render("the weather is lovely today"), "word", ["giraffe"])
    assert judge({"kind": "word", "heard": heard, "accepted": ["giraffe"]}).verdict != "correct"


def test_spelled_letters_come_back_as_one_recognition(sphinx: PocketsphinxRecognizer) -> None:
    """Letters with pauses longer than the endpointer's: several listens joined.
    Spelled words from a synthetic voice are almost never exact (speech.md), so
    this checks the mechanics: one result, letter words only, spanning the word.
    Measured for "dog": "d" (pocketsphinx finds no path for the other letters)."""
    speaker = Pyttsx3Speaker(settings=VoiceSettings(rate="slow", letter_pause_ms=700))
    clip = speaker.render_spelled("dog")
    grammar = Grammar.of("spelling", grammar_words("spelling"))
    rec = listen_spelled(sphinx, MemorySource(clip, tail_s=3.0), grammar, timeout_s=3, gap_s=1.5)
    assert rec.alternatives and not rec.timed_out
    assert set(rec.text.split()) <= grammar.words()
    assert rec.result_at_ms / 1000 > clip.duration_s  # it listened to the whole word


def test_silence_times_out(sphinx: PocketsphinxRecognizer) -> None:
    rec = sphinx.listen(MemorySource(Clip.silence(0.1, 16000), tail_s=5), Grammar.of(
        "yesno", ["yes", "no"]), timeout_s=1.5)
    assert rec.timed_out and not rec.alternatives
    assert rec.result_at_ms == pytest.approx(1500, abs=50)


def test_a_noise_that_decodes_to_nothing_does_not_spoil_the_next_answer() -> None:
    """A burst the detector takes for speech but that holds no words must not move
    the cepstral mean: before the fix, after a few seconds of near-silence every
    later answer came back empty (found on the PulseAudio null sink)."""
    sphinx = PocketsphinxRecognizer()
    grammar = Grammar.of("yesno", grammar_words("yesno"))
    said = Pyttsx3Speaker().render("yes please")
    assert sphinx.listen(MemorySource(Clip.silence(4, 16000), tail_s=0), grammar, 2).timed_out
    for _ in range(2):
        heard = [a.text for a in recognize_clip(sphinx, said, grammar).alternatives]
        assert "yes please" in heard
        assert judge({"kind": "yesno", "heard": heard}).value is True
