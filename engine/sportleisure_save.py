"""Loading a saved Best of Sport and Leisure state: every field checked at load.

Saving is :meth:`engine.sportleisure.SportLeisureState.to_json`; this module
reads it back, so a damaged save fails here and never mid-game.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import JSON, Outcome, RulesError, SaveError, expect_save
from engine.sportleisure import GAME, MODES, PHASES, SAVE_VERSION, SportLeisureState, new_game
from engine.sportleisure_board import ACTION_DECK_SIZE, LAST_QUESTION, WINNING_ZONE


def _int(value: JSON, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SaveError(f"save file: {what} must be a whole number {low}..{high}, got {value!r}")
    return value


def _bool(value: JSON, what: str) -> bool:
    if not isinstance(value, bool):
        raise SaveError(f"save file: {what} must be true or false, got {value!r}")
    return value


def load(data: Mapping[str, JSON]) -> SportLeisureState:
    """Read a state saved by ``to_json``; SaveError if it is damaged or from another game."""
    try:
        expect_save(data, GAME, SAVE_VERSION, lead="save file is ")
        state = new_game(data["teams"], data["n_cards"], data["first_team"])
        phase = data["phase"]
        mode = data["mode"]
        if phase not in PHASES:
            raise SaveError(f"save file: phase must be one of {', '.join(PHASES)}, got {phase!r}")
        if mode not in MODES:
            raise SaveError(f"save file: mode must be one of {', '.join(MODES)}, got {mode!r}")
        state.phase = phase
        state.mode = mode
        state.positions = [_int(p, 0, WINNING_ZONE, "a position") for p in data["positions"]]
        if len(state.positions) != 2:
            raise SaveError("save file: positions must list 2 teams")
        deck = [_int(c, 0, state.n_cards - 1, "a card") for c in data["deck"]]
        if deck and sorted(deck) != list(range(state.n_cards)):
            raise SaveError("save file: deck must hold each question card once")
        state.deck = deck
        dealt = [[_int(c, 0, ACTION_DECK_SIZE - 1, "an action card") for c in h]
                 for h in data["dealt"]]
        if len(dealt) != 2:
            raise SaveError("save file: dealt must list 2 hands")
        state.dealt = dealt
        played = []
        for record in data["played"]:
            team, card, turn = record
            played.append([_int(team, 0, 1, "a team"),
                           _int(card, 0, ACTION_DECK_SIZE - 1, "an action card"),
                           _int(turn, 0, 1 << 62, "a turn")])
        state.played = played
        state.playing = _int(data["playing"], 0, 1, "playing")
        state.turn = _int(data["turn"], 0, 1 << 62, "turn")
        state.question = _int(data["question"], 0, LAST_QUESTION, "question")
        state.played_this_turn = [_bool(b, "played_this_turn") for b in data["played_this_turn"]]
        if len(state.played_this_turn) != 2:
            raise SaveError("save file: played_this_turn must list 2 teams")
        sin_bin = data["sin_bin"]
        if sin_bin is not None and sin_bin not in state.teams[state.playing]:
            raise SaveError(f"save file: sin_bin {sin_bin!r} is not in the playing team")
        state.sin_bin = sin_bin
        state.run_for_the_money = _bool(data["run_for_the_money"], "run_for_the_money")
        state.second_wind = _bool(data["second_wind"], "second_wind")
        state.keep_turn = _bool(data["keep_turn"], "keep_turn")
        own_goal = data["own_goal"]
        state.own_goal = None if own_goal is None else [
            _int(own_goal[0], 0, WINNING_ZONE, "own_goal position"),
            _int(own_goal[1], 0, LAST_QUESTION, "own_goal question"),
        ]
        state.streak = [_int(s, 0, 2, "streak") for s in data["streak"]]
        if len(state.streak) != 2:
            raise SaveError("save file: streak must list 2 teams")
        winner = data["winner"]
        # The save keeps the winner only; the reason follows from the last question:
        # a right answer to the red question wins on "red" before a streak is counted.
        state.result = None if winner is None else Outcome(
            (_int(winner, 0, 1, "winner"),),
            "red" if state.question == LAST_QUESTION else "two_in_a_row")
        if (phase == "over") != (state.result is not None):
            raise SaveError("save file: a finished game needs a winner, an unfinished one none")
        if phase in ("answer", "continue") and len(state.deck) != state.n_cards:
            raise SaveError("save file: the question deck is missing")
        return state
    except SaveError:
        raise
    except RulesError as exc:
        raise SaveError(f"save file: {exc}") from exc
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise SaveError(f"save file is damaged: {type(exc).__name__}: {exc}") from exc
