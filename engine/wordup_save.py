"""Loading a saved Word Up state: every field checked, so a damaged save fails at load.

Saving is ``WordUpState.to_json``; this module reads it back, so the rules module
never imports it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.core import JSON, Outcome, RulesError, SaveError, expect_save
from engine.wordup import PHASES, SAVE_VERSION, WordUpState, new_game
from engine.wordup_board import COLOURS, DECK, LEVELS, STOP, Variant


def load(data: Mapping[str, JSON]) -> WordUpState:
    """Rebuild a state saved by :meth:`WordUpState.to_json`; SaveError if it is damaged."""
    try:
        expect_save(data, "wordup", SAVE_VERSION)
        state = new_game(list(data["levels"]), Variant.from_json(data["variant"]),
                         list(data["names"]))
        n = state.players
        state.tokens = _int_rows(data["tokens"], n, 4, "tokens")
        state.streams = _int_rows(data["streams"], len(LEVELS), 4, "streams")
        deck = list(data["deck"])
        if sorted(deck) != sorted(DECK):
            raise SaveError("the saved Word Up pile is not the 20 Word Up cards")
        state.deck = deck
        phase = data["phase"]
        if phase not in PHASES:
            raise SaveError(f"unknown phase {phase!r} in save")
        state.phase = phase
        pending = data["pending"]
        if not isinstance(pending, dict):
            raise SaveError("pending must be an object")
        state.pending = json.loads(json.dumps(pending))
        state.current = _int(data["current"], -1, n - 1, "current")
        state.position = _int(data["position"], 0, STOP, "position")
        state.contenders = [_int(s, 0, n - 1, "contenders") for s in data["contenders"]]
        state.rolls = [_int(r, 2, 12, "rolls") for r in data["rolls"]]
        winners = tuple(_int(s, 0, n - 1, "winners") for s in data["winners"])
        state.result = Outcome(winners, str(data["end_reason"])) if winners else None
        state.turns = _int(data["turns"], 0, 1 << 62, "turns")
        _check_consistent(state)
        return state
    except SaveError:
        raise
    except (RulesError, KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise SaveError(f"damaged Word Up save: {exc}") from exc


_SOURCES = ("question", "option", "double", "any", "ask_left", "free_or_answer", "move")


def _check_consistent(state: WordUpState) -> None:
    """Refuse a save whose parts cannot belong together, so it cannot fail mid-game."""
    phase, pending, n = state.phase, state.pending, state.players
    if phase == "rolloff" and not len(state.rolls) < len(state.contenders):
        raise SaveError("the saved roll-off is inconsistent")
    before_play = state.current == -1 and state.turns == 0
    if phase != "over" and (phase in ("shuffle", "rolloff")) != before_play:
        raise SaveError("the saved turn does not match the phase")
    if (phase == "over") != (state.result is not None):
        raise SaveError("the saved winners do not match the phase")
    expected = {
        "choose_category": {"options", "stake", "source"},
        "answer": {"colour", "stake", "source", "answerer", "reader", "level", "index",
                   "square"},
        "free_or_answer": {"colour"},
    }.get(phase, set())
    if set(pending) != expected:
        raise SaveError(f"the saved {phase} step is damaged")
    if "colour" in pending and pending["colour"] not in COLOURS:
        raise SaveError("unknown colour in save")
    if "options" in pending and (
        not isinstance(pending["options"], list)
        or not pending["options"]
        or any(c not in COLOURS for c in pending["options"])
    ):
        raise SaveError("unknown category choice in save")
    if phase in ("choose_category", "answer"):
        if pending["source"] not in _SOURCES or pending["stake"] not in (1, 2):
            raise SaveError("the saved question is damaged")
    if phase == "answer":
        _int(pending["answerer"], 0, n - 1, "answerer")
        _int(pending["reader"], 0, n - 1, "reader")
        _int(pending["level"], 1, len(LEVELS), "level")
        _int(pending["index"], 0, 1 << 62, "index")
        _int(pending["square"], 0, STOP, "square")


def _int(value: Any, low: int, high: int, what: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise SaveError(f"{what} must be a whole number {low}..{high}, got {value!r}")
    return value


def _int_rows(value: Any, rows: int, cols: int, what: str) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != rows:
        raise SaveError(f"{what} must have {rows} rows")
    out = []
    for row in value:
        if not isinstance(row, list) or len(row) != cols:
            raise SaveError(f"each {what} row must have {cols} numbers")
        out.append([_int(x, 0, 1 << 62, what) for x in row])
    return out
