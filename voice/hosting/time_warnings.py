"""Spoken time warnings for the classroom timed game (the sheet's fixed period).

The sheet: "players are told how long the game will last and, at the end of
this time, the player with the most tokens is the winner." Players who cannot
see a clock need to hear how long is left, so the host says so at fixed
marks: 5 minutes left, 1 minute left, then time is up. Marks that do not fit
the game (5 minutes left in a 4-minute game) are skipped.

Pure logic: the caller passes the game length and the seconds elapsed
(from its own clock, paused time excluded) and the marks already said; it
gets back the warning now due, if any. Between turns is where the
caller asks, so a warning never cuts into a question; if several marks
passed during one long turn only the latest is said, since "5 minutes left"
is wrong once one minute is left.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

DEFAULT_MARKS_S: tuple[int, ...] = (300, 60)
"""Seconds left at which a warning is said: 5 minutes and 1 minute."""


@dataclass(frozen=True)
class TimeWarning:
    """A warning due now. ``mark_s`` is the mark's seconds left (0 = time is up);
    ``key`` the ``[learn]`` phrase; ``fields`` its template fields."""

    mark_s: int
    key: str

    @property
    def fields(self) -> dict[str, int]:
        return {"minutes": self.mark_s // 60, "seconds": self.mark_s}


def marks_for(length_s: float, marks_s: Sequence[int] = DEFAULT_MARKS_S) -> list[int]:
    """The marks that make sense for a game of ``length_s`` seconds, then 0 (time up).

    A mark is kept only when it falls after the start: a 3-minute game gets
    "1 minute left" but not "5 minutes left".
    """
    if length_s <= 0:
        raise ValueError(f"game length must be positive, not {length_s}")
    kept = sorted({m for m in marks_s if 0 < m < length_s}, reverse=True)
    return [*kept, 0]


def due(length_s: float, elapsed_s: float, said: Collection[int] = (),
        marks_s: Sequence[int] = DEFAULT_MARKS_S) -> TimeWarning | None:
    """The warning due at ``elapsed_s`` unless its mark is in ``said``; else None.

    Only the latest mark reached counts. The caller adds
    every mark up to and including it to ``said`` (see :func:`passed`), so
    skipped marks are not said late. Time up (mark 0) is always returned once
    the length is reached.
    """
    left = length_s - elapsed_s
    reached = [m for m in marks_for(length_s, marks_s) if left <= m]
    if not reached:
        return None
    latest = reached[-1]
    if latest in said:
        return None
    if latest == 0:
        return TimeWarning(0, "learn.time_up")
    if latest == 60:
        return TimeWarning(latest, "learn.time_left_one_minute")
    if latest % 60 == 0:
        return TimeWarning(latest, "learn.time_left_minutes")
    return TimeWarning(latest, "learn.time_left_seconds")


def passed(length_s: float, elapsed_s: float,
           marks_s: Sequence[int] = DEFAULT_MARKS_S) -> set[int]:
    """Every mark reached by ``elapsed_s``: what to add to ``said`` after speaking."""
    left = length_s - elapsed_s
    return {m for m in marks_for(length_s, marks_s) if left <= m}


def is_up(length_s: float, elapsed_s: float) -> bool:
    """True once the game time is over (the driver then sends ``time_up``)."""
    return elapsed_s >= length_s
