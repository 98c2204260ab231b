"""Counts over packs, to check the targets of the content issues at a glance.

Counts cover every pack that parsed, valid or not, so an author can watch a
pack grow before it validates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from content.schema import (
    LEVELS,
    QUESTIONS_PER_SHEET,
    CardKind,
    Category,
    Game,
    Pack,
    SLCard,
    WSCard,
)


def pack_stats(packs: Sequence[Pack]) -> dict[str, Any]:
    """Per game: packs, items or cards, and the breakdowns the targets are stated in."""
    by_game: dict[Game, list[Pack]] = {g: [p for p in packs if p.game is g] for g in Game}
    return {
        Game.WORDUP.value: _wordup(by_game[Game.WORDUP]),
        Game.SPORTLEISURE.value: _sportleisure(by_game[Game.SPORTLEISURE]),
        Game.WORDSTREET.value: _wordstreet(by_game[Game.WORDSTREET]),
    }


def _wordup(packs: Sequence[Pack]) -> dict[str, Any]:
    items = [i for p in packs for i in p.items]
    cell = Counter((i.level, i.category) for i in items)
    return {
        "packs": len(packs),
        "items": len(items),
        "by_category": {c.value: sum(cell[(lv, c)] for lv in LEVELS) for c in Category},
        "by_level": {str(lv): sum(cell[(lv, c)] for c in Category) for lv in LEVELS},
        "by_level_category": {
            str(lv): {c.value: cell[(lv, c)] for c in Category} for lv in LEVELS
        },
        # Complete sheets of 7; a game needs at least 10 per level and category.
        "sheets": {
            str(lv): {c.value: cell[(lv, c)] // QUESTIONS_PER_SHEET for c in Category}
            for lv in LEVELS
        },
    }


def _sportleisure(packs: Sequence[Pack]) -> dict[str, Any]:
    cards = [c for p in packs for c in p.cards if isinstance(c, SLCard)]
    kinds = Counter(c.kind for c in cards)
    return {
        "packs": len(packs),
        "cards": len(cards),
        "questions": sum(len(c.questions) for c in cards),
        "by_kind": {k.value: kinds[k] for k in CardKind},
    }


def _wordstreet(packs: Sequence[Pack]) -> dict[str, Any]:
    cards = [c for p in packs for c in p.cards if isinstance(c, WSCard)]
    blue = [c.blue for c in cards]
    orange = [c.orange for c in cards]
    return {
        "packs": len(packs),
        "cards": len(cards),
        "categories": {"blue": len(blue), "orange": len(orange)},
        "accept_words": {
            "blue": sum(len(s.accept) for s in blue),
            "orange": sum(len(s.accept) for s in orange),
        },
        "min_accept": min((len(s.accept) for s in blue + orange), default=0),
        "blocklist": len({w for p in packs for w in p.blocklist}),
    }


def format_stats(stats: dict[str, Any]) -> str:
    """A few readable lines for people; ``--json`` gives the full structure."""
    wu, sl, ws = stats["wordup"], stats["sportleisure"], stats["wordstreet"]
    lines = [f"Word Up: {wu['items']} items in {wu['packs']} packs"]
    cats = list(wu["by_category"])
    lines.append("  sheets per level: " + ", ".join(cats))
    for level, row in wu["sheets"].items():
        counts = wu["by_level_category"][level]
        lines.append(f"  level {level}: " + ", ".join(
            f"{row[c]} ({counts[c]} items)" for c in cats))
    kinds = ", ".join(f"{k} {n}" for k, n in sl["by_kind"].items())
    lines.append(f"Sport and Leisure: {sl['cards']} cards, {sl['questions']} questions "
                 f"({kinds}) in {sl['packs']} packs")
    lines.append(f"Word on the Street: {ws['cards']} cards, categories blue "
                 f"{ws['categories']['blue']} orange {ws['categories']['orange']}, "
                 f"blocklist {ws['blocklist']} words, in {ws['packs']} packs")
    return "\n".join(lines)
