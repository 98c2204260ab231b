"""Where an utterance starts and ends, from per-window speech probabilities.

Pure timing logic: it is fed (time, probability) and says what happened, so
tests feed it numbers (Home Assistant's assist pipeline works the same way).
Speech starts at the first window at or over ``threshold``; it ends once the
probability has stayed under ``threshold - 0.15`` for the policy's trailing
silence. How long that silence is depends on the prompt: a yes/no, a number
or an option is complete when the player stops, so it ends soon; a spelled
word has pauses between letters, so it waits longer.

Measured on the shared human clips (Silero, threshold 0.5): 200 ms of
silence found 99.9 % of digits, opened an utterance on 1.1 % of noise clips,
split 0.4 % of words in two, and decided 254 ms (median) after the true end
(Silero's probability falls ~50 ms after the speech does).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from voice.reply_kind import ReplyKind

SPELLING_PAUSE_S = 1.5
"""A spelling goes on through a pause up to this long (seconds): people spell at their own
pace, 0.2-0.5 s between letters and often a second or more between the two words of a
name (shared/speech/spelled). The pause that ends a spelling, whatever the engine (longer,
UNFINISHED_PAUSE_S, while it has fewer letters than the answer); a spelling also ends
sooner on a done word, or on a short pause once it has as many letters as the answer
(voice.hearing.asr.whisper_spelling.complete_pause)."""
UNFINISHED_PAUSE_S = 2.0
"""The pause a spelling goes on through while it has fewer letters than the answer
(seconds): a speller between the two words of a name, or thinking, is not done."""
LETTER_PAUSE_S = 0.25
"""The pause that ends one run of letters inside a spelling (seconds): each run is heard as
it ends, while the speller goes on."""

LETTER_EARLY_S = 0.1
"""A run of letters is heard after this much of its LETTER_PAUSE_S, so the decode runs while
the rest of the pause passes (35 people spelling names: end of speech to result 840 ms
median at 0.2 s, 725 ms at this; the natural voice's letter fixes are checked at it)."""

COMPLETE_KINDS = frozenset({ReplyKind.YESNO, ReplyKind.NUMBER, ReplyKind.CHOICE, ReplyKind.COLOUR,
                            ReplyKind.COMMAND})
"""Prompts whose answer is complete once said: the utterance ends sooner."""
NUMBER_THRESHOLD = 0.45
"""Speech starts a little lower at a number prompt: a digit is short and often quiet
(some takes of the shared digits never reach 0.5), and the number prompt's classifier
turns noise down. On the shared digits (bench_hearing.py's takes 10-19 / the held-out
takes 20-29, 600 each) 94.5 / 96.2 % were heard at 0.5 and 95.2 / 96.2 % at 0.45, with
the same false accepts at a number prompt (10 of 340 other words and noise clips, no
noise among them). Noise clips reach 0.47 at most, so it stays 0.5 elsewhere."""

OPTION_EARLY_S = 0.1
"""An option, a colour or a command is decoded after this much of its 0.2 s of trailing
silence, so on a live microphone the decode runs while the rest passes. (A yes/no or a
number mostly ends on its quiet tail, decoded QUIET_EARLY_S into it.)"""

WORD_PAUSE_S = 0.45
"""The silence that ends a free answer not (yet) an accepted one (seconds; an accepted one,
and another word written surely in a quiet room, whisper_sure.complete_other, end at
ANSWER_DONE_S). Shorter, talk before a player's word became an answer of its
own (bench_hearing.py --sets free --babble 10: judged wrong 1.3 -> 2.6 % at 0.3 s), and at
0.2 s words with a pause inside them were cut ("nine" heard as "no")."""

WORD_EARLY_S = 0.1
"""A free answer is decoded after this much silence, so that the decode runs while the pause
that ends a whole answer (ANSWER_DONE_S) passes."""
ANSWER_DONE_S = 0.2
"""The pause after which a free answer its early decode found whole (an accepted answer,
or another word said surely in a quiet room) ends, without the rest of WORD_PAUSE_S."""

QUIET_EARLY_S = 0.1
"""A yes/no or a number is decoded once its loud part has been over this long (seconds), so
the decode runs while the rest of its trailing silence passes; heard surely, it ends there
(bench_hearing.py --sets words,digits: end of speech to result 425 -> 371 ms median at 0.2 ->
0.1 s, every outcome the same). One not heard surely is not decoded again at 0.2 s: on a
live microphone that second decode starts late, and it raised the p90 (491 -> 574 ms)."""

HOLD_DB = 10.0
"""EndpointPolicy.hold_db for a number and a yes/no."""
HOLD_GRACE_S = 0.4
"""Quieter speech (hold_db) ends an utterance only once it has lasted this much longer than
the trailing silence: a word's own fading end (the vowel of a quiet "two") is over by then,
and on clean speech the voice detector ends the utterance first, where it always did."""


@dataclass(frozen=True)
class EndpointPolicy:
    """How an utterance is cut (all times in seconds)."""

    threshold: float = 0.5
    """Speech probability at which speech starts."""
    release: float = 0.15
    """Speech ends below ``threshold - release`` (hysteresis)."""
    trailing_silence_s: float = 0.5
    """Silence after speech that ends the utterance."""
    preroll_s: float = 0.3
    """Audio kept from before speech started (the first consonant)."""
    min_speech_s: float = 0.06
    """Shorter bursts (a click, a breath) are not speech."""
    max_utterance_s: float = 20.0
    """Longest utterance; it is cut here."""
    early_s: float = 0.2
    """Silence after which a recognizer may start decoding while it waits for the rest
    of the trailing silence (kept if the speaker does not go on)."""
    hold_db: float | None = None
    """Once speech started, speech more than this many dB under the utterance's loudest
    window holds it open for HOLD_GRACE_S at most: talk across the table, quieter than the
    player at the microphone, cannot keep a short answer's utterance going (None: the
    probability alone decides)."""

    @staticmethod
    def for_kind(kind: ReplyKind) -> EndpointPolicy:
        """The policy for a prompt of ``kind``."""
        if kind == ReplyKind.NUMBER:
            return EndpointPolicy(threshold=NUMBER_THRESHOLD, trailing_silence_s=0.2,
                                  hold_db=HOLD_DB)
        if kind == ReplyKind.YESNO:
            return EndpointPolicy(trailing_silence_s=0.2, hold_db=HOLD_DB)
        if kind in COMPLETE_KINDS:
            return EndpointPolicy(trailing_silence_s=0.2, early_s=OPTION_EARLY_S)
        if kind == ReplyKind.SPELLING:  # a whole spelling, pauses and all
            return EndpointPolicy(trailing_silence_s=SPELLING_PAUSE_S)
        return EndpointPolicy(trailing_silence_s=WORD_PAUSE_S, early_s=WORD_EARLY_S)

    @staticmethod
    def for_letter() -> EndpointPolicy:
        """The policy for one run of letters inside a spelling: the pause after it ends it.

        Not a reply kind (the prompt still expects a :attr:`ReplyKind.SPELLING`): the
        spelling listener ends each run with it and the whole spelling with ``for_kind``.
        """
        # The usual 0.3 s before the letter is kept (it can only hold the pause since
        # the last letter's end): with 0.1 s, Whisper heard 4-5 points fewer letters
        # said alone (bench_hearing.py, 7 espeak voices).
        return EndpointPolicy(trailing_silence_s=LETTER_PAUSE_S, max_utterance_s=6.0,
                              early_s=LETTER_EARLY_S)


def outlasted_ms(decode_ms: float, began_s: float, now_s: float) -> float:
    """The part of a decode begun at ``began_s`` (audio seconds: during a pause, while it
    passes) still running at ``now_s``: what delays the reply (milliseconds, 0 when the
    audio outlasted the decode)."""
    return max(0.0, decode_ms - (now_s - began_s) * 1000)


@dataclass(frozen=True)
class Utterance:
    """Where speech was found in the stream (seconds from the start of listening)."""

    start_s: float
    """First window at or over the threshold."""
    speech_end_s: float
    """End of the last window that was speech."""
    decided_s: float
    """When the trailing silence ran out (the endpoint decision)."""


class Endpointer:
    """Feed it each window's time and probability; it returns the utterance once it ends."""

    def __init__(self, policy: EndpointPolicy, window_s: float) -> None:
        self.policy = policy
        self.window_s = window_s
        self.start_s: float | None = None
        self._last_speech_end = 0.0
        self._voiced_s = 0.0
        self._peak_db = -math.inf
        self._last_loud_end = 0.0
        self.silence_s = 0.0
        """Silence since the last speech window, while in speech (seconds)."""
        self._now = 0.0

    @property
    def in_speech(self) -> bool:
        return self.start_s is not None

    def feed(self, t_s: float, probability: float, level_db: float | None = None
             ) -> Utterance | None:
        """The window starting at ``t_s`` had ``probability`` (and a level of ``level_db``,
        dB of any reference, for the policy's hold_db); an Utterance when one ended."""
        p = self.policy
        end_of_window = t_s + self.window_s
        self._now = end_of_window
        if self.start_s is None:
            if probability >= p.threshold:
                self.start_s = t_s
                self.silence_s = 0.0  # not the last utterance's trailing silence
                self._last_speech_end = end_of_window
                self._voiced_s = self.window_s
                self._last_loud_end = end_of_window
                self._peak_db = -math.inf if level_db is None else level_db
            return None
        speech = probability >= p.threshold - p.release
        loud = True
        if speech and level_db is not None and p.hold_db is not None:
            self._peak_db = max(self._peak_db, level_db)
            loud = level_db >= self._peak_db - p.hold_db
        if speech:
            self._last_speech_end = end_of_window
            if probability >= p.threshold:
                self._voiced_s += self.window_s
            if loud:
                self._last_loud_end = end_of_window
        silent_for = end_of_window - self._last_speech_end
        self.silence_s = silent_for
        too_long = end_of_window - self.start_s >= p.max_utterance_s
        held = (p.hold_db is not None and end_of_window - self._last_loud_end + 1e-9
                >= p.trailing_silence_s + HOLD_GRACE_S)
        if silent_for + 1e-9 < p.trailing_silence_s and not too_long and not held:
            return None
        if self._voiced_s < p.min_speech_s and not too_long:
            self.start_s = None  # a burst, not speech: keep waiting
            return None
        utt = Utterance(self.start_s, self._last_loud_end if held else self._last_speech_end,
                        end_of_window)
        self.start_s = None
        return utt

    @property
    def quiet_s(self) -> float:
        """Time since the last window loud enough to hold the utterance open, while in speech
        (seconds; 0 without a hold_db): quieter speech, or silence, since then."""
        if self.start_s is None or self.policy.hold_db is None:
            return 0.0
        return self._now - self._last_loud_end

    def cut(self, t_s: float) -> Utterance | None:
        """End the utterance in progress now, at its last loud window (the caller knows it
        is complete: a short answer heard surely while only quieter sound goes on)."""
        if self.start_s is None:
            return None
        utt = Utterance(self.start_s, self._last_loud_end, t_s)
        self.start_s = None
        return utt

    def finish(self, t_s: float) -> Utterance | None:
        """The stream ended at ``t_s``: the utterance in progress, if any."""
        if self.start_s is None or self._voiced_s < self.policy.min_speech_s:
            return None
        utt = Utterance(self.start_s, self._last_speech_end, t_s)
        self.start_s = None
        return utt
