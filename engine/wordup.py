"""Word Up (TEFL Games) as a pure state machine: prompts out, actions in, events back.

The rules are word-up.txt with RULINGS.md where the sheet is silent; the board,
deck and rule quotes are data in :mod:`engine.wordup_board`. Start a game with
:func:`new_game`, then loop ``state.prompt()`` -> ``state.apply(action)``.
Chance prompts (actor :data:`~engine.core.CHANCE`) are the deck shuffle
(value: a permutation of ``range(20)`` over :data:`DECK`) and dice rolls
(value: the total of two dice, 2-12). With physical dice the roll prompt's
actor is the rolling player, who says the total.

Prompt kinds (and the action value each takes):
``shuffle`` (permutation), ``roll`` (2-12), ``choose_category`` (a colour),
``answer`` ({"correct": bool}), ``free_or_answer`` ("free" | "answer"),
``lose_tokens`` (two colours), ``free_tokens`` (two different colours),
``exchange`` ({"with": seat, "give": colour, "take": colour} | "decline"),
``stop_or_lose`` ("stop" | a colour held), and ``game_over`` (accepts nothing).
In the timed variant the driver ends the game at any prompt with
``Action(Anytime.TIME_UP, CHANCE)``. At any prompt (except while that player's own
question waits) ``Action("set_level", seat, {"level": 1-5})`` moves a player to
another level's stream: not a rule of the sheet, but the app's level fitting.

Choices made where the sheet and the rulings are silent (each is tested):

1. Board: the 21 question squares take the colours orange, green, blue, yellow
   in turn along the board, so orange has 6 squares and the others 5 (21
   cannot split evenly). Option squares: 5 orange/green, 15 green/blue,
   25 blue/yellow, 35 yellow/orange.
2. Every Word Up square lies before a plain question square of each colour,
   so "move to the next square of colour X" always has a target before Stop.
   Only plain question squares count as "a square of colour X" (not Option
   squares); the move does not trigger the square, the player just answers
   the card's question there.
3. Question streams are shared per level: all players of one level draw from
   one stream per category, so nobody is asked a question they heard a
   same-level player answer. Index i of a stream is question ``i % 7 + 1`` of
   sheet ``i // 7 + 1``. The index is taken when the answer prompt is made,
   so saving and resuming never skips or repeats a question.
4. The reader is the answerer's right-hand neighbour (for "ask the player on
   your left" it is the drawer), reported in the answer prompt. The question is
   always from the answerer's level stream: on "ask the player on your left"
   the drawer's sheet is the one chosen for the left player (RULINGS).
5. A drawn card goes to the bottom of the pile at once; nobody can draw before
   it is resolved, so this equals returning it afterwards.
6. Lose Two with exactly two tokens loses both without asking; with none the
   player just stops. "Stop, or lose any token and continue" with no tokens
   stops without asking. "Lose a token of colour X" without one just stops.
7. Dice: a roll's value is the total (2-12), not the two faces, for virtual
   and physical dice alike; the driver draws virtual totals as two d6.
8. Exchange: the two colours must differ (a same-colour swap changes
   nothing). With no possible exchange the card is announced and the player
   rolls again, as when declining. If one exchange completes both players'
   sets, the drawer wins (the drawer picks up first).
9. A win is checked the moment any player gains a token, including the left
   player on "ask the player on your left" and the partner of an exchange.
10. Timed game: reaching the token target still wins at once; ``time_up``
    ends the game with the most tokens in total winning, ties joint winners.
11. First-player roll-off: contenders roll in seat order; the turn counter
    counts turns started (from Bonus) after the roll-off.
12. After the game ends the prompt is ``game_over`` (actor CHANCE) and every
    action is refused. ``time_up`` comes from the driver (the clock), so its
    actor is CHANCE.
13. A seat is a player or a team alike; names are optional but must differ.
    When the left player wins "ask the player on your left", the turn passes
    to them, which is also the normal order of play.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import (
    CHANCE,
    JSON,
    Action,
    Anytime,
    Ends,
    Event,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    Prompt,
    SetupError,
    answer_verdict,
    expect_prompt,
)
from engine.wordup_board import (
    BOARD,
    CATEGORIES,
    COLOURS,
    DECK,
    LEVELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULE_ANY,
    RULE_ASK_LEFT,
    RULE_DICE,
    RULE_DOUBLE,
    RULE_EXCHANGE,
    RULE_FREE_TWO,
    RULE_LOSE_TWO,
    RULE_OPTION,
    RULE_STOP_OR_LOSE,
    RULE_TIMED,
    RULE_WAIT,
    RULE_WIN,
    STOP,
    Variant,
    next_square_of,
)
from engine.wordup_prompts import (
    COLOUR_INDEX,
    exchange_options,
    lose_two_options,
    make_prompt,
)

__all__ = ["BOARD", "DECK", "Variant", "WordUpState", "new_game"]

SAVE_VERSION = 1
PHASES = (
    "shuffle", "rolloff", "roll", "choose_category", "answer", "free_or_answer",
    "lose_tokens", "free_tokens", "exchange", "stop_or_lose", "over",
)
_CATEGORY_RULES = {"option": RULE_OPTION, "double": RULE_DOUBLE, "any": RULE_ANY,
                   "ask_left": RULE_ASK_LEFT}


def new_game(
    levels: Sequence[int],
    variant: Variant | None = None,
    names: Sequence[str] | None = None,
) -> WordUpState:
    """A fresh game, waiting for the deck shuffle.

    ``levels[i]`` is the level (1-5) of the player or team in seat ``i``;
    seats run clockwise, so seat ``i + 1`` sits to seat ``i``'s left.
    """
    levels = list(levels)
    if not MIN_PLAYERS <= len(levels) <= MAX_PLAYERS:
        raise SetupError(
            f"Word Up needs 2 to 6 players or teams, got {len(levels)}"
        )
    for seat, level in enumerate(levels):
        if type(level) is not int or level not in LEVELS:
            raise SetupError(
                f"player {seat + 1}'s level must be 1 to 5 "
                f"(1 Elementary ... 5 Advanced), got {level!r}"
            )
    if names is None:
        names = [f"Player {seat + 1}" for seat in range(len(levels))]
    names = [str(name) for name in names]
    if len(names) != len(levels):
        raise SetupError(f"got {len(names)} names for {len(levels)} players")
    if len(set(names)) != len(names) or any(not name.strip() for name in names):
        raise SetupError("player names must be non-empty and all different")
    return WordUpState(levels, names, variant or Variant())


class WordUpState(Ends):
    """One game of Word Up. Mutated only by :meth:`apply`; see the module docstring."""

    __slots__ = (
        "variant", "names", "levels", "tokens", "deck", "streams", "phase", "pending",
        "current", "position", "contenders", "rolls", "result", "turns",
    )

    def __init__(self, levels: list[int], names: list[str], variant: Variant) -> None:
        self.variant = variant
        self.names = names
        self.levels = levels
        self.tokens: list[list[int]] = [[0, 0, 0, 0] for _ in levels]
        """Tokens per seat, per colour in COLOURS order."""
        self.deck: list[str] = list(DECK)
        """The Word Up pile, top card first."""
        self.streams: list[list[int]] = [[0, 0, 0, 0] for _ in LEVELS]
        """Questions used so far per level (row) and colour (column)."""
        self.phase = "shuffle"
        self.pending: dict[str, Any] = {}
        self.current = -1
        self.position = 0
        self.contenders: list[int] = list(range(len(levels)))
        self.rolls: list[int] = []
        self.result: Outcome | None = None
        """How the game ended (None while it goes on)."""
        self.turns = 0

    # -- queries ---------------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.levels)

    def token_count(self, seat: int, colour: str) -> int:
        return self.tokens[seat][COLOUR_INDEX[colour]]

    def total_tokens(self, seat: int) -> int:
        return sum(self.tokens[seat])

    def prompt(self) -> Prompt:
        """Computed afresh each time (no cache), so it can never disagree with the state."""
        return make_prompt(self)

    # -- actions ---------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action``; on any error raise and leave the state exactly as it was."""
        if action.kind == Anytime.TIME_UP:
            return self._time_up(action)
        if action.kind == Anytime.SET_LEVEL:
            return self._set_level(action)
        prompt = self.prompt()
        if self.phase == "over":
            raise IllegalActionError("the game is over", rule=RULE_WIN)
        expect_prompt(prompt, action, rule=RULE_WAIT)
        events: list[Event] = []
        _HANDLERS[self.phase](self, action.value, events)
        return events

    def _set_level(self, action: Action) -> list[Event]:
        """Move a player to another level's question stream (a learner's level fitting).

        Not a rule of the sheet: the sheet fixes levels "before play begins";
        the app lets a teacher or the player change it between questions. It is
        refused while that player has a question waiting, so the question being
        asked always matches the level it was chosen for.
        """
        seat, value = action.actor, action.value
        if not 0 <= seat < self.players:
            raise InvalidActionError(f"seat must be 0 to {self.players - 1}, got {seat}")
        level = value.get("level") if isinstance(value, dict) else None
        if type(level) is not int or level not in LEVELS:
            raise InvalidActionError("set_level needs {\"level\": 1-5}")
        if self.phase == "over":
            raise IllegalActionError("the game is over", rule=RULE_WIN)
        if self.phase == "answer" and self.pending.get("answerer") == seat:
            raise IllegalActionError(
                "a question is waiting for this player; change the level after it"
            )
        before = self.levels[seat]
        self.levels[seat] = level
        return [Event("level_changed", {"seat": seat, "from": before, "to": level})]

    def _time_up(self, action: Action) -> list[Event]:
        if not self.variant.timed:
            raise IllegalActionError("this is not a timed game", rule=RULE_TIMED)
        if action.actor != CHANCE:
            raise IllegalActionError("only the game host (the clock) can end a timed game",
                                     rule=RULE_TIMED)
        if self.phase == "over":
            raise IllegalActionError("the game is over", rule=RULE_WIN)
        totals = [sum(t) for t in self.tokens]
        best = max(totals)
        self.result = Outcome(tuple(seat for seat, total in enumerate(totals) if total == best),
                              "time_up")
        self.phase = "over"
        self.pending = {}
        return [Event("game_over", {**self.result.to_json(), "totals": totals})]

    # Handlers: validate everything first, then mutate.

    def _on_shuffle(self, value: Any, events: list[Event]) -> None:
        if (
            not isinstance(value, list)
            or any(type(i) is not int for i in value)
            or sorted(value) != list(range(len(DECK)))
        ):
            raise InvalidActionError(f"a shuffle is a permutation of 0..{len(DECK) - 1}")
        self.deck = [DECK[i] for i in value]
        self.phase = "rolloff"
        events.append(Event("shuffled", {"cards": len(DECK)}))

    def _on_rolloff(self, value: Any, events: list[Event]) -> None:
        total = _check_roll(value)
        seat = self.contenders[len(self.rolls)]
        self.rolls.append(total)
        events.append(Event("rolled", {"seat": seat, "total": total,
                                       "purpose": "first_player"}))
        if len(self.rolls) < len(self.contenders):
            return
        best = max(self.rolls)
        top = [s for s, r in zip(self.contenders, self.rolls, strict=True) if r == best]
        self.rolls = []
        if len(top) > 1:
            self.contenders = top
            events.append(Event("rolloff_tie", {"seats": top, "total": best}))
            return
        self.contenders = []
        events.append(Event("first_player", {"seat": top[0]}))
        self._start_turn(top[0], events)

    def _on_roll(self, value: Any, events: list[Event]) -> None:
        total = _check_roll(value)
        seat = self.current
        start = self.position
        events.append(Event("rolled", {"seat": seat, "total": total, "purpose": "move"}))
        target = start + total
        if target >= STOP:
            self.position = STOP
            events.append(Event("moved", {"seat": seat, "from": start, "to": STOP,
                                          "square": "stop"}))
            self._end_turn("stop", events)
            return
        self.position = target
        square = BOARD[target]
        events.append(Event("moved", {"seat": seat, "from": start, "to": target,
                                      "square": square.kind, "colours": list(square.colours)}))
        kind = square.kind
        if kind == "question":
            self._ask(square.colours[0], 1, "question", events)
        elif kind == "option":
            self._offer_categories(list(square.colours), 1, "option")
        elif kind == "double":
            self._offer_categories(list(COLOURS), 2, "double")
        elif kind == "word_up":
            self._draw(events)
        elif kind == "lose_two":
            have = self.tokens[seat]
            if sum(have) > 2:
                self.phase = "lose_tokens"
                self.pending = {}
                return
            lost = [c for c in COLOURS for _ in range(have[COLOUR_INDEX[c]])]
            self._lose(seat, lost, events)
            self._end_turn("lose_two", events)
        elif kind == "free_two":
            self.phase = "free_tokens"
            self.pending = {}
        else:  # pragma: no cover - bonus and stop are never landed on by a move
            raise AssertionError(f"cannot land on {kind}")

    def _on_choose_category(self, value: Any, events: list[Event]) -> None:
        options = self.pending["options"]
        if value not in options:
            if value not in COLOURS:
                raise InvalidActionError(
                    f"a category is one of {', '.join(COLOURS)}, got {value!r}")
            raise IllegalActionError(
                f"{value} is not allowed here; allowed: {', '.join(options)}",
                rule=_CATEGORY_RULES[self.pending["source"]])
        source = self.pending["source"]
        events.append(Event("category_chosen", {"seat": self.current, "colour": value,
                                                "category": CATEGORIES[value]}))
        self._ask(value, self.pending["stake"], source, events)

    def _on_answer(self, value: Any, events: list[Event]) -> None:
        correct = answer_verdict(value)
        pending = self.pending
        colour = pending["colour"]
        answerer = pending["answerer"]
        events.append(Event("answered", {"seat": answerer, "correct": correct,
                                         "colour": colour, "level": pending["level"],
                                         "index": pending["index"]}))
        if pending["source"] == "ask_left":
            if correct:
                if not self._gain(answerer, colour, 1, events):
                    self._end_turn("ask_left", events)
            elif not self._gain(self.current, colour, 1, events):
                self._continue()
            return
        if not correct:
            self._end_turn("wrong", events)
        elif not self._gain(answerer, colour, pending["stake"], events):
            self._continue()

    def _on_free_or_answer(self, value: Any, events: list[Event]) -> None:
        if value not in ("free", "answer"):
            raise InvalidActionError(f'choose "free" or "answer", got {value!r}')
        colour = self.pending["colour"]
        events.append(Event("free_or_answer_chosen", {"seat": self.current, "choice": value}))
        if value == "answer":
            self._ask(colour, 1, "free_or_answer", events)
        elif not self._gain(self.current, colour, 1, events):
            self._end_turn("free_token", events)

    def _on_lose_tokens(self, value: Any, events: list[Event]) -> None:
        pair = _colour_list(value, 2)
        if pair not in lose_two_options(self.tokens[self.current]):
            raise IllegalActionError(
                f"you cannot lose {' and '.join(pair)}: you do not hold them",
                rule=RULE_LOSE_TWO)
        self._lose(self.current, pair, events)
        self._end_turn("lose_two", events)

    def _on_free_tokens(self, value: Any, events: list[Event]) -> None:
        pair = _colour_list(value, 2)
        if pair[0] == pair[1]:
            raise IllegalActionError("the two free tokens must be of different colours",
                                     rule=RULE_FREE_TWO)
        seat = self.current
        if self._gain(seat, pair[0], 1, events) or self._gain(seat, pair[1], 1, events):
            return
        self._continue()

    def _on_exchange(self, value: Any, events: list[Event]) -> None:
        seat = self.current
        if value == "decline":
            events.append(Event("exchange_declined", {"seat": seat}))
            self._continue()
            return
        if (
            not isinstance(value, dict)
            or set(value) != {"with", "give", "take"}
            or type(value["with"]) is not int
            or value["give"] not in COLOURS
            or value["take"] not in COLOURS
        ):
            raise InvalidActionError(
                'an exchange is "decline" or {"with": seat, "give": colour, "take": colour}')
        if value not in exchange_options(self.tokens, self.current):
            raise IllegalActionError(
                "that exchange is not possible (each side must hold the token it gives, "
                "colours must differ, and the partner must be another player)",
                rule=RULE_EXCHANGE)
        partner, give, take = value["with"], COLOUR_INDEX[value["give"]], COLOUR_INDEX[value["take"]]
        mine, theirs = self.tokens[seat], self.tokens[partner]
        mine[give] -= 1
        mine[take] += 1
        theirs[take] -= 1
        theirs[give] += 1
        events.append(Event("exchanged", {"seat": seat, "with": partner,
                                          "gave": value["give"], "took": value["take"]}))
        if self._check_win(seat, events) or self._check_win(partner, events):
            return
        self._continue()

    def _on_stop_or_lose(self, value: Any, events: list[Event]) -> None:
        seat = self.current
        if value == "stop":
            self._end_turn("stop_card", events)
            return
        if value not in COLOURS:
            raise InvalidActionError(f'say "stop" or a colour to lose, got {value!r}')
        if not self.tokens[seat][COLOUR_INDEX[value]]:
            raise IllegalActionError(f"you have no {value} token to lose",
                                     rule=RULE_STOP_OR_LOSE)
        self._lose(seat, [value], events)
        self._continue()

    # -- transitions -----------------------------------------------------------

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.current = seat
        self.position = 0
        self.turns += 1
        self.phase = "roll"
        self.pending = {}
        events.append(Event("turn_started", {"seat": seat, "turn": self.turns}))

    def _end_turn(self, reason: str, events: list[Event]) -> None:
        events.append(Event("turn_ended", {"seat": self.current, "reason": reason}))
        self._start_turn((self.current + 1) % self.players, events)

    def _continue(self) -> None:
        self.phase = "roll"
        self.pending = {}

    def _offer_categories(self, options: list[str], stake: int, source: str) -> None:
        self.phase = "choose_category"
        self.pending = {"options": options, "stake": stake, "source": source}

    def _ask(self, colour: str, stake: int, source: str, events: list[Event]) -> None:
        """Move to the answer prompt, taking the next question of the right stream."""
        if source == "ask_left":
            # The drawer's sheet was chosen for the left player: the answerer's level (RULINGS).
            answerer = (self.current + 1) % self.players
            reader = self.current
        else:
            answerer = self.current
            reader = (answerer - 1) % self.players
        level = self.levels[answerer]
        stream = self.streams[level - 1]
        column = COLOUR_INDEX[colour]
        index = stream[column]
        stream[column] = index + 1
        self.phase = "answer"
        self.pending = {"colour": colour, "stake": stake, "source": source,
                        "answerer": answerer, "reader": reader, "level": level,
                        "index": index, "square": self.position}

    def _draw(self, events: list[Event]) -> None:
        card = self.deck.pop(0)
        self.deck.append(card)
        seat = self.current
        events.append(Event("card_drawn", {"seat": seat, "card": card}))
        kind, _, colour = card.partition(":")
        if kind == "any":
            self._offer_categories(list(COLOURS), 1, "any")
        elif kind == "ask_left":
            self._offer_categories(list(COLOURS), 1, "ask_left")
        elif kind == "free_or_answer":
            self.phase = "free_or_answer"
            self.pending = {"colour": colour}
        elif kind == "lose":
            if self.tokens[seat][COLOUR_INDEX[colour]]:
                self._lose(seat, [colour], events)
            self._end_turn("lose_card", events)
        elif kind == "move":
            target = next_square_of(colour, self.position)
            if target is None:  # pragma: no cover - the board layout rules it out
                raise AssertionError(f"no {colour} square after {self.position}")
            events.append(Event("moved", {"seat": seat, "from": self.position, "to": target,
                                          "square": "question", "colours": [colour]}))
            self.position = target
            self._ask(colour, 2, "move", events)
        elif kind == "exchange":
            if exchange_options(self.tokens, self.current):
                self.phase = "exchange"
                self.pending = {}
            else:
                events.append(Event("exchange_impossible", {"seat": seat}))
                self._continue()
        elif kind == "stop_or_lose":
            if sum(self.tokens[seat]):
                self.phase = "stop_or_lose"
                self.pending = {}
            else:
                self._end_turn("stop_card", events)
        else:  # pragma: no cover - DECK holds only the kinds above
            raise AssertionError(f"unknown card {card}")

    def _gain(self, seat: int, colour: str, count: int, events: list[Event]) -> bool:
        """Give tokens; True if that won the game (the state is then over)."""
        self.tokens[seat][COLOUR_INDEX[colour]] += count
        events.append(Event("tokens_gained", {"seat": seat, "colour": colour, "count": count}))
        return self._check_win(seat, events)

    def _check_win(self, seat: int, events: list[Event]) -> bool:
        target = self.variant.tokens_to_win
        if min(self.tokens[seat]) < target:
            return False
        self.result = Outcome((seat,), "collected")
        self.phase = "over"
        self.pending = {}
        events.append(Event("game_over", self.result.to_json()))
        return True

    def _lose(self, seat: int, colours: list[str], events: list[Event]) -> None:
        have = self.tokens[seat]
        for colour in colours:
            have[COLOUR_INDEX[colour]] -= 1
        events.append(Event("tokens_lost", {"seat": seat, "colours": list(colours)}))

    # -- saving ----------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": "wordup",
            "version": SAVE_VERSION,
            "variant": self.variant.to_json(),
            "names": list(self.names),
            "levels": list(self.levels),
            "tokens": [list(t) for t in self.tokens],
            "deck": list(self.deck),
            "streams": [list(s) for s in self.streams],
            "phase": self.phase,
            "pending": json.loads(json.dumps(self.pending)),
            "current": self.current,
            "position": self.position,
            "contenders": list(self.contenders),
            "rolls": list(self.rolls),
            "winners": self.winners(),
            "end_reason": "" if self.result is None else self.result.reason,
            "turns": self.turns,
        }


_HANDLERS: dict[str, Callable[[WordUpState, Any, list[Event]], None]] = {
    "shuffle": WordUpState._on_shuffle,
    "rolloff": WordUpState._on_rolloff,
    "roll": WordUpState._on_roll,
    "choose_category": WordUpState._on_choose_category,
    "answer": WordUpState._on_answer,
    "free_or_answer": WordUpState._on_free_or_answer,
    "lose_tokens": WordUpState._on_lose_tokens,
    "free_tokens": WordUpState._on_free_tokens,
    "exchange": WordUpState._on_exchange,
    "stop_or_lose": WordUpState._on_stop_or_lose,
}


def _check_roll(value: Any) -> int:
    if type(value) is not int:
        raise InvalidActionError(f"a roll is the total of two dice, 2 to 12, got {value!r}")
    if not 2 <= value <= 12:
        raise IllegalActionError(f"two dice cannot total {value}; allowed: 2 to 12",
                                 rule=RULE_DICE)
    return value


def _colour_list(value: Any, count: int) -> list[str]:
    """Validate a list of colours and put it in COLOURS order."""
    if (
        not isinstance(value, list)
        or len(value) != count
        or any(not isinstance(c, str) or c not in COLOUR_INDEX for c in value)
    ):
        raise InvalidActionError(
            f"name {count} colours from {', '.join(COLOURS)}, got {value!r}")
    return sorted(value, key=COLOUR_INDEX.__getitem__)
