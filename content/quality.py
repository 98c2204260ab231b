"""Word Up checks a teacher would make: grammar around the gap, giveaways, repeats.

Each function returns plain messages (or ``(item, message)`` pairs for the
checks across items); :mod:`content.validate` turns them into
``file:item-id: what is wrong`` lines.

- **a/an** (:func:`article_problems`): "A ___ is a small orange fruit" fits
  only answers that start with a consonant sound, "an ___" only those with a
  vowel sound; every accepted answer must fit the article before the gap.
- **giveaways** (:func:`giveaway_problems`): a Missing Word sentence or a
  Crossword clue must not contain the answer's stem (salt / salty, light /
  lightning, toothbrush / toothpaste), or the question answers itself.
- **repeats** (:func:`repeated_answers`): in the shipped packs each answer
  word is asked at most once per level, whatever the category, so a player
  does not meet *bargain* three times on the same level.
- **clue = definition** (:func:`clue_is_definition`): a Crossword clue must
  not be, word for word, the definition a Multiple Choice question gives.

And one for Sport and Leisure (:func:`echo_problems`): an accepted answer
made only of the question's own words ("channel" for "the shallow channel
... called?") accepts a player who just repeats the question.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence

from content.lexicon import Lexicon
from content.schema import (
    GAP,
    CrosswordClue,
    MissingWord,
    MultipleChoice,
    SLCard,
    Spelling,
    WordUpItem,
)

# --- a / an ------------------------------------------------------------------------

# Spellings that break the letter rule. A vowel letter read as a consonant
# sound: "a uniform", "a one-way street", "a European". A silent h: "an hour".
_CONSONANT_SOUND_VOWEL_START = re.compile(
    r"^(uni(?![mnd])|use|usu|usa|ura|uri|ure|uti|uto|ute|uku|ubiq|eu|ewe|one|once|ouija)"
)
_VOWEL_SOUND_CONSONANT_START = re.compile(r"^(hour|honest|honou?r|heir|herb(?!al))")
# Letters whose *name* starts with a vowel sound, for initialisms (an MP3, an X-ray).
_VOWEL_NAME_LETTERS = frozenset("aefhilmnorsx")


def starts_with_vowel_sound(word: str) -> bool:
    """True when "an" goes before ``word`` (an apple, an hour; a uniform, a one)."""
    w = word.strip().lower()
    if not w:
        return False
    if re.match(r"^[a-z]-", w):
        return w[0] in _VOWEL_NAME_LETTERS       # x-ray, t-shirt
    if _VOWEL_SOUND_CONSONANT_START.match(w):
        return True
    if _CONSONANT_SOUND_VOWEL_START.match(w):
        return False
    return w[0] in "aeiou"


_ARTICLE_GAP_RE = re.compile(r"\b(a|an)\s+" + re.escape(GAP), re.IGNORECASE)


def article_problems(item: WordUpItem) -> list[str]:
    """"a ___" / "an ___" against every accepted answer of a Missing Word item."""
    if not isinstance(item, MissingWord):
        return []
    out: list[str] = []
    for match in _ARTICLE_GAP_RE.finditer(item.sentence):
        article = match.group(1)
        wants_an = article.lower() == "an"
        for answer in item.answers:
            if starts_with_vowel_sound(answer) != wants_an:
                right = "an" if not wants_an else "a"
                out.append(f"{article!r} before the gap does not fit the answer {answer!r} "
                           f"(it takes {right!r}): rewrite the sentence or drop the answer")
    return out


# --- giveaways ---------------------------------------------------------------------

# Endings that make another form of the same word: salt -> salty, paint -> painter.
_SUFFIXES = ("ations", "ation", "ness", "ment", "ings", "less", "ful", "ing", "est", "ers",
             "ies", "ied", "ity", "ly", "ed", "er", "es", "en", "al", "y", "s", "ie")
# Words too common to give anything away when they share a beginning with the answer.
_SHARED_OK = frozenset(
    "some every other thing body where what when there here your they them then these those "
    "this that with from have like make made come came over under into onto upon after "
    "before about again more most much many very such only just also than been being "
    "each ever even back well good down away the and you are not for its our his her can "
    "was who why how out one all any".split()
)
MIN_STEM = 4


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z]+", text.lower().replace(GAP, " "))


def _base(word: str) -> str:
    """``word`` without one inflection or derivation ending (salty -> salt)."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM - 1:
            stem = word[: -len(suffix)]
            if suffix in ("ies", "ied", "ie") or (suffix == "y" and stem.endswith("i")):
                stem += "y"
            if len(stem) >= 2 and stem[-1] == stem[-2] and stem[-1] not in "ls":
                stem = stem[:-1]                   # sunny -> sun, bigger -> big
            return stem
    return word


def _parts(word: str, lexicon: Lexicon) -> set[str]:
    """The two halves of a closed compound, each a word of at least 4 letters."""
    out: set[str] = set()
    for i in range(MIN_STEM, len(word) - MIN_STEM + 1):
        head, tail = word[:i], word[i:]
        if lexicon.is_word(head, proper=False) and lexicon.is_word(tail, proper=False):
            out |= {head, tail}
    return out


def shares_stem(answer: str, word: str, lexicon: Lexicon) -> str | None:
    """What ``word`` (from the question) gives away of ``answer``, or None.

    Same base form (salt / salty), one the beginning of the other with at
    least 5 letters in common (light / lightning), or a shared half of a
    compound (toothbrush / toothpaste).
    """
    a, w = answer.lower(), word.lower()
    if w in _SHARED_OK or a in _SHARED_OK or len(a) < 3 or len(w) < 3:
        return None
    if a == w:
        return w
    if min(len(a), len(w)) >= MIN_STEM - 1 and _base(a) == _base(w):
        return _base(w)
    short, long = sorted((a, w), key=len)
    if len(short) >= 5 and long.startswith(short):
        return short
    if len(short) >= MIN_STEM and long.startswith(short) and (
            long[len(short):] in _SUFFIXES or _base(long) == short):
        return short
    shared = (_parts(a, lexicon) | ({a} if len(a) >= MIN_STEM else set())) & (
        _parts(w, lexicon) | ({w} if len(w) >= MIN_STEM else set()))
    shared -= _SHARED_OK
    if shared:
        return sorted(shared, key=len)[-1]
    return None


def giveaway_problems(item: WordUpItem, lexicon: Lexicon) -> list[str]:
    """Question words that carry an accepted answer's stem (every kind but Spelling,
    whose sentence must contain its word)."""
    if isinstance(item, Spelling):
        return []
    out: list[str] = []
    words = dict.fromkeys(_words(item.text))
    others: list[str] = []
    if isinstance(item, MultipleChoice):
        # A word every option shares with the question tells the options apart no better.
        others = [w for o in item.options if o not in item.answers for w in _words(o)]
    for answer in item.answers:
        for part in answer.lower().split():
            for word in words:
                stem = shares_stem(part, word, lexicon)
                if stem and not any(shares_stem(o, word, lexicon) for o in others):
                    out.append(f"the question word {word!r} gives away the answer "
                               f"{answer!r} (both have {stem!r})")
    return out


# --- across items ------------------------------------------------------------------


# Words a question may repeat at one level: a grammar question tests the pattern
# ("at the weekend", "good at maths"), not the word.
FUNCTION_WORDS = frozenset(
    "a an the to in on at of it for with by from them him her me us you".split())


def answer_word(item: WordUpItem) -> str:
    """The word an item tests: the answer read out, without function words around it
    ("a key" -> key, "in the fridge" -> fridge)."""
    text = item.word if isinstance(item, Spelling) else item.answers[0]
    words = text.lower().split()
    content = [w for w in words if w not in FUNCTION_WORDS]
    return " ".join(content or words)


def repeated_answers(items: Iterable[WordUpItem]) -> list[tuple[WordUpItem, str]]:
    """Items whose answer word was already asked at the same level (first one kept).

    Function words are exempt (:data:`FUNCTION_WORDS`)."""
    first: dict[tuple[int, str], WordUpItem] = {}
    out: list[tuple[WordUpItem, str]] = []
    for item in items:
        key = (item.level, answer_word(item))
        if key[1] in FUNCTION_WORDS:
            continue
        if key in first:
            other = first[key]
            out.append((item, f"the answer {key[1]!r} is already asked at level "
                              f"{item.level} by {other.id} ({other.category.value}): "
                              "each answer word at most once per level"))
        else:
            first[key] = item
    return out


_MC_LEAD_RE = re.compile(
    r"^(which|what) (word|one) (means|describes|is)\s+", re.IGNORECASE)


def _definition_key(text: str) -> str:
    text = text.split("?")[0] if "?" in text else text
    text = _MC_LEAD_RE.sub("", text.strip())
    return " ".join(re.findall(r"[a-z0-9']+", text.lower()))


CLUE_SIMILARITY = 0.8
"""A clue this close (difflib ratio of the words) to a definition repeats it."""


def clue_is_definition(items: Sequence[WordUpItem]) -> list[tuple[WordUpItem, str]]:
    """Crossword clues that repeat a Multiple Choice definition (word for word, or
    nearly: "to shake because you are cold" / "...cold or afraid")."""
    # One matcher per definition (difflib caches its second sequence), and its cheap upper
    # bounds (real_quick_ratio >= quick_ratio >= ratio) first: the same pairs are found,
    # without a full comparison of every clue with every definition (10 s a load, measured).
    definitions: list[tuple[list[str], MultipleChoice, difflib.SequenceMatcher[str]]] = []
    for item in items:
        if isinstance(item, MultipleChoice):
            for sentence in re.split(r"(?<=[.?!])\s+", item.question):
                key = _definition_key(sentence).split()
                if len(key) >= 3:
                    definitions.append((key, item, difflib.SequenceMatcher(None, [], key)))
    out: list[tuple[WordUpItem, str]] = []
    for item in items:
        if not isinstance(item, CrosswordClue):
            continue
        clue = _definition_key(item.clue).split()
        for key, mc, matcher in definitions:
            matcher.set_seq1(clue)
            if (matcher.real_quick_ratio() >= CLUE_SIMILARITY
                    and matcher.quick_ratio() >= CLUE_SIMILARITY
                    and matcher.ratio() >= CLUE_SIMILARITY):
                same = "word for word" if clue == key else "nearly word for word"
                out.append((item, f"the clue is {same} the definition in {mc.id}: "
                                  "write a different clue"))
                break
    return out


# --- Sport and Leisure ---------------------------------------------------------------

_ECHO_SKIP = frozenset(
    "a an the of in on at to and or is are was for with by its it this that".split())
_CHOICE_RE = re.compile(r"\b([\w'-]+) or ([\w'-]+)\?\s*$", re.IGNORECASE)


def _key_words(text: str) -> list[str]:
    words = re.findall(r"[a-z0-9']+", text.lower().replace("-", " "))
    return [w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words]


def echo_problems(card: SLCard) -> list[str]:
    """Accepted answers that only repeat words of their question.

    A question that offers a choice ("... slow or fast?") is exempt for the
    answers that take one of the choices."""
    out: list[str] = []
    for n, question in enumerate(card.questions):
        asked = set(_key_words(question.text))
        choice = _CHOICE_RE.search(question.text)
        offered = set(_key_words(" ".join(choice.groups()))) if choice else set()
        for answer in question.answers:
            words = [w for w in _key_words(answer) if w not in _ECHO_SKIP]
            if not words or not all(w in asked for w in words):
                continue
            if offered & set(words):
                continue
            out.append(f"question {n + 1} ({question.colour}): answer {answer!r} only repeats "
                       "words of the question")
    return out
