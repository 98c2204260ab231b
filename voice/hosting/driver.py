"""The game loop: prompt -> (chance | ask the table) -> apply -> narrate -> save.

The driver is the only place that changes the engine state, so it is also
where undo, "that was right / that was wrong" and quit are carried out: the
dialogue raises them as :class:`~voice.hosting.dialogue.ControlFlow` and the driver
rewinds to the snapshot taken before the last verdict. Every applied action
is followed by an atomic autosave, so a killed process resumes exactly.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import CHANCE, Action, Prompt, RulesError
from voice.hosting.dialogue import ControlFlow, Dialogue
from voice.hosting.host import Host
from voice.hosting.session import SavedGame, SaveSlot, TurnLog, rng_from_json, rng_state_to_json

VERDICT_FLIPS = {"that_was_right": True, "that_was_wrong": False}


def is_verdict(action: Action) -> bool:
    """A verdict is an action carrying the app's judgement (``{"correct": bool}``)."""
    return isinstance(action.value, Mapping) and isinstance(action.value.get("correct"), bool)


@dataclass
class Snapshot:
    """The state just before a verdict, so the table can overrule it."""

    state: dict[str, Any]
    rng: list[Any]
    action: Action


@dataclass
class Outcome:
    """How a run ended: ``winners`` (seat or team indices) or ``quit`` with the game saved."""

    winners: list[int] = field(default_factory=list)
    quit: bool = False
    turns: int = 0


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
    ) -> None:
        self.host = host
        self.dialogue = dialogue
        self.rng = rng
        self.slot = slot
        self.log = log
        self.actions = actions
        self.clock = clock
        self.on_step = on_step
        self.last_verdict: Snapshot | None = None
        self._logged = len(dialogue.exchanges)
        """Exchanges already written to the turn log (the rest belong to the next turn)."""

    def run(self) -> Outcome:
        self.dialogue.speak(self.host.opening())
        while not self.host.state.is_over():
            prompt = self.host.state.prompt()
            try:
                action = self._next_action(prompt)
            except ControlFlow as flow:
                if flow.command == "quit":
                    self.save()
                    self.dialogue.tell("common.saved_and_quit")
                    return Outcome(quit=True, turns=self.actions)
                self._overrule(flow.command)
                continue
            self._apply(prompt, action)
        self.dialogue.speak(self.host.narrate([]))
        if self.slot is not None:
            self.slot.clear()
        return Outcome(winners=self.host.state.winners(), turns=self.actions)

    def _next_action(self, prompt: Prompt) -> Action:
        if prompt.actor == CHANCE:
            return self.host.chance(prompt, self.rng)
        return self.host.decide(prompt, self.dialogue)

    def _apply(self, prompt: Prompt, action: Action) -> None:
        before = self.host.state.to_json() if is_verdict(action) else None
        rng_before = rng_state_to_json(self.rng) if before is not None else None
        events = self.host.state.apply(action)
        if before is not None and rng_before is not None:
            self.last_verdict = Snapshot(before, rng_before, action)
        self.actions += 1
        self.dialogue.speak(self.host.narrate(events))
        if self.log is not None and prompt.actor != CHANCE:
            self.log.append(
                {
                    "n": self.actions,
                    "prompt": prompt.kind,
                    "actor": prompt.actor,
                    "info": dict(prompt.info),
                    "exchanges": self.dialogue.exchanges[self._logged:],
                    "action": action.to_json(),
                    "events": [e.kind for e in events],
                    "latency_ms": [round(x, 1) for x in self.dialogue.latencies_ms[-3:]],
                }
            )
        self._logged = len(self.dialogue.exchanges)
        self.save()
        if self.on_step is not None:
            self.on_step(self.actions)

    def _overrule(self, command: str) -> None:
        """Carry out undo / "that was right" / "that was wrong" on the last verdict."""
        if command != "undo" and command not in VERDICT_FLIPS:
            self.dialogue.tell("common.not_now")
            return
        snap = self.last_verdict
        if snap is None:
            self.dialogue.tell("common.nothing_to_undo")
            return
        self.host.restore(snap.state)
        self.rng = rng_from_json(snap.rng)
        self.last_verdict = None
        if command == "undo":
            self.dialogue.tell("common.undone")
            self.save()
            return
        flipped = VERDICT_FLIPS[command]
        value = dict(snap.action.value)
        value["correct"] = flipped
        self.dialogue.tell("common.overruled_right" if flipped else "common.overruled_wrong")
        action = Action(snap.action.kind, snap.action.actor, value)
        try:
            self._apply(self.host.state.prompt(), action)
        except RulesError:
            self.dialogue.tell("common.not_now")

    def save(self) -> None:
        if self.slot is None:
            return
        self.slot.write(
            SavedGame(
                game=self.host.game,
                setup=self.host.setup_json(),
                state=self.host.state.to_json(),
                rng=rng_state_to_json(self.rng),
                actions=self.actions,
                extra={"rate": self.dialogue.settings.rate,
                       "verbose": self.dialogue.settings.verbose},
            )
        )
