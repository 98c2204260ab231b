"""voice.speaking.tts with the real pyttsx3/espeak-ng: renders, reading styles, rates, overrides."""

from __future__ import annotations

import numpy as np
import pytest

from voice.audio.clips import Clip, voiced_seconds
from voice.audio.devices import MicGate
from voice.errors import UsageError
from voice.speaking.audio_out import MemorySink
from voice.speaking.tts import (
    HUMMED_M,
    RATES_WPM,
    Pyttsx3Speaker,
    VoiceSettings,
    apply_pronounce,
    letter_names,
    missing_word_pieces,
    split_gap,
)


@pytest.fixture(scope="module")
def speaker() -> Pyttsx3Speaker:
    return Pyttsx3Speaker()


def _segments(clip: Clip, frame_ms: int = 10, floor: int = 300, min_gap_ms: int = 150) -> int:
    """Stretches of sound separated by at least ``min_gap_ms`` of near-silence."""
    step = clip.rate_hz * frame_ms // 1000
    loud = [np.abs(clip.samples[i:i + step].astype(int)).max() > floor
            for i in range(0, len(clip.samples) - step, step)]
    count, quiet = 0, min_gap_ms
    for is_loud in loud:
        if is_loud:
            if quiet >= min_gap_ms:
                count += 1
            quiet = 0
        else:
            quiet += frame_ms
    return count


def test_render_gives_speech_of_plausible_length(speaker: Pyttsx3Speaker) -> None:
    clip = speaker.render("There are seven days in a week.")
    assert clip.rate_hz == 22050
    assert 1.0 < clip.duration_s < 4.0
    assert voiced_seconds(clip) > 0.8


def test_rates_change_speed(speaker: Pyttsx3Speaker) -> None:
    text = "Spell the word elephant, please, when you are ready."
    lengths = {}
    for rate in RATES_WPM:
        s = Pyttsx3Speaker(settings=VoiceSettings(rate=rate))
        lengths[rate] = s.render(text).duration_s
    assert lengths["slow"] > lengths["normal"] * 1.15 > lengths["fast"] * 1.15
    assert RATES_WPM["slow"] == 130


def test_engine_is_made_once() -> None:
    import voice.speaking.tts as tts

    Pyttsx3Speaker().render("one")
    first = tts._ENGINE
    Pyttsx3Speaker().render("two")
    assert tts._ENGINE is first is not None


def test_letter_names_expand_in_python() -> None:
    assert letter_names("Cat") == ["see", "A", "tee"]
    assert letter_names("ice-cream") == ["eye", "see", "ee", "", "see", "ar", "ee", "A", "em"]
    assert letter_names("w") == ["double you"]


def test_spelled_word_has_a_pause_between_letters(speaker: Pyttsx3Speaker) -> None:
    clip = speaker.render_spelled("cat")
    assert _segments(clip) == 3
    longer = Pyttsx3Speaker(settings=VoiceSettings(letter_pause_ms=700)).render_spelled("cat")
    assert longer.duration_s == pytest.approx(clip.duration_s + 2 * 0.35, abs=0.02)


def test_split_gap_needs_exactly_one_gap() -> None:
    assert split_gap("There are seven days in a ___.") == ("There are seven days in a", ".")
    with pytest.raises(ValueError, match="one ___ gap"):
        split_gap("No gap here.")


@pytest.mark.parametrize("style", ["mmm", "dot dot dot", "blank", "hum"])
def test_missing_word_gap_styles(style: str) -> None:
    s = Pyttsx3Speaker(settings=VoiceSettings(gap=style))
    plain = s.render("There are seven days in a. Four letters.")
    clip = s.render_missing_word("There are seven days in a ___.", then="Four letters.")
    assert clip.duration_s > plain.duration_s + 0.2  # the gap is heard
    if style == "hum":
        seg = clip.samples.astype(float)
        spectrum = np.abs(np.fft.rfft(seg))
        freqs = np.fft.rfftfreq(len(seg), 1 / clip.rate_hz)
        band = (freqs > 215) & (freqs < 225)
        assert spectrum[band].max() > 5 * np.median(spectrum[(freqs > 100) & (freqs < 4000)])


def test_gap_styles_differ() -> None:
    clips = [Pyttsx3Speaker(settings=VoiceSettings(gap=g)).render_missing_word("A ___ day.")
             for g in ("mmm", "dot dot dot", "blank")]
    lengths = {round(c.duration_s, 2) for c in clips}
    assert len(lengths) == 3


def test_settings_reject_unknown_values() -> None:
    with pytest.raises(UsageError, match="allowed: normal, slow, fast"):
        VoiceSettings(rate="turbo")
    with pytest.raises(UsageError, match="gap style"):
        VoiceSettings(gap="beep")
    with pytest.raises(UsageError, match="unknown voice"):
        Pyttsx3Speaker(settings=VoiceSettings(voice="no-such-voice"))


def test_voice_choice_changes_the_sound() -> None:
    a = Pyttsx3Speaker(settings=VoiceSettings(voice="gmw/en")).render("Hello there")
    b = Pyttsx3Speaker(settings=VoiceSettings(voice="gmw/en-us")).render("Hello there")
    assert len(a.samples) != len(b.samples) or not np.array_equal(a.samples, b.samples)


def test_pronounce_overrides_whole_words_any_case() -> None:
    table = {"wordup": "word up", "ok": "okay"}
    assert apply_pronounce("Play WordUp now, OK?", table) == "Play word up now, okay?"
    assert apply_pronounce("Wordupper token", table) == "Wordupper token"
    # the gap's phonemes are sounds, not a word to respell
    assert apply_pronounce(f"M is, {HUMMED_M}, m", {"m": "em"}) == f"em is, {HUMMED_M}, em"


def test_a_gap_line_is_said_in_texts_either_side_of_the_hum_tone() -> None:
    sentence = "There are seven days in a ___."
    assert missing_word_pieces(sentence, "Four letters.", "mmm") == [
        f"There are seven days in a, {HUMMED_M}, .. Four letters."]
    assert missing_word_pieces(sentence, "Four letters.", "hum") == [
        "There are seven days in a", None, ". Four letters."]
    assert missing_word_pieces("___ is red", "", "hum") == [None, "is red"]


def test_speaker_applies_the_phrases_pronounce_table() -> None:
    from voice.speaking.phrases import Phrases

    table = Phrases.load().pronounce
    assert table.get("vs") == "versus"
    with_table = Pyttsx3Speaker.with_phrases()
    without = Pyttsx3Speaker()
    said = with_table.render("Team A vs team B").duration_s
    # espeak-ng renders differ by a few samples run to run, so compare lengths
    assert said == pytest.approx(without.render("Team A versus team B").duration_s, abs=0.03)
    assert abs(said - without.render("Team A vs team B").duration_s) > 0.08


def test_say_gates_the_microphone_until_the_tail_ends() -> None:
    now = [100.0]
    gate = MicGate(tail_s=0.4)
    sink = MemorySink()
    s = Pyttsx3Speaker(out=sink, gate=gate, clock=lambda: now[0])
    pb = s.say("Your turn.")
    assert pb.done and len(sink.clips) == 1 and sink.clips[0].duration_s > 0.3
    assert not gate.is_open(100.3)
    assert gate.is_open(100.4)
