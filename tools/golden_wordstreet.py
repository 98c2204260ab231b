"""Golden Word on the Street Junior playthroughs (``python -m tools.golden wordstreet``).

Each file is a transcript: ``? prompt``, ``! action``, indented events, and a
picture of the street after every turn. Two are scripted (the sheet's PURPLE
example; every challenge outcome), the rest are seeded random games driven by
the simulator's teams, one per variant.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from engine.core import CHANCE, JSON, Action, Anytime
from engine.wordstreet import LETTERS, WordStreet, new_game
from engine.wordstreet_sim import SimTeams


def _dump(value: JSON) -> str:
    return json.dumps(value, sort_keys=True)


class Recorder:
    """Applies actions to a game and writes what happened, line by line."""

    def __init__(self, title: str, state: WordStreet) -> None:
        self.state = state
        self.lines = [f"# Word on the Street golden playthrough: {title}"]
        self.lines.append(f"# settings {_dump(state.to_json()['settings'])}")
        self.lines.append(self.street())

    def actor(self, actor: int) -> str:
        return "chance" if actor == CHANCE else "AB"[actor]

    def street(self) -> str:
        """Tiles by position, team A's side (+3) first."""
        rows = []
        for position in range(3, -4, -1):
            here = "".join(ch for i, ch in enumerate(LETTERS) if self.state.tiles[i] == position)
            rows.append(f"{position:+d}:{here or '-'}")
        return "# street " + " ".join(rows)

    def act(self, action: Action) -> None:
        prompt = self.state.prompt()
        if action.kind == prompt.kind:
            options = f" {_dump(list(prompt.options))}" if 0 < len(prompt.options) <= 6 else ""
            self.lines.append(
                f"? {prompt.kind} {self.actor(prompt.actor)}{options} {_dump(dict(prompt.info))}"
            )
        self.lines.append(f"! {action.kind} {self.actor(action.actor)} {_dump(action.value)}")
        for event in self.state.apply(action):
            self.lines.append(f"  {event.kind} {_dump(dict(event.data))}")
            if event.kind in ("turn_over", "game_over", "turn_restarted"):
                self.lines.append(self.street())

    def say(self, value: JSON) -> None:
        """Answer the current prompt as its actor."""
        prompt = self.state.prompt()
        self.act(Action(prompt.kind, prompt.actor, value))

    def text(self) -> str:
        state = self.state
        self.lines.append(f"# captured {_dump(state.captured())} turns {_dump(state.turns)}")
        outcome = state.outcome()
        reason = None if outcome is None else outcome.reason
        self.lines.append(f"# winners {_dump(state.winners())} result {reason}")
        return "\n".join(self.lines) + "\n"


def purple_example() -> str:
    """The sheet's example: Team B spells PURPLE letter by letter."""
    board = {"L": 3, "Y": 3, "F": -3, "M": -3, "R": -2}
    rec = Recorder("the rule sheet's PURPLE example", new_game(first_team=1, board=board))
    rec.say(0)
    rec.say("word_chosen")
    for letter in "PURPLE":
        rec.say({"letter": letter})
    rec.say({"done": True})
    rec.say("none")
    return rec.text()


def challenges() -> str:
    """Every challenge outcome, in one short game for four players."""
    rec = Recorder("every challenge outcome", new_game(players=4, deck_size=5, board={"Q": 2}))
    script: list[tuple[str, list[JSON]]] = [
        ("quiz", ["spelling", "correct"]),            # A keeps Q; B loses its next turn
        ("cat", ["none"]),                              # A again
        ("kwiz", ["spelling", "incorrect"]),          # B: misspelled, tiles go back
        ("icecream", ["two_words", "two_words"]),     # A: two words, tiles go back
        ("sandbox", ["two_words", "one_word"]),        # B keeps; A loses its next turn
        ("snow-man", ["word_selection", {"accept": 1, "reject": 3}]),  # B: rejected
        ("tiger", ["word_selection", {"accept": 2, "reject": 2}]),     # A: tie, restart
        ("lion", ["word_selection", {"accept": 3, "reject": 1}]),      # A: accepted
    ]
    for word, answers in script:
        rec.say(rec.state.prompt().options[0])
        rec.say("word_chosen")
        for letter in word:
            rec.say({"letter": letter})
        rec.say({"done": True})
        for value in answers:
            rec.say(value)
    rec.say(rec.state.prompt().options[0])
    rec.say("time_up")
    rec.say({"done": True})  # A (B lost its turn) found no word in time
    return rec.text()


def seeded(title: str, state: WordStreet, seed: int, time_limit_at: int | None = None) -> str:
    rng = random.Random(seed)
    teams = SimTeams(rng, p_correct=0.7, per_letter=0.5, undo=0.05)
    rec = Recorder(f"{title}, seed {seed}, p_correct 0.7", state)
    actions = 0
    while not state.is_over():
        if actions == time_limit_at:
            rec.act(Action(Anytime.TIME_UP, CHANCE))
        else:
            rec.act(teams.act(state, state.prompt()))
        actions += 1
    return rec.text()


PLAYTHROUGHS: dict[str, Callable[[], str]] = {
    "purple-example.txt": purple_example,
    "challenges.txt": challenges,
    "standard.txt": lambda: seeded("standard game", new_game(players=5), 11),
    "orange-small-deck.txt": lambda: seeded(
        "orange side, 4-card deck", new_game(side="orange", deck_size=4, first_team=1), 13
    ),
    "quick-play-turns.txt": lambda: seeded(
        "quick play, 6 turns each", new_game(turn_limit=6, players=6), 13
    ),
    "quick-play-time.txt": lambda: seeded(
        "quick play, time limit", new_game(time_limit=True, players=3), 14, time_limit_at=45
    ),
}


def generate() -> dict[str, str]:
    return {name: make() for name, make in PLAYTHROUGHS.items()}
