"""Word on the Street Junior: random playouts over many seeds, with invariants.

After every action a shadow street, moved only by what the events say, must
equal the engine's street (so narration never lies about a tile); tiles
captured before a turn stay captured by the same team through it; tiles
returned after a challenge are back exactly where the turn found them; turn
counts never differ by more than one; and a state reloaded from JSON at a
random point behaves exactly like the original.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from save_helpers import roundtrip

from engine.core import CHANCE, Action, Event
from engine.wordstreet import LETTERS, WordStreet
from engine.wordstreet_board import OFF, WIN_CAPTURES, captures
from engine.wordstreet_save import load as load_state
from engine.wordstreet_sim import MAX_ACTIONS, SimTeams, playout, random_setup, simulate

SEEDS = range(600)


class Checker:
    """Follows a game through its events and checks the invariants."""

    def __init__(self, state: WordStreet, rng: random.Random) -> None:
        self.shadow = list(state.tiles)
        self.held_at_turn_start: dict[int, int] = {}
        self.street_at_turn_start = list(state.tiles)
        self.rng = rng
        self.reloads = 0
        self.twin: WordStreet | None = None

    def __call__(self, state: WordStreet, action: Action, events: list[Event]) -> None:
        if self.twin is not None:
            # The copy reloaded before this action must do exactly what the original did.
            assert [e.to_json() for e in self.twin.apply(action)] == [e.to_json() for e in events]
            assert self.twin.to_json() == state.to_json()
            self.twin = None
        for event in events:
            self._follow(event)
        assert self.shadow == state.tiles, (action, events)
        assert len(state.tiles) == len(LETTERS)
        for i, position in enumerate(state.tiles):
            assert -OFF <= position <= OFF
            if i in self.held_at_turn_start:
                assert position == self.held_at_turn_start[i], f"{LETTERS[i]} left its captor"
        counts = captures(state.tiles)
        assert counts[0] + counts[1] + sum(1 for p in state.tiles if abs(p) < OFF) == 26
        assert abs(state.turns[0] - state.turns[1]) <= 1
        if self.rng.random() < 0.05 and not state.is_over():
            self._reload(state)

    def _follow(self, event: Event) -> None:
        data = event.data
        if event.kind == "card_drawn":
            self.street_at_turn_start = list(self.shadow)
            self.held_at_turn_start = {
                i: p for i, p in enumerate(self.shadow) if abs(p) == OFF
            }
        elif event.kind == "tile_moved":
            i = LETTERS.index(data["letter"])
            assert self.shadow[i] == data["from"] and abs(data["to"] - data["from"]) == 1
            assert data["captured"] == (abs(data["to"]) == OFF)
            self.shadow[i] = data["to"]
        elif event.kind == "tile_held":
            assert self.shadow[LETTERS.index(data["letter"])] == (OFF if data["by"] == 0 else -OFF)
        elif event.kind == "tiles_returned":
            for letter, position in data["tiles"]:
                self.shadow[LETTERS.index(letter)] = position
            # Only the word moved tiles this turn, so returning them restores the turn's start.
            assert self.shadow == self.street_at_turn_start
        elif event.kind == "letter_undone" and "to" in data:
            self.shadow[LETTERS.index(data["letter"])] = data["to"]

    def _reload(self, state: WordStreet) -> None:
        saved = state.to_json()
        copy = load_state(roundtrip(saved))
        assert copy.to_json() == saved and copy.prompt() == state.prompt()
        self.twin = copy
        self.reloads += 1


def _play(seed: int, p_correct: float) -> tuple[WordStreet, Checker]:
    rng = random.Random(seed)
    state = random_setup(rng)
    checker = Checker(state, random.Random(~seed))
    teams = SimTeams(rng, p_correct, per_letter=0.5, undo=0.05)
    at = rng.randint(5, 400) if state.settings.time_limit else None
    actions = playout(state, teams, at, checker)
    assert actions < MAX_ACTIONS, f"seed {seed} did not end"
    return state, checker


@pytest.mark.parametrize("chunk", range(6))
def test_random_playouts_conserve_tiles_and_end(chunk: int) -> None:
    reloads = 0
    for seed in SEEDS[chunk::6]:
        state, checker = _play(seed, p_correct=(seed % 11) / 10)
        reloads += checker.reloads
        assert state.is_over()
        counts = state.captured()
        winners = state.winners()
        if state.outcome().reason == "eight_captured":
            assert len(winners) == 1 and counts[winners[0]] >= WIN_CAPTURES
        else:
            assert state.settings.quick_play and state.turns[0] == state.turns[1]
            assert max(counts) < WIN_CAPTURES
            if state.outcome().reason == "draw":
                assert winners == [0, 1] and counts[0] == counts[1]
            elif state.outcome().reason == "most_captured":
                assert counts[winners[0]] > counts[1 - winners[0]]
    assert reloads > 100


def test_random_playouts_cover_every_rule_path() -> None:
    """The playouts above are only worth something if they reach every branch."""
    seen: set[str] = set()
    results: set[str | None] = set()

    def note(state: WordStreet, action: Action, events: list[Event]) -> None:
        seen.update(e.kind for e in events)

    for seed in SEEDS[:200]:
        rng = random.Random(seed)
        state = random_setup(rng)
        at = rng.randint(5, 400) if state.settings.time_limit else None
        playout(state, SimTeams(rng, 0.5, per_letter=0.5, undo=0.05), at, note)
        results.add(state.outcome().reason)
    assert seen >= {
        "card_drawn", "brainstorm_over", "tile_moved", "tile_held", "hyphen", "letter_undone",
        "word_spelled", "no_word", "no_challenge", "challenge", "challenge_upheld",
        "challenge_failed", "tiles_returned", "vote_tied", "turn_restarted", "turn_lost",
        "turn_over", "time_limit_reached", "game_over",
    }
    assert results >= {"eight_captured", "most_captured", "near_lane", "draw"}


def test_simulate_reports_figures_and_is_deterministic() -> None:
    stats = simulate(60, seed=7, p_correct=0.5)
    assert stats["games"] == 60 and stats["finished"] == 60 and stats["errors"] == 0
    assert 2 < stats["mean_turns"] < 200
    assert simulate(60, seed=7, p_correct=0.5) == stats
    assert simulate(60, seed=8, p_correct=0.5) != stats


def test_simulate_counts_engine_refusals_as_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    def bad_act(self: SimTeams, state: WordStreet, prompt: object) -> Action:
        return Action("draw", CHANCE, -5)

    monkeypatch.setattr(SimTeams, "act", bad_act)
    stats = simulate(5, seed=1, p_correct=0.5)
    assert stats["errors"] == 5 and stats["finished"] == 0


def test_simulated_misspellings_are_still_spellable_words() -> None:
    from engine.wordstreet_board import check_word
    from engine.wordstreet_sim import RUN_TOGETHER, WORDS, misspell

    rng = random.Random(0)
    for word in WORDS + RUN_TOGETHER:
        if len(word) > 1:
            wrong = {check_word(misspell(word, rng)) for _ in range(200)}
            assert word.upper() not in wrong and wrong



def _pools() -> dict[tuple[int, str], tuple[str, ...]]:
    """Three cards, each side a different slice of plain words (so every letter gets played)."""
    from engine.wordstreet_sim import WORDS

    keys = [(card, side) for card in range(3) for side in ("blue", "orange")]
    return {key: WORDS[n::len(keys)] for n, key in enumerate(keys)}


def _play_with_words(
    rng: random.Random, pools: dict[tuple[int, str], tuple[str, ...]],
    words: Callable[[int, str], tuple[str, ...]],
) -> int:
    """One game whose teams draw words from ``pools``; returns the misspelled words seen."""
    state = random_setup(rng, n_cards=3)
    chosen: list[str] = []
    teams = SimTeams(rng, 0.5, words=words, chosen=chosen)
    turn = {"start": 0, "card": -1, "misspelled": 0}

    def note(state: WordStreet, action: Action, events: list[Event]) -> None:
        for event in events:
            if event.kind == "card_drawn":
                turn["start"], turn["card"] = len(chosen), event.data["card"]
            elif event.kind == "word_spelled":
                meant = chosen[turn["start"]:]
                pool = pools[(turn["card"], state.settings.side)]
                assert 1 <= len(meant) <= 2 and set(meant) <= set(pool)
                if event.data["word"].lower() != "".join(meant):
                    assert teams.misspelled  # only the simulated misspelling differs
                    turn["misspelled"] += 1

    playout(state, teams, None, note)
    assert state.is_over()
    return turn["misspelled"]


def test_teams_choose_their_words_from_the_drawn_cards_side() -> None:
    pools = _pools()
    asked: list[tuple[int, str]] = []

    def words(card: int, side: str) -> tuple[str, ...]:
        asked.append((card, side))
        return pools[(card, side)]

    rng = random.Random(4)
    misspelled = sum(_play_with_words(rng, pools, words) for _ in range(40))
    assert {side for _, side in asked} == {"blue", "orange"} and misspelled > 0


def test_simulate_with_words_reports_them() -> None:
    pools = _pools()
    from engine.wordstreet_sim import simulate as play

    hooked = play(30, seed=3, p_correct=0.5, n_cards=3,
                  words=lambda card, side: pools[(card, side)])
    assert hooked["errors"] == 0 and hooked["finished"] == 30
    assert hooked["words_chosen"] > 30
    assert 0 < hooked["distinct_words"] <= len({w for p in pools.values() for w in p})
    assert "words_chosen" not in simulate(30, seed=3, p_correct=0.5)
