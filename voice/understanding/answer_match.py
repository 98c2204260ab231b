"""Judging a free answer (Missing Word, Crossword Clue, trivia) against its accepted answers.

The rule, in the order it is tried (one transcript; :func:`judge_free`
combines an n-best list):

1. The heard text, cleaned (:func:`voice.understanding.transcript.normalise`), equals
   an accepted answer, one of its British/American spellings, or a homophone
   -> **correct**. A homophone counts because the answer is *spoken*: a player
   who says "flour" and a player who says "flower" make the same sound, and a
   recognizer's choice between them says nothing about what the player knew.
   Not a homophone one letter away ("dessert" for "desert", "to" for "two"): typed,
   it is a different real word, judged like any other (see :func:`_spoken_forms`);
   heard, it is **unclear** with the answer as value (confirm: "Did you say two?"),
   since a free answer is decoded without the answer in view, and the recognizer
   writes the shared sound either way.
   An utterance of backchannel words only ("okay", "yeah": :data:`BACKCHANNEL`) or of
   thinking aloud ("I don't know") is no answer -> **unclear**, value None.
2. An accepted answer appears whole inside the utterance and everything else
   is filler ("yes", "please", "I'd say"), the answer again ("bird bird", the
   decoder writing it twice) or a lone letter ("d dog") -> **correct**; if other content words
   are there too ("not fled", "fled or flew") -> **unclear** (confirm), naming the
   fuller accepted form it sounds like where one holds it ("murder fly": butterfly).
3. Otherwise rapidfuzz similarity ``s`` (0-100) to the nearest accepted form:

   * one word of a multi-word answer ("ice" for "ice cream"), or a contraction
     (missing from the homophone lists) -> **unclear**.
   * a single real word with the answer's consonants and ``s`` >= 85
     ("beetles" for "beatles") -> **unclear**: it may be the answer misheard.
   * real words, more of them than the longest answer has plus one, without
     the answer -> **unclear**: table talk or thinking aloud, not an answer.
   * everything heard is a real word (the lexicon) and it is a single word,
     or ``s`` < 75 -> **wrong**: the player said a clearly different word.
   * a phrase differing from an accepted phrase in one word that is not a
     real word, with ``s`` >= 90 -> **correct** (recognizer slip inside a name).
   * a single non-word with ``s`` >= 90 and a margin of at least 8 over the
     nearest real word that is not accepted -> **correct** (typed typo).
   * ``s`` >= 75 otherwise -> **unclear** with the likely answer as value.
   * non-words with low similarity (noise, "[unk]") -> **unclear**.

A wrong "correct" is the worst outcome, so every doubtful case lands on
"unclear", which costs only a "did you say ...?".
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from content.numbers import NUMBER_WORDS, number_words
from voice.understanding.transcript import (
    HESITATIONS,
    light,
    normalise_tokens,
    tokens,
)

CORRECT_RATIO = 90.0
"""A multi-word answer off by one non-word token is right from this ratio up."""
TYPO_RATIO = 90.0
"""A single non-word is right from this ratio up, given :data:`MARGIN`."""
MARGIN = 8.0
"""Best accepted form must beat the nearest non-accepted real word by this much."""
UNCLEAR_RATIO = 75.0
"""Below this a transcript of real words is simply a different answer."""
SOUNDS_LIKE_RATIO = 85.0
"""A different real word this close, with the answer's consonants, is confirmed, not wrong."""
_VOWELS = frozenset("aeiouy ")


def _skeleton(word: str) -> str:
    """Consonants only: what stays when a recognizer picks a different vowel."""
    return "".join(c for c in word if c not in _VOWELS)


SOFT_WORDS = frozenset(
    {
        "yes", "yeah", "please", "ok", "okay", "i", "think", "it's", "its", "is", "it", "say",
        "i'd", "id", "would", "go", "with", "answer", "my", "guess", "that's", "final", "so",
        "um", "uh", "er", "erm", "hmm", "oh", "well", "sure", "definitely", "right", "word",
        "be", "the", "a", "an", "thanks", "believe", "reckon", "must", "probably", "then",
    }
)
"""Words that may surround an answer without changing it."""


NO_ANSWER = frozenset(
    {
        "i don't know", "don't know", "dunno", "i dunno", "no idea", "i have no idea",
        "i'm not sure", "not sure", "i am not sure", "let me think", "hang on let me think",
        "i can't remember", "i forget", "i forgot", "good question", "hmm let me think",
        "i'm thinking", "wait", "i'm not sure about that", "give me a second", "just a second",
    }
)
"""Utterances that are no answer at all (they come back "unclear", value None)."""

BACKCHANNEL = frozenset({"ok", "okay", "yeah", "oh", "well", "so"})
"""Words alone no one gives as an answer, and what Whisper writes on a short word it could
not make out ("Okay." for cat and happy, "Yeah." for learn, "Well..." for wow, in people's
Speech Commands clips): no answer at all, so the host asks again rather than judging them."""


@dataclass(frozen=True)
class Verdict:
    """A judgement of one transcript: value is the accepted answer (as listed) or what was heard."""

    verdict: str
    value: Any
    confidence: float


@dataclass(frozen=True)
class AnswerKey:
    """Every comparable form of a question's accepted answers, built once per question."""

    forms: dict[str, str]
    """normalised form -> accepted answer as listed"""
    squashed: dict[str, str]
    """form without spaces or apostrophes -> accepted answer (icecream, davinci, cant)"""
    light_forms: dict[str, str]
    token_forms: tuple[tuple[tuple[str, ...], str], ...]
    longest: int = 1
    """words in the longest accepted form"""
    near_sounds: dict[str, str] = field(default_factory=dict)
    """a homophone one letter away from an accepted answer ("to" for "two") -> that answer:
    not the answer typed, a doubt heard (see :func:`judge_one`)"""


def _squash(form: str) -> str:
    """Spaces and apostrophes do not sound: "ice cream" / "icecream", "can't" / "cant"."""
    return form.replace(" ", "").replace("'", "")


def _lexicon() -> Any:
    from content.lexicon import load_lexicon

    return load_lexicon()


def _spoken_forms(word: str, lex: Any) -> set[str]:
    """A word, its British/American spellings and (spoken answer) its homophones.

    A homophone one letter away from the word is left out: it is a different word
    that is also a near spelling ("dessert" for "desert", "son" for "sun"), so it
    says the player meant that word, and a recognizer given the answer in its
    grammar writes the answer for the shared sound anyway."""
    if not word.isalpha():
        return {word}
    spellings = set(lex.variants(word)) | {word}
    found = set(spellings)
    for spelling in spellings:
        found |= {h for h in lex.homophones(spelling) if not _one_letter_from(h, spellings)}
    return found


def _one_letter_from(homophone: str, spellings: set[str]) -> bool:
    """Whether ``homophone`` is one letter from a spelling of the word: another real word
    that is also a near spelling ("son" for "sun"; see :func:`_spoken_forms`)."""
    return any(Levenshtein.distance(homophone, v) <= 1 for v in spellings)


def _near_sounds(word: str, lex: Any) -> set[str]:
    """The homophones of a word that :func:`_spoken_forms` leaves out (one letter away)."""
    if not word.isalpha():
        return set()
    spellings = set(lex.variants(word)) | {word}
    return {h for s in spellings for h in lex.homophones(s)
            if h not in spellings and _one_letter_from(h, spellings)}


@lru_cache(maxsize=2048)
def answer_key(accepted: tuple[str, ...]) -> AnswerKey:
    """Forms of ``accepted`` (cached: a question is judged many times)."""
    lex = _lexicon()
    forms: dict[str, str] = {}
    light_forms: dict[str, str] = {}
    for answer in accepted:
        toks = tokens(answer)
        if not toks:
            continue
        light_forms.setdefault(light(answer), answer)
        options = [sorted(_spoken_forms(t, lex)) for t in toks]
        for combo in itertools.islice(itertools.product(*options), 64):
            for variant in (list(combo), [t for c in combo for t in tokens(c)]):
                norm = " ".join(normalise_tokens(variant))
                forms.setdefault(norm, answer)
        # The answer as words too ("eleven", not only "11"), so a misheard
        # number word is compared by its sound ("a leaven").
        if any(t in NUMBER_WORDS for t in toks):
            forms.setdefault(" ".join(toks), answer)
    squashed = {_squash(f): a for f, a in forms.items()}
    token_forms = tuple((tuple(f.split()), a) for f, a in forms.items())
    longest = max((len(f) for f, _ in token_forms), default=1)
    near: dict[str, str] = {}
    for answer in accepted:
        toks = tokens(answer)
        if len(toks) != 1:
            continue
        said = [toks[0]]
        if toks[0].isdigit() and int(toks[0]) <= 100:
            said.append(number_words(int(toks[0])))  # "2": "to" and "too" sound as "two"
        for n in (n for word in said for n in _near_sounds(word, lex)):
            form = " ".join(normalise_tokens([n]))
            if form not in forms:
                near.setdefault(form, answer)
    return AnswerKey(forms, squashed, light_forms, token_forms, longest, near)


def _fuller_form(key: AnswerKey, norm: str, found: str, answer: str) -> str:
    """The accepted answer to name when ``found`` (a form of ``answer``) was heard inside
    the longer utterance ``norm``: a longer accepted form holding it that sounds more like
    the whole utterance, where there is one ("murder fly": butterfly, not fly). The player
    who said it is asked about what they said, so a "no" is not their right answer
    denied."""
    heard, part = _squash(norm), _squash(found)
    best, best_ratio = answer, fuzz.ratio(heard, part)
    for form, listed in key.forms.items():
        squashed = _squash(form)
        if part in squashed and len(squashed) > len(part):
            ratio = fuzz.ratio(heard, squashed)
            if ratio > best_ratio:
                best, best_ratio = listed, ratio
    return best


def _contains(haystack: Sequence[str], needle: Sequence[str]) -> int:
    n = len(needle)
    for i in range(len(haystack) - n + 1):
        if tuple(haystack[i : i + n]) == tuple(needle):
            return i
    return -1


def _is_real(word: str, lex: Any) -> bool:
    return word.isdigit() or bool(lex.is_word(word))


@lru_cache(maxsize=1)
def _words_by_length() -> dict[int, list[str]]:
    lex = _lexicon()
    out: dict[int, list[str]] = {}
    for w in itertools.chain(lex.words, lex.proper_nouns):
        out.setdefault(len(w), []).append(w)
    return out


def nearest_real_word(word: str, exclude: frozenset[str] | set[str]) -> float:
    """Best rapidfuzz ratio of ``word`` to a real word not in ``exclude`` (0 if none near)."""
    return _nearest(word, frozenset(exclude))


@lru_cache(maxsize=4096)
def _nearest(word: str, exclude: frozenset[str]) -> float:
    """(Cached: a scan of the word list takes milliseconds.)"""
    by_len = _words_by_length()
    best = 0.0
    for n in range(max(1, len(word) - 2), len(word) + 3):
        pool = by_len.get(n)
        if not pool:
            continue
        for choice, score, _ in process.extract(
            word, pool, scorer=fuzz.ratio, limit=4, score_cutoff=max(best, 50.0)
        ):
            if choice not in exclude and score > best:
                best = score
    return best


def judge_one(key: AnswerKey, heard: str, typed: bool = False) -> Verdict:
    """Judge one transcript (see the module docstring for the rule); ``typed``: it was typed,
    not heard, so a homophone one letter away is another word, not a doubt."""
    toks = tokens(heard)
    if not toks:
        return Verdict("unclear", None, 0.0)
    hit = key.light_forms.get(light(heard))
    if hit is not None:
        return Verdict("correct", hit, 1.0)
    norm_toks = normalise_tokens(toks)
    norm = " ".join(norm_toks)
    hit = key.forms.get(norm)
    if hit is not None:
        return Verdict("correct", hit, 1.0)  # the answer, even one that is a hesitation ("ah")
    if all(t in HESITATIONS for t in toks):
        return Verdict("unclear", None, 0.0)
    hit = key.squashed.get(_squash(norm))
    if hit is not None:
        return Verdict("correct", hit, 0.95)
    hit = key.near_sounds.get(norm)
    if hit is not None and not typed:
        # "to" heard for "two": the same sound, written as the other word. Confirm.
        return Verdict("unclear", hit, 0.5)

    if norm in NO_ANSWER or all(t in BACKCHANNEL or t in HESITATIONS for t in norm_toks):
        # Thinking aloud, or a word that answers nothing: let the dialogue wait or reprompt.
        return Verdict("unclear", None, 0.0)

    # 2. the answer inside a longer utterance
    for form_toks, answer in sorted(key.token_forms, key=lambda f: -len(f[0])):
        at = _contains(norm_toks, form_toks)
        if at < 0:
            continue
        rest = [*norm_toks[:at], *norm_toks[at + len(form_toks) :]]
        if all(t in SOFT_WORDS or t in form_toks or (len(t) == 1 and t.isalpha())
               for t in rest):
            # Filler, the answer written twice ("bird bird"), or a stray letter the
            # decoder wrote beside it ("d dog"): the answer said plainly. A number is no
            # stray letter ("three one" is two answers: "one" is read as 1).
            return Verdict("correct", answer, 0.9)
        return Verdict("unclear", _fuller_form(key, norm, " ".join(form_toks), answer), 0.5)

    # 3. similarity
    lex = _lexicon()
    best_form, best = "", 0.0
    for form in key.forms:
        score = fuzz.ratio(norm, form)
        if score > best:
            best_form, best = form, score
    likely = key.forms.get(best_form)
    content = [t for t in norm_toks if t not in SOFT_WORDS] or norm_toks
    real = [_is_real(t, lex) for t in content]
    if all(real) and len(content) == 1 and any(
        len(f) > 1 and content[0] in f for f, _ in key.token_forms
    ):
        # One word of a longer answer ("ice" for "ice cream"): not enough, not wrong.
        part = next(a for f, a in key.token_forms if len(f) > 1 and content[0] in f)
        return Verdict("unclear", part, 0.4)
    if all(real) and len(content) == 1 and "'" in content[0]:
        # Contractions ("they're") are missing from the homophone lists: confirm.
        return Verdict("unclear", likely, 0.4)
    if all(real) and len(content) == 1 and best >= SOUNDS_LIKE_RATIO and (
        _skeleton(content[0]) == _skeleton(best_form)
    ):
        # Same consonants, vowels a little off ("beetles" for "beatles"):
        # it may be the answer said aloud and written as another word. Confirm.
        return Verdict("unclear", likely, 0.5)
    if all(real) and len(content) > key.longest + 1:
        # Longer than any answer and without it: table talk, thinking aloud.
        return Verdict("unclear", None, 0.1)
    if all(real) and (len(content) == 1 or best < UNCLEAR_RATIO):
        return Verdict("wrong", " ".join(content), 0.95 if best < UNCLEAR_RATIO else 0.7)
    if best < UNCLEAR_RATIO:
        return Verdict("unclear", None, 0.2)
    best_toks = best_form.split()
    if len(best_toks) >= 2 and len(best_toks) == len(norm_toks) and best >= CORRECT_RATIO:
        diff = [(h, f) for h, f in zip(norm_toks, best_toks, strict=True) if h != f]
        if len(diff) == 1 and not _is_real(diff[0][0], lex) and fuzz.ratio(*diff[0]) >= 70:
            return Verdict("correct", likely, round(best / 100, 2))
    if len(content) == 1 and len(norm_toks) == 1 and best >= TYPO_RATIO:
        rival = nearest_real_word(norm, set(key.forms))
        if best - rival >= MARGIN:
            return Verdict("correct", likely, round(best / 100 * 0.95, 2))
    return Verdict("unclear", likely, round(best / 100 * 0.6, 2))


def judge_free(accepted: Sequence[str], heard: Sequence[str], typed: bool = False
               ) -> tuple[Verdict, str]:
    """Judge an n-best list (best first): returns the verdict and the transcript behind it.

    The best non-empty transcript decides. When it is not right but a later
    alternative is exactly right, the recognizer was torn between them: that
    is **unclear** with the right answer as value (a quick confirmation),
    never a "correct" from a runner-up.
    """
    key = answer_key(tuple(accepted))
    top: tuple[Verdict, str] | None = None
    for alt in heard:
        if top is None and not tokens(alt):
            continue  # an empty alternative says nothing; "[unk]" does (off-list speech)
        v = judge_one(key, alt, typed)
        if top is None:
            top = (v, alt)
            if v.verdict == "correct":
                return top
            continue
        if v.verdict == "correct":
            # named as the fuller accepted form the best transcript sounds like, where one
            # holds it ("oh like our bjorn megan": Ole Einar Bjorndalen, not Bjorndalen);
            # all its words count, a name misheard as filler words too
            named = _fuller_form(key, " ".join(tokens(top[1])),
                                 " ".join(normalise_tokens(tokens(alt))), str(v.value))
            return Verdict("unclear", named, round(min(v.confidence, 0.6), 2)), alt
    if top is None:
        return Verdict("unclear", None, 0.0), heard[0] if heard else ""
    return top
