"""Transcript clean-up shared by every kind of answer: words, fillers, numbers.

A recognizer gives lower-case words with no punctuation; a keyboard gives
anything. Both go through :func:`tokens` first, so the rest of the
understanding code sees the same shape. :func:`normalise` then removes what
never carries an answer (hesitations, "I think it's", articles) but only
while something is left, so an answer that *is* a filler word ("well",
"right", "the") survives. Every step is idempotent and the whole is run to a
fixed point, so ``normalise(normalise(x)) == normalise(x)``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from content.numbers import numbers_to_digits

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u00b4": "'"})
_SPLIT = re.compile(r"[^a-z0-9']+")

HESITATIONS = frozenset(
    {"um", "umm", "uh", "uhh", "uhm", "er", "erm", "hmm", "hm", "mm", "mmm", "ah", "eh", "[unk]", "unk"}
)
"""Sounds that are never part of an answer: removed anywhere."""

ARTICLES = frozenset({"a", "an", "the"})

LEAD_FILLERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(p.split())
    for p in (
        "i think the answer is", "i think the answer's", "i think it's", "i think it is",
        "i think", "i believe it's", "i believe it is", "i believe", "i guess it's", "i guess",
        "the answer is", "the answer's", "my answer is", "my answer's", "answer is",
        "is it", "it's", "it is", "its", "that's", "that is", "maybe it's", "maybe",
        "i'd say", "i would say", "i'll say", "i will say", "i say", "let me think",
        "i'll go with", "i will go with", "i'd go with", "go with", "could it be", "would it be",
        "is the answer", "how about", "what about", "probably", "perhaps", "ok", "okay",
        "oh", "well", "so", "right", "um", "uh", "hmm", "er", "erm", "like",
    )
)
"""Phrases people put in front of an answer, longest first when tried."""

TRAIL_FILLERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(p.split())
    for p in (
        "is it", "isn't it", "i think", "i guess", "i believe", "maybe", "perhaps", "please",
        "right", "yeah", "then", "final answer", "is my answer", "is the answer",
        "that's my answer", "that's it",
    )
)
"""Phrases people put after an answer."""

_ORDER = sorted(set(LEAD_FILLERS), key=len, reverse=True)
_TRAIL_ORDER = sorted(set(TRAIL_FILLERS), key=len, reverse=True)

NUMBER_SOUNDALIKES = {"to": 2, "too": 2, "for": 4, "fore": 4, "won": 1, "ate": 8}
"""Words a free recognizer writes for a spoken number. Only read as numbers
where a number is expected (a number prompt, "option to"), never in free answers."""


def tokens(text: str) -> list[str]:
    """Lower-case words: accents folded, punctuation and hyphens become spaces."""
    text = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES).lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("&", " and ").replace("[unk]", " unk ")
    out = []
    for raw in _SPLIT.split(text):
        word = raw.strip("'")
        if word:
            out.append(word)
    return out


def _strip_lead(toks: list[str]) -> list[str]:
    for phrase in _ORDER:
        n = len(phrase)
        if len(toks) > n and tuple(toks[:n]) == phrase:
            return toks[n:]
    return toks


def _strip_trail(toks: list[str]) -> list[str]:
    for phrase in _TRAIL_ORDER:
        n = len(phrase)
        if len(toks) > n and tuple(toks[-n:]) == phrase:
            return toks[:-n]
    return toks


def _step(toks: list[str]) -> list[str]:
    kept = [t for t in toks if t not in HESITATIONS]
    toks = kept if kept else toks
    toks = _strip_trail(_strip_lead(toks))
    kept = [t for t in toks if t not in ARTICLES]
    toks = kept if kept else toks
    return numbers_to_digits(toks)


def normalise_tokens(toks: Sequence[str]) -> list[str]:
    """Fixed point of the clean-up steps (see the module docstring)."""
    current = list(toks)
    for _ in range(20):
        nxt = _step(current)
        if nxt == current:
            break
        current = nxt
    return current


def normalise(text: str) -> str:
    """The comparable form of an answer: ``"Um, I think it's the Colour!"`` -> ``"colour"``."""
    return " ".join(normalise_tokens(tokens(text)))


def light(text: str) -> str:
    """Only case, punctuation and number forms: for answers that are filler words."""
    return " ".join(numbers_to_digits(tokens(text)))


def parse_number(toks: Sequence[str], soundalikes: bool = False) -> list[int]:
    """Every number said in ``toks``, in order (digits, words, and optionally "to"/"for")."""
    found: list[int] = []
    for t in numbers_to_digits(toks):
        if t.isdigit():
            found.append(int(t))
        elif soundalikes and t in NUMBER_SOUNDALIKES:
            found.append(NUMBER_SOUNDALIKES[t])
    return found
