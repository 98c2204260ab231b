"""Short replies: yes or no, and small numbers (dice totals, vote counts).

Only the recognizer's best transcript may give a "correct" reading (see
:func:`voice.understanding.judge.judge`); these functions read one transcript.
"""

from __future__ import annotations

from voice.understanding.transcript import HESITATIONS, NUMBER_SOUNDALIKES, parse_number, tokens

YES = tuple(
    tuple(p.split())
    for p in (
        "yes", "yeah", "yea", "yep", "yup", "ya", "yah", "aye", "sure", "ok", "okay", "correct",
        "right", "that's right", "affirmative", "certainly", "of course", "absolutely", "please",
        "yes please", "go on", "go ahead", "do it", "indeed", "definitely", "uh huh", "mhm",
        "i do", "i will", "i would", "let's go", "let's do it", "why not", "sounds good", "fine",
        "alright", "all right", "no problem", "true", "yes it is", "it is", "go for it",
        "sure thing", "you bet", "totally", "we do", "we will", "yes we do", "positive",
        "i think so", "i guess so", "i suppose so", "i believe so", "i suppose", "think so",
    )
)
NO = tuple(
    tuple(p.split())
    for p in (
        "no", "nope", "nah", "no thanks", "no thank you", "not really", "negative", "don't",
        "do not", "never", "no way", "i don't think so", "not now", "nay", "not at all",
        "of course not", "certainly not", "definitely not", "absolutely not", "i don't",
        "i won't", "we don't", "no it isn't", "it isn't", "false", "not", "wrong", "incorrect",
        "no no", "rather not", "i'd rather not", "better not", "not this time", "don't do it",
        "i guess not", "i suppose not", "i think not", "i hope not",
    )
)
_UNSURE = frozenset({"maybe", "perhaps", "dunno", "know", "sure", "unsure", "possibly"})
_YES_NO = sorted([(p, True) for p in YES] + [(p, False) for p in NO], key=lambda x: -len(x[0]))


def yesno(alt: str) -> bool | None:
    """True for a yes, False for a no, None when unsure, both, or neither."""
    toks = tokens(alt)
    toks = [t for k, t in enumerate(toks) if t not in HESITATIONS or toks[k : k + 2] == ["uh", "huh"]]
    if " ".join(toks) in ("i don't know", "not sure", "i'm not sure", "i don't mind", "dunno",
                          "don't know", "maybe", "perhaps", "i'm not sure", "not sure really"):
        return None
    found: set[bool] = set()
    i = 0
    unknown = 0
    while i < len(toks):
        for phrase, meaning in _YES_NO:
            n = len(phrase)
            if tuple(toks[i : i + n]) == phrase:
                found.add(meaning)
                i += n
                break
        else:
            if toks[i] in _UNSURE:
                return None
            unknown += 1
            i += 1
    if len(found) != 1 or unknown > max(2, len(toks) // 2):
        return None
    return found.pop()


def number(alt: str, lo: int = 1, hi: int = 12) -> int | None:
    """The one number said (words, digits, dice talk), if it is in ``lo``-``hi``."""
    toks = [t for t in tokens(alt) if t not in HESITATIONS]
    if toks and toks[0] == "double" and len(toks) == 2:
        # Two dice showing the same face: "double six" is 12.
        nums = parse_number(toks[1:], soundalikes=True)
        if len(nums) == 1 and 1 <= nums[0] <= 6 and lo <= 2 * nums[0] <= hi:
            return 2 * nums[0]
        return None
    if toks in (["a", "dozen"], ["dozen"]) and lo <= 12 <= hi:
        return 12
    plain = parse_number(toks)
    if not plain:
        # "to", "too", "for", "won", "ate" are numbers only where a number is expected,
        # and only when no real number word was said.
        plain = [NUMBER_SOUNDALIKES[t] for t in toks if t in NUMBER_SOUNDALIKES]
        if len(toks) > 3:
            return None
    if len(plain) == 2 and any(t in ("and", "plus") for t in toks) and all(1 <= p <= 6 for p in plain):
        # Two dice read out: "six and four" is 10.
        total = plain[0] + plain[1]
        return total if lo <= total <= hi else None
    if len(plain) != 1:
        return None
    return plain[0] if lo <= plain[0] <= hi else None
