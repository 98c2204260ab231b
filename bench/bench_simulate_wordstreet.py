"""Benchmark: Word on the Street simulated games per second on one core (target >= 500).

Runs the game as ``tabletop simulate wordstreet --games 2000`` does: with the
shipped packs, the real deck and every team's word chosen from the drawn
card's accept list. Loading the packs is timed on its own
(``wordstreet_content_load_ms``), outside the games-per-second figure; the
bare engine (``--no-content``) is timed too. Best of three runs each, so a
busy machine understates speed less. Also reports engine actions per second
(with content), the figure that matters to a voice turn (a game is about 200
actions). Prints JSON lines {"name", "value", "unit"}.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._simulate import P_CORRECT, SEED, Figure, run  # noqa: E402
from engine.wordstreet_sim import SimTeams, playout, random_setup, simulate  # noqa: E402

TARGET = 500.0
COUNTED = (
    ("words_chosen", "words"),
    ("distinct_words", "words"),
)


def actions_per_second(hooks: dict[str, Any], games: int = 300) -> float:
    rng = random.Random(SEED)
    total = 0
    start = time.perf_counter()
    for _ in range(games):
        state = random_setup(rng, hooks["n_cards"])
        teams = SimTeams(rng, P_CORRECT, words=hooks["words"])
        total += playout(state, teams, rng.randint(10, 600))
    return total / (time.perf_counter() - start)


def actions_figure(hooks: dict[str, Any]) -> list[Figure]:
    return [("wordstreet_actions_per_second", round(actions_per_second(hooks)), "actions/s")]


if __name__ == "__main__":
    sys.exit(run("wordstreet", simulate, TARGET, COUNTED, actions_figure))
