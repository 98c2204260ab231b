"""Word Up's learners: profiles, results and level offers, fitted into the host's turns.

The host joins every player at set-up (a returning player is greeted and a
level their teacher pinned wins over the one chosen), records each verdict,
and at the start of a player's turn, before the dice are rolled, asks the
level question :class:`~voice.learning.learners.Learners` offers ("you're getting
most of these right; shall I make your questions harder?"), so a new level
applies from that turn's first question. At the end it writes each player's
report. The level-fitting windows are saved with the game's set-up, so a
resumed game goes on counting where it stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from content.schema import WordUpItem
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Ask, Line
from voice.learning.learners import Learners, Say
from voice.reply_kind import ReplyKind
from voice.understanding.judge import Understood


def line(say: Say) -> Line:
    return Line(say.key, dict(say.fields))


class WordUpLearners:
    """The learner calls of one Word Up game; ``clock`` gives seconds since the epoch."""

    def __init__(self, names: list[str], learners: Learners | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.names = names
        self.learners = learners if learners is not None else Learners()
        self.clock = clock
        self.started = clock()
        self.offered_turn = -1
        self.reports: list[Path] = []
        self.last: dict[str, Any] | None = None
        """The latest verdict recorded (seat, item id, key), so an overrule can take it
        back; saved with the game, so it can also after a resume."""
        self.action: int | None = None
        """The driver's number of the action being narrated: with the game's start it
        keys each result, so a resumed game records a verdict once."""

    def join(self, levels: list[int]) -> tuple[list[int], list[Line]]:
        """Each seat's level from now on (a level a teacher pinned wins), and what to say."""
        out: list[int] = []
        lines: list[Line] = []
        for name, level in zip(self.names, levels, strict=True):
            joined, says = self.learners.join(name, level)
            out.append(joined)
            # The opening already names everyone's level: greet only returning players.
            lines.extend(line(s) for s in says if s.key != "learn.new_player")
        return out, lines

    def answered(self, seat: int, item: WordUpItem, correct: bool) -> None:
        key = None if self.action is None else f"{self.started:.3f}#{self.action}"
        self.learners.answered(self.names[seat], item, correct, self.clock(), key=key)
        self.last = {"seat": seat, "item": item.id, "key": key}

    def retract_last(self) -> None:
        """The table overruled or undid the last verdict: it no longer counts."""
        last = self.last
        self.last = None
        if last is None:
            return
        seat = last.get("seat")
        if type(seat) is not int or not 0 <= seat < len(self.names):
            return
        key = last.get("key")
        self.learners.retract(self.names[seat], str(last.get("item")),
                              key if isinstance(key, str) else None)

    def offer(self, seat: int, turn: int, dialogue: Dialogue | None) -> int | None:
        """Ask ``seat`` the level question if one is due this turn; the new level or None."""
        if dialogue is None or turn == self.offered_turn:
            return None
        self.offered_turn = turn
        name = self.names[seat]
        say = self.learners.offer(name, turn)
        if say is None:
            return None
        ask = Ask([line(say)], ReplyKind.YESNO, name, default=Understood.yes_no(False))
        accepted = bool(dialogue.ask(ask).value)
        level, reply = self.learners.reply(name, accepted, turn)
        dialogue.speak([line(reply)])
        return level

    def finish(self) -> list[Line]:
        self.reports, say = self.learners.finish(self.clock(), since=self.started)
        return [line(say)]

    def to_json(self) -> dict[str, Any]:
        return {"fit": self.learners.to_json(), "offered_turn": self.offered_turn,
                "started": self.started, "last": self.last}

    def restore(self, data: dict[str, Any]) -> None:
        """Put back a saved game's state; ValueError if a field is damaged."""
        if not isinstance(data, dict):
            raise ValueError("setup.learners must be an object")
        fit = data.get("fit", {})
        if not isinstance(fit, dict):
            raise ValueError("setup.learners.fit must be an object")
        self.learners.restore(fit)
        offered = data.get("offered_turn", -1)
        started = data.get("started", self.started)
        last = data.get("last")
        if type(offered) is not int:
            raise ValueError(f"setup.learners.offered_turn {offered!r} is not a whole number")
        if type(started) not in (int, float):
            raise ValueError(f"setup.learners.started {started!r} is not a time")
        if last is not None and not isinstance(last, dict):
            raise ValueError("setup.learners.last must be an object or null")
        self.offered_turn = offered
        self.started = float(started)
        self.last = last
