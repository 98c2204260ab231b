"""What the hosting layer knows of a game: the :class:`Host` protocol, the set-up options,
and the games' names. The game hosts themselves (:mod:`voice.games`) sit above
hosting and implement this protocol; hosting never imports them, it is handed
a :data:`HostModules` lookup by the command line.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine.core import Action, Event, GameState, Prompt

if TYPE_CHECKING:  # only for the protocol's annotations: importing the dialogue here would
    # load the judge for every command that merely names a game
    from voice.hosting.dialogue import Dialogue
    from voice.hosting.exchange import Line

GAME_TITLES = {"wordup": "Word Up", "sportleisure": "Sport and Leisure",
               "wordstreet": "Word on the Street"}
"""Every game by its short name (as typed on the command line), with the title the app says."""


class PlayClock(Protocol):
    """A timed game's play time, which the driver keeps noting while the table is at a
    prompt, so that a game killed there resumes with the time it had used."""

    def used_at(self, now: float) -> float:
        """Play time used by ``now`` (seconds, on the host's clock)."""
        ...

    def catch_up(self, used_s: float) -> None:
        """Take back the play time noted since the last save (seconds)."""
        ...


class Learning(Protocol):
    """A game's learner profiles, as the play loop sees them when the game ends."""

    reports: list[Path]
    """Progress reports written at the end of the game."""


class Host(Protocol):
    """What the driver needs from a game (voice.games.host_base.GameHost gives the
    defaults of the parts a game may not have: timer, learn, note_action)."""

    game: str
    state: GameState
    timer: PlayClock | None
    """A timed game's play clock; None for an untimed game."""
    clock: Callable[[], float]
    """The clock the timer runs on (seconds)."""
    verbose: bool
    """The dialogue's verbose/terse setting (the play loop sets it)."""
    learn: Learning | None
    """Learner profiles (Word Up); None where a game keeps none."""

    def note_action(self, n: int) -> None:
        """The driver's number of the action about to be narrated (keys profile results)."""
        ...

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


HostModules = Callable[[str], Any]
"""``game name -> host module``: the module defines ``new_host(options, rng)``,
``load_host(setup, state)`` and ``VARIANTS`` (see :func:`voice.games.host_module`)."""
