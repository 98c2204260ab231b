"""Which words a player may have spelled at a question ("spell neighbours").

The sheet lets the answerer ask for words of the question to be spelt, "any
word in a Spelling question except, of course, the target word"; RULINGS adds
what else would give the target away: its other spellings, its homophones,
and any word that contains it or is a form of it ("neighbours" for
"neighbour", "unnecessarily" for "unnecessary"). Words that are not in the
question as read are refused too.
"""

from __future__ import annotations

from collections.abc import Iterable

from content.lexicon import Lexicon, load_lexicon
from voice.understanding.letters import letters_only

STEM_ENDS = frozenset({"", "e", "y", "ie"})
"""What a word may drop before a suffix (make -> making, happy -> happily)."""
SUFFIXES = frozenset({
    "", "s", "es", "d", "ed", "ing", "ly", "ily", "ies", "ied", "ier", "iest", "er", "ers",
    "est", "ness", "iness", "nesses", "ful", "fully", "less", "ment", "ments", "ity", "ities",
    "al", "ally", "ish", "ous", "ation", "ations", "ion", "ions", "able", "ible", "ably",
    "hood", "ship", "y", "ence", "ance",
})
"""Endings that make another form of the same word."""


def target_forms(*targets: str, lexicon: Lexicon | None = None) -> frozenset[str]:
    """The targets (a word and its listed spellings), their other spellings and their
    homophones (lower case, letters only)."""
    lex = lexicon or load_lexicon()
    forms: set[str] = set()
    for target in targets:
        word = target.lower()
        forms |= {word} | set(lex.variants(word)) | set(lex.homophones(word))
    return frozenset(letters_only(f) for f in forms if letters_only(f))


def _is_form(word: str, form: str) -> bool:
    if len(word) < 3 or len(form) < 3:
        return word == form
    n = 0
    while n < min(len(word), len(form)) and word[n] == form[n]:
        n += 1
    if n < 3:
        return False
    rest_w, rest_f = word[n:], form[n:]
    if (rest_f in STEM_ENDS and rest_w in SUFFIXES) or (rest_w in STEM_ENDS and rest_f in SUFFIXES):
        return True
    # A doubled last letter before the suffix: stop -> stopped, big -> bigger.
    return (rest_f == "" and len(rest_w) >= 2 and rest_w[0] == form[-1]
            and rest_w[1:] in SUFFIXES)


def gives_away(word: str, forms: Iterable[str]) -> bool:
    """Spelling ``word`` would spell (most of) the target: it is one of its ``forms``,
    contains one, is a form of one (plural, -ly, -ing ...), or is most of one
    ("necessary" for "unnecessary")."""
    w = letters_only(word)
    return any(f and (f in w or _is_form(w, f) or (len(w) >= 4 and w in f and 2 * len(w) >= len(f)))
               for f in forms)


def spellable(words: Iterable[str], *targets: str,
              lexicon: Lexicon | None = None) -> tuple[str, ...]:
    """The words of a question that may be spelled: none that gives a target away."""
    forms = target_forms(*targets, lexicon=lexicon) if targets else frozenset()
    return tuple(w for w in dict.fromkeys(words) if not (forms and gives_away(w, forms)))
