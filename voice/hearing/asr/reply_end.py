"""Whether a free answer, decoded after a short pause, was said in full.

A free answer (a quiz answer, a Missing Word) may have several words, so its utterance
waits out a pause long enough for the next one (EndpointPolicy.for_kind); the recognizer
decodes it after a shorter pause while the rest passes, and where what it heard is over
the utterance ends then (the reply starts about a quarter of a second sooner). Pure text
over a decode: :mod:`voice.hearing.asr.whisper` does the listening.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from content.spoken_words import ANSWER_FRAME_WORDS
from voice.hearing.asr.base import Alternative, Grammar
from voice.reply_kind import ReplyKind

if TYPE_CHECKING:
    from voice.hearing.asr.whisper_letters import Decoded

NUMBER_GOES_ON = frozenset({"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                            "ninety", "hundred", "thousand", "million"})
"""Number words the next word can go on from: an answer ending in one is not complete."""


def complete_answer(result: Decoded, alts: list[Alternative], grammar: Grammar) -> bool:
    """Whether a free answer decoded after a short pause was said in full, with no talk
    around it, so the utterance ends without the rest of the trailing silence (which only
    waits for a further word): an accepted answer whole, or words other than frame words
    ("I think it's ...") ending on one of them that no longer accepted answer could go on
    from (a wrong answer is over as soon as a right one would be). A number the next word
    could go on ("twenty" of "twenty five") waits."""
    top = alts[0] if alts else None
    if grammar.kind != ReplyKind.WORD or top is None or result.crowded or not grammar.verify:
        return False
    words = top.text.split()
    if not words or words[-1] in NUMBER_GOES_ON:
        return False
    if top.text in grammar.verify:
        return True
    content = [w for w in words if w not in ANSWER_FRAME_WORDS]
    return bool(content) and words[-1] not in ANSWER_FRAME_WORDS and not any(
        _goes_on(content, answer) for answer in grammar.verify)


def _goes_on(content: list[str], answer: str) -> bool:
    """Whether ``content`` (a reply's words other than frame words) may be the start of the
    accepted ``answer``, which has more such words: they begin alike ("steve" of "Steven
    Redgrave"; "flight", misheard for the "fly" of "fly half"), so the utterance waits out
    the whole pause for the rest."""
    theirs = [w for w in answer.lower().split() if w not in ANSWER_FRAME_WORDS]
    return len(theirs) > len(content) and content[0][:2] == theirs[0][:2]
