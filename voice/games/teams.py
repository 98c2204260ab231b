"""Team set-up shared by the team games (Sport and Leisure, Word on the Street).

Both are played by exactly two named teams, given on the command line or read
back from a save, and either may be told which team starts; a bad value is a
usage error naming what is allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from voice.errors import UsageError


def two_teams(raw: Any, title: str) -> list[tuple[str, list[str]]]:
    """``[(name, members), ...]`` from ``--teams`` or a save: two teams with different names."""
    teams = [(str(name), [str(m) for m in members]) for name, members in raw]
    if len(teams) != 2:
        raise UsageError(f"--teams: {title} needs exactly 2 teams, got {len(teams)}; "
                         "e.g. \"Red:Ana,Ben;Blue:Cy,Di\"")
    if teams[0][0].strip().casefold() == teams[1][0].strip().casefold():
        raise UsageError("--teams: the two teams need different names")
    return teams


def first_team(first: str, teams: Sequence[tuple[str, Sequence[str]]]) -> int:
    """The index of the team named by ``--variant first=NAME`` (any case, spaces around)."""
    wanted = first.strip().casefold()
    names = [name for name, _ in teams]
    for index, name in enumerate(names):
        if name.strip().casefold() == wanted:
            return index
    raise UsageError(f"--variant first={first!r} is not a team; allowed: {', '.join(names)}")
