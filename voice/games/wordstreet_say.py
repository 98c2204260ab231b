"""What the Word on the Street host says about events and the street.

Narration works from the events alone, so a resumed or replayed action is
told in the same words as the first time. The dictionary's rulings are the
exception: they are said while asking (the table may overrule them first).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from content.load import WordStreetDeck
from engine.core import Event
from engine.wordstreet import WordStreet
from engine.wordstreet_board import LETTERS, NEAR_LANE, OFF, WIN_CAPTURES
from voice.games.team_words import TeamWords
from voice.hosting.exchange import Line

P = "wordstreet."


def key(name: str) -> str:
    return P + name


class Words(TeamWords):
    """Team labels, lists and spelled words, filled from the phrases file."""

    prefix = P

    def spelled(self, word: str) -> str:
        """"ICE-CREAM" -> "I-C-E, hyphen, C-R-E-A-M": the mouth reads the runs as letters."""
        parts = ["-".join(part.upper()) for part in word.split("-")]
        return f", {self.text('hyphen_word')}, ".join(p for p in parts if p)


def letters_at(state: WordStreet, position: int) -> list[str]:
    return [letter for letter, pos in zip(LETTERS, state.tiles, strict=True) if pos == position]


def captured_letters(state: WordStreet, team: int) -> list[str]:
    return letters_at(state, OFF if team == 0 else -OFF)


def status(words: Words, state: WordStreet, what: str, team: int) -> list[Line]:
    """Answers to "what's the score", "whose turn", "where am I" and "what are my tokens"."""
    teams = (team, 1 - team)
    if what == "score":
        return [score_line(words, state, t) for t in teams]
    if what == "whose_turn":
        street = words.team(state.team)
        if state.phase in ("challenge",):
            return [Line(key("whose_turn_challenge"),
                         {"team": street, "other": words.team(1 - state.team)})]
        return [Line(key("whose_turn"), {"team": street})]
    if what == "where_am_i":
        out = []
        for t in teams:
            near = letters_at(state, NEAR_LANE[t])
            if near:
                out.append(Line(key("near"), {"team": words.team(t), "letters": words.join(near)}))
            else:
                out.append(Line(key("near_none"), {"team": words.team(t)}))
        if state.phase == "spell" and state.spelled:
            out.append(Line(key("word_so_far"), {"team": words.team(state.team),
                                                 "so_far": words.spelled(state.spelled)}))
        return out
    out = []
    for t in teams:
        got = captured_letters(state, t)
        if got:
            out.append(Line(key("tokens"), {"team": words.team(t), "letters": words.join(got)}))
        else:
            out.append(Line(key("tokens_none"), {"team": words.team(t)}))
    return out


def score_line(words: Words, state: WordStreet, team: int) -> Line:
    got = captured_letters(state, team)
    label = words.team(team)
    if not got:
        return Line(key("score_none"), {"team": label})
    if len(got) == 1:
        return Line(key("score_one"), {"team": label, "letters": got[0]})
    return Line(key("score_many"), {"team": label, "count": len(got),
                                    "letters": words.join(got)})


def narrate(words: Words, deck: WordStreetDeck, state: WordStreet, events: Sequence[Event],
            *, verbose: bool = True) -> list[Line]:
    """Lines for the events of one applied action, in order."""
    out: list[Line] = []
    for event in events:
        out += _event(words, deck, state, event, verbose)
    return out


def category_lines(deck: WordStreetDeck, state: WordStreet) -> list[Line]:
    """The card in play's category, read again (on a resume, or when a team asks), or
    nothing when no card is in play."""
    if state.card is None:
        return []
    category = deck.side(state.card, state.settings.side).category
    return [Line(key("category"), {"category": category})]


def _event(words: Words, deck: WordStreetDeck, state: WordStreet, event: Event,
           verbose: bool) -> list[Line]:
    d: Mapping[str, Any] = event.data
    kind = event.kind
    if kind == "card_drawn":
        team = words.team(int(d["team"]))
        side = deck.side(int(d["card"]), str(d["side"]))
        first = Line(key("new_card" if d["restart"] else "on_street"), {"team": team})
        return [first, Line(key("category"), {"category": side.category})]
    if kind == "tile_moved":
        name = words.names[int(d["team"])]
        which = "tile_captured" if d["captured"] else "tile_moved"
        return [Line(key(which), {"letter": d["letter"], "name": name})]
    if kind == "tile_held":
        return [Line(key("tile_held"), {"letter": d["letter"], "name": words.names[int(d["by"])]})]
    if kind == "hyphen":
        return [Line(key("hyphen"))]
    if kind == "letter_undone":
        return [Line(key("letter_undone"), {"letter": d["letter"]})]
    if kind == "word_spelled":
        return [Line(key("word_spelled"), {"team": words.team(int(d["team"])),
                                           "spelled": words.spelled(str(d["word"]))})]
    if kind == "no_word":
        return [Line(key("no_word"), {"team": words.team(int(d["team"]))})]
    if kind == "no_challenge":
        return [Line(key("no_challenge"))]
    if kind == "challenge":
        name = {"spelling": "challenge_spelling", "two_words": "challenge_two_words",
                "word_selection": "challenge_selection"}[str(d["kind"])]
        return [Line(key(name), {"team": words.team(int(d["by"])),
                                 "word": words.spelled(str(d["word"]))})]
    if kind in ("challenge_upheld", "challenge_failed"):
        return _verdict(words, kind == "challenge_upheld", d)
    if kind == "vote_tied":
        return [Line(key("votes"), {"accept": d["accept"], "reject": d["reject"]}),
                Line(key("tied"))]
    if kind == "tiles_returned":
        letters = [str(pair[0]) for pair in d["tiles"]]
        return [Line(key("tiles_back"), {"letters": words.join(letters)})] if letters else []
    if kind == "turn_restarted":
        return [Line(key("restart"), {"team": words.team(int(d["team"]))})]
    if kind == "turn_lost":
        return [Line(key("turn_lost"), {"team": words.team(int(d["team"]))})]
    if kind == "turn_over":
        if not verbose or state.is_over():
            return []
        a, b = (int(n) for n in d["captured"])
        return [Line(key("score_short"), {"first": words.team(0), "a": a,
                                          "second": words.team(1), "b": b})]
    if kind == "time_limit_reached":
        return [Line(key("time_limit"))]
    if kind == "game_over":
        return _game_over(words, state, d)
    return []


def _verdict(words: Words, upheld: bool, d: Mapping[str, Any]) -> list[Line]:
    kind, detail = str(d["kind"]), str(d["detail"])
    out: list[Line] = []
    # The dictionary's rulings (and a spelling vote's count) are said before the verdict.
    if kind == "word_selection" and "accept" in detail:
        accept, reject = (part.split()[0] for part in detail.split(", "))
        out.append(Line(key("votes"), {"accept": accept, "reject": reject}))
    if upheld:
        out.append(Line(key("upheld")))
    else:
        out.append(Line(key("failed"), {"team": words.team(int(d["by"]))}))
    return out


def _game_over(words: Words, state: WordStreet, d: Mapping[str, Any]) -> list[Line]:
    result = str(d["reason"])
    winners = [int(w) for w in d["winners"]]
    lines = [score_line(words, state, 0), score_line(words, state, 1)]
    if result == "draw":
        return [*lines, Line(key("draw"))]
    team = words.team(winners[0])
    name = {"eight_captured": "won_eight", "most_captured": "won_most",
            "near_lane": "won_lane"}.get(result, "won_most")
    return [*lines, Line(key(name), {"team": team, "target": WIN_CAPTURES})]
