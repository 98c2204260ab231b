"""What a Word Up state needs next: the prompt for each phase, computed from the state alone.

Kept apart from :mod:`engine.wordup` (which applies actions) because a prompt is
a pure reading of the state: :func:`make_prompt` takes anything shaped like a
:class:`WordUpView`, so this module never imports the state class and the two
cannot import each other.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from engine.core import CHANCE, JSON, Outcome, Prompt, PromptKind
from engine.wordup_board import CATEGORIES, COLOURS, DECK, QUESTIONS_PER_SHEET, Variant

ROLL_OPTIONS: tuple[int, ...] = tuple(range(2, 13))
DIFFERENT_PAIRS: tuple[list[str], ...] = tuple(
    [a, b] for a, b in itertools.combinations(COLOURS, 2)
)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


class WordUpView(Protocol):
    """The parts of a Word Up state a prompt is made from."""

    variant: Variant
    tokens: list[list[int]]
    phase: str
    pending: dict[str, Any]
    current: int
    position: int
    contenders: list[int]
    rolls: list[int]
    result: Outcome | None


def make_prompt(state: WordUpView) -> Prompt:
    """The prompt of ``state``'s phase: who acts, what kind of input, the legal options."""
    phase = state.phase
    seat = state.current
    pending = state.pending

    def roller(who: int) -> int:
        return who if state.variant.physical_dice else CHANCE

    if phase == "roll":
        return Prompt(PromptKind.ROLL, roller(seat), ROLL_OPTIONS,
                      {"purpose": "move", "seat": seat, "from": state.position,
                       "dice": 2, "sides": 6})
    if phase == "answer":
        return Prompt(PromptKind.ANSWER, pending["answerer"], (), answer_info(pending))
    if phase == "choose_category":
        return Prompt(PromptKind.CHOOSE_CATEGORY, seat, tuple(pending["options"]),
                      {"source": pending["source"], "stake": pending["stake"]})
    if phase == "shuffle":
        return Prompt(PromptKind.SHUFFLE, CHANCE, (), {"cards": len(DECK)})
    if phase == "rolloff":
        first = state.contenders[len(state.rolls)]
        return Prompt(PromptKind.ROLL, roller(first), ROLL_OPTIONS,
                      {"purpose": "first_player", "seat": first, "dice": 2, "sides": 6})
    if phase == "free_or_answer":
        return Prompt(PromptKind.FREE_OR_ANSWER, seat, ("free", "answer"),
                      {"colour": pending["colour"]})
    if phase == "lose_tokens":
        return Prompt(PromptKind.LOSE_TOKENS, seat, tuple(lose_two_options(state.tokens[seat])),
                      {"count": 2})
    if phase == "free_tokens":
        return Prompt(PromptKind.FREE_TOKENS, seat, tuple(list(p) for p in DIFFERENT_PAIRS),
                      {"count": 2})
    if phase == "exchange":
        return Prompt(PromptKind.EXCHANGE, seat, (*exchange_options(state.tokens, seat), "decline"), {})
    if phase == "stop_or_lose":
        held = [c for c in COLOURS if state.tokens[seat][COLOUR_INDEX[c]] > 0]
        return Prompt(PromptKind.STOP_OR_LOSE, seat, ("stop", *held), {})
    return Prompt(PromptKind.GAME_OVER, CHANCE, (),
                  {} if state.result is None else state.result.to_json())


def lose_two_options(have: Sequence[int]) -> list[list[str]]:
    """The pairs of colours a player holding ``have`` (per colour) can lose on Lose Two."""
    out: list[list[str]] = []
    for a in range(4):
        for b in range(a, 4):
            if (a == b and have[a] >= 2) or (a != b and have[a] and have[b]):
                out.append([COLOURS[a], COLOURS[b]])
    return out


def exchange_options(tokens: Sequence[Sequence[int]], seat: int) -> list[dict[str, Any]]:
    """Every exchange ``seat`` can make: a token it holds for another colour a partner holds."""
    mine = tokens[seat]
    out: list[dict[str, Any]] = []
    for partner in range(len(tokens)):
        if partner == seat:
            continue
        theirs = tokens[partner]
        for give in range(4):
            if not mine[give]:
                continue
            for take in range(4):
                if take != give and theirs[take]:
                    out.append({"with": partner, "give": COLOURS[give],
                                "take": COLOURS[take]})
    return out


def answer_info(pending: Mapping[str, Any]) -> dict[str, JSON]:
    """The answer prompt's info: which question of which stream, its stake, reader and square."""
    index: int = pending["index"]
    colour: str = pending["colour"]
    return {
        "colour": colour,
        "category": CATEGORIES[colour],
        "level": pending["level"],
        "index": index,
        "sheet": index // QUESTIONS_PER_SHEET + 1,
        "number": index % QUESTIONS_PER_SHEET + 1,
        "stake": pending["stake"],
        "source": pending["source"],
        "reader": pending["reader"],
        "square": pending["square"],
    }
