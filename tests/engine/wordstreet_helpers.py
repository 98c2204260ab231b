"""Small drivers shared by the Word on the Street tests."""

from __future__ import annotations

import json

from engine.core import CHANCE, JSON, Action, Event
from engine.wordstreet import WordStreet


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def draw(state: WordStreet, card: int | None = None) -> list[Event]:
    prompt = state.prompt()
    assert prompt.kind == "draw", prompt
    return state.apply(Action("draw", CHANCE, prompt.options[0] if card is None else card))


def start_turn(state: WordStreet, reason: str = "word_chosen") -> list[Event]:
    events = draw(state)
    return events + state.apply(Action("brainstorm", state.team, reason))


def spell_word(state: WordStreet, word: str) -> list[Event]:
    """Draw, brainstorm and spell ``word`` whole; the challenge prompt is next."""
    events = start_turn(state)
    return events + state.apply(Action("spell", state.team, {"word": word}))


def spell_letters(state: WordStreet, word: str) -> list[Event]:
    """Like :func:`spell_word`, one action per spoken letter, then done."""
    events = start_turn(state)
    for ch in word:
        events += state.apply(Action("spell", state.team, {"letter": ch}))
    return events + state.apply(Action("spell", state.team, {"done": True}))


def answer(state: WordStreet, value: JSON) -> list[Event]:
    """Answer the current prompt with ``value`` as its actor."""
    prompt = state.prompt()
    return state.apply(Action(prompt.kind, prompt.actor, value))


def play_word(state: WordStreet, word: str) -> list[Event]:
    """A whole unchallenged turn."""
    return spell_word(state, word) + answer(state, "none")


def snapshot(state: WordStreet) -> str:
    return json.dumps(state.to_json(), sort_keys=True)
