"""The three engines speak one vocabulary: one end, one Outcome, one verdict, one time limit."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from save_helpers import roundtrip

from engine.core import (
    CHANCE,
    Action,
    Anytime,
    GameState,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    PromptKind,
)
from engine.sportleisure import new_game as new_sportleisure
from engine.sportleisure_save import load as load_sportleisure
from engine.sportleisure_sim import playout as play_sportleisure
from engine.wordstreet import new_game as new_wordstreet
from engine.wordstreet_save import load as load_wordstreet
from engine.wordstreet_sim import SimTeams
from engine.wordstreet_sim import playout as play_wordstreet
from engine.wordup import Variant
from engine.wordup import new_game as new_wordup
from engine.wordup_save import load as load_wordup
from engine.wordup_sim import random_action


def _wordup(seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_wordup([2, 3, 4], Variant(tokens_to_win=1))
    while not state.is_over():
        state.apply(random_action(state, rng, 0.7))
    return state


def _sportleisure(seed: int) -> GameState:
    state = new_sportleisure([["Ann", "Bob"], ["Cat", "Dan"]], 20, 0)
    return play_sportleisure(state, random.Random(seed), 0.8)


def _wordstreet(seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_wordstreet()
    play_wordstreet(state, SimTeams(rng, 0.7))
    return state


GAMES: dict[str, tuple[Callable[[int], GameState], Callable[..., GameState]]] = {
    "wordup": (_wordup, load_wordup),
    "sportleisure": (_sportleisure, load_sportleisure),
    "wordstreet": (_wordstreet, load_wordstreet),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_ends_on_one_prompt_kind_with_one_outcome_that_a_save_keeps(
        game: str) -> None:
    play, load = GAMES[game]
    reasons = set()
    for seed in range(6):
        state = play(seed)
        outcome = state.outcome()
        assert state.is_over() and isinstance(outcome, Outcome)
        assert outcome.winners and list(outcome.winners) == state.winners()
        prompt = state.prompt()
        assert (prompt.kind, prompt.actor) == (PromptKind.GAME_OVER, CHANCE)
        assert prompt.info["winners"] == list(outcome.winners)
        assert prompt.info["reason"] == outcome.reason
        assert load(roundtrip(state.to_json())).outcome() == outcome
        reasons.add(outcome.reason)
        with pytest.raises(IllegalActionError, match="over"):
            state.apply(Action(prompt.kind, CHANCE))
    assert reasons  # the seeds reached an end


def test_sport_and_leisure_reasons_both_survive_a_save() -> None:
    """Its save keeps the winner only; both ways of winning come back from it."""
    reasons = set()
    for seed in range(40):
        state = _sportleisure(seed)
        outcome = state.outcome()
        assert outcome is not None
        assert load_sportleisure(roundtrip(state.to_json())).outcome() == outcome
        reasons.add(outcome.reason)
    assert reasons == {"red", "two_in_a_row"}


@pytest.mark.parametrize("verdict", [{"correct": True, "note": 1}, {"correct": 1}, True, None])
def test_every_game_refuses_the_same_bad_verdicts(verdict: object) -> None:
    wordup, rng = new_wordup([2, 3]), random.Random(1)
    while wordup.prompt().kind != PromptKind.ANSWER:
        wordup.apply(random_action(wordup, rng, 0.5))
    sportleisure = new_sportleisure([["Ann"], ["Cat"]], 20, 0)
    while sportleisure.prompt().kind != PromptKind.ANSWER:
        prompt = sportleisure.prompt()
        sportleisure.apply(Action(prompt.kind, prompt.actor, list(range(prompt.info["size"]))))
    for state in (wordup, sportleisure):
        prompt = state.prompt()
        before = state.to_json()
        with pytest.raises(InvalidActionError, match="verdict"):
            state.apply(Action(PromptKind.ANSWER, prompt.actor, verdict))
        assert state.to_json() == before


def test_the_time_limit_is_one_action_in_both_timed_games() -> None:
    wordup = new_wordup([2, 3], Variant(timed=True))
    wordstreet = new_wordstreet(time_limit=True)
    assert wordstreet.prompt().info["anytime"] == [Anytime.TIME_UP]
    for state in (wordup, wordstreet):
        with pytest.raises(IllegalActionError):
            state.apply(Action(Anytime.TIME_UP, 0))  # the clock's, not a player's
        state.apply(Action(Anytime.TIME_UP, CHANCE))
    assert wordup.outcome() == Outcome((0, 1), "time_up")
