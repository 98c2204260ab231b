"""Regenerate golden playthrough files: ``python -m tools.golden [GAME ...]``.

Each game has a module ``tools.golden_<game>`` with ``generate() -> dict[str, str]``
mapping a file name under ``tests/golden/<game>/`` to its text. The tests
regenerate the same text in memory and diff it against the stored file.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

GAMES = ("wordup", "sportleisure", "wordstreet")
ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    for game in argv or GAMES:
        try:
            module = importlib.import_module(f"tools.golden_{game}")
        except ModuleNotFoundError:
            print(f"{game}: no tools/golden_{game}.py yet, skipped")
            continue
        folder = ROOT / "tests" / "golden" / game
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in module.generate().items():
            (folder / name).write_text(text, encoding="utf-8")
            print(f"wrote {folder / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
