"""A small reader for the WordNet 3.0 database files (Debian ``wordnet-base``).

Used at authoring time by ``tools/`` (candidate answers, accept lists, the
learners' definitions) and by the validator, which checks that every shipped
definition is traceable to its synset. Nothing here is needed to *play*: the
game reads only the generated files in ``content/lexicon/``.

The database is found in ``$WNSEARCHDIR`` or ``/usr/share/wordnet``
(:func:`find_wordnet`); :func:`open_wordnet` returns None when it is not
installed, so callers can say so instead of failing. A synset is named by
its part of speech and byte offset (``n:02084071``), which is how WordNet 3.0
itself addresses synsets: the offset is the line's position in the data file,
so looking one up is a seek, not a parse of the whole file.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DIR = Path("/usr/share/wordnet")
POS_FILES = {"n": "noun", "v": "verb", "a": "adj", "s": "adj", "r": "adv"}
POS_ORDER = ("n", "v", "a", "r")
SYNSET_ID_RE = re.compile(r"^[nvasr]:\d{8}$")

# Pointer symbols used by the tools (wndb(5WN)).
HYPERNYM, INSTANCE_HYPERNYM = "@", "@i"
HYPONYM, INSTANCE_HYPONYM = "~", "~i"
SIMILAR, DERIVED = "&", "+"

# Detachment rules of WordNet's morphy (morph(3WN)), per part of speech.
_SUFFIXES: dict[str, tuple[tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
          ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""),
          ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}


@dataclass(frozen=True)
class Synset:
    """One WordNet synset: its id, lexicographer file, words, pointers and gloss."""

    id: str
    lexname: str
    lemmas: tuple[str, ...]
    pointers: tuple[tuple[str, str], ...]
    """(symbol, target synset id) pairs."""
    gloss: str

    @property
    def pos(self) -> str:
        return self.id[0]

    @property
    def definition(self) -> str:
        """The gloss without its quoted examples."""
        return split_gloss(self.gloss)[0]

    @property
    def examples(self) -> tuple[str, ...]:
        return split_gloss(self.gloss)[1]

    def targets(self, *symbols: str) -> list[str]:
        return [t for s, t in self.pointers if s in symbols]


def split_gloss(gloss: str) -> tuple[str, tuple[str, ...]]:
    """``"a dog; "the dog barked""`` -> ``("a dog", ("the dog barked",))``."""
    examples = tuple(re.findall(r'"([^"]*)"', gloss))
    definition = re.split(r';\s*"', gloss, maxsplit=1)[0].strip()
    definition = definition.split('"', 1)[0].strip().rstrip(";").strip()
    return definition, examples


def find_wordnet() -> Path | None:
    """The folder holding the database files, or None when WordNet is not installed."""
    env = os.environ.get("WNSEARCHDIR")
    for folder in ([Path(env)] if env else []) + [DEFAULT_DIR]:
        if (folder / "data.noun").is_file() and (folder / "index.noun").is_file():
            return folder
    return None


class WordNet:
    """Lookups in one installed database (files read lazily, one time each)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._data: dict[str, bytes] = {}
        self._index: dict[str, dict[str, tuple[str, ...]]] = {}
        self._exc: dict[str, dict[str, tuple[str, ...]]] = {}

    # --- files ---------------------------------------------------------------

    def _data_file(self, pos: str) -> bytes:
        name = POS_FILES[pos]
        if name not in self._data:
            self._data[name] = (self.folder / f"data.{name}").read_bytes()
        return self._data[name]

    def _index_of(self, pos: str) -> dict[str, tuple[str, ...]]:
        name = POS_FILES[pos]
        if name not in self._index:
            table: dict[str, tuple[str, ...]] = {}
            for line in (self.folder / f"index.{name}").read_text(encoding="latin-1").splitlines():
                if not line or line.startswith(" "):
                    continue
                f = line.split()
                p_cnt = int(f[3])
                synset_cnt = int(f[2])
                offsets = f[6 + p_cnt: 6 + p_cnt + synset_cnt]
                table[f[0]] = tuple(offsets)
            self._index[name] = table
        return self._index[name]

    def _exceptions(self, pos: str) -> dict[str, tuple[str, ...]]:
        name = POS_FILES[pos]
        if name not in self._exc:
            table: dict[str, tuple[str, ...]] = {}
            path = self.folder / f"{name}.exc"
            if path.is_file():
                for line in path.read_text(encoding="latin-1").splitlines():
                    f = line.split()
                    if len(f) >= 2:
                        table[f[0]] = tuple(f[1:])
            self._exc[name] = table
        return self._exc[name]

    # --- lookups -------------------------------------------------------------

    def synset(self, synset_id: str) -> Synset | None:
        """The synset ``n:02084071``, or None when no synset starts at that offset."""
        if not SYNSET_ID_RE.match(synset_id):
            return None
        pos, offset = synset_id[0], int(synset_id[2:])
        data = self._data_file(pos)
        if offset >= len(data) or (offset > 0 and data[offset - 1:offset] != b"\n"):
            return None
        end = data.find(b"\n", offset)
        line = data[offset: end if end != -1 else len(data)].decode("latin-1")
        if not line.startswith(f"{offset:08d} "):
            return None
        return _parse_line(line, POS_FILES[pos])

    def synsets(self, word: str, pos: str | None = None) -> list[Synset]:
        """Synsets of the lemma ``word`` (no inflection handling), most frequent sense first."""
        key = word.strip().lower().replace(" ", "_")
        out: list[Synset] = []
        for p in ([pos] if pos else POS_ORDER):
            for offset in self._index_of(p).get(key, ()):
                found = self.synset(f"{p}:{offset}")
                if found is not None:
                    out.append(found)
        return out

    def lemmas(self, pos: str) -> Iterator[str]:
        """Every lemma of a part of speech, as in the index (underscores for spaces)."""
        yield from self._index_of(pos)

    def base_forms(self, word: str, pos: str | None = None) -> list[tuple[str, str]]:
        """(lemma, pos) pairs ``word`` is a form of (WordNet's morphy): ``mice`` -> mouse."""
        key = word.strip().lower().replace(" ", "_")
        out: list[tuple[str, str]] = []
        for p in ([pos] if pos else POS_ORDER):
            index = self._index_of(p)
            forms = [key] if key in index else []
            forms += [f for f in self._exceptions(p).get(key, ()) if f in index]
            for old, new in _SUFFIXES[p]:
                if key.endswith(old) and len(key) > len(old):
                    cand = key[: -len(old)] + new
                    if cand in index:
                        forms.append(cand)
            for f in dict.fromkeys(forms):
                out.append((f, p))
        return out


def _parse_line(line: str, file_pos: str) -> Synset:
    head, _, gloss = line.partition(" | ")
    f = head.split()
    offset, lex_filenum, ss_type = f[0], int(f[1]), f[2]
    w_cnt = int(f[3], 16)
    lemmas = tuple(re.sub(r"\(.*\)$", "", f[4 + 2 * i]).replace("_", " ")
                   for i in range(w_cnt))
    i = 4 + 2 * w_cnt
    p_cnt = int(f[i])
    pointers: list[tuple[str, str]] = []
    for k in range(p_cnt):
        sym, target, tpos = f[i + 1 + 4 * k], f[i + 2 + 4 * k], f[i + 3 + 4 * k]
        pointers.append((sym, f"{'a' if tpos == 's' else tpos}:{target}"))
    pos = "a" if ss_type == "s" else ss_type
    return Synset(f"{pos}:{offset}", LEXNAMES[lex_filenum] if lex_filenum < len(LEXNAMES)
                  else str(lex_filenum), lemmas, tuple(pointers), gloss.strip())


@functools.cache
def open_wordnet() -> WordNet | None:
    """The installed WordNet, or None (install Debian ``wordnet-base``)."""
    folder = find_wordnet()
    return WordNet(folder) if folder else None


LEXNAMES = (
    "adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal",
    "noun.artifact", "noun.attribute", "noun.body", "noun.cognition", "noun.communication",
    "noun.event", "noun.feeling", "noun.food", "noun.group", "noun.location", "noun.motive",
    "noun.object", "noun.person", "noun.phenomenon", "noun.plant", "noun.possession",
    "noun.process", "noun.quantity", "noun.relation", "noun.shape", "noun.state",
    "noun.substance", "noun.time", "verb.body", "verb.change", "verb.cognition",
    "verb.communication", "verb.competition", "verb.consumption", "verb.contact",
    "verb.creation", "verb.emotion", "verb.motion", "verb.perception", "verb.possession",
    "verb.social", "verb.stative", "verb.weather", "adj.ppl",
)
