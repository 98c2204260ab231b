"""Best of Sport and Leisure: random playouts with invariants, golden transcripts, simulate."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from save_helpers import roundtrip
from sportleisure_helpers import snapshot

from engine.core import CHANCE, Action, Event, IllegalActionError, Prompt
from engine.sportleisure import SportLeisureState, new_game
from engine.sportleisure_board import (
    CARD_TYPES,
    LAST_QUESTION,
    NEXT_SPACE,
    PREVIOUS_SPACE,
    QUESTION_COLOURS,
    WINNING_ZONE,
    card_type,
)
from engine.sportleisure_save import load as from_json
from engine.sportleisure_sim import choose, sample_teams, simulate

SEEDS = range(500)


def _clone(state: SportLeisureState) -> SportLeisureState:
    return from_json(roundtrip(state.to_json()))


class Checker:
    """Follows one game from outside and checks every step against the rules."""

    def __init__(self, state: SportLeisureState) -> None:
        self.positions = list(state.positions)
        self.last_answer_move: tuple[int, int] | None = None  # (from, question) of playing team
        self.game_overs = 0

    def check_step(self, before: SportLeisureState, prompt: Prompt, action: Action,
                   events: list[Event], after: SportLeisureState) -> None:
        playing = before.playing
        rftm = before.run_for_the_money
        if action.kind == "play_card":
            assert action.value["card"] in prompt.info["playable_cards"][str(action.actor)]
        for event in events:
            if event.kind == "moved":
                self._check_move(event, playing, rftm)
            elif event.kind == "game_over":
                self.game_overs += 1
            elif event.kind == "answered" and event.data["team"] == playing:
                if not event.data["correct"]:
                    self.last_answer_move = None
        assert after.positions == self.positions, "a position changed without a move event"
        # Cards: each dealt card played at most once, by its holder, one per team per turn.
        ids = [card for _, card, _ in after.played]
        assert len(ids) == len(set(ids))
        for team, card, _ in after.played:
            assert card in after.dealt[team]
        per_turn = Counter((team, turn) for team, _, turn in after.played)
        assert max(per_turn.values(), default=0) <= 1
        assert all(0 <= p <= WINNING_ZONE for p in after.positions)

    def _check_move(self, event: Event, playing: int, rftm: bool) -> None:
        data = event.data
        team, frm, to, reason = data["team"], data["from"], data["to"], data["reason"]
        q = QUESTION_COLOURS.index(data["colour"])
        assert frm == self.positions[team]
        assert frm != WINNING_ZONE, "a team left the Winning Zone"
        if reason in ("answer", "goalposts"):
            assert team == playing
            assert to == (frm + 1 if rftm else NEXT_SPACE[q][frm])
            if reason == "goalposts":
                assert to != WINNING_ZONE
            self.last_answer_move = (frm, q) if reason == "answer" else None
        elif reason == "bonus":
            assert team != playing
            assert to == NEXT_SPACE[q][frm]
        else:
            assert reason == "own_goal" and team == playing
            assert self.last_answer_move is not None
            start, question = self.last_answer_move
            assert question == q and to == PREVIOUS_SPACE[q][start]
            assert to < start or to == start == 0
            self.last_answer_move = None
        self.positions[team] = to


def _probe_cards(state: SportLeisureState, prompt: Prompt) -> None:
    """Listed cards are accepted; every other card is refused and changes nothing."""
    listed = prompt.info["playable_cards"]
    before = snapshot(state)
    for team in (0, 1):
        for card in CARD_TYPES:
            value = {"card": card}
            if card == "sin_bin":
                value["member"] = state.teams[state.playing][0]
            action = Action("play_card", team, value)
            if card in listed[str(team)]:
                _clone(state).apply(action)
            else:
                with pytest.raises(IllegalActionError, match=r"\(rule: "):
                    state.apply(action)
                assert snapshot(state) == before


def play_checked(seed: int) -> SportLeisureState:
    rng = random.Random(seed)
    state = new_game(sample_teams(rng), rng.randint(2, 40), rng.randrange(2))
    p_correct = rng.choice([0.3, 0.5, 0.7, 0.95])
    checker = Checker(state)
    steps = 0
    while not state.is_over():
        steps += 1
        assert steps < 20_000, "the game does not end"
        prompt = state.prompt()
        assert set(prompt.info["playable_cards"]) == {"0", "1"}
        if rng.random() < 0.05:  # save and resume at a random point
            restored = _clone(state)
            assert restored.to_json() == state.to_json()
            assert restored.prompt() == prompt
            state = restored
        if prompt.actor != CHANCE and rng.random() < 0.1:
            _probe_cards(state, prompt)
        action = choose(state, prompt, rng, p_correct, card_chance=0.3)
        before = copy.deepcopy(state)
        events = state.apply(action)
        checker.check_step(before, prompt, action, events, state)
    assert checker.game_overs == 1
    assert len(state.winners()) == 1
    winner = state.winners()[0]
    assert state.positions[winner] == WINNING_ZONE
    return state


def test_random_playouts_keep_the_invariants_and_end_with_one_winner() -> None:
    turns = []
    cards_played = Counter[str]()
    for seed in SEEDS:
        state = play_checked(seed)
        turns.append(state.turn)
        cards_played.update(card_type(card) for _, card, _ in state.played)
    assert set(cards_played) == set(CARD_TYPES), "some card never got played"
    assert min(turns) >= 2


def test_second_wind_extra_card_and_follow_on_happen_in_playouts() -> None:
    """The rare paths are reached by the random players, so the invariants cover them."""
    seen = Counter[str]()
    for seed in range(300):
        rng = random.Random(seed)
        state = new_game(sample_teams(rng), 20, 0)
        while not state.is_over():
            prompt = state.prompt()
            if prompt.kind == "answer" and prompt.info["follow_on"]:
                seen["follow_on"] += 1
            if prompt.kind == "continue":
                seen["continue"] += 1
            for event in state.apply(choose(state, prompt, rng, 0.6, 0.3)):
                seen[event.kind] += 1
    assert seen["turn_kept"] and seen["follow_on"] and seen["continue"]
    assert seen["game_over"] == 300


def test_no_prompt_offers_a_question_beyond_red() -> None:
    state = play_checked(7)
    assert state.question <= LAST_QUESTION


def test_simulate_reports_the_figures() -> None:
    stats = simulate(50, 3, 0.6)
    assert stats["games"] == 50 and stats["errors"] == 0
    assert stats["finished"] == 50
    assert stats["mean_turns"] is not None and stats["mean_turns"] > 2
    assert simulate(50, 3, 0.6) == stats  # replayable from the seed
    assert simulate(50, 4, 0.6) != stats


def test_simulate_with_no_right_answers_never_finishes() -> None:
    stats = simulate(2, 0, 0.0)
    assert stats["finished"] == 0 and stats["errors"] == 0 and stats["mean_turns"] is None


def test_simulate_looks_up_every_card_drawn_in_a_deck_of_n_cards() -> None:
    from engine.sportleisure_sim import simulate as play

    drawn: list[int] = []

    def card(index: int) -> str:
        drawn.append(index)
        return f"card-{index}"

    stats = play(40, 3, 0.6, n_cards=7, card=card)
    assert stats["errors"] == 0 and stats["finished"] == 40
    assert stats["cards_drawn"] == len(drawn) > 40  # each game draws at least its first card
    assert set(drawn) == set(range(7)) and stats["distinct_cards"] == 7
    with pytest.raises(ValueError, match="n_cards must be at least 1"):
        play(1, 0, 0.5, n_cards=0)
