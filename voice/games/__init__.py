"""Game hosts: one module per game that turns engine prompts into spoken questions.

A host owns the engine state and the content, and answers three questions for
the driver: what to ask for a prompt (``decide``), what to say about events
(``narrate``), and what to tell a player who asks about the game
(``status``). The dialogue and driver are the same for every game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from engine.core import Action, Event, GameState, Prompt
from voice.dialogue import Dialogue, Line

GAMES = {
    "wordup": "voice.games.wordup",
    "sportleisure": "voice.games.sportleisure",
    "wordstreet": "voice.games.wordstreet",
}


class Host(Protocol):
    """What the driver needs from a game."""

    game: str
    state: GameState

    def decide(self, prompt: Prompt, dialogue: Dialogue) -> Action:
        """Ask the table for the input ``prompt`` needs and return it as an Action."""
        ...

    def chance(self, prompt: Prompt, rng: random.Random) -> Action:
        """Answer a chance prompt (dice, shuffles) from the seeded random generator."""
        ...

    def narrate(self, events: Sequence[Event]) -> list[Line]:
        """What to say about events (tokens won, moves, tiles, cards)."""
        ...

    def status(self, what: str, asker: str) -> list[Line]:
        """Answer "score", "whose_turn", "where_am_i" or "tokens" for ``asker``."""
        ...

    def opening(self) -> list[Line]:
        """What to say when the game starts or resumes."""
        ...

    def restore(self, state_json: dict[str, Any]) -> None:
        """Replace the engine state (resume, undo)."""
        ...

    def setup_json(self) -> dict[str, Any]:
        """The set-up to save, from which ``load_host`` rebuilds this host."""
        ...
