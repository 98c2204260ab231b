"""Helpers for the Word Up host tests: a table that answers like players, and set-ups."""

from __future__ import annotations

import io
import random
import zlib
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import CHANCE
from engine.wordup_sim import random_action
from voice.games.wordup import CATEGORY_OF, WordUpHost, new_host
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Heard
from voice.hosting.host import PlayOptions
from voice.hosting.text_adapter import SilentMouth, TextEars, Transcript
from voice.speaking.phrases import Phrases


def host_for(players: Sequence[tuple[str, int]] = (("Ana", 2), ("Ben", 4)), seed: int = 3,
             variant: dict[str, str] | None = None,
             clock: Callable[[], float] | None = None) -> WordUpHost:
    options = PlayOptions("wordup", list(players), variant=dict(variant or {}), seed=seed)
    if clock is None:
        return new_host(options, random.Random(seed))
    return new_host(options, random.Random(seed), clock=clock)


def dialogue_for(host: Any, ears: Any) -> tuple[Dialogue, io.StringIO]:
    out = io.StringIO()
    dialogue = Dialogue(SilentMouth(), ears, Phrases.load(), host, transcript=Transcript(out))
    return dialogue, out


def typed(lines: Sequence[str]) -> TextEars:
    return TextEars(list(lines))


def advance_to(host: WordUpHost, kind: str, seed: int = 0, limit: int = 5000) -> None:
    """Play the engine at random until the prompt is ``kind`` for a player (not chance)."""
    rng = random.Random(seed)
    for _ in range(limit):
        prompt = host.state.prompt()
        if prompt.kind == kind and prompt.actor != CHANCE:
            return
        if host.state.is_over():
            break
        host.state.apply(random_action(host.state, rng, 0.6))
    raise AssertionError(f"no {kind!r} prompt reached with seed {seed}")


def host_at(kind: str, players: Sequence[tuple[str, int]] = (("Ana", 2), ("Ben", 4), ("Cy", 3)),
            when: Callable[[WordUpHost], bool] = lambda host: True,
            seeds: int = 400) -> WordUpHost:
    """A game (seed 3) played at random to the first ``kind`` prompt that satisfies ``when``."""
    for seed in range(seeds):
        host = host_for(players, seed=3)
        try:
            advance_to(host, kind, seed=seed)
        except AssertionError:
            continue
        if when(host):
            return host
    raise AssertionError(f"no {kind!r} prompt found in {seeds} random games")


def right_by_hash(info: dict[str, Any], percent: int = 60) -> bool:
    """A fixed right/wrong pattern per question, so a replay answers the same way."""
    key = f"{info['level']}-{info['colour']}-{info['index']}".encode()
    return zlib.crc32(key) % 100 < percent


class Table:
    """Players who answer from the question being asked: right by a fixed pattern, choices
    by the first option offered. ``script`` lines are said first; ``stop_after`` replies
    then the input ends (the table leaves: quit)."""

    def __init__(self, host: WordUpHost, script: Sequence[str] = (), percent: int = 60,
                 stop_after: int | None = None, tick: Callable[[], None] | None = None) -> None:
        self.host = host
        self.script = list(script)
        self.percent = percent
        self.stop_after = stop_after
        self.replies = 0
        self.kinds: list[str] = []
        self.tick = tick

    def listen(self, kind: str, expected: Sequence[str], timeout_s: float) -> Heard:
        if self.tick is not None:
            self.tick()
        if self.stop_after is not None and self.replies >= self.stop_after:
            return Heard(("quit",), 0.0, ended=True)
        self.replies += 1
        self.kinds.append(kind)
        if self.script:
            return Heard((self.script.pop(0),), 0.0)
        return Heard((self.reply(kind, expected),), 0.0)

    def reply(self, kind: str, expected: Sequence[str]) -> str:
        prompt = self.host.state.prompt()
        if kind in ("word", "choice", "spelling"):
            info = dict(prompt.info)
            item = self.host.questions.question(info["level"], CATEGORY_OF[info["colour"]],
                                                info["index"])
            right = right_by_hash(info, self.percent)
            answer = item.answers[0]
            if kind == "spelling":
                return " ".join(answer) if right else " ".join(answer[::-1] + "x")
            if kind == "choice":
                return answer if right else next(o for o in expected if o != answer)
            return answer if right else "xylophone"
        if kind == "yesno":
            return "yes"
        if kind == "number":
            return "seven"
        return expected[0]
