"""Game hosts: one module per game that turns engine prompts into spoken questions.

A host owns the engine state and the content, and answers three questions for
the driver: what to ask for a prompt (``decide``), what to say about events
(``narrate``), and what to tell a player who asks about the game
(``status``). The dialogue and driver are the same for every game.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
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


@dataclass
class PlayOptions:
    """How the table set the game up (from flags or by voice).

    ``players`` are (name, level 1-5) for Word Up; ``teams`` are (team name,
    member names) for the team games; ``variant`` holds ``--variant`` settings
    as key -> value strings, which each game validates; ``pack`` is a user's
    pack folder replacing the shipped content.
    """

    game: str
    players: list[tuple[str, int]] = field(default_factory=list)
    teams: list[tuple[str, list[str]]] = field(default_factory=list)
    variant: dict[str, str] = field(default_factory=dict)
    seed: int = 0
    pack: Path | None = None


def game_module(game: str) -> Any:
    """The host module of ``game``: it defines ``new_host(options, rng)`` and
    ``load_host(setup, state)``, plus ``VARIANTS`` (allowed --variant keys and
    what each takes, for error messages and help)."""
    return importlib.import_module(GAMES[game])
