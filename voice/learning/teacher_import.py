"""Turn a teacher's word list into a Word Up pack the class can play with ``--pack``.

Input is a CSV file with a header row (columns ``word``, and optionally
``sentence``, ``clue``, ``definition``, in any order) or a plain list: one
word per line, optionally followed by a sentence and a clue, separated by
commas (or tabs, or semicolons as European spreadsheets write them). A
sentence that contains a comma must be in double quotes, as any spreadsheet
writes it. Lines starting with ``#`` are comments.

Each usable line gives up to three questions, all at the level asked for:

- **Spelling** from the word and its sentence (the sentence must contain the
  word, as written). Without a sentence the word is given in a plain carrier
  sentence, "The word is <word>." -- unless it sounds like another word
  (flour, flower), when only a real sentence can show which one is meant.
  Other spellings from the lexicon (colour, color) are accepted answers.
- **Missing Word** from the sentence, with the word as the gap; the letter
  count is the word's. A sentence already written with a ``___`` gap makes
  only a Missing Word question.
- **Crossword** from the clue; the first letter is the word's.

Whatever cannot be used is reported with its line number and why, so the
teacher can fix the list in one pass: a word that is not in the lexicon
(with the nearest words), a sentence missing the word, an empty line, too
many columns, a repeated word, text that cannot be read aloud. The finished
pack is checked by the same validator as the shipped packs; an item it
rejects is dropped and reported against its line too.
"""

from __future__ import annotations

import csv
import io
import json
import re
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process

from content.lexicon import Lexicon, load_lexicon
from content.schema import GAP, LEVELS, Category, parse_pack
from content.validate import check_packs, letter_count, spoken_text_problems
from voice.errors import UsageError, UserError
from voice.learning.profiles import profile_slug

COLUMNS = ("word", "sentence", "clue", "definition")
POSITIONAL = ("word", "sentence", "clue")
"""A plain list's columns, in order (a definition needs a header row)."""

CARRIER = "The word is {word}."
"""The Spelling sentence for a word given without one (no homophones only)."""

LICENCE = "LicenseRef-teacher-word-list"
WORD_RE = re.compile(r"^[a-z]+(?:[-'][a-z]+)*$")
SHORT = {Category.SPELLING: "sp", Category.MISSING_WORD: "mw", Category.CROSSWORD: "cc"}
LABEL = {Category.SPELLING: "Spelling", Category.MISSING_WORD: "Missing Word",
         Category.CROSSWORD: "Crossword"}


@dataclass(frozen=True)
class Note:
    """Something on one input line that was not used, and why."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass(frozen=True)
class Row:
    """One input record; ``line`` is where it starts in the file (from 1)."""

    line: int
    word: str
    sentence: str = ""
    clue: str = ""
    definition: str = ""


@dataclass
class Imported:
    """The pack built from a list: its TOML text, the items by line, and the notes.
    ``file_name`` is where it goes in a pack folder (one file per list name, so
    several lists can share a folder)."""

    pack_id: str
    file_name: str
    toml: str
    items: list[dict[str, Any]]
    notes: list[Note]
    lines: int
    """Input lines holding a record (comments excluded)."""
    used_lines: set[int] = field(default_factory=set)

    def count(self, category: Category) -> int:
        return sum(1 for i in self.items if i["category"] == category.value)


# --- reading -------------------------------------------------------------------------


def decode(data: bytes, name: str) -> str:
    """The file's text, or a UserError saying how to save it properly."""
    if data.startswith(b"PK\x03\x04"):
        raise UserError(f"{name} looks like a spreadsheet workbook, not text; save it "
                        "as 'CSV UTF-8' (or a plain .txt list) and import that")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UserError(f"{name} is not UTF-8 text (byte {exc.start}); save it as "
                        "'CSV UTF-8' or as UTF-8 plain text") from None
    if not text.strip():
        raise UserError(f"{name} is empty: give one word per line, or a CSV with a "
                        "'word' column")
    return text


def _delimiter(text: str) -> str:
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            if "\t" in line:
                return "\t"
            if ";" in line and "," not in line:
                return ";"
            return ","
    return ","


def _records(text: str, delimiter: str) -> Iterator[tuple[int, list[str]]]:
    """(first line number, cells) for every record, multi-line quoted cells included.

    A quote that never closes, a cell over the size limit or stray text after a
    closing quote is a UserError naming the line where its record starts.
    """
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    end = 0
    while True:
        start = end + 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            reached = reader.line_num
            raise UserError(f"line {start}: {_csv_problem(str(exc), start, reached)}") from None
        end = reader.line_num
        yield start, cells


def _csv_problem(message: str, start: int, reached: int) -> str:
    if "unexpected end of data" in message:
        return ('a double quote (") opens a cell here and is never closed, so the rest of '
                "the file would run into it; close the quote or remove it")
    if "field larger than field limit" not in message and reached > start:
        return (f'a double quote (") opens a cell here and closes only on line {reached}, '
                "so the lines between ran into it; close the quote on this line")
    if "field larger than field limit" in message:
        limit = csv.field_size_limit()
        return (f"a cell is longer than {limit} characters (a quote not closed?); "
                "a sentence or clue is one short line")
    return f"cannot read the line as CSV ({message}); put a cell with quotes or commas " \
        'in double quotes, and double a quote inside it ("")'


def _merged_rows(cells: list[str], delimiter: str) -> int | None:
    """The first line (from the record's start) of a row swallowed into a quoted cell:
    a quote that closes only at a quote on a later row makes a cell whose later lines
    start like rows (a word, then the delimiter). None if there is none."""
    for cell in cells:
        lines = cell.split("\n")
        for offset, piece in enumerate(lines[1:], start=1):
            head, sep, _ = piece.partition(delimiter)
            if sep and WORD_RE.match(head.strip().lower()):
                return offset
    return None


FORMULA_START = ("=", "+", "-", "@")
"""A cell starting with one of these is a spreadsheet formula (or would become one when the
pack is opened in a spreadsheet): refused, never read aloud."""


def read_rows(text: str) -> tuple[list[Row], list[Note], int]:
    """Rows to build from, notes for lines that cannot be used, and the record count.

    A header row is recognised by its first cell being ``word``; an unknown
    header name is an error for the whole file (the columns would be guessed).
    """
    delimiter = _delimiter(text)
    rows: list[Row] = []
    notes: list[Note] = []
    columns: tuple[str, ...] | None = None
    count = 0
    records = list(_records(text, delimiter))
    for line, raw in records:
        cells = [c.strip() for c in raw]
        if cells and cells[0].startswith("#"):
            continue
        while cells and not cells[-1]:
            cells.pop()
        count += 1
        if not cells:
            notes.append(Note(line, "empty line, skipped"))
            continue
        merged = _merged_rows(cells, delimiter)
        if merged is not None:
            notes.append(Note(line, f'a double quote (") opened on this line closes only on '
                              f"line {line + merged} or later, so line {line + merged} ran "
                              "into this cell; close the quote on this line: lines skipped"))
            continue
        formula = next((c for c in cells if c.startswith(FORMULA_START)), None)
        if formula is not None:
            shown = formula if len(formula) <= 20 else formula[:20] + "..."
            notes.append(Note(line, f"the cell {shown!r} starts with {formula[0]!r}, like a "
                              "spreadsheet formula; write it as plain words: line skipped"))
            continue
        if columns is None and cells[0].lower() == "word":
            columns = _header(line, cells)
            count -= 1
            continue
        names = columns or POSITIONAL
        if len(cells) > len(names):
            hint = ("; a sentence with a comma must be in double quotes"
                    if delimiter == "," else "")
            notes.append(Note(line, f"{len(cells)} columns, at most {len(names)} "
                              f"({', '.join(names)}){hint}: line skipped"))
            continue
        values = dict(zip(names, cells, strict=False))
        if not values.get("word"):
            notes.append(Note(line, "no word in the word column: line skipped"))
            continue
        rows.append(Row(line, values["word"], values.get("sentence", ""),
                        values.get("clue", ""), values.get("definition", "")))
    return rows, notes, count


def _header(line: int, cells: list[str]) -> tuple[str, ...]:
    names = tuple(c.lower() for c in cells)
    for name in names:
        if name not in COLUMNS:
            raise UserError(f"line {line}: unknown column {name!r} in the header "
                            f"(allowed: {', '.join(COLUMNS)})")
    if len(set(names)) != len(names):
        raise UserError(f"line {line}: a column is named twice in the header")
    return names


# --- building ------------------------------------------------------------------------


def _contains(text: str, word: str) -> int:
    """How many times ``word`` occurs in ``text`` as a whole word (any case)."""
    return len(re.findall(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", text,
                          re.IGNORECASE))


def nearest_words(word: str, lexicon: Lexicon, limit: int = 3) -> list[str]:
    """Lexicon words closest in spelling, for a "did you mean" hint."""
    pool = [w for w in lexicon.words if abs(len(w) - len(word)) <= 2]
    found = process.extract(word, pool, scorer=fuzz.ratio, limit=limit, score_cutoff=75)
    return [w for w, _, _ in found]


def _word_problem(word: str, lexicon: Lexicon) -> str | None:
    if not WORD_RE.match(word):
        return (f"{word!r} must be one word of letters (a hyphen or apostrophe is fine): "
                "line skipped")
    if not lexicon.is_word(word):
        near = nearest_words(word, lexicon)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        return f"{word!r} is not a word in the lexicon{hint}: line skipped"
    return None


def _missing_word_why(sentence: str, word: str, lexicon: Lexicon) -> str:
    why = f"the sentence does not contain {word!r}"
    close = [t for t in re.findall(r"[A-Za-z'-]+", sentence)
             if t.lower() != word and t.lower().startswith(word[: max(3, len(word) - 2)])]
    sounds = [t for t in re.findall(r"[A-Za-z'-]+", sentence)
              if t.lower() in lexicon.homophones(word)]
    if sounds:
        why += f" (it has {sounds[0]!r}, which only sounds like it)"
    elif close:
        why += f" (it has {close[0]!r}; write the word as it is in the sentence)"
    return why


def build_items(rows: Sequence[Row], level: int, slug: str,
                lexicon: Lexicon) -> tuple[list[dict[str, Any]], list[Note], dict[str, int]]:
    """Item tables (as the pack format has them), notes, and item id -> line."""
    items: list[dict[str, Any]] = []
    notes: list[Note] = []
    lines: dict[str, int] = {}
    seen: dict[str, int] = {}
    for row in rows:
        word = row.word.strip().lower().replace("\u2019", "'")
        problem = _word_problem(word, lexicon)
        if problem is None and word in seen:
            problem = f"{word!r} is already on line {seen[word]}: line skipped"
        if problem is not None:
            notes.append(Note(row.line, problem))
            continue
        seen[word] = row.line
        made = _items_for(row, word, level, lexicon, notes)
        definition = " ".join(row.definition.split())
        bad = spoken_text_problems("definition ", definition) if definition else []
        if bad and made:
            notes.append(Note(row.line, f"{bad[0]}: definition left out"))
        for item in made:
            item["id"] = f"{slug}-l{row.line}-{SHORT[Category(item['category'])]}"
            lines[item["id"]] = row.line
            if definition and not bad:
                item["definition"] = definition
        if not made:
            notes.append(Note(row.line, "no question could be made from this line"))
        items.extend(made)
    return items, notes, lines


def _items_for(row: Row, word: str, level: int, lexicon: Lexicon,
               notes: list[Note]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    variants = sorted(lexicon.variants(word) - {word})
    sentence = " ".join(row.sentence.split())
    if sentence:
        out += _from_sentence(row.line, word, sentence, level, variants, lexicon, notes)
    elif lexicon.homophones(word):
        sounds = ", ".join(sorted(lexicon.homophones(word)))
        notes.append(Note(row.line, f"{word!r} sounds like {sounds}: add a sentence that "
                          "shows which one you mean; no Spelling question"))
    else:
        out.append(_spelling(word, CARRIER.format(word=word), level, variants))
    clue = " ".join(row.clue.split())
    if clue:
        bad = spoken_text_problems("clue ", clue)
        if bad:
            notes.append(Note(row.line, f"{bad[0]}: no Crossword question"))
        elif any(_contains(clue, w) for w in (word, *variants)):
            notes.append(Note(row.line, f"the clue contains {word!r} and would give the "
                              "answer away: no Crossword question"))
        else:
            same_start = [v for v in variants if v[0] == word[0]]
            out.append({"level": level, "category": Category.CROSSWORD.value, "clue": clue,
                        "first_letter": word[0], "answers": [word, *same_start]})
    return out


def _spelling(word: str, sentence: str, level: int, variants: list[str]) -> dict[str, Any]:
    return {"level": level, "category": Category.SPELLING.value, "word": word,
            "sentence": sentence, "answers": [word, *variants]}


def _from_sentence(line: int, word: str, sentence: str, level: int, variants: list[str],
                   lexicon: Lexicon, notes: list[Note]) -> list[dict[str, Any]]:
    bad = spoken_text_problems("sentence ", sentence)
    if bad:
        notes.append(Note(line, f"{bad[0]}: no Spelling or Missing Word question"))
        return []
    gap = {"level": level, "category": Category.MISSING_WORD.value,
           "letters": letter_count(word), "answers": [word]}
    if GAP in sentence:
        if sentence.count(GAP) != 1 or _contains(sentence, word):
            notes.append(Note(line, f"a sentence with a gap needs exactly one {GAP} and "
                              "not the word itself: no Missing Word question"))
            return []
        notes.append(Note(line, "the sentence has a gap instead of the word: "
                          "no Spelling question"))
        return [{**gap, "sentence": sentence}]
    times = _contains(sentence, word)
    if times == 0:
        notes.append(Note(line, f"{_missing_word_why(sentence, word, lexicon)}: "
                          "no Spelling or Missing Word question"))
        return []
    out = [_spelling(word, sentence, level, variants)]
    if times > 1:
        notes.append(Note(line, f"{word!r} is in the sentence {times} times, so a gap "
                          "would still show it: no Missing Word question"))
    else:
        gapped = re.sub(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", GAP, sentence,
                        count=1, flags=re.IGNORECASE)
        out.append({**gap, "sentence": gapped})
    return out


# --- writing -------------------------------------------------------------------------


def _toml_value(value: Any) -> str:
    # A JSON string is a valid TOML basic string (same escapes), lists likewise.
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


ITEM_ORDER = ("id", "level", "category", "word", "sentence", "clue", "first_letter",
              "letters", "answers", "definition")


def render_pack(pack_id: str, name: str, source: str, items: Sequence[dict[str, Any]]) -> str:
    lines = [
        "# Made by 'tabletop content import' from a teacher's word list.",
        "[pack]",
        f"id = {_toml_value(pack_id)}",
        'game = "wordup"',
        'language = "en"',
        f"licence = {_toml_value(LICENCE)}",
        f"sources = [{_toml_value(f'Word list {source}')}]",
        f"attribution = {_toml_value(name)}",
    ]
    for item in items:
        lines += ["", "[[item]]"]
        lines += [f"{k} = {_toml_value(item[k])}" for k in ITEM_ORDER if k in item]
    return "\n".join(lines) + "\n"


def _validator_notes(toml: str, lines: dict[str, int],
                     lexicon: Lexicon) -> tuple[set[str], list[Note]]:
    """Items the pack validator rejects, as notes on their lines."""
    pack, problems = parse_pack(tomllib.loads(toml), "imported")
    if pack is not None:
        problems += check_packs([pack], lexicon)
    bad: set[str] = set()
    notes: list[Note] = []
    for p in problems:
        if p.where not in lines:
            raise AssertionError(f"the import made a broken pack: {p}")
        bad.add(p.where)
        kind = LABEL[Category(_category_of(p.where))]
        notes.append(Note(lines[p.where], f"{kind}: {p.message}: question left out"))
    return bad, notes


def _category_of(item_id: str) -> str:
    short = item_id.rsplit("-", 1)[-1]
    return next(c.value for c, s in SHORT.items() if s == short)


def import_list(text: str, *, level: int, name: str, source: str = "",
                lexicon: Lexicon | None = None) -> Imported:
    """Build the pack for ``text`` (the file's content); nothing is written."""
    if level not in LEVELS:
        raise UsageError(f"--level {level} is outside 1 to 5 (1 Elementary ... 5 Advanced)")
    if not name.strip():
        raise UsageError("--name must not be empty: it names the pack (e.g. 'Class 3B week 4')")
    lex = lexicon or load_lexicon()
    slug = profile_slug(name)
    rows, notes, count = read_rows(text)
    items, more, lines = build_items(rows, level, slug, lex)
    notes += more
    pack_id = f"teacher-{slug}"
    toml = render_pack(pack_id, " ".join(name.split()), source, items)
    bad, more = _validator_notes(toml, lines, lex) if items else (set(), [])
    if bad:
        notes += more
        items = [i for i in items if i["id"] not in bad]
        toml = render_pack(pack_id, " ".join(name.split()), source, items)
    notes.sort(key=lambda n: n.line)
    used = {lines[i["id"]] for i in items}
    return Imported(pack_id, f"{slug}.toml", toml, items, notes, count, used)


def default_folder(data: Path, name: str) -> Path:
    """Where an imported pack goes unless ``--out`` says otherwise."""
    return data / "packs" / profile_slug(name)
