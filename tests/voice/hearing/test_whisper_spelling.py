"""The pure parts of a spelling heard whole: combining the whole decode with the runs."""

from __future__ import annotations

from voice.hearing.asr.base import Grammar
from voice.hearing.asr.whisper_letters import Decoded
from voice.hearing.asr.whisper_spelling import (
    DOUBT_P,
    Island,
    Slot,
    alternatives,
    fused,
    letters_heard,
    longest_answer,
    unlooped,
)


def _slots(letters: str, sure: float = 0.9) -> list[Slot]:
    return [Slot(c, {c: sure, "z" if c != "z" else "y": 1 - sure}) for c in letters]


def _island(text: str, start: float, end: float, probs: dict[str, float] | None = None
            ) -> Island:
    return Island(start, end, Decoded(text, -0.1, probs or {}, 1.0))


def test_a_letter_only_the_runs_heard_at_the_start_is_put_in() -> None:
    whole = _slots("akluanalogs")  # the whole decode dropped the first T
    islands = [_island("t a k l u", 0.8, 3.4), _island("a n a l o g s", 4.0, 6.8)]
    assert "".join(s.letter for s in fused(whole, islands)) == "takluanalogs"


def test_a_run_far_from_the_rest_is_not_put_in() -> None:
    whole = _slots("norah")
    islands = [_island("g", 0.2, 0.5, {"g": 0.9, "d": 0.1}), _island("n o r a h", 3.0, 5.0)]
    assert "".join(s.letter for s in fused(whole, islands)) == "norah"


def test_letters_said_alone_are_the_runs_letters_and_a_loop_is_no_letters() -> None:
    whole = _slots("ooooooo")
    islands = [_island("o", 0.5, 0.9, {"o": 0.8, "a": 0.2})]
    assert [s.letter for s in fused(whole, islands)] == ["o"]
    assert [s.letter for s in unlooped(_slots("lloooow"))] == list("llow")


def test_a_different_letter_from_the_other_hearing_is_the_runner_up() -> None:
    whole = _slots("niko")
    islands = [_island(c, k * 1.0, k * 1.0 + 0.4, {c: 0.9, "e": 0.1})
               for k, c in enumerate("nico")]
    slots = fused(whole, islands)
    assert "".join(s.letter for s in slots) == "nico"
    assert slots[2].runner_up() == ("k", DOUBT_P)
    texts = [a.text for a in alternatives(slots, Grammar.of("spelling", []))]
    assert texts[0] == "n i c o" and "n i k o" in texts


def test_the_answer_gives_only_a_length_and_letters_are_counted_as_said() -> None:
    assert longest_answer(Grammar.of("spelling", [], verify=["colour", "color"])) == 6
    assert longest_answer(Grammar.of("spelling", [])) is None
    assert letters_heard([_island("double f", 0, 1), _island("Oscar", 1.5, 2)]) == 3
    assert letters_heard([_island("Nicholas Shaw", 0, 1.5)]) == 0
