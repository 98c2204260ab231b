"""What every recognizer promises, so the dialogue never knows which engine it has.

A :class:`Grammar` names the phrases a prompt allows; a :class:`Recognizer`
listens to an :class:`~voice.hearing.audio_in.AudioIn` until the utterance ends (or nobody
speaks for ``timeout_s``) and returns a :class:`Recognition`: the n-best
transcripts best first, with whatever confidences the engine gives. Judging
what was meant is not done here (that is :mod:`voice.understanding.judge`).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from voice.audio.clips import Clip
from voice.hearing.audio_in import AudioIn, MemorySource
from voice.reply_kind import ReplyKind

log = logging.getLogger("tabletop.asr")

UNK = "[unk]"
DONE_WORDS = ("done", "finished", "that's it")
"""What a speller says at the end of a spelling (every engine ends the spelling there)."""

# Kinds whose answer is a run of items (letters of a word, "double six"), so the
# constrained decoders allow the phrases to repeat.
REPEATING_KINDS = frozenset({ReplyKind.SPELLING, ReplyKind.NUMBER})


@dataclass(frozen=True)
class Grammar:
    """The phrases one kind of prompt allows; equal grammars share one cached decoder."""

    kind: ReplyKind
    """What the prompt expects; with no phrases the grammar is free (see :attr:`free`)."""
    phrases: tuple[str, ...] = ()
    """Allowed phrases, lower case, words separated by single spaces."""
    repeat: bool = False
    """Whether a sequence of phrases is allowed ("see ay tee"), not just one."""
    answers: tuple[str, ...] = ()
    """The prompt's own answers in the order the table heard them (options, names,
    numbers), without the global commands: what an engine without grammars is
    biased towards."""
    verify: tuple[str, ...] = ()
    """A free answer's accepted answers, which the table has not heard: never a bias, but
    an engine may check the audio for them after decoding freely, and offer one it finds
    as a runner-up (which the host confirms: "Did you say fork?")."""
    prompted: tuple[str, ...] = ()
    """Words an engine that is prompted with the answers names after them, said at this
    prompt though no answer (a command over the host: see barge_in.overlap_grammar)."""

    @staticmethod
    def of(kind: ReplyKind, phrases: Iterable[str], repeat: bool | None = None,
           answers: Iterable[str] = (), verify: Iterable[str] = ()) -> Grammar:
        """A grammar with phrases normalised, de-duplicated and sorted (a stable cache key)."""
        clean = sorted({normalise(p) for p in phrases if normalise(p)})
        said = tuple(dict.fromkeys(normalise(a) for a in answers if normalise(a)))
        check = tuple(dict.fromkeys(normalise(a) for a in verify if normalise(a)))
        return Grammar(kind, tuple(clean), kind in REPEATING_KINDS if repeat is None else repeat,
                       said, check)

    @property
    def free(self) -> bool:
        """No constraint: the engine's full language model."""
        return not self.phrases

    def words(self) -> set[str]:
        return {w for p in self.phrases for w in p.split()}


def normalise(text: str) -> str:
    """Lower case, punctuation other than apostrophes dropped, single spaces."""
    return " ".join(re.sub(r"[^\w'\[\] ]+", " ", text.lower()).split())


@dataclass(frozen=True)
class Alternative:
    """One transcript from the n-best list."""

    text: str
    """Words as the engine gave them; may contain "[unk]" for off-list speech."""
    confidence: float | None = None
    """0-1: for n-best lists, this transcript's share of the list's probability
    (from the engine's scores); for single results, the mean word confidence.
    None when the engine gives nothing usable."""
    score: float | None = None
    """The engine's raw score (not comparable across engines or utterances)."""
    word_confidences: tuple[float, ...] = ()
    """Per-word confidence 0-1 where the engine gives it (empty otherwise)."""
    in_grammar: bool = True
    """Whether the text is made only of allowed phrases (grammars are bigram
    models, not whitelists, so this is checked after decoding)."""


@dataclass(frozen=True)
class Recognition:
    """What was heard in one utterance."""

    alternatives: tuple[Alternative, ...] = ()
    """n-best transcripts, best first; empty when nothing was heard."""
    engine: str = ""
    timed_out: bool = False
    """Nobody spoke within the no-speech timeout."""
    speech_end_ms: float | None = None
    """When speech ended, counted from the start of listening (milliseconds of audio)."""
    result_at_ms: float = 0.0
    """When the final result was ready, from the start of listening (milliseconds of audio)."""
    decode_ms: float = 0.0
    """Processor time spent in the engine for this utterance (milliseconds, wall clock)."""
    final_ms: float = 0.0
    """Time of the engine's last call, which produced the result (milliseconds, wall clock)."""
    dropped_words: tuple[str, ...] = field(default=())
    """Grammar words left out because the engine's vocabulary lacks them."""
    noisy: bool = False
    """The room was too loud to hear a player: speech all through the listen, and nothing
    in it clear of the rest (voice.hearing.focus.room_too_loud)."""
    unsure: bool = False
    """The best transcript's answer was heard weakly through talk: confirm it, never take it
    (a spelling's letters heard weakly are said back only where they spell no answer)."""

    @property
    def text(self) -> str:
        """The best transcript, or "" when nothing was heard."""
        return self.alternatives[0].text if self.alternatives else ""

    @property
    def heard(self) -> list[str]:
        """The transcripts for understanding: "[unk]" removed, blanks and repeats dropped."""
        out: list[str] = []
        for alt in self.alternatives:
            words = [w for w in alt.text.split() if w != UNK]
            text = " ".join(words)
            if text and text not in out:
                out.append(text)
        return out

    @staticmethod
    def join(parts: Sequence[Recognition], max_alternatives: int = 5) -> Recognition:
        """One recognition from consecutive listens (letters said with pauses between).

        The best transcript joins each segment's best; further alternatives swap
        in one segment's second-best at a time. Times count from the start of
        the first listen, including listens that heard nothing.
        """
        offsets, total = [], 0.0
        for p in parts:
            offsets.append(total)
            total += p.result_at_ms
        heard = [(p, off) for p, off in zip(parts, offsets, strict=True) if p.alternatives]
        if not heard:
            return replace(parts[-1], result_at_ms=total) if parts else Recognition()
        best = [p.alternatives[0] for p, _ in heard]
        texts = [" ".join(a.text for a in best if a.text)]
        for i, (part, _) in enumerate(heard):
            for alt in part.alternatives[1:2]:
                swapped = [alt if j == i else b for j, b in enumerate(best)]
                texts.append(" ".join(a.text for a in swapped if a.text))
        confs = [a.confidence for a in best if a.confidence is not None]
        alts = [Alternative(texts[0], min(confs) if confs else None,
                            in_grammar=all(a.in_grammar for a in best))]
        alts += [Alternative(t, None) for t in dict.fromkeys(texts[1:]) if t != texts[0]]
        last, last_off = heard[-1]
        return replace(last, alternatives=tuple(alts[:max_alternatives]),
                       speech_end_ms=None if last.speech_end_ms is None
                       else last_off + last.speech_end_ms,
                       decode_ms=sum(p.decode_ms for p in parts),
                       result_at_ms=total, timed_out=False)


class Recognizer(Protocol):
    """A speech (or typed) input engine."""

    name: str

    def listen(self, audio: AudioIn, grammar: Grammar, timeout_s: float = 8.0) -> Recognition:
        """Hear one utterance from ``audio`` (a spelling whole, its pauses and all).

        Returns when the engine's endpointer says the utterance is over, when the
        stream ends, or with ``timed_out`` when no speech starts within
        ``timeout_s`` seconds of audio.
        """
        ...


def allowed_sequence(text: str, grammar: Grammar) -> bool:
    """Whether ``text`` is one allowed phrase (or, for a repeating grammar, a run of them)."""
    if grammar.free:
        return UNK not in text.split()
    words = text.split()
    if not words:
        return False
    phrases = [p.split() for p in grammar.phrases]
    if not grammar.repeat:
        return words in phrases
    ok = [False] * (len(words) + 1)
    ok[0] = True
    for i in range(len(words)):
        if ok[i]:
            for p in phrases:
                if words[i:i + len(p)] == p:
                    ok[i + len(p)] = True
    return ok[-1]


def keep_known(grammar: Grammar, known: Callable[[str], bool], engine: str
               ) -> tuple[list[str], list[str]]:
    """Split grammar phrases into those whose words the engine knows, and the unknown words.

    A phrase with an unknown word is left out entirely (its known words alone
    would make the engine hear a different phrase); each unknown word is
    logged once per grammar.
    """
    kept: list[str] = []
    unknown: list[str] = []
    for phrase in grammar.phrases:
        missing = [w for w in phrase.split() if not known(w)]
        if missing:
            unknown.extend(w for w in missing if w not in unknown)
        else:
            kept.append(phrase)
    if unknown:
        log.warning("%s: %d grammar word(s) not in the model's vocabulary, left out: %s",
                    engine, len(unknown), ", ".join(unknown[:20]))
    return kept, unknown


def recognize_clip(recognizer: Recognizer, clip: Clip, grammar: Grammar,
                   timeout_s: float = 8.0) -> Recognition:
    """Recognise a clip (any rate) as if it were said into the microphone."""
    return recognizer.listen(MemorySource(clip), grammar, timeout_s)


def listen_spelled(listen: Callable[[AudioIn, Grammar, float], Recognition], audio: AudioIn,
                   grammar: Grammar, timeout_s: float = 8.0, gap_s: float = 1.5,
                   done_words: Sequence[str] = DONE_WORDS) -> Recognition:
    """Letters with pauses: keep listening through endpoints until a longer silence.

    Vosk 0.3.45 ends an utterance after 0.5-1 s of silence (its model's
    endpoint rules), shorter than the pause between spelled letters; so each
    segment is one ``listen`` (an engine's own one-utterance listen), and spelling
    ends when no new speech starts within ``gap_s`` or a segment ends with a done word.
    """
    parts = [listen(audio, grammar, timeout_s)]
    if parts[0].timed_out:
        return parts[0]
    while True:
        last = parts[-1].text.split()
        if last and (" ".join(last[-2:]) in done_words or last[-1] in done_words):
            break
        nxt = listen(audio, grammar, gap_s)
        parts.append(nxt)
        if nxt.timed_out or not nxt.alternatives:
            break
    return Recognition.join(parts)
