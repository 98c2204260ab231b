"""What the three game hosts share, so that each holds only its own game.

:class:`GameHost` gives the :class:`~voice.hosting.host.Host` protocol's optional parts
their defaults (no timer, no learners, the verbose setting, the system clock), so the
driver and the play loop read them directly instead of probing a host with getattr.
The functions are what every game does the same way: refuse an unknown ``--variant``
key in one wording, ask a yes/no question, and find a team by the name a player used (a pack is loaded by
:func:`voice.games.packs.load_or_user_error` in every game).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core import GameState
from voice.errors import UsageError
from voice.games.playtime import PlayTimer
from voice.games.team_words import TeamWords
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Ask, Line
from voice.hosting.host import Learning
from voice.hosting.time_warnings import TimeWarning
from voice.reply_kind import ReplyKind
from voice.understanding.judge import Understood


class GameHost:
    """Defaults of the Host protocol's optional parts; a game host sets what it has."""

    timer: PlayTimer | None = None
    """A timed game's play clock (``--variant timed=`` / ``quick=Nm``); None: untimed."""
    clock: Callable[[], float] = time.monotonic
    """The clock the timer runs on (seconds; a test passes its own)."""
    verbose: bool = True
    """The dialogue's verbose/terse setting, as the play loop last set it."""
    learn: Learning | None = None
    """Profiles and level fitting (Word Up); None where a game keeps none."""
    setup: dict[str, Any]
    """The game's setup as the save file keeps it (players, pack, variant, ...)."""
    load_state: Callable[[dict[str, Any]], GameState]
    """The game's own save reader (engine/*_save.py ``load``)."""

    def setup_json(self) -> dict[str, Any]:
        """What a save keeps beside the engine's state: the setup, and the play clock where
        one runs; a game adds what only it keeps."""
        setup = dict(self.setup)
        if self.timer is not None:
            setup["timer"] = self.timer.to_json(self.clock())
        return setup

    def restore(self, state_json: dict[str, Any]) -> None:
        """Rewind to a saved state (undo, "that was wrong"); :meth:`_restored` then puts the
        host's own notes in step with it."""
        self.state = type(self).load_state(state_json)
        self._restored()

    def _restored(self) -> None:
        """After a rewind: a game that keeps notes beside the engine's state fixes them."""

    def note_action(self, n: int) -> None:
        """The driver's number of the action about to be narrated (profiles key results by
        it); a host without profiles has nothing to note."""

    # -- the game timer (a timed game) ----------------------------------------------------
    state: GameState
    _queued: list[Line]
    """Lines waiting for the next question (the timer's warnings)."""

    def _time_is_up(self) -> bool:
        """True once the play time is over (the engine is then told, once); on the way,
        the timer's warnings are queued for the next question (:meth:`_flush`)."""
        timer = self.timer
        if timer is None or self.state.is_over() or self._time_told():
            return False
        return timer.time_up(self.clock(), self._queue_warning)

    def _time_told(self) -> bool:
        """Whether the engine already knows the time is up (a game that plays on after it)."""
        return False

    def _queue_warning(self, warning: TimeWarning) -> None:
        line = self._warning_line(warning)
        if line is not None:
            self._queued.append(line)

    def _warning_line(self, warning: TimeWarning) -> Line | None:
        """How this game says a timer warning (None: not said)."""
        return Line(warning.key, warning.fields)

    def _flush(self, dialogue: Dialogue) -> None:
        """Say the queued lines before the next question."""
        if self._queued:
            dialogue.speak(self._queued)
            self._queued = []


def check_variant_keys(title: str, variant: Mapping[str, str], allowed: Mapping[str, str]
                       ) -> None:
    """A one-line usage error for the first ``--variant`` key ``title`` does not know."""
    for name in variant:
        if name not in allowed:
            settings = "; ".join(f"{k}={v}" for k, v in allowed.items())
            raise UsageError(f"--variant: {title} has no setting {name!r}; allowed: {settings}")


def yes_no(line: Line, addressee: str, default: bool = False,
           intents: dict[str, Any] | None = None) -> Ask:
    """A yes/no question to ``addressee``; no answer at all counts as ``default``."""
    return Ask([line], ReplyKind.YESNO, addressee, default=Understood.yes_no(default),
               intents=intents or {})


def team_named(teams: Sequence[tuple[str, Sequence[str]]], words: TeamWords, asker: str
               ) -> int | None:
    """The team ``asker`` names (its own name, or how the host says it), else None."""
    for index, (name, _) in enumerate(teams):
        if asker in (name, words.team(index)):
            return index
    return None
