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
    WordUpItem,
    WSCard,
)

# The content targets of issues 5 and 6, checked by ``targets`` in the stats.
MIN_SHEETS = 10
MIN_SL_CARDS = 120
WS_CARDS = 108


def pack_stats(packs: Sequence[Pack]) -> dict[str, Any]:
    """Per game: packs, items or cards, the breakdowns the targets are stated in,
    and ``targets``: each target with what is wanted, what there is, and whether it is met."""
    by_game: dict[Game, list[Pack]] = {g: [p for p in packs if p.game is g] for g in Game}
    wu = _wordup(by_game[Game.WORDUP])
    sl = _sportleisure(by_game[Game.SPORTLEISURE])
    ws = _wordstreet(by_game[Game.WORDSTREET])
    fewest_sheets = min(n for row in wu["sheets"].values() for n in row.values())
    kinds = sl["by_kind"]
    wu["targets"] = _targets(
        ("sheets_per_level_and_category", MIN_SHEETS, fewest_sheets),
        ("items", MIN_SHEETS * QUESTIONS_PER_SHEET * len(LEVELS) * len(Category), wu["items"]),
    )
    sl["targets"] = _targets(
        ("cards", MIN_SL_CARDS, sl["cards"]),
        ("questions", MIN_SL_CARDS * 4, sl["questions"]),
        # "About half" pot luck and "a third" common theme: at least 40% and 25%.
        ("pot_luck", round(0.4 * sl["cards"]), kinds[CardKind.POT_LUCK.value]),
        ("common_theme", round(0.25 * sl["cards"]), kinds[CardKind.COMMON_THEME.value]),
        ("picture", 1 if sl["cards"] else 0, kinds[CardKind.PICTURE.value]),
    )
    ws["targets"] = _targets(
        ("cards", WS_CARDS, ws["cards"]),
        ("categories", 2 * WS_CARDS, ws["categories"]["blue"] + ws["categories"]["orange"]),
        ("blocklist", 1, ws["blocklist"]),
    )
    return {
        Game.WORDUP.value: wu,
        Game.SPORTLEISURE.value: sl,
        Game.WORDSTREET.value: ws,
    }


def _targets(*rows: tuple[str, int, int]) -> dict[str, dict[str, Any]]:
    return {name: {"want": want, "have": have, "met": have >= want}
            for name, want, have in rows}


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
        # How many answers a Missing Word or Crossword item accepts: the sheet says
        # "often there are several words that could correctly be used".
        "answers_per_item": {
            c.value: _answer_counts([i for i in items if i.category is c])
            for c in (Category.MISSING_WORD, Category.CROSSWORD)
        },
    }


def _answer_counts(items: Sequence[WordUpItem]) -> dict[str, Any]:
    counts = [len(i.answers) for i in items]
    many = sum(1 for n in counts if n > 1)
    return {
        "items": len(counts),
        "mean": round(sum(counts) / len(counts), 3) if counts else 0.0,
        "more_than_one": many,
        "share_more_than_one": round(many / len(counts), 3) if counts else 0.0,
        "max": max(counts, default=0),
    }


def _sizes(sizes: Sequence[int]) -> dict[str, Any]:
    ordered = sorted(sizes)
    return {
        "sides": len(ordered),
        "total": sum(ordered),
        "mean": round(sum(ordered) / len(ordered), 2) if ordered else 0.0,
        "median": ordered[len(ordered) // 2] if ordered else 0,
        "min": ordered[0] if ordered else 0,
        "max": ordered[-1] if ordered else 0,
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
        # Accept-list sizes per side colour and overall, and per category.
        "accept_sizes": {
            "blue": _sizes([len(s.accept) for s in blue]),
            "orange": _sizes([len(s.accept) for s in orange]),
            "all": _sizes([len(s.accept) for s in blue + orange]),
        },
        "accept_by_category": {s.category: len(s.accept) for s in blue + orange},
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
    for cat, row in wu["answers_per_item"].items():
        lines.append(f"  {cat}: {row['mean']} answers per item, {row['more_than_one']} of "
                     f"{row['items']} accept more than one")
    kinds = ", ".join(f"{k} {n}" for k, n in sl["by_kind"].items())
    lines.append(f"Sport and Leisure: {sl['cards']} cards, {sl['questions']} questions "
                 f"({kinds}) in {sl['packs']} packs")
    lines.append(f"Word on the Street: {ws['cards']} cards, categories blue "
                 f"{ws['categories']['blue']} orange {ws['categories']['orange']}, "
                 f"blocklist {ws['blocklist']} words, in {ws['packs']} packs")
    sizes = ws["accept_sizes"]["all"]
    lines.append(f"  accept lists: {sizes['total']} words, mean {sizes['mean']} a side "
                 f"(min {sizes['min']}, median {sizes['median']}, max {sizes['max']})")
    unmet = [f"{game} {name} ({t['have']} of {t['want']})"
             for game, block in stats.items() for name, t in block["targets"].items()
             if not t["met"]]
    lines.append("Targets: all met" if not unmet else "Targets not met: " + "; ".join(unmet))
    return "\n".join(lines)
