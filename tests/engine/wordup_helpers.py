"""Arranging Word Up states for the rule tests (imported by the other test_wordup files).

Tests arrange a situation through the real actions (shuffle, roll-off, rolls)
and, where the rules need a particular holding, by setting tokens directly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.core import Action, Event
from engine.wordup import DECK, Variant, WordUpState, new_game


def deck_with_top(*cards: str) -> list[int]:
    """A shuffle permutation that puts ``cards`` on top of the pile, in order."""
    top: list[int] = []
    for card in cards:
        top.append(next(i for i, c in enumerate(DECK) if c == card and i not in top))
    return top + [i for i in range(len(DECK)) if i not in top]


def started(
    levels: Sequence[int] = (3, 3, 3),
    variant: Variant | None = None,
    first: int = 0,
    top: Sequence[str] = (),
) -> WordUpState:
    """A game after the shuffle and a roll-off that ``first`` wins outright."""
    state = new_game(levels, variant)
    act(state, "shuffle", deck_with_top(*top))
    for seat in range(len(levels)):
        act(state, "roll", 12 if seat == first else 2)
    assert state.prompt().kind == "roll" and state.current == first
    return state


def act(state: WordUpState, kind: str, value: Any = None) -> list[Event]:
    """Apply ``kind``/``value`` as whoever the prompt asks."""
    return state.apply(Action(kind, state.prompt().actor, value))


def roll(state: WordUpState, total: int) -> list[Event]:
    return act(state, "roll", total)


def answer(state: WordUpState, correct: bool) -> list[Event]:
    return act(state, "answer", {"correct": correct})


def land_on(state: WordUpState, square: int) -> list[Event]:
    """Roll onto ``square``: from Bonus when 2-12 away, else from 12 short of it
    (as if earlier correct answers had brought the piece there)."""
    assert state.position == 0 and state.prompt().kind == "roll" and square >= 2
    state.position = max(0, square - 12)
    return roll(state, square - state.position)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def snapshot(state: WordUpState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)
