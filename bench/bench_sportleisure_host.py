"""The Sport and Leisure host's own share of the reply time, in text mode.

Plays whole games through the real Dialogue, Driver, judge, shipped cards and
autosave (into a temporary folder) with typed replies from a seeded noisy
table (right and wrong answers, action cards, commands), and measures the
time from the end of each reply to the first word of the host's answer, as
the dialogue records it. Recognition and speech are not in it: this is what
the game layer adds on top of them. Prints JSON lines {"name", "value", "unit"}.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Sequence

from voice.games import game_module
from voice.hosting.dialogue import Dialogue
from voice.hosting.driver import Driver
from voice.hosting.exchange import Heard
from voice.hosting.host import PlayOptions
from voice.hosting.session import SaveSlot
from voice.hosting.text_adapter import SilentMouth, Transcript
from voice.speaking.phrases import Phrases

POOL = ("no", "yes", "ana", "cy", "wrong guess", "", "pass", "sin bin", "own goal",
        "new balls please", "move the goalposts", "second wind", "run for the money",
        "continue", "what's the score", "what are our cards")


class NoisyTable:
    def __init__(self, rng: random.Random, limit: int) -> None:
        self.rng = rng
        self.left = limit

    def listen(self, kind: str, expected: Sequence[str], timeout_s: float) -> Heard:
        self.left -= 1
        if self.left < 0:
            return Heard(("quit",), time.monotonic(), ended=True)
        if kind == "word" and expected and self.rng.random() < 0.6:
            return Heard((expected[0],), time.monotonic())
        line = self.rng.choice(POOL)
        return Heard((line,) if line else (), time.monotonic(), timed_out=not line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    module = game_module("sportleisure")
    latencies: list[float] = []
    actions = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["TABLETOP_DATA_DIR"] = folder
        for seed in range(args.games):
            options = PlayOptions("sportleisure", teams=[("Red", ["Ana", "Ben"]),
                                                         ("Blue", ["Cy", "Di"])],
                                  variant={"first": "Red"}, seed=seed)
            rng = random.Random(seed)
            host = module.new_host(options, rng)
            dialogue = Dialogue(SilentMouth(), NoisyTable(random.Random(seed), 2000),
                                Phrases.load(), host, transcript=Transcript(io.StringIO()))
            outcome = Driver(host, dialogue, rng, slot=SaveSlot()).run()
            latencies += dialogue.latencies_ms
            actions += outcome.turns
    elapsed = time.perf_counter() - started
    cuts = statistics.quantiles(latencies, n=10)
    for name, value, unit in (
        ("sportleisure_host_reply_median", statistics.median(latencies), "ms"),
        ("sportleisure_host_reply_p90", cuts[-1], "ms"),
        ("sportleisure_host_actions_per_s", actions / elapsed, "actions/s"),
    ):
        print(json.dumps({"name": name, "value": round(value, 3), "unit": unit}))


if __name__ == "__main__":
    main()
