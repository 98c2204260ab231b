"""Suggest other answers for Word Up items and Word on the Street categories (authoring only).

The packs must accept every answer that fits (issue 17). This script is the
systematic source of candidates an author then judges one by one by hand;
it never edits a pack. Needs Debian ``wordnet-base`` and ``wordfreq``
(``pip install -e '.[authoring]'``).

Usage::

    python -m tools.candidates wordup [--category missing_word|crossword] [--level N]
    python -m tools.candidates wordstreet [--side blue|orange]
    python -m tools.candidates wordstreet --head "feeling" [--head ...]

Word Up: for each Missing Word item, the words with the right number of
letters, and for each Crossword item the words with the right first
letter, that WordNet relates to an accepted answer: synonyms, hyponyms,
hypernyms and co-hyponyms (other children of a parent or grandparent),
and base or plural forms; kept when they are in the lexicon and common enough
(Zipf >= ``MIN_ZIPF``), most frequent first.

Word on the Street: for each category, the hyponyms (all the way down) of
the WordNet synsets of its head word (the noun after "A"/"Something"/"Someone",
or ``--head``), as single lower-case lexicon words not yet in the list and not
blocked, most frequent first.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Sequence

from wordfreq import zipf_frequency

from content.lexicon import load_lexicon
from content.load import load_packs, shipped_blocklist
from content.schema import Category, CrosswordClue, MissingWord, WordUpItem, WSCard
from content.wordnet import HYPERNYM, HYPONYM, INSTANCE_HYPONYM, Synset, WordNet, open_wordnet

MIN_ZIPF = 3.0
MAX_SHOWN = 25
SENSES = 2
"""Only the most frequent senses of an answer: rarer ones bring nonsense."""


def _zipf(word: str) -> float:
    return zipf_frequency(word, "en")


def _related(wn: WordNet, word: str) -> set[str]:
    """Lemmas WordNet relates to ``word``: synonyms, parents, children, siblings, cousins."""
    out: set[str] = set()
    senses: list[Synset] = []
    for lemma, pos in wn.base_forms(word) or [(word, "n")]:
        senses += wn.synsets(lemma, pos)[:SENSES]
    for s in senses:
        out.update(s.lemmas)
        for child in s.targets(HYPONYM):
            c = wn.synset(child)
            out.update(c.lemmas if c else ())
        for parent_id in s.targets(HYPERNYM):
            parent = wn.synset(parent_id)
            if parent is None:
                continue
            out.update(parent.lemmas)
            for sib in _children(wn, parent, depth=2):
                out.update(sib.lemmas)
            for grand_id in parent.targets(HYPERNYM):
                grand = wn.synset(grand_id)
                if grand is not None:
                    for cousin in _children(wn, grand, depth=1):
                        out.update(cousin.lemmas)
    return {w.lower() for w in out}


def _children(wn: WordNet, synset: Synset, depth: int) -> Iterable[Synset]:
    if depth == 0:
        return
    for child_id in synset.targets(HYPONYM, INSTANCE_HYPONYM):
        child = wn.synset(child_id)
        if child is not None:
            yield child
            yield from _children(wn, child, depth - 1)


def _forms(word: str) -> set[str]:
    """Plural and singular forms, the kind of answer a player gives (hiccups, nutcrackers)."""
    out = {word + "s", word + "es"}
    if word.endswith("y"):
        out.add(word[:-1] + "ies")
    if word.endswith("s"):
        out.add(word[:-1])
    return out


def wordup_candidates(item: WordUpItem, wn: WordNet) -> list[str]:
    lexicon = load_lexicon()
    pool: set[str] = set()
    for answer in item.answers:
        if " " in answer:
            continue
        pool |= _related(wn, answer) | _forms(answer)
    accepted = {a.lower() for a in item.answers}
    out = []
    for w in pool - accepted:
        if not re.fullmatch(r"[a-z'-]+", w) or not lexicon.is_word(w, proper=False):
            continue
        if isinstance(item, MissingWord) and sum(c.isalpha() for c in w) != item.letters:
            continue
        if isinstance(item, CrosswordClue) and not w.startswith(item.first_letter):
            continue
        if _zipf(w) >= MIN_ZIPF:
            out.append(w)
    return sorted(out, key=_zipf, reverse=True)[:MAX_SHOWN]


HEAD_RE = re.compile(r"^(?:a|an|something|someone|somebody|a kind of|a type of)\s+"
                     r"(?:of\s+)?(?:kind of |type of )?([a-z]+)", re.IGNORECASE)


def head_word(category: str) -> str | None:
    """The noun a category names: "A feeling" -> feeling, "A part of your body" -> part."""
    words = re.findall(r"[a-z]+", category.lower())
    skip = {"a", "an", "the", "something", "someone", "somebody", "kind", "type", "of",
            "sort", "your", "you", "that", "which", "who", "in", "at", "on", "with"}
    for w in words:
        if w not in skip:
            return w
    return None


def hyponyms(wn: WordNet, head: str, limit: int = 4000) -> set[str]:
    out: set[str] = set()
    todo = [s for s in wn.synsets(head, "n")[:SENSES]]
    seen: set[str] = set()
    while todo and len(seen) < limit:
        s = todo.pop()
        if s.id in seen:
            continue
        seen.add(s.id)
        out.update(w.lower() for w in s.lemmas)
        todo += [c for c in (wn.synset(t) for t in s.targets(HYPONYM, INSTANCE_HYPONYM))
                 if c is not None]
    return out


def wordstreet_candidates(accept: Sequence[str], heads: Sequence[str], wn: WordNet,
                          blocked: frozenset[str]) -> list[str]:
    lexicon = load_lexicon()
    pool: set[str] = set()
    for head in heads:
        pool |= hyponyms(wn, head)
    have = set(accept)
    out = [w for w in pool - have - blocked
           if re.fullmatch(r"[a-z]+(-[a-z]+)?", w) and lexicon.is_word(w)
           and _zipf(w) >= MIN_ZIPF]
    return sorted(out, key=_zipf, reverse=True)[:MAX_SHOWN * 2]


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["wordup", "wordstreet"])
    parser.add_argument("--category", choices=[c.value for c in Category])
    parser.add_argument("--level", type=int)
    parser.add_argument("--side", choices=["blue", "orange"])
    parser.add_argument("--head", action="append", default=[],
                        help="Word on the Street: WordNet head word(s) to list hyponyms of")
    args = parser.parse_args(argv)
    wn = open_wordnet()
    if wn is None:
        print("error: WordNet is not installed (Debian wordnet-base)", file=sys.stderr)
        return 2
    if args.game == "wordup":
        for pack in load_packs("wordup"):
            for item in pack.items:
                if not isinstance(item, MissingWord | CrosswordClue):
                    continue
                if args.category and item.category.value != args.category:
                    continue
                if args.level and item.level != args.level:
                    continue
                hint = (f"{item.letters} letters" if isinstance(item, MissingWord)
                        else f"starts {item.first_letter}")
                print(f"{item.id} | {item.text} | {hint} | {list(item.answers)} | "
                      f"{', '.join(wordup_candidates(item, wn))}")
        return 0
    blocked = shipped_blocklist()
    for pack in load_packs("wordstreet"):
        for card in pack.cards:
            assert isinstance(card, WSCard)
            for name in ("blue", "orange"):
                if args.side and name != args.side:
                    continue
                side = card.side(name)
                heads = args.head or [h for h in [head_word(side.category)] if h]
                found = wordstreet_candidates(side.accept, heads, wn, blocked)
                print(f"{card.id} {name} | {side.category} | {len(side.accept)} | "
                      f"heads {heads} | {', '.join(found)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
