"""Shared vocabulary of the rules engines: prompts out, actions in, events back.

Every game is a pure state machine in the style of OpenSpiel and python-chess:

* ``state.prompt()`` says who must act next and what kind of input is needed
  (a :class:`Prompt`), including the legal choices where they are finite.
* ``state.apply(action)`` validates an :class:`Action` and returns the
  :class:`Event` list it caused. An illegal action raises a :class:`RulesError`
  subclass and leaves the state exactly as it was.
* Chance (dice, shuffles) is never hidden: it is a prompt whose actor is
  :data:`CHANCE`, answered by the driver from a seeded ``random.Random`` or by
  players rolling real dice. A game therefore replays from (seed, actions).
* ``state.to_json()`` and each game's ``<game>_save.load()`` round-trip exactly.

The engine never reads a clock, never does I/O and never judges speech: the
voice layer hands it verdicts such as ``Action("answer", seat, {"correct": True})``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

JSON: TypeAlias = Any
"""A value made only of dict, list, str, int, float, bool and None."""

CHANCE = -1
"""Actor id of chance nodes: the driver (RNG or real dice) answers them."""

MAX_DECK = 100_000
"""The most cards a question deck may hold: no box comes near it, so a bigger
number (a damaged save) is refused before anything is allocated for it."""

COLOURS = ("orange", "green", "blue", "yellow")
"""Word Up's four question colours, in the order the rule sheet lists them."""


class RulesError(Exception):
    """Base of every error an engine raises for bad input; the state is unchanged."""


class InvalidActionError(RulesError):
    """The action is malformed: wrong kind for this prompt, missing or ill-typed fields."""


class IllegalActionError(RulesError):
    """The action is well formed but the rules forbid it now.

    ``rule`` quotes or names the rule that forbids it, so a player hears why;
    ``reason``, when given, is a short code for the exact reason (e.g.
    ``"one_member"``), so the voice layer can say it in its own words.
    """

    def __init__(self, message: str, rule: str = "", reason: str = "") -> None:
        super().__init__(message if not rule else f"{message} (rule: {rule})")
        self.rule = rule
        self.reason = reason


class AmbiguousActionError(RulesError):
    """The action could mean more than one legal move; the driver must say which."""


class SetupError(RulesError):
    """The game cannot be set up as asked (player count, level, variant)."""


class SaveError(RulesError):
    """A saved state cannot be read back (damaged or from another game)."""


@dataclass(frozen=True)
class Prompt:
    """What the game needs next.

    ``kind`` names the input (``"roll"``, ``"answer"``, ``"choose_category"`` ...);
    ``actor`` is a seat or team index, or :data:`CHANCE`; ``options`` lists the
    legal values when they are finite (empty when free, e.g. a spoken answer);
    ``info`` carries what the driver needs to ask (category, level, stream
    position, letter count ...), as plain JSON.
    """

    kind: str
    actor: int
    options: tuple[JSON, ...] = ()
    info: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind,
            "actor": self.actor,
            "options": list(self.options),
            "info": dict(self.info),
        }


@dataclass(frozen=True)
class Action:
    """An answer to a prompt: ``kind`` must match the prompt's kind."""

    kind: str
    actor: int
    value: JSON = None

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "actor": self.actor, "value": self.value}

    @staticmethod
    def from_json(data: Mapping[str, JSON]) -> Action:
        return Action(str(data["kind"]), int(data["actor"]), data.get("value"))


@dataclass(frozen=True)
class Event:
    """Something that happened, for narration and logs (``kind`` plus plain data)."""

    kind: str
    data: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, **dict(self.data)}


class GameState(Protocol):
    """What every game state offers the driver."""

    def prompt(self) -> Prompt: ...

    def apply(self, action: Action) -> list[Event]: ...

    def is_over(self) -> bool: ...

    def winners(self) -> list[int]: ...

    def to_json(self) -> dict[str, JSON]: ...


def expect_prompt(prompt: Prompt, action: Action) -> None:
    """Raise unless ``action`` answers ``prompt`` (same kind, same actor)."""
    if action.kind != prompt.kind:
        raise InvalidActionError(
            f"expected a {prompt.kind!r} action, got {action.kind!r}"
        )
    if prompt.actor != action.actor:
        raise IllegalActionError(
            f"it is actor {prompt.actor}'s move, not actor {action.actor}'s"
        )


def expect_option(prompt: Prompt, value: JSON) -> None:
    """Raise unless ``value`` is one of the prompt's finite options."""
    if prompt.options and value not in prompt.options:
        allowed = ", ".join(json.dumps(o) for o in prompt.options)
        raise IllegalActionError(f"{json.dumps(value)} is not allowed here; allowed: {allowed}")


def roll_dice(rng: random.Random, count: int = 2, sides: int = 6) -> list[int]:
    """Roll ``count`` dice; used by drivers to answer a chance prompt."""
    return [rng.randint(1, sides) for _ in range(count)]


def shuffled(rng: random.Random, items: Sequence[JSON]) -> list[JSON]:
    """A shuffled copy, for drivers answering a shuffle chance prompt."""
    out = list(items)
    rng.shuffle(out)
    return out


def roundtrip(state_json: Mapping[str, JSON]) -> dict[str, JSON]:
    """Pass a state through a JSON string, as a save file would."""
    loaded: dict[str, JSON] = json.loads(json.dumps(state_json, sort_keys=True))
    return loaded


def expect_save(data: Mapping[str, JSON], game: str, version: int, *, lead: str = "") -> None:
    """Raise SaveError unless ``data`` was saved by ``game`` at ``version``, so another
    game's file or an older layout is refused whole rather than half read.

    ``lead`` starts the message (a game whose save errors all say "save file ...").
    """
    if data.get("game") != game or data.get("version") != version:
        raise SaveError(
            f"{lead}not a {game} save of version {version} "
            f"(game={data.get('game')!r}, version={data.get('version')!r})"
        )
