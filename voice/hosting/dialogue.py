"""One exchange with the table: speak, listen, understand, confirm, reprompt.

The dialogue knows nothing about any game. A game adapter turns the engine's
Prompt into an :class:`Ask` (what to say, what kind of reply to expect, how to
judge it) and turns Events into :class:`Line` s to narrate. The dialogue runs
the same loop for every prompt, one method of :class:`Dialogue` per stage; each
stage settles the Ask, says listen again (``AGAIN``), or passes to the next:

    say the question -> _listen      (grammar for the reply kind + commands)
      -> _on_silence   nothing heard at a patient Ask: never wrong; offer to wait
      -> _intent       a game phrase allowed here (an action card): the answer
      -> _understand   the judge, or the Ask's own reader
      -> _on_command   a global command: handle it, listen again (not a try)
      -> _on_help      "how do you say ...": answer it, listen again
      -> _on_wait      "let me think": wait
      -> _settle       a doubtful letter, a runner-up, a reply heard through talk;
                       confirm if unsure; unclear: _reprompt, and after
                       ``max_tries`` the Ask's default

Global commands that change the course of the game (undo, "that was wrong",
quit) are raised as :class:`ControlFlow` exceptions for the driver, which owns
the engine state. Time comes from an injected clock so latency is measurable
and tests can feed numbers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from content.lexicon import load_lexicon
from voice.hosting.exchange import (
    AGAIN,
    Ask,
    ControlFlow,
    Ears,
    Exchange,
    Expected,
    Heard,
    Line,
    Mouth,
    Outcome,
    Table,
    Turn,
)
from voice.hosting.reply_doubts import (
    a_quiz,
    doubtful_reply,
    heard_through_talk,
    said_instead,
    spelling_heard_weakly,
    spellings,
    torn,
)
from voice.hosting.reprompts import not_heard_key, unclear_line
from voice.reply_kind import ReplyKind
from voice.speaking.phrases import PhraseError, Phrases
from voice.understanding.commands import command_match, spell_target
from voice.understanding.judge import Understood, doubt_questions, judge, parse_command
from voice.understanding.letters import readings
from voice.understanding.spell_request import gives_away, target_forms
from voice.understanding.transcript import tokens

EXACT_COMMAND = 0.9
"""The judge's confidence in a command said in full; below it, a near miss is confirmed."""


RATES = ("slow", "normal", "fast")

WAIT_PHRASES = frozenset({
    "let me think", "i'm thinking", "i am thinking", "give me a moment", "give me a minute",
    "give me a second", "just a moment", "just a minute", "just a second", "one moment",
    "one moment please", "one second", "one minute", "a moment please", "more time",
    "i need more time", "give me time", "give me more time", "let me see", "let me think about it",
})
"""A player asking for time at a question: the host waits (never a wrong answer)."""
WAIT_WORDS = frozenset({"wait", "wait please", "please wait", "yes wait", "wait for me",
                        "keep waiting", "i'll wait", "we'll wait"})
""""Wait", the first choice of the offer made after a silence; only an answer after the offer."""


def waiting(said: str, *, offered: bool) -> bool:
    """The player asks for time ("let me think"; "wait" once waiting has been offered)."""
    text = " ".join(tokens(said))
    return text in WAIT_PHRASES or (offered and text in WAIT_WORDS)


def _one_letter(heard: Heard, choices: tuple[str, str]) -> Understood:
    """The reply to "Was that B or P?" (or "double B or double P?"): one of the two letters,
    or another letter said alone and heard surely (the letter the speller says was said
    there: "D"), as the spelling's letter there; commands are commands."""
    if not heard.nbest:
        return Understood("unclear", None, 0.0, "")
    text = heard.nbest[0]
    command = parse_command(text)
    if command is not None:
        return Understood("unclear", None, 0.9, text, command=command)
    for reading in readings(text):
        letters = reading.letters
        if len(letters) > 1 and len(set(letters)) == 1:
            letters = letters[0]  # "double T", "T T": the doubled letter asked about
        if letters in choices:
            return Understood("correct", letters, 1.0, text)
    said = readings(text)
    if said and len(said[0].letters) == 1 and not said[0].unknown:
        if heard.unsure or any(r.letters in choices for alt in heard.nbest[1:]
                               for r in readings(alt)):
            # a third letter heard weakly, or with one of the two as its runner-up
            # (espeak's "golf" heard as I, G second): asked again, not taken (as not
            # caught: it was no word said instead of a letter)
            return Understood("unclear", None, 0.0, "")
        return Understood("correct", said[0].letters, 1.0, text)
    return Understood("unclear", None, 0.0, text)


def _question_word(named: str, words: Sequence[str]) -> str | None:
    """The word of the question the player named (either spelling of it), or None."""
    pool = {w.lower(): w for w in words}
    if named.lower() in pool:
        return pool[named.lower()]
    lex = load_lexicon()
    return next((pool[v] for v in lex.variants(named.lower()) if v in pool), None)


@dataclass
class Settings:
    """Player-facing preferences that persist between games."""

    rate: str = "normal"
    verbose: bool = True
    barge_in: bool = False
    """Listen while the host speaks (when an echo canceller, or headphones, allow it). Off
    until asked for: on a real sound server the canceller's reference is not yet placed
    reliably (see voice/hosting/talk_over.py)."""
    headphones: bool = False
    """The host is heard through headphones: no echo to take out."""


class Dialogue:
    """Runs Asks against a Mouth and Ears, with the global commands."""

    def __init__(
        self,
        mouth: Mouth,
        ears: Ears,
        phrases: Phrases,
        table: Table,
        *,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.monotonic,
        transcript: Callable[[str, str], None] | None = None,
        max_tries: int = 3,
        confirm_below: float = 0.6,
        patience: float = 1.0,
    ) -> None:
        self.mouth = mouth
        self.ears = ears
        self.phrases = phrases
        self.table = table
        self.settings = settings or Settings()
        self.clock = clock
        self.transcript = transcript or (lambda who, text: None)
        self.max_tries = max_tries
        self.confirm_below = confirm_below
        self.patience = patience
        """Reprompt waits are this many times an Ask's ``timeout_s`` (typing is slower than
        speaking); a time limit is never stretched."""
        self.latencies_ms: list[float] = []
        self.exchanges: list[Exchange] = []
        self._pending_end: float | None = None
        self._last: list[str] = []
        """The pending question as it was said: "repeat", "slower" and a declined quit say
        it again word for word (phrase variants rotate; a repeat must not)."""
        self._told_loud = False  # "It's a bit loud" said for the question being asked

    # -- speaking -----------------------------------------------------------
    def line(self, line: Line) -> str:
        return self.phrases.text(line.key, **dict(line.fields))

    def tell(self, key: str, /, **fields: Any) -> None:
        """Speak one phrase (narration, verdicts)."""
        self.speak([Line(key, fields)])

    def speak(self, lines: Sequence[Line]) -> list[str]:
        """Say ``lines``; returns the sentences as said."""
        said = [self.line(line) for line in lines]
        self._say_again(said)
        return said

    def _say_again(self, said: Sequence[str]) -> None:
        self._prepare(said[1:])  # the later lines render while the first plays
        for text in said:
            self._say_text(text)

    def _prepare(self, texts: Sequence[str]) -> None:
        """Hand the mouth lines to render ahead (a mouth without ``prepare`` renders none)."""
        prepare = getattr(self.mouth, "prepare", None)
        if prepare is not None and texts:
            prepare(list(texts))

    def _likely(self, lines: Sequence[Line]) -> list[str]:
        """``lines`` as they would be said next (phrase variants are not turned); a line
        that cannot be made is left out (rendering ahead never stops a game)."""
        out = []
        for line in lines:
            try:
                out.append(self.phrases.peek(line.key, **dict(line.fields)))
            except PhraseError:
                continue
        return out

    def _say_text(self, text: str) -> None:
        if self._pending_end is not None:
            self.latencies_ms.append((self.clock() - self._pending_end) * 1000.0)
            self._pending_end = None
        self.transcript("host", text)
        self.mouth.say(text)

    # -- listening ----------------------------------------------------------
    def ask(self, ask: Ask) -> Understood:
        """Ask until understood, handling commands; the Ask's default after max tries."""
        self._expecting(ask)
        try:
            return self._ask(ask)
        finally:
            self._expecting(None)

    def _expecting(self, ask: Ask | None) -> None:
        """Tell ears that listen while the host speaks (barge-in) which prompt is asked."""
        expect = getattr(self.ears, "expect", None)
        if expect is None:
            return
        if ask is None:
            expect(ReplyKind.COMMAND, [], {})
        else:
            expect(ask.expect, self._phrases(ask), dict(ask.request))

    def _ask(self, ask: Ask) -> Understood:
        """The loop of the module's diagram: one listen at a time through the stages, until
        a stage settles the Ask (each stage either decides, says listen again, or passes)."""
        self._last = self.speak(ask.say)
        self._prepare(self._likely(ask.ahead))
        self._told_loud = False
        turn = Turn.begin(ask, self.clock())
        while True:
            outcome = self._exchange(turn)
            if isinstance(outcome, Understood):
                return outcome

    def _exchange(self, turn: Turn) -> Outcome:
        """listen -> silence / intent / command / help / wait -> understand -> settle."""
        ask = turn.ask
        heard = self._listen(turn)
        if heard is None:
            return self._give_up(ask)
        outcome = self._on_silence(turn, heard) or self._intent(ask, heard)
        if outcome is not None:
            return outcome
        result = self._understand(ask, heard)
        for stage in (self._on_command, self._on_help, self._on_wait):
            outcome = stage(turn, heard, result)
            if outcome is not None:
                return outcome
        self.exchanges.append(Exchange(ask.expect, heard.nbest, result.verdict, result.value))
        return self._settle(turn, heard, result)

    # -- the stages of one listen ---------------------------------------------
    def _listen(self, turn: Turn) -> Heard | None:
        """Hear one utterance (written in the transcript), or None when the Ask's time
        limit has run out (said here; the Ask's default applies)."""
        ask = turn.ask
        expected = self._phrases(ask)
        wait = ask.timeout_s * self.patience
        before = max(self.clock(), turn.heard_until)
        if ask.time_limit_s is not None:
            left = ask.time_limit_s - (before - turn.start)
            if left <= 0:
                self.tell("common.answer_time_up", name=ask.addressee)
                return None
            wait = min(wait, left)
        heard = self.ears.listen(ask.expect, expected, wait)
        if heard.ended:
            raise ControlFlow("quit")
        if heard.timed_out:
            # A listen that timed out took the whole wait, whatever the clock says
            # (scripted sessions feed silences without sleeping).
            turn.heard_until = before + wait
        if heard.nbest:
            self._pending_end = heard.end_s
            self.transcript(ask.addressee, heard.as_put)
        return heard

    def _on_silence(self, turn: Turn, heard: Heard) -> Outcome:
        """Silence at a patient or timed Ask is never a wrong answer: say it was not heard,
        and after ``max_tries`` silences offer to wait, repeat or skip."""
        ask = turn.ask
        if heard.nbest or not (ask.patient or ask.time_limit_s is not None):
            return None
        turn.silent += 1
        if ask.time_limit_s is not None and turn.heard_until - turn.start >= ask.time_limit_s:
            return AGAIN  # the time is up: said by the next listen
        if ask.time_limit_s is None and turn.silent >= self.max_tries:
            turn.silent = 0
            turn.offered = True
            self.tell("common.silence_offer", name=ask.addressee)
            return AGAIN
        self.tell(self._too_loud(heard) or not_heard_key(ask), name=ask.addressee)
        return AGAIN

    def _on_command(self, turn: Turn, heard: Heard, result: Understood) -> Outcome:
        """A global command: carried out (a near miss once confirmed), then listen again.
        "Skip" at a question gives up: the sheet's default (wrong, the answer read)."""
        ask = turn.ask
        if result.command == "skip":
            if ask.default is not None or ask.fallback is not None:
                return self._give_up(ask)
            self.tell("common.not_now")
            return AGAIN
        if result.command is None:
            return None
        if result.confidence < EXACT_COMMAND and not self._near_command(result, ask):
            self.tell("common.say_again", name=ask.addressee)
            return AGAIN
        self._handle_command(result.command, ask, heard)
        return AGAIN

    def _on_help(self, turn: Turn, heard: Heard, result: Understood) -> Outcome:
        """A help request ("how do you say ..."), answered without using up a try."""
        if result.verdict == "unclear" and self._helped(turn.ask, heard):
            return AGAIN
        return None

    def _on_wait(self, turn: Turn, heard: Heard, result: Understood) -> Outcome:
        """"Let me think" at a patient Ask: the host waits (the silences start again)."""
        ask = turn.ask
        if (ask.patient and result.verdict != "correct"
                and waiting(heard.as_put, offered=turn.offered)):
            turn.silent = 0
            self.tell("common.waiting", name=ask.addressee)
            return AGAIN
        return None

    # -- settling what was understood -------------------------------------------
    def _settle(self, turn: Turn, heard: Heard, result: Understood) -> Outcome:
        """A doubtful letter, a runner-up or a reply heard through talk is asked about; a
        reply understood is then confirmed if unsure; an unclear one is reprompted."""
        ask = turn.ask
        if result.doubt:
            # Sound-alike letters: ask about those only ("Was that B or P?"); the
            # first attempt stays the answer.
            result = self._settle_letters(ask, result)
        elif torn(ask, heard, result):
            return self._settle_runner_up(ask, result)
        elif said_back := doubtful_reply(ask, heard, result):
            # Heard only through talk: "Did you say seven?"; a "no" asks again.
            if self._confirmed(Line("common.did_you_say", {"said": said_back}), ask.addressee):
                return Understood("correct", result.value, 1.0, result.heard)
            result = Understood("unclear", None, 0.0, result.heard)  # asked again
        elif spelling_heard_weakly(ask, heard, result) and ask.confirm is not None:
            # Letters heard through talk that spell no answer: "Did you say C-A-N?"; a
            # yes stands as judged (wrong), a no asks for the spelling again
            if self._confirmed(ask.confirm(result), ask.addressee):
                return replace(result, confidence=1.0)
            result = Understood("unclear", None, 0.0, "")  # not "I heard a word"
        elif heard_through_talk(ask, heard, result) and ask.confirm is not None:
            # "Did you say happy?": a yes stands as judged; a no asks again, but to a
            # right answer named at a quiz it is a wrong answer (no second try)
            if self._confirmed(ask.confirm(result), ask.addressee):
                return replace(result, confidence=1.0)
            if result.verdict == "correct" and a_quiz(ask):
                return Understood("wrong", None, 1.0, result.heard)
            result = Understood("unclear", None, 0.0, result.heard)
        if result.verdict == "unclear":
            return self._reprompt(turn, heard, result)
        return self._settle_confidence(turn, heard, result)

    def _settle_runner_up(self, ask: Ask, result: Understood) -> Understood:
        """The recognizer was torn and its runner-up is right (a spelling, or an answer
        heard as "more than" for Marvin): confirm what was heard; a "no" leaves the first
        attempt, wrong, never a second try with the answer given away."""
        said = ask.confirm(result) if ask.confirm is not None else Line(
            "common.did_you_say", {"said": "-".join(str(result.value).upper())})
        if self._confirmed(said, ask.addressee):
            return Understood("correct", result.value, 1.0, result.heard)
        return Understood("wrong", None, 1.0, result.heard)

    def _settle_confidence(self, turn: Turn, heard: Heard, result: Understood) -> Outcome:
        """A reply understood with low confidence is confirmed ("Did you say fork?"); a
        spelling typed at a keyboard never is (what was typed is what was meant)."""
        ask = turn.ask
        if (ask.confirm is None or result.confidence >= self.confirm_below
                or (heard.typed and ask.expect == ReplyKind.SPELLING)
                or self._confirmed(ask.confirm(result), ask.addressee)):
            return result
        if result.verdict == "correct" and a_quiz(ask):
            # "Did you say fork?" named the right answer: a "no" is a
            # wrong answer, not a second try with the answer given away.
            return Understood("wrong", None, 1.0, result.heard)
        if turn.spend_try(self.max_tries):
            return self._give_up(ask)
        self.tell("common.say_again", name=ask.addressee)
        return AGAIN

    def _reprompt(self, turn: Turn, heard: Heard, result: Understood) -> Outcome:
        """An unclear reply uses up a try: say what was missing, or give up after the last."""
        ask = turn.ask
        if turn.spend_try(self.max_tries):
            return self._give_up(ask)
        key = self._too_loud(heard) or (
            not_heard_key(ask) if heard.timed_out or not heard.nbest
            else "common.spell_letters" if said_instead(ask, result) else None)
        self.speak([Line(key, {"name": ask.addressee}) if key else unclear_line(ask)])
        return AGAIN

    def _too_loud(self, heard: Heard) -> str | None:
        """"It's a bit loud ...", the first time a reply is lost in a loud room; else None."""
        told, self._told_loud = self._told_loud, self._told_loud or heard.noisy
        return "common.too_loud" if heard.noisy and not told else None

    def _phrases(self, ask: Ask) -> Expected:
        """What the ears may hear at ``ask``: its answers, then its intents (which go into the
        grammar too, or a constrained recognizer never hears them)."""
        return Expected(tuple(self._expected(ask)), tuple(ask.intents))

    def _expected(self, ask: Ask) -> list[str]:
        req = ask.request
        if ask.expect == ReplyKind.CHOICE:
            return [str(o) for o in req.get("options", ())]
        if ask.expect == ReplyKind.WORD:
            return [str(a) for a in req.get("accepted", ())]
        if ask.expect == ReplyKind.SPELLING:
            return [str(req.get("answer", ""))] + [str(v) for v in req.get("variants", ())]
        if ask.expect in (ReplyKind.NAME, ReplyKind.COLOUR):
            return [str(o) for o in req.get("options", ())]
        if ask.expect == ReplyKind.YESNO:
            return ["yes", "no"]
        if ask.expect == ReplyKind.NUMBER:
            return [str(n) for n in range(int(req.get("min", 1)), int(req.get("max", 12)) + 1)]
        return [str(x) for x in req.get("expected", ())]

    def _understand(self, ask: Ask, heard: Heard) -> Understood:
        if not heard.nbest:
            return Understood("unclear", None, 0.0, "")
        if ask.understand is not None:
            return ask.understand(heard)
        request = {"kind": ask.expect, "heard": list(heard.nbest), **ask.request}
        request.pop("expected", None)
        if ask.expect in (ReplyKind.SPELLING, ReplyKind.WORD):
            request["typed"] = heard.typed
        if ask.expect in (ReplyKind.YESNO, ReplyKind.NUMBER, ReplyKind.COMMAND):
            request = {k: v for k, v in request.items() if k in ("kind", "heard", "min", "max")}
        return judge(request)

    def _intent(self, ask: Ask, heard: Heard) -> Understood | None:
        """A game-specific phrase allowed at this prompt (e.g. an action card)."""
        if not ask.intents or not heard.nbest:
            return None
        said = " ".join(tokens(heard.nbest[0]))
        for phrase, value in ask.intents.items():
            if said == phrase or said.endswith(" " + phrase) or said.startswith(phrase + " "):
                return Understood("correct", value, 1.0, heard.nbest[0], command="intent")
        return None

    def _helped(self, ask: Ask, heard: Heard) -> bool:
        """Answer a help request; True when the utterance was one."""
        if ask.help is None or not heard.nbest:
            return False
        reply = ask.help(heard.nbest[0])
        if reply is None:
            return False
        if reply.slow:
            self.mouth.set_rate("slow")
        try:
            self.speak(reply.lines)
        finally:
            if reply.slow:
                self.mouth.set_rate(self.settings.rate)
        if reply.spell:
            self.transcript("host", "-".join(reply.spell.upper()))
            self.mouth.spell(reply.spell)
        return True

    def _settle_letters(self, ask: Ask, result: Understood) -> Understood:
        """Ask which of two sound-alike letters was said, then judge the spelling as said."""
        letters = list(str(result.value))
        pending = self._last
        try:
            for places, heard_letter, other in doubt_questions(result.doubt):
                first, second = heard_letter.upper(), other.upper()
                key = "common.which_letter" if len(places) == 1 else "common.which_double"
                # the two letters as the accepted ones: the listen ends at one letter
                which = Ask(say=[Line(key, {"first": first, "second": second})],
                            expect=ReplyKind.SPELLING, addressee=ask.addressee,
                            request={"answer": heard_letter, "variants": [other],
                                     "places": list(places)},
                            understand=partial(_one_letter, choices=(heard_letter, other)),
                            default=Understood("correct", heard_letter, 1.0, ""))
                said_letter = str(self.ask(which).value)
                for k in places:
                    letters[k] = said_letter
        finally:
            self._last = pending
        said = "".join(letters)
        if said in spellings(ask):
            return Understood("correct", said, 1.0, result.heard)
        return Understood("wrong", said, 1.0, result.heard)

    def confirm_quit(self, addressee: str) -> bool:
        """"Do you want to stop the game?": a stray "bye" across the table must not end it.
        On a no the host says it carries on (the caller goes back to what was pending)."""
        if self._confirmed(Line("common.confirm_quit"), addressee):
            return True
        self.tell("common.carry_on")
        return False

    def _near_command(self, result: Understood, ask: Ask) -> bool:
        """A command heard as a near miss is obeyed only once the player says it was one."""
        match = command_match(result.heard)
        said = match[1] if match is not None else result.heard
        return self._confirmed(Line("common.confirm_command", {"said": said}), ask.addressee)

    def _confirmed(self, question: Line, addressee: str) -> bool:
        """A yes/no aside; "repeat" afterwards still means the question that was pending."""
        pending = self._last
        yes_no = Ask(say=[question], expect=ReplyKind.YESNO, addressee=addressee,
                     default=Understood.yes_no(False))
        try:
            return bool(self.ask(yes_no).value)
        finally:
            self._last = pending

    def _give_up(self, ask: Ask) -> Understood:
        if ask.default is not None:
            return ask.default
        if ask.fallback is not None:
            return self.ask(ask.fallback())
        return Understood("unclear", None, 0.0, "")

    # -- commands -----------------------------------------------------------
    def _handle_command(self, command: str, ask: Ask, heard: Heard) -> None:
        if command == "repeat":
            self._say_again(self._last)
        elif command == "slowly":
            # Once, slowly: the learner's "say it slowly" does not change the game's rate.
            self.mouth.set_rate("slow")
            try:
                self._say_again(self._last)
            finally:
                self.mouth.set_rate(self.settings.rate)
        elif command in ("slower", "faster"):
            index = RATES.index(self.settings.rate)
            index = max(0, index - 1) if command == "slower" else min(len(RATES) - 1, index + 1)
            self.settings.rate = RATES[index]
            self.mouth.set_rate(self.settings.rate)
            self.tell(f"common.rate_{self.settings.rate}")
            self._say_again(self._last)
        elif command == "spell":
            self._spell(ask, heard.nbest[0])
        elif command in ("score", "whose_turn", "where_am_i", "tokens"):
            self.speak(self.table.status(command, ask.addressee))
        elif command == "help":
            self.tell("common.help")
        elif command == "pause":
            self._pause(ask)
        elif command == "resume":
            self.tell("common.not_paused")
        elif command == "stop":
            pass
        elif command in ("ready",):
            self.tell("common.not_now")
        elif command == "quit" and not self.confirm_quit(ask.addressee):
            self._say_again(self._last)
        else:
            raise ControlFlow(command)

    def _spell(self, ask: Ask, words: str) -> None:
        """Spell a word on request: a named word, or "that word" = the question's last.

        Only words of the question as read (RULINGS), and never one that gives a
        Spelling target away: the target itself, its other spellings and
        homophones, a word containing it or a form of it ("neighbours" for
        "neighbour"). See :mod:`voice.understanding.spell_request`.
        """
        named = spell_target(words)
        secrets = [ask.secret, *ask.request.get("variants", ())] if ask.secret else []
        forms = target_forms(*secrets) if secrets else frozenset()
        allowed = [w for w in ask.spellable if not (forms and gives_away(w, forms))]
        if named is None:
            target = allowed[-1] if allowed else None
            if target is None:
                self.tell("common.nothing_to_spell")
                return
        else:
            if forms and gives_away(named, forms):
                self.tell("common.cannot_spell_target")
                return
            target = _question_word(named, allowed)
            if target is None:
                self.tell("common.spell_only_question_words", word=named)
                return
        self.tell("common.spelling_word", word=target)
        self.transcript("host", "-".join(target.upper()))
        self.mouth.spell(target)

    def _pause(self, ask: Ask) -> None:
        self.tell("common.paused")
        while True:
            heard = self.ears.listen(ReplyKind.COMMAND, [], 3600.0)
            if heard.nbest and parse_command(heard.nbest[0]) in ("resume", "quit"):
                if parse_command(heard.nbest[0]) == "quit":
                    raise ControlFlow("quit")
                self.tell("common.resumed")
                self._say_again(self._last)
                return
