"""Golden playthroughs of Best of Sport and Leisure: ``python -m tools.golden sportleisure``.

Each file is a transcript, one JSON object a line: the prompt, the action
that answered it and the events it caused. Seeded random games cover the
common paths; scripted games pin the rarer ones (both teams in the Winning
Zone, Second Wind, Own Goal at the end of a card).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

from engine.core import CHANCE, Action, Anytime, Event, Prompt
from engine.sportleisure import SportLeisureState, new_game
from engine.sportleisure_board import WINNING_ZONE
from engine.sportleisure_sim import deal_order, playout

SEEDED = ((1, 0.5), (2, 0.7), (3, 0.35), (4, 0.9))
"""(seed, chance of a right answer) for each random game."""


class Transcript:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def step(self, prompt: Prompt, action: Action, events: list[Event]) -> None:
        self.lines.append(json.dumps({"prompt": prompt.to_json()}, sort_keys=True))
        self.lines.append(json.dumps({"action": action.to_json()}, sort_keys=True))
        for event in events:
            self.lines.append(json.dumps({"event": event.to_json()}, sort_keys=True))

    def run(self, state: SportLeisureState, actions: Sequence[Action]) -> None:
        for action in actions:
            prompt = state.prompt()
            self.step(prompt, action, state.apply(action))

    def text(self, state: SportLeisureState) -> str:
        end = {"final": state.to_json()}
        return "\n".join([*self.lines, json.dumps(end, sort_keys=True)]) + "\n"


def seeded(seed: int, p_correct: float) -> str:
    rng = random.Random(seed)
    teams = [["Ann", "Bob", "Cy"], ["Dee", "Eve"]]
    state = new_game(teams, 30, seed % 2)
    transcript = Transcript()
    playout(state, rng, p_correct, on_step=transcript.step, card_chance=0.4)
    return transcript.text(state)


def _answer(team: int, correct: bool) -> Action:
    return Action("answer", team, {"correct": correct})


def both_in_zone() -> str:
    """Team 0 walks in from 38, team 1 follows by a stolen red, then wins on a follow-on."""
    state = new_game([["Ann", "Bob"], ["Cat", "Dan"]], 6, 0)
    transcript = Transcript()
    transcript.run(state, [
        Action("shuffle", CHANCE, [5, 4, 3, 2, 1, 0]),
        Action("shuffle", CHANCE, deal_order(["sin_bin", "second_wind", "new_balls_please"],
                                             ["own_goal", "run_for_the_money", "sin_bin"])),
    ])
    state.positions = [38, 40]  # scripted start near the end of the path
    transcript.run(state, [
        _answer(0, True),   # purple 38 -> 39
        _answer(0, True),   # green: into the Winning Zone
        _answer(0, False),  # yellow missed
        _answer(1, False),  # steal missed: read out
        _answer(0, False),  # red missed
        _answer(1, True),   # team 1 steals red from 40: into the zone, no win
        # team 1's turn; team 0 is the Question Master
        _answer(1, False),  # purple missed: both in the zone, team 0 steals
        _answer(0, True),
        _answer(0, True),   # follow-on green: two in a row, team 0 wins
    ])
    assert state.winners() == [0] and state.positions == [WINNING_ZONE, WINNING_ZONE]
    return transcript.text(state)


def second_wind_and_own_goal() -> str:
    """Second Wind keeps the turn; Own Goal at the end of the extra card."""
    state = new_game([["Ann", "Bob"], ["Cat", "Dan"]], 5, 1)
    transcript = Transcript()
    transcript.run(state, [
        Action("shuffle", CHANCE, [0, 1, 2, 3, 4]),
        Action("shuffle", CHANCE, deal_order(["own_goal", "sin_bin", "run_for_the_money"],
                                             ["second_wind", "move_the_goalposts", "new_balls_please"])),
        _answer(1, False),
        _answer(0, True),   # team 0 steals purple: bonus move 0 -> 4
        _answer(1, True),   # green 0 -> 1
        _answer(1, True),   # yellow 1 -> 3: team 1 is behind
        Action(Anytime.PLAY_CARD, 1, {"card": "second_wind"}),
        _answer(1, True),   # red right: the turn is kept
        Action("continue", 0),  # team 0 lets the Own Goal window pass
        _answer(1, True),
        _answer(1, True),
        _answer(1, True),
        _answer(1, True),   # end of the extra card: team 0 holds Own Goal
        Action(Anytime.PLAY_CARD, 0, {"card": "own_goal"}),
        _answer(0, True),
    ])
    return transcript.text(state)


def generate() -> dict[str, str]:
    files = {f"seed-{seed}-p{int(p * 100)}.jsonl": seeded(seed, p) for seed, p in SEEDED}
    files["both-in-winning-zone.jsonl"] = both_in_zone()
    files["second-wind-own-goal.jsonl"] = second_wind_and_own_goal()
    return files
