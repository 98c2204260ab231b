"""The pieces a line is said in by the natural voice: clauses cut at punctuation, long ones
cut into phrases, and words another voice says made pieces of their own."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from voice.speaking.tts import HUMMED_M

PAUSE_S = {",": 0.18, ";": 0.25, ":": 0.25, ".": 0.35, "!": 0.35, "?": 0.35, "": 0.12}
"""Silence after a clause by its closing punctuation (seconds, at normal speed)."""

CLAUSE = re.compile(r"\s*(.+?)([,;:.!?]+)(?=\s|$)|\s*(.+?)\s*$", re.S)
"""One clause and its closing punctuation; punctuation inside a word ("3.5", "e.g")
does not end a clause."""


@dataclass(frozen=True)
class Clause:
    """A piece of a line said in one breath, and how it ends."""

    text: str
    punct: str
    """Its closing punctuation ("" at the end of a line without any)."""

    @property
    def pause_s(self) -> float:
        """The silence after it (seconds, at normal speed)."""
        return PAUSE_S.get(self.punct[:1], PAUSE_S[""])


MAX_CLAUSE_WORDS = 8
"""A longer clause is said as phrases of at most this many words (:func:`phrases_of`): the
first sound of a line waits for its first clause to render (about 85 ms per second of
audio on one core, so 8 words are ~200 ms), and the voice's working memory grows with the
longest clause (about 25 MB per second of audio)."""
PHRASE_STARTS = frozenset({
    "and", "or", "but", "so", "because", "if", "when", "while", "where", "which", "who",
    "whose", "that", "than", "as", "with", "without", "in", "on", "at", "for", "from",
    "into", "to", "of", "by", "about", "after", "before", "during", "under", "over",
    "between", "through"})
"""Words a phrase of a long clause may start with, where a reader takes a short breath."""
PHRASE_CUT = ","
"""How a phrase cut out of a long clause ends: with a comma the voice carries the sentence on
into the next phrase; without punctuation it closed each phrase like a sentence (30 long
pack questions heard back by plain Whisper: 7 sentence ends put inside them, 5 with the
comma, 2 unsplit)."""
MIN_PHRASE_WORDS = 3
"""No phrase of a long clause is shorter (a word or two alone sounds clipped)."""


def phrases_of(clause: Clause) -> list[Clause]:
    """``clause`` as phrases of at most :data:`MAX_CLAUSE_WORDS` words, each cut before the
    phrase word (:data:`PHRASE_STARTS`) nearest an even share, else at the even share; each
    cut ends in :data:`PHRASE_CUT`, the last phrase in the clause's own punctuation."""
    words = clause.text.split()
    if len(words) <= MAX_CLAUSE_WORDS:
        return [clause]
    pieces = -(-len(words) // MAX_CLAUSE_WORDS)
    share = len(words) / pieces
    lo, hi = max(MIN_PHRASE_WORDS, round(share) - 2), min(MAX_CLAUSE_WORDS, round(share) + 2)
    cuts = [i for i in range(lo, hi + 1) if words[i].lower().strip("\"'(") in PHRASE_STARTS
            and len(words) - i >= MIN_PHRASE_WORDS]
    cut = min(cuts, key=lambda i: abs(i - share)) if cuts else round(share)
    return [Clause(" ".join(words[:cut]), PHRASE_CUT),
            *phrases_of(Clause(" ".join(words[cut:]), clause.punct))]


def clauses(text: str) -> list[Clause]:
    """A line cut at its punctuation, each gap mark (``[[m::::]]``) a clause of its own, a
    long clause cut into phrases (:func:`phrases_of`)."""
    out: list[Clause] = []
    for piece in re.split(r"(\[\[[^\]]*\]\])", text):
        if piece == HUMMED_M or (piece.startswith("[[") and piece.endswith("]]")):
            out.append(Clause(HUMMED_M, ","))
            continue
        for m in CLAUSE.finditer(piece):
            words = (m.group(1) or m.group(3) or "").strip()
            punct = m.group(2) or ""
            if re.search(r"\w", words):
                out.extend(phrases_of(Clause(words, punct)))
            elif out:  # punctuation alone (", ." after a gap) ends the clause before
                out[-1] = Clause(out[-1].text, (re.sub(r"[^,;:.!?]", "", words) + punct)[-1:]
                                 or out[-1].punct)
    return out


def words_apart(parts: list[Clause], words: frozenset[str]) -> list[Clause]:
    """``parts`` with each of ``words`` inside a longer clause made a clause of its own, so
    that the fallback voice says just that word ("The answer is" / "cricket."); the pieces
    before it end without punctuation (the shortest pause)."""
    if not words:
        return parts
    pattern = _word_pattern(words)
    out: list[Clause] = []
    for part in parts:
        pieces = [p for p in pattern.split(part.text) if p.strip()]
        if len(pieces) < 2:
            out.append(part)
            continue
        out.extend(Clause(p.strip(), "") for p in pieces[:-1])
        out.append(Clause(pieces[-1].strip(), part.punct))
    return out


@functools.lru_cache(maxsize=4)
def _word_pattern(words: frozenset[str]) -> re.Pattern[str]:
    return re.compile(r"(?i)\b(" + "|".join(map(re.escape, sorted(words))) + r")\b")
