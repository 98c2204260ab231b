"""English words, British/American spellings and homophones, from shipped files.

The files are built once by ``tools/build_lexicon.py`` from SCOWL (word
lists, size <= 70) and the CMU pronouncing dictionary (homophones); at run
time only the built files in this package are read, so a wheel install needs
neither source. Notices: content/LICENSES/.

Proper nouns (Monday, Paris) are kept apart from common words because Word on
the Street allows them while a spelling check of common words should not need
them; :meth:`Lexicon.is_word` accepts both unless told otherwise.
"""

from __future__ import annotations

import functools
import gzip
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources

WORDS_FILE = "words.txt.gz"
PROPER_FILE = "proper.txt.gz"
VARIANTS_FILE = "variants.tsv"
HOMOPHONES_FILE = "homophones.txt"


def normalise(word: str) -> str:
    """The lookup key of a word: stripped, lower case, NFC, curly apostrophe straight."""
    return unicodedata.normalize("NFC", word.strip()).lower().replace("\u2019", "'")


@dataclass(frozen=True, eq=False)
class Lexicon:
    """Word knowledge for checking answers and accept lists.

    ``words`` holds lower-case common words (inflected forms included, no
    possessives); ``proper_nouns`` holds names in lower case. The two
    mappings are keyed by lower-case word.
    """

    words: frozenset[str]
    proper_nouns: frozenset[str] = frozenset()
    variant_groups: Mapping[str, frozenset[str]] = field(default_factory=dict)
    homophone_groups: Mapping[str, frozenset[str]] = field(default_factory=dict)
    british_spellings: frozenset[str] = frozenset()
    """The British member of each variant group (colour, not color)."""

    def is_word(self, word: str, *, proper: bool = True) -> bool:
        """True for a known word, case-insensitively.

        A hyphenated compound counts when every part is a word (ice-cream);
        with ``proper=False`` names do not count.
        """
        key = normalise(word)
        if not key:
            return False
        if self._known(key, proper):
            return True
        parts = key.split("-")
        return len(parts) > 1 and all(p and self._known(p, proper) for p in parts)

    def _known(self, key: str, proper: bool) -> bool:
        return key in self.words or (proper and key in self.proper_nouns)

    def variants(self, word: str) -> frozenset[str]:
        """British/American spellings of ``word``, itself included (colour -> colour, color)."""
        key = normalise(word)
        return self.variant_groups.get(key, frozenset({key}))

    def homophones(self, word: str) -> frozenset[str]:
        """Other words that sound the same (flour -> flower); spelling variants excluded."""
        key = normalise(word)
        own = self.variants(key)
        found: set[str] = set()
        for spelling in own:
            found |= self.homophone_groups.get(spelling, frozenset())
        return frozenset(found - own)


def _lines(name: str) -> list[str]:
    data = resources.files(__package__).joinpath(name).read_bytes()
    if name.endswith(".gz"):
        data = gzip.decompress(data)
    return [line for line in data.decode("utf-8").splitlines() if line.strip()]


def _groups(lines: list[str], sep: str | None) -> dict[str, frozenset[str]]:
    """Each word -> the union of the groups it appears in."""
    out: dict[str, set[str]] = {}
    for line in lines:
        group = {normalise(w) for w in line.split(sep)}
        for word in group:
            out.setdefault(word, set()).update(group)
    return {word: frozenset(group) for word, group in out.items()}


@functools.cache
def load_lexicon() -> Lexicon:
    """The shipped lexicon (read once per process, about 0.2 s)."""
    return Lexicon(
        words=frozenset(_lines(WORDS_FILE)),
        proper_nouns=frozenset(normalise(w) for w in _lines(PROPER_FILE)),
        variant_groups=_groups(_lines(VARIANTS_FILE), "\t"),
        homophone_groups=_groups(_lines(HOMOPHONES_FILE), None),
        british_spellings=frozenset(
            normalise(line.split("\t", 1)[0]) for line in _lines(VARIANTS_FILE)
        ),
    )
