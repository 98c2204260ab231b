"""Benchmark: Best of Sport and Leisure simulated games per second on one core (target >= 200).

Runs the game as ``tabletop simulate sportleisure --games 2000`` does: with
the shipped packs, the real deck size and every card drawn looked up. Loading
the packs is timed on its own (``sportleisure_content_load_ms``), outside the
games-per-second figure; the bare engine (``--no-content``) is timed too.
Best of three runs each, so a busy machine understates speed less. Simulated
teams play action cards at random when legal, so every prompt also computes
which cards each team may play. Prints JSON lines {"name", "value", "unit"}.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._simulate import run  # noqa: E402
from engine.sportleisure_sim import simulate  # noqa: E402

TARGET = 200.0
COUNTED = (
    ("cards_drawn", "cards"),
    ("distinct_cards", "cards"),
)

if __name__ == "__main__":
    sys.exit(run("sportleisure", simulate, TARGET, COUNTED))
