"""Word Up questions as the reader reads them, and the answer read back when wrong.

Each category has its style (word-up.txt): Missing Word is the sentence with
its gap ("mmm") and the letter count; Crossword the clue and the first letter;
Multiple Choice the question and its three options; Spelling the sentence,
then the word again. The words of the question can be spelled on request,
except a Spelling question's own word; help with words (say, meaning) never
gives the answer away.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from content.schema import (
    Category,
    CrosswordClue,
    MissingWord,
    MultipleChoice,
    Spelling,
    WordUpItem,
)
from voice.hosting.exchange import Ask, Help, Line
from voice.learning.pronounce_help import help_for, parse_help
from voice.reply_kind import ReplyKind
from voice.understanding.judge import Understood
from voice.understanding.spell_request import spellable

CATEGORY_OF: dict[str, Category] = {
    "orange": Category.MISSING_WORD,
    "green": Category.CROSSWORD,
    "blue": Category.MULTIPLE_CHOICE,
    "yellow": Category.SPELLING,
}
"""Each Word Up colour's question category."""

_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def question_ask(item: WordUpItem, name: str, glossary: Mapping[str, str] | None = None,
                 *, time_limit_s: float | None = None) -> Ask:
    """The Ask that reads ``item`` in its category's style and judges the reply.

    After three unclear replies the answer counts as wrong (the sheet's
    graceful default); the right answer is then read by the verdict. Silence
    is not a reply: the sheet sets no time limit, so the host offers to wait,
    repeat or skip, unless the table chose a per-answer limit
    (``time_limit_s``), after which no answer is a miss. The player may ask
    for help with words ("how do you say ...", "what does ... mean", "say it
    slowly"), which never gives the answer away.
    """
    ask = _question_ask(item, name)
    ask.help = lambda said: _help(item, said, glossary)
    ask.patient = True
    ask.time_limit_s = time_limit_s
    ask.ahead = tuple(verdict_lines(item))
    return ask


def _help(item: WordUpItem, said: str, glossary: Mapping[str, str] | None) -> Help | None:
    request = parse_help(said)
    if request is None:
        return None
    reply = help_for(item, request, glossary=glossary)
    return Help([Line(reply.key, dict(reply.fields))], spell=reply.spell, slow=reply.slow)


def _question_ask(item: WordUpItem, name: str) -> Ask:
    wrong = Understood("wrong", None, 1.0, "")
    if isinstance(item, MissingWord):
        return Ask([Line("wordup.missing_word", {"sentence": item.sentence,
                                                 "letters": item.letters})],
                   ReplyKind.WORD, name, request={"accepted": list(item.answers)},
                   spellable=_words(item.sentence), default=wrong, confirm=_confirm_word)
    if isinstance(item, CrosswordClue):
        return Ask([Line("wordup.crossword", {"clue": item.clue,
                                              "letter": item.first_letter.upper()})],
                   ReplyKind.WORD, name, request={"accepted": list(item.answers)},
                   spellable=_words(item.clue), default=wrong, confirm=_confirm_word)
    if isinstance(item, MultipleChoice):
        a, b, c = item.options
        options = list(item.options)
        return Ask([Line("wordup.multiple_choice", {"question": item.question,
                                                    "a": a, "b": b, "c": c})],
                   ReplyKind.CHOICE, name, request={"options": options, "answer": item.answers[0]},
                   spellable=_words(" ".join([item.question, *options])), default=wrong,
                   confirm=lambda u: _confirm_choice(u, options))
    if isinstance(item, Spelling):
        return Ask([Line("wordup.spelling", {"sentence": item.sentence, "word": item.word})],
                   ReplyKind.SPELLING, name,
                   request=_spelling_request(item),
                   spellable=spellable(_words(item.sentence), item.word, *item.answers),
                   secret=item.word, default=wrong, confirm=_confirm_spelling)
    raise AssertionError(f"unknown Word Up item {item!r}")


def _spelling_request(item: Spelling) -> dict[str, Any]:
    variants = [a for a in item.answers if a.lower() != item.word.lower()]
    return {"answer": item.word, **({"variants": variants} if variants else {})}


def verdict_lines(item: WordUpItem) -> list[Line]:
    """What the reader may say once ``item`` is answered, to render ahead: the wrong lines,
    and for a word answer "Did you say <the answer>?", which a near sound or a word the
    recognizer was torn over is asked as ("Did you say duckling?" for "darkling"). "Right"
    is a fixed phrase, rendered at the start."""
    lines = wrong_lines(item)
    if isinstance(item, (MissingWord, CrosswordClue)):
        lines.append(Line("common.did_you_say", {"said": item.answers[0]}))
    return lines


def wrong_lines(item: WordUpItem) -> list[Line]:
    """What the reader says after a wrong answer: the right answer (spelled for Spelling)."""
    if isinstance(item, Spelling):
        out = [Line("wordup.wrong_spelling", {"word": item.word}),
               Line("wordup.spelled_out", {"letters": spelled(item.word)})]
        for other in (v for v in item.answers if v != item.word):
            # Spelled, not just said: "jewelry" sounds like the "jewellery" just spelled.
            out += [Line("wordup.also_spelled", {"word": other}),
                    Line("wordup.spelled_out", {"letters": spelled(other)})]
        return out
    if isinstance(item, MultipleChoice):
        index = list(item.options).index(item.answers[0]) if item.answers[0] in item.options else 0
        return [Line("wordup.wrong_choice", {"letter": "ABC"[index],
                                             "answer": item.options[index]})]
    answer, others = item.answers[0], list(item.answers[1:4])
    if others:
        return [Line("wordup.wrong_word_more",
                     {"answer": answer, "others": join(others, "wordup.list_or")})]
    return [Line("wordup.wrong_word", {"answer": answer})]


def spelled(word: str) -> str:
    """``"colour"`` -> ``"C-O-L-O-U-R"``: the transcript's spelled form, which the
    voice mouth reads letter by letter (see :class:`voice.hosting.voice_adapter.VoiceMouth`)."""
    return "-".join(ch for ch in word.upper() if ch.isalpha())


def _words(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(w.strip("'-") for w in _WORD.findall(text) if len(w) > 1))


def _confirm_word(u: Understood) -> Line:
    return Line("common.did_you_say", {"said": u.value if isinstance(u.value, str) else u.heard})


def _confirm_choice(u: Understood, options: list[str]) -> Line:
    if isinstance(u.value, int) and 0 <= u.value < len(options):
        return Line("common.did_you_say", {"said": f"{'ABC'[u.value]}: {options[u.value]}"})
    return Line("common.did_you_say", {"said": u.heard})


def _confirm_spelling(u: Understood) -> Line:
    letters = u.value if isinstance(u.value, str) and u.value else u.heard
    return Line("common.did_you_say", {"said": spelled(letters)})


_PHRASES: Any = None


def phrase(key: str, **fields: Any) -> str:
    """A fragment from the phrases file, filled in (parts of a longer spoken line)."""
    global _PHRASES
    if _PHRASES is None:
        from voice.speaking.phrases import Phrases
        _PHRASES = Phrases.load()
    return str(_PHRASES.text(key, **fields))


def join(items: Sequence[str], key: str = "wordup.list_and") -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return items[0] if items else ""
    return phrase(key, items=", ".join(items[:-1]), last=items[-1])
