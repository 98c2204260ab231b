"""Hearing the player while the table talks (issue 27): other people's words and noise
mixed under real answers, through the listening path; and the parts that do it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from voice.audio.clips import Clip, read_wav
from voice.hearing.endpoint import Endpointer, EndpointPolicy
from voice.hearing.focus import loudest_stretch
from voice.reply_kind import ReplyKind

CLIPS = Path(__file__).resolve().parents[2] / "data" / "speech"
RATE = 16000


def _level(x: np.ndarray) -> float:
    """RMS of the speech in ``x`` (frames within 20 dB of the loudest)."""
    frames = x[: len(x) // 320 * 320].astype(np.float64).reshape(-1, 320)
    rms = np.sqrt(np.mean(frames ** 2, axis=1))
    loud = rms[rms >= rms.max() * 0.1]
    return float(np.sqrt(np.mean(loud ** 2)))


def _mixed(answer: str, talk: list[tuple[str, float]], db: float = 10.0,
           lead_s: float = 0.6) -> Clip:
    """A microphone stream: ``lead_s`` of quiet, the answer, 1 s of quiet; each talk clip
    (name, start in seconds) and the noise of silence_1024 added at ``db`` under it."""
    said = read_wav(CLIPS / answer).to_rate(RATE).samples.astype(np.float64)
    out = np.concatenate([np.zeros(int(lead_s * RATE)), said, np.zeros(RATE)])
    out += np.random.default_rng(0).normal(0, 12, len(out))
    under = _level(said) * 10 ** (-db / 20)
    noise = read_wav(CLIPS / "silence_1024.wav").to_rate(RATE).samples.astype(np.float64)
    parts = [(noise, 0.0), *((read_wav(CLIPS / name).to_rate(RATE).samples.astype(np.float64),
                              at) for name, at in talk)]
    for x, at in parts:
        x = x[: len(out) - int(at * RATE)]
        out[int(at * RATE): int(at * RATE) + len(x)] += x * (under / _level(x))
    return Clip(np.clip(out, -32768, 32767).astype(np.int16), RATE)


# -- the parts ---------------------------------------------------------------------------


def _feed(ends: Endpointer, windows: list[tuple[float, float]]) -> float | None:
    """Feed (probability, level dB) windows of 32 ms; the end of speech found, if any."""
    for n, (p, db) in enumerate(windows):
        utt = ends.feed(n * 0.032, p, db)
        if utt is not None:
            return utt.speech_end_s
    return None


def test_a_count_at_a_number_prompt_is_the_prompt_written_back() -> None:
    from voice.hearing.asr.base import Grammar
    from voice.hearing.asr.whisper_words import prompt_echo
    from voice.reply_kind import ReplyKind

    number = Grammar(ReplyKind.NUMBER, ("one", "two"))
    assert prompt_echo("one two three four five", number)
    assert prompt_echo("six seven eight", number)
    assert prompt_echo("one two three four three", number)  # the count gone astray
    assert not prompt_echo("seven one two three", number)
    assert not prompt_echo("seven", number)
    assert not prompt_echo("six four", number)  # two numbers: no answer, but said
    assert not prompt_echo("twenty five", number)
    assert not prompt_echo("one two three", Grammar(ReplyKind.YESNO, ("yes",)))


@pytest.mark.parametrize(("text", "classes", "confirmed"), [
    ("five", {"five": 0.87, "one": 0.01}, False),  # named alone, and surely
    ("seven seven seven", {"seven": 0.86}, False),  # the decoder's loop on one answer
    ("three", {"three": 0.75, "four": 0.1}, True),  # talk ("tree") over a "four": not sure
    ("three", {"three": 0.45, "eight": 0.06}, True),  # named weakly
    ("so one", {"two": 0.25, "four": 0.12, "one": 0.05}, True),  # not what the first step says
    ("and one", {"two": 0.08, "one": 0.05}, True),
    ("one two one two", {"one": 0.87, "two": 0.01}, True),  # two answers in one stretch
])
def test_a_number_heard_through_talk_is_taken_only_when_every_reading_agrees(
        text: str, classes: dict[str, float], confirmed: bool) -> None:
    from voice.hearing.asr.base import Alternative, Grammar
    from voice.hearing.asr.whisper_letters import Decoded
    from voice.hearing.asr.whisper_sure import unsure
    from voice.reply_kind import ReplyKind

    grammar = Grammar(ReplyKind.NUMBER, ("one", "two"))
    alts = [Alternative(text)]
    assert unsure(Decoded(text, -0.5, classes, 50.0, crowded=True), alts, grammar) is confirmed
    assert not unsure(Decoded(text, -0.5, classes, 50.0, crowded=False), alts, grammar)


def test_a_yes_or_no_read_from_other_words_against_the_first_step_is_confirmed() -> None:
    """A "yes" under talk written "Can't." while the first step leaned to yes (0.32, no
    0.004): the judge reads "can't" as a no, so taken it was a wrong answer. With the
    first step's answer a runner-up (CONFIRM_ALONE), it is said back first."""
    from voice.hearing.asr.base import Alternative, Grammar
    from voice.hearing.asr.whisper_letters import Decoded
    from voice.hearing.asr.whisper_sure import unsure
    from voice.reply_kind import ReplyKind

    grammar = Grammar(ReplyKind.YESNO, ("yes", "no"))
    classes = {"yes": 0.32, "no": 0.004}
    heard = Decoded("can't", -1.2, classes, 50.0)
    runner_up = [Alternative("can't", None, -1.2, (), True), Alternative("yes", 0.32)]
    assert unsure(heard, runner_up, grammar)
    assert not unsure(heard, runner_up[:1], grammar)  # the first step leaned nowhere
    named = Decoded("yes", -0.2, {"yes": 0.9, "no": 0.01}, 50.0)
    assert not unsure(named, [Alternative("yes", 0.9)], grammar)


@pytest.mark.parametrize(("kind", "text", "classes", "recheck", "confirmed"), [
    # written again alone by the decode prompted with no answer: a second hearing, taken
    (ReplyKind.NUMBER, " Three.", {"three": 0.52, "eight": 0.1}, " The answer is three.", False),
    (ReplyKind.NUMBER, " 3.", {"three": 0.52, "eight": 0.1}, " 3", False),
    (ReplyKind.NUMBER, " Three.", {"three": 0.52}, None, True),  # not decoded again
    (ReplyKind.NUMBER, " Three.", {"three": 0.52}, " Tree.", True),  # another word
    (ReplyKind.NUMBER, " Three.", {"three": 0.52}, " Three hooray", True),  # and talk
    (ReplyKind.NUMBER, " Three.", {"three": 0.52}, " Eight.", True),
    # a yes/no is not decoded again: other people's words were "no" both times
    (ReplyKind.YESNO, " No.", {"yes": 0.03, "no": 0.45}, " no", True),
    (ReplyKind.NUMBER, " So one.", {"two": 0.25, "one": 0.05}, " One", True),  # not its first
    (ReplyKind.NUMBER, " One, two, one.", {"one": 0.5, "two": 0.1}, " One", True),  # counted
])
def test_an_answer_heard_unsurely_through_talk_is_taken_when_heard_again_alone(
        kind: ReplyKind, text: str, classes: dict[str, float], recheck: str | None,
        confirmed: bool) -> None:
    """Under talk, a number under SURE_IN_TALK is decoded again with a prompt that names no
    answer (RECHECK_PROMPT); written again alone, it is taken at once."""
    from voice.hearing.asr.base import Alternative, Grammar
    from voice.hearing.asr.whisper_letters import Decoded
    from voice.hearing.asr.whisper_sure import doubted_in_talk, unsure
    from voice.hearing.asr.whisper_words import transcript_words

    grammar = Grammar(kind, tuple(classes))
    said = [w for w in transcript_words(text, kind) if w in classes]
    decoded = Decoded(text, -0.5, classes, 50.0, crowded=True, recheck=recheck)
    assert unsure(decoded, [Alternative(said[-1])], grammar) is confirmed
    if not confirmed:
        assert doubted_in_talk(text, classes, kind) == said[0]


@pytest.mark.parametrize(("kind", "text", "classes", "confirmed"), [
    (ReplyKind.YESNO, " No.", {"yes": 0.03, "no": 0.63}, False),  # written alone, leaned to
    (ReplyKind.YESNO, " Yeah.", {"yes": 0.52, "no": 0.1}, False),
    (ReplyKind.YESNO, " No.", {"yes": 0.1, "no": 0.45}, True),  # leaned to, weakly
    (ReplyKind.YESNO, " No.", {"yes": 0.6, "no": 0.3}, True),  # the first step says yes
    (ReplyKind.YESNO, " No happy.", {"no": 0.63}, True),  # a word beside it: talk's?
    # a number's near sounds are talk's words ("tree" under a "four"): 0.8 still needed
    (ReplyKind.NUMBER, " Three.", {"three": 0.75, "four": 0.1}, True),
])
def test_a_yes_or_no_written_alone_through_talk_is_taken_when_the_first_step_agrees(
        kind: ReplyKind, text: str, classes: dict[str, float], confirmed: bool) -> None:
    """Under talk, a yes/no whose transcript is that word alone and which the first step
    leans to from YESNO_ALONE_IN_TALK is taken at once; anything less is confirmed."""
    from voice.hearing.asr.base import Alternative, Grammar
    from voice.hearing.asr.whisper_letters import Decoded
    from voice.hearing.asr.whisper_sure import unsure
    from voice.hearing.asr.whisper_words import transcript_words

    grammar = Grammar(kind, tuple(classes))
    alts = [Alternative(" ".join(transcript_words(text, kind)))]
    assert unsure(Decoded(text, -0.5, classes, 50.0, crowded=True), alts, grammar) is confirmed


def test_a_number_heard_surely_through_talk_is_not_decoded_again() -> None:
    from voice.hearing.asr.whisper_sure import doubted_in_talk

    assert doubted_in_talk(" Five.", {"five": 0.87, "one": 0.01}, ReplyKind.NUMBER) is None
    assert doubted_in_talk(" Happy.", {"five": 0.3}, ReplyKind.NUMBER) is None  # names none
    assert doubted_in_talk(" Five.", {"five": 0.3}, ReplyKind.WORD) is None


def test_a_number_read_from_a_decode_that_counted_through_talk_is_confirmed() -> None:
    """The decode counted ("One, two, one, two, three" for a "zero" under talk, 10 dB down)
    and the reading kept the one its first step leaned to: confirmed, never taken."""
    from voice.hearing.asr.base import Alternative, Grammar
    from voice.hearing.asr.whisper_letters import Decoded
    from voice.hearing.asr.whisper_sure import unsure
    from voice.reply_kind import ReplyKind

    grammar = Grammar(ReplyKind.NUMBER, ("zero", "one", "two", "three"))
    classes = {"one": 0.86, "three": 0.003}
    for text in (" One, two, one, two, three", " 1, 2, 1, 2, 3"):
        assert unsure(Decoded(text, -0.5, classes, 50.0, crowded=True), [Alternative("one")],
                      grammar)
        assert not unsure(Decoded(text, -0.5, classes, 50.0, crowded=False),
                          [Alternative("one")], grammar)  # no talk: as before
    assert not unsure(Decoded(" One, one.", -0.5, classes, 50.0, crowded=True),
                      [Alternative("one")], grammar)


@pytest.mark.parametrize(("kind", "text", "classes", "heard"), [
    # a quiet, accented "four" (a person's, first step 0.18-0.19): confirmed, not dropped
    (ReplyKind.NUMBER, "four", {"four": 0.18, "five": 0.10, "two": 0.06}, ("four", True)),
    (ReplyKind.NUMBER, "four", {"four": 0.35, "five": 0.10}, ("four", False)),  # taken
    (ReplyKind.NUMBER, "five", {"four": 0.18, "five": 0.10}, None),  # not the first step's
    (ReplyKind.NUMBER, "four", {"four": 0.06, "five": 0.01}, None),  # barely there
    (ReplyKind.YESNO, "yes", {"yes": 0.16, "no": 0.07}, None),  # a weak yes: often "go"
])
def test_a_number_named_but_weakly_is_confirmed_not_dropped(
        kind: ReplyKind, text: str, classes: dict[str, float],
        heard: tuple[str, bool] | None) -> None:
    from voice.hearing.asr.base import Grammar
    from voice.hearing.asr.whisper import WhisperRecognizer
    from voice.hearing.asr.whisper_letters import Decoded
    from voice.hearing.asr.whisper_sure import unsure

    grammar = Grammar(kind, tuple(classes))
    decoded = Decoded(f" {text.capitalize()},", -0.5, classes, 50.0)
    alts = WhisperRecognizer._alternatives(object.__new__(WhisperRecognizer), decoded, grammar)
    got = (alts[0].text, unsure(decoded, alts, grammar)) if alts else None
    assert got == heard


@pytest.mark.parametrize(("text", "classes", "asked"), [
    # talk under a "zero": the decoder wrote the prompt's count back from the first step's
    ("zero, one.", {"zero": 0.46, "one": 0.1}, 0),
    ("one, two, one, two, three", {"one": 0.4, "two": 0.2}, 1),
    ("one, two, one", {"zero": 0.4, "one": 0.3}, None),  # the first step leans elsewhere
    ("zero, one.", {"zero": 0.12, "one": 0.1}, None),  # barely
])
def test_a_decode_that_counted_asks_about_the_number_it_began_with(
        text: str, classes: dict[str, float], asked: int | None) -> None:
    """Two numbers are no answer; where the decode counted from the number the first step
    leans to, that number is asked about ("Did you say zero?"), never taken."""
    from voice.hearing.asr.base import Grammar
    from voice.hearing.asr.whisper import WhisperRecognizer
    from voice.hearing.asr.whisper_letters import Decoded
    from voice.understanding.judge import judge

    numbers = ("zero one two three four five six seven eight nine ten eleven twelve").split()
    classes = {n: classes.get(n, 0.01) for n in numbers}
    grammar = Grammar(ReplyKind.NUMBER, tuple(numbers))
    decoded = Decoded(f" {text.capitalize()}", -0.5, classes, 50.0, crowded=True)
    alts = WhisperRecognizer._alternatives(object.__new__(WhisperRecognizer), decoded, grammar)
    result = judge({"kind": "number", "heard": [a.text for a in alts], "min": 0, "max": 12})
    assert result.verdict == "unclear"
    assert (result.value if len(alts) > 1 else None) == asked


def test_quieter_talk_after_an_answer_does_not_hold_the_utterance_open() -> None:
    said = [(0.9, -20.0)] * 12 + [(0.9, -33.0)] * 60  # an answer, then talk 13 dB under it
    assert _feed(Endpointer(EndpointPolicy.for_kind("number"), 0.032), said) == \
        pytest.approx(12 * 0.032)
    # a free answer's endpointer still listens on (its words may be quieter ones)
    assert _feed(Endpointer(EndpointPolicy.for_kind("word"), 0.032), said) is None
    # the player's own second word, as loud, is one answer
    two = [(0.9, -20.0)] * 8 + [(0.9, -24.0)] * 8 + [(0.1, -50.0)] * 10
    assert _feed(Endpointer(EndpointPolicy.for_kind("number"), 0.032), two) == \
        pytest.approx(16 * 0.032)


def test_the_endpointer_can_be_cut_at_the_last_loud_window_while_quieter_sound_goes_on(
        ) -> None:
    ends = Endpointer(EndpointPolicy.for_kind("yesno"), 0.032)
    for n, (p, db) in enumerate([(0.9, -20.0)] * 10 + [(0.9, -33.0)] * 7):
        assert ends.feed(n * 0.032, p, db) is None
    assert ends.quiet_s == pytest.approx(7 * 0.032)
    utt = ends.cut(17 * 0.032)
    assert utt is not None and utt.speech_end_s == pytest.approx(10 * 0.032)
    assert not ends.in_speech and ends.quiet_s == 0.0 and ends.cut(0.6) is None
    # without a hold (a free answer) quieter sound is speech like any other
    assert Endpointer(EndpointPolicy.for_kind("word"), 0.032).quiet_s == 0.0


def test_the_loudest_stretch_leaves_out_talk_around_it_but_not_a_quiet_room() -> None:
    rng = np.random.default_rng(1)
    for under_db, kept_s in ((10, (0.3, 0.8)), (16, (2.0, 2.0)), (50, (2.0, 2.0))):
        # talk (or a room's noise) under_db below a 0.3 s answer in the middle of 2 s
        sound = rng.normal(0, 0.3 * 10 ** (-under_db / 20), RATE * 2)
        sound[RATE:RATE + 4800] = rng.normal(0, 0.3, 4800)
        out, crowded = loudest_stretch(sound)
        assert kept_s[0] <= len(out) / RATE <= kept_s[1], under_db
        assert crowded == (under_db < 12)
        assert np.abs(out).max() == np.abs(sound[RATE:RATE + 4800]).max()  # the answer kept


# -- through the listening path ------------------------------------------------------------


@pytest.fixture(scope="module")
def ears_on(whisper):  # type: ignore[no-untyped-def]
    from voice.hearing.audio_in import MemorySource
    from voice.hosting.voice_adapter import VoiceEars

    def listen(clip: Clip, kind: str, expected: list[str]) -> tuple[object, object]:
        ears = VoiceEars(whisper, MemorySource(clip, tail_s=0.0))
        return ears.listen(kind, expected, timeout_s=3.0), ears.last
    return listen


def _taken(heard, kind: str) -> object:  # type: ignore[no-untyped-def]
    """What the host takes at once (None: nothing, or a "Did you say ...?" first)."""
    from voice.understanding.judge import judge

    if not heard.nbest:
        return None
    r = judge({"kind": kind, "heard": list(heard.nbest), "min": 0, "max": 9})
    return r.value if r.verdict == "correct" and not heard.unsure else None


DIGITS = [str(n) for n in range(10)]


@pytest.mark.slow
@pytest.mark.parametrize(("answer", "value"), [("digit_7_nicolas_10.wav", 7),
                                               ("digit_3_jackson_10.wav", 3)])
def test_a_digit_with_talk_after_it_is_heard_and_ends_before_the_talk(
        ears_on, answer: str, value: int) -> None:  # type: ignore[no-untyped-def]
    end_s = 0.6 + len(read_wav(CLIPS / answer).to_rate(RATE).samples) / RATE
    # "Marvin" said across the table, 16 dB under the player, 0.1 s after the digit
    clip = _mixed(answer, [("unknown_marvin_587f3271_nohash_0.wav", end_s + 0.1)], db=16.0)
    heard, rec = ears_on(clip, "number", DIGITS)
    assert _taken(heard, "number") == value, heard
    assert rec.speech_end_ms / 1000 < end_s + 0.3  # not held open by "Marvin"


@pytest.mark.slow
def test_a_digit_after_talk_is_heard_not_the_talk_and_confirmed(
        ears_on) -> None:  # type: ignore[no-untyped-def]
    # "Backward" said across the table 10 dB under the player, ending well before the
    # player's "seven": the talk is its own utterance, which no number prompt can use, so
    # the listen goes on for the digit; heard after talk, the digit is confirmed.
    clip = _mixed("digit_7_nicolas_10.wav",
                  [("unknown_backward_0c540988_nohash_0.wav", 0.0)], db=10.0, lead_s=1.8)
    heard, rec = ears_on(clip, "number", DIGITS)
    assert "seven" in heard.nbest or "7" in heard.nbest, heard
    assert heard.unsure and _taken(heard, "number") is None
    assert rec.speech_end_ms / 1000 > 1.8  # the digit's utterance, not the talk's


@pytest.mark.slow
def test_a_sure_yes_with_quieter_talk_after_it_is_answered_without_waiting_for_the_talk(
        ears_on) -> None:  # type: ignore[no-untyped-def]
    answer = "yes_022cd682_nohash_0.wav"
    end_s = 0.6 + len(read_wav(CLIPS / answer).to_rate(RATE).samples) / RATE
    clip = _mixed(answer, [("unknown_marvin_587f3271_nohash_0.wav", end_s - 0.2)], db=16.0)
    heard, rec = ears_on(clip, "yesno", ["yes", "no"])
    assert _taken(heard, "yesno") is True, heard
    # decided once the trailing silence passed, not after the hold's grace too
    assert rec.result_at_ms - rec.speech_end_ms < 400, rec


@pytest.mark.slow
@pytest.mark.parametrize("db", [10.0])
def test_talk_alone_is_never_taken_as_a_number_or_a_yes(ears_on, db: float) -> None:  # type: ignore[no-untyped-def]
    clip = _mixed("unknown_backward_0c540988_nohash_0.wav",
                  [("unknown_bed_0ea0e2f4_nohash_1.wav", 0.3)], db=db)
    assert _taken(ears_on(clip, "number", DIGITS)[0], "number") is None
    assert _taken(ears_on(clip, "yesno", ["yes", "no"])[0], "yesno") is None


@pytest.mark.slow
def test_a_free_answer_under_talk_is_heard_from_its_loudest_stretch_and_never_judged_on_talk(
        ears_on) -> None:  # type: ignore[no-untyped-def]
    """"Bed" with "backward" said across the table 10 dB under it, just after: where it is
    the accepted answer it is taken or confirmed ("Did you say bed?"), never judged wrong;
    against another answer it is never taken, and said back before it is judged wrong
    (its words might have been the talk's)."""
    from voice.understanding.judge import judge

    answer = "unknown_bed_0ea0e2f4_nohash_1.wav"
    end_s = 0.6 + len(read_wav(CLIPS / answer).to_rate(RATE).samples) / RATE
    clip = _mixed(answer, [("unknown_backward_0cb74144_nohash_2.wav", end_s + 0.1)], db=10.0)
    heard, _ = ears_on(clip, "word", ["bed"])
    right = judge({"kind": "word", "heard": list(heard.nbest), "accepted": ["bed"]})
    assert right.value == "bed" and right.verdict in ("correct", "unclear"), (heard, right)
    heard, _ = ears_on(clip, "word", ["bird"])
    other = judge({"kind": "word", "heard": list(heard.nbest), "accepted": ["bird"]})
    assert other.verdict == "unclear" or (other.verdict == "wrong" and heard.unsure), (
        heard, other)


def test_a_word_ends_early_only_in_a_quiet_room() -> None:
    from voice.hearing.focus import quiet_around

    word = [-20.0, -18.0, -22.0]
    assert quiet_around([-60.0] * 10 + word + [-55.0] * 6, 10, 6)
    assert quiet_around(word + [-55.0] * 6, 0, 6)  # spoken as the listen opened
    assert not quiet_around([-60.0] * 10 + word + [-32.0] * 6, 10, 6)  # talk or noise after
    assert not quiet_around([-30.0] * 10 + word + [-55.0] * 6, 10, 6)  # talk before
    assert not quiet_around(word, 0, 0)


@pytest.mark.slow
def test_a_wrong_word_with_noise_under_it_waits_for_the_whole_pause(
        ears_on) -> None:  # type: ignore[no-untyped-def]
    """In a quiet room a wrong word said plainly is judged at its early decode; with sound
    10 dB under it, what ended may be another person's word before the player's: it waits
    the whole 0.45 s, as a right answer's start would."""
    heard, rec = ears_on(_mixed("unknown_marvin_587f3271_nohash_0.wav", [], db=10.0),
                         "word", ["happy"])
    assert heard.nbest, heard
    assert rec.result_at_ms - rec.speech_end_ms >= 450, rec


def test_a_number_heard_unsurely_as_a_runner_up_is_said_back() -> None:
    """Heard through talk (Heard.unsure), a number is asked about whether the judge took it
    ("correct") or found it only as a runner-up ("unclear", a decode that counted); without
    talk only the runner-up is (a number taken surely is taken)."""
    from voice.hosting.exchange import Ask, Heard, Line
    from voice.hosting.reply_doubts import doubtful_reply
    from voice.understanding.judge import Understood

    ask = Ask([Line("common.help")], ReplyKind.NUMBER, "Ana", request={"min": 0, "max": 12})
    runner_up = Understood("unclear", 0, 0.5, "zero")
    taken = Understood("correct", 7, 1.0, "seven")
    assert doubtful_reply(ask, Heard(("zero one", "zero"), unsure=True), runner_up) == "0"
    assert doubtful_reply(ask, Heard(("seven",), unsure=True), taken) == "7"
    assert doubtful_reply(ask, Heard(("zero one", "zero")), runner_up) == "0"
    assert doubtful_reply(ask, Heard(("seven",)), taken) == ""
    nothing = Understood("unclear", None, 0.0, "zero one")
    assert doubtful_reply(ask, Heard(("zero one",), unsure=True), nothing) == ""
