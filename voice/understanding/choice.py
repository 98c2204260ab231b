"""Picking one of a few options: multiple choice, player and team names, colours.

An option can be named by its text ("lend"), its letter ("b", "bee",
"option b"), or its position ("the second one", "number two", "last").
When two readings disagree, or two options fit about equally, the answer is
"not understood": a near tie is never settled by a guess.
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz

from voice.understanding.transcript import (
    HESITATIONS,
    LEAD_FILLERS,
    NUMBER_SOUNDALIKES,
    TRAIL_FILLERS,
    normalise,
    normalise_tokens,
    parse_number,
    tokens,
)

OPTION_RATIO = 75.0
"""An option named by slightly garbled text needs this rapidfuzz ratio ..."""
OPTION_MARGIN = 15.0
"""... and must beat the next option by this much."""

CHOICE_LETTERS: dict[str, int] = {
    "a": 0, "ay": 0, "eh": 0, "alpha": 0, "alfa": 0,
    "b": 1, "be": 1, "bee": 1, "bravo": 1,
    "c": 2, "see": 2, "sea": 2, "cee": 2, "charlie": 2,
    "d": 3, "dee": 3, "delta": 3,
    "e": 4, "ee": 4, "echo": 4,
    "f": 5, "ef": 5, "eff": 5, "foxtrot": 5,
}
"""Spoken option letters. "bee", "see" and "dee" sound alike; a letter heard
as a bare letter name (not NATO) that lands on a sound-alike of the right
option is confirmed, not marked wrong (see :func:`voice.understanding.judge.judge`)."""
RELIABLE_LETTERS = frozenset({"alpha", "alfa", "bravo", "charlie", "delta", "echo", "foxtrot"})

ORDINALS = {
    "first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
    "fifth": 4, "5th": 4, "sixth": 5, "6th": 5, "top": 0,
}
_MARKERS = frozenset({"option", "answer", "letter", "choice", "number", "no"})
_POSITION_FILLER = frozenset(
    {"the", "one", "option", "answer", "choice", "please", "i", "think", "it's", "its", "is",
     "it", "that", "go", "with", "say", "i'll", "i'd", "take", "pick", "choose", "want", "a",
     "ok", "okay", "yes", "um", "uh", "er", "erm", "hmm", "unk"}
)
_NEGATIONS = frozenset({"not", "isn't", "don't", "never", "no", "neither", "nor", "or", "but"})


def _core(toks: list[str]) -> list[str]:
    """Tokens without hesitations and lead/trail filler, articles kept ("a" may be option A)."""
    toks = [t for t in toks if t not in HESITATIONS or t == "eh"]
    changed = True
    while changed:
        changed = False
        for phrase in sorted(LEAD_FILLERS, key=len, reverse=True):
            n = len(phrase)
            if len(toks) > n and tuple(toks[:n]) == phrase:
                toks, changed = toks[n:], True
                break
        for phrase in sorted(TRAIL_FILLERS, key=len, reverse=True):
            n = len(phrase)
            if len(toks) > n and tuple(toks[-n:]) == phrase:
                toks, changed = toks[:-n], True
                break
    return toks


def by_letter(core: list[str], count: int) -> tuple[int, bool] | None:
    """("b") / ("option", "bee") -> (1, reliable?)."""
    rest = [t for t in core if t not in ("please",)]
    if len(rest) == 2 and rest[0] in _MARKERS - {"number", "no"}:
        rest = rest[1:]
    if len(rest) == 3 and rest[0] in ("the", "option") and rest[1] in ("letter", "option", "answer"):
        rest = rest[2:]
    if len(rest) == 1 and rest[0] in CHOICE_LETTERS and CHOICE_LETTERS[rest[0]] < count:
        return CHOICE_LETTERS[rest[0]], rest[0] in RELIABLE_LETTERS
    return None


def by_position(core: list[str], count: int, numeric_options: bool) -> int | None:
    """"the second one", "number two", "last", "the middle one" -> index."""
    words = [t for t in core if t not in _POSITION_FILLER]
    if len(words) == 1:
        w = words[0]
        if w in ORDINALS and ORDINALS[w] < count:
            return ORDINALS[w]
        if w in ("last", "final", "bottom"):
            return count - 1
        if w == "middle" and count % 2 == 1:
            return count // 2
    # "number two" / "option two" / "answer to": a number after a marker is a position.
    for i, t in enumerate(core[:-1]):
        if t in _MARKERS and len(core) - i <= 3:
            nums = parse_number(core[i + 1 :], soundalikes=True)
            if len(nums) == 1 and 1 <= nums[0] <= count:
                return nums[0] - 1
    # A bare number ("two") is a position only when options are not numbers themselves.
    if not numeric_options and len(words) == 1 and words[0] not in NUMBER_SOUNDALIKES:
        nums = parse_number(words)
        if len(nums) == 1 and 1 <= nums[0] <= count:
            return nums[0] - 1
    return None


def _has_run(haystack: list[str], run: list[str]) -> bool:
    """Whether ``run`` occurs in ``haystack`` as consecutive tokens (checked only where
    its first token is, so a long list costs about its length, not its square)."""
    n = len(run)
    if not n or n > len(haystack):
        return False
    first = run[0]
    return any(haystack[k : k + n] == run
               for k, tok in enumerate(haystack[: len(haystack) - n + 1]) if tok == first)


def by_text(core: list[str], options: Sequence[str], fuzzy: bool = True) -> tuple[int, float] | None:
    """The option whose text was said (exact, contained, or close and clearly ahead).

    ``fuzzy=False`` when the words already name a letter or position: "option a"
    is option A, not a garbled "absorption".
    """
    said = " ".join(normalise_tokens(core))
    normed = [normalise(o) for o in options]
    exact = [i for i, o in enumerate(normed) if o == said or o.replace(" ", "") == said.replace(" ", "")]
    if len(exact) == 1:
        return exact[0], 1.0
    if len(exact) > 1:
        return None
    said_toks = said.split()
    option_toks = [o.split() for o in normed]
    inside = [i for i, o_toks in enumerate(option_toks) if _has_run(said_toks, o_toks)]
    if len(inside) == 1:
        others = set(said_toks) - set(normed[inside[0]].split())
        if others & _NEGATIONS:
            return None
        return inside[0], 0.8
    if len(inside) > 1:
        return None
    # Part of one option's name ("blue" for "Team Blue"), if it is in no other.
    within = [i for i, o_toks in enumerate(option_toks) if _has_run(o_toks, said_toks)]
    meaningful = [t for t in said_toks if t not in _POSITION_FILLER and len(t) >= 3]
    if len(within) == 1 and meaningful and not set(said_toks) & _NEGATIONS:
        return within[0], 0.8
    if len(within) > 1 or not fuzzy:
        return None
    scores = sorted(
        ((max(fuzz.ratio(said, o), fuzz.token_sort_ratio(said, o)), i) for i, o in enumerate(normed)),
        reverse=True,
    )
    best, idx = scores[0]
    second = scores[1][0] if len(scores) > 1 else 0.0
    if best >= OPTION_RATIO and best - second >= OPTION_MARGIN:
        return idx, round(best / 100, 2)
    return None


def choose(options: Sequence[str], heard: str, *, by_place: bool = True
           ) -> tuple[int | None, float, bool]:
    """(option index or None, confidence, heard as an unreliable letter name?).

    ``by_place=False`` takes an option only by what it says, never by its letter or
    place ("B", "three"): for options the host does not read as a numbered list.
    """
    core = _core(tokens(heard))
    if not core:
        return None, 0.0, False
    count = len(options)
    numeric = all(parse_number(tokens(o)) and len(tokens(o)) <= 3 for o in options)
    letter = by_letter(core, count) if by_place else None
    position = by_position(core, count, numeric) if by_place else None
    text = by_text(core, options, fuzzy=letter is None and position is None)
    found = {
        idx
        for idx in (
            text[0] if text else None,
            letter[0] if letter else None,
            position,
        )
        if idx is not None
    }
    if len(found) != 1:
        return None, 0.0, False
    idx = found.pop()
    if text and text[0] == idx:
        return idx, text[1], False
    if letter and letter[0] == idx:
        return idx, 0.95, not letter[1]
    return idx, 0.95, False
