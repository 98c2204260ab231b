"""Free answers (Missing Word, Crossword Clue, trivia) against accepted answers."""

from __future__ import annotations

from typing import Any

import pytest

from voice.understanding.answer_match import (
    Verdict,
    answer_key,
    judge_free,
    judge_one,
    nearest_real_word,
)
from voice.understanding.judge import judge


def _word(accepted: list[str], heard: Any) -> tuple[str, Any]:
    got = judge({"kind": "word", "accepted": accepted, "heard": heard})
    return got.verdict, got.value


@pytest.mark.parametrize(
    ("accepted", "heard", "want"),
    [
        # plain, with filler, with articles
        (["fled", "flew"], "i think it's fled", ("correct", "fled")),
        (["fled", "flew"], "uh the answer is flew", ("correct", "flew")),
        (["kitchen"], "the kitchen", ("correct", "kitchen")),
        (["kitchen"], "kitchen please", ("correct", "kitchen")),
        (["kitchen"], "[unk] kitchen", ("correct", "kitchen")),
        # British/American spellings (from the lexicon)
        (["colour"], "color", ("correct", "colour")),
        (["centre"], "center", ("correct", "centre")),
        (["organise"], "organize", ("correct", "organise")),
        # a homophone is right for a spoken answer
        (["flour"], "flower", ("correct", "flour")),
        (["threw"], "through", ("correct", "threw")),
        (["right"], "write", ("correct", "right")),
        # ... but a homophone one letter away, heard, is a doubt ("Did you say two?"):
        # a free answer is decoded without the answer in view (typed: see below)
        (["desert"], "dessert", ("unclear", "desert")),
        (["sun"], "son", ("unclear", "sun")),
        (["dessert"], "desert", ("unclear", "dessert")),
        (["two"], "to", ("unclear", "two")),
        (["2"], "too", ("unclear", "2")),
        (["4"], "for", ("unclear", "4")),
        (["too"], "two", ("unclear", "too")),  # heard as the number 2
        (["too"], "2", ("unclear", "too")),
        (["knight"], "night", ("unclear", "knight")),
        (["two"], "tooth", ("wrong", "tooth")),
        # numbers in words and digits
        (["seven"], "7", ("correct", "seven")),
        (["1966"], "nineteen sixty six", ("correct", "1966")),
        (["100"], "a hundred", ("correct", "100")),
        # spacing and hyphens
        (["ice cream"], "ice-cream", ("correct", "ice cream")),
        (["ice cream"], "icecream", ("correct", "ice cream")),
        (["da vinci"], "davinci", ("correct", "da vinci")),
        # a recognizer slip inside a name, a typed typo with a clear margin
        (["leonardo da vinci"], "leonardo da vinchi", ("correct", "leonardo da vinci")),
        (["embarrass"], "embarass", ("correct", "embarrass")),
        (["mississippi"], "missisippi", ("correct", "mississippi")),
        # ... but not when another real word is about as close ("colours" for "colourr")
        (["colour"], "colourr", ("unclear", "colour")),
        (["rhythm"], "rythm", ("unclear", "rhythm")),
        # answers that are filler words still count
        (["well"], "well", ("correct", "well")),
        (["an"], "an", ("correct", "an")),
        (["an"], "a", ("wrong", "a")),
        # clearly different real words are wrong
        (["kitchen"], "chicken", ("wrong", "chicken")),
        (["kitchen"], "kitten", ("wrong", "kitten")),
        (["colour"], "colours", ("wrong", "colours")),
        (["quiet"], "quite", ("wrong", "quite")),
        (["lend"], "lent", ("wrong", "lent")),
        (["paris"], "london", ("wrong", "london")),
        (["the beatles"], "the rolling stones", ("wrong", "rolling stones")),
        # doubtful: confirm instead of guessing
        (["ice cream"], "ice", ("unclear", "ice cream")),
        (["spoon"], "spoon or fork", ("unclear", "spoon")),
        (["winter"], "not winter", ("unclear", "winter")),
        # a form heard inside more words is asked as the fuller form it sounds like
        (["butterfly", "fly"], "murder fly", ("unclear", "butterfly")),
        (["Michael Jordan", "Jordan"], "my call jordan", ("unclear", "Michael Jordan")),
        (["Michael Jordan", "Jordan"], "not jordan", ("unclear", "Jordan")),
        (["the beatles"], "the beetles", ("unclear", "the beatles")),  # vowels off, same consonants
        (["mount everest"], "mount everett", ("unclear", "mount everest")),
        (["their"], "they're", ("unclear", "their")),
        (["kitchen"], "hang on let me ask my friend", ("unclear", None)),  # table talk
        (["kitchen"], "i don't know", ("unclear", None)),
        (["kitchen"], "[unk]", ("unclear", None)),
        (["kitchen"], "um uh", ("unclear", None)),
        (["kitchen"], "", ("unclear", None)),
    ],
)
def test_free_answers(accepted: list[str], heard: str, want: tuple[str, Any]) -> None:
    assert _word(accepted, heard) == want


@pytest.mark.parametrize(("accepted", "typed", "want"), [
    (["desert"], "dessert", ("wrong", "dessert")),
    (["sun"], "son", ("wrong", "son")),
    (["two"], "to", ("wrong", "to")),
    (["sea"], "see", ("wrong", "see")),
    (["flour"], "flower", ("correct", "flour")),  # a homophone further away is the answer
])
def test_a_typed_homophone_one_letter_away_is_another_word(
        accepted: list[str], typed: str, want: tuple[str, Any]) -> None:
    got = judge({"kind": "word", "accepted": accepted, "heard": typed, "typed": True})
    assert (got.verdict, got.value) == want


@pytest.mark.parametrize(
    ("heard", "want"),
    [
        (["onion", "union"], ("correct", "onion")),
        (["union", "onion"], ("unclear", "onion")),  # the best guess is another word: confirm
        (["[unk]", "onion"], ("unclear", "onion")),  # off-list speech was likelier: confirm
        (["", "onion"], ("correct", "onion")),  # an empty alternative says nothing
        (["union", "garlic"], ("wrong", "union")),
    ],
)
def test_n_best_lists(heard: list[str], want: tuple[str, Any]) -> None:
    assert _word(["onion"], heard) == want


def test_an_answer_that_is_a_command_word_is_an_answer() -> None:
    assert _word(["pass"], "pass") == ("correct", "pass")
    got = judge({"kind": "word", "accepted": ["kitchen"], "heard": "pass"})
    assert (got.verdict, got.value, got.command) == ("unclear", None, "skip")


def test_a_command_is_never_judged_as_an_answer() -> None:
    for heard in ("say that again", "what's the score", "spell kitchen", "repeat the question please"):
        got = judge({"kind": "word", "accepted": ["kitchen"], "heard": heard})
        assert got.verdict == "unclear" and got.command is not None, heard


def test_answer_key_holds_spellings_and_homophones() -> None:
    key = answer_key(("colour", "flour"))
    assert {"colour", "color", "flour", "flower"} <= set(key.forms)
    assert key.forms["color"] == "colour"
    assert key.forms["flower"] == "flour"


def test_judge_one_and_judge_free_agree_on_a_single_transcript() -> None:
    key = answer_key(("fled",))
    assert judge_one(key, "fled").verdict == "correct"
    verdict, heard = judge_free(["fled"], ["fled"])
    assert (verdict.verdict, heard) == ("correct", "fled")


def test_nearest_real_word_skips_the_answers() -> None:
    assert nearest_real_word("kitchem", set()) == pytest.approx(100 * 12 / 14)
    assert nearest_real_word("kitchem", {"kitchen"}) < nearest_real_word("kitchem", set())


def test_confidence_is_lower_for_doubt() -> None:
    sure = judge({"kind": "word", "accepted": ["fled"], "heard": "fled"})
    unsure = judge({"kind": "word", "accepted": ["onion"], "heard": ["union", "onion"]})
    assert sure.confidence == 1.0 > unsure.confidence > 0
    assert 0 <= unsure.confidence <= 1


@pytest.mark.parametrize("heard", ["Okay.", "yeah", "well so", "oh um"])
def test_a_backchannel_word_alone_is_no_answer(heard: str) -> None:
    """What Whisper writes on a short word it could not make out is asked again, not
    judged wrong; with another word it is filler around that word."""
    key = answer_key(("cat",))
    assert judge_one(key, heard) == Verdict("unclear", None, 0.0)
    assert judge_one(key, heard + " cat").verdict == "correct"
    assert judge_one(key, heard + " dog").verdict == "wrong"


def test_a_backchannel_word_over_a_forced_check_of_the_answer_is_confirmed() -> None:
    verdict, alt = judge_free(["cat"], ["okay", "cat"])
    assert (verdict.verdict, verdict.value, alt) == ("unclear", "cat", "cat")


def test_a_runner_up_is_asked_about_as_the_fuller_form_the_transcript_sounds_like() -> None:
    """The forced check of a Sport and Leisure demo found "Bjorndalen" under "oh like our
    bjorn megan", said for Ole Einar Bjorndalen: the team is asked about what they said."""
    accepted = ["Ole Einar Bjorndalen", "Bjorndalen"]
    verdict, _ = judge_free(accepted, ["oh like our bjorn megan", "Bjorndalen"])
    assert (verdict.verdict, verdict.value) == ("unclear", "Ole Einar Bjorndalen")
    verdict, _ = judge_free(accepted, ["bjorn", "Bjorndalen"])
    assert (verdict.verdict, verdict.value) == ("unclear", "Bjorndalen")


def test_a_number_beside_the_answer_is_no_stray_letter() -> None:
    """Talk under the player ("three one", with "one" read as 1): two answers, confirmed."""
    key = answer_key(("three",))
    assert judge_one(key, "d three").verdict == "correct"
    assert judge_one(key, "three one") == Verdict("unclear", "three", 0.5)
