"""The game loop: prompt -> (chance | ask the table) -> an action, carried out by
:meth:`Driver._apply`, in the order stated (and enforced) there.

The driver is the only place that changes the engine state, so it is also
where undo, "that was right / that was wrong" and quit are carried out: the
dialogue raises them as :class:`~voice.hosting.dialogue.ControlFlow` and the driver
rewinds to the snapshot taken before the last verdict.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from content.load import ContentError
from engine.core import CHANCE, Action, Event, Prompt, RulesError
from voice.errors import UserError
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import ControlFlow, Line
from voice.hosting.host import Host, PlayClock
from voice.hosting.session import SavedGame, SaveSlot, TurnLog, rng_from_json, rng_state_to_json

VERDICT_FLIPS = {"that_was_right": True, "that_was_wrong": False}

DAMAGE = (RulesError, ContentError, ValueError, TypeError, KeyError, IndexError, AttributeError,
          OverflowError, RecursionError)
"""What a damaged part of a save (the undo snapshot, the pending action) can raise once the
game itself has loaded: that part is dropped and the game goes on."""


def is_verdict(action: Action) -> bool:
    """A verdict is an action carrying the app's judgement (``{"correct": bool}``)."""
    return isinstance(action.value, Mapping) and isinstance(action.value.get("correct"), bool)


@dataclass
class Snapshot:
    """The state just before a verdict, so the table can overrule it (saved, so it
    survives a resume); ``n`` is the action number the verdict got."""

    state: dict[str, Any]
    rng: list[Any]
    action: Action
    n: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"state": self.state, "rng": self.rng, "action": self.action.to_json(),
                "n": self.n}

    @staticmethod
    def from_json(data: Mapping[str, Any] | None) -> Snapshot | None:
        if data is None:
            return None
        return Snapshot(dict(data["state"]), list(data["rng"]), Action.from_json(data["action"]),
                        int(data.get("n", 0)))


@dataclass(frozen=True)
class Pending:
    """An action applied and saved but not yet said, logged and recorded (see
    :meth:`Driver._apply`); a save holds it as :meth:`to_json`, so a resume finishes it."""

    n: int
    """The action's number: the turn log and the profiles are keyed by it."""
    events: tuple[Event, ...]
    """What the action caused, to narrate."""
    record: Mapping[str, Any] | None = None
    """Its turn-log record; None for chance's actions or without a log."""
    first: Line | None = None
    """A line said before the narration (the host overruling a verdict)."""

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n,
                "events": [{"kind": e.kind, "data": dict(e.data)} for e in self.events],
                "record": None if self.record is None else dict(self.record),
                "first": None if self.first is None else [self.first.key,
                                                          dict(self.first.fields)]}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Pending:
        """The pending action of a save (one session.py has checked); DAMAGE if not."""
        first = data.get("first")
        record = data.get("record")
        return Pending(
            int(data["n"]),
            tuple(Event(str(e["kind"]), dict(e["data"])) for e in data["events"]),
            None if record is None else dict(record),
            Line(str(first[0]), dict(first[1]))
            if isinstance(first, list) and len(first) == 2 else None)


@dataclass
class RunResult:
    """How a run ended: ``winners`` (seat or team indices) or ``quit`` with the game saved."""

    winners: list[int] = field(default_factory=list)
    quit: bool = False
    turns: int = 0


def _snapshot(data: Mapping[str, Any] | None) -> Snapshot | None:
    """A saved undo snapshot, or None when there is none or it is not a verdict's."""
    try:
        snap = Snapshot.from_json(data)
    except (KeyError, TypeError, ValueError):
        return None
    return snap if snap is not None and is_verdict(snap.action) else None


TIME_EVERY_S = 2.0
"""How often a timed game's play time is noted while the table is at a prompt."""


class TimeKeeper:
    """Notes a timed game's play time every few seconds from a thread, so time spent
    waiting at a prompt counts even when the process is killed there."""

    def __init__(self, timer: PlayClock, clock: Callable[[], float], slot: SaveSlot,
                 actions: Callable[[], int], every_s: float = TIME_EVERY_S) -> None:
        self.timer = timer
        self.clock = clock
        self.slot = slot
        self.actions = actions
        self.every_s = every_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="time-keeper", daemon=True)

    def start(self) -> TimeKeeper:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _loop(self) -> None:
        while not self._stop.wait(self.every_s):
            try:
                self.slot.write_time(self.actions(), self.timer.used_at(self.clock()))
            except (UserError, OSError):
                continue  # a full disk: the next save says so; the game goes on


class Driver:
    """Runs one game to its end (or until the table quits)."""

    def __init__(
        self,
        host: Host,
        dialogue: Dialogue,
        rng: random.Random,
        *,
        slot: SaveSlot | None = None,
        log: TurnLog | None = None,
        actions: int = 0,
        clock: Callable[[], float] = time.monotonic,
        on_step: Callable[[int], None] | None = None,
        undo: Mapping[str, Any] | None = None,
        pending: Mapping[str, Any] | None = None,
    ) -> None:
        self.host = host
        self.dialogue = dialogue
        self.rng = rng
        self.slot = slot
        self.log = log
        self.actions = actions
        self.clock = clock
        self.on_step = on_step
        self.last_verdict = _snapshot(undo)
        self.pending: Pending | None = None
        """The last action, saved but not yet said, logged and recorded (a resumed
        save's, until :meth:`run` finishes it)."""
        if pending is not None:
            try:
                self.pending = Pending.from_json(pending)
            except DAMAGE:
                pass  # a damaged record of it: the game itself goes on
        self._keeper: TimeKeeper | None = None
        self._logged = len(dialogue.exchanges)
        """Exchanges already written to the turn log (the rest belong to the next turn)."""

    def run(self) -> RunResult:
        self._keeper = self._time_keeper()
        try:
            return self._run()
        finally:
            if self._keeper is not None:
                self._keeper.stop()

    def _time_keeper(self) -> TimeKeeper | None:
        """For a timed game with a save: the play time noted since the save is taken back,
        and a keeper goes on noting it."""
        timer = self.host.timer
        if self.slot is None or timer is None:
            return None
        noted = self.slot.read_time(self.actions)
        if noted is not None:
            timer.catch_up(noted)
        return TimeKeeper(timer, self.host.clock, self.slot, lambda: self.actions).start()

    def _run(self) -> RunResult:
        self.dialogue.speak(self.host.opening())
        if self.pending is not None:
            # Resumed after a kill: finish the last action, said again unless the log
            # shows it was said (the log is written after the speech).
            said = (self.pending.record is not None and self.log is not None
                    and self.log.has(self.pending.n))
            try:
                self._finish(announce=not said, fresh=False)
            except DAMAGE:
                self.pending = None  # a damaged record of it: the game itself goes on
        while not self.host.state.is_over():
            prompt = self.host.state.prompt()
            try:
                action = self._next_action(prompt)
            except ControlFlow as flow:
                if flow.command == "quit":
                    self.save()
                    self.dialogue.tell("common.saved_and_quit")
                    return RunResult(quit=True, turns=self.actions)
                self._overrule(flow.command)
                continue
            self._apply(prompt, action)
        self.dialogue.speak(self.host.narrate([]))
        if self._keeper is not None:
            self._keeper.stop()  # before the clear, or it could note the time again
        if self.slot is not None:
            self.slot.clear()
        return RunResult(winners=self.host.state.winners(), turns=self.actions)

    def _next_action(self, prompt: Prompt) -> Action:
        if prompt.actor == CHANCE:
            return self.host.chance(prompt, self.rng)
        return self.host.decide(prompt, self.dialogue)

    def _apply(self, prompt: Prompt, action: Action, first: Line | None = None) -> None:
        """apply -> save -> narrate (``first``, then the events), log and record.

        The order is the point: nothing the table is told may be lost, so the action
        is saved (state, random state, the undo snapshot, and the action itself as
        :class:`Pending`) before a word of it is said. A process killed anywhere
        resumes from the save and finishes the pending action: the log and the
        profiles are keyed by its number, so it lands there exactly once, and it is
        said again when the log does not show it was said.
        """
        before = self.host.state.to_json() if is_verdict(action) else None
        rng_before = rng_state_to_json(self.rng) if before is not None else None
        events = self.host.state.apply(action)
        self.actions += 1
        if before is not None and rng_before is not None:
            self.last_verdict = Snapshot(before, rng_before, action, self.actions)
        record = None
        if self.log is not None and prompt.actor != CHANCE:
            record = {
                "n": self.actions,
                "prompt": prompt.kind,
                "actor": prompt.actor,
                "info": dict(prompt.info),
                "exchanges": [e.to_json() for e in self.dialogue.exchanges[self._logged:]],
                "action": action.to_json(),
                "events": [e.kind for e in events],
                "latency_ms": [],
            }
        self._logged = len(self.dialogue.exchanges)
        self.pending = Pending(self.actions, tuple(events), record, first)
        self.save()  # first: what the table is about to hear is on disk
        self._finish(announce=True, fresh=True)
        if self.on_step is not None:
            self.on_step(self.actions)

    def _finish(self, announce: bool, fresh: bool) -> None:
        """Say, log and record the pending action, each once (also after a resume);
        ``fresh``: just applied, so the reply latency of its narration is logged too."""
        pending = self.pending
        if pending is None:
            return
        self.host.note_action(pending.n)  # the profiles key this action's results by its number
        lines = self.host.narrate(list(pending.events))
        if pending.first is not None:
            lines = [pending.first, *lines]
        if announce:
            self.dialogue.speak(lines)
        record = pending.record
        if record is not None and self.log is not None:
            if fresh:
                record = {**record, "latency_ms": [round(x, 1)
                                                   for x in self.dialogue.latencies_ms[-3:]]}
            self.log.append(record)
        self.pending = None

    def _overrule(self, command: str) -> None:
        """Carry out undo / "that was right" / "that was wrong" on the last verdict."""
        if command != "undo" and command not in VERDICT_FLIPS:
            self.dialogue.tell("common.not_now")
            return
        snap = self.last_verdict
        if snap is None:
            self.dialogue.tell("common.nothing_to_undo")
            return
        try:
            self.host.restore(snap.state)
            self.rng = rng_from_json(snap.rng)
        except DAMAGE:
            # A damaged snapshot from a save (the game itself loaded): nothing to go back to.
            self.last_verdict = None
            self.dialogue.tell("common.nothing_to_undo")
            return
        self.last_verdict = None
        if command == "undo":
            self.save()
            self.dialogue.tell("common.undone")
            return
        flipped = VERDICT_FLIPS[command]
        value = dict(snap.action.value)
        value["correct"] = flipped
        action = Action(snap.action.kind, snap.action.actor, value)
        said = Line("common.overruled_right" if flipped else "common.overruled_wrong")
        try:
            self._apply(self.host.state.prompt(), action, first=said)
        except RulesError:
            self.dialogue.tell("common.not_now")

    def save(self) -> None:
        """Write the save; when that fails (a full disk), say so and stop: the error is one
        line naming the file, and the last good save stays as it was."""
        if self.slot is None:
            return
        try:
            self._write()
        except UserError:
            self.dialogue.tell("common.save_failed")
            raise

    def _write(self) -> None:
        assert self.slot is not None
        self.slot.write(
            SavedGame(
                game=self.host.game,
                setup=self.host.setup_json(),
                state=self.host.state.to_json(),
                rng=rng_state_to_json(self.rng),
                actions=self.actions,
                extra={"rate": self.dialogue.settings.rate,
                       "verbose": self.dialogue.settings.verbose},
                undo=self.last_verdict.to_json() if self.last_verdict is not None else None,
                pending=None if self.pending is None else self.pending.to_json(),
            )
        )
