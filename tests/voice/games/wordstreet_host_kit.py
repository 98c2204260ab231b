"""Scripted text-mode sessions of Word on the Street Junior, shared by the host tests.

Sessions run through the real Dialogue, Driver, lexicon and the shipped
category cards. Scripts never name card texts: ``<listed>`` types a word on
the accept list of the card in play and ``<listed-letters>`` spells it
(``<unlisted>``: a dictionary word not on that list), so the tests hold
whatever cards ship. ``@N text`` sets the fed clock to
N seconds before ``text`` is heard (``@N`` alone: silence until N), which is
how the brainstorm's timer is driven without sleeping. A blank line is a
listen that timed out (silence for as long as the host waited); ``<noise>``
is a sound the recognizer made nothing of (no words, not a timeout).
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from dataclasses import dataclass

from host_transcript import HostLines

from engine.wordstreet_board import LETTERS
from voice.games import game_module
from voice.games.wordstreet import WordStreetHost
from voice.hosting.dialogue import Dialogue
from voice.hosting.driver import Driver, RunResult
from voice.hosting.exchange import Heard
from voice.hosting.host import PlayOptions
from voice.hosting.session import SaveSlot
from voice.hosting.text_adapter import SilentMouth, TextEars, Transcript
from voice.speaking.phrases import Phrases

RED, BLUE = 0, 1
TEAMS = [("Red", ["Ana", "Ben"]), ("Blue", ["Cy", "Di"])]


class FedClock:
    """A clock the script moves (seconds)."""

    def __init__(self, now: float = 0.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class ScriptEars(TextEars):
    """Typed lines with the placeholders and clock marks of the module docstring."""

    def __init__(self, lines: Sequence[str], clock: FedClock, host: WordStreetHost) -> None:
        super().__init__(list(lines), clock=clock)
        self.fed = clock
        self.host = host
        self.heard: list[tuple[str, list[str], float]] = []

    def listen(self, kind: str, expected: Sequence[str], timeout_s: float) -> Heard:
        heard = super().listen(kind, expected, timeout_s)
        self.heard.append((kind, list(expected), timeout_s))
        if not heard.nbest or heard.ended:
            return heard
        text = heard.nbest[0]
        if text.startswith("@"):
            mark, _, text = text.partition(" ")
            self.fed.now = float(mark[1:])
            if not text:
                return Heard((), self.fed.now, timed_out=True)
        if text == "<noise>":
            return Heard((), self.fed.now)
        if "<listed" in text:
            word = listed_word(self.host)
            text = text.replace("<listed-letters>", " ".join(word)).replace("<listed>", word)
        if "<unlisted" in text:
            word = unlisted_word(self.host)
            text = text.replace("<unlisted-letters>", " ".join(word)).replace("<unlisted>", word)
        return Heard((text,), self.fed.now)


def listed_word(host: WordStreetHost) -> str:
    """A plain word (letters only) from the accept list of the card in play."""
    st = host.engine
    assert st.card is not None, "no card in play"
    accept = host.deck.side(st.card, st.settings.side).accept
    plain = [w for w in accept if w.isalpha() and w.islower() and len(w) >= 3]
    assert plain, f"card {st.card} has no plain word on its list"
    return plain[0]


UNLISTED = ("trombone", "kettle", "zebra", "pencil", "lorry")


def unlisted_word(host: WordStreetHost) -> str:
    """A dictionary word that is not on the accept list of the card in play."""
    st = host.engine
    assert st.card is not None, "no card in play"
    accept = set(host.deck.side(st.card, st.settings.side).accept)
    return next(w for w in UNLISTED if w not in accept)


def new(variant: dict[str, str] | None = None, seed: int = 5,
        teams: Sequence[tuple[str, Sequence[str]]] = TEAMS,
        clock: FedClock | None = None) -> WordStreetHost:
    options = PlayOptions("wordstreet", teams=[(n, list(m)) for n, m in teams],
                          variant=dict(variant or {}), seed=seed)
    host: WordStreetHost = game_module("wordstreet").new_host(
        options, random.Random(seed), clock=clock or FedClock())
    return host


def board(host: WordStreetHost, **tiles: int) -> None:
    """Place tiles (letter=position, -3..3; +3 captured by Red, -3 by Blue)."""
    data = host.engine.to_json()
    data["tiles"] = {letter: tiles.get(letter, 0) for letter in LETTERS}
    host.restore(data)


@dataclass
class Run(HostLines):
    outcome: RunResult
    text: str
    host: WordStreetHost
    ears: ScriptEars
    slot: SaveSlot
    dialogue: Dialogue


def play(host: WordStreetHost, lines: Sequence[str], slot: SaveSlot | None = None,
         rng: random.Random | None = None) -> Run:
    out = io.StringIO()
    clock = host.clock
    assert isinstance(clock, FedClock)
    ears = ScriptEars(lines, clock, host)
    dialogue = Dialogue(SilentMouth(), ears, Phrases.load(), host, transcript=Transcript(out),
                        clock=clock)
    slot = slot or SaveSlot()
    outcome = Driver(host, dialogue, rng or random.Random(11), slot=slot).run()
    return Run(outcome, out.getvalue(), host, ears, slot, dialogue)


def category(host: WordStreetHost) -> str:
    st = host.engine
    assert st.card is not None
    return host.deck.side(st.card, st.settings.side).category


READY = ["we're ready"]
"""The brainstorm ended at once."""
