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
voice layer hands it verdicts such as ``Action("answer", seat, {"correct": True})``,
checked by :func:`answer_verdict` in every game.

One vocabulary for all three games: prompt kinds are a :class:`PromptKind`, the
actions a game takes at any prompt are an :class:`Anytime`, and a finished game
has one :class:`Outcome` (its prompt is ``PromptKind.GAME_OVER`` in every game).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypeAlias

JSON: TypeAlias = Any
"""A value made only of dict, list, str, int, float, bool and None."""

CHANCE = -1
"""Actor id of chance nodes: the driver (RNG or real dice) answers them."""

MAX_DECK = 100_000
"""The most cards a question deck may hold: no box comes near it, so a bigger
number (a damaged save) is refused before anything is allocated for it."""


class PromptKind(StrEnum):
    """What a prompt asks for; an action answering it has the same kind.

    A StrEnum, so a kind is its own name in saves, logs and JSON ("roll").
    """

    SHUFFLE = "shuffle"
    """Chance: a permutation of a deck."""
    ROLL = "roll"
    """A dice total (chance, or a player with real dice)."""
    DRAW = "draw"
    """Chance: the next card (Word on the Street)."""
    ANSWER = "answer"
    """A verdict on a question's answer: ``{"correct": bool}`` (:func:`answer_verdict`)."""
    CHOOSE_CATEGORY = "choose_category"
    FREE_OR_ANSWER = "free_or_answer"
    LOSE_TOKENS = "lose_tokens"
    FREE_TOKENS = "free_tokens"
    EXCHANGE = "exchange"
    STOP_OR_LOSE = "stop_or_lose"
    CONTINUE = "continue"
    """Sport and Leisure: the other team's chance to play a card before the next question."""
    BRAINSTORM = "brainstorm"
    SPELL = "spell"
    CHALLENGE = "challenge"
    SPELLING_VERDICT = "spelling_verdict"
    TWO_WORDS_VERDICT = "two_words_verdict"
    VOTE = "vote"
    CHOOSE_FIRST = "choose_first"
    """Before a game starts: which team plays first (Sport and Leisure's youngest player;
    asked by the host before the engine exists)."""
    GAME_OVER = "game_over"
    """The game has ended (actor CHANCE); every action is refused. See :class:`Outcome`."""


class Anytime(StrEnum):
    """Action kinds a game takes at any prompt, without being asked."""

    TIME_UP = "time_up"
    """Chance (the host's clock): a timed game's time limit has passed."""
    SET_LEVEL = "set_level"
    """Word Up: a player moves to another level's questions."""
    PLAY_CARD = "play_card"
    """Sport and Leisure: a team plays an action card."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended, the same in every game (python-chess's ``Outcome``)."""

    winners: tuple[int, ...]
    """Seats or teams that won: one, or several for a tie that shares the win."""
    reason: str
    """Why it ended, a short code of that game's rules ("collected", "red", "draw" ...)."""

    def to_json(self) -> dict[str, JSON]:
        return {"winners": list(self.winners), "reason": self.reason}


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

    kind: PromptKind
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


class Ends:
    """What every engine's state says about its end, from its ``result`` (set once, when
    the game ends): :meth:`is_over`, :meth:`winners` and :meth:`outcome`."""

    __slots__ = ()
    result: Outcome | None

    def is_over(self) -> bool:
        return self.result is not None

    def winners(self) -> list[int]:
        """Seats or teams that won: one, several for a shared win, none while playing."""
        return [] if self.result is None else list(self.result.winners)

    def outcome(self) -> Outcome | None:
        return self.result


class GameState(Protocol):
    """What every game state offers the driver."""

    def prompt(self) -> Prompt: ...

    def apply(self, action: Action) -> list[Event]: ...

    def is_over(self) -> bool: ...

    def winners(self) -> list[int]: ...

    def outcome(self) -> Outcome | None: ...

    def to_json(self) -> dict[str, JSON]: ...


def expect_prompt(prompt: Prompt, action: Action, rule: str = "", who: str = "actor") -> None:
    """Raise unless ``action`` answers ``prompt`` (same kind, same actor); ``rule`` is the
    rule quoted when it is someone else's move, ``who`` what an actor is ("team")."""
    if prompt.kind == PromptKind.GAME_OVER:
        raise IllegalActionError("the game is over; no more moves")
    if action.kind != prompt.kind:
        raise InvalidActionError(
            f"expected a {str(prompt.kind)!r} action, got {str(action.kind)!r}"
        )
    if prompt.actor != action.actor:
        raise IllegalActionError(
            f"it is {_actor(prompt.actor, who)}'s move, not {_actor(action.actor, who)}'s",
            rule=rule,
        )


def _actor(actor: int, who: str) -> str:
    return "chance" if actor == CHANCE else f"{who} {actor}"


def answer_verdict(value: JSON) -> bool:
    """The verdict an answer action carries: exactly ``{"correct": true}`` or
    ``{"correct": false}``; anything else is an InvalidActionError, in every game."""
    if not isinstance(value, Mapping) or set(value) != {"correct"} \
            or not isinstance(value["correct"], bool):
        raise InvalidActionError(
            f'an answer verdict is {{"correct": true}} or {{"correct": false}}, got {value!r}')
    return bool(value["correct"])


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
