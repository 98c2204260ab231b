"""Loading a saved Word on the Street state: every field checked, so damage fails at load.

Saving is :meth:`engine.wordstreet.WordStreet.to_json`; this module reads it
back and refuses a save whose parts contradict each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import JSON, Outcome, SaveError, SetupError, expect_save
from engine.wordstreet import (
    BRAINSTORM,
    CHALLENGES,
    GAME,
    PHASES,
    RESULTS,
    VERDICT_PHASE,
    VERSION,
    Settings,
    WordStreet,
)
from engine.wordstreet_board import HYPHEN, INDEX, LETTERS, OFF, start_street


def load(data: Mapping[str, JSON]) -> WordStreet:
    """Rebuild a state saved by ``WordStreet.to_json``; SaveError if it is damaged."""
    try:
        return _load(data)
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, SetupError) as exc:
        raise SaveError(f"not a readable Word on the Street save: {exc}") from None


def _load(data: Mapping[str, JSON]) -> WordStreet:
    expect_save(data, GAME, VERSION)
    settings = Settings(**data["settings"])
    settings.check()
    tiles_json = data["tiles"]
    if set(tiles_json) != set(LETTERS):
        raise SaveError("the save must place every tile A-Z exactly once")
    state = WordStreet(settings, start_street(tiles_json))
    state.unseen = _ints(data["unseen"])
    state.used = _ints(data["used"])
    state.team = _pick(data["team"], (0, 1), "team")
    state.phase = _pick(data["phase"], PHASES, "phase")
    state.restart = _pick(data["restart"], (False, True), "restart")
    state.card = None if data["card"] is None else _ints([data["card"]])[0]
    state.brainstorm = _pick(data["brainstorm"], (None, *BRAINSTORM), "brainstorm")
    state.spelled = str(data["spelled"])
    state.befores = [None if b is None else _ints([b])[0] for b in data["befores"]]
    state.challenge = _pick(data["challenge"], (None, *CHALLENGES[1:]), "challenge")
    state.skip = [bool(_pick(s, (False, True), "skip")) for s in data["skip"]]
    state.turns = _ints(data["turns"])
    state.time_up = _pick(data["time_up"], (False, True), "time_up")
    winners = _ints(data["winners"])
    reason = _pick(data["result"], RESULTS, "result")
    state.result = None if reason is None else Outcome(tuple(winners), reason)
    if reason is None and winners:
        raise SaveError(f"winners {winners!r} but no result")
    _check_consistent(state)
    return state


def _ints(values: Any) -> list[int]:
    out = list(values)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in out):
        raise SaveError(f"expected whole numbers, got {out!r}")
    return out


def _pick(value: Any, allowed: tuple[Any, ...], name: str) -> Any:
    if value not in allowed or type(value) not in {type(a) for a in allowed}:
        raise SaveError(f"{name} is {value!r}; allowed: {allowed!r}")
    return value


def _check_consistent(state: WordStreet) -> None:
    """Refuse a save whose parts contradict each other (a damaged file)."""
    deck = [*state.unseen, *state.used, *([] if state.card is None else [state.card])]
    if sorted(deck) != list(range(state.settings.deck_size)):
        raise SaveError("the tray and the card in play do not make up the deck exactly once")
    if len(state.skip) != 2 or len(state.turns) != 2 or min(state.turns) < 0:
        raise SaveError("skip and turns must have one entry per team")
    in_turn = state.phase not in ("draw", "over")
    if in_turn != (state.card is not None):
        raise SaveError(f"phase {state.phase!r} does not match card {state.card!r}")
    if len(state.befores) != len(state.spelled):
        raise SaveError("the spelled letters and their tile history differ in length")
    for ch in state.spelled:
        if ch != HYPHEN and ch not in INDEX:
            raise SaveError(f"spelled character {ch!r} is not A-Z or a hyphen")
    for before in state.befores:
        if before is not None and not -OFF < before < OFF:
            raise SaveError(f"a tile cannot have moved from position {before}")
    winners = state.winners()
    if (state.phase == "over") != bool(winners) or not set(winners) <= {0, 1}:
        raise SaveError(f"winners {winners!r} do not fit phase {state.phase!r}")
    if (state.phase in VERDICT_PHASE.values()) != (state.challenge is not None):
        raise SaveError(f"phase {state.phase!r} does not match challenge {state.challenge!r}")
    if (state.phase not in ("draw", "brainstorm", "over")) != (state.brainstorm is not None):
        raise SaveError(f"phase {state.phase!r} does not match brainstorm {state.brainstorm!r}")
    if (state.phase == "over") != (state.outcome() is not None):
        raise SaveError("only a finished game has a result")
