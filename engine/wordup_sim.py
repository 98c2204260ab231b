"""Word Up played at random: the simulator, the tests' playouts and the golden playthroughs.

It drives :mod:`engine.wordup` from outside (chance from a seeded
``random.Random``, players choosing at random), so the rules module never
imports it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core import JSON, Action, PromptKind, RulesError, shuffled
from engine.wordup import WordUpState, new_game
from engine.wordup_board import DECK, MAX_PLAYERS, MIN_PLAYERS


def random_action(state: WordUpState, rng: random.Random, p_correct: float = 0.5) -> Action:
    """An action for the current prompt: chance from ``rng``, players choosing at random.

    Used by the simulator, the tests and the golden playthroughs; the text and
    voice front ends use it for chance prompts only.
    """
    prompt = state.prompt()
    kind = prompt.kind
    value: JSON
    if kind == PromptKind.ROLL:
        value = rng.randint(1, 6) + rng.randint(1, 6)
    elif kind == PromptKind.ANSWER:
        value = {"correct": rng.random() < p_correct}
    elif kind == PromptKind.SHUFFLE:
        value = shuffled(rng, range(len(DECK)))
    elif kind == PromptKind.GAME_OVER:
        raise RulesError("the game is over; there is nothing to do")
    else:
        value = rng.choice(prompt.options)
    return Action(kind, prompt.actor, value)


MAX_TURNS = 5000
"""Simulated games still running after this many turns count as unfinished."""


AskHook = Callable[[int, str, int], str]
"""``ask(level, colour, stream_index) -> question id``: the voice layer's lookup."""


def simulate(
    games: int, seed: int, p_correct: float, *, ask: AskHook | None = None
) -> dict[str, Any]:
    """Play ``games`` standard games of 2-6 random-level players choosing at random.

    Returns games, finished, errors (games that raised) and mean_turns (over
    finished games). Seeded, so the same arguments give the same figures.

    ``ask`` lets the caller look every question up in its real streams, as the
    host would read it, without this module knowing about content; it is
    called at each answer prompt and returns the question's id. With it the
    figures gain questions_asked and distinct_questions (distinct ids), so a
    run shows it really drew from the packs.
    """
    rng = random.Random(seed)
    finished = errors = 0
    total_turns = 0
    asked = 0
    seen: set[str] = set()
    for _ in range(games):
        players = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
        state = new_game([rng.randint(1, 5) for _ in range(players)])
        try:
            while state.phase != "over" and state.turns <= MAX_TURNS:
                if ask is not None and state.phase == "answer":
                    pending = state.pending
                    seen.add(ask(pending["level"], pending["colour"], pending["index"]))
                    asked += 1
                state.apply(random_action(state, rng, p_correct))
        except RulesError:
            errors += 1
            continue
        if state.phase == "over":
            finished += 1
            total_turns += state.turns
    figures: dict[str, Any] = {
        "games": games,
        "finished": finished,
        "errors": errors,
        "mean_turns": round(total_turns / finished, 2) if finished else 0.0,
    }
    if ask is not None:
        figures["questions_asked"] = asked
        figures["distinct_questions"] = len(seen)
    return figures
