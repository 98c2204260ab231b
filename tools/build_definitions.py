"""Build content/lexicon/definitions.tsv: a learner's definition for each word of the
Word Up questions, from WordNet 3.0 (authoring only; see content/definitions.py).

Run ``python -m tools.build_definitions`` after changing the packs. Needs Debian
``wordnet-base`` and ``wordfreq`` (``pip install -e '.[authoring]'``).

Which words: every word a player hears in a question (Missing Word sentences,
Crossword clues, Multiple Choice questions and options, Spelling sentences
and words), except function words and the most common words (Zipf >= 6, such
as *the*, *have*, *one*), which WordNet defines in ways that only confuse
(*a*: "a metric unit of length").

Which sense: WordNet gives several. Each sense of each base form scores

- how often the word is tagged as that part of speech in WordNet's texts
  (``cntlist.rev``, log scale), the part of speech a learner most likely means;
- half the number of words it shares (its gloss, examples, synonyms and
  parents) with the questions the word appears in, a simple Lesk overlap;
- minus half a point per place after WordNet's first sense, which WordNet
  lists first because it is the most frequent; plus half a point for a noun.

A word that is itself a WordNet lemma is defined as that lemma (*bed*, not
the verb *be*; *annoyed* the adjective, not *annoy*); other forms by their
base forms (*bigger* -> *big*).

The best-scoring sense whose definition can be read aloud (no marks) and does
not use the word to define itself is kept, and only when it is what the word
usually means and plain enough for a learner; otherwise the word gets no
definition (the host says so), because a wrong or opaque one is worse:

- **usual** (:func:`usual`): the word's only sense, or the one given at least
  half of its tagged uses in WordNet's texts (*mum* is not "failing to speak");
- **plain** (:func:`plain`): at most :data:`LEARNER_WORDS` words, each at least
  Zipf :data:`PLAIN_ZIPF` (no *tibia*, *globule*), none :data:`UNSUITABLE` for
  a child.

:data:`SENSE` fixes the sense by hand where the score still picks the wrong
one (and is trusted as is); :data:`DROP` lists the words a hand review of the
whole output found badly served (wrong sense for these questions, unhelpful).
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections import defaultdict
from pathlib import Path

from wordfreq import zipf_frequency

from content.definitions import DEFINITIONS_FILE, learner_form, speakable
from content.load import load_packs
from content.schema import MultipleChoice, Spelling
from content.wordnet import POS_ORDER, Synset, WordNet, open_wordnet

OUT = Path(__file__).resolve().parent.parent / "content" / "lexicon" / DEFINITIONS_FILE
COMMON_ZIPF = 6.0
LEARNER_WORDS = 14
USUAL_SHARE = 0.5
"""A learner's definition is short: longer WordNet glosses are left out."""
PLAIN_ZIPF = 3.0
"""Every word of a learner's definition is at least this common (no *tibia*,
*globule*, *Leguminosae*): a definition harder than its word does not help."""
OVERLAP_WEIGHT = 0.5
ORDER_PENALTY = 0.5
"""WordNet lists senses most frequent first: later senses pay for their rank."""
NOUN_BONUS = 0.5
"""The questions ask about things far more often than about actions or qualities."""
SS_TYPE_POS = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
STOP = frozenset(
    "a an the and or but if of to in on at by for with from as is are was were be been am "
    "do does did has have had i me my you your he him his she her it its we us our they "
    "them their this that these those there here what which who whom whose when where why "
    "how not no yes so than then too very can could will would shall should may might must "
    "s t don doesn didn isn aren wasn weren won wouldn couldn shouldn can't it's".split())

# Hand choices where the score picks a sense the questions do not use: the
# first sense whose gloss contains the given words. DROP: no sense fits a
# learner, so the word gets no definition.
SENSE: dict[str, str] = {
    "coffee": "beverage",
    "compass": "navigational", "cake": "baked goods", "chocolate": "food made from",
    "bank": "financial", "band": "musicians playing", "battery": "produces electricity",
    "belt": "band to tie", "board": "flat piece", "branch": "division of a stem",
    "clever": "mentally quick", "crisps": "slice of potato",
    "desert": "arid", "address": "place where a person", "attention": "mental concentration",
    "chest": "front of the trunk", "cream": "butterfat", "hammock": "hanging bed",
    "gloves": "covers the hand", "ghost": "dead person", "favourite": "preferred above",
    "fins": "organ of locomotion", "flies": "two-winged", "figure": "diagram",
    "cats": "feline", "eyes": "organ of sight", "days": "rotation", "hands": "extremity",
    "colours": "any material", "cold": "absence of heat", "caught": "take hold",
    "competition": "winner is selected", "cover": "conceal or shelter", "gave": "transfer",
    "goods": "articles", "found": "after searching", "dives": "headlong plunge",
    "divers": "works underwater", "flavour": "taste experience",
    "jazz": "genre of popular music", "licence": "legal document",
    "jungle": "equatorial forest", "knot": "fastening", "path": "especially designed",
    "plant": "living organism", "plates": "dish", "pumps": "mechanical device",
    "quack": "sound of a duck", "rails": "railway", "heart": "hollow muscular organ",
    "jealous": "suspicious",
    "glasses": "optical instrument", "party": "social interaction", "pretty": "pleasing",
    "present": "gift", "calculator": "small machine", "cinema": "films are shown",
    "cucumber": "thin green rind", "blister": "elevation of the skin",
}
DROP = frozenset(
    "germs guillotine dipped cutting crashing drove fell few form grind bread "
    "beetle blood deep coldest clear gone colour long acts above amount hot "
    # Reviewed by hand (issue 17): the usual sense is not the one a learner
    # meets in these questions, or the definition does not help a learner.
    "acquaintance along annoying another away badly bargain barked barking bath batteries "
    "between bill blister boring brittle cakes castle castles celebrated cells chilly colours "
    "crisp delicious determined distance duck elated enemies feverish fiery finger fingers "
    "fluffy fry fur furious fussy grammar gregarious hand handle handles hands hardly idea "
    "knead knowledge lettuce list loiter luck main muddy mum nobody nothing outer pill pipe "
    "pipes price prices pull pulled rare rather receipt runner salon salt scratching screws "
    "sharply shells short shorter side sides soil spectacles spectator spend spending spends "
    "spent spiky spines starter still storm strictly stripes such sums surprising tables tank "
    "telescope television thirsty thoughts today used vacuum weight weights whale "
    "whiskers disappointed parking".split())
UNSUITABLE = frozenset("sexual sex intercourse penis vagina".split())
"""A gloss with one of these words is never read to a child (*screws*)."""


def question_words() -> dict[str, set[str]]:
    """Every distinct word (lower case) heard in a shipped Word Up question, with the
    other content words of the questions it is heard in."""
    seen: dict[str, set[str]] = {}
    for pack in load_packs("wordup"):
        for item in pack.items:
            texts = [item.text.replace("___", " ")]
            if isinstance(item, MultipleChoice):
                texts += list(item.options)
            if isinstance(item, Spelling):
                texts.append(item.word)
            words = [w.lower() for text in texts
                     for w in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)?", text)]
            context = {w for w in words if w not in STOP}
            for w in words:
                seen.setdefault(w, set()).update(context - {w})
    return seen


def tag_counts(wn: WordNet) -> dict[tuple[str, str, int], int]:
    """(lemma, pos, sense number) -> times the sense was tagged in WordNet's texts."""
    counts: dict[tuple[str, str, int], int] = defaultdict(int)
    path = wn.folder / "cntlist.rev"
    for line in path.read_text(encoding="latin-1").splitlines():
        parts = line.split()
        if len(parts) != 3:
            continue
        key, number, count = parts
        lemma, _, rest = key.partition("%")
        pos = SS_TYPE_POS.get(rest[:1])
        if pos:
            counts[(lemma, pos, int(number))] += int(count)
    return counts


def _bag(synset: Synset, wn: WordNet) -> set[str]:
    words = set(re.findall(r"[a-z]+", synset.gloss.lower()))
    words |= {w for lemma in synset.lemmas for w in lemma.lower().split()}
    for parent_id in synset.targets("@", "@i"):
        parent = wn.synset(parent_id)
        if parent is not None:
            words |= {w for lemma in parent.lemmas for w in lemma.lower().split()}
    return words - STOP


def _proper_sense(synset: Synset, lemma: str) -> bool:
    """A sense naming a person or place (Drew the actor, Fields the comedian)."""
    names = [x for x in synset.lemmas if x.lower() == lemma.replace("_", " ")]
    return bool(names) and all(x[:1].isupper() for x in names)


_META_RE = re.compile(r"^(extended meanings|informal intensifiers|used\b|of or relating to\b)")


def candidates(word: str, context: set[str], wn: WordNet,
               counts: dict[tuple[str, str, int], int]) -> list[tuple[float, Synset]]:
    """(score, synset) for every sense of every base form, best first (module docstring)."""
    out: list[tuple[float, int, Synset]] = []
    order = 0
    forms = [(lemma, pos) for lemma, pos in wn.base_forms(word) if lemma not in STOP]
    for lemma, pos in forms:
        senses = wn.synsets(lemma, pos)
        # How often texts use this word as this part of speech (all its senses).
        count = sum(counts.get((lemma, pos, n), 0) for n in range(1, len(senses) + 1))
        for n, synset in enumerate(senses, start=1):
            if _proper_sense(synset, lemma):
                continue
            overlap = len(_bag(synset, wn) & context)
            # The word itself as a lemma counts when texts use it (bed, not the verb be).
            exact = 1.0 if lemma == word and count else 0.0
            score = (math.log2(1 + count) + OVERLAP_WEIGHT * overlap + exact
                     - ORDER_PENALTY * (n - 1) + (NOUN_BONUS if pos == "n" else 0.0))
            out.append((score - 0.01 * order, order, synset))
            order += 1
    out.sort(key=lambda c: (-c[0], POS_ORDER.index(c[2].pos), c[1]))
    return [(score, synset) for score, _, synset in out]


def circular(own: set[str], bases: set[str]) -> bool:
    """True when the definition uses the word, or a longer form of it, to define
    it (*laugh*: "produce laughter", *nod*: "express by nodding"). A shorter
    root is fine (*farmer*: "a person who operates a farm")."""
    return any(w.startswith(b) for w in own for b in bases if len(b) >= 3)


def plain(text: str) -> bool:
    """Short enough for a learner, and in words no rarer than :data:`PLAIN_ZIPF`."""
    words = re.findall(r"[A-Za-z]+", text)
    return 2 <= len(text.split()) <= LEARNER_WORDS and all(
        zipf_frequency(w, "en") >= PLAIN_ZIPF and w.lower() not in UNSUITABLE for w in words)


def usual(word: str, synset: Synset, wn: WordNet,
          counts: dict[tuple[str, str, int], int]) -> bool:
    """True when ``synset`` is what ``word`` usually means: its only sense, or the
    sense given at least :data:`USUAL_SHARE` of the word's tagged uses in WordNet's
    texts (all its base forms and parts of speech). A word read in one sentence
    may mean something else (*mum*, *nails*, *pedals*): no definition beats a
    wrong one."""
    total = 0
    mine = 0
    senses = 0
    for lemma, pos in wn.base_forms(word):
        for n, s in enumerate(wn.synsets(lemma, pos), start=1):
            senses += 1
            c = counts.get((lemma, pos, n), 0)
            total += c
            if s.id == synset.id:
                mine += c
    if senses == 1:
        return True
    return total > 0 and mine >= USUAL_SHARE * total


def choose(word: str, context: set[str], wn: WordNet,
           counts: dict[tuple[str, str, int], int]) -> Synset | None:
    if word in DROP:
        return None
    if word in SENSE:
        for lemma, pos in wn.base_forms(word):
            for synset in wn.synsets(lemma, pos):
                if SENSE[word] in synset.gloss and speakable(learner_form(synset.gloss)):
                    return synset
        raise SystemExit(f"SENSE[{word!r}]: no speakable sense mentions {SENSE[word]!r}")
    bases = {lemma for lemma, _ in wn.base_forms(word)} | {word}
    for _score, synset in candidates(word, context, wn, counts)[:8]:
        text = learner_form(synset.gloss)
        own = set(re.findall(r"[a-z]+", text.lower()))
        if speakable(text) and len(text.split()) >= 2 and not _META_RE.match(text) \
                and not circular(own, bases):
            # The best sense or none: a rarer sense that happens to be plain
            # is a wrong one (*bird*: "informal terms for a woman").
            return synset if plain(text) and usual(word, synset, wn, counts) else None
    return None


def build(wn: WordNet) -> list[tuple[str, str, str]]:
    counts = tag_counts(wn)
    rows = []
    for word, context in sorted(question_words().items()):
        if word in STOP or len(word) < 2 or zipf_frequency(word, "en") >= COMMON_ZIPF:
            continue
        synset = choose(word, context, wn, counts)
        if synset is not None:
            rows.append((word, synset.id, learner_form(synset.gloss)))
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    wn = open_wordnet()
    if wn is None:
        print("error: WordNet is not installed (Debian wordnet-base)", file=sys.stderr)
        return 2
    rows = build(wn)
    header = ("# Learners' definitions of the words in the Word Up questions, from WordNet 3.0\n"
              "# (Princeton licence: content/LICENSES/WORDNET.txt). Generated by\n"
              "# tools/build_definitions.py; do not edit by hand.\n"
              "# word<TAB>synset<TAB>definition\n")
    args.out.write_text(header + "".join("\t".join(r) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} definitions written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
