"""Level fitting: keep each player where they answer about half correctly.

The Word Up sheet: "The level best suiting a player is the one at which he or
she can answer around half the questions correctly." So the app watches each
player's recent answers *at their current level* and, between turns, offers
a move when the rate has drifted far from one half:

- ``window`` (default 12): how many recent answers count. Nothing is offered
  until the window is full, so two lucky answers never move anyone; 12 is
  about three turns' worth, and at 12 answers a true rate of 0.5 reaches 9
  right (0.75) by chance only about 7% of the time.
- ``up_at`` (0.75): offer a harder level when at least this share is right.
- ``down_at`` (0.25): offer an easier level when at most this share is right.
- ``quiet_turns`` (8): after a player declines, no new offer for this many
  turns, so a player who likes their level is not asked every turn.

No offer is made when a teacher pinned the level, past level 5 or below
level 1. Accepting a move clears the window: results at the old level say
nothing about the new one. Pure logic: the turn number is passed in, the
state is plain data that serialises to JSON (saves, resume).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

MIN_LEVEL, MAX_LEVEL = 1, 5

Direction = Literal["up", "down"]


@dataclass(frozen=True)
class Policy:
    """The thresholds above; ``window`` in answers, ``quiet_turns`` in turns."""

    window: int = 12
    up_at: float = 0.75
    down_at: float = 0.25
    quiet_turns: int = 8

    def __post_init__(self) -> None:
        if self.window < 1 or not 0.0 <= self.down_at < self.up_at <= 1.0:
            raise ValueError(f"bad level-fit policy {self}")
        if self.quiet_turns < 0:
            raise ValueError("quiet_turns must be 0 or more")


DEFAULT_POLICY = Policy()


@dataclass(frozen=True)
class Offer:
    """A suggested move: ``direction`` from ``level`` to ``to_level``; ``rate``
    is the share right in the window that prompted it (0.0-1.0)."""

    direction: Direction
    level: int
    to_level: int
    rate: float
    right: int
    asked: int

    @property
    def phrase_key(self) -> str:
        """The ``[learn]`` phrase that asks the player (fields: name, level, to_level)."""
        return "learn.offer_harder" if self.direction == "up" else "learn.offer_easier"


@dataclass
class Fit:
    """One player's level-fitting state.

    ``recent`` holds the latest answers at ``level`` (True = right), oldest
    first, at most ``policy.window`` long; ``quiet_until`` is the first turn
    on which an offer may be made again after a decline.
    """

    level: int
    pinned: bool = False
    recent: list[bool] = field(default_factory=list)
    quiet_until: int = 0
    policy: Policy = DEFAULT_POLICY

    def __post_init__(self) -> None:
        if self.level not in range(MIN_LEVEL, MAX_LEVEL + 1):
            raise ValueError(f"level {self.level} is outside {MIN_LEVEL}-{MAX_LEVEL}")
        self.recent = list(self.recent)[-self.policy.window:]

    @staticmethod
    def from_history(level: int, history: Iterable[bool], *, pinned: bool = False,
                     policy: Policy = DEFAULT_POLICY) -> Fit:
        """Start from stored results at this level (a returning player), oldest first."""
        return Fit(level, pinned, list(history), 0, policy)

    def add(self, correct: bool) -> None:
        """One more answer at the current level."""
        self.recent.append(bool(correct))
        del self.recent[:-self.policy.window]

    @property
    def full(self) -> bool:
        return len(self.recent) >= self.policy.window

    def rate(self) -> float | None:
        """Share right in the window, or None before any answer."""
        return sum(self.recent) / len(self.recent) if self.recent else None

    def offer(self, turn: int) -> Offer | None:
        """The move to offer before ``turn`` (a count the caller keeps), or None."""
        if self.pinned or not self.full or turn < self.quiet_until:
            return None
        right, asked = sum(self.recent), len(self.recent)
        rate = right / asked
        if rate >= self.policy.up_at and self.level < MAX_LEVEL:
            return Offer("up", self.level, self.level + 1, rate, right, asked)
        if rate <= self.policy.down_at and self.level > MIN_LEVEL:
            return Offer("down", self.level, self.level - 1, rate, right, asked)
        return None

    def accept(self, offer: Offer) -> None:
        """Move to the offered level and start a fresh window there."""
        if offer.level != self.level:
            raise ValueError(f"offer is from level {offer.level}, player is at {self.level}")
        self.level = offer.to_level
        self.recent = []

    def decline(self, turn: int) -> None:
        """The player wants to stay: no offer again before ``turn + quiet_turns``."""
        self.quiet_until = turn + self.policy.quiet_turns

    def pin(self, level: int) -> None:
        """A teacher fixes the level; fitting stops offering until unpinned."""
        if level not in range(MIN_LEVEL, MAX_LEVEL + 1):
            raise ValueError(f"level {level} is outside {MIN_LEVEL}-{MAX_LEVEL}")
        if level != self.level:
            self.recent = []
        self.level, self.pinned = level, True

    def unpin(self) -> None:
        self.pinned = False

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "pinned": self.pinned, "recent": list(self.recent),
                "quiet_until": self.quiet_until}

    @staticmethod
    def from_json(data: Mapping[str, Any], policy: Policy = DEFAULT_POLICY) -> Fit:
        recent = data.get("recent", [])
        if not isinstance(recent, list) or not all(isinstance(x, bool) for x in recent):
            raise ValueError("recent must be a list of true/false")
        return Fit(int(data["level"]), bool(data.get("pinned", False)), recent,
                   int(data.get("quiet_until", 0)), policy)
