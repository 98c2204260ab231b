"""The pure parts of a spelling heard whole (combining the whole decode with the runs), and
the beam search that gives its runner-ups."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from voice.hearing.asr.base import Alternative, Grammar
from voice.hearing.asr.spelling_runs import (
    DOUBT_P,
    Island,
    Slot,
    alternatives,
    fused,
    island_slots,
    spelled_in_nato,
    unlooped,
)
from voice.hearing.asr.whisper_letters import Decoded
from voice.hearing.asr.whisper_spelling import (
    PROMPT_LETTERS,
    island_text,
    letters_among_talk,
    letters_by_time,
    letters_heard,
    longest_answer,
    said_as_letters,
    said_instead,
    stopped_short,
    weakly_heard,
    with_runner_ups,
    word_of_answer,
    word_said_first,
    words_as_letters,
)
from voice.hearing.asr.whisper_words import said_word
from voice.reply_kind import ReplyKind

DATA = Path(__file__).resolve().parents[2] / "data" / "speech"


def _slots(letters: str, sure: float = 0.9) -> list[Slot]:
    return [Slot(c, {c: sure, "z" if c != "z" else "y": 1 - sure}) for c in letters]


def _island(text: str, start: float, end: float, probs: dict[str, float] | None = None
            ) -> Island:
    return Island(start, end, Decoded(text, -0.1, probs or {}, 1.0))


def _spelt(slots: list[Slot]) -> str:
    return "".join(s.letter for s in slots)


def test_several_runs_are_read_from_the_whole_decode_with_a_loop_cut() -> None:
    whole = _slots("jemmmmm")  # the decoder looped on the last letter
    islands = [_island("j e", 0.5, 1.4), _island("n", 2.0, 2.4)]
    assert _spelt(fused(whole, islands)) == "jem"  # its letters stand over the runs'


def test_a_lone_letter_read_from_a_word_is_confirmed_not_taken() -> None:
    """Richard's "Papa" alone was written "tapper", which the letter classifier, which must
    name a letter, read as T (0.85); the whole decode wrote T too. Judged against T, it was
    taken unasked. The word comes along as a runner-up, and the judge confirms the T."""
    from voice.understanding.judge import judge

    papa = Island(0.6, 0.95, Decoded("t", -0.4, {"t": 0.85, "p": 0.03}, 1.0, word="tapper"))
    extra = said_instead(_slots("t"), [papa])
    assert [a.text for a in extra] == ["tapper"] and not extra[0].in_grammar
    heard = ["t", *(a.text for a in extra)]
    assert judge({"kind": "spelling", "heard": heard, "answer": "t"}).verdict == "unclear"
    assert judge({"kind": "spelling", "heard": ["t"], "answer": "t"}).verdict == "correct"
    # a NATO word heard as one, a letter sound, several runs or letters: nothing added
    nato = Island(0.6, 1.1, Decoded("p", -0.1, {"p": 1.0}, 1.0, nato=True, word="papa"))
    assert said_instead(_slots("p"), [nato]) == []
    assert said_instead(_slots("b"), [_island("b", 0.6, 0.9)]) == []
    assert said_instead(_slots("ab"), [papa]) == []
    assert said_instead(_slots("t"), [papa, _island("b", 1.5, 1.8)]) == []


def test_letters_read_faster_than_letter_names_are_said_were_a_word_said_whole() -> None:
    said_whole = [_island("b", 1.1, 2.4)]  # "Benji Chatterjee" in 1.3 s
    assert not said_as_letters(_slots("bngctrg"), said_whole)
    run_together = [_island("h i r o s h i", 0.5, 2.5), _island("k h a t r i", 3.0, 4.5)]
    assert said_as_letters(_slots("hiroshikhatri"), run_together)  # 0.27 s a letter
    assert said_as_letters([], said_whole)
    assert said_as_letters(_slots("f"), [_island("f", 1.0, 1.19)])  # too short to time


def test_a_first_letter_the_whole_decode_dropped_is_put_back() -> None:
    islands = [_island("t a k l u", 0.9, 3.4), _island("a n a l o g s", 4.0, 6.9)]
    assert _spelt(fused(_slots("akluanalogs"), islands)) == "takluanalogs"
    alone = [_island("b", 0.5, 0.9, {"b": 0.95, "d": 0.05}), _island("e", 1.3, 1.7),
             _island("e", 2.1, 2.5)]
    assert _spelt(fused(_slots("ee"), alone)) == "bee"
    unsure = [_island("e", 0.5, 0.9, {"e": 0.5, "a": 0.5}), _island("x", 1.3, 1.7),
              _island("a s h", 2.1, 2.9)]
    assert _spelt(fused(_slots("ash"), unsure)) == "ash"  # not "e x a s h"
    far = [_island("x", 0.0, 0.3, {"x": 0.95, "s": 0.05}), _island("e", 1.6, 1.9),
           _island("e", 2.3, 2.6)]  # a click 1.3 s before
    assert _spelt(fused(_slots("ee"), far)) == "ee"


def test_nato_words_heard_for_sure_one_by_one_are_their_letters() -> None:
    islands = [_island("November", 0.5, 1.1, {"n": 0.995, "m": 0.005}),
               _island("Echo", 1.6, 2.0, {"e": 0.999, "a": 0.001}),
               _island("Charlie", 2.5, 3.0, {"c": 0.998, "s": 0.002})]
    assert _spelt(fused(_slots("nenenec"), islands)) == "nec"
    unsure = [islands[0], _island("e", 1.6, 2.0, {"e": 0.7, "b": 0.3}), islands[2]]
    assert _spelt(fused(_slots("nbc"), unsure)) == "nbc"


def test_a_group_of_letters_the_decoder_repeats_is_one() -> None:
    assert _spelt(unlooped(_slots("becaucaucau"))) == "becau"
    assert _spelt(unlooped(_slots("bananas"))) == "bananas"  # twice is a word, not a loop
    looped = _island("Charlie Echo Charlie Echo Charlie Echo Charlie", 2.4, 3.5)
    assert _spelt(island_slots(looped)) == "cec"


def test_letters_said_alone_are_the_runs_letters_and_a_loop_is_no_letters() -> None:
    whole = _slots("ooooooo")
    islands = [_island("o", 0.5, 0.9, {"o": 0.8, "a": 0.2})]
    assert [s.letter for s in fused(whole, islands)] == ["o"]
    assert [s.letter for s in unlooped(_slots("lloooow"))] == list("llow")


def test_a_letter_said_alone_keeps_the_whole_decodes_as_its_runner_up() -> None:
    slots = fused(_slots("k"), [_island("c", 0.5, 0.9, {"c": 0.9, "e": 0.1})])
    assert [s.letter for s in slots] == ["c"]
    assert slots[0].runner_up() == ("k", DOUBT_P)
    texts = [a.text for a in alternatives(slots, Grammar.of("spelling", []))]
    assert texts[0] == "c" and "k" in texts


def test_the_answer_gives_only_a_length_and_letters_are_counted_as_said() -> None:
    assert longest_answer(Grammar.of("spelling", [], verify=["colour", "color"])) == 6
    assert longest_answer(Grammar.of("spelling", [])) is None
    assert letters_heard([_island("double f", 0, 1), _island("Oscar", 1.5, 2)]) == 3
    assert letters_heard([_island("Nicholas Shaw", 0, 1.5)]) == 0


class _Beam:
    """Stands in for the recognizer's beam search (its readings and their gaps)."""

    def __init__(self, readings: list[tuple[str, float]]) -> None:
        self.readings = readings
        self.asked = 0

    def stretch_runner_ups(self, encoded: object, prompt: str, max_tokens: int
                           ) -> list[tuple[str, float]]:
        self.asked += 1
        return self.readings


def test_close_beam_readings_are_runner_ups_only_where_no_reading_spells_the_answer() -> None:
    grammar = Grammar(kind="spelling", verify=("Aurora",))
    alts = alternatives(_slots("urora"), grammar)
    beam = _Beam([("u r o r a", 0.0), ("a u r o r a", 0.02), ("e u r o r a", 0.3)])
    out = with_runner_ups(beam, "encoded", alts, grammar)  # type: ignore[arg-type]
    assert [a.text for a in out] == [a.text for a in alts] + ["a u r o r a"]  # after them
    right = alternatives(_slots("aurora"), grammar)
    assert with_runner_ups(beam, "encoded", right, grammar) == right  # type: ignore[arg-type]
    assert with_runner_ups(beam, None, alts, grammar) == alts  # type: ignore[arg-type]
    assert beam.asked == 1  # a word said whole (no encoding) is never searched


def test_the_beam_search_reads_a_real_spelling_as_letters_best_first(whisper: object) -> None:
    from voice.audio.clips import ASR_RATE_HZ, read_wav
    from voice.hearing.asr.whisper_spelling import STRETCH_PROMPT, STRETCH_TOKENS

    clip = read_wav(DATA / "spelled_arjun_R_4s7PwX.wav").to_rate(ASR_RATE_HZ)
    samples = clip.samples.astype(np.float32) / 32768
    encoded = whisper.encode_stretch(samples)  # type: ignore[attr-defined]
    beam = whisper.stretch_runner_ups  # type: ignore[attr-defined]
    readings = beam(encoded, STRETCH_PROMPT, STRETCH_TOKENS)
    assert readings and readings[0] == ("a r j u n", 0.0), readings
    assert all(gap >= 0.0 and all(len(w) == 1 for w in text.split()) for text, gap in readings)


class _Echo:
    """Stands in for a recognizer whose whole decode writes back its prompt's letters
    (``times`` over: the decoder loops on them)."""

    def __init__(self, times: int = 1) -> None:
        self.times = times

    def encode_stretch(self, samples: np.ndarray) -> str:
        return "encoded"

    def stretch_letters(self, encoded: object, prompt: str, max_tokens: int) -> list[Slot]:
        return _slots("".join(PROMPT_LETTERS) * self.times)


def test_a_whole_decode_that_echoes_its_prompt_is_no_reading() -> None:
    from voice.hearing.asr.whisper_spelling import _whole

    windows = [np.zeros(512, np.float32)] * 120
    grammar = Grammar(kind="spelling", verify=("not",))
    runs = [_island("n", 0.5, 0.9, {"n": 0.9, "m": 0.1}),
            _island("o", 1.3, 1.7, {"o": 0.9, "u": 0.1}),
            _island("t", 2.1, 2.5, {"t": 0.8, "d": 0.2})]
    alts, _, _ = _whole(_Echo(), windows, runs, 9, grammar)  # type: ignore[arg-type]
    assert [a.text for a in alts] == ["n o t"]  # the runs' letters, not "n e c"
    alts, _, _ = _whole(_Echo(8), windows, runs, 9, grammar)  # type: ignore[arg-type]
    assert [a.text for a in alts] == ["n o t"]  # nor "n e c n e c n e c ..." cut to one
    said = [_island("n", 0.5, 0.9, {"n": 0.9, "m": 0.1}), _island("e", 1.3, 1.7, {"e": 0.9}),
            _island("c", 2.1, 2.5, {"c": 0.9})]
    alts, _, _ = _whole(_Echo(), windows, said, 9, grammar)  # type: ignore[arg-type]
    assert alts[0].text == "n e c"  # where the runs heard N, E, C too, it was said


def test_a_reading_with_a_letter_heard_weakly_is_unsure() -> None:
    """Talk over a letter leaves it weak: the host says such a reading back before judging
    it wrong (voice.hosting.reply_doubts.spelling_heard_weakly)."""
    grammar = Grammar(kind="spelling", verify=("cat",))
    assert not weakly_heard(alternatives(_slots("caf", 0.9), grammar))
    assert weakly_heard(alternatives(_slots("caf", 0.9)[:2] + _slots("f", 0.3), grammar))
    assert weakly_heard([Alternative("c a f", None, None, (), False)])  # read from words
    assert not weakly_heard([])


def test_nato_words_said_one_by_one_are_read_from_the_runs_with_a_weak_one_asked() -> None:
    """The letter prompt garbles NATO words in the whole decode (Word Up's demo: a right
    N-E-I-G-H-B-O-U-R in NATO words read as "n e c" and judged wrong); a fast Golf the NATO
    reader missed is read as a letter name, J, D and G nearly alike: each is offered."""
    from voice.hearing.asr.whisper_spelling import _whole

    def nato(letter: str, start: float) -> Island:
        return Island(start, start + 0.5, Decoded(letter, -0.1, {letter: 1.0}, 1.0, nato=True))

    runs = [nato(c, 0.5 + k) for k, c in enumerate("nei")]
    runs.append(_island("j", 3.5, 3.8, {"j": 0.16, "d": 0.117, "g": 0.116, "e": 0.6 / 23}))
    runs += [nato(c, 4.5 + k) for k, c in enumerate("hbour")]
    grammar = Grammar(kind="spelling", verify=("neighbour",))
    windows = [np.zeros(512, np.float32)] * 300
    alts, letters, _ = _whole(_Echo(8), windows, runs, 9, grammar)  # type: ignore[arg-type]
    texts = [a.text for a in alts]
    assert texts[0] == "n e i j h b o u r" and letters == 9
    assert {"n e i g h b o u r", "n e i d h b o u r"} <= set(texts)
    assert weakly_heard(alts)
    # Golf read surely as a letter name: still a guess among NATO words, said back before
    # the spelling is judged wrong
    sure = [*runs[:3], _island("a", 3.5, 3.8, {"a": 0.9, "e": 0.1}), *runs[4:]]
    alts = _whole(_Echo(), windows, sure, 9, grammar)[0]  # type: ignore[arg-type]
    assert alts[0].text == "n e i a h b o u r" and weakly_heard(alts)
    assert not weakly_heard(_whole(_Echo(), windows, runs[:3] + runs[4:], 9,  # type: ignore[arg-type]
                                   grammar)[0])
    assert spelled_in_nato(runs[:2]) is None  # two runs: a name said whole, perhaps
    names = [_island(c, 0.5 + k, 0.9 + k, {c: 0.9, "z": 0.1}) for k, c in enumerate("neig")]
    assert spelled_in_nato([*names, *runs[4:6]]) is None  # mostly letter names: not NATO
    together = Island(4.5, 5.6, Decoded("h b", -0.1, {}, 1.0, nato=True))
    assert spelled_in_nato([*runs[:4], together]) is None  # words run together can loop


@pytest.mark.slow
def test_a_letter_more_than_the_answer_has_is_heard(whisper: object) -> None:
    """The spelling listener stops once it has the answer's letters, but only when no
    further letter follows (complete_pause): "C-A-T-S" at a "cat" prompt is not "cat" (a
    misspelling taken for the word), and "C-A-T" still ends at the speller's pace. NATO
    words one by one, with the pauses the demo's players leave, in espeak-ng's voice."""
    pytest.importorskip("pyttsx3")
    from voice.audio.clips import ASR_RATE_HZ, Clip
    from voice.commands.demo.game import PLAYER_LEVEL_DBFS, PLAYER_VOICE, _Speaker, at_level
    from voice.hearing.audio_in import MemorySource
    from voice.hosting.voice_adapter import VoiceEars

    speaker = _Speaker(PLAYER_VOICE)
    for said, letters in (("charlie alpha tango sierra", "c a t s"),
                          ("charlie alpha tango", "c a t")):
        parts: list[Clip] = []
        for word in said.split():
            parts += [speaker.render(word), Clip.silence(0.45, 22050)]
        voice = at_level(Clip.join(parts, 22050), PLAYER_LEVEL_DBFS).to_rate(ASR_RATE_HZ)
        stream = Clip.join([Clip.silence(0.3, ASR_RATE_HZ), voice,
                            Clip.silence(2.0, ASR_RATE_HZ)], ASR_RATE_HZ)
        ears = VoiceEars(whisper, MemorySource(stream, tail_s=0.0))  # type: ignore[arg-type]
        assert ears.listen("spelling", ["cat"], timeout_s=5.0).nbest[:1] == (letters,)
        rec = ears.last
        assert rec is not None and rec.speech_end_ms is not None
        assert rec.result_at_ms - rec.speech_end_ms <= 1000 + 64  # COMPLETE_MAX_S at most


def test_the_answer_said_before_its_letters_is_told_from_a_letter() -> None:
    """A run the NATO decode wrote as the answer's word is the word said first; a letter's
    name written as a word ("bee", "age") never is, and a short answer must be heard as
    written."""
    neighbour = Grammar.of(ReplyKind.SPELLING, [], verify=("neighbour",))
    assert word_of_answer(said_word(["neighbor"]), neighbour)  # as the decoder writes it
    assert word_of_answer(said_word(["follow", "follow"]), Grammar.of(
        ReplyKind.SPELLING, [], verify=("follow",)))  # a decoder loop
    assert not word_of_answer(said_word(["labor"]), neighbour)
    assert not word_of_answer(said_word(["neighbour", "n"]), neighbour)  # its N said with it
    cut = Grammar.of(ReplyKind.SPELLING, [], verify=("cut",))
    assert word_of_answer(said_word(["cut"]), cut)
    assert not word_of_answer(said_word(["cat"]), cut)  # three letters: as written only
    assert said_word(["bee"]) == said_word(["age"]) == said_word(["november"]) == ""
    assert said_word(["beach"]) == "beach"  # the NATO reader takes it for Echo: a word
    assert not word_of_answer(said_word(["bee"]), Grammar.of(ReplyKind.SPELLING, [],
                                                            verify=("bee",)))


def test_the_answer_said_right_before_nato_words_is_no_letter() -> None:
    """"Thank, Tango, Hotel ...": "thank" sounds enough like Tango to be read as T; said
    first, it is the answer's word, in the whole decode and in a run alike. Anything else
    stays as it was read, and a NATO word said twice stays two letters."""
    thank = Grammar.of(ReplyKind.SPELLING, [], verify=("thank",))
    assert words_as_letters(" Thank Tango Hotel Alpha November Kilo Kilo", thank) \
        == "thank t h a n k k"
    assert words_as_letters(" Tango Hotel Alpha November Kilo", thank) == "t h a n k"
    assert words_as_letters(" Thank", thank) == "t"  # no letters after it: as it was
    other = Grammar.of(ReplyKind.SPELLING, [], verify=("tank",))
    assert words_as_letters(" Thank Tango Alpha November Kilo", other) == "t t a n k"
    run = Island(0.5, 2.9, Decoded("t t h a n k k", -0.2, {}, 1.0, nato=True,
                                   word="thank tango hotel alfa november kilo"))
    assert island_text(run, thank) == "thank t h a n k k"
    assert island_text(run, other) == "t t h a n k k"


def test_a_word_said_before_the_letters_and_heard_as_another_is_asked_about() -> None:
    """A first run decoded as a word ("sunk" for "thank"), read as its S, with letters after
    it: the reading without that S is a runner-up ("Did you spell T-H-A-N-K?"); a first run
    heard as a letter, or a NATO word, or a lone run, gives none."""
    thank = Grammar.of(ReplyKind.SPELLING, [], verify=("thank",))
    sunk = Island(0.5, 0.96, Decoded("s", -0.3, {"s": 0.6, "t": 0.4}, 1.0, word="sunk"))
    rest = [_island(c, 1.3 + k, 1.7 + k, {c: 0.9, "z": 0.1}) for k, c in enumerate("thank")]
    letters = [Slot(c, {c: 0.9}) for c in "sthank"]
    assert [a.text for a in word_said_first(letters, [sunk, *rest], thank)] == ["t h a n k"]
    letter = Island(0.5, 0.96, Decoded("s", -0.3, {"s": 0.6, "t": 0.4}, 1.0))
    assert word_said_first(letters, [letter, *rest], thank) == []
    sierra = Island(0.5, 0.96, Decoded("s", -0.3, {}, 1.0, nato=True, word="see era"))
    assert word_said_first(letters, [sierra, *rest], thank) == []
    assert word_said_first(letters, [sunk], thank) == []


def test_a_run_too_long_for_the_answer_said_whole_is_its_letters() -> None:
    """A word said whole is short; a run as long as its letters' names run together, that
    the decoder wrote as the word ("Arjun" for A-R-J-U-N in 2.7 s), was the letters, and it
    counts as at least one letter per LETTER_SPEECH_S (whether the spelling may be over)."""
    arjun = Grammar.of(ReplyKind.SPELLING, [], verify=("arjun",))
    assert word_of_answer(said_word(["arjun"]), arjun, 0.6)
    assert word_of_answer(said_word(["arjun"]), arjun, 0.95)  # said slowly
    assert not word_of_answer(said_word(["arjun"]), arjun, 2.7)
    long = Grammar.of(ReplyKind.SPELLING, [], verify=("balasubramanian",))
    assert word_of_answer(said_word(["balasubramanian"]), long, 1.5)  # 15 letters: 3.3 s
    assert letters_by_time([_island("a", 1.34, 4.06)]) == 5
    assert letters_by_time([_island("a", 0.0, 0.4), _island("b", 0.9, 1.6)]) == 1


def test_letters_with_talk_words_among_them_are_read_again_as_letters() -> None:
    """A whole decode of letters with a word or two of talk written in is decoded again as
    letters only; a name said whole, NATO words and "double" never are (a letters-only
    decode would lose them)."""
    assert letters_among_talk("h a r l o w s m i t at w")
    assert letters_among_talk("stay a p e r e i r a three")
    assert not letters_among_talk("nicholas shaw")  # a name said whole
    assert not letters_among_talk("y robles")
    assert not letters_among_talk("b a c k double f")
    assert not letters_among_talk("lima alpha bravo at")
    assert not letters_among_talk("a b c")  # letters only: nothing to read again
    assert not letters_among_talk("a b stay")  # too few letters to tell talk from a word


def test_a_whole_decode_that_stopped_after_a_letter_or_two_is_not_the_spelling() -> None:
    """A decode with far fewer letters than the runs heard one by one stopped before the
    speller did; one a letter or two short (a letter the runs split in two) did not."""
    assert stopped_short(1, 8)
    assert stopped_short(2, 6)
    assert not stopped_short(7, 8)
    assert not stopped_short(1, 3)  # too few to tell
    assert not stopped_short(4, 7)
