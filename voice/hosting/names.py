"""The one rule for names people give: players, teams, profiles, imported packs.

Every name is said aloud and becomes part of a file name, so every command
and the set-up by voice use the same limit, :data:`MAX_NAME` characters, and
say it in one line when a name is longer.
"""

from __future__ import annotations

import re

from voice.errors import UsageError

MAX_NAME = 30
"""Longest player, team, profile or pack name (characters): it has to be said aloud."""


def check_length(name: str, what: str) -> str:
    """``name`` with its spaces tidied, or a UsageError when it is empty or too long."""
    tidy = " ".join(name.split())
    if not tidy:
        raise UsageError(f"{what}: a name is empty")
    if len(tidy) > MAX_NAME:
        shown = tidy[:12].replace("\n", " ")
        raise UsageError(f"{what}: the name {shown!r}... is longer than {MAX_NAME} characters")
    return tidy


def check_name(name: str, what: str) -> str:
    """A person's or team's name: as :func:`check_length`, and letters, spaces, ' . - only."""
    tidy = check_length(name, what)
    if not re.fullmatch(r"[\w' .-]+", tidy) or not re.search(r"[^\W\d_]", tidy):
        raise UsageError(f"{what}: {tidy!r} is not a name (letters, spaces, ' . - only)")
    return tidy
