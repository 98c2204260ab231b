"""Golden playthroughs of the three games, one format and one generator:
``python -m tools.golden [GAME ...]`` (``make golden``).

Every game's state offers the same methods (``engine.core.GameState``), so one
driver plays them all: a playthrough is data (:class:`Spec`: the game, its
``new_game`` arguments, and either a seed for the game's simulated players or
a script of moves), and :func:`playthrough` writes what happened, in the same
format for every game (OpenSpiel's playthrough files are the model)::

    # <title>
    game <name>
    setup <new_game's arguments, JSON>
    driver <the seed and the simulated players' odds, or "script", JSON>
    state <the state at the start: to_json()>
    ? <prompt kind> <actor> <options> <info>     what the game asked
    ! <action kind> <actor> <value>              the move that answered it
      <event kind> <data>                        each event the move caused
    = <what the move changed in to_json()>       by path: "tiles/Q" when a dict's keys stay
    # set by hand                                a scripted start (then its "=" line)
    outcome <winners and reason, or null while the game goes on>
    state <the state at the end>

An actor is a seat or team number, or ``chance``; JSON is written with sorted
keys. tests/engine/test_golden.py regenerates every file in memory and diffs
it against the stored one, so any change in a rules engine or a simulated
player shows up as a diff to review.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import sportleisure, wordstreet, wordup
from engine.core import CHANCE, JSON, Action, Anytime, GameState, Prompt
from engine.sportleisure_sim import choose, deal_order
from engine.wordstreet_sim import SimTeams
from engine.wordup_sim import random_action

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "golden"
MAX_STEPS = 20_000
"""A playthrough longer than this is a bug in a game or its simulated players."""

Policy = Callable[[Any, Prompt], Action]
"""The simulated players' move for a state (of their game) and its prompt."""


@dataclass(frozen=True)
class Game:
    """What differs between the games: how one is set up and who plays it."""

    new: Callable[..., GameState]
    """``new_game(**setup)``."""
    players: Callable[..., Policy]
    """``players(rng, **odds)``: the simulated players' move for a state and its prompt."""


def _wordup_game(*, variant: Mapping[str, JSON] | None = None, **setup: Any) -> GameState:
    return wordup.new_game(variant=wordup.Variant(**(variant or {})), **setup)


def _wordup_players(rng: random.Random, p_correct: float) -> Policy:
    return lambda state, _prompt: random_action(state, rng, p_correct)


def _sportleisure_players(rng: random.Random, p_correct: float, card_chance: float) -> Policy:
    return lambda state, prompt: choose(state, prompt, rng, p_correct, card_chance)


def _wordstreet_players(rng: random.Random, p_correct: float, per_letter: float,
                        undo: float) -> Policy:
    return SimTeams(rng, p_correct=p_correct, per_letter=per_letter, undo=undo).act


GAMES: dict[str, Game] = {
    "wordup": Game(_wordup_game, _wordup_players),
    "sportleisure": Game(sportleisure.new_game, _sportleisure_players),
    "wordstreet": Game(wordstreet.new_game, _wordstreet_players),
}


@dataclass(frozen=True)
class ByHand:
    """A script step that sets state attributes by hand (a start the rules never reach)."""

    values: Mapping[str, JSON]


@dataclass(frozen=True)
class Spec:
    """One playthrough: ``seed`` and ``odds`` drive the simulated players, unless a
    ``script`` is given: then each step is an :class:`Action`, a :class:`ByHand`, or a
    value that answers the current prompt as its actor."""

    game: str
    name: str
    title: str
    setup: Mapping[str, JSON]
    seed: int | None = None
    odds: Mapping[str, float] = field(default_factory=dict)
    time_up_at: int | None = None
    """The number of moves after which the host's clock says time is up."""
    script: Sequence[Action | ByHand | JSON] = ()

    @property
    def path(self) -> str:
        return f"{self.game}/{self.name}.txt"


def _j(value: JSON) -> str:
    return json.dumps(value, sort_keys=True)


def _actor(actor: int) -> str:
    return "chance" if actor == CHANCE else str(actor)


def changes(before: Mapping[str, JSON], after: Mapping[str, JSON],
            prefix: str = "") -> dict[str, JSON]:
    """What differs between two states' JSON, by path: a dict whose keys stay is entered
    (``"tiles/Q": 3``), any other changed value is given whole."""
    out: dict[str, JSON] = {}
    for key, value in after.items():
        old = before[key]
        if "/" in key:
            raise AssertionError(f"a state key with a slash cannot be a path: {key!r}")
        if old == value:
            continue
        if isinstance(old, dict) and isinstance(value, dict) and old.keys() == value.keys():
            out.update(changes(old, value, f"{prefix}{key}/"))
        else:
            out[prefix + key] = value
    return out


class Recorder:
    def __init__(self, spec: Spec, state: GameState) -> None:
        self.state = state
        self.seen = state.to_json()
        driver: JSON = "script" if spec.script else {"seed": spec.seed, **spec.odds}
        if spec.time_up_at is not None:
            driver = {**driver, "time_up_at": spec.time_up_at}
        self.lines = [f"# {spec.title}", f"game {spec.game}", f"setup {_j(spec.setup)}",
                      f"driver {_j(driver)}", f"state {_j(self.seen)}"]

    def changed(self) -> None:
        now = self.state.to_json()
        if set(now) != set(self.seen):
            raise AssertionError(f"to_json's keys changed: {sorted(set(now) ^ set(self.seen))}")
        self.lines.append(f"= {_j(changes(self.seen, now))}")
        self.seen = now

    def act(self, action: Action) -> None:
        prompt = self.state.prompt()
        self.lines.append(f"? {prompt.kind} {_actor(prompt.actor)} {_j(list(prompt.options))}"
                          f" {_j(dict(prompt.info))}")
        self.lines.append(f"! {action.kind} {_actor(action.actor)} {_j(action.value)}")
        for event in self.state.apply(action):
            self.lines.append(f"  {event.kind} {_j(dict(event.data))}")
        self.changed()

    def set(self, values: Mapping[str, JSON]) -> None:
        for key, value in values.items():
            setattr(self.state, key, value)
        self.lines.append("# set by hand")
        self.changed()

    def text(self) -> str:
        outcome = self.state.outcome()
        self.lines.append(f"outcome {_j(None if outcome is None else outcome.to_json())}")
        self.lines.append(f"state {_j(self.state.to_json())}")
        return "\n".join(self.lines) + "\n"


def playthrough(spec: Spec) -> str:
    game = GAMES[spec.game]
    state = game.new(**spec.setup)
    rec = Recorder(spec, state)
    if spec.script:
        for step in spec.script:
            if isinstance(step, ByHand):
                rec.set(step.values)
            elif isinstance(step, Action):
                rec.act(step)
            else:
                prompt = state.prompt()
                rec.act(Action(prompt.kind, prompt.actor, step))
        return rec.text()
    move = game.players(random.Random(spec.seed), **spec.odds)
    moves = 0
    while not state.is_over():
        if moves == MAX_STEPS:
            raise AssertionError(f"{spec.path}: no end after {MAX_STEPS} moves")
        if moves == spec.time_up_at:
            rec.act(Action(Anytime.TIME_UP, CHANCE))
        else:
            rec.act(move(state, state.prompt()))
        moves += 1
    return rec.text()


# -- the playthroughs -------------------------------------------------------------------


def _wordup(name: str, seed: int, players: list[tuple[str, int]], **variant: JSON) -> Spec:
    setup = {"levels": [level for _, level in players], "names": [n for n, _ in players],
             "variant": variant}
    return Spec("wordup", name, f"Word Up, seed {seed}, p_correct 0.6", setup, seed,
                {"p_correct": 0.6})


def _answer(team: int, correct: bool) -> Action:
    return Action("answer", team, {"correct": correct})


SPORTLEISURE_CARDS = Action("shuffle", CHANCE, deal_order(
    ["sin_bin", "second_wind", "new_balls_please"], ["own_goal", "run_for_the_money", "sin_bin"]))

BOTH_IN_ZONE: list[Action | ByHand | JSON] = [
    Action("shuffle", CHANCE, [5, 4, 3, 2, 1, 0]),
    SPORTLEISURE_CARDS,
    ByHand({"positions": [38, 40]}),  # a scripted start near the end of the path
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
]

SECOND_WIND_OWN_GOAL: list[Action | ByHand | JSON] = [
    Action("shuffle", CHANCE, [0, 1, 2, 3, 4]),
    Action("shuffle", CHANCE, deal_order(["own_goal", "sin_bin", "run_for_the_money"],
                                         ["second_wind", "move_the_goalposts",
                                          "new_balls_please"])),
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
]


def _spelled(card: int, word: str, *challenge: JSON) -> list[JSON]:
    """A Word on the Street turn: draw ``card``, agree on ``word``, spell it letter by
    letter, then the challenge and its verdicts."""
    return [card, "word_chosen", *({"letter": ch} for ch in word), {"done": True}, *challenge]


PURPLE = _spelled(0, "PURPLE", "none")
"""The sheet's example: Team B spells PURPLE letter by letter."""

CHALLENGES = [
    *_spelled(0, "quiz", "spelling", "correct"),             # A keeps Q; B loses its next turn
    *_spelled(1, "cat", "none"),                              # A again
    *_spelled(2, "kwiz", "spelling", "incorrect"),            # B: misspelled, tiles go back
    *_spelled(3, "icecream", "two_words", "two_words"),       # A: two words, tiles go back
    *_spelled(4, "sandbox", "two_words", "one_word"),         # B keeps; A loses its next turn
    *_spelled(0, "snow-man", "word_selection", {"accept": 1, "reject": 3}),  # B: rejected
    *_spelled(1, "tiger", "word_selection", {"accept": 2, "reject": 2}),     # A: tie, restart
    *_spelled(2, "lion", "word_selection", {"accept": 3, "reject": 1}),      # A: accepted
    3, "time_up", {"done": True},  # A (B lost its turn) found no word in time
]
"""Every challenge outcome, in one short game for four players."""

STREET_ODDS = {"p_correct": 0.7, "per_letter": 0.5, "undo": 0.05}

PLAYTHROUGHS: tuple[Spec, ...] = (
    _wordup("standard", 1, [("Ana", 2), ("Ben", 4), ("Caro", 3)]),
    _wordup("one-of-each", 2, [("Ana", 1), ("Ben", 5)], tokens_to_win=1),
    _wordup("three-of-each", 3, [("Ana", 3), ("Ben", 3), ("Caro", 2), ("Dev", 5)],
            tokens_to_win=3),
    Spec("wordup", "timed", "Word Up, timed, seed 4, p_correct 0.6",
         {"levels": [2, 4, 1, 3, 5], "names": ["Ana", "Ben", "Caro", "Dev", "Eli"],
          "variant": {"timed": True}}, 4, {"p_correct": 0.6}, time_up_at=120),
    _wordup("physical-dice", 5, [("Ana", 4), ("Ben", 2), ("Caro", 5), ("Dev", 1), ("Eli", 3),
                                 ("Fay", 2)], physical_dice=True),
    *(Spec("sportleisure", f"seed-{seed}-p{int(p * 100)}",
           f"Best of Sport and Leisure, seed {seed}, p_correct {p}",
           {"teams": [["Ann", "Bob", "Cy"], ["Dee", "Eve"]], "n_cards": 30,
            "first_team": seed % 2}, seed, {"p_correct": p, "card_chance": 0.4})
      for seed, p in ((1, 0.5), (2, 0.7), (3, 0.35), (4, 0.9))),
    Spec("sportleisure", "both-in-winning-zone",
         "Team 0 walks in from 38, team 1 follows by a stolen red, then wins on a follow-on",
         {"teams": [["Ann", "Bob"], ["Cat", "Dan"]], "n_cards": 6, "first_team": 0},
         script=BOTH_IN_ZONE),
    Spec("sportleisure", "second-wind-own-goal",
         "Second Wind keeps the turn; Own Goal at the end of the extra card",
         {"teams": [["Ann", "Bob"], ["Cat", "Dan"]], "n_cards": 5, "first_team": 1},
         script=SECOND_WIND_OWN_GOAL),
    Spec("wordstreet", "purple-example", "Word on the Street: the rule sheet's PURPLE example",
         {"first_team": 1, "board": {"L": 3, "Y": 3, "F": -3, "M": -3, "R": -2}},
         script=PURPLE),
    Spec("wordstreet", "challenges", "Word on the Street: every challenge outcome",
         {"players": 4, "deck_size": 5, "board": {"Q": 2}}, script=CHALLENGES),
    Spec("wordstreet", "standard", "Word on the Street: standard game, seed 11",
         {"players": 5}, 11, STREET_ODDS),
    Spec("wordstreet", "orange-small-deck", "Word on the Street: orange side, 4-card deck, seed 13",
         {"side": "orange", "deck_size": 4, "first_team": 1}, 13, STREET_ODDS),
    Spec("wordstreet", "quick-play-turns", "Word on the Street: quick play, 6 turns each, seed 13",
         {"turn_limit": 6, "players": 6}, 13, STREET_ODDS),
    Spec("wordstreet", "quick-play-time", "Word on the Street: quick play, time limit, seed 14",
         {"time_limit": True, "players": 3}, 14, STREET_ODDS, time_up_at=45),
)


def generate(games: Sequence[str] = ()) -> dict[str, str]:
    """Every playthrough's text (of ``games``, or all), by its path under tests/golden/."""
    return {spec.path: playthrough(spec) for spec in PLAYTHROUGHS
            if not games or spec.game in games}


def main(argv: list[str]) -> int:
    unknown = sorted(set(argv) - set(GAMES))
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)}; the games are {', '.join(GAMES)}")
        return 2
    for path, text in generate(argv).items():
        target = FOLDER / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
