"""Read pack files and check everything content/FORMAT.md promises about them.

Every problem becomes one ``file:item-id: what is wrong`` line, so an author
can fix a whole pack in one pass and a player with a broken ``--pack`` folder
sees the same messages instead of a traceback. Structure is checked by
:mod:`content.schema`; this module adds the checks that need the lexicon or
more than one pack (duplicate ids, the Word on the Street blocklist).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from content import quality
from content.definitions import definition_problems
from content.lexicon import Lexicon, load_lexicon
from content.numbers import number_words
from content.schema import (
    GAP,
    CardKind,
    CrosswordClue,
    Game,
    MissingWord,
    MultipleChoice,
    Pack,
    Problem,
    SLCard,
    Spelling,
    WordUpItem,
    WSCard,
    parse_pack,
)
from content.wordnet import open_wordnet

MIN_ACCEPT = 15
SCENE_SENTENCES = (2, 3)

# Well-known open licences; anything else must at least look like an SPDX id
# (LicenseRef-... for custom terms) so a typo such as "CC BY 4.0" is caught.
KNOWN_LICENCES = frozenset({
    "CC0-1.0", "CC-BY-4.0", "CC-BY-SA-4.0", "CC-BY-3.0", "CC-BY-SA-3.0", "MIT",
    "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "Unlicense", "0BSD",
    "GFDL-1.3-or-later", "ODbL-1.0", "PDDL-1.0",
})
SPDX_REF_RE = re.compile(r"^LicenseRef-[A-Za-z0-9.-]+$")
LANGUAGE_RE = re.compile(r"^[a-z]{2,3}(-[A-Z]{2})?$")
WS_WORD_RE = re.compile(r"^[a-z]+(-[a-z]+)?$")

# Wording that dates a Sport & Leisure fact (issue 6: evergreen facts only).
DATED_WORDING = (
    "current", "currently", "latest", "this year", "reigning", "record holder",
    "record-holder", "holds the record", "nowadays", "at the moment", "this season",
    "recently", "so far", "to date",
)
DATED_RE = re.compile(r"\b(" + "|".join(re.escape(w) for w in DATED_WORDING) + r")\b",
                      re.IGNORECASE)


# Text is read aloud: marks that only mean something on paper are errors, and
# so is a sentence too long to hold in mind while answering.
VISUAL_MARKS_RE = re.compile(r"[*#_/()\[\]{}<>|~^`@\\]")
MAX_SENTENCE_WORDS = 30


def shipped_root() -> Path:
    """The packs folder that ships inside the package."""
    return Path(str(resources.files("content.packs")))


def display_path(path: Path) -> str:
    """A short, stable name for messages: relative to the package or the working folder."""
    path = path.resolve()
    for base in (shipped_root().parent.parent, Path.cwd()):
        try:
            return str(path.relative_to(base.resolve()))
        except ValueError:
            continue
    return str(path)


MAX_PACK_BYTES = 8 * 1024 * 1024
"""The largest pack file read (the biggest shipped pack is well under 1 MB)."""


def pack_files(path: Path) -> list[Path]:
    """The .toml files of a pack folder (recursively, sorted), or the one file named."""
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*.toml") if p.is_file())


def read_pack(path: Path) -> tuple[Pack | None, list[Problem]]:
    """Decode and parse one file; TOML syntax errors are reported by line."""
    name = display_path(path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_PACK_BYTES + 1)
        if len(raw) > MAX_PACK_BYTES:
            return None, [Problem(name, "pack", f"the file is larger than "
                                  f"{MAX_PACK_BYTES // (1024 * 1024)} MB; split it into packs")]
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, [Problem(name, "pack", f"cannot read the file: {exc}")]
    try:
        data = tomllib.loads(text)
    except RecursionError:
        return None, [Problem(name, "pack", "TOML nested too deeply to read (arrays or "
                              "tables inside each other thousands of times)")]
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        message = re.sub(r"\s*\(at line .*\)$", "", str(exc))
        if match:
            return None, [Problem(name, match.group(1),
                                  f"TOML syntax error at column {match.group(2)}: {message}")]
        return None, [Problem(name, "pack", f"TOML syntax error: {message}")]
    return parse_pack(data, name)


@dataclass
class Report:
    """Packs that parsed, and every problem found (in file order)."""

    packs: list[Pack] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    files: int = 0
    notes: list[str] = field(default_factory=list)
    """What was not checked, and why (said after the summary)."""

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        items = sum(len(p.items) for p in self.packs)
        cards = sum(len(p.cards) for p in self.packs)
        counts = f"{self.files} files, {len(self.packs)} packs, {items} items, {cards} cards"
        n = len(self.problems)
        notes = "".join(f"; {note}" for note in self.notes)
        return f"{n} problem{'' if n == 1 else 's'} ({counts}){notes}"


def validate_paths(
    paths: Sequence[Path], *, game: Game | None = None, extra_blocklist: Iterable[str] = (),
    lexicon: Lexicon | None = None, shipped_rules: bool | None = None,
) -> Report:
    """Read and check every pack file under ``paths``.

    ``game`` keeps only that game's packs (files of other games are skipped
    unread problems aside). ``extra_blocklist`` adds words that accept lists
    must avoid even when the folder has no blocklist of its own.
    ``shipped_rules`` adds the rules only the shipped packs keep (each answer
    word once per level); by default on when every path is inside the shipped
    packs, off for a user's folder (a teacher's word list asks one word in
    several categories on purpose).
    """
    if shipped_rules is None:
        shipped_rules = bool(paths) and all(_is_shipped(p) for p in paths)
    report = Report()
    for root in paths:
        if not root.exists():
            report.problems.append(Problem(str(root), "pack", "no such file or folder"))
            continue
        files = pack_files(root)
        if not files:
            report.problems.append(Problem(display_path(root), "pack",
                                           "no .toml pack files found here"))
        for path in files:
            pack, problems = read_pack(path)
            if game is not None and pack is not None and pack.game is not game:
                continue
            report.files += 1
            report.problems.extend(problems)
            if pack is not None:
                report.packs.append(pack)
    report.problems.extend(
        check_packs(report.packs, lexicon or load_lexicon(), extra_blocklist,
                    shipped_rules=shipped_rules)
    )
    if shipped_rules:
        _check_definitions(report)
    # Grouped by file (stable, so each file's problems stay in item order).
    report.problems.sort(key=lambda p: p.file)
    return report


def _check_definitions(report: Report) -> None:
    """The learners' definitions shipped with the packs: each line traced back to
    WordNet 3.0 when it is installed (Debian ``wordnet-base``)."""
    wordnet = open_wordnet()
    report.problems.extend(definition_problems(wordnet))
    if wordnet is None:
        report.notes.append("definitions not traced to WordNet (install wordnet-base)")


def _is_shipped(path: Path) -> bool:
    try:
        path.resolve().relative_to(shipped_root().resolve())
    except ValueError:
        return False
    return True


def check_packs(packs: Sequence[Pack], lexicon: Lexicon,
                extra_blocklist: Iterable[str] = (), *,
                shipped_rules: bool = False) -> list[Problem]:
    """The checks across items and packs, on packs that parsed."""
    problems: list[Problem] = []
    problems += _check_ids(packs)
    problems += _check_wordup_across(packs, shipped_rules)
    blocklist = {w.lower() for w in extra_blocklist}
    for pack in packs:
        blocklist.update(w.lower() for w in pack.blocklist)
    seen_texts: dict[str, str] = {}
    has_ws_cards = False
    for pack in packs:
        problems += _check_header(pack)
        file = pack.header.file
        for item in pack.items:
            problems += [Problem(file, item.id, m) for m in check_wordup_item(item, lexicon)]
        for card in pack.cards:
            if isinstance(card, SLCard):
                problems += [Problem(file, card.id, m) for m in check_sl_card(card)]
                problems += [Problem(file, card.id, m) for m in quality.echo_problems(card)]
                problems += _duplicate_texts(
                    file, card.id, [(f"question {i + 1}", q.text)
                                    for i, q in enumerate(card.questions)], seen_texts)
            elif isinstance(card, WSCard):
                has_ws_cards = True
                problems += [Problem(file, card.id, m)
                             for m in check_ws_card(card, lexicon, blocklist)]
                problems += _duplicate_texts(
                    file, card.id, [("blue", card.blue.category),
                                    ("orange", card.orange.category)], seen_texts)
        if pack.blocklist:
            problems += [Problem(file, "blocklist", m) for m in _check_blocklist(pack.blocklist)]
    if has_ws_cards and not blocklist:
        first = next(p for p in packs if p.game is Game.WORDSTREET)
        problems.append(Problem(first.header.file, "blocklist",
                                "no blocklist found: add content/packs/wordstreet/blocklist.toml"))
    return problems


def _check_ids(packs: Sequence[Pack]) -> list[Problem]:
    problems: list[Problem] = []
    pack_ids: dict[str, str] = {}
    item_ids: dict[str, str] = {}
    retired: dict[str, str] = {}
    for pack in packs:
        for old in pack.header.retired:
            if old in retired:
                problems.append(Problem(pack.header.file, "pack", f"retired id {old!r} is "
                                        f"listed twice (also in {retired[old]})"))
            retired.setdefault(old, pack.header.file)
    for pack in packs:
        file = pack.header.file
        if pack.id in pack_ids:
            problems.append(Problem(file, "pack", f"pack id {pack.id!r} is also used by "
                                    f"{pack_ids[pack.id]}"))
        pack_ids.setdefault(pack.id, file)
        ids = [i.id for i in pack.items] + [c.id for c in pack.cards]
        for item_id in ids:
            if item_id in item_ids:
                problems.append(Problem(file, item_id, f"id is also used in {item_ids[item_id]}"))
            if item_id in retired:
                problems.append(Problem(file, item_id, f"id was retired in {retired[item_id]}: "
                                        "a withdrawn id is never used again; take a new one"))
            item_ids.setdefault(item_id, file)
    return problems


def _check_wordup_across(packs: Sequence[Pack], shipped_rules: bool) -> list[Problem]:
    """Word Up checks across items: clue = definition, and (shipped) repeated answers."""
    file_of = {item.id: pack.header.file for pack in packs for item in pack.items}
    items = [item for pack in packs for item in pack.items]
    found = quality.clue_is_definition(items)
    if shipped_rules:
        found += quality.repeated_answers(items)
    return [Problem(file_of[item.id], item.id, message) for item, message in found]


def _check_header(pack: Pack) -> list[Problem]:
    h = pack.header
    out: list[Problem] = []
    if h.licence not in KNOWN_LICENCES and not SPDX_REF_RE.match(h.licence):
        out.append(Problem(h.file, "pack", f"licence {h.licence!r} is not a known SPDX id "
                           "(e.g. CC-BY-4.0, CC0-1.0, MIT; or LicenseRef-...)"))
    if not LANGUAGE_RE.match(h.language):
        out.append(Problem(h.file, "pack", f"language {h.language!r} is not a language code "
                           "such as 'en' or 'en-GB'"))
    return out


def _duplicate_texts(file: str, card_id: str, texts: list[tuple[str, str]],
                     seen: dict[str, str]) -> list[Problem]:
    out: list[Problem] = []
    for label, text in texts:
        key = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
        here = f"{card_id} {label}"
        if key in seen:
            out.append(Problem(file, card_id, f"{label}: same text as {seen[key]}"))
        else:
            seen[key] = here
    return out


def spoken_text_problems(label: str, text: str) -> list[str]:
    """Why ``text`` would not work read aloud (visual marks, overlong sentences)."""
    out: list[str] = []
    marks = sorted({m.group(0) for m in VISUAL_MARKS_RE.finditer(text.replace(GAP, " "))})
    if marks:
        shown = ", ".join(repr(m) for m in marks)
        out.append(f"{label}has visual formatting {shown} that cannot be spoken")
    for sentence in re.split(r"(?<=[.!?])\s+", text.strip()):
        if len(sentence.split()) > MAX_SENTENCE_WORDS:
            out.append(f"{label}has a sentence of {len(sentence.split())} words, too long "
                       f"to follow by ear (at most {MAX_SENTENCE_WORDS})")
    return out


# --- Word Up -------------------------------------------------------------------


def letter_count(answer: str) -> int:
    """Letters only: a hyphen or apostrophe is not a letter tile."""
    return sum(c.isalpha() for c in answer)


def _unknown_words(answer: str, lexicon: Lexicon) -> list[str]:
    words = re.split(r"\s+", answer.strip())
    return [w for w in words if not (w.isdigit() or lexicon.is_word(w))]


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def check_wordup_item(item: WordUpItem, lexicon: Lexicon) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for answer in item.answers:
        if _norm(answer) in seen:
            out.append(f"answer {answer!r} is listed twice")
        seen.add(_norm(answer))
        unknown = _unknown_words(answer, lexicon)
        if unknown:
            out.append(f"answer {answer!r}: {', '.join(map(repr, unknown))} is not a word "
                       "in the lexicon")
    out += spoken_text_problems("", item.text)
    out += quality.article_problems(item)
    out += quality.giveaway_problems(item, lexicon)
    if isinstance(item, MissingWord):
        gaps = item.sentence.count(GAP)
        if gaps != 1:
            out.append(f"sentence must contain the gap {GAP} exactly once, found {gaps}")
        for answer in item.answers:
            if letter_count(answer) != item.letters:
                out.append(f"answer {answer!r} has {letter_count(answer)} letters, "
                           f"letters says {item.letters}")
    elif isinstance(item, CrosswordClue):
        for answer in item.answers:
            if not answer.strip().lower().startswith(item.first_letter):
                out.append(f"answer {answer!r} does not start with first_letter "
                           f"{item.first_letter!r}")
    elif isinstance(item, MultipleChoice):
        options = [_norm(o) for o in item.options]
        if len(set(options)) != len(options):
            out.append(f"options must be 3 different choices: {list(item.options)}")
        if len(item.answers) != 1:
            out.append(f"multiple choice takes exactly one answer, not {len(item.answers)}")
        elif _norm(item.answers[0]) not in options:
            out.append(f"answer {item.answers[0]!r} is not one of the options "
                       f"{list(item.options)}")
    elif isinstance(item, Spelling):
        out += _check_spelling(item, lexicon)
    return out


def _check_spelling(item: Spelling, lexicon: Lexicon) -> list[str]:
    out: list[str] = []
    word = item.word.strip()
    if " " in word:
        out.append(f"word {word!r} must be a single word")
    if item.answers and _norm(item.answers[0]) != _norm(word):
        out.append(f"answers must start with the word {word!r}, not {item.answers[0]!r}")
    if not re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", item.sentence,
                     re.IGNORECASE):
        sounds = sorted(lexicon.homophones(word))
        if sounds:
            out.append(f"sentence must contain {word!r}: it sounds like "
                       f"{', '.join(sounds)}, so the sentence is what tells them apart")
        else:
            out.append(f"sentence must contain the word {word!r}")
    if _norm(word) in lexicon.british_spellings:
        accepted = {_norm(a) for a in item.answers}
        missing = sorted(lexicon.variants(word) - accepted)
        if missing:
            out.append(f"answers lack the American spelling {', '.join(missing)} of {word!r}")
    return out


# --- Best of Sport and Leisure -------------------------------------------------


def sentence_count(text: str) -> int:
    return len([s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.strip()])


def dated_wording(text: str) -> list[str]:
    """The words in ``text`` that date a fact (current, latest, this year ...)."""
    return [m.group(0) for m in DATED_RE.finditer(text)]


NUMBER_BY_WORDS = {number_words(n): n for n in range(101)}


def _number_variant_problems(answers: Sequence[str]) -> list[str]:
    """Numbers 0-100 must be accepted both as digits and as words (issue 6)."""
    keys = {_norm(a).replace("-", " ") for a in answers}
    out: list[str] = []
    for answer in answers:
        key = _norm(answer)
        if key.isdigit() and int(key) <= 100:
            words = number_words(int(key))
            if words.replace("-", " ") not in keys:
                out.append(f"answer {answer!r} also needs its spelled-out form {words!r}")
        elif key.replace(" ", "-") in NUMBER_BY_WORDS:
            digits = str(NUMBER_BY_WORDS[key.replace(" ", "-")])
            if digits not in keys:
                out.append(f"answer {answer!r} also needs its digits {digits!r}")
    return out


def check_sl_card(card: SLCard) -> list[str]:
    out: list[str] = []
    if card.kind is CardKind.COMMON_THEME and not card.theme:
        out.append("a common_theme card needs a theme")
    if card.kind is not CardKind.COMMON_THEME and card.theme:
        out.append(f"theme is only for common_theme cards, this one is {card.kind}")
    if card.kind is CardKind.PICTURE:
        if not card.scene:
            out.append("a picture card needs a scene (2-3 spoken sentences)")
        else:
            n = sentence_count(card.scene)
            lo, hi = SCENE_SENTENCES
            if not lo <= n <= hi:
                out.append(f"scene has {n} sentences, a picture scene needs {lo}-{hi}")
    elif card.scene:
        out.append(f"scene is only for picture cards, this one is {card.kind}")
    texts = [("theme", card.theme or ""), ("scene", card.scene or "")]
    texts += [(f"question {i + 1} ({q.colour})", q.text) for i, q in enumerate(card.questions)]
    for label, text in texts:
        if text:
            out += spoken_text_problems(f"{label}: ", text)
        for word in dated_wording(text):
            out.append(f"{label}: {word!r} dates the fact; state it for a given year instead")
    for i, q in enumerate(card.questions):
        seen: set[str] = set()
        label = f"question {i + 1} ({q.colour}): "
        for answer in q.answers:
            if _norm(answer) in seen:
                out.append(f"{label}answer {answer!r} is listed twice")
            seen.add(_norm(answer))
        out += [label + m for m in _number_variant_problems(q.answers)]
    return out


# --- Word on the Street ------------------------------------------------------------


def check_ws_card(card: WSCard, lexicon: Lexicon, blocklist: set[str]) -> list[str]:
    out: list[str] = []
    for name, side in (("blue", card.blue), ("orange", card.orange)):
        out += spoken_text_problems(f"{name}: category ", side.category)
        if len(side.accept) < MIN_ACCEPT:
            out.append(f"{name}: accept has {len(side.accept)} words, needs at least {MIN_ACCEPT}")
        seen: set[str] = set()
        for word in side.accept:
            if word in seen:
                out.append(f"{name}: {word!r} is listed twice")
            seen.add(word)
            if not WS_WORD_RE.match(word):
                out.append(f"{name}: {word!r} must be one lower-case word "
                           "(letters, at most one hyphen)")
            elif not lexicon.is_word(word):
                out.append(f"{name}: {word!r} is not a word in the lexicon")
            if word.lower() in blocklist:
                out.append(f"{name}: {word!r} is on the blocklist")
    return out


def _check_blocklist(words: Sequence[str]) -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for word in words:
        if word != word.strip().lower():
            out.append(f"{word!r} must be lower case without spaces around it")
        if word in seen:
            out.append(f"{word!r} is listed twice")
        seen.add(word)
    return out
