"""The dialogue's mouth and ears on real speech parts: pyttsx3 out, a recognizer in.

:class:`VoiceMouth` speaks through a :class:`~voice.speaking.tts.ReadingSpeaker` (espeak-ng
or the natural voice), one line
at a time, waiting for each to finish (a new clip would cut the last one
off), reading ``___`` gaps in the Missing Word style and spelled-out words
(``C-O-L-O-U-R``, the transcript's form) letter by letter.

:class:`VoiceEars` listens through a :class:`~voice.hearing.asr.base.Recognizer` with
the prompt's grammar, but only once the app has stopped talking: the
speaker and the microphone share one :class:`~voice.audio.devices.MicGate`, and
:class:`ListenPolicy` waits for it to open (speech end plus a short tail for
room echo) before the recognizer's no-speech timeout starts to run; what a
live microphone captured meanwhile (silence, by the gate) does not count
against the player's time to answer.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from content.numbers import number_words
from voice.audio.devices import MicGate
from voice.hearing.asr.base import Grammar, Recognition, Recognizer
from voice.hearing.audio_in import AudioIn
from voice.hosting.exchange import Heard, Mouth, answers_of
from voice.reply_kind import ReplyKind
from voice.speaking.audio_out import Playback
from voice.speaking.tts import GAP_MARK, LETTER_NAMES, RATES_WPM, ReadingSpeaker
from voice.understanding.judge import grammar_words, parse_command
from voice.understanding.replies import said_plainly, yesno

SPELLED = re.compile(r"[A-Z](?:-[A-Z])+")
"""A word spelled out in the transcript's style: capitals joined by hyphens."""

FREE_KINDS = frozenset({ReplyKind.NAME, ReplyKind.WORD})
"""Kinds that listen without a grammar when no answers are expected (a new player's name)."""
SURE_OTHER_WORD = 0.5
"""Confidence (0-1) a recognizer needs for a yes or no said by another word ("okay",
"fine", "right") before it counts. Whisper wrote such words for "cat", "five", "seven"
and "bed" (first-word probability 0.15-0.46 at a yes/no prompt) while a plain yes or no,
and the commands, need no such margin (bench/bench_hearing.py: 6 of 18 false accepts)."""
SURE_ANSWER = 0.6
"""Confidence (0-1) of a runner-up answer the recognizer was sure of (Whisper's
ACCEPT_ALONE); under it, an answer behind a command is dropped, never taken."""


def letters_for_speech(text: str) -> str:
    """Spelled-out runs inside a sentence ("Did you say B-E-E?") as letter names the TTS says."""
    return SPELLED.sub(lambda m: ", ".join(LETTER_NAMES[c.lower()] for c in m.group(0).split("-")),
                       text)


class VoiceMouth:
    """Speech out through a speaker; each line is played to its end before the next."""

    def __init__(self, speaker: ReadingSpeaker, poll_s: float = 0.05) -> None:
        self.speaker = speaker
        self.poll_s = poll_s

    def say(self, text: str) -> None:
        if SPELLED.fullmatch(text.strip()):
            self.spell(text.strip().replace("-", ""))
            return
        spoken = letters_for_speech(text)
        if GAP_MARK.search(spoken):
            self._wait(self.speaker.missing_word(spoken))
        else:
            self._wait(self.speaker.say(spoken))

    def spell(self, word: str) -> None:
        self._wait(self.speaker.spell(word))

    def prepare(self, texts: Sequence[str]) -> None:
        """Render lines ahead, as :meth:`say` would say them: a line with a gap as the texts
        its Missing Word reading renders (the words either side, the voice's "mmm"), so
        that it too is said from memory. A word spelled out is left out: its letters are
        rendered once for the whole game (the natural voice's ``prepare_letters``)."""
        lines: list[str] = []
        for text in texts:
            if SPELLED.fullmatch(text.strip()):
                continue
            spoken = letters_for_speech(text)
            lines += self.speaker.gap_texts(spoken) if GAP_MARK.search(spoken) else [spoken]
        self.speaker.prepare(lines)

    def set_rate(self, preset: str) -> None:
        if preset not in RATES_WPM:
            raise ValueError(f"unknown rate {preset!r}; allowed: {', '.join(RATES_WPM)}")
        self.speaker.settings.rate = preset

    def stop(self) -> None:
        """Silence at once (quit, Ctrl-C)."""
        self.speaker.stop()

    def _wait(self, playback: Playback) -> None:
        try:
            while not playback.wait(self.poll_s):
                pass
        except BaseException:
            self.speaker.stop()
            raise


class SettingsMouth:
    """Passes speech on, and reports rate changes so the user's settings file follows them."""

    def __init__(self, inner: Mouth, on_rate: Callable[[str], None]) -> None:
        self.inner = inner
        self.on_rate = on_rate

    def say(self, text: str) -> None:
        self.inner.say(text)

    def spell(self, word: str) -> None:
        self.inner.spell(word)

    def prepare(self, texts: Sequence[str]) -> None:
        prepare = getattr(self.inner, "prepare", None)
        if prepare is not None:
            prepare(texts)

    def set_rate(self, preset: str) -> None:
        self.inner.set_rate(preset)
        self.on_rate(preset)


@dataclass
class ListenPolicy:
    """When the ears may listen: after the app's speech and the gate's tail.

    ``max_wait_s`` bounds the wait, so a playback that never reports its end
    cannot hang the game; the gate still silences the microphone meanwhile.
    """

    max_wait_s: float = 30.0
    """Longest wait for the gate to open (seconds)."""
    poll_s: float = 0.02
    """How often the gate is checked (seconds)."""

    def wait_open(self, gate: MicGate, clock: Callable[[], float],
                  sleep: Callable[[float], None]) -> float:
        """Wait until the gate opens; returns the time waited (seconds)."""
        start = clock()
        while not gate.is_open(clock()) and clock() - start < self.max_wait_s:
            sleep(self.poll_s)
        return clock() - start


def said_answers(kind: ReplyKind, expected: Sequence[str]) -> list[str]:
    """The answers the table has heard for a prompt, for engines biased towards them.

    Options, names and colours are read out, numbers and yes/no are known to
    all. A free answer (Missing Word, trivia) and a spelling's word are not:
    biasing a recognizer towards the right answer would make it hear it. (A free
    answer's accepted answers go to Grammar.verify instead: checked only after a free
    decode, and only ever confirmed.)
    """
    if kind == ReplyKind.YESNO:
        return ["yes", "no"]
    if kind == ReplyKind.NUMBER:
        return [number_words(int(e)).replace("-", " ") if e.isdigit() and int(e) <= 100 else e
                for e in expected]
    if kind in (ReplyKind.CHOICE, ReplyKind.COLOUR, ReplyKind.NAME, ReplyKind.COMMAND):
        return list(expected)
    return []


class VoiceEars:
    """A recognizer on an audio source, constrained per prompt, behind the dialogue's Ears."""

    def __init__(self, recognizer: Recognizer, audio: AudioIn, gate: MicGate | None = None, *,
                 policy: ListenPolicy | None = None, live: bool = False,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.recognizer = recognizer
        self.audio = audio
        self.gate = gate or MicGate()
        self.policy = policy or ListenPolicy()
        self.clock = clock
        self.sleep = sleep
        self.live = live
        self.last: Recognition | None = None
        self._idle_since: float | None = clock() if live else None

    @staticmethod
    def grammar(kind: ReplyKind, expected: Sequence[str]) -> Grammar:
        if kind in FREE_KINDS and not expected:
            return Grammar(kind)
        # A free answer's accepted answers (not the prompt's intents) are checked after a
        # free decode; a spelling's tell the recognizer how many letters to wait for (never
        # what they are).
        return Grammar.of(kind, grammar_words(kind, expected), answers=said_answers(kind, expected),
                          verify=(answers_of(expected)
                                  if kind in (ReplyKind.WORD, ReplyKind.SPELLING) else ()))

    def _hear(self, kind: ReplyKind, grammar: Grammar, wait_s: float) -> Recognition:
        """One utterance; a burst that decodes to nothing (a click, a breath) is not one.

        The engine's voice detector can fire on a noise and then give no words;
        that must not cost the player a try, so listening goes on for the rest
        of the time allowed.
        """
        while True:
            rec = self.recognizer.listen(self.audio, grammar, wait_s)
            used_s = rec.result_at_ms / 1000.0
            if rec.alternatives or used_s <= 0.0 or used_s >= wait_s - 0.05:
                return rec
            wait_s -= used_s

    def listen(self, kind: ReplyKind, expected: Sequence[str], timeout_s: float) -> Heard:
        self.policy.wait_open(self.gate, self.clock, self.sleep)
        grammar = self.grammar(kind, expected)
        # A live microphone kept capturing (silenced by the gate) since the last
        # listen; the recognizer counts its no-speech timeout in audio, so that
        # backlog must not eat into the player's time to answer.
        backlog = self.clock() - self._idle_since if self._idle_since is not None else 0.0
        rec = self._hear(kind, grammar, timeout_s + max(0.0, backlog))
        now = self.clock()
        if self.live:
            self._idle_since = now
        if kind == ReplyKind.YESNO:
            rec = unsure_replies_dropped(rec)
        if kind in (ReplyKind.YESNO, ReplyKind.NUMBER):
            rec = unsure_after_command_dropped(rec)
        self.last = rec
        if rec.speech_end_ms is not None and rec.result_at_ms >= rec.speech_end_ms:
            # The result came (result_at - speech_end) of audio after the speech ended.
            end_s = now - (rec.result_at_ms - rec.speech_end_ms) / 1000.0
        else:
            end_s = now
        return Heard(tuple(rec.heard), end_s, timed_out=rec.timed_out, noisy=rec.noisy,
                     unsure=rec.unsure)


def unsure_after_command_dropped(rec: Recognition) -> Recognition:
    """``rec`` without its unsure runner-ups when the best transcript is a command.

    The judge lets an answer behind a command win ("undo" over "one": a recognizer's best
    guess at a short word is often the nearest grammar phrase); an answer the recognizer
    itself was unsure of (under SURE_ANSWER) must not win that way over "bye"."""
    alts = rec.alternatives
    if len(alts) < 2 or parse_command(alts[0].text) is None:
        return rec
    kept = (alts[0], *(a for a in alts[1:]
                       if a.confidence is None or a.confidence >= SURE_ANSWER))
    return rec if len(kept) == len(alts) else replace(rec, alternatives=kept)


def unsure_replies_dropped(rec: Recognition) -> Recognition:
    """``rec`` without the transcripts that say yes or no by another word and were heard
    with a confidence under SURE_OTHER_WORD: such a reply is asked again, not acted on."""
    kept = tuple(a for a in rec.alternatives
                 if a.confidence is None or a.confidence >= SURE_OTHER_WORD
                 or said_plainly(a.text) or yesno(a.text) is None)
    if len(kept) == len(rec.alternatives):
        return rec
    return replace(rec, alternatives=kept)
