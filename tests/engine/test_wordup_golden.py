"""Golden Word Up playthroughs: regenerate in memory and diff against tests/golden/wordup/.

After an intended rules change, rewrite the files with
``.venv/bin/python -m tools.golden wordup`` and review the diff.
"""

from __future__ import annotations

import pytest
from golden_helpers import assert_same_as_stored

from tools.golden_wordup import PLAYTHROUGHS, generate

GENERATED = generate()


def test_one_golden_playthrough_per_variant() -> None:
    assert set(GENERATED) == set(PLAYTHROUGHS) == {
        "standard.txt", "one-of-each.txt", "three-of-each.txt", "timed.txt",
        "physical-dice.txt",
    }


@pytest.mark.parametrize("name", sorted(PLAYTHROUGHS))
def test_golden_playthrough_is_unchanged(name: str) -> None:
    assert_same_as_stored("wordup", name, GENERATED[name])


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
