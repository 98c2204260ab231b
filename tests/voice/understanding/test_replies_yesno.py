"""Yes and no as people say them: every listed phrase, negations, corrections, and never a guess.

The worst outcome at a yes/no is the opposite of what was meant (a vote or a confirmation
decided the wrong way); the next worst a guess. Not understood is cheap: it is asked again.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voice.understanding.judge import judge
from voice.understanding.replies import NO_PHRASES, YES_PHRASES, said_plainly, yesno
from voice.understanding.transcript import HESITATIONS, tokens

SETTINGS = settings(max_examples=300, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])

ISSUE = [
    ("I agree", True), ("agreed", True), ("I disagree", False), ("don't think so", False),
    ("please don't", False), ("of course", True), ("not at all", False),
    ("that's a mistake", False), ("yes, no sorry, no", False), ("that's not right", False),
    ("not wrong", True), ("that's certainly undesirable", None),
]


@pytest.mark.parametrize(("said", "meant"), ISSUE)
def test_yes_and_no_as_people_say_them(said: str, meant: bool | None) -> None:
    assert yesno(said) is meant


@pytest.mark.parametrize("said", YES_PHRASES)
def test_every_listed_yes_phrase_is_a_yes(said: str) -> None:
    assert yesno(said) is True


@pytest.mark.parametrize("said", NO_PHRASES)
def test_every_listed_no_phrase_is_a_no(said: str) -> None:
    assert yesno(said) is False


@pytest.mark.parametrize(("said", "meant"), [
    ("that's not wrong", True), ("it is not wrong", True), ("not right", False),
    ("that isn't right", False), ("not correct", False), ("not true", False),
    ("I don't agree", False), ("I don't disagree", True), ("certainly wrong", False),
    ("certainly not", False), ("definitely", True), ("it isn't", False), ("it is", True),
    ("not a mistake", True), ("i don't think so", False), ("i think so", True),
])
def test_a_negation_turns_the_meaning_round(said: str, meant: bool) -> None:
    assert yesno(said) is meant


@pytest.mark.parametrize(("said", "meant"), [
    ("yes, I mean no", False), ("no actually yes", True), ("yes sorry no", False),
    ("no wait, yes", True), ("sorry, yes", True), ("no, sorry", False),
    ("yes no", None), ("yes and no", None), ("no, not wrong", None),
])
def test_a_correction_within_one_reply_makes_the_last_one_count(said: str,
                                                              meant: bool | None) -> None:
    assert yesno(said) is meant


@pytest.mark.parametrize("said", ["maybe", "not sure", "I don't know", "I'm not sure",
                                  "I don't mind", "perhaps yes", "probably", "sorry",
                                  "banana", "yes banana", "that's certainly undesirable",
                                  "no idea", "whatever"])
def test_unsure_or_unknown_is_not_understood_and_asked_again(said: str) -> None:
    assert yesno(said) is None
    got = judge({"kind": "yesno", "heard": said})
    assert got.verdict == "unclear" and got.value is None


_KNOWN = {t for p in (*YES_PHRASES, *NO_PHRASES) for t in tokens(p)}
unknown_word = st.text(alphabet="bcdfghjklmpqrstvwxz", min_size=3, max_size=9).filter(
    lambda w: w not in _KNOWN and w not in HESITATIONS)
phrase = st.sampled_from([(p, True) for p in YES_PHRASES] + [(p, False) for p in NO_PHRASES])
filler = st.sampled_from(["", "um ", "well ", "oh ", "uh ", "hmm "])


@SETTINGS
@given(phrase, unknown_word, st.booleans())
def test_an_unknown_word_never_turns_a_reply_into_its_opposite(p: tuple[str, bool], word: str,
                                                              before: bool) -> None:
    said, meant = p
    text = f"{word} {said}" if before else f"{said} {word}"
    assert yesno(text) is None


@SETTINGS
@given(phrase, filler)
def test_hesitations_before_a_reply_do_not_change_it(p: tuple[str, bool], lead: str) -> None:
    said, meant = p
    assert yesno(lead + said) is meant


@SETTINGS
@given(phrase, phrase, st.sampled_from(["sorry", "I mean", "actually", "no wait", "oops"]))
def test_after_a_correction_the_last_reply_counts(first: tuple[str, bool],
                                                  last: tuple[str, bool], marker: str) -> None:
    assert yesno(f"{first[0]}, {marker}, {last[0]}") is last[1]


@SETTINGS
@given(phrase, phrase)
def test_two_typed_replies_without_a_correction_are_never_the_opposite_of_either(
        a: tuple[str, bool], b: tuple[str, bool]) -> None:
    got = yesno(f"{a[0]}, {b[0]}")
    if a[1] == b[1]:
        assert got in (a[1], None)
    else:
        # Without a correction the order says nothing ("please do, no" is "no, please do"),
        # and a yes and a no both said plainly are not understood: asked again.
        assert got is yesno(f"{b[0]}, {a[0]}")
        if said_plainly(a[0]) and said_plainly(b[0]):
            assert got is None
