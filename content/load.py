"""Question decks for the games, from the shipped packs or a user's folder.

Packs are checked by the validator as they load: a broken pack raises
:class:`ContentError` carrying every ``file:item-id: problem`` line, which the
CLI prints as it is. Order is stable (pack id, then file order), so a saved
game that stores only stream indices finds the same questions on resume.

A user folder (``--pack PATH``) replaces the shipped packs of that game, except
that Word Up streams the folder leaves empty are filled from the shipped packs;
the shipped Word on the Street blocklist always applies on top of the folder's own.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from content.schema import (
    LEVELS,
    QUESTIONS_PER_SHEET,
    WS_SIDES,
    Category,
    Game,
    Pack,
    Problem,
    SLCard,
    WordUpItem,
    WSCard,
    WSSide,
)
from content.validate import Report, shipped_root, validate_paths


class ContentError(Exception):
    """Packs that cannot be used; ``str()`` is the validator's lines plus a summary."""

    def __init__(self, problems: Sequence[Problem | str], summary: str) -> None:
        self.problems = [str(p) for p in problems]
        super().__init__("\n".join([*self.problems, summary]))


def sheet_number(index: int) -> int:
    """The sheet a stream index falls on (7 questions a sheet, from sheet 1)."""
    return index // QUESTIONS_PER_SHEET + 1


def load_packs(game: Game | str, pack: Path | str | None = None) -> list[Pack]:
    """The valid packs of ``game`` in pack-id order, or :class:`ContentError`."""
    game = Game(game)
    if pack is None:
        return list(_shipped_packs(game, shipped_root() / game.value))
    extra = shipped_blocklist() if game is Game.WORDSTREET else frozenset()
    return list(_valid_packs(game, [Path(pack)], extra))


@functools.cache
def _shipped_packs(game: Game, root: Path) -> tuple[Pack, ...]:
    """The shipped packs, validated once a process: they do not change while it runs, and
    validating Word Up's 1,400 questions takes seconds (a user's pack is read afresh)."""
    return tuple(_valid_packs(game, [root], frozenset()))


def _valid_packs(game: Game, roots: list[Path], extra: frozenset[str]) -> list[Pack]:
    report = validate_paths(roots, game=game, extra_blocklist=extra)
    if not report.ok:
        raise ContentError(report.problems, _failure_summary(report, game, roots))
    if not report.packs:
        where = ", ".join(str(r) for r in roots)
        raise ContentError([], f"no {game.value} packs found in {where}")
    return sorted(report.packs, key=lambda p: p.id)


def _failure_summary(report: Report, game: Game, roots: Sequence[Path]) -> str:
    where = ", ".join(str(r) for r in roots)
    return f"cannot load {game.value} packs from {where}: {report.summary()}"


def shipped_blocklist() -> frozenset[str]:
    """Words never accepted or said in a junior game (from the shipped packs)."""
    root = shipped_root() / Game.WORDSTREET.value
    if not root.exists():
        return frozenset()
    report = validate_paths([root], game=Game.WORDSTREET)
    return frozenset(w.lower() for p in report.packs for w in p.blocklist)


@dataclass(frozen=True)
class WordUpQuestions:
    """Per level and category, the items in sheet order."""

    streams: dict[tuple[int, Category], tuple[WordUpItem, ...]]

    def count(self, level: int, category: Category | str) -> int:
        return len(self.streams.get((level, Category(category)), ()))

    def sheets(self, level: int, category: Category | str) -> int:
        """Complete sheets of 7 for this level and category."""
        return self.count(level, category) // QUESTIONS_PER_SHEET

    def question(self, level: int, category: Category | str, index: int) -> WordUpItem:
        """The item at stream ``index``; a used-up stream starts again from its first sheet."""
        if index < 0:
            raise ValueError(f"stream index must be 0 or more, not {index}")
        items = self.streams.get((level, Category(category)), ())
        if not items:
            raise ContentError([], f"no Word Up questions for level {level}, {category}")
        return items[index % len(items)]


def _wordup_streams(packs: Sequence[Pack]) -> dict[tuple[int, Category], list[WordUpItem]]:
    streams: dict[tuple[int, Category], list[WordUpItem]] = {
        (level, cat): [] for level in LEVELS for cat in Category
    }
    for p in packs:
        for item in p.items:
            streams[(item.level, item.category)].append(item)
    return streams


def load_wordup(pack: Path | str | None = None) -> WordUpQuestions:
    """The Word Up streams; with ``pack``, the user's questions come first.

    A teacher's word list rarely covers every level and category (a plain word
    list cannot make Multiple Choice questions), so a stream the user's folder
    leaves empty is filled from the shipped packs: the class plays its own
    words wherever there are some, and the game never runs out of questions.
    """
    streams = _wordup_streams(load_packs(Game.WORDUP, pack))
    if pack is not None and any(not items for items in streams.values()):
        shipped = _wordup_streams(load_packs(Game.WORDUP))
        for key, items in streams.items():
            if not items:
                items.extend(shipped[key])
    return WordUpQuestions({k: tuple(v) for k, v in streams.items()})


@dataclass(frozen=True)
class SportLeisureDeck:
    cards: tuple[SLCard, ...]

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, index: int) -> SLCard:
        """Card ``index`` of the deck, wrapping round when the deck is used up."""
        if index < 0:
            raise ValueError(f"card index must be 0 or more, not {index}")
        return self.cards[index % len(self.cards)]


def load_sportleisure(pack: Path | str | None = None) -> SportLeisureDeck:
    cards = [c for p in load_packs(Game.SPORTLEISURE, pack) for c in p.cards]
    if not cards:
        raise ContentError([], "no Sport and Leisure cards in the packs")
    return SportLeisureDeck(tuple(c for c in cards if isinstance(c, SLCard)))


@dataclass(frozen=True)
class WordStreetDeck:
    cards: tuple[WSCard, ...]
    blocklist: frozenset[str]

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, index: int) -> WSCard:
        """Card ``index`` of the deck, wrapping round when the deck is used up."""
        if index < 0:
            raise ValueError(f"card index must be 0 or more, not {index}")
        return self.cards[index % len(self.cards)]

    def side(self, index: int, side: str) -> WSSide:
        """One side (``blue`` or ``orange``) of card ``index``."""
        if side not in WS_SIDES:
            raise ValueError(f"unknown side {side!r}; allowed: {', '.join(WS_SIDES)}")
        return self.card(index).side(side)

    def blocked(self, word: str) -> bool:
        return word.strip().lower() in self.blocklist


def load_wordstreet(pack: Path | str | None = None) -> WordStreetDeck:
    packs = load_packs(Game.WORDSTREET, pack)
    cards = tuple(c for p in packs for c in p.cards if isinstance(c, WSCard))
    if not cards:
        raise ContentError([], "no Word on the Street cards in the packs")
    blocklist = {w.lower() for p in packs for w in p.blocklist}
    if pack is not None:
        blocklist |= shipped_blocklist()
    return WordStreetDeck(cards, frozenset(blocklist))
