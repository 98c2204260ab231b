"""Simulated teams for Word on the Street Junior: random playouts and figures.

The simulated teams know the truth the voice layer would get from the
lexicon: whether they misspelled their word and whether it is really two
words run together. ``p_correct`` is the chance a team spells its word right
and the chance each player accepts a word-selection explanation. The same
driver feeds the random-playout tests and the golden playthroughs, so it
only ever sends legal actions: any refusal by the engine is counted as an
error.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.core import CHANCE, JSON, Action, Anytime, Event, Prompt, PromptKind
from engine.wordstreet import WordStreet, new_game

WORDS = (
    "apple", "river", "purple", "garden", "pencil", "window", "rabbit", "tiger",
    "yellow", "monkey", "orange", "planet", "bridge", "castle", "pirate", "dragon",
    "candle", "button", "jungle", "rocket", "spider", "turtle", "wizard", "zebra",
    "quiz", "jazz", "jump", "box", "fox", "kiwi", "vivid", "queen", "zoo", "wax",
    "jelly", "yak", "quack", "puzzle", "jacket", "oxygen", "kettle", "velvet",
    "lemon", "melon", "piano", "violin", "farm", "milk", "bread", "cheese",
    "sandbox", "pancake", "rainbow", "toothbrush", "snowman", "football",
    "x-ray", "yo-yo", "jack-in-the-box", "a", "i", "ox", "sky", "rhythm",
)
"""Plain English words (compound and hyphenated ones included)."""

RUN_TOGETHER = ("icecream", "sanddollar", "fireengine", "teddybear")
"""Two words spelled as one: a two-words challenge against them is upheld."""

WordsHook = Callable[[int, str], Sequence[str]]
"""``words(card_index, side) -> accept list``: the voice layer's lookup of a drawn card."""

StepHook = Callable[[WordStreet, Action, list[Event]], None]
"""Called after every applied action (logs, invariant checks)."""

MAX_ACTIONS = 20_000
"""A playout longer than this is counted as unfinished."""


def misspell(word: str, rng: random.Random) -> str:
    """A plausible wrong spelling: two neighbours swapped, a letter doubled or dropped."""
    letters = [ch for ch in word]
    spots = [i for i in range(len(letters) - 1) if "-" not in letters[i : i + 2]]
    kind = rng.randrange(3)
    if kind == 0 and spots:
        i = rng.choice(spots)
        if letters[i] != letters[i + 1]:
            letters[i], letters[i + 1] = letters[i + 1], letters[i]
            return "".join(letters)
    i = rng.randrange(len(letters))
    if letters[i] == "-":
        return word + word[-1]
    if kind == 2 and len(word) > 2:
        return "".join(letters[:i] + letters[i + 1 :]).strip("-").replace("--", "-")
    return "".join(letters[: i + 1] + letters[i:])


@dataclass
class SimTeams:
    """Both teams and the table's referee, driven by one seeded RNG.

    ``per_letter``: chance a word is spelled one letter per action (the voice
    path) rather than whole. ``undo``: chance per letter of a mis-heard letter
    that is then undone. ``words``: the real card's accept list for the game's
    side, which teams then choose from instead of :data:`WORDS` (a run-together
    word is two of the card's words joined); ``chosen`` collects every word a
    team meant to spell, before any misspelling.
    """

    rng: random.Random
    p_correct: float = 0.5
    per_letter: float = 0.1
    undo: float = 0.0
    words: WordsHook | None = None
    chosen: list[str] | None = None
    plan: str = ""
    misspelled: bool = False
    run_together: bool = False

    def act(self, state: WordStreet, prompt: Prompt) -> Action:
        rng = self.rng
        kind, actor = prompt.kind, prompt.actor
        if kind == PromptKind.DRAW:
            return Action(PromptKind.DRAW, CHANCE, rng.choice(prompt.options))
        if kind == PromptKind.BRAINSTORM:
            self._choose_word(state)
            return Action(kind, actor, "word_chosen" if rng.random() < 0.5 else "time_up")
        if kind == PromptKind.SPELL:
            return Action(kind, actor, self._spell(state, prompt))
        if kind == PromptKind.CHALLENGE:
            return Action(kind, actor, self._challenge())
        if kind == PromptKind.SPELLING_VERDICT:
            return Action(kind, actor, "incorrect" if self.misspelled else "correct")
        if kind == PromptKind.TWO_WORDS_VERDICT:
            return Action(kind, actor, "two_words" if self.run_together else "one_word")
        if kind == PromptKind.VOTE:
            players = state.settings.players
            accept = sum(rng.random() < self.p_correct for _ in range(players))
            return Action(kind, actor, {"accept": accept, "reject": players - accept})
        raise ValueError(f"the simulator has no move for a {kind!r} prompt")

    def _choose_word(self, state: WordStreet) -> None:
        rng = self.rng
        self.run_together = rng.random() < 0.05
        if self.words is None or state.card is None:
            word = rng.choice(RUN_TOGETHER if self.run_together else WORDS)
            meant = [word]
        else:
            pool = self.words(state.card, state.settings.side)
            meant = [rng.choice(pool) for _ in range(2 if self.run_together else 1)]
            word = "".join(meant)
        if self.chosen is not None:
            self.chosen.extend(meant)
        self.misspelled = rng.random() >= self.p_correct and len(word) > 1
        self.plan = misspell(word, rng) if self.misspelled else word
        if self.plan == word:
            self.misspelled = False

    def _spell(self, state: WordStreet, prompt: Prompt) -> dict[str, JSON]:
        rng = self.rng
        spelled: str = prompt.info["spelled"]
        if not spelled:
            if prompt.info["may_pass"] and rng.random() < 0.05:
                self.plan = ""
                return {"done": True}
            if rng.random() >= self.per_letter:
                return {"word": self.plan}
        if len(spelled) == len(self.plan) and spelled == self.plan.upper():
            return {"done": True}
        if spelled != self.plan[: len(spelled)].upper():
            return {"undo": True}
        if self.undo and rng.random() < self.undo:
            return {"letter": rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ")}
        return {"letter": self.plan[len(spelled)]}

    def _challenge(self) -> str:
        rng = self.rng
        if not self.plan:
            return "none"
        if self.misspelled and rng.random() < 0.5:
            return "spelling"
        if self.run_together and rng.random() < 0.5:
            return "two_words"
        if rng.random() < 0.08:
            return rng.choice(("spelling", "two_words", "word_selection"))
        return "none"


def random_setup(rng: random.Random, n_cards: int = 108) -> WordStreet:
    """A game with random players, side, first team and (sometimes) quick play.

    ``n_cards`` is the category deck (the box has 108). One game in five uses
    only its first 1-6 cards, so the tray cycles.
    """
    roll = rng.random()
    return new_game(
        players=rng.randint(2, 8),
        deck_size=n_cards if rng.random() < 0.8 else rng.randint(1, min(6, n_cards)),
        side=rng.choice(("blue", "orange")),
        first_team=rng.randrange(2),
        turn_limit=rng.randint(1, 15) if roll < 0.15 else None,
        time_limit=0.15 <= roll < 0.3,
    )


def playout(
    state: WordStreet,
    teams: SimTeams,
    time_limit_at: int | None = None,
    on_step: StepHook | None = None,
) -> int:
    """Play ``state`` to the end (or MAX_ACTIONS); return the actions applied.

    ``time_limit_at``: after this many actions the driver reports the quick-play
    time limit (only for games with that variant).
    """
    actions = 0
    while not state.is_over() and actions < MAX_ACTIONS:
        if actions == time_limit_at and state.settings.time_limit:
            action = Action(Anytime.TIME_UP, CHANCE)
        else:
            action = teams.act(state, state.prompt())
        events = state.apply(action)
        actions += 1
        if on_step is not None:
            on_step(state, action, events)
    return actions


def step_log(lines: list[str]) -> StepHook:
    """An ``on_step`` callback that writes one line per action and per event."""

    def log(state: WordStreet, action: Action, events: list[Event]) -> None:
        lines.append(f"> {action.kind} {action.actor} {_short(action.value)}")
        for event in events:
            data = " ".join(f"{k}={_short(v)}" for k, v in event.data.items())
            lines.append(f"  {event.kind} {data}".rstrip())

    return log


def _short(value: JSON) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def simulate(
    games: int, seed: int, p_correct: float, *,
    n_cards: int | None = None, words: WordsHook | None = None,
) -> dict[str, JSON]:
    """Figures over ``games`` random games: finished, errors, mean turns per game.

    ``n_cards`` is the real category deck's size (default the box's 108);
    ``words`` gives each drawn card's accept list (see :class:`SimTeams`).
    With ``words`` the figures gain words_chosen and distinct_words.
    """
    size = 108 if n_cards is None else n_cards
    if size < 1:
        raise ValueError(f"n_cards must be at least 1, got {n_cards}")
    rng = random.Random(seed)
    finished = errors = total_turns = 0
    chosen: list[str] | None = [] if words is not None else None
    for _ in range(games):
        try:
            state = random_setup(rng, size)
            teams = SimTeams(rng, p_correct, words=words, chosen=chosen)
            limit = rng.randint(10, 600) if state.settings.time_limit else None
            playout(state, teams, limit)
        except Exception:  # noqa: BLE001 - a figure, not a crash: the count is reported
            errors += 1
            continue
        if state.is_over():
            finished += 1
            total_turns += sum(state.turns)
    mean = round(total_turns / finished, 2) if finished else 0.0
    figures: dict[str, JSON] = {
        "games": games, "finished": finished, "errors": errors, "mean_turns": mean,
    }
    if chosen is not None:
        figures["words_chosen"] = len(chosen)
        figures["distinct_words"] = len(set(chosen))
    return figures
