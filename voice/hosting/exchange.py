"""What one exchange with the table is made of: the words that pass between host and table.

An :class:`Ask` (a question and how to understand the reply), the phrases it may hear
(:class:`Expected`), the :class:`Heard` reply,
the :class:`Line` s the host speaks, a :class:`Help` reply, the :class:`ControlFlow` a
command raises for the driver, the protocols the dialogue speaks and listens
through, and a :class:`Turn`: one Ask's progress, which each stage of the dialogue
reads and updates (what a stage decides is an :data:`Outcome`).
:mod:`voice.hosting.dialogue` runs the exchange.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, TypeAlias, overload

from voice.reply_kind import ReplyKind
from voice.understanding.judge import Understood


@dataclass(frozen=True)
class Line:
    """A phrase key and its fields: one sentence the app will speak."""

    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Heard:
    """What the ears produced for one utterance.

    ``nbest`` are transcripts, best first (empty when nothing was heard);
    ``end_s`` is the clock time (seconds) at which the speech ended, used to
    measure the app's reply latency; ``timed_out`` is true when nobody spoke.
    """

    nbest: tuple[str, ...]
    end_s: float = 0.0
    timed_out: bool = False
    ended: bool = False
    """The input is closed for good (end of typed input): the table has left."""
    typed: bool = False
    """Typed at a keyboard: what was written is what was meant (never a mishearing)."""
    typed_text: str = ""
    """What was typed, where the ears rewrote it ("colour" typed at a spelling prompt
    reaches the dialogue as "c o l o u r"); "" when nbest is as typed. Shown in the
    transcript, so the player reads what they wrote."""
    noisy: bool = False
    """Too loud a room to hear the player: the host says so once, not "I didn't catch that"."""
    unsure: bool = False
    """The best transcript was heard through talk: a number or yes/no from it is confirmed."""

    @property
    def as_put(self) -> str:
        """The best reply as the player put it: what was typed, else the best transcript."""
        return self.typed_text or (self.nbest[0] if self.nbest else "")


@dataclass(frozen=True)
class Exchange:
    """One reply heard and what was made of it: a line of a turn's record in the game log."""

    expect: str
    """What the prompt expected: a :class:`ReplyKind`, or "brainstorm" for the talk while
    a team thinks (Word on the Street)."""
    heard: tuple[str, ...]
    """The transcripts, best first."""
    verdict: str
    """The judge's verdict ("correct", "wrong", "unclear"); while a team thinks, "talk",
    "ready" or "late"."""
    value: Any = None
    """What was understood (an answer, a number, a word), or None."""

    def to_json(self) -> dict[str, Any]:
        return {"expect": str(self.expect), "heard": list(self.heard),
                "verdict": self.verdict, "value": self.value}


class Mouth(Protocol):
    """Speech out (TTS through a speaker, or printing only)."""

    def say(self, text: str) -> None: ...

    def spell(self, word: str) -> None: ...

    def set_rate(self, preset: str) -> None: ...


@dataclass(frozen=True)
class Expected(Sequence[str]):
    """The phrases a prompt may hear: its answers, then phrases it also allows that are no
    answer (an action card named at a question, the Ask's intents). As a sequence, all of
    them, answers first: a recognizer that hears only its grammar's phrases must hear both.
    Ears that check the audio for the answers (Whisper's forced check) check ``answers``
    only: an intent checked there cost a decoder pass each and was never an answer."""

    answers: tuple[str, ...]
    others: tuple[str, ...] = ()

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        return (*self.answers, *self.others)[index]

    def __len__(self) -> int:
        return len(self.answers) + len(self.others)

    def __iter__(self) -> Iterator[str]:
        # Sequence's own iteration would index, building the joined tuple for each phrase
        return itertools.chain(self.answers, self.others)


def answers_of(expected: Sequence[str]) -> tuple[str, ...]:
    """The answers among a prompt's phrases (:class:`Expected`); all of them, for a plain list."""
    return expected.answers if isinstance(expected, Expected) else tuple(expected)


class Ears(Protocol):
    """Speech in: one utterance, constrained to a reply kind and its phrases (a plain list
    of them, or an :class:`Expected` that tells its answers apart)."""

    def listen(self, kind: ReplyKind, expected: Sequence[str], timeout_s: float) -> Heard: ...


class Table(Protocol):
    """What the game adapter answers when a player asks about the game."""

    def status(self, what: str, asker: str) -> list[Line]: ...


@dataclass(frozen=True)
class Help:
    """A reply to a help request at a question ("how do you say ...", "what does ... mean").

    ``lines`` are spoken (slowly when ``slow``); ``spell`` is then spelled
    letter by letter. Help never uses up one of the player's tries.
    """

    lines: list[Line]
    spell: str | None = None
    slow: bool = False


class ControlFlow(Exception):
    """A command that the driver must carry out on the engine state."""

    def __init__(self, command: str) -> None:
        super().__init__(command)
        self.command = command


@dataclass
class Ask:
    """One question to the table and how to understand the reply.

    ``expect`` is the :class:`~voice.reply_kind.ReplyKind` of reply wanted;
    ``request`` holds the judge fields for it (accepted, options and
    answer, answer and variants). ``spellable`` are words the player may ask to
    have spelled; ``secret`` may never be spelled (the Spelling target).
    ``default`` is what an Ask resolves to after ``max_tries`` unclear replies,
    as the sheet allows (an answer: wrong); ``None`` means ask a yes/no
    fallback built by ``fallback``.
    """

    say: list[Line]
    expect: ReplyKind
    addressee: str
    request: dict[str, Any] = field(default_factory=dict)
    spellable: tuple[str, ...] = ()
    secret: str | None = None
    default: Understood | None = None
    fallback: Callable[[], Ask] | None = None
    confirm: Callable[[Understood], Line] | None = None
    timeout_s: float = 12.0
    help: Callable[[str], Help | None] | None = None
    """Pronunciation and meaning help for this question: given what the player
    said, a :class:`Help` reply, or None when it was not a help request."""
    intents: Mapping[str, Any] = field(default_factory=dict)
    """Extra phrases that end the Ask with their value (command "intent"), e.g.
    an action card a team may play now; matched before judging."""
    understand: Callable[[Heard], Understood] | None = None
    """Reads the reply instead of the judge (a free word checked against a
    lexicon, letters read against a word half spelled); it must report global
    commands itself (``Understood.command``), as the judge does."""
    patient: bool = False
    """Silence never resolves this Ask (an answer: the sheet sets no time limit): after
    ``max_tries`` silent listens the host offers to wait, repeat or skip, and waits."""
    time_limit_s: float | None = None
    """The per-answer time limit (a variant): with no answer this many seconds after the
    question was read, the Ask resolves to ``default``, the one way silence is a miss."""
    ahead: tuple[Line, ...] = ()
    """Lines the host is likely to say once this Ask is settled (the verdict with its
    answer, the card's next question): rendered while the table thinks, so that the reply
    starts from memory (a mouth that renders nothing ahead ignores them)."""
    unclear: Line | None = None
    """What the host says to a reply that fits nothing, naming what would ("Say Missing Word
    or Crossword Clues."); None: the dialogue's own (voice.hosting.reprompts.unclear_line)."""


class Again:
    """A stage dealt with the utterance (a command, help, a reprompt): listen again."""

    def __repr__(self) -> str:
        return "AGAIN"


AGAIN: Final = Again()
Outcome: TypeAlias = "Understood | Again | None"
"""What a stage of :meth:`~voice.hosting.dialogue.Dialogue.ask` decides: the Ask's answer,
listen again, or None (not this stage's to decide: the next stage's)."""


@dataclass
class Turn:
    """One Ask from its question to its answer: what its listens have used up so far."""

    ask: Ask
    start: float
    """When the question had been read (a time limit counts from here)."""
    heard_until: float
    """Clock time up to which the table was listened to (a timed-out listen took its wait)."""
    tries: int = 0
    """Unclear or unconfirmed replies: after ``max_tries`` the Ask's default."""
    silent: int = 0
    """Silences at a patient or timed Ask: after ``max_tries`` the offer to wait."""
    offered: bool = False
    """The offer to wait was made: "wait" is now an answer to it."""

    @staticmethod
    def begin(ask: Ask, now: float) -> Turn:
        return Turn(ask, start=now, heard_until=now)

    def spend_try(self, max_tries: int) -> bool:
        """Use up one try; True when that was the last."""
        self.tries += 1
        return self.tries >= max_tries
