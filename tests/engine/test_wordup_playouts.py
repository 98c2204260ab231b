"""Word Up simulate with a content hook: every answer prompt is looked up once, play unchanged."""

from __future__ import annotations

import random

from engine.wordup import new_game
from engine.wordup_board import COLOURS, MAX_PLAYERS, MIN_PLAYERS
from engine.wordup_sim import MAX_TURNS, random_action, simulate


def _answer_prompts(games: int, seed: int, p_correct: float) -> list[tuple[int, str, int]]:
    """(level, colour, index) of every answer prompt, replaying simulate's games by hand."""
    rng = random.Random(seed)
    out: list[tuple[int, str, int]] = []
    for _ in range(games):
        players = rng.randint(MIN_PLAYERS, MAX_PLAYERS)
        state = new_game([rng.randint(1, 5) for _ in range(players)])
        while state.phase != "over" and state.turns <= MAX_TURNS:
            prompt = state.prompt()
            if prompt.kind == "answer":
                out.append((prompt.info["level"], prompt.info["colour"], prompt.info["index"]))
            state.apply(random_action(state, rng, p_correct))
    return out


def test_ask_sees_every_answer_prompt_in_order() -> None:
    calls: list[tuple[int, str, int]] = []

    def ask(level: int, colour: str, index: int) -> str:
        calls.append((level, colour, index))
        return f"{level}-{colour}-{index % 3}"

    stats = simulate(20, 5, 0.5, ask=ask)
    assert calls == _answer_prompts(20, 5, 0.5)
    assert stats["questions_asked"] == len(calls) > 100
    assert stats["distinct_questions"] == len({f"{lv}-{c}-{i % 3}" for lv, c, i in calls})
    assert {c for _, c, _ in calls} == set(COLOURS)


def test_the_hook_does_not_change_the_play() -> None:
    bare = simulate(30, 2, 0.6)
    hooked = simulate(30, 2, 0.6, ask=lambda level, colour, index: "q")
    assert hooked.pop("questions_asked") > 0 and hooked.pop("distinct_questions") == 1
    assert hooked == bare
    assert "questions_asked" not in bare
