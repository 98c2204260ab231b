"""Golden Best of Sport and Leisure playthroughs: regenerate in memory, diff against the files.

After an intended rules change, rewrite them with
``.venv/bin/python -m tools.golden sportleisure`` and review the diff.
"""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # tools/ is a checkout-only package, not installed
    sys.path.insert(0, str(ROOT))

from tools.golden_sportleisure import generate  # noqa: E402

FOLDER = ROOT / "tests" / "golden" / "sportleisure"
GENERATED = generate()


def test_golden_files_are_exactly_the_playthroughs() -> None:
    assert {p.name for p in FOLDER.glob("*.jsonl")} == set(GENERATED)


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_golden_playthrough_is_unchanged(name: str) -> None:
    stored = (FOLDER / name).read_text(encoding="utf-8")
    fresh = GENERATED[name]
    if stored != fresh:
        diff = "".join(difflib.unified_diff(
            stored.splitlines(keepends=True), fresh.splitlines(keepends=True),
            f"stored/{name}", f"regenerated/{name}", n=2))
        pytest.fail(
            f"{name} differs (run python -m tools.golden sportleisure if intended):\n"
            + diff[:4000]
        )


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
