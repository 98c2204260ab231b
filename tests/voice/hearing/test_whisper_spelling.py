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


def test_several_runs_are_read_from_the_whole_decode_with_a_loop_cut() -> None:
    whole = _slots("jennnnn")  # the decoder looped on the last letter
    islands = [_island("j e", 0.5, 1.4), _island("n s", 2.0, 2.9), _island("e n", 3.5, 4.3)]
    assert "".join(s.letter for s in fused(whole, islands)) == "jen"


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
