"""Game hosts: one module per game that turns engine prompts into spoken questions.

A host owns the engine state and the content, and answers three questions for
the driver: what to ask for a prompt (``decide``), what to say about events
(``narrate``), and what to tell a player who asks about the game
(``status``). The dialogue and driver are the same for every game.
"""

from __future__ import annotations

import importlib
from typing import Any

from voice.errors import UsageError, UserError
from voice.hosting.host import GAME_TITLES

GAMES = {game: f"voice.games.{game}" for game in GAME_TITLES}
"""Game -> its host module (one module per game, named as the game)."""


def game_module(game: str) -> Any:
    """The host module of ``game``: it defines ``new_host(options, rng)`` and
    ``load_host(setup, state)``, plus ``VARIANTS`` (allowed --variant keys and
    what each takes, for error messages and help)."""
    return importlib.import_module(GAMES[game])


def host_module(game: str) -> Any:
    """The game's host module, or a one-line error while a game's host is not built yet."""
    if game not in GAMES:
        raise UsageError(f"unknown game {game!r} for play; allowed: {', '.join(GAMES)}")
    try:
        return game_module(game)
    except ModuleNotFoundError as exc:
        if exc.name != GAMES[game]:
            raise
        raise UserError(f"{GAME_TITLES[game]} cannot be played yet: its host "
                        f"({GAMES[game].replace('.', '/')}.py) is not in this version; "
                        "try 'tabletop play wordup'") from None
