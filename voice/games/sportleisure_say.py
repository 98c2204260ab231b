"""What the Question Master says about Sport and Leisure events and positions.

Kept apart from the asking (:mod:`voice.games.sportleisure`) because narration
must work from the events alone: after "that was wrong" the driver re-applies
a flipped verdict without asking anything, and the host only sees the events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from content.load import SportLeisureDeck
from content.numbers import number_words
from content.schema import CardKind, SLCard
from engine.core import Event
from engine.sportleisure import SportLeisureState
from engine.sportleisure_board import (
    GO,
    NEW_BALLS_PLEASE,
    NEXT_SPACE,
    OWN_GOAL,
    PATH,
    QUESTION_COLOURS,
    RUN_FOR_THE_MONEY,
    SECOND_WIND,
    SIN_BIN,
    WINNING_ZONE,
)
from voice.games.team_words import TeamWords
from voice.hosting.exchange import Line

P = "sportleisure."

VERBOSE_ONLY = frozenset(P + k for k in ("dealt_hint", "card_pot_luck", "one_more", "zone_needs"))
"""Narration left out in terse mode: reminders, not events."""


def key(name: str) -> str:
    return P + name


class Words(TeamWords):
    """Team labels and lists, filled from the phrases file (no English built in code)."""

    prefix = P

    def card(self, name: str) -> str:
        """An action card's spoken name (``"own_goal"`` -> "Own Goal")."""
        return self.phrases.text(key(f"card_{name}"))

    def cards(self, held: Sequence[str]) -> str:
        """A team's action cards as one list, a card held twice said once with its count
        ("two Second Wind cards and New Balls Please", not "Second Wind, ... and Second
        Wind")."""
        counts = Counter(held)
        return self.join([self.card(c) if n == 1 else
                          self.phrases.text(key("card_copies"), count=number_words(n),
                                            card=self.card(c))
                          for c, n in counts.items()])

    def where(self, pos: int) -> str:
        if pos == GO:
            return self.phrases.text(key("at_go"))
        return self.phrases.text(key("space"), space=pos,
                                 colour=QUESTION_COLOURS[PATH[pos]])

    def distance(self, pos: int) -> str:
        n = WINNING_ZONE - pos
        if n == 1:
            return self.phrases.text(key("distance_one"))
        return self.phrases.text(key("distance"), n=n)


def card_intro(card: SLCard) -> Line:
    if card.kind is CardKind.PICTURE:
        return Line(key("card_picture"))
    if card.kind is CardKind.COMMON_THEME:
        return Line(key("card_common_theme"))
    return Line(key("card_pot_luck"))


def position_line(words: Words, state: SportLeisureState, team: int) -> Line:
    pos = state.positions[team]
    if pos == WINNING_ZONE:
        return Line(key("position_zone"), {"team": words.team(team)})
    return Line(key("position"), {"team": words.team(team), "where": words.where(pos)})


def status(words: Words, state: SportLeisureState, what: str, team: int) -> list[Line]:
    """Answers to "what's the score", "whose turn", "where am I" and "our cards"."""
    if what == "score":
        first = words.phrases.text(position_line(words, state, 0).key,
                                   **position_line(words, state, 0).fields)
        second = words.phrases.text(position_line(words, state, 1).key,
                                    **position_line(words, state, 1).fields)
        leader = state.leading()
        if leader is None:
            return [Line(key("score_level"), {"first": first, "second": second})]
        return [Line(key("score_lead"), {"first": first, "second": second,
                                         "leader": words.team(leader)})]
    if what == "whose_turn":
        return [Line(key("whose_turn"), {"team": words.team(state.playing),
                                         "other": words.team(1 - state.playing)})]
    if what == "where_am_i":
        pos = state.positions[team]
        if pos == WINNING_ZONE:
            if state.streak[team] == 1:
                return [Line(key("one_more"), {"team": words.team(team)})]
            return [Line(key("where_zone"), {"team": words.team(team)})]
        return [Line(key("where"), {"team": words.team(team), "where": words.where(pos),
                                    "distance": words.distance(pos)})]
    held = state.held(team)
    if not held:
        return [Line(key("tokens_none"), {"team": words.team(team)})]
    return [Line(key("tokens"), {"team": words.team(team),
                                 "cards": words.cards(held)})]


def final(words: Words, state: SportLeisureState) -> list[Line]:
    lines = [position_line(words, state, t) for t in (0, 1)]
    texts = [words.phrases.text(line.key, **line.fields) for line in lines]
    return [Line(key("final"), {"first": texts[0], "second": texts[1]})]


def _card_in_play(events: Sequence[Event], state: SportLeisureState) -> int:
    """The question card the answers in ``events`` were about.

    When the card was finished by these events it has gone to the back of the
    deck already; the first ``card_to_back`` names it.
    """
    for event in events:
        if event.kind == "card_to_back":
            return int(event.data["card"])
    return state.deck[0] if state.deck else 0


def narrate(words: Words, deck: SportLeisureDeck, state: SportLeisureState,
            events: Sequence[Event]) -> list[Line]:
    """Lines for the events of one applied action, in order."""
    out: list[Line] = []
    card_index = _card_in_play(events, state)
    card = deck.card(card_index)
    last_resolved = False
    new_balls = False
    for event in events:
        d = event.data
        kind = event.kind
        if kind == "dealt":
            team = int(d["team"])
            out.append(Line(key("dealt"), {"team": words.team(team),
                                           "cards": words.cards(d["cards"])}))
            if team == 1:
                out.append(Line(key("dealt_hint")))
        elif kind == "turn_started":
            team = int(d["team"])
            pos = state.positions[team]
            if pos == WINNING_ZONE:
                out.append(Line(key("turn_in_zone"), {"team": words.team(team)}))
            else:
                out.append(Line(key("turn"), {"team": words.team(team),
                                              "where": words.where(pos)}))
        elif kind == "card_drawn":
            drawn = deck.card(int(d["card"]))
            if new_balls:
                out.append(Line(key("next_card")))
            out.append(card_intro(drawn))
        elif kind == "answered":
            out += _answered(words, state, events, event, card)
            if int(d["question"]) == len(QUESTION_COLOURS) - 1 and (
                    bool(d["correct"]) or bool(d["stolen"]) or bool(d["follow_on"])):
                last_resolved = True
        elif kind == "answer_read_out":
            q = int(d["question"])
            out.append(answer_read_out(card, q))
        elif kind == "moved":
            out += _moved(words, d)
            if d["reason"] == "goalposts" and d["colour"] == QUESTION_COLOURS[-1]:
                last_resolved = True
        elif kind == "entered_winning_zone":
            out.append(Line(key("zone_needs"), {"team": words.team(int(d["team"]))}))
        elif kind == "card_played":
            new_balls = d["card"] == NEW_BALLS_PLEASE
            out += _played(words, state, int(d["team"]), str(d["card"]))
        elif kind == "sin_binned":
            out.append(Line(key("played_sin_bin"), {"member": d["member"]}))
        elif kind in ("card_over", "card_to_back"):
            if (kind == "card_over" or last_resolved) and card.kind is CardKind.COMMON_THEME \
                    and card.theme:
                out.append(Line(key("theme_was"), {"theme": card.theme}))
            last_resolved = False
        elif kind == "turn_kept":
            out.append(Line(key("turn_kept"), {"team": words.team(int(d["team"]))}))
        elif kind == "game_over":
            team = int(d["winners"][0])
            reason = "won_red" if d["reason"] == "red" else "won_two"
            out.append(Line(key(reason), {"team": words.team(team)}))
        elif kind == "first_team":
            out.append(Line(key("first_team"), {"team": words.team(int(d["team"]))}))
    return out


def wrong_answer(team: str) -> Line:
    """The verdict on a wrong answer by ``team`` (its spoken label)."""
    return Line(key("wrong"), {"team": team})


def answer_read_out(card: SLCard, q: int) -> Line:
    """The right answer to question ``q`` of ``card``, read out."""
    return Line(key("answer_was"), {"answer": card.questions[q].answers[0]})


def question_line(q: int, text: str) -> Line:
    """Question ``q`` of a card (its colour named), as the host reads it."""
    return Line(key("question"), {"colour": QUESTION_COLOURS[q].capitalize(), "text": text})


def _answered(words: Words, state: SportLeisureState, events: Sequence[Event],
              event: Event, card: SLCard) -> list[Line]:
    d = event.data
    team = int(d["team"])
    if not d["correct"]:
        return [wrong_answer(words.team(team))]
    out = [Line(key("right"))]
    moved = any(e.kind == "moved" and int(e.data["team"]) == team for e in events)
    over = any(e.kind == "game_over" for e in events)
    if not moved and not over and state.positions[team] == WINNING_ZONE:
        out.append(Line(key("one_more"), {"team": words.team(team)}))
    return out


def _moved(words: Words, data: Mapping[str, Any]) -> list[Line]:
    team = words.team(int(data["team"]))
    frm, to = int(data["from"]), int(data["to"])
    colour = str(data["colour"])
    reason = data["reason"]
    if to == WINNING_ZONE:
        return [Line(key("move_zone"), {"team": team})]
    if reason == "own_goal":
        return [Line(key("move_own_goal"), {"team": team, "colour": colour,
                                            "where": words.where(to)})]
    fields = {"team": team, "colour": colour, "space": to}
    if NEXT_SPACE[QUESTION_COLOURS.index(colour)][frm] != to:
        return [Line(key("move_one"), fields)]
    name = {"answer": "move_answer", "bonus": "move_bonus", "goalposts": "move_goalposts"}
    return [Line(key(name.get(str(reason), "move_answer")), fields)]


def _played(words: Words, state: SportLeisureState, team: int, card: str) -> list[Line]:
    label = words.team(team)
    if card == NEW_BALLS_PLEASE:
        return [Line(key("played_new_balls"))]
    if card == SECOND_WIND:
        return [Line(key("played_second_wind"), {"team": label})]
    if card == RUN_FOR_THE_MONEY:
        return [Line(key("played_run"), {"team": words.team(1 - team)})]
    if card == OWN_GOAL:
        return [Line(key("played_own_goal"), {"team": label})]
    if card == SIN_BIN:
        return []
    return [Line(key("played"), {"team": label, "card": words.card(card)})]
