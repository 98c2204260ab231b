"""Golden Best of Sport and Leisure playthroughs: regenerate in memory, diff against the files.

After an intended rules change, rewrite them with
``.venv/bin/python -m tools.golden sportleisure`` and review the diff.
"""

from __future__ import annotations

import json

import pytest
from golden_helpers import assert_same_as_stored, golden_folder

from tools.golden_sportleisure import generate

FOLDER = golden_folder("sportleisure")
GENERATED = generate()


def test_golden_files_are_exactly_the_playthroughs() -> None:
    assert {p.name for p in FOLDER.glob("*.jsonl")} == set(GENERATED)


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_golden_playthrough_is_unchanged(name: str) -> None:
    assert_same_as_stored("sportleisure", name, GENERATED[name])


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_golden_game_ends_with_one_winner_in_the_zone(name: str) -> None:
    lines = [json.loads(line) for line in GENERATED[name].splitlines()]
    final = lines[-1]["final"]
    overs = [e["event"] for e in lines if "event" in e and e["event"]["kind"] == "game_over"]
    if name.startswith("second-wind"):
        assert not overs and final["phase"] == "answer"  # a scripted opening, not a whole game
        return
    assert len(overs) == 1 and final["phase"] == "over"
    winner = overs[0]["winners"][0]
    assert final["winner"] == winner and final["positions"][winner] == 41


def test_both_in_zone_transcript_shows_the_follow_on_question() -> None:
    lines = [json.loads(line) for line in GENERATED["both-in-winning-zone.jsonl"].splitlines()]
    prompts = [e["prompt"] for e in lines if "prompt" in e]
    follow_on = [p for p in prompts if p["kind"] == "answer" and p["info"]["follow_on"]]
    assert [(p["actor"], p["info"]["colour"]) for p in follow_on] == [(0, "green")]
