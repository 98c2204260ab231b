"""The play command's speech parts: the voice mouth on real pyttsx3 renders, the ears'
gate policy and timing, and a real recognizer hearing the TTS through the dialogue."""

from __future__ import annotations

import io
from collections.abc import Sequence

import pytest

from voice.audio.clips import Clip
from voice.audio.devices import MicGate
from voice.hearing.asr.base import Alternative, Grammar, Recognition
from voice.hearing.audio_in import MemorySource
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Ask, Line
from voice.hosting.text_adapter import Transcript
from voice.hosting.voice_adapter import (
    ListenPolicy,
    SettingsMouth,
    VoiceEars,
    VoiceMouth,
    letters_for_speech,
    unsure_replies_dropped,
)
from voice.speaking.audio_out import MemorySink
from voice.speaking.phrases import Phrases
from voice.speaking.tts import (
    GAP_STYLES,
    HUMMED_M,
    Pyttsx3Speaker,
    VoiceSettings,
    apply_pronounce,
)


@pytest.fixture(scope="module")
def speaker() -> Pyttsx3Speaker:
    try:
        sp = Pyttsx3Speaker(MemorySink(), VoiceSettings(), gate=MicGate(tail_s=0.3))
        sp.render("test")
    except Exception as exc:  # no espeak-ng on this machine
        pytest.skip(f"no speech engine: {exc}")
    return sp


def _clips(speaker: Pyttsx3Speaker) -> list[Clip]:
    out = speaker.out
    assert isinstance(out, MemorySink)
    return out.clips


def test_mouth_says_lines_and_reads_gaps_and_spelled_words(speaker: Pyttsx3Speaker) -> None:
    mouth = VoiceMouth(speaker)
    clips = _clips(speaker)
    start = len(clips)
    mouth.say("There are seven days in a ___. 4 letters.")
    gap = clips[-1]
    plain = speaker.render("There are seven days in a. 4 letters.")
    assert gap.duration_s > plain.duration_s + 0.2  # the hummed "mmm" takes time
    mouth.say("C-A-T")
    spelled = clips[-1]
    assert abs(spelled.duration_s - speaker.render_spelled("cat").duration_s) < 0.01
    assert spelled.duration_s > speaker.render("cat").duration_s
    assert len(clips) == start + 2


def test_spelled_runs_inside_a_sentence_become_letter_names() -> None:
    assert letters_for_speech("Did you say B-E-E?") == "Did you say bee, ee, ee?"
    assert letters_for_speech("Ana: A-N-A. Is that right?") == "Ana: A, en, A. Is that right?"
    assert letters_for_speech("A well-known word") == "A well-known word"


def test_rate_changes_reach_the_speaker_and_the_settings(speaker: Pyttsx3Speaker) -> None:
    saved: list[str] = []
    mouth = SettingsMouth(VoiceMouth(speaker), saved.append)
    mouth.set_rate("slow")
    assert speaker.rate_wpm == 130 and saved == ["slow"]
    slow = speaker.render("a sentence of several words for timing").duration_s
    mouth.set_rate("normal")
    assert speaker.render("a sentence of several words for timing").duration_s < slow
    with pytest.raises(ValueError):
        VoiceMouth(speaker).set_rate("warp")


class PreparingSpeaker(Pyttsx3Speaker):
    def __init__(self) -> None:
        super().__init__(MemorySink())
        self.prepared: list[str] = []

    def prepare(self, lines: object) -> None:
        self.prepared += list(lines)  # type: ignore[call-overload]


def test_lines_rendered_ahead_are_the_lines_as_said() -> None:
    sp = PreparingSpeaker()
    saved: list[str] = []
    SettingsMouth(VoiceMouth(sp), saved.append).prepare(
        ["Did you say B-E-E?", "B-E-E", "The ___ is red.", "Right!"])
    # letters inside a line are said as letter names, a gap line as its Missing Word
    # reading; a spelled word's letters are rendered ahead once for the game
    assert sp.prepared == ["Did you say bee, ee, ee?", f"The, {HUMMED_M}, is red.", "Right!"]


class RenderingSpeaker(PreparingSpeaker):
    """Records each text it renders (pronunciations applied) instead of rendering it."""

    def __init__(self, gap: str) -> None:
        super().__init__()
        self.settings = VoiceSettings(gap=gap)
        self.pronounce = {"pen": "biro", "m": "metres"}
        self.rendered: list[str] = []

    def _render_raw(self, text: str) -> Clip:
        self.rendered.append(text)
        return Clip.silence(0.05, 22050)


GAP_LINES = ["The ___ is red.", "___ is a fruit.", "I have lived here ___",
             "Complete the sentence: Can I ___ your pen? I'll give it back. A: borrow. "
             "B: lend. Or C: take.", "Is it B-E-E or ___, Ana?"]


@pytest.mark.parametrize("gap", GAP_STYLES)
def test_a_gap_line_renders_ahead_the_texts_it_is_said_in(gap: str) -> None:
    for line in GAP_LINES:
        sp = RenderingSpeaker(gap)
        mouth = VoiceMouth(sp)
        mouth.prepare([line])
        mouth.say(line)
        # what the natural voice renders ahead: each text, respelled as when said
        assert [apply_pronounce(t, sp.pronounce) for t in sp.prepared] == sp.rendered, line
        assert all("___" not in t for t in sp.prepared)
    assert (HUMMED_M in sp.rendered[0]) == (gap == "mmm")  # never respelled, as said


def test_speaking_closes_the_gate_until_the_tail_has_passed(speaker: Pyttsx3Speaker) -> None:
    now = [100.0]
    gate = MicGate(tail_s=0.3)
    sp = Pyttsx3Speaker(MemorySink(), gate=gate, clock=lambda: now[0])
    VoiceMouth(sp).say("hello")
    assert not gate.is_open(now[0])
    waited: list[float] = []

    def sleep(s: float) -> None:
        waited.append(s)
        now[0] += s

    policy = ListenPolicy(poll_s=0.05)
    assert policy.wait_open(gate, lambda: now[0], sleep) == pytest.approx(0.3, abs=0.06)
    assert gate.is_open(now[0])


def test_the_wait_for_the_gate_is_bounded() -> None:
    now = [0.0]
    gate = MicGate()
    gate.speech_started()  # a playback that never reports its end

    def sleep(s: float) -> None:
        now[0] += s

    assert ListenPolicy(max_wait_s=2.0, poll_s=0.5).wait_open(gate, lambda: now[0], sleep) == 2.0


class _Heard:
    """A recognizer stand-in that reports fixed timings (unit test of the ears' arithmetic)."""

    name = "fixed"

    def __init__(self, texts: Sequence[str], end_ms: float, result_ms: float) -> None:
        self.texts, self.end_ms, self.result_ms = list(texts), end_ms, result_ms
        self.grammars: list[Grammar] = []

    def listen(self, audio: object, grammar: Grammar, timeout_s: float = 8.0) -> Recognition:
        self.grammars.append(grammar)
        if not self.texts:
            return Recognition(engine=self.name, timed_out=True)
        return Recognition((Alternative(self.texts.pop(0)),), self.name,
                           speech_end_ms=self.end_ms, result_at_ms=self.result_ms)


def test_ears_report_when_speech_ended_on_the_dialogue_clock() -> None:
    rec = _Heard(["yes"], end_ms=800.0, result_ms=1300.0)
    ears = VoiceEars(rec, MemorySource(Clip.silence(0.1, 16000)), MicGate(), clock=lambda: 50.0)
    heard = ears.listen("yesno", [], 5.0)
    assert heard.nbest == ("yes",) and heard.end_s == pytest.approx(49.5)
    assert "yes" in rec.grammars[0].phrases and "repeat" in rec.grammars[0].phrases
    assert ears.listen("yesno", [], 5.0).timed_out


def test_the_backlog_of_a_live_microphone_is_added_to_the_timeout() -> None:
    now = [10.0]
    rec = _Heard([], end_ms=0.0, result_ms=0.0)
    timeouts: list[float] = []
    real = rec.listen

    def listen(audio: object, grammar: Grammar, timeout_s: float = 8.0) -> Recognition:
        timeouts.append(timeout_s)
        return real(audio, grammar, timeout_s)

    rec.listen = listen  # type: ignore[method-assign]
    ears = VoiceEars(rec, MemorySource(Clip.silence(0.1, 16000)), MicGate(), live=True,
                     clock=lambda: now[0])
    now[0] += 3.0  # the opening was spoken while the microphone ran
    ears.listen("yesno", [], 12.0)
    now[0] += 6.0  # then a question, for six seconds
    ears.listen("yesno", [], 12.0)
    assert timeouts == [15.0, 18.0]
    still = VoiceEars(rec, MemorySource(Clip.silence(0.1, 16000)), MicGate(),
                      clock=lambda: now[0])
    now[0] += 6.0
    still.listen("yesno", [], 12.0)  # a recorded source has no backlog
    now[0] += 6.0
    still.listen("yesno", [], 12.0)
    assert timeouts[-2:] == [12.0, 12.0]


def test_a_noise_that_decodes_to_nothing_does_not_end_the_listen() -> None:
    class _Noise(_Heard):
        calls: list[float] = []

        def listen(self, audio: object, grammar: Grammar, timeout_s: float = 8.0
                   ) -> Recognition:
            self.calls.append(timeout_s)
            if len(self.calls) == 1:  # a click: voice detected, no words, 0.7 s used
                return Recognition((), self.name, timed_out=True, speech_end_ms=180.0,
                                   result_at_ms=700.0)
            return super().listen(audio, grammar, timeout_s)

    rec = _Noise(["yes"], end_ms=900.0, result_ms=1400.0)
    heard = VoiceEars(rec, MemorySource(Clip.silence(0.1, 16000)), MicGate()).listen(
        "yesno", [], 5.0)
    assert heard.nbest == ("yes",) and rec.calls == [5.0, pytest.approx(4.3)]


def test_a_yes_said_by_another_word_needs_a_sure_hearing() -> None:
    def rec(*alts: tuple[str, float | None]) -> Recognition:
        return Recognition(tuple(Alternative(t, c) for t, c in alts), "fake")

    unsure = unsure_replies_dropped(rec(("okay", 0.15), ("sure", 0.3)))
    assert unsure.alternatives == () and not unsure.timed_out  # asked again, not a yes
    kept = [("yes", 0.1), ("no no", 0.2), ("okay", 0.7), ("stop", 0.2), ("fine", None),
            ("what's the score", 0.1)]
    # plain yes/no, a sure "okay", commands and engines without a confidence stay
    assert [a.text for a in unsure_replies_dropped(rec(*kept)).alternatives] == [
        t for t, _ in kept]
    mixed = unsure_replies_dropped(rec(("right", 0.3), ("no", 0.6)))
    assert [a.text for a in mixed.alternatives] == ["no"]


def test_a_new_name_is_heard_without_a_grammar_and_answers_with_one() -> None:
    assert VoiceEars.grammar("name", []).free
    grammar = VoiceEars.grammar("word", ["uncle"])
    assert not grammar.free and "uncle" in grammar.phrases
    assert "a" in VoiceEars.grammar("spelling", ["cat"]).words()


def test_a_question_checks_the_audio_for_its_answers_not_for_its_intents(
        speaker: Pyttsx3Speaker) -> None:
    """An action card named at a question is heard (it is in the grammar), but only the
    accepted answers are forced after the audio: each phrase there costs a decoder pass."""
    rec = _Heard(["own goal"], end_ms=500.0, result_ms=900.0)
    ears = VoiceEars(rec, MemorySource(Clip.silence(0.1, 16000)), MicGate())

    class _Table:
        def status(self, what: str, asker: str) -> list[Line]:
            return []

    dialogue = Dialogue(VoiceMouth(speaker), ears, Phrases.load(), _Table(),
                        transcript=Transcript(io.StringIO()))
    ask = Ask([Line("setup.game_yesno", {"game": "Word Up"})], "word", "Red team",
              request={"accepted": ["hat trick", "a hat trick"]},
              intents={"own goal": "card", "move the goalposts": "card"})
    result = dialogue.ask(ask)
    assert result.command == "intent" and result.value == "card"
    grammar = rec.grammars[0]
    assert grammar.verify == ("hat trick", "a hat trick")
    assert {"hat trick", "own goal", "move the goalposts"} <= set(grammar.phrases)


def test_the_real_recognizer_hears_the_app_voice_through_the_dialogue(
        speaker: Pyttsx3Speaker, whisper) -> None:  # type: ignore[no-untyped-def]

    rate = 22050
    said = Clip.join([speaker.render("repeat"), Clip.silence(1.0, rate),
                      speaker.render("yes")], rate)
    ears = VoiceEars(whisper, MemorySource(said), MicGate())
    out = io.StringIO()

    class _Table:
        def status(self, what: str, asker: str) -> list[Line]:
            return []

    dialogue = Dialogue(VoiceMouth(speaker), ears, Phrases.load(), _Table(),
                        transcript=Transcript(out))
    result = dialogue.ask(Ask([Line("setup.game_yesno", {"game": "Word Up"})], "yesno", "Ana"))
    assert result.value is True
    assert out.getvalue().count("HOST: Shall we play Word Up?") == 2  # asked, then "repeat"
    assert "  ANA: repeat" in out.getvalue() and "  ANA: yes" in out.getvalue()
    assert dialogue.latencies_ms and all(ms >= 0 for ms in dialogue.latencies_ms)

