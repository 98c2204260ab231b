"""Benchmark: Word Up simulated games per second on one core (target >= 200).

Runs the game as ``tabletop simulate wordup --games 2000`` does: with the
shipped packs, every question asked looked up in its real stream. Loading
the packs is timed on its own (``wordup_content_load_ms``), outside the
games-per-second figure. The bare engine (``--no-content``) is timed too, so
the cost of the lookups shows. Best of three runs each, so a busy machine
understates speed less. Prints JSON lines {"name", "value", "unit"}.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._simulate import run  # noqa: E402
from engine.wordup_sim import simulate  # noqa: E402

TARGET = 200.0
COUNTED = (
    ("questions_asked", "questions"),
    ("distinct_questions", "questions"),
)

if __name__ == "__main__":
    sys.exit(run("wordup", simulate, TARGET, COUNTED))
