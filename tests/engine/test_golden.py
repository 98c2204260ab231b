"""Golden playthroughs of the three games: regenerate in memory, diff against tests/golden/.

One format and one generator for every game (tools/golden.py). After an intended
change in a rules engine or a simulated player, rewrite the files with
``make golden`` (``python -m tools.golden [GAME]``) and review the diff.
"""

from __future__ import annotations

import difflib
import json
from collections import Counter
from typing import Any

import pytest

from engine.wordstreet import LETTERS
from tools.golden import FOLDER, PLAYTHROUGHS, generate

GENERATED = generate()


def test_golden_files_are_exactly_the_playthroughs() -> None:
    stored = {str(p.relative_to(FOLDER)) for p in FOLDER.glob("*/*")}
    assert stored == set(GENERATED) == {spec.path for spec in PLAYTHROUGHS}


@pytest.mark.parametrize("path", sorted(GENERATED))
def test_golden_playthrough_is_unchanged(path: str) -> None:
    stored = (FOLDER / path).read_text(encoding="utf-8")
    fresh = GENERATED[path]
    if stored != fresh:
        diff = "".join(difflib.unified_diff(
            stored.splitlines(keepends=True), fresh.splitlines(keepends=True),
            f"stored/{path}", f"regenerated/{path}", n=2))
        game = path.split("/")[0]
        pytest.fail(f"{path} differs (run python -m tools.golden {game} if intended):\n"
                    + diff[:4000])


# -- what each playthrough is there to show -------------------------------------------


def _tagged(path: str, tag: str) -> list[str]:
    return [line[len(tag) + 1:] for line in GENERATED[path].splitlines()
            if line.startswith(tag + " ")]


def _outcome(path: str) -> Any:
    return json.loads(_tagged(path, "outcome")[0])


def _final(path: str) -> Any:
    return json.loads(_tagged(path, "state")[-1])


def _prompt(line: str) -> tuple[str, str, Any, Any]:
    kind, actor, rest = line.split(" ", 2)
    options, end = json.JSONDecoder().raw_decode(rest)
    return kind, actor, options, json.loads(rest[end:])


def test_golden_games_end_with_a_winner_but_the_scripted_opening() -> None:
    for path in GENERATED:
        outcome = _outcome(path)
        if path == "sportleisure/second-wind-own-goal.txt":
            assert outcome is None and _final(path)["phase"] == "answer"
        elif path != "wordstreet/challenges.txt" and path != "wordstreet/purple-example.txt":
            assert outcome is not None and outcome["winners"], path
            assert "  game_over " in GENERATED[path]


def test_golden_physical_dice_playthrough_has_players_rolling() -> None:
    prompts = [_prompt(line) for line in _tagged("wordup/physical-dice.txt", "?")]
    rolls = {actor for kind, actor, _, _ in prompts if kind == "roll"}
    assert "chance" not in rolls and "0" in rolls


def test_golden_timed_playthroughs_end_by_time_up() -> None:
    assert _outcome("wordup/timed.txt") == {"reason": "time_up", "winners": [4]}
    assert "! time_up chance null" in GENERATED["wordstreet/quick-play-time.txt"]


def test_golden_sportleisure_games_are_won_in_the_zone() -> None:
    for spec in PLAYTHROUGHS:
        outcome = _outcome(spec.path)
        if spec.game == "sportleisure" and outcome is not None:
            final = _final(spec.path)
            [winner] = outcome["winners"]
            assert final["winner"] == winner and final["positions"][winner] == 41


def test_golden_both_in_zone_shows_the_follow_on_question() -> None:
    prompts = [_prompt(line) for line in _tagged("sportleisure/both-in-winning-zone.txt", "?")]
    follow_on = [(actor, info["colour"]) for kind, actor, _, info in prompts
                 if kind == "answer" and info["follow_on"]]
    assert follow_on == [("0", "green")]
    assert _final("sportleisure/both-in-winning-zone.txt")["positions"] == [41, 41]


def test_golden_purple_example_ends_as_the_sheet_says() -> None:
    tiles = _final("wordstreet/purple-example.txt")["tiles"]
    street = " ".join(
        f"{position:+d}:" + ("".join(ch for ch in LETTERS if tiles[ch] == position) or "-")
        for position in range(3, -4, -1))
    assert street == "+3:LY +2:- +1:- +0:ABCDGHIJKNOQSTVWXZ -1:EU -2:P -3:FMR"


def test_golden_wordstreet_games_end_by_each_way_of_winning() -> None:
    assert _outcome("wordstreet/standard.txt")["reason"] == "eight_captured"
    assert _outcome("wordstreet/quick-play-turns.txt")["reason"] != "eight_captured"
    assert "  turn_restarted " in GENERATED["wordstreet/challenges.txt"]
    draws = Counter(line for line in _tagged("wordstreet/orange-small-deck.txt", "!")
                    if line.startswith("draw "))
    assert max(draws.values()) > 1  # the 4-card tray cycles
