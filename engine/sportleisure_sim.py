"""Simulated teams for Best of Sport and Leisure: playouts, simulation figures.

Randomness comes only from the ``random.Random`` passed in, so a playout is
replayable from its seed; the players only ever use the public
``prompt()``/``apply()`` interface, like the voice layer does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.core import CHANCE, JSON, Action, Anytime, Event, Prompt, PromptKind, RulesError
from engine.sportleisure import SportLeisureState, new_game
from engine.sportleisure_board import ACTION_DECK_SIZE, CARD_TYPES, SIN_BIN

CARD_CHANCE = 0.25
"""How often a simulated team plays a card at a prompt where it may."""

MAX_TURNS = 2000
"""A playout stops unfinished after this many turns (p_correct near 0 never ends)."""

Step = Callable[[Prompt, Action, list[Event]], None]


def deal_order(hand0: Sequence[str], hand1: Sequence[str]) -> list[int]:
    """An action-card shuffle that deals exactly these card types (dealing alternates,
    team 0 first; type k is cards 2k and 2k+1), for scripted games and tests."""
    free = {t: [2 * i, 2 * i + 1] for i, t in enumerate(CARD_TYPES)}
    ids0 = [free[t].pop(0) for t in hand0]
    ids1 = [free[t].pop(0) for t in hand1]
    order = [c for pair in zip(ids0, ids1, strict=True) for c in pair]
    return order + sorted(set(range(ACTION_DECK_SIZE)) - set(order))


def choose(state: SportLeisureState, prompt: Prompt, rng: random.Random,
           p_correct: float, card_chance: float = CARD_CHANCE) -> Action:
    """A random legal action for ``prompt``: sometimes an action card, else the prompt's own."""
    if prompt.actor == CHANCE:
        size: int = prompt.info["size"]
        order = list(range(size))
        rng.shuffle(order)
        return Action("shuffle", CHANCE, order)
    playable: dict[str, list[str]] = prompt.info["playable_cards"]
    choices = [(int(t), c) for t, cards in playable.items() for c in cards]
    if choices and rng.random() < card_chance:
        team, card = choices[rng.randrange(len(choices))]
        value: dict[str, JSON] = {"card": card}
        if card == SIN_BIN:
            members = state.teams[state.playing]
            value["member"] = members[rng.randrange(len(members))]
        return Action(Anytime.PLAY_CARD, team, value)
    if prompt.kind == PromptKind.CONTINUE:
        return Action("continue", prompt.actor)
    return Action("answer", prompt.actor, {"correct": rng.random() < p_correct})


def playout(state: SportLeisureState, rng: random.Random, p_correct: float,
            on_step: Step | None = None, max_turns: int = MAX_TURNS,
            card_chance: float = CARD_CHANCE) -> SportLeisureState:
    """Play ``state`` on until it ends or ``max_turns`` pass; ``on_step`` sees every step."""
    while state.phase != "over" and state.turn <= max_turns:
        prompt = state.prompt()
        action = choose(state, prompt, rng, p_correct, card_chance)
        events = state.apply(action)
        if on_step is not None:
            on_step(prompt, action, events)
    return state


def sample_teams(rng: random.Random) -> list[list[str]]:
    """Two teams of 1-4 players (one-player teams exercise the Sin Bin refusal)."""
    return [[f"{side}{i + 1}" for i in range(rng.randint(1, 4))] for side in "AB"]


CardHook = Callable[[int], str]
"""``card(deck_index) -> card id``: the voice layer's lookup of a drawn card."""


def simulate(
    games: int, seed: int, p_correct: float, *,
    n_cards: int | None = None, card: CardHook | None = None,
) -> dict[str, JSON]:
    """``tabletop simulate sportleisure``: ``games`` random games from ``seed``.

    ``n_cards`` is the real question deck's size (else each game draws a size
    of 20-60); ``card`` is called for every card drawn, as the host would
    fetch it to read, and returns its id. With ``card`` the figures gain
    cards_drawn and distinct_cards.
    """
    if n_cards is not None and n_cards < 1:
        raise ValueError(f"n_cards must be at least 1, got {n_cards}")
    rng = random.Random(seed)
    finished = 0
    errors = 0
    turns = 0
    drawn = 0
    seen: set[str] = set()
    on_step: Step | None = None
    if card is not None:
        lookup = card

        def on_step(prompt: Prompt, action: Action, events: list[Event]) -> None:
            nonlocal drawn
            for event in events:
                if event.kind == "card_drawn":
                    seen.add(lookup(event.data["card"]))
                    drawn += 1

    for _ in range(games):
        size = rng.randint(20, 60) if n_cards is None else n_cards
        state = new_game(sample_teams(rng), size, rng.randrange(2))
        try:
            playout(state, rng, p_correct, on_step)
        except (RulesError, KeyError, ValueError, IndexError, AssertionError):
            errors += 1
            continue
        if state.phase == "over":
            finished += 1
            turns += state.turn
    figures: dict[str, JSON] = {
        "games": games,
        "finished": finished,
        "errors": errors,
        "mean_turns": round(turns / finished, 2) if finished else None,
    }
    if card is not None:
        figures["cards_drawn"] = drawn
        figures["distinct_cards"] = len(seen)
    return figures
