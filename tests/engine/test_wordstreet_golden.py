"""Golden Word on the Street playthroughs: regenerate in memory, diff against the files.

After an intended rules change, rewrite them with
``.venv/bin/python -m tools.golden wordstreet`` and review the diff.
"""

from __future__ import annotations

import pytest
from golden_helpers import assert_same_as_stored, golden_folder

from tools.golden_wordstreet import PLAYTHROUGHS, generate

FOLDER = golden_folder("wordstreet")
GENERATED = generate()


def test_golden_files_are_exactly_the_playthroughs() -> None:
    assert {p.name for p in FOLDER.glob("*.txt")} == set(GENERATED) == set(PLAYTHROUGHS)


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough_is_unchanged(name: str) -> None:
    assert_same_as_stored("wordstreet", name, GENERATED[name])


def test_golden_purple_example_ends_as_the_sheet_says() -> None:
    text = GENERATED["purple-example.txt"]
    assert "# street +3:LY +2:- +1:- +0:ABCDGHIJKNOQSTVWXZ -1:EU -2:P -3:FMR" in text


def test_golden_random_games_end_by_each_way_of_winning() -> None:
    results = {name: GENERATED[name].splitlines()[-1] for name in PLAYTHROUGHS}
    assert results["standard.txt"].endswith("result eight_captured")
    assert "result eight_captured" not in results["quick-play-turns.txt"]
    assert '! time_up chance null' in GENERATED["quick-play-time.txt"]
    assert "turn_restarted" in GENERATED["challenges.txt"]
    assert 'draw chance [' in GENERATED["orange-small-deck.txt"]  # the tray cycles
