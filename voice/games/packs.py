"""Loading a game's packs for a host or a command, with a broken pack as one clear error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from content.load import ContentError
from voice.errors import UsageError, UserError

T = TypeVar("T")


def load_or_user_error(loader: Callable[[str | None], T], pack: str | None) -> T:
    """Run a content loader (``content.load.load_wordup`` ...) for a command.

    A broken ``--pack`` folder becomes a :class:`UserError` whose message is
    the validator's ``file:item-id: problem`` lines, so the CLI prints them
    and exits 1 instead of showing a traceback.
    """
    if pack is not None and not Path(pack).exists():
        raise UsageError(f"--pack {pack}: no such file or folder")
    try:
        return loader(pack)
    except ContentError as exc:
        raise UserError(str(exc)) from exc
