"""Short replies: yes or no, and small numbers (dice totals, vote counts).

Only the recognizer's best transcript may give a "correct" reading (see
:func:`voice.understanding.judge.judge`); these functions read one transcript.
"""

from __future__ import annotations

import re

from content.spoken_words import PLAIN_NO, PLAIN_YES
from voice.understanding.transcript import HESITATIONS, NUMBER_SOUNDALIKES, parse_number, tokens

YES_PHRASES = (
    "yes", "yeah", "yea", "yep", "yup", "ya", "yah", "aye", "sure", "ok", "okay", "correct",
    "right", "affirmative", "of course", "yes please", "go on", "go ahead", "do it", "uh huh",
    "mhm", "let's go", "let's do it", "why not", "sounds good", "fine", "alright", "all right",
    "no problem", "true", "go for it", "sure thing", "you bet", "positive", "i think so",
    "think so", "i guess so", "guess so", "i suppose so", "suppose so", "i believe so",
    "believe so", "i hope so", "hope so", "agreed", "agree", "i agree", "we agree", "exactly",
    "precisely", "by all means", "accepted", "accept", "we accept", "i accept", "good", "great",
    "perfect", "that's it", "that's the one", "confirmed", "with pleasure", "please do",
    "of course it is", "it is", "i do", "i will", "we do", "we will", "yes it is",
)
"""Phrases that say yes (also the recognizer's yes/no grammar)."""
NO_PHRASES = (
    "no", "nope", "nah", "nay", "no thanks", "no thank you", "not really", "negative", "don't",
    "do not", "never", "no way", "i don't think so", "don't think so", "not now", "not at all",
    "of course not", "certainly not", "definitely not", "absolutely not", "surely not",
    "probably not", "i don't", "i won't", "we don't", "no it isn't", "it isn't", "false",
    "not", "wrong", "incorrect", "no no", "rather not", "i'd rather not", "better not",
    "not this time", "don't do it", "please don't", "i guess not", "i suppose not",
    "i think not", "i hope not", "i believe not", "disagree", "i disagree", "we disagree",
    "mistake", "that's a mistake", "that's not right", "that's wrong", "reject", "rejected",
    "no chance", "no sir", "nothing", "none", "hardly", "not so",
)
"""Phrases that say no (also the recognizer's yes/no grammar)."""
YES = tuple(tuple(p.split()) for p in YES_PHRASES)
NO = tuple(tuple(p.split()) for p in NO_PHRASES)

_CONTRACTIONS = {
    "don't": ("do", "not"), "doesn't": ("does", "not"), "didn't": ("did", "not"),
    "isn't": ("is", "not"), "aren't": ("are", "not"), "wasn't": ("was", "not"),
    "weren't": ("were", "not"), "won't": ("will", "not"), "wouldn't": ("would", "not"),
    "shouldn't": ("should", "not"), "can't": ("can", "not"), "cannot": ("can", "not"),
    "couldn't": ("could", "not"), "haven't": ("have", "not"), "hasn't": ("has", "not"),
    "shan't": ("shall", "not"), "ain't": ("is", "not"), "that's": ("that", "is"),
    "it's": ("it", "is"), "i'm": ("i", "am"), "we're": ("we", "are"), "you're": ("you", "are"),
    "they're": ("they", "are"), "i'd": ("i", "would"), "we'd": ("we", "would"),
    "i'll": ("i", "will"), "we'll": ("we", "will"), "let's": ("let", "us"),
    "there's": ("there", "is"), "what's": ("what", "is"), "dont": ("do", "not"),
    "isnt": ("is", "not"), "thats": ("that", "is"), "its": ("it", "is"), "im": ("i", "am"),
}
"""Contractions spelled out, so "isn't" and "is not" are read alike."""


def _expand(toks: list[str]) -> list[str]:
    out: list[str] = []
    for t in toks:
        out.extend(_CONTRACTIONS.get(t, (t,)))
    return out


def _table(phrases: tuple[str, ...]) -> list[tuple[str, ...]]:
    return [tuple(_expand(p.split())) for p in phrases]


_WEAK = frozenset({
    "do", "does", "did", "will", "would", "shall", "should", "can", "could", "is", "am", "are",
    "was", "were", "have", "has", "please", "certainly", "definitely", "absolutely", "surely",
    "totally", "indeed", "really", "obviously",
})
""""I do", "it is", "please", "certainly": a yes only when nothing else in the reply says
yes or no ("certainly wrong" is a no, "please don't" a no)."""
_INTERJECTIONS = frozenset({"yes", "yeah", "yea", "yep", "yup", "ya", "yah", "aye", "no", "nope",
                            "nah", "nay", "uh", "mhm"})
"""Yes and no themselves: a negation before them is not turned round onto them."""
_JUDGING = frozenset(tuple(p.split()) for p in (
    "right", "correct", "true", "wrong", "incorrect", "false", "agree", "disagree", "agreed",
    "mistake", "fine", "good", "great", "perfect", "okay", "ok", "alright", "all right",
    "think so", "guess so", "suppose so", "believe so", "hope so", "accept", "accepted",
    "exactly", "precisely", "sure", "correct", "positive", "sounds good",
))
"""Words that judge, which "not" turns round."""
_NEGATORS = frozenset({"not", "never"})
"""Turn the meaning that follows around ("not wrong" is a yes); said last, they are a no."""
_FILLERS = frozenset({
    "i", "we", "you", "it", "that", "this", "they", "he", "she", "me", "us", "a", "an", "the",
    "well", "oh", "so", "just", "very", "quite", "and", "but", "then", "now", "thanks", "thank",
    "think", "guess", "suppose", "believe", "say", "hey", "look", "let", "one", "my", "our",
    "answer", "team", "everyone", "everybody", "all", "of", "there", "too", "also", "again",
    "as", "be", "to", "go", "mate", "sir", "guys", "folks",
})
"""Words that carry no yes or no ("well, I think so", "that is right")."""
_STRONG: list[tuple[tuple[str, ...], bool]] = sorted(
    [(p, meaning) for phrases, meaning in ((YES_PHRASES, True), (NO_PHRASES, False))
     for p in _table(phrases)
     if not (set(p) <= _WEAK | _FILLERS | _NEGATORS and set(p) & (_WEAK | _NEGATORS))],
    key=lambda x: -len(x[0]))
"""Phrases with a meaning of their own, longest first (so "of course not" beats "of
course"). Phrases made only of small words ("I don't", "it is", "please don't") are read
word by word instead, so that "I don't agree" is the negation of "agree"."""
_CORRECTIONS: list[tuple[str, ...]] = sorted(
    [tuple(_expand(p.split())) for p in (
        "sorry", "i mean", "i meant", "actually", "wait", "oops", "scratch that", "or rather",
        "make that", "correction", "my mistake", "change that", "on second thought",
        "on second thoughts", "hang on", "hold on", "no wait", "i mean to say",
    )], key=lambda p: -len(p))
"""After one of these, the player's last yes or no is the one that counts."""
_UNSURE = frozenset({"maybe", "perhaps", "dunno", "know", "unsure", "possibly", "mind",
                     "idea", "depends", "might", "whatever", "probably", "hmm"})
"""A reply with one of these is not a yes or a no ("not sure", "I don't mind")."""
_UNSURE_PHRASES = [("not", "sure"), ("am", "not", "sure"), ("no", "idea")]


_PAUSES = re.compile(r"[,;:.!?]+")
_PAUSE = "\x00"
"""Punctuation in typed replies: a negation does not reach past it."""


def _negatable(phrase: list[str]) -> bool:
    """"Not" turns round a word that judges ("not wrong", "I don't agree", "don't think
    so"); before anything else ("not now, nothing", "not really, no") it is a no itself."""
    return tuple(phrase) in _JUDGING


def _match(toks: list[str], i: int, table: list[tuple[str, ...]]) -> int:
    for phrase in table:
        n = len(phrase)
        if tuple(toks[i : i + n]) == phrase:
            return n
    return 0


PLAIN_YES_NO = frozenset(PLAIN_YES + PLAIN_NO)
"""The words of a yes or no said plainly; any other reply ("okay", "fine", "right") says
it by another word, which a recognizer invents more easily from another sound."""


POLITE = frozenset({"please", "thanks", "thank", "you"})
"""Words said with a plain yes or no that leave it plain ("yes please", "no thank you"):
through the null sink Whisper's first-word confidence in "yes please" was 0.49-0.56,
and one reply in seven was asked again although it was a plain yes."""


def said_plainly(alt: str) -> bool:
    """Whether ``alt`` is yes and no words ("yes", "no no"), with at most a please or a
    thanks ("yes please"), nothing else."""
    toks = tokens(alt)
    return (any(t in PLAIN_YES_NO for t in toks)
            and all(t in PLAIN_YES_NO or t in POLITE for t in toks))


def yesno(alt: str) -> bool | None:
    """True for a yes, False for a no, None when it is neither, unsure, or not understood.

    Never a guess: every word must be understood (a yes or no phrase, a negation, a
    filler word); an unknown word makes the reply not understood, so it is asked
    again. "Not" turns the next meaning round ("not wrong" is yes, "that's not right"
    no). Within one reply a correction ("sorry", "I mean", "actually") makes what
    follows it the answer ("yes, no sorry, no" is no); a reply, or the part after the
    last correction, that says both yes and no is not understood.
    """
    toks: list[str] = []
    for part in _PAUSES.split(alt):
        raw = tokens(part)
        words = _expand([t for k, t in enumerate(raw)
                         if t not in HESITATIONS or raw[k : k + 2] == ["uh", "huh"]])
        if words:
            toks += [*words, _PAUSE] if toks or words else words
    while toks and toks[-1] == _PAUSE:
        toks.pop()
    for phrase in _UNSURE_PHRASES:
        n = len(phrase)
        if any(tuple(toks[i : i + n]) == phrase for i in range(len(toks))):
            return None
    segments: list[bool | None] = []
    strong: list[bool] = []
    weak = False
    negate = False

    def close() -> None:
        nonlocal strong, weak, negate
        if negate:
            strong.append(False)
        if strong:
            segments.append(strong[0] if len(set(strong)) == 1 else None)
        elif weak:
            segments.append(True)
        strong, weak, negate = [], False, False

    i = 0
    while i < len(toks):
        n = _match(toks, i, _CORRECTIONS)
        if n:
            close()
            i += n
            continue
        meaning: bool | None = None
        for phrase, value in _STRONG:
            if tuple(toks[i : i + len(phrase)]) == phrase:
                n, meaning = len(phrase), value
                break
        if n:
            if negate and not _negatable(toks[i : i + n]):
                strong.append(False)  # "not really, no": the negation was a no of its own
            elif negate:
                meaning = not meaning
            negate = False
            strong.append(bool(meaning))
            i += n
            continue
        tok = toks[i]
        i += 1
        if tok == _PAUSE:
            if negate:  # "certainly not, false": the negation ended at the comma
                strong.append(False)
            negate = False
        elif tok in _NEGATORS:
            negate = True
        elif tok in _UNSURE:
            return None
        elif tok in _WEAK:
            weak = True
        elif tok not in _FILLERS:
            return None  # a word that is not understood: ask again rather than guess
    close()
    return segments[-1] if segments else None


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
