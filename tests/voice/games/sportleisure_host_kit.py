"""Scripted text-mode sessions of Best of Sport and Leisure, shared by the host tests.

Sessions run through the real Dialogue, Driver, judge and the shipped card
packs. Scripts never name card texts: ``<right>`` types the first accepted
answer of the question being asked (the answers are what the dialogue hands
the ears as the expected words), so the tests hold whatever cards ship.
Positions are set up by applying the two shuffles with chosen orders, then
editing the engine's JSON, the way a saved game is read back.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from host_transcript import HostLines

from content.schema import CardKind
from engine.core import CHANCE, Action, Event
from engine.sportleisure_board import CARD_TYPES
from voice.games import game_module
from voice.games.sportleisure import SportLeisureHost
from voice.hosting.dialogue import Dialogue
from voice.hosting.driver import Driver, RunResult
from voice.hosting.exchange import Heard
from voice.hosting.host import PlayOptions
from voice.hosting.session import SaveSlot
from voice.hosting.text_adapter import SilentMouth, TextEars, Transcript
from voice.speaking.phrases import Phrases

PACK: Path | None = None
"""None: the shipped packs."""

RED, BLUE = 0, 1
TEAMS = [("Red", ["Ana", "Ben"]), ("Blue", ["Cy", "Di"])]


def card_id(name: str, copy: int = 0) -> int:
    """Action card id of a type (two of each: ids 2k and 2k+1)."""
    return 2 * CARD_TYPES.index(name) + copy


RED_HAND = (card_id("move_the_goalposts"), card_id("new_balls_please"), card_id("second_wind"))
BLUE_HAND = (card_id("sin_bin"), card_id("run_for_the_money"), card_id("own_goal"))


class ScriptEars(TextEars):
    """Typed lines; ``<right>`` becomes the right answer of the question being asked."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__(list(lines), clock=lambda: 0.0)
        self.heard: list[tuple[str, list[str]]] = []

    def listen(self, kind: str, expected: Sequence[str], timeout_s: float) -> Heard:
        heard = super().listen(kind, expected, timeout_s)
        if heard.nbest == ("<right>",):
            assert kind == "word" and expected, f"<right> typed at a {kind} prompt"
            heard = Heard((expected[0],), heard.end_s)
        self.heard.append((kind, list(expected)))
        return heard


def new(first: str | None = "Red", variant: dict[str, str] | None = None,
        seed: int = 5, teams: Sequence[tuple[str, Sequence[str]]] = TEAMS) -> SportLeisureHost:
    chosen = dict(variant or {})
    if first is not None:
        chosen["first"] = first
    options = PlayOptions("sportleisure", teams=[(n, list(m)) for n, m in teams],
                          variant=chosen, seed=seed, pack=PACK)
    host: SportLeisureHost = game_module("sportleisure").new_host(options, random.Random(seed))
    return host


def kind_index(host: SportLeisureHost, kind: CardKind, nth: int = 0) -> int:
    found = [i for i, c in enumerate(host.deck.cards) if c.kind is kind]
    assert len(found) > nth, f"the shipped packs need {nth + 1} {kind.value} card(s)"
    return found[nth]


def deal(host: SportLeisureHost, front: Sequence[int] = (), red: Sequence[int] = RED_HAND,
         blue: Sequence[int] = BLUE_HAND) -> list[Event]:
    """Shuffle with ``front`` on top of the question deck and the given hands dealt."""
    n = len(host.deck)
    deck = list(front) + [i for i in range(n) if i not in front]
    events = host.state.apply(Action("shuffle", CHANCE, deck))
    rest = [i for i in range(12) if i not in red and i not in blue]
    order = [c for pair in zip(red, blue, strict=True) for c in pair] + rest
    return events + host.state.apply(Action("shuffle", CHANCE, order))


def edit(host: SportLeisureHost, **changes: Any) -> None:
    data = host.state.to_json()
    data.update(changes)
    host.restore(data)


@dataclass
class Run(HostLines):
    outcome: RunResult
    text: str
    host: SportLeisureHost
    ears: ScriptEars
    slot: SaveSlot


def play(host: SportLeisureHost, lines: Sequence[str], events: Sequence[Event] = (),
         slot: SaveSlot | None = None, rng: random.Random | None = None) -> Run:
    """Narrate ``events`` (a set-up's deal), then run the driver on ``lines``."""
    out = io.StringIO()
    ears = ScriptEars(lines)
    dialogue = Dialogue(SilentMouth(), ears, Phrases.load(), host, transcript=Transcript(out),
                        clock=lambda: 0.0)
    dialogue.speak(host.narrate(list(events)))
    slot = slot or SaveSlot()
    outcome = Driver(host, dialogue, rng or random.Random(11), slot=slot).run()
    return Run(outcome, out.getvalue(), host, ears, slot)


def question_lines(run: Run) -> list[str]:
    colours = ("Purple", "Green", "Yellow", "Red")
    return [line for line in run.said() if line.split(" question: ")[0] in colours]
