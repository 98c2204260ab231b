"""Shared set-ups for the Best of Sport and Leisure tests (no tests here)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from engine.core import CHANCE, Action, Event, RulesError
from engine.sportleisure import SportLeisureState, new_game
from engine.sportleisure_sim import deal_order

TEAMS = (("Ann", "Bob"), ("Cat", "Dan"))


def started(
    hand0: Sequence[str] = ("move_the_goalposts", "new_balls_please", "second_wind"),
    hand1: Sequence[str] = ("sin_bin", "run_for_the_money", "own_goal"),
    positions: tuple[int, int] = (0, 0),
    first_team: int = 0,
    n_cards: int = 10,
    teams: Sequence[Sequence[str]] = TEAMS,
) -> SportLeisureState:
    """A game past both shuffles: deck in order 0..n-1, the given hands and positions."""
    state = new_game(teams, n_cards, first_team)
    state.apply(Action("shuffle", CHANCE, list(range(n_cards))))
    state.apply(Action("shuffle", CHANCE, deal_order(hand0, hand1)))
    state.positions = list(positions)
    return state


def answer(state: SportLeisureState, correct: bool) -> list[Event]:
    """Whoever the prompt asks gives a verdict."""
    return state.apply(Action("answer", state.prompt().actor, {"correct": correct}))


def play(state: SportLeisureState, team: int, card: str, **extra: str) -> list[Event]:
    return state.apply(Action("play_card", team, {"card": card, **extra}))


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def moves(events: Sequence[Event]) -> list[tuple[int, int, int, str]]:
    return [(e.data["team"], e.data["from"], e.data["to"], e.data["reason"])
            for e in events if e.kind == "moved"]


def snapshot(state: SportLeisureState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def refused(state: SportLeisureState, action: Action, error: type[RulesError],
            words: str) -> str:
    """Assert ``action`` raises ``error`` mentioning ``words`` and changes nothing."""
    before = snapshot(state)
    prompt_before = state.prompt()
    with pytest.raises(error) as info:
        state.apply(action)
    assert words.lower() in str(info.value).lower(), str(info.value)
    assert snapshot(state) == before
    assert state.prompt() == prompt_before
    return str(info.value)


def refused_card(state: SportLeisureState, team: int, card: str, words: str,
                 **extra: str) -> str:
    """A card refused with IllegalActionError quoting the rule; state unchanged; not listed."""
    from engine.core import IllegalActionError

    assert card not in state.prompt().info["playable_cards"][str(team)]
    message = refused(state, Action("play_card", team, {"card": card, **extra}),
                      IllegalActionError, words)
    assert "(rule: " in message
    return message
