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

UNITS = {
    "zero": 0, "nought": 0, "nil": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17,
    "eighteen": 18, "nineteen": 19,
}
TENS = {
    "twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90,
}
SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
NUMBER_WORDS = frozenset(UNITS) | frozenset(TENS) | frozenset(SCALES)

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


def _read_cardinal(toks: Sequence[str], i: int) -> tuple[int, int] | None:
    """A spelled-out cardinal starting at ``toks[i]``: (value, tokens used).

    "one two" is two numbers, "twenty one" is one, "one hundred and five" is one.
    """
    total = current = 0
    last = ""
    j = i
    while j < len(toks):
        t = toks[j]
        if t in UNITS:
            v = UNITS[t]
            if last in ("unit", "teen") or (last == "tens" and (v == 0 or v >= 10)):
                break
            current += v
            last = "teen" if v >= 10 else "unit"
        elif t in TENS:
            if last in ("unit", "teen", "tens"):
                break
            current += TENS[t]
            last = "tens"
        elif t == "hundred":
            if last == "":
                current = 1  # "a hundred": the article has gone, the number stays
            elif last not in ("unit", "teen") or current >= 100:
                break
            current *= 100
            last = "hundred"
        elif t in SCALES:
            if last == "":
                current = 1
            elif last not in ("unit", "teen", "tens", "hundred"):
                break
            total += current * SCALES[t]
            current = 0
            last = "scale"
        elif t == "and" and last in ("hundred", "scale") and j + 1 < len(toks) and (
            toks[j + 1] in UNITS or toks[j + 1] in TENS
        ):
            last = "and"
        else:
            break
        j += 1
    if not last:
        return None
    return total + current, j - i


def numbers_to_digits(toks: Sequence[str]) -> list[str]:
    """Spelled numbers become digits ("twenty one" -> "21", "nineteen sixty six" -> "1966").

    Digits stay as they are, so the step is idempotent. A year said in two
    halves (10-99 then 10-99, or "oh" and a unit) is read as one number, which
    is how people say years.
    """
    out: list[str] = []
    i = 0
    while i < len(toks):
        read = _read_cardinal(toks, i)
        if read is None:
            out.append(toks[i])
            i += 1
            continue
        value, used = read
        i += used
        if 10 <= value <= 99 and i < len(toks):
            nxt = _read_cardinal(toks, i)
            if nxt is not None and 10 <= nxt[0] <= 99:
                value, i = value * 100 + nxt[0], i + nxt[1]
            elif toks[i] == "oh" and i + 1 < len(toks) and toks[i + 1] in UNITS and 0 < UNITS[toks[i + 1]] < 10:
                value, i = value * 100 + UNITS[toks[i + 1]], i + 2
            elif toks[i] == "hundred" and value >= 10:
                value, i = value * 100, i + 1
        out.append(str(value))
    return out


def parse_number(toks: Sequence[str], soundalikes: bool = False) -> list[int]:
    """Every number said in ``toks``, in order (digits, words, and optionally "to"/"for")."""
    found: list[int] = []
    for t in numbers_to_digits(toks):
        if t.isdigit():
            found.append(int(t))
        elif soundalikes and t in NUMBER_SOUNDALIKES:
            found.append(NUMBER_SOUNDALIKES[t])
    return found
