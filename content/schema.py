"""Typed packs of the three games, and the parser from TOML tables to them.

The format is described in content/FORMAT.md. Parsing checks structure only
(required fields, types, unknown fields, allowed values) and reports every
problem instead of stopping at the first; the checks that need the lexicon
or several packs at once live in :mod:`content.validate`. A table with a
structural problem yields no object, so later checks never see half an item.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

ID_RE = re.compile(r"^[a-z0-9-]+$")
GAP = "___"
QUESTIONS_PER_SHEET = 7
LEVELS = (1, 2, 3, 4, 5)


class Game(StrEnum):
    WORDUP = "wordup"
    SPORTLEISURE = "sportleisure"
    WORDSTREET = "wordstreet"


class Category(StrEnum):
    """Word Up question categories; :data:`CATEGORY_COLOURS` gives their card colour."""

    MISSING_WORD = "missing_word"
    CROSSWORD = "crossword"
    MULTIPLE_CHOICE = "multiple_choice"
    SPELLING = "spelling"


CATEGORY_COLOURS: Mapping[Category, str] = {
    Category.MISSING_WORD: "orange",
    Category.CROSSWORD: "green",
    Category.MULTIPLE_CHOICE: "blue",
    Category.SPELLING: "yellow",
}
COLOUR_CATEGORIES: Mapping[str, Category] = {c: k for k, c in CATEGORY_COLOURS.items()}


class CardKind(StrEnum):
    POT_LUCK = "pot_luck"
    COMMON_THEME = "common_theme"
    PICTURE = "picture"


SL_COLOURS = ("purple", "green", "yellow", "red")
"""Sport & Leisure question slots in card order; red is the hardest."""

WS_SIDES = ("blue", "orange")
"""Word on the Street card sides: blue easier, orange harder."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a pack; ``where`` is an item id, ``pack`` or a line number."""

    file: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.where}: {self.message}"


@dataclass(frozen=True)
class PackHeader:
    id: str
    game: Game
    language: str
    licence: str
    sources: tuple[str, ...]
    attribution: str
    file: str
    """Where the pack was read from, as shown in problem messages."""
    retired: tuple[str, ...] = ()
    """Ids this pack once shipped and withdrew: never used again (FORMAT.md)."""


# --- Word Up -----------------------------------------------------------------


@dataclass(frozen=True)
class WordUpItem:
    """Common part of every Word Up question; ``answers[0]`` is read out when wrong."""

    id: str
    level: int
    answers: tuple[str, ...]
    definition: str | None

    @property
    def category(self) -> Category:
        raise NotImplementedError

    @property
    def text(self) -> str:
        """What the reader says aloud."""
        raise NotImplementedError


@dataclass(frozen=True)
class MissingWord(WordUpItem):
    sentence: str
    letters: int

    @property
    def category(self) -> Category:
        return Category.MISSING_WORD

    @property
    def text(self) -> str:
        return self.sentence


@dataclass(frozen=True)
class CrosswordClue(WordUpItem):
    clue: str
    first_letter: str

    @property
    def category(self) -> Category:
        return Category.CROSSWORD

    @property
    def text(self) -> str:
        return self.clue


@dataclass(frozen=True)
class MultipleChoice(WordUpItem):
    question: str
    options: tuple[str, str, str]

    @property
    def category(self) -> Category:
        return Category.MULTIPLE_CHOICE

    @property
    def text(self) -> str:
        return self.question


@dataclass(frozen=True)
class Spelling(WordUpItem):
    word: str
    sentence: str

    @property
    def category(self) -> Category:
        return Category.SPELLING

    @property
    def text(self) -> str:
        return self.sentence


# --- Best of Sport and Leisure ---------------------------------------------------


@dataclass(frozen=True)
class SLQuestion:
    colour: str
    text: str
    answers: tuple[str, ...]


@dataclass(frozen=True)
class SLCard:
    """Four questions in SL_COLOURS order; ``theme``/``scene`` only for their kinds."""

    id: str
    kind: CardKind
    questions: tuple[SLQuestion, SLQuestion, SLQuestion, SLQuestion]
    theme: str | None = None
    scene: str | None = None


# --- Word on the Street ----------------------------------------------------------


@dataclass(frozen=True)
class WSSide:
    category: str
    accept: tuple[str, ...]


@dataclass(frozen=True)
class WSCard:
    id: str
    blue: WSSide
    orange: WSSide

    def side(self, name: str) -> WSSide:
        if name not in WS_SIDES:
            raise ValueError(f"unknown side {name!r}; allowed: {', '.join(WS_SIDES)}")
        return self.blue if name == "blue" else self.orange


# --- Packs -------------------------------------------------------------------------


@dataclass(frozen=True)
class Pack:
    """One parsed file. Only the part for its game is non-empty."""

    header: PackHeader
    items: tuple[WordUpItem, ...] = ()
    cards: tuple[SLCard, ...] | tuple[WSCard, ...] = ()
    blocklist: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        return self.header.id

    @property
    def game(self) -> Game:
        return self.header.game


# --- Parsing ---------------------------------------------------------------------

HEADER_FIELDS = {"id", "game", "language", "licence", "sources", "attribution", "retired"}
TOP_LEVEL = {
    Game.WORDUP: {"pack", "item"},
    Game.SPORTLEISURE: {"pack", "card"},
    Game.WORDSTREET: {"pack", "card", "blocklist"},
}
ITEM_COMMON = {"id", "level", "category", "answers", "definition"}
ITEM_FIELDS: Mapping[Category, set[str]] = {
    Category.MISSING_WORD: ITEM_COMMON | {"sentence", "letters"},
    Category.CROSSWORD: ITEM_COMMON | {"clue", "first_letter"},
    Category.MULTIPLE_CHOICE: ITEM_COMMON | {"question", "options"},
    Category.SPELLING: ITEM_COMMON | {"word", "sentence"},
}
SL_CARD_FIELDS = {"id", "kind", "theme", "scene", "question"}
SL_QUESTION_FIELDS = {"colour", "text", "answers"}
WS_CARD_FIELDS = {"id", *WS_SIDES}
WS_SIDE_FIELDS = {"category", "accept"}
BLOCKLIST_FIELDS = {"words"}

_TYPE_NAMES: Mapping[type, str] = {
    str: "a string", int: "a whole number", list: "a list", dict: "a table",
}


def _type_name(value: object) -> str:
    return {
        str: "a string", bool: "true/false", int: "a number", float: "a number",
        list: "a list", dict: "a table",
    }.get(type(value), type(value).__name__)


class _Table:
    """Typed reads from one TOML table, reporting problems under one ``where``."""

    def __init__(
        self, data: Mapping[str, Any], file: str, where: str, problems: list[Problem],
        allowed: set[str], prefix: str = "",
    ) -> None:
        self.data = data
        self.file = file
        self.where = where
        self.problems = problems
        self.prefix = prefix
        self.ok = True
        # An unknown field is reported but does not sink the table: the
        # known fields may still be fine (a typo also shows as a missing field).
        for key in data:
            if key not in allowed:
                problems.append(Problem(file, where, f"{prefix}unknown field '{key}' "
                                        f"(allowed: {', '.join(sorted(allowed))})"))

    def fail(self, message: str) -> None:
        """A problem that leaves no usable object (missing field, wrong type)."""
        self.ok = False
        self.note(message)

    def note(self, message: str) -> None:
        """A problem with a value; the object is still built so later checks run."""
        self.problems.append(Problem(self.file, self.where, self.prefix + message))

    def _get(self, name: str, kind: type, required: bool) -> Any:
        if name not in self.data:
            if required:
                self.fail(f"field '{name}' is missing")
            return None
        value = self.data[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(f"field '{name}' must be {_TYPE_NAMES[kind]}, not {_type_name(value)}")
            return None
        return value

    def text(self, name: str, required: bool = True, empty_ok: bool = False) -> str | None:
        value: str | None = self._get(name, str, required)
        if value is not None and not value.strip() and not empty_ok:
            self.fail(f"field '{name}' is empty")
            return None
        return value

    def integer(self, name: str) -> int | None:
        value: int | None = self._get(name, int, True)
        return value

    def strings(self, name: str, required: bool = True) -> tuple[str, ...] | None:
        value = self._get(name, list, required)
        if value is None:
            return None
        bad = [v for v in value if not isinstance(v, str) or not v.strip()]
        if bad:
            self.fail(f"field '{name}' must hold non-empty strings, found {bad[0]!r}")
            return None
        return tuple(value)

    def tables(self, name: str) -> list[Mapping[str, Any]]:
        value: list[Mapping[str, Any]] | None = self._get(name, list, True)
        if value is None:
            return []
        if not all(isinstance(v, dict) for v in value):
            self.fail(f"'{name}' must be a list of tables ([[...{name}]])")
            return []
        return value

    def table(self, name: str) -> Mapping[str, Any] | None:
        value: Mapping[str, Any] | None = self._get(name, dict, True)
        return value


def _item_where(table: Mapping[str, Any], kind: str, index: int) -> str:
    """An item's id when it has a usable one, else its position (``item[3]``)."""
    value = table.get("id")
    if isinstance(value, str) and value:
        return value
    return f"{kind}[{index + 1}]"


def _check_id(t: _Table) -> str | None:
    value = t.text("id")
    if value is not None and not ID_RE.match(value):
        t.note(f"id {value!r} must use only a-z, 0-9 and '-'")
    return value


def parse_header(data: Mapping[str, Any], file: str, problems: list[Problem]) -> PackHeader | None:
    raw = data.get("pack")
    if not isinstance(raw, dict):
        problems.append(Problem(file, "pack", "the [pack] header table is missing"))
        return None
    t = _Table(raw, file, "pack", problems, HEADER_FIELDS)
    pack_id = _check_id(t)
    game = t.text("game")
    if game is not None and game not in Game.__members__.values():
        t.note(f"game {game!r} is unknown (allowed: {', '.join(Game)})")
        game = None
    language = t.text("language")
    licence = t.text("licence")
    sources = t.strings("sources")
    if sources is not None and not sources:
        t.note("field 'sources' is empty: name at least one source")
    attribution = t.text("attribution")
    retired = t.strings("retired", required=False) or ()
    for old in retired:
        if not ID_RE.match(old):
            t.note(f"retired id {old!r} must use only a-z, 0-9 and '-'")
    if not t.ok or None in (pack_id, game, language, licence, sources, attribution):
        return None
    assert pack_id and game and language and licence and sources is not None and attribution
    return PackHeader(pack_id, Game(game), language, licence, sources, attribution, file,
                      retired)


def parse_pack(data: Mapping[str, Any], file: str) -> tuple[Pack | None, list[Problem]]:
    """A pack from decoded TOML, and every structural problem found in it.

    Returns ``None`` for the pack only when its header is unusable; otherwise
    the pack holds the items that parsed cleanly.
    """
    problems: list[Problem] = []
    header = parse_header(data, file, problems)
    if header is None:
        return None, problems
    allowed = TOP_LEVEL[header.game]
    for key in data:
        if key not in allowed:
            problems.append(Problem(file, "pack", f"unknown table '{key}' in a {header.game} "
                                    f"pack (allowed: {', '.join(sorted(allowed))})"))
    if header.game is Game.WORDUP:
        items = _parse_many(data, "item", file, problems, _parse_wordup_item)
        return Pack(header, items=tuple(items)), problems
    if header.game is Game.SPORTLEISURE:
        sl_cards = _parse_many(data, "card", file, problems, _parse_sl_card)
        return Pack(header, cards=tuple(sl_cards)), problems
    # A blocklist-only file is a valid wordstreet pack.
    ws_cards = (_parse_many(data, "card", file, problems, _parse_ws_card)
                if "card" in data or "blocklist" not in data else [])
    blocklist: tuple[str, ...] = ()
    if "blocklist" in data:
        raw = data["blocklist"]
        if not isinstance(raw, dict):
            problems.append(Problem(file, "blocklist", "[blocklist] must be a table"))
        else:
            t = _Table(raw, file, "blocklist", problems, BLOCKLIST_FIELDS)
            blocklist = t.strings("words") or ()
    return Pack(header, cards=tuple(ws_cards), blocklist=blocklist), problems


def _parse_many(data: Mapping[str, Any], key: str, file: str, problems: list[Problem],
                parse: Any) -> list[Any]:
    raw = data.get(key)
    if raw is None:
        problems.append(Problem(file, "pack", f"the pack has no [[{key}]] tables"))
        return []
    if not isinstance(raw, list) or not all(isinstance(v, dict) for v in raw):
        problems.append(Problem(file, "pack", f"'{key}' must be written as [[{key}]] tables"))
        return []
    out = []
    for index, table in enumerate(raw):
        obj = parse(table, file, _item_where(table, key, index), problems)
        if obj is not None:
            out.append(obj)
    return out


def _parse_wordup_item(raw: Mapping[str, Any], file: str, where: str,
                       problems: list[Problem]) -> WordUpItem | None:
    category = raw.get("category")
    if category not in Category.__members__.values():
        allowed = ", ".join(Category)
        if "category" not in raw:
            problems.append(Problem(file, where, f"field 'category' is missing (allowed: {allowed})"))
        else:
            problems.append(Problem(file, where, f"category {category!r} is unknown "
                                    f"(allowed: {allowed})"))
        return None
    cat = Category(str(category))
    t = _Table(raw, file, where, problems, ITEM_FIELDS[cat])
    item_id = _check_id(t)
    level = t.integer("level")
    if level is not None and level not in LEVELS:
        t.note(f"level {level} is out of range (allowed: 1-5)")
    answers = t.strings("answers")
    if answers is not None and not answers:
        t.note("field 'answers' is empty: give at least one accepted answer")
    definition = t.text("definition", required=False)
    common = (item_id, level, answers, definition)
    if cat is Category.MISSING_WORD:
        sentence, letters = t.text("sentence"), t.integer("letters")
        if letters is not None and letters < 1:
            t.note(f"letters must be at least 1, not {letters}")
        if t.ok:
            return MissingWord(*common, sentence=sentence, letters=letters)  # type: ignore[arg-type]
    elif cat is Category.CROSSWORD:
        clue, first = t.text("clue"), t.text("first_letter")
        if first is not None and not (len(first) == 1 and first.isalpha()):
            t.note(f"first_letter must be one letter, not {first!r}")
        if t.ok:
            return CrosswordClue(*common, clue=clue, first_letter=first.lower())  # type: ignore[arg-type, union-attr]
    elif cat is Category.MULTIPLE_CHOICE:
        question, options = t.text("question"), t.strings("options")
        if options is not None and len(options) != 3:
            t.note(f"options must hold exactly 3 choices, not {len(options)}")
        if t.ok:
            return MultipleChoice(*common, question=question, options=options)  # type: ignore[arg-type]
    else:
        word, sentence = t.text("word"), t.text("sentence")
        if t.ok:
            return Spelling(*common, word=word, sentence=sentence)  # type: ignore[arg-type]
    return None


def _parse_sl_card(raw: Mapping[str, Any], file: str, where: str,
                   problems: list[Problem]) -> SLCard | None:
    t = _Table(raw, file, where, problems, SL_CARD_FIELDS)
    card_id = _check_id(t)
    kind = t.text("kind")
    if kind is not None and kind not in CardKind.__members__.values():
        t.fail(f"kind {kind!r} is unknown (allowed: {', '.join(CardKind)})")
    theme = t.text("theme", required=False, empty_ok=True)
    scene = t.text("scene", required=False, empty_ok=True)
    questions: list[SLQuestion] = []
    raw_questions = t.tables("question")
    if raw_questions and len(raw_questions) != len(SL_COLOURS):
        t.fail(f"a card needs exactly 4 [[card.question]] tables, not {len(raw_questions)}")
    for index, table in enumerate(raw_questions):
        q = _Table(table, file, where, problems, SL_QUESTION_FIELDS, f"question {index + 1}: ")
        colour, text, answers = q.text("colour"), q.text("text"), q.strings("answers")
        if answers is not None and not answers:
            q.note("field 'answers' is empty: give at least one accepted answer")
        if colour is not None and index < len(SL_COLOURS) and colour != SL_COLOURS[index]:
            q.note(f"colour {colour!r} is out of order: questions go "
                   f"{', '.join(SL_COLOURS)}, so this one is {SL_COLOURS[index]!r}")
        if not q.ok:
            t.ok = False
        else:
            questions.append(SLQuestion(colour, text, answers))  # type: ignore[arg-type]
    if not t.ok or len(questions) != 4:
        return None
    return SLCard(card_id, CardKind(kind), tuple(questions),  # type: ignore[arg-type]
                  theme=theme or None, scene=scene or None)


def _parse_ws_card(raw: Mapping[str, Any], file: str, where: str,
                   problems: list[Problem]) -> WSCard | None:
    t = _Table(raw, file, where, problems, WS_CARD_FIELDS)
    card_id = _check_id(t)
    sides: dict[str, WSSide] = {}
    for name in WS_SIDES:
        table = t.table(name)
        if table is None:
            continue
        s = _Table(table, file, where, problems, WS_SIDE_FIELDS, f"{name}: ")
        category, accept = s.text("category"), s.strings("accept")
        if not s.ok:
            t.ok = False
        else:
            sides[name] = WSSide(category, accept)  # type: ignore[arg-type]
    if not t.ok or len(sides) != 2:
        return None
    return WSCard(card_id, sides["blue"], sides["orange"])  # type: ignore[arg-type]
