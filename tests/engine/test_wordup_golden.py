"""Golden Word Up playthroughs: regenerate in memory and diff against tests/golden/wordup/.

After an intended rules change, rewrite the files with
``.venv/bin/python -m tools.golden wordup`` and review the diff.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # tools/ is a checkout-only package, not installed
    sys.path.insert(0, str(ROOT))

from tools.golden_wordup import PLAYTHROUGHS, generate  # noqa: E402

FOLDER = ROOT / "tests" / "golden" / "wordup"
GENERATED = generate()


def test_one_golden_playthrough_per_variant() -> None:
    assert set(GENERATED) == set(PLAYTHROUGHS) == {
        "standard.txt", "one-of-each.txt", "three-of-each.txt", "timed.txt",
        "physical-dice.txt",
    }


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough_is_unchanged(name: str) -> None:
    stored = (FOLDER / name).read_text(encoding="utf-8")
    fresh = GENERATED[name]
    if stored != fresh:
        diff = "".join(difflib.unified_diff(
            stored.splitlines(keepends=True), fresh.splitlines(keepends=True),
            f"stored/{name}", f"regenerated/{name}", n=2))
        pytest.fail(f"{name} differs (run python -m tools.golden wordup if intended):\n"
                    + diff[:4000])


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough_ends_with_a_winner(name: str) -> None:
    last = GENERATED[name].rstrip("\n").splitlines()[-1]
    assert last.startswith("# winners ")
    assert "game_over" in GENERATED[name]


def test_physical_dice_playthrough_has_players_rolling() -> None:
    text = GENERATED["physical-dice.txt"]
    assert "? roll chance" not in text and "? roll Ana" in text


def test_timed_playthrough_ends_by_time_up() -> None:
    assert '"reason": "time_up"' in GENERATED["timed.txt"]
