"""Barge-in: whether what was heard while the host spoke stops the host.

RULINGS.md ("All games: talking over the host"): a command is obeyed at once; an answer
given before the question was read to the end counts as that player's answer, judged as
if given after it, and a Multiple Choice answer must name an option; the host's own voice
is never a player's answer; a line cut short is repeated whole on "repeat".

So an utterance over the host stops it when its best transcript is

- a global command said in full ("stop", "repeat", "wait a minute"), or
- an answer that fits the prompt being asked, for the prompts whose answers are closed
  sets the table has heard or knows: yes/no, a number in range, one of the options, a
  colour, a name. A free answer (a Missing Word, a trivia answer) or a spelling never
  stops the host: table talk cannot be told from it, and a host that stopped only for a
  right answer would give the answer away;

and it is not the host's own words: a transcript whose every word is (near enough) a
word the host was saying around that moment, or sounds like one ("two" written for its
"too"), is its echo, which the canceller let through, never a player; so is a command
that the host's own words then say ("go" heard over its "Let's carry on").

Coughs, laughter and table talk fit none of these, so they never stop it. Pure logic:
the caller gives the transcript, the prompt and the line with where in it the utterance
fell; :mod:`voice.hosting.overlap_mouth` does the listening.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any

from rapidfuzz import fuzz

from content.lexicon import load_lexicon
from voice.hearing.asr.base import Grammar, Recognition
from voice.reply_kind import ReplyKind
from voice.understanding.commands import command_match
from voice.understanding.judge import RequestError, Understood, judge
from voice.understanding.replies import said_plainly
from voice.understanding.transcript import HESITATIONS, tokens

ANSWER_KINDS = frozenset({ReplyKind.YESNO, ReplyKind.NUMBER, ReplyKind.CHOICE, ReplyKind.COLOUR,
                          ReplyKind.NAME})
"""Prompts whose answer may stop the host (see the module's docstring): the closed sets a
decoder is prompted with, which over the host name PROMPTED_OVER too."""
MAX_ANSWER_WORDS = 3
"""Most words in an answer that stops the host ("the second one", "double six")."""
SURE_ANSWER = 0.35
"""The recognizer's confidence (where it gives one) an answer needs to stop the host. The
host's own voice, let through by the canceller, was heard as "yes" or "five" with 0.20-0.25
(bench_barge_in.py), and "no" for a player's "go" with 0.36; players' answers over the host
were heard with 0.45 and more (at 0.5, 4 of 36 were left out). Under TAKE_ANSWER an answer
that stops the host is said back before it counts."""
TAKE_ANSWER = 0.975
"""The recognizer's confidence at which an answer heard over the host counts as heard; under
it (or where it gives none) the host stops and says it back first ("Did you say ten?"). Over
the canceller's residual a player's "no" was heard as "yes" at 0.94, a "seven" as "ten" at
up to 0.97, a "tree" said across the table as "three" at 0.965 (bench_barge_in.py, seeds
1-4), none wrong at 0.975 or more. A right answer said back costs the player a "yes"; a
wrong one taken costs the game."""
STOP_LIKE = -4.5
"""Mean log-probability per token of "stop" forced after the audio at which an utterance
over the host that fits nothing else is a "stop": the canceller's residual loses its final
"p", and the recognizer writes "so", "stuff" or "star" for it. Over the host (bench_barge_in.py
seeds 2 and 3: 720 commands, 2,040 other trials) 19 missed stops heard as no command scored
-3.5 to -4.5; no other talk, noise, answer or line of the host alone scored over -5.9."""
GO_LIKE = -2.5
"""The same for "go" (resume): it is one short token, which other talk also scores well
("so what" -3.1, "cut" -3.4 in the same trials), so the bar is higher; 11 missed "go"s of
those trials scored over it, and 10 more between -3.0 and -2.5."""
FORCED_COMMANDS: dict[str, float] = {"stop": STOP_LIKE, "go": GO_LIKE}
"""The commands forced after every utterance over the host (overlap_grammar), each with the
score at which one that fits nothing else is that command."""
FORCED_OVER = frozenset({"no fit", "near command", "not alone", "unsure", "with own words"})
"""What the transcript alone made of an utterance (Decision.why) that a forced command may
overrule: nothing that stops the host, and not the host's own words alone ("own words"; an
answer beside them, "with own words", may be a player's "stop" heard with them). "so" for a
stop at a yes/no prompt was taken for an unsure "no" (bench_barge_in.py seeds 2 and 3: 11
more stops than from "no fit" alone, and no other talk, noise or answer more)."""
EXACT_COMMAND = 0.9
"""The judge's confidence in a command said in full (a near miss never stops the host)."""
OWN_BEFORE_S = 0.9
"""How far back in the line the host's own words are looked for (seconds before the
utterance started): the room's reverberation and the slack in placing the words of a line
in time (word_times: 0.47 s at the 99th percentile). At 2.0 s, and at 1.2 s with every
word placed as long as the next, players' "no", "two" and "one" were taken for the host's
(bench_barge_in.py, lines that said those words a second or two before); pure echo no
longer reaches the policy (the overlap listener's echo gate)."""
OWN_AFTER_S = 0.3
"""How far past the utterance's end the host's words are looked for (seconds)."""
ONSET_S = 0.3
"""An utterance that starts this early in a line (seconds) never stops it: the detector
starts afresh with each line and the canceller meets the line's first syllables, which were
heard as "a" and "five" (bench_barge_in.py: 2 of 300 lines with nobody speaking). A player
who spoke then says it again; nobody is taken for the host."""
MAX_ANSWER_S = 1.5
"""The longest utterance (seconds) an answer that stops the host is heard from: a number or
an option said alone lasts well under a second; the host's echo heard as one "five" lasted
2.0 s (bench_barge_in.py). Commands are not bounded: a "stop" drawn out is still one."""
OWN_LIKE = 80.0
"""rapidfuzz ratio (0-100) at which a heard word counts as one of the host's words, written
nearly the same (a plural, a dropped letter), for words of OWN_LIKE_FROM letters or more."""
OWN_LIKE_FROM = 6
"""Letters from which a word nearly the same as the host's counts as its echo. Shorter words
one letter apart are other words, and the answers a player cuts in with are short: "no"
beside the host's "not" (ratio 80), "one" beside "on", "eight" beside "right" were taken for
the host's (bench_barge_in.py seeds 1 and 3: 9 answers said over the host; over seeds 1, 3
and 5 no echo of the host stopped it without this)."""


class Verdict(Enum):
    """What an utterance over the host does."""

    STOP_COMMAND = "stop_command"
    """A command: stop at once and carry it out as if said after the line."""
    STOP_ANSWER = "stop_answer"
    """An answer that fits the prompt: stop at once and judge it as if said after."""
    KEEP_TALKING = "keep_talking"
    """Not for the host (table talk, a cough, its own echo): the line goes on."""


@dataclass(frozen=True)
class Decision:
    verdict: Verdict
    heard: tuple[str, ...] = ()
    """The transcripts, best first, to hand to the dialogue when the host stops."""
    why: str = ""
    """Why (for the log and the bench): command, answer, own words, no fit, nothing."""
    understood: Understood | None = None
    unsure: bool = False
    """An answer to say back before it counts (TAKE_ANSWER): the ears' Heard.unsure."""

    @property
    def stops(self) -> bool:
        return self.verdict is not Verdict.KEEP_TALKING


@dataclass(frozen=True)
class Expectation:
    """The prompt the table is being asked, as far as barge-in needs it."""

    kind: ReplyKind = ReplyKind.COMMAND
    """A judge kind (yesno, number, choice, ...); "command" when only commands apply
    (narration between questions)."""
    request: Mapping[str, Any] = field(default_factory=dict)
    """The judge request's fields other than kind and heard (options, min, max ...)."""


@dataclass(frozen=True)
class LineSpan:
    """The host's line, and where in it an utterance fell."""

    text: str
    """The line as spoken."""
    duration_s: float
    """The line's length as played (seconds)."""
    start_s: float
    """When the utterance started, from the line's start (seconds)."""
    end_s: float
    """When it ended, from the line's start (seconds)."""

    def words_around(self) -> list[str]:
        """The line's words said from OWN_BEFORE_S before the utterance to OWN_AFTER_S after
        it, as placed in time by word_times (all of them when the line's length is unknown)."""
        if self.duration_s <= 0:
            return tokens(self.text)
        lo, hi = self.start_s - OWN_BEFORE_S, self.end_s + OWN_AFTER_S
        placed = word_times(self.text, self.duration_s)
        around = [w for w, start, end in placed if end >= lo and start <= hi]
        if around or not placed:
            return around
        nearest = min(placed, key=lambda p: min(abs(p[1] - hi), abs(p[2] - lo)))
        return [nearest[0]]


PAUSE_CHARS = {",": 4, ";": 4, ":": 4, ".": 6, "?": 6, "!": 6}
"""The pause a voice makes after a punctuation mark, counted in letters of speech: the TTS
gives no word times, so a line's words are placed by their letters and its pauses
(bench_barge_in.py's lines in espeak-ng, each word's middle against Whisper's word times:
off by 0.08 s median and 0.47 s at the 99th percentile, against 0.22 and 1.24 s with every
word taking as long)."""


_MARK_AT_END = re.compile(r"([,;:.?!])[\"')\]»”’]*$")
"""A punctuation mark ending a word, quotes and brackets after it allowed."""


def word_times(text: str, duration_s: float) -> list[tuple[str, float, float]]:
    """(word, start, end) for each of the line's words (seconds from its start): a word lasts
    in proportion to its letters plus one, and a punctuation mark after it adds its pause."""
    units: list[tuple[str, int, int]] = []  # word, its length in letters, the pause after it
    for chunk in text.split():
        words = tokens(chunk)
        mark = _MARK_AT_END.search(chunk)
        for k, word in enumerate(words):
            last = k == len(words) - 1
            units.append((word, len(word) + 1, PAUSE_CHARS[mark.group(1)] if mark and last else 0))
    total = sum(n + pause for _, n, pause in units)
    if not total:
        return []
    per = duration_s / total
    out, at = [], 0.0
    for word, n, pause in units:
        out.append((word, at, at + n * per))
        at += (n + pause) * per
    return out


def _host_places(word: str, around: Sequence[str]) -> list[int]:
    """Where in ``around`` (the host's words) a heard word is one of them: the same word, one
    that sounds the same (the recognizer wrote "two" for the host's "too" and stopped it at
    a choice prompt: bench_barge_in.py), or one written nearly the same (OWN_LIKE)."""
    same = {word} | load_lexicon().homophones(word)
    return [i for i, h in enumerate(around) if h in same or (
        min(len(word), len(h)) >= OWN_LIKE_FROM and fuzz.ratio(word, h) >= OWN_LIKE)]


def own_words(heard: str, line: LineSpan | None) -> bool:
    """Every word of ``heard`` is one the host was saying around then (its echo)."""
    if line is None:
        return False
    said = tokens(heard)
    around = line.words_around()
    return bool(said) and all(_host_places(w, around) for w in said)


def host_gives(command: str | None, line: LineSpan | None) -> bool:
    """Whether the host's own words around the utterance say ``command`` (some run of them
    is one of its phrases): then a command heard is its echo garbled, not a player's. The
    host's "Let's carry on" (resume) came through as "let's go" and stopped it
    (bench_barge_in.py); a player who says "go" while the host says "carry on" wants what
    the host is doing anyway."""
    if command is None or line is None:
        return False
    around = line.words_around()
    for i in range(len(around)):
        for j in range(i + 1, min(len(around), i + COMMAND_WORDS) + 1):
            match = command_match(" ".join(around[i:j]))
            if match is not None and match[2] and match[0] == command:
                return True
    return False


COMMAND_WORDS = 5
"""The longest run of the host's words read as a command phrase ("stop the game")."""


ECHO_RUN = 2
"""The host's own words heard in a row at the start of an utterance, from which what follows
is its echo garbled, not a player: on the null sink the natural voice's "Let me check it
letter by letter" came through as "let me check what", and "what" (repeat) stopped it."""


def without_own_words(heard: str, line: LineSpan | None) -> str:
    """``heard`` less the host's own words around then: the canceller lets some of the host
    through, and an endpointer that hears it right after a player's "stop" makes one
    utterance of both ("stop the ocean"). What is left must still be a whole command or an
    answer said alone to stop the host. Words of the host's heard out of the order it said
    them are no echo after a player's word but the recognizer's garble of the host ("what
    is that" for "That word is"): nothing is taken off, and the whole must fit."""
    if line is None:
        return heard
    around = line.words_around()
    players: list[str] = []
    leading = 0  # the host's words heard before any of the player's
    at = 0  # the host's words come through in the order it said them
    for w in tokens(heard):
        places = _host_places(w, around)
        if not places:
            players.append(w)
            continue
        later = [i for i in places if i >= at]
        if not later:
            return heard  # out of order: the recognizer's garble of the host, left whole
        at = later[0]
        leading += not players
    if players and leading >= ECHO_RUN:
        return heard  # the host's words, then one it garbled ("let me check what"): whole
    return " ".join(players)


class BargeInPolicy:
    """Decides, for each utterance heard over the host, whether the host stops."""

    def decide(self, heard: Sequence[str], expect: Expectation,
               line: LineSpan | None = None, confidence: float | None = None,
               forced: tuple[str, float] | None = None) -> Decision:
        """``heard``: the transcripts, best first. Only the best one can stop the host: a
        runner-up is a doubt, and doubts are asked about after the line, not acted on.
        ``confidence`` is the recognizer's in the best one (0-1), where it gives one;
        ``forced`` the command of FORCED_COMMANDS the audio sounded most like and its score,
        forced after the audio (forced_score)."""
        decision = self._decide(heard, expect, line, confidence)
        if decision.why in FORCED_OVER and forced is not None:
            word, score = forced
            match = command_match(word)
            if (match is not None and score >= FORCED_COMMANDS.get(word, 0.0)
                    and not own_words(word, line)):
                decision = Decision(
                    Verdict.STOP_COMMAND, (word, *decision.heard), "forced command",
                    Understood("unclear", None, EXACT_COMMAND, word, command=match[0]))
        command = decision.understood.command if decision.understood is not None else None
        if decision.verdict is Verdict.STOP_COMMAND and host_gives(command, line):
            return Decision(Verdict.KEEP_TALKING, decision.heard, "own command")
        return decision

    def _decide(self, heard: Sequence[str], expect: Expectation,
                line: LineSpan | None, confidence: float | None) -> Decision:
        alts = tuple(h for h in heard if h.strip())
        if not alts:
            return Decision(Verdict.KEEP_TALKING, (), "nothing")
        if line is not None and line.start_s < ONSET_S:
            return Decision(Verdict.KEEP_TALKING, alts, "line onset")
        if own_words(alts[0], line):
            return Decision(Verdict.KEEP_TALKING, alts, "own words")
        best = without_own_words(alts[0], line)
        with_echo = tokens(best) != tokens(alts[0])
        alts = (best, *alts[1:])  # what the dialogue is handed: the player's words only
        if expect.kind not in ANSWER_KINDS:
            match = command_match(best)
            if match is not None and match[2]:
                return Decision(Verdict.STOP_COMMAND, alts, "command",
                                Understood("unclear", None, EXACT_COMMAND, best, command=match[0]))
            return Decision(Verdict.KEEP_TALKING, alts, "near command" if match else "no fit")
        # Whether it fits, never whether it is right: a host that stopped for right answers
        # only would give them away. A choice is read as a pick among its options.
        request = {k: v for k, v in expect.request.items() if k != "answer"}
        kind = ReplyKind.NAME if expect.kind == ReplyKind.CHOICE else expect.kind
        try:
            result = judge({**request, "kind": kind, "heard": [best]})
        except RequestError:
            return self._decide(alts, Expectation(), line, None)
        if result.command is not None:
            if result.confidence >= EXACT_COMMAND:
                return Decision(Verdict.STOP_COMMAND, alts, "command", result)
            return Decision(Verdict.KEEP_TALKING, alts, "near command")
        if result.verdict != "unclear" and result.value is not None:
            if with_echo:
                # the host's words came through with it, so the answer beside them may be
                # its echo garbled too (on the null sink the host's "blue one asks you"
                # came through as "one two", and "two" was taken at a choice prompt); a
                # player says it again after the line. A command is taken off them.
                return Decision(Verdict.KEEP_TALKING, alts, "with own words")
            if not said_alone(best, expect.kind) or (
                    line is not None and line.end_s - line.start_s > MAX_ANSWER_S):
                return Decision(Verdict.KEEP_TALKING, alts, "not alone")
            if confidence is not None and confidence < SURE_ANSWER:
                return Decision(Verdict.KEEP_TALKING, alts, "unsure")
            return Decision(Verdict.STOP_ANSWER, alts, "answer", result,
                            unsure=confidence is None or confidence < TAKE_ANSWER)
        return Decision(Verdict.KEEP_TALKING, alts, "no fit")


def said_alone(heard: str, kind: ReplyKind) -> bool:
    """An answer said on its own, as a player cutting in says it: a yes or no said plainly
    ("okay", "all right" are what the recognizer writes for other sounds more often), a
    number or an option in at most MAX_ANSWER_WORDS words. Longer is talk, which after the
    line the dialogue may still read as an answer, but which does not stop the host."""
    words = [w for w in tokens(heard) if w not in HESITATIONS]
    if kind == ReplyKind.YESNO:
        return said_plainly(heard)
    return 0 < len(words) <= MAX_ANSWER_WORDS


PROMPTED_OVER = ("stop",)
"""Commands the decoder of a prompt read with its answers (a number, yes/no, a choice) is
told of over the host, after them: told of the numbers alone it wrote a "stop" as "seven"
(33 of the missed commands of bench_barge_in.py seeds 2 and 3 were heard as a number; told
of "stop" too, 5-8 points more commands stopped the host, and 1-2 points fewer answers;
at a choice, 1-3 points more commands, answers the same). The command prompt's decoder,
prompted with nothing, is left as it was."""


def overlap_grammar(grammar: Grammar) -> Grammar:
    """The prompt's grammar as heard over the host: FORCED_COMMANDS are forced after what is
    heard too (the best of them is forced_score's), and a prompt read with its answers
    names PROMPTED_OVER to the decoder after them."""
    missing = tuple(w for w in FORCED_COMMANDS if w not in grammar.verify)
    prompted = PROMPTED_OVER if grammar.kind in ANSWER_KINDS else grammar.prompted
    if not missing and prompted == grammar.prompted:
        return grammar
    return replace(grammar, verify=(*grammar.verify, *missing), prompted=prompted)


def forced_score(rec: Recognition) -> tuple[str, float] | None:
    """The command of FORCED_COMMANDS forced after the audio that scored best, with its score,
    where the recognizer gave one (a runner-up scored by the forced check: Whisper's), else
    None."""
    return next(((a.text, a.score) for a in rec.alternatives[1:] if a.text in FORCED_COMMANDS
                 and a.confidence is None and a.score is not None), None)
