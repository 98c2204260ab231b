"""How Whisper hears letters: one letter said alone, and a spelled stretch as letters.

A mixin of :class:`~voice.hearing.asr.whisper.WhisperRecognizer` (it uses the recognizer's
encoder, decoder and tokenizer). One letter (a run of speech inside a spelling) is decoded
with the NATO alphabet as the prompt; when it sounds like a NATO word, the first step's
classifier over the 26 letters names the letter, else the same classifier after the plain
alphabet (a letter name is read twice, as said and pre-emphasised, and the two averaged),
combined with the encoder's letter head (:mod:`voice.hearing.asr.letter_head`). Several
letters said without a pause come back as the decoder wrote them; a whole word stays a
word. A whole spelled stretch is decoded once after a letter prompt, each letter with the
26 letters' probabilities at its step (:mod:`voice.hearing.asr.whisper_spelling`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from voice.audio.clips import ASR_RATE_HZ
from voice.hearing.asr.letter_head import LetterHead, combined
from voice.hearing.asr.spelling_runs import LONGEST_LETTER_S, Slot
from voice.hearing.asr.whisper_words import (
    ALPHABET_PROMPT,
    LETTER_NAME_S,
    LETTER_SOUNDS,
    LETTERS,
    NATO,
    NATO_ALSO,
    NATO_PROMPT,
    first_letter_words,
    looping,
    nato_reading,
    said_word,
    several_letters,
    spelling_word,
    transcript_words,
)
from voice.reply_kind import ReplyKind

LETTER_LEAD_S = 0.3
"""Silence put before a spelling segment for its NATO decode (seconds). Letters said alone
by espeak voices through the game's ears (3 voices / 4 others; names, NATO words):
without it 65 / 87 % and 58 / 86 %; with it 64 / 91 % and 56 / 90 %, and with the
letter's 0.3 s of pre-roll as well 68 / 95 % and 59 / 93 %. A segment with no NATO word
in it is read again without the silence: letter names were not helped by it. A segment too
long to be one letter (LONGEST_LETTER_S) is not: letters run together are read from its
NATO decode's encoding, one encode instead of two (35 people spelling names: a name spelled
in two runs is answered 130-270 ms sooner, the letters as often right)."""

STRETCH_BEAM = 5
"""Readings a beam search keeps of a spelled stretch, for runner-ups where the greedy
reading spelled no accepted answer (a first letter the greedy decode dropped: "u r o r a"
for "a u r o r a"); 100-250 ms for a 10 s stretch on two cores."""

STRETCH_SAID_TOKENS = 24
"""New tokens for a stretch decoded as what was said (a name said whole: a few words)."""

LETTER_EMPHASIS = 0.9
"""Pre-emphasis (y[n] = x[n] - 0.9 x[n-1]) for a second hearing of a letter name: it lifts
the bursts and hiss that tell B, D, G, P, T and V apart, and the classifier's two readings
(as said and emphasised) are averaged. Top letter of 467 letter names said alone by 16
voices (espeak-ng, flite, festival): 71.7 % as said, 75.4 % both (30 better, 13 worse)."""



def emphasised(samples: np.ndarray) -> np.ndarray:
    """``samples`` through the letter pre-emphasis, at the same peak level."""
    out = np.empty_like(samples)
    out[:1] = samples[:1]
    out[1:] = samples[1:] - LETTER_EMPHASIS * samples[:-1]
    peak = float(np.max(np.abs(out))) if len(out) else 0.0
    return out * (float(np.max(np.abs(samples))) / peak) if peak > 0.0 else out


@dataclass(frozen=True)
class Decoded:
    """One segment decoded: the transcript and the first step's answer probabilities."""

    text: str
    """What the decoder wrote, as is."""
    avg_logprob: float
    classes: dict[str, float]
    """Allowed answer -> probability of its first tokens at the first step (yes/no, numbers)."""
    decode_ms: float
    first_p: float | None = None
    """Probability (0-1) of the transcript's first token at the first step: how sure the
    decoder was of its first word (None where the first step was not read)."""
    verified: str | None = None
    """An accepted answer (Grammar.verify) the audio sounds like, where the transcript
    named none: offered as a runner-up, for the host to confirm."""
    crowded: bool = False
    """Talk was heard around the answer, and left out (voice.hearing.focus)."""
    verified_lp: float | None = None
    """The verified answer's mean log-probability per token, forced after the audio."""
    nato: bool = False
    """A run of a spelling heard as NATO words (their letters are the text)."""
    word: str = ""
    """What a run of a spelling decoded after the NATO alphabet wrote where that was
    neither letters nor NATO words as written ("neighbor": the word said before its
    letters), whatever letter the run was read as."""
    recheck: str | None = None
    """A number heard unsurely through talk, or a free answer written as another word where
    the forced check found the accepted one, decoded again with a prompt that names no
    answer (whisper_sure.RECHECK_PROMPT): what that wrote (None: not decoded again)."""


class LetterEars:
    """Letters heard by the recognizer (see the module docstring)."""

    _tok: Any
    _model: Any
    _class_tokens: dict[tuple[str, ...], dict[str, list[int]]]
    _letter_ids: dict[int, str] | None
    _suppress: list[int]
    _letters_only_suppress: list[int] | None = None
    letter_head: LetterHead | None

    def _encode(self, samples: np.ndarray) -> Any:
        raise NotImplementedError

    def _step(self, encoded: Any, prompt_text: str, max_tokens: int,
              classes: dict[str, list[int]]
              ) -> tuple[str, float, dict[str, float], float | None]:
        raise NotImplementedError

    def _tokens_of(self, answers: dict[str, tuple[str, ...]]) -> dict[str, list[int]]:
        raise NotImplementedError

    def letter(self, samples: np.ndarray, said_s: float | None = None) -> Decoded:
        """One run of a spelling heard as a letter (see :meth:`_letter`)."""
        return self._letter(samples, said_s)

    def encode_stretch(self, samples: np.ndarray) -> Any:
        """A spelled stretch's encoding, for :meth:`stretch_letters` and
        :meth:`stretch_runner_ups` to share."""
        return self._encode(samples)

    def _stretch_start(self, prompt: str) -> list[int]:
        tok = self._tok
        return [tok.sot_prev, *tok.encode(" " + prompt), *tok.sot_sequence, tok.no_timestamps]

    def stretch_letters(self, encoded: Any, prompt: str, max_tokens: int
                        ) -> list[Slot] | str:
        """A whole spelled stretch (``encoded``) decoded after ``prompt``: its letters, each
        with the 26 letters' probabilities at its step; or the text as written where the
        decoder wrote anything but single letters and punctuation (a word, "double")."""
        tok = self._tok
        start = self._stretch_start(prompt)
        res = self._model.generate(
            encoded, [start], beam_size=1, max_length=len(start) + max_tokens,
            return_logits_vocab=True, suppress_blank=True, suppress_tokens=self._suppress)[0]
        slots = self._slots(res)
        return str(tok.decode(res.sequences_ids[0])) if slots is None else slots

    def _slots(self, res: Any) -> list[Slot] | None:
        """A greedy decode's letters, each with the 26 letters' probabilities at its step
        (None where it wrote anything but letters and punctuation)."""
        steps = self._letter_steps(res.sequences_ids[0])
        if steps is None:
            return None
        owner = self._single_letters()
        columns = np.array(sorted(owner))
        slots: list[Slot] = []
        for step, letter in steps:
            logits = np.asarray(res.logits[0][step], dtype=np.float64).reshape(-1)[columns]
            p = np.exp(logits - logits.max())
            probs: dict[str, float] = {}
            for token_id, share in zip(columns, p / p.sum(), strict=True):
                other = owner[int(token_id)]
                probs[other] = probs.get(other, 0.0) + float(share)
            slots.append(Slot(letter, probs))
        return slots

    def stretch_letters_only(self, encoded: Any, prompt: str, max_tokens: int) -> list[Slot]:
        """The stretch decoded as :meth:`stretch_letters` does, but with every token that
        is not a letter or punctuation suppressed: the letters it holds, where a free
        decode wrote a word among them (talk under the speller)."""
        suppress = self._letters_only_suppress
        if suppress is None:
            allowed = {*self._single_letters(), *self._punctuation(), self._tok.eot}
            vocab = self._tok.tokenizer.get_vocab_size()
            suppress = [t for t in range(vocab) if t not in allowed]
            self._letters_only_suppress = suppress
        start = self._stretch_start(prompt)
        res = self._model.generate(
            encoded, [start], beam_size=1, max_length=len(start) + max_tokens,
            return_logits_vocab=True, suppress_blank=True, suppress_tokens=suppress)[0]
        return self._slots(res) or []

    def _punctuation(self) -> set[int]:
        out = set()
        for mark in (",", ".", "-", ";", ":"):
            for form in (mark, " " + mark):
                ids = self._tok.encode(form)
                if len(ids) == 1:
                    out.add(ids[0])
        return out

    def stretch_said(self, encoded: Any) -> str:
        """A spelled stretch decoded with no prompt: what was said, as written (a name said
        whole instead of spelled)."""
        return self._step(encoded, "", STRETCH_SAID_TOKENS, {})[0]

    def _letter_steps(self, ids: list[int]) -> list[tuple[int, str]] | None:
        """(step, letter) for each one-letter token of ``ids``; None where the decoder wrote
        anything but single letters and punctuation (a word, "double")."""
        owner = self._single_letters()
        steps = []
        for step, token in enumerate(ids):
            if token in owner:
                steps.append((step, owner[token]))
            elif self._tok.decode([token]).strip(" ,.-;:!?"):
                return None
        return steps

    def stretch_runner_ups(self, encoded: Any, prompt: str, max_tokens: int
                           ) -> list[tuple[str, float]]:
        """The stretch's readings by a beam search (STRETCH_BEAM): each that is letters only
        (as :meth:`stretch_letters` reads them), spaced ("a u r o r a"), with how far its
        score (mean log-probability per token) is below the best's (0 for the best)."""
        start = self._stretch_start(prompt)
        res = self._model.generate(
            encoded, [start], beam_size=STRETCH_BEAM, num_hypotheses=STRETCH_BEAM,
            max_length=len(start) + max_tokens, return_scores=True, suppress_blank=True,
            suppress_tokens=self._suppress)[0]
        if not res.scores:
            return []
        best = res.scores[0]
        out = []
        for ids, score in zip(res.sequences_ids, res.scores, strict=True):
            steps = self._letter_steps(ids)
            if steps:
                out.append((" ".join(letter for _, letter in steps), best - score))
        return out

    def _single_letters(self) -> dict[int, str]:
        """Token id -> letter, for the tokens that are one letter (either case, spaced or not)."""
        if self._letter_ids is None:
            self._letter_ids = {}
            for c in LETTERS:
                for form in (" " + c.upper(), c.upper(), " " + c, c):
                    ids = self._tok.encode(form)
                    if len(ids) == 1:
                        self._letter_ids[ids[0]] = c
        return self._letter_ids

    def _letter(self, samples: np.ndarray, said_s: float | None = None) -> Decoded:
        """One spelling segment: a letter (by the classifier), or what was said instead.

        ``said_s`` is how long the speech in it lasted (seconds; the voice detector's
        measure), the whole segment when not known. NATO words are looked for with
        silence put before the segment (LETTER_LEAD_S); anything else is read from the
        segment as it is, or where it is too long for one letter, from that same encoding.
        """
        started = time.perf_counter()
        said = len(samples) / ASR_RATE_HZ if said_s is None else said_s
        nato = None
        word = ""
        if said >= LETTER_NAME_S:  # long enough for a NATO word: look for one first
            lead = np.zeros(round(LETTER_LEAD_S * ASR_RATE_HZ), dtype=np.float32)
            encoded = self._encode(np.concatenate([lead, samples]))
            text, avg, probs, words = self._nato_decode(encoded, said)
            nato = nato_reading(words, probs)
            word = said_word(words)
        if nato is None and said < LONGEST_LETTER_S:
            encoded = self._encode(samples)
            text, avg, probs, words = self._nato_decode(encoded, said)
            nato = nato_reading(words, probs)
            word = word or said_word(words)
        if nato is not None:
            text, probs = nato
        elif probs and max(probs.values()) >= 0.5:
            # The classifier is sure of the letter. A letter name (too short for a NATO
            # word) is still checked by the head: sure of B, the decoder can be wrong.
            if said < LETTER_NAME_S:
                probs = self._with_head(probs, encoded, samples)
        elif several_letters(words):
            # letter names said without a pause: written again after the alphabet
            text, avg, _, _ = self._step(encoded, ALPHABET_PROMPT, 2 * len(words) + 2, {})
            letters = transcript_words(text, ReplyKind.SPELLING)
            text, probs = " ".join(letters if several_letters(letters) else words), {}
        elif spelling_word(words):
            probs = {}  # "double", "done", a command
        elif (probs and (said >= LETTER_NAME_S or len(words) > 1)
              and not all(len(w) == 1 or w in LETTER_SOUNDS for w in words)):
            # A word that is no NATO word as written ("see you everybody" for Sierra, "do
            # the" for Juliet): the classifier after the NATO alphabet hears its letter
            # better than one after the letter names (which, summed in, took India for N
            # and Sierra for C). One short word was a letter name ("and" for N); a
            # letter name is one syllable, and is not written as several words.
            text = max(probs, key=probs.__getitem__)
        else:
            # A letter name: classified after the plain alphabet, as said and emphasised
            # (LETTER_EMPHASIS); that decode's text is not used (it tends to go on with
            # the alphabet).
            _, avg, probs, _ = self._step(encoded, ALPHABET_PROMPT, 1, self._letter_tokens())
            _, _, sharp, _ = self._step(self._encode(emphasised(samples)), ALPHABET_PROMPT, 1,
                                        self._letter_tokens())
            probs = {c: math.sqrt(p * sharp.get(c, 0.0)) for c, p in probs.items()}
            probs = self._with_head(probs, encoded, samples)
            text = max(probs, key=probs.__getitem__) if probs else text
        return Decoded(text, avg, probs, (time.perf_counter() - started) * 1000,
                       nato=nato is not None, word=word)

    def _with_head(self, probs: dict[str, float], encoded: Any, samples: np.ndarray
                   ) -> dict[str, float]:
        """A letter name's probabilities combined with the encoder classifier's (as they
        are when it is not loaded)."""
        if self.letter_head is None:
            return probs
        return combined(probs, self.letter_head.probs(np.array(encoded)[0], samples))

    def _nato_decode(self, encoded: Any, said_s: float
                     ) -> tuple[str, float, dict[str, float], list[str]]:
        """A spelling segment decoded after the NATO alphabet: text, mean log-probability,
        the 26 letters' first-step probabilities, and the words (a decoder loop cut)."""
        text, avg, probs, _ = self._step(encoded, NATO_PROMPT, 16, self._letter_tokens())
        words = transcript_words(text, ReplyKind.SPELLING)
        if looping(words, said_s):
            words = first_letter_words(words)  # "Delta, Delta, Delta, ..." for one Delta
            text = " ".join(words)
        return text, avg, probs, words

    def _letter_tokens(self) -> dict[str, list[int]]:
        key = ("letters",)
        cached = self._class_tokens.get(key)
        if cached is None:
            cached = self._tokens_of({c: (c, *(w for w in NATO + NATO_ALSO if w[0] == c))
                                      for c in LETTERS})
            self._class_tokens[key] = cached
        return cached
