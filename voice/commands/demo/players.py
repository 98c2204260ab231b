"""What a simulated player says: a reply chosen from the prompt, right with probability p.

The demo's players hear the question the way the recognizer does, through
the ears protocol (reply kind and expected phrases), plus the :class:`Ask`
the dialogue is running (which option is right, what a confirmation asks),
because a person at the table knows what they meant. A reply is an
:class:`Utterance`: the words to speak, how to speak them (whole, or letter by
letter), and a short label of what was meant, for the transcript.

Pure choice: no audio here, so the policy is testable without speech.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from voice.hosting.exchange import Ask
from voice.reply_kind import ReplyKind
from voice.understanding.letters import NATO
from voice.understanding.transcript import tokens

SPELL_STYLES = ("names", "nato")
"""How simulated players say letters: letter names ("bee") or NATO words ("bravo").

The demo's players use NATO words: on 8 demo games (Word Up and Word on the
Street, seeds 1-4, with pocketsphinx, the recognizer before Whisper) 17 of 40 spellings were understood as meant
with NATO words against 9 of 105 with letter names, whose one-syllable sounds
fall into the sound-alike sets (B/D/E/P/T/V, M/N, F/S/X). People who are not
understood spell with NATO words too, and the grammar always accepts them."""

_NATO_OF: dict[str, str] = {}
for _word, _letter in NATO.items():
    _NATO_OF.setdefault(_letter, _word)

STREET_WORDS = 40
"""A demo team names one of the first this many fitting words of its card's list."""

NAME_FIRST = 0.3
"""The chance a player names the word before spelling it ("Neighbour: November, Echo, ..."),
where the host knows the word (a Word Up spelling, a word the team declared)."""

WRONG_WORDS = ("table", "garden", "river", "yellow", "pencil", "window", "summer", "bottle",
               "market", "rabbit", "basket", "candle", "doctor", "forest", "jacket", "ladder",
               "mirror", "number", "orange", "pocket", "silver", "ticket", "wagon", "zebra")
"""Everyday words a player might say instead of the answer (everyday and easy to render)."""


@dataclass(frozen=True)
class Utterance:
    """One reply of a simulated player."""

    text: str
    """What the player says, as words ("bee ee ee" is three letter names)."""
    spelled: str = ""
    """The letters when the reply is a spelling (rendered letter by letter), else ""."""
    right: bool | None = None
    """Whether the player meant the right answer (None where nothing is right or wrong)."""
    named: str = ""
    """The word a spelling's player says before its letters ("Neighbour: N, E, ..."), or ""."""


def spoken_letters(letters: str, style: str) -> str:
    """Letters as the words a player says for them."""
    from voice.speaking.tts import LETTER_NAMES

    out = []
    for ch in letters.lower():
        if ch.isalpha():
            out.append(_NATO_OF[ch] if style == "nato" else LETTER_NAMES[ch])
    return " ".join(out)


def misspell(word: str, rng: random.Random) -> str:
    """A plausible misspelling: a doubled, dropped or swapped letter (never the word itself)."""
    w = word.lower()
    for _ in range(8):
        i = rng.randrange(len(w))
        how = rng.choice(("double", "drop", "swap")) if len(w) > 2 else "double"
        if how == "double":
            out = w[:i] + w[i] + w[i:]
        elif how == "drop":
            out = w[:i] + w[i + 1:]
        else:
            j = min(i + 1, len(w) - 1)
            out = w[:i] + w[j] + w[i] + w[j + 1:] if j > i else w[:i - 1] + w[i] + w[i - 1]
        if out != w and out:
            return out
    return w + w[-1]


class PlayerPolicy:
    """Chooses replies; ``p_correct`` is the chance of meaning the right answer."""

    def __init__(self, rng: random.Random, p_correct: float = 0.7, spell_style: str = "nato",
                 wordstreet_words: Any = None) -> None:
        if spell_style not in SPELL_STYLES:
            raise ValueError(f"spell style {spell_style!r}; allowed: {', '.join(SPELL_STYLES)}")
        self.rng = rng
        self.p_correct = p_correct
        self.spell_style = spell_style
        self.last_recognised = True
        """Whether the app understood the player's last reply (answers "did you say ...?")."""
        self.last_said = ""
        """The player's last reply as meant: "Did you say flooded?" after "flooded" is a yes
        even where the app first heard "flug it"."""
        self.wordstreet_words = wordstreet_words
        """Words that fit the current Word on the Street card (a callable), when playing it."""
        self._ask: Ask | None = None
        self._said: Utterance | None = None
        self._spelled = ""
        """The letters of the player's last spelling, as meant."""
        self._times = 0

    def _right(self) -> bool:
        return self.rng.random() < self.p_correct

    def reply(self, kind: ReplyKind, expected: Sequence[str], ask: Ask | None) -> Utterance:
        """What to say at a listen of ``kind`` with ``expected`` phrases, inside ``ask``.

        Asked again (not heard, misheard), a player says the same thing again.
        """
        if ask is not None and ask is self._ask and self._said is not None:
            self._times += 1
            if self._times < 3:
                return self._said
            # Still not understood: a person gives up on an answer ("pass") or
            # says a choice another way (here: picks again).
            if self._said.right is not None and self._times == 3:
                self._said = Utterance("pass")
                return self._said
            self._said = self._choose(kind, expected, ask)
            return self._said
        said = self._choose(kind, expected, ask)
        self._ask, self._said, self._times = ask, said, 0
        return said

    def _choose(self, kind: ReplyKind, expected: Sequence[str], ask: Ask | None) -> Utterance:
        req: dict[str, Any] = dict(ask.request) if ask is not None else {}
        if ask is None or ask.expect != kind:
            return self._bare(kind, expected)
        if kind == ReplyKind.SPELLING:
            return self._spelling(req)
        if kind == ReplyKind.WORD:
            return self._word(req)
        if kind == ReplyKind.CHOICE:
            options = [str(o) for o in req.get("options", ())]
            answer = req.get("answer")
            right = options.index(answer) if isinstance(answer, str) and answer in options else (
                answer if isinstance(answer, int) else None)
            if right is None:
                return Utterance(self.rng.choice(options))
            if self._right():
                return Utterance(options[right], right=True)
            return Utterance(self.rng.choice([o for i, o in enumerate(options) if i != right]),
                             right=False)
        if kind in (ReplyKind.NAME, ReplyKind.COLOUR):
            options = [str(o) for o in req.get("options", ())] or [
                e for e in expected if e not in ask.intents]
            return Utterance(self.rng.choice(options))
        if kind == ReplyKind.YESNO:
            return Utterance(self._yes_no(ask))
        if kind == ReplyKind.NUMBER:
            return Utterance(str(self.rng.randint(int(req.get("min", 1)), int(req.get("max", 12)))))
        return self._bare(kind, expected)

    def _bare(self, kind: ReplyKind, expected: Sequence[str]) -> Utterance:
        """A listen outside any Ask: the brainstorm's "we're ready", or "resume" when paused."""
        if kind == ReplyKind.COMMAND and not expected:
            return Utterance("resume")
        if any(tokens(e) == ["we're", "ready"] for e in expected):
            return Utterance("we're ready")
        if "ready" in expected:
            return Utterance("ready")
        return Utterance(expected[0] if expected else "yes")

    def _yes_no(self, ask: Ask) -> str:
        keys = [line.key for line in ask.say]
        if "common.did_you_say" in keys:
            asked = next(line for line in ask.say if line.key == "common.did_you_say")
            if self.last_said and tokens(str(asked.fields.get("said", ""))) == tokens(
                    self.last_said):
                return "yes"
            return "yes" if self.last_recognised else "no"
        if ask.intents:
            # An action-card window ("any card?"): mostly no, so the game moves on.
            return "no" if self.rng.random() < 0.8 else "yes"
        return self.rng.choice(("yes", "no"))

    def _spelling(self, req: dict[str, Any]) -> Utterance:
        if "places" in req:
            return self._which_letter(req)
        word = str(req.get("answer", "") or "")
        if not word and self.wordstreet_words is not None:
            word = self._street_word()
        letters = "".join(ch for ch in word.lower() if ch.isalpha())
        if not letters:
            letters = "cat"
        right = self._right()
        said = letters if right else misspell(letters, self.rng)
        self._spelled = said
        spoken = spoken_letters(said, self.spell_style)
        if req.get("answer") and self.rng.random() < NAME_FIRST:
            return Utterance(f"{word.lower()} {spoken}", spelled=said, right=right,
                             named=word.lower())
        return Utterance(spoken, spelled=said, right=right)

    def _which_letter(self, req: dict[str, Any]) -> Utterance:
        """"Was that B or D?": the letter the player spelled there (they know what they
        meant), the host's first letter where it cannot tell."""
        choices = [str(req.get("answer", "")), *(str(v) for v in req.get("variants", ()))]
        places = [int(k) for k in req.get("places", ())]
        meant = self._spelled[places[0]] if places and places[0] < len(self._spelled) else ""
        letter = meant if meant in choices else choices[0]
        return Utterance(spoken_letters(letter, self.spell_style), spelled=letter)

    def _word(self, req: dict[str, Any]) -> Utterance:
        accepted = [str(a) for a in req.get("accepted", ())]
        if not accepted:
            # Word on the Street: the team names a word for its card.
            return Utterance(self._street_word())
        if self._right():
            return Utterance(accepted[0], right=True)
        wrong = [w for w in WRONG_WORDS if w not in {tokens(a)[0] for a in accepted if tokens(a)}]
        return Utterance(self.rng.choice(wrong), right=False)

    def _street_word(self) -> str:
        words = list(self.wordstreet_words()) if self.wordstreet_words is not None else []
        # A child names one of the obvious words: accept lists start with them, and
        # their long tails (leverets, cygnets) are not what a table says first.
        single = [w for w in words if w.isalpha() and 3 <= len(w) <= 8][:STREET_WORDS]
        return str(self.rng.choice(single or words or ["cat"]))
