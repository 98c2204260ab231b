"""What the Word Up reader says about events, the board and the score.

Kept apart from the asking (:mod:`voice.games.wordup`) because narration must
work from the events alone: after "that was wrong" the driver re-applies a
flipped verdict without asking anything, and the host only sees the events.
The narrator reads the game through the small :class:`WordUpTable` protocol,
so it never imports the host.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from content.load import WordUpQuestions
from engine.core import Event
from engine.wordup import WordUpState
from engine.wordup_board import BOARD, CATEGORIES, COLOURS
from voice.games.playtime import PlayTimer
from voice.games.wordup_learners import WordUpLearners
from voice.games.wordup_questions import CATEGORY_OF, wrong_lines
from voice.games.wordup_questions import join as _join
from voice.games.wordup_questions import phrase as _phrase
from voice.hosting.exchange import Line


class WordUpTable(Protocol):
    """The parts of the Word Up host the narrator reads (the host is one)."""

    state: WordUpState
    questions: WordUpQuestions
    learn: WordUpLearners | None
    verbose: bool
    timer: PlayTimer | None
    clock: Callable[[], float]


def tokens_text(state: WordUpState, seat: int) -> str:
    """A player's tokens in words ("one orange token and two blue tokens")."""
    have = state.tokens[seat]
    parts = [_phrase("wordup.token_count", count=n, colour=c)
             for c, n in zip(COLOURS, have, strict=True) if n]
    return _join(parts) if parts else _phrase("wordup.no_tokens")

def square_text(index: int) -> str:
    """What a square of the board is, in words."""
    square = BOARD[index]
    if square.kind == "question":
        colour = square.colours[0]
        return _phrase("wordup.square_question", colour=colour, category=CATEGORIES[colour])
    if square.kind == "option":
        a, b = square.colours
        return _phrase("wordup.square_option", first=CATEGORIES[a], second=CATEGORIES[b])
    return _phrase(f"wordup.square_{square.kind}")


def scores(state: WordUpState) -> str:
    """Every player's tokens, for "what's the score" and the end of the game."""
    return "; ".join(_phrase("wordup.score_entry", name=n, tokens=tokens_text(state, s))
                     for s, n in enumerate(state.names))


class Narrator:
    """Events and status in the reader's words; remembers a roll until its move is said."""

    def __init__(self, table: WordUpTable) -> None:
        self.table = table
        self._roll_total: int | None = None

    def event(self, event: Event, after: list[Event]) -> list[Line]:
        """What to say about one event; ``after`` are the events that follow it."""
        d = event.data
        kind = event.kind
        name = self.table.state.names[d["seat"]] if "seat" in d else ""
        if kind == "shuffled":
            return [Line("wordup.shuffled"), Line("wordup.rolloff")] if self.table.verbose else []
        if kind == "rolled":
            if d["purpose"] == "first_player":
                return [Line("wordup.rolloff_roll", {"name": name, "total": d["total"]})]
            self._roll_total = d["total"]
            return []  # said with the move that follows
        if kind == "rolloff_tie":
            names = [self.table.state.names[s] for s in d["seats"]]
            return [Line("wordup.rolloff_tie", {"names": _join(names), "total": d["total"]})]
        if kind == "first_player":
            return [Line("wordup.first_player", {"name": name})]
        if kind == "turn_started":
            return [Line("wordup.turn", {"name": name})]
        if kind == "moved":
            return self._moved(d, name)
        if kind == "answered":
            return self._verdict(d)
        if kind == "tokens_gained":
            key = "wordup.tokens_gained_two" if d["count"] == 2 else "wordup.tokens_gained"
            out = [Line(key, {"name": name, "colour": d["colour"]})]
            # Holdings once, after the last token given (Free Two gives two in a row).
            more = any(e.kind == "tokens_gained" and e.data["seat"] == d["seat"] for e in after)
            if self.table.verbose and not more and not any(e.kind == "game_over" for e in after):
                out.append(Line("wordup.holding", {"name": name,
                                                   "tokens": tokens_text(self.table.state, d["seat"])}))
            return out
        if kind == "tokens_lost":
            if not d["colours"]:
                return [Line("wordup.lost_none", {"name": name})]
            lost = [_phrase("wordup.token_count", count=d["colours"].count(c), colour=c)
                    for c in COLOURS if c in d["colours"]]
            out = [Line("wordup.tokens_lost", {"name": name, "tokens": _join(lost)})]
            if self.table.verbose:
                out.append(Line("wordup.holding", {"name": name,
                                                   "tokens": tokens_text(self.table.state, d["seat"])}))
            return out
        if kind == "card_drawn":
            return self._card(d, name, after)
        if kind == "category_chosen":
            return []  # the question's own first line names the category chosen
        if kind == "free_or_answer_chosen":
            return []
        if kind == "exchanged":
            return [Line("wordup.exchanged", {"name": name, "partner": self.table.state.names[d["with"]],
                                              "give": d["gave"], "take": d["took"]})]
        if kind == "exchange_declined":
            return [Line("wordup.exchange_declined", {"name": name})]
        if kind == "exchange_impossible":
            return [Line("wordup.exchange_impossible", {"name": name})]
        if kind == "turn_ended":
            if d["reason"] == "stop_card":
                return [Line("wordup.chose_stop", {"name": name})]
            return [Line("wordup.turn_over", {"name": name})]
        if kind == "game_over":
            return self._game_over(d)
        return []

    def _moved(self, d: Any, name: str) -> list[Line]:
        total, self._roll_total = self._roll_total, None
        if total is None:
            return []  # a card's move: the card's own line says where to
        if d.get("square") == "stop":
            return [Line("wordup.rolled_stop", {"name": name, "total": total})]
        return [Line("wordup.rolled_again" if d["from"] else "wordup.rolled_to",
                     {"name": name, "total": total, "to": d["to"],
                      "square": square_text(d["to"])})]

    def _card(self, d: Any, name: str, after: list[Event]) -> list[Line]:
        card: str = d["card"]
        kind, _, colour = card.partition(":")
        if kind == "any":
            return [Line("wordup.card_any")]
        if kind == "free_or_answer":
            return [Line("wordup.card_free_or_answer",
                         {"colour": colour, "category": CATEGORIES[colour]})]
        if kind == "lose":
            out = [Line("wordup.card_lose", {"colour": colour})]
            if not any(e.kind == "tokens_lost" for e in after):
                out.append(Line("wordup.lost_nothing", {"name": name, "colour": colour}))
            return out
        if kind == "move":
            target = next((e.data["to"] for e in after if e.kind == "moved"), 0)
            return [Line("wordup.card_move", {"colour": colour, "to": target,
                                              "category": CATEGORIES[colour]})]
        if kind == "exchange":
            return [Line("wordup.card_exchange")]
        if kind == "ask_left":
            left = self.table.state.names[(d["seat"] + 1) % self.table.state.players]
            return [Line("wordup.card_ask_left", {"left": left})]
        return [Line("wordup.card_stop_or_lose")]

    def _verdict(self, d: Any) -> list[Line]:
        item = self.table.questions.question(d["level"], CATEGORY_OF[d["colour"]], d["index"])
        if self.table.learn is not None:
            self.table.learn.answered(d["seat"], item, bool(d["correct"]))
        if d["correct"]:
            return [Line("wordup.right")]
        return wrong_lines(item)

    def _game_over(self, d: Any) -> list[Line]:
        winners = [self.table.state.names[s] for s in d["winners"]]
        if d["reason"] == "time_up":
            total = max(d["totals"])
            count = "none" if total == 0 else "one" if total == 1 else "many"
            if len(winners) == 1:
                return [Line(f"wordup.time_up_win_{count}", {"name": winners[0], "total": total})]
            return [Line(f"wordup.time_up_joint_{count}", {"names": _join(winners), "total": total})]
        target = self.table.state.variant.tokens_to_win
        return [Line("wordup.win", {"name": winners[0],
                                    "set": "a token" if target == 1 else f"{target} tokens"})]

    def status(self, what: str, asker: str) -> list[Line]:
        """Answer "score", "whose_turn", "where_am_i" or "tokens" for ``asker``."""
        state = self.table.state
        if what == "score":
            lines = [Line("wordup.status_score", {"scores": scores(self.table.state)})]
            if self.table.timer is not None and not state.is_over():
                self.table.timer.tick(self.table.clock())
                left = max(0, int((self.table.timer.limit_s - self.table.timer.used_s + 59) // 60))
                lines.append(Line("wordup.status_time_one" if left == 1 else "wordup.status_time",
                                  {"minutes": left}))
            return lines
        if state.is_over():
            return [Line("wordup.status_over")]
        current = self.table.state.names[state.current] if state.current >= 0 else ""
        if what == "whose_turn":
            if state.current < 0:
                return [Line("wordup.rolloff")]
            return [Line("wordup.status_turn", {"name": current})]
        seat = self.table.state.names.index(asker) if asker in self.table.state.names else state.current
        if what == "tokens":
            seat = max(seat, 0)
            return [Line("wordup.status_tokens", {"name": self.table.state.names[seat],
                                                  "tokens": tokens_text(self.table.state, seat),
                                                  "target": state.variant.tokens_to_win})]
        # where_am_i: only the player whose turn it is has a piece on the track.
        if state.current < 0:
            return [Line("wordup.rolloff")]
        if state.position == 0:
            return [Line("wordup.status_bonus", {"name": current})]
        return [Line("wordup.status_where", {"name": current, "square": state.position,
                                             "desc": square_text(state.position)})]
