"""Golden Word on the Street playthroughs: regenerate in memory, diff against the files.

After an intended rules change, rewrite them with
``.venv/bin/python -m tools.golden wordstreet`` and review the diff.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # tools/ is a checkout-only package, not installed
    sys.path.insert(0, str(ROOT))

from tools.golden_wordstreet import PLAYTHROUGHS, generate  # noqa: E402

FOLDER = ROOT / "tests" / "golden" / "wordstreet"
GENERATED = generate()


def test_golden_files_are_exactly_the_playthroughs() -> None:
    assert {p.name for p in FOLDER.glob("*.txt")} == set(GENERATED) == set(PLAYTHROUGHS)


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough_is_unchanged(name: str) -> None:
    stored = (FOLDER / name).read_text(encoding="utf-8")
    fresh = GENERATED[name]
    if stored != fresh:
        diff = "".join(difflib.unified_diff(
            stored.splitlines(keepends=True), fresh.splitlines(keepends=True),
            f"stored/{name}", f"regenerated/{name}", n=2))
        pytest.fail(
            f"{name} differs (run python -m tools.golden wordstreet if intended):\n" + diff[:4000]
        )


def test_golden_purple_example_ends_as_the_sheet_says() -> None:
    text = GENERATED["purple-example.txt"]
    assert "# street +3:LY +2:- +1:- +0:ABCDGHIJKNOQSTVWXZ -1:EU -2:P -3:FMR" in text


def test_golden_random_games_end_by_each_way_of_winning() -> None:
    results = {name: GENERATED[name].splitlines()[-1] for name in PLAYTHROUGHS}
    assert results["standard.txt"].endswith("result eight_captured")
    assert "result eight_captured" not in results["quick-play-turns.txt"]
    assert '! time_limit chance null' in GENERATED["quick-play-time.txt"]
    assert "turn_restarted" in GENERATED["challenges.txt"]
    assert 'draw chance [' in GENERATED["orange-small-deck.txt"]  # the tray cycles
