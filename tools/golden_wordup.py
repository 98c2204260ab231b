"""Golden Word Up playthroughs, one per variant: ``python -m tools.golden wordup``.

Each file is the full transcript of one seeded game played by random players:
every prompt, the action that answered it and the events it caused. Any change
in the rules engine's behaviour shows up as a diff in tests/engine/test_wordup_golden.py.
"""

from __future__ import annotations

import json
import random
from typing import Any

from engine.core import CHANCE, Action, Anytime
from engine.wordup import Variant, new_game
from engine.wordup_sim import random_action

PLAYTHROUGHS: dict[str, dict[str, Any]] = {
    "standard.txt": {"seed": 1, "variant": Variant(), "players": [("Ana", 2), ("Ben", 4),
                                                                  ("Caro", 3)]},
    "one-of-each.txt": {"seed": 2, "variant": Variant(tokens_to_win=1),
                        "players": [("Ana", 1), ("Ben", 5)]},
    "three-of-each.txt": {"seed": 3, "variant": Variant(tokens_to_win=3),
                          "players": [("Ana", 3), ("Ben", 3), ("Caro", 2), ("Dev", 5)]},
    "timed.txt": {"seed": 4, "variant": Variant(timed=True), "time_up_after": 120,
                  "players": [("Ana", 2), ("Ben", 4), ("Caro", 1), ("Dev", 3), ("Eli", 5)]},
    "physical-dice.txt": {"seed": 5, "variant": Variant(physical_dice=True),
                          "players": [("Ana", 4), ("Ben", 2), ("Caro", 5), ("Dev", 1),
                                      ("Eli", 3), ("Fay", 2)]},
}
P_CORRECT = 0.6


def _j(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def playthrough(seed: int, variant: Variant, players: list[tuple[str, int]],
                time_up_after: int | None = None) -> str:
    names = [name for name, _ in players]
    state = new_game([level for _, level in players], variant, names)
    rng = random.Random(seed)
    lines = [
        f"# Word Up golden playthrough, seed {seed}, p_correct {P_CORRECT}",
        f"# variant {_j(variant.to_json())}",
        f"# players {', '.join(f'{seat}={n}:{lv}' for seat, (n, lv) in enumerate(players))}",
    ]

    def who(actor: int) -> str:
        return "chance" if actor == CHANCE else names[actor]

    step = 0
    while not state.is_over():
        if step == time_up_after:
            action = Action(Anytime.TIME_UP, CHANCE)
        else:
            prompt = state.prompt()
            shown = prompt.options and prompt.kind != "roll"
            options = f" options={_j(list(prompt.options))}" if shown else ""
            lines.append(f"? {prompt.kind} {who(prompt.actor)}{options} {_j(dict(prompt.info))}")
            action = random_action(state, rng, P_CORRECT)
        lines.append(f"! {action.kind} {who(action.actor)} {_j(action.value)}")
        for event in state.apply(action):
            lines.append(f"  {event.kind} {_j(dict(event.data))}")
        step += 1
    lines.append(f"# winners {', '.join(names[s] for s in state.winners())}"
                 f" after {state.turns} turns; tokens {_j(state.tokens)}")
    return "\n".join(lines) + "\n"


def generate() -> dict[str, str]:
    return {
        name: playthrough(spec["seed"], spec["variant"], spec["players"],
                          spec.get("time_up_after"))
        for name, spec in PLAYTHROUGHS.items()
    }
