"""Spelled words: from recognizer words ("see oh el oh you are") to letters ("colour").

People spell with letter names, NATO words ("papa"), "p as in peter",
"double e", and they stop and restart ("c o l ... no, c o l o u r").
Recognizers write letters as words ("see", "sea", "you", "are", "why",
"oh", "ex", "zed"). A few words can be read two ways ("no" is a restart or
N-O; "double u" is W or U-U; a leading "okay" is filler or K), so the reader
yields every reading (a handful at most), the most natural one first; the
judge accepts the word if any reading is one of the listed spellings, and
otherwise reasons about the first reading.

Capitals, hyphens and apostrophes never matter: both the heard letters and
the listed spellings are reduced to a-z.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from content.spoken_words import LETTER_NAME_WORDS, NATO_WORDS
from voice.understanding.transcript import tokens

LETTER_WORDS: dict[str, str] = {**LETTER_NAME_WORDS, **{c: c for c in "abcdefghijklmnopqrstuvwxyz"}}
"""Letter names as recognizers write them, and the letters themselves."""

NATO: dict[str, str] = NATO_WORDS
"""NATO words are far more reliable than letter names: always accepted."""

SOUNDALIKE_SETS: tuple[frozenset[str], ...] = tuple(
    frozenset(s) for s in ("bcdegptvz", "ahjk", "fsx", "iy", "mn", "qu")
)
"""Letters a recognizer confuses; a mismatch only inside one set earns a
confirmation ("Was that P as in papa?"), not a "wrong"."""

_IGNORE = frozenset(
    {
        "capital", "capitals", "big", "small", "lowercase", "uppercase", "lower", "upper", "case",
        "letter", "letters", "hyphen", "dash", "space", "apostrophe", "then", "um", "umm", "uh",
        "er", "erm", "hmm", "mm", "unk", "comma", "dot", "like", "so", "right", "well", "okay so",
    }
)
_LEAD = tuple(
    tuple(p.split())
    for p in (
        "it's spelled", "it is spelled", "it's spelt", "it is spelt", "that's spelled",
        "that's spelt", "you spell it", "i spell it", "the spelling is", "spelled", "spelt",
        "spelling", "i think it's", "i think", "it's", "it is",
    )
)
_RESTART = tuple(
    tuple(p.split())
    for p in (
        "let me start again", "let me try again", "let me start over", "start again",
        "start over", "scratch that", "i mean", "no wait", "sorry", "oops", "wait", "again",
        "actually", "hang on", "hold on",
    )
)
_STOP = tuple(
    tuple(p.split())
    for p in ("that's it", "that's all", "i'm done", "done", "finished", "that is it", "the end")
)
_MAX_READINGS = 16


@dataclass(frozen=True)
class Reading:
    """One way to read a spelled utterance.

    ``reliable`` flags letters given by NATO word or "as in" (never a
    sound-alike confusion); ``unknown`` counts words that were neither letters
    nor known filler, which makes a reading less sure.
    """

    letters: str
    reliable: tuple[bool, ...]
    unknown: int
    said_word: bool


def letters_only(text: str) -> str:
    """"T-Shirt" -> "tshirt", "Café" -> "cafe": what a spelling is compared on."""
    folded = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in folded if "a" <= c <= "z")


def _starts(toks: Sequence[str], i: int, phrases: tuple[tuple[str, ...], ...]) -> int:
    for phrase in phrases:
        n = len(phrase)
        if tuple(toks[i : i + n]) == phrase:
            return n
    return 0


def _as_in(toks: Sequence[str], i: int) -> tuple[str, int] | None:
    """"as in peter" / "for peter" / "like peter" at ``i``: (letter, tokens used)."""
    for lead in (("as", "in"), ("as", "and"), ("like", "in"), ("for",), ("like",)):
        n = len(lead)
        if tuple(toks[i : i + n]) == lead and i + n < len(toks):
            word = toks[i + n]
            if word.isalpha() and len(word) > 1:
                return NATO.get(word, word[0]), n + 1
    return None


def readings(heard: str, target_words: frozenset[str] = frozenset()) -> list[Reading]:
    """Every reading of ``heard`` as a spelled word, the most natural first.

    ``target_words`` are the word itself and its listed spellings: saying
    the word before or after spelling it is harmless and skipped.
    """
    toks = tokens(heard)
    skip = _starts(toks, 0, _LEAD)
    while skip:
        toks = toks[skip:]
        skip = _starts(toks, 0, _LEAD)
    out: list[Reading] = []
    seen: set[str] = set()
    for letters, rel, unknown, said in _walk(toks, 0, [], [], 0, False, target_words):
        if letters not in seen or not out:
            seen.add(letters)
            out.append(Reading(letters, tuple(rel), unknown, said))
        if len(out) >= _MAX_READINGS:
            break
    return out


def _walk(
    toks: Sequence[str],
    i: int,
    acc: list[str],
    rel: list[bool],
    unknown: int,
    said: bool,
    target: frozenset[str],
) -> Iterator[tuple[str, list[bool], int, bool]]:
    while i < len(toks):
        t = toks[i]
        if _starts(toks, i, _STOP):
            break
        n = _starts(toks, i, _RESTART)
        if n:
            acc, rel, i = [], [], i + n
            continue
        if t == "no":
            # A restart ("c o l ... no, c o l o u r") or the letters N, O.
            yield from _walk(toks, i + 1, [], [], unknown, said, target)
            yield from _walk(toks, i + 1, [*acc, "n", "o"], [*rel, False, False], unknown, said, target)
            return
        if t in ("double", "triple") and i + 1 < len(toks):
            times = 2 if t == "double" else 3
            nxt = toks[i + 1]
            if t == "double" and nxt in ("u", "you", "yew", "ewe"):
                # "double u" is W, unless the word really has U-U (vacuum).
                yield from _walk(toks, i + 2, [*acc, "w"], [*rel, False], unknown, said, target)
                yield from _walk(toks, i + 2, [*acc, "u", "u"], [*rel, False, False], unknown, said, target)
                return
            letter = LETTER_WORDS.get(nxt) or NATO.get(nxt)
            if letter:
                acc = [*acc, *([letter] * times)]
                rel = [*rel, *([nxt in NATO] * times)]
                i += 2
                continue
            i += 1
            continue
        if i == 0 and t in ("okay", "ok") and len(toks) > 2:
            # A leading "okay" is usually filler, but it may be the letter K.
            yield from _walk(toks, 1, acc, rel, unknown, said, target)
            yield from _walk(toks, 1, [*acc, "k"], [*rel, False], unknown, said, target)
            return
        if t in NATO:
            if t in target:
                # the answer is a NATO word ("tango"): said whole before its letters, or
                # its letter spelled with NATO words ("tango, alpha, ...")
                yield from _walk(toks, i + 1, acc, rel, unknown, True, target)
            acc, rel, i = [*acc, NATO[t]], [*rel, True], i + 1
            continue
        if t in LETTER_WORDS:
            given = _as_in(toks, i + 1)
            if given is not None:
                acc, rel, i = [*acc, given[0]], [*rel, True], i + 1 + given[1]
                continue
            acc, rel, i = [*acc, LETTER_WORDS[t]], [*rel, False], i + 1
            continue
        given = _as_in(toks, i)
        if given is not None:
            # "... as in peter" after a letter we already took: the word wins.
            if acc and not rel[-1]:
                acc, rel = acc[:-1], rel[:-1]
            acc, rel, i = [*acc, given[0]], [*rel, True], i + given[1]
            continue
        if t in _IGNORE:
            i += 1
            continue
        if t in target:
            said, i = True, i + 1
            continue
        unknown, i = unknown + 1, i + 1
    yield "".join(acc), rel, unknown, said


def soundalike(a: str, b: str) -> bool:
    """True when two different letters are in the same sound-alike set."""
    return a != b and any(a in s and b in s for s in SOUNDALIKE_SETS)


def near_miss(reading: Reading, spellings: Sequence[str]) -> bool:
    """The reading differs from a spelling only by sound-alike letters it heard unreliably."""
    for spelling in spellings:
        if len(spelling) != len(reading.letters) or spelling == reading.letters:
            continue
        ok = True
        for k, (x, y) in enumerate(zip(reading.letters, spelling, strict=True)):
            if x != y and (reading.reliable[k] or not soundalike(x, y)):
                ok = False
                break
        if ok:
            return True
    return False


GRAMMAR_LETTER_NAMES = (
    "ay", "bee", "see", "dee", "ee", "ef", "gee", "aitch", "eye", "jay", "kay", "el", "em", "en",
    "oh", "pee", "queue", "are", "ess", "tee", "you", "vee", "double u", "ex", "why", "zed", "zee",
)
"""Letter names for a spelling grammar: the canonical words only. The other
recognizer words ("and", "each", "our") are read when a free recognizer
writes them, but offering them in a grammar would only invite them."""


def letter_words() -> list[str]:
    """Letters, letter names, NATO words and spelling controls, for grammars."""
    words = [*"abcdefghijklmnopqrstuvwxyz", *GRAMMAR_LETTER_NAMES, *NATO]
    words += ["double", "triple", "capital", "as in", "for", "hyphen", "start again", "no",
              "sorry", "done"]
    return list(dict.fromkeys(words))
