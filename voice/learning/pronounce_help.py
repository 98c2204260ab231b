"""Pronunciation help at a question: say it slowly, say a word, spell a word, define a word.

The sheet lets the answerer ask for words to be repeated or spelt, "any word
... except, of course, the target word" of a Spelling question, and a
learner often needs a word said slowly or explained. The one thing help must
never do is give away the answer, so the rules are:

- **say** (``how do you say X``): any word, said alone, slowly, twice.
  Saying a word the player has just named reveals nothing.
- **spell** (``spell X``): only words of the question as read (RULINGS), and
  never the Spelling target, words that sound like it or are other spellings
  of it (the ear cannot tell ``flour`` from ``flower``, so spelling either
  would answer), nor a word that contains it or is a form of it
  (:mod:`voice.understanding.spell_request`). A hidden answer is never in the
  question, so it is refused like any outside word.
- **define** (``what does X mean``): only words the player has heard in this
  question. The item's ``definition`` defines its target word, so it is
  given only for a Spelling target (the word was said aloud; its meaning is
  not its spelling). A hidden answer (Missing Word, Crossword) never appears
  in the question, so asking about it gets the same "only words in the
  question" reply as any other outside word: the refusal itself gives
  nothing away. Multiple-choice options are all refused alike, because
  defining them would answer the question. Other question words are
  explained from a ``glossary`` the caller may pass (see :func:`glossary`).
- **slowly** (``say it slowly``): the question again, slowly.

Pure functions: the dialogue parses an utterance with :func:`parse_help`,
asks :func:`help_for`, and speaks the reply's phrase (slowly when ``slow``),
then spells ``spell`` letter by letter if set.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from rapidfuzz import fuzz

from content.definitions import load_definitions
from content.lexicon import Lexicon
from content.schema import GAP, MultipleChoice, Spelling, WordUpItem
from voice.understanding.spell_request import gives_away, target_forms
from voice.understanding.transcript import HESITATIONS, tokens

HelpKind = Literal["slowly", "say", "spell", "define"]

_POLITE = ("can you please", "could you please", "please", "can you", "could you",
           "would you", "excuse me", "sorry", "ok", "okay")
_THAT = {"it", "that", "this", "the word", "that word", "this word", "it again",
         "that again", "the word again"}

# (lead, tail): the word sits between them. Longest leads first.
_PATTERNS: dict[HelpKind, tuple[tuple[str, str], ...]] = {
    "slowly": (("say it", "slowly"), ("say that", "slowly"), ("read it", "slowly"),
               ("say the question", "slowly"), ("read the question", "slowly"),
               ("say the sentence", "slowly"), ("repeat it", "slowly"),
               ("repeat that", "slowly"), ("say it", "more slowly"),
               ("say that", "more slowly")),
    "say": (("how do you say", ""), ("how do i say", ""), ("how do you pronounce", ""),
            ("how do i pronounce", ""), ("how is", "pronounced"), ("how is", "said"),
            ("pronounce", ""), ("say the word", "slowly"), ("say the word", ""),
            ("say", "slowly"), ("say", "again")),
    "spell": (("how do you spell", ""), ("how do i spell", ""), ("spell the word", ""),
              ("spell", "for me"), ("spell", "")),
    "define": (("what does", "mean"), ("what is the meaning of", ""),
               ("what's the meaning of", ""), ("whats the meaning of", ""),
               ("the meaning of", ""), ("meaning of", ""), ("define", ""),
               ("what is", "mean"), ("what do you mean by", ""), ("what is a", ""),
               ("what is an", ""), ("what's a", ""), ("what's an", ""), ("whats a", ""),
               ("what is", ""), ("what's", ""), ("whats", "")),
}
_MATCH_ORDER: tuple[HelpKind, ...] = ("slowly", "define", "spell", "say")
_FUZZY_MIN = 80.0
"""A heard word this close (rapidfuzz ratio) to a question word is taken for it."""


@dataclass(frozen=True)
class HelpRequest:
    """What the player asked: ``word`` as heard (lower case), None for "it"/"that"."""

    kind: HelpKind
    word: str | None = None


@dataclass(frozen=True)
class HelpReply:
    """What to say back.

    ``key``/``fields`` name the ``[learn]`` phrase; speak it at the slow rate
    when ``slow``; afterwards spell ``spell`` letter by letter when set.
    ``allowed`` is False for a refusal (the phrase says why); ``word`` is the
    word meant, as written in the question when it is one of its words.
    """

    request: HelpRequest
    allowed: bool
    key: str
    fields: Mapping[str, str] = field(default_factory=dict)
    word: str | None = None
    slow: bool = False
    spell: str | None = None


def _words(text: str) -> list[str]:
    return [t for t in tokens(text) if t not in HESITATIONS]


def parse_help(utterance: str) -> HelpRequest | None:
    """The help asked for in a whole utterance, or None when it is not a help request.

    ``"how do you say borrow"`` -> ``HelpRequest("say", "borrow")``;
    ``"what does that mean"`` -> ``HelpRequest("define", None)``.
    """
    toks = _words(utterance)
    text = " ".join(toks)
    changed = True
    while changed:
        changed = False
        for lead in _POLITE:
            if text.startswith(lead + " "):
                text, changed = text[len(lead) + 1:], True
        for tail in ("please", "thanks", "thank you", "again please"):
            if text.endswith(" " + tail):
                text, changed = text[: -len(tail) - 1], True
    for kind in _MATCH_ORDER:
        for lead, tail in _PATTERNS[kind]:
            middle = _between(text, lead, tail)
            if middle is None:
                continue
            if kind == "slowly":
                if middle == "":
                    return HelpRequest("slowly")
                continue
            if middle in _THAT or middle == "":
                if kind == "say" and middle == "" and not tail:
                    continue
                return HelpRequest(kind, None)
            words = [w for w in middle.split() if w not in ("the", "word", "a", "an")]
            if len(words) == 1:
                return HelpRequest(kind, words[0])
    return None


def _between(text: str, lead: str, tail: str) -> str | None:
    """The text between ``lead`` and ``tail`` when ``text`` is exactly lead + X + tail."""
    if not (text == lead or text.startswith(lead + " ")):
        return None
    rest = text[len(lead):].strip()
    if tail:
        if rest == tail:
            return ""
        if not rest.endswith(" " + tail):
            return None
        rest = rest[: -len(tail)].strip()
    return rest


def question_words(item: WordUpItem) -> list[str]:
    """The words the player heard in this question, as written, in order, once each."""
    texts = [item.text.replace(GAP, " ")]
    if isinstance(item, MultipleChoice):
        texts += list(item.options)
    if isinstance(item, Spelling):
        texts.append(item.word)
    seen: dict[str, str] = {}
    for text in texts:
        for w in tokens(text):
            seen.setdefault(w, w)
    return list(seen)


def hidden_words(item: WordUpItem) -> frozenset[str]:
    """Words that must not be explained: every accepted answer, and for multiple
    choice every option (explaining them would answer the question)."""
    out = {t for a in item.answers for t in tokens(a)}
    if isinstance(item, MultipleChoice):
        out |= {t for o in item.options for t in tokens(o)}
    if isinstance(item, Spelling):
        out -= {t for t in tokens(item.word)}
    return frozenset(out)


def resolve_word(item: WordUpItem, heard: str) -> tuple[str, bool]:
    """The question word ``heard`` stands for, and whether it is in the question.

    An exact match wins; otherwise the closest question word at a rapidfuzz
    ratio of at least 80 (a recognizer's near miss); else the heard word.
    """
    words = question_words(item)
    key = " ".join(tokens(heard))
    if key in words:
        return key, True
    best, best_score = None, 0.0
    for w in words:
        score = fuzz.ratio(key, w, score_cutoff=_FUZZY_MIN)
        if score > best_score:
            best, best_score = w, score
    if best is not None:
        return best, True
    return key, False


def _default_word(item: WordUpItem) -> str | None:
    """What "it"/"that" means: the Spelling target, else nothing definite."""
    return item.word.lower() if isinstance(item, Spelling) else None


def help_for(item: WordUpItem, request: HelpRequest, *,
             glossary: Mapping[str, str] | None = None,
             lexicon: Lexicon | None = None) -> HelpReply:
    """The reply to ``request`` at the question ``item`` (see the module rules)."""
    if request.kind == "slowly":
        return HelpReply(request, True, "learn.say_slowly", {"text": slow_text(item)},
                         slow=True)
    if request.word is None:
        word, in_question = _default_word(item), True
    else:
        word, in_question = resolve_word(item, request.word)
    if word is None:
        return HelpReply(request, False, "learn.which_word")
    fields = {"word": word}
    if request.kind == "say":
        return HelpReply(request, True, "learn.say_word", fields, word, slow=True)
    if request.kind == "spell":
        forms = (target_forms(item.word, *item.answers, lexicon=lexicon)
                 if isinstance(item, Spelling) else frozenset())
        if forms and (gives_away(word, forms) or any(gives_away(t, forms) for t in tokens(word))):
            return HelpReply(request, False, "learn.refuse_spell_target", fields, word)
        if not in_question:
            return HelpReply(request, False, "learn.spell_only_question_words", fields, word)
        return HelpReply(request, True, "learn.spelling_word", fields, word, spell=word)
    return _define(item, request, word, in_question, glossary or {})


def _define(item: WordUpItem, request: HelpRequest, word: str, in_question: bool,
            glossary: Mapping[str, str]) -> HelpReply:
    fields = {"word": word}
    if not in_question:
        return HelpReply(request, False, "learn.define_only_question_words", fields, word)
    if isinstance(item, MultipleChoice) and word in hidden_words(item):
        return HelpReply(request, False, "learn.refuse_define_option", fields, word)
    if word in hidden_words(item):
        return HelpReply(request, False, "learn.no_definition", fields, word)
    if isinstance(item, Spelling) and word == item.word.lower():
        # The target: only the item's own definition, written not to spell it.
        definition = item.definition or ""
    else:
        definition = glossary.get(word, "")
        if definition and gives_answer(item, definition):
            definition = ""
    if not definition:
        return HelpReply(request, False, "learn.no_definition", fields, word)
    return HelpReply(request, True, "learn.define", {**fields, "definition": definition}, word)


def slow_text(item: WordUpItem) -> str:
    """The question as read, for "say it slowly": the sentence and the word for
    Spelling (as the reader repeats it), the options for multiple choice. A
    Missing Word gap stays ``___`` for the speaker to render as in the question."""
    text = item.text
    if isinstance(item, Spelling):
        return f"{text} {item.word}."
    if isinstance(item, MultipleChoice):
        return " ".join([text, *(f"{o}." for o in item.options)])
    return text


def gives_answer(item: WordUpItem, definition: str) -> bool:
    """True when reading ``definition`` at ``item`` would name one of its hidden
    words (an answer, an option) or a form of its Spelling target."""
    words = tokens(definition)
    if set(words) & hidden_words(item):
        return True
    if isinstance(item, Spelling):
        forms = target_forms(item.word, *item.answers)
        return any(gives_away(w, forms) for w in words)
    return False


def glossary(items: Iterable[WordUpItem],
             base: Mapping[str, str] | None = None) -> dict[str, str]:
    """Word -> learner's definition, from items whose target is one word, over
    ``base`` (by default the WordNet definitions shipped in content/lexicon,
    :func:`content.definitions.load_definitions`): an author's own definition wins.

    The dialogue may pass this to :func:`help_for` to explain other words of a
    question; a current answer is refused before the glossary is consulted, and
    a definition that would name a hidden word is not read.
    """
    out: dict[str, str] = dict(load_definitions() if base is None else base)
    authored: set[str] = set()
    for item in items:
        if item.definition and len(item.answers[0].split()) == 1:
            word = item.answers[0].strip().lower()
            if word not in authored:
                out[word] = item.definition
                authored.add(word)
    return out
