"""The game clock of a timed game (Word Up's classroom game, Word on the Street's quick play).

The engines have no clock, so the host keeps the play time here: read from
the host's injected clock, saved in the set-up's ``"timer"`` entry so a
resumed game goes on with the time it had left and does not repeat a
warning it already gave. Which line a warning becomes is the host's choice.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from voice.errors import UsageError
from voice.hosting import time_warnings as timewarn


@dataclass
class PlayTimer:
    """``limit_s`` is the game length and ``used_s`` the play time so far, in seconds;
    ``warned`` the marks (seconds left) already said; ``mark`` the clock reading of
    the last tick (None after a resume, so time away from the table is not counted)."""

    limit_s: float
    used_s: float = 0.0
    warned: list[int] = field(default_factory=list)
    mark: float | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    @staticmethod
    def fresh_json(minutes: int) -> dict[str, Any]:
        """The set-up's ``"timer"`` entry of a new game (0 minutes: not timed)."""
        return {"minutes": minutes, "used_s": 0.0, "warned": []}

    @classmethod
    def from_setup(cls, setup: dict[str, Any]) -> PlayTimer | None:
        """The saved clock, or None when the game is not timed."""
        timer = setup.get("timer") or {}
        if not isinstance(timer, dict):
            raise ValueError(f"the saved timer {timer!r:.60} is not an object")
        minutes = timer.get("minutes", 0)
        used = timer.get("used_s", 0.0)
        warned = timer.get("warned", [])
        if type(minutes) is not int or not 0 <= minutes <= 100_000:
            raise ValueError(f"the saved timer's minutes {minutes!r:.60} is not a whole number")
        if type(used) not in (int, float) or not 0 <= used <= 1e9:
            raise ValueError(f"the saved timer's used time {used!r:.60} is not a number of seconds")
        if not isinstance(warned, list) or not all(type(w) is int for w in warned):
            raise ValueError("the saved timer's warnings are not whole numbers")
        if not minutes:
            return None
        return cls(minutes * 60.0, float(used), list(warned))

    def to_json(self, now: float) -> dict[str, Any]:
        """The ``"timer"`` entry to save, with the time played up to ``now``."""
        self.tick(now)
        return {"minutes": int(self.limit_s // 60), "used_s": round(self.used_s, 3),
                "warned": list(self.warned)}

    def tick(self, now: float) -> float:
        """Count the time since the last tick; the play time so far, in seconds."""
        with self._lock:
            if self.mark is not None:
                self.used_s += max(0.0, now - self.mark)
            self.mark = now
            return self.used_s

    def used_at(self, now: float) -> float:
        """The play time up to ``now`` without ticking (safe from another thread: the
        driver's time keeper saves it while the table is at a prompt)."""
        with self._lock:
            if self.mark is None:
                return self.used_s
            return self.used_s + max(0.0, now - self.mark)

    def catch_up(self, used_s: float) -> None:
        """A resumed game takes the play time its time keeper saved after the last save."""
        with self._lock:
            self.used_s = max(self.used_s, used_s)

    def time_up(self, now: float, warn: Callable[[timewarn.TimeWarning], None]) -> bool:
        """True once the time is over; before that, a warning falling due is handed to
        ``warn`` (the host queues it for the next question) and the marks passed are noted."""
        used = self.tick(now)
        if timewarn.is_up(self.limit_s, used):
            return True
        warning = timewarn.due(self.limit_s, used, self.warned)
        if warning is not None:
            warn(warning)
        self.warned = sorted(set(self.warned) | timewarn.passed(self.limit_s, used))
        return False


ANSWER_VARIANT = ("seconds to answer each question, 5 to 600 (the sheet's shorter games: "
                  "no answer in time is a miss; default: no limit)")
"""``--variant answer=SECONDS``, for the question games (Word Up, Sport and Leisure)."""
ANSWER_MIN_S, ANSWER_MAX_S = 5, 600


def answer_limit(variant: dict[str, Any]) -> float | None:
    """The per-answer time limit in seconds from ``--variant answer=SECONDS`` (None: no limit).

    A bad value is a one-line usage error saying what is allowed."""
    raw = variant.get("answer")
    if raw is None:
        return None
    text = str(raw).strip().lower().removesuffix("s")
    if not text.isdigit() or not ANSWER_MIN_S <= int(text) <= ANSWER_MAX_S:
        raise UsageError(f"--variant answer={raw!r}: allowed {ANSWER_VARIANT}")
    return float(int(text))
