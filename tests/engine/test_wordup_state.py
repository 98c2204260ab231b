"""Word Up: question streams, winning, variants, unchanged-on-error, saves and playouts."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wordup_helpers import act, answer, kinds, land_on, snapshot, started

from engine.core import (
    CHANCE,
    Action,
    Event,
    IllegalActionError,
    RulesError,
    SaveError,
)
from engine.wordup import DECK, Variant, WordUpState, new_game
from engine.wordup_save import load as from_json
from engine.wordup_sim import random_action, simulate

# -- question streams -----------------------------------------------------------------


def _ask_orange(state: WordUpState) -> dict[str, object]:
    """Land the current player on the first orange square and return the question info."""
    state.position = 0
    land_on(state, 8)
    info = dict(state.prompt().info)
    answer(state, False)
    return info


def test_questions_are_asked_in_order_down_the_sheet() -> None:
    state = started(levels=(2, 4))
    infos = [_ask_orange(state) for _ in range(6)][::2]  # seat 0, level 2
    assert [i["index"] for i in infos] == [0, 1, 2]
    assert [i["number"] for i in infos] == [1, 2, 3]
    assert [i["sheet"] for i in infos] == [1, 1, 1]


def test_after_seven_questions_of_a_category_the_next_sheet_of_the_same_level() -> None:
    state = started(levels=(2, 3))
    infos = [_ask_orange(state) for _ in range(16)]
    level_two = [i for i in infos if i["level"] == 2]
    assert [(i["sheet"], i["number"]) for i in level_two] == [
        (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (2, 1),
    ]


def test_each_answerer_gets_questions_of_their_own_level() -> None:
    state = started(levels=(1, 5))
    assert _ask_orange(state)["level"] == 1
    assert _ask_orange(state)["level"] == 5
    assert state.streams[0][0] == 1 and state.streams[4][0] == 1


def test_categories_have_separate_streams() -> None:
    state = started(levels=(3, 3))
    land_on(state, 8)
    answer(state, True)
    state.position = 0
    roll(state, 2)  # green
    assert state.prompt().info["index"] == 0
    assert state.streams[2] == [1, 1, 0, 0]


def test_players_of_the_same_level_share_one_stream_so_no_question_repeats() -> None:
    state = started(levels=(3, 3))
    assert [_ask_orange(state)["index"] for _ in range(4)] == [0, 1, 2, 3]


def roll(state: WordUpState, total: int) -> None:
    act(state, "roll", total)


# -- winning -----------------------------------------------------------------------------


def test_the_first_player_to_collect_two_tokens_of_each_colour_wins() -> None:
    state = started()
    state.tokens[0] = [2, 2, 2, 1]
    land_on(state, 6)  # yellow
    events = answer(state, True)
    assert state.is_over() and state.winners() == [0]
    assert kinds(events)[-1] == "game_over"
    assert state.prompt().kind == "game_over"


def test_many_tokens_but_one_colour_short_does_not_win() -> None:
    state = started()
    state.tokens[0] = [5, 5, 5, 0]
    land_on(state, 8)
    answer(state, True)
    assert not state.is_over()


@pytest.mark.parametrize(("target", "before", "wins"), [
    (1, [1, 1, 1, 0], True),
    (3, [3, 3, 3, 1], False),
    (3, [3, 3, 3, 2], True),
])
def test_variant_tokens_to_win_one_or_three_of_each_colour(
    target: int, before: list[int], wins: bool,
) -> None:
    state = started(variant=Variant(tokens_to_win=target))
    state.tokens[0] = list(before)
    land_on(state, 6)  # yellow
    answer(state, True)
    assert state.is_over() is wins


def test_free_two_can_win_the_game() -> None:
    state = started()
    state.tokens[0] = [2, 1, 2, 1]
    land_on(state, 19)
    act(state, "free_tokens", ["green", "yellow"])
    assert state.winners() == [0]


def test_left_player_can_win_on_an_ask_left_card() -> None:
    state = started(first=0, top=["ask_left"])
    state.tokens[1] = [2, 2, 1, 2]
    land_on(state, 3)
    act(state, "choose_category", "blue")
    answer(state, True)
    assert state.winners() == [1]


def test_exchange_can_win_the_game_for_the_partner() -> None:
    state = started(first=0, top=["exchange"])
    state.tokens[0] = [1, 0, 0, 0]
    state.tokens[2] = [1, 3, 2, 2]
    land_on(state, 3)
    act(state, "exchange", {"with": 2, "give": "orange", "take": "green"})
    assert state.winners() == [2]


def test_exchange_completing_both_sets_the_drawer_wins() -> None:
    state = started(first=0, top=["exchange"])
    state.tokens[0] = [3, 1, 2, 2]
    state.tokens[1] = [1, 3, 2, 2]
    land_on(state, 3)
    act(state, "exchange", {"with": 1, "give": "orange", "take": "green"})
    assert state.winners() == [0]


def test_after_the_game_is_over_no_action_is_allowed() -> None:
    state = started()
    state.tokens[0] = [2, 2, 2, 1]
    land_on(state, 6)
    answer(state, True)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(Action("game_over", CHANCE, None))
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(Action("roll", CHANCE, 7))
    with pytest.raises(RulesError):
        random_action(state, random.Random(0))
    assert snapshot(state) == before


# -- timed game ---------------------------------------------------------------------------


def test_timed_game_at_the_end_the_player_with_most_tokens_wins() -> None:
    state = started(variant=Variant(timed=True))
    state.tokens = [[1, 0, 0, 0], [3, 0, 1, 0], [0, 0, 0, 2]]
    land_on(state, 8)  # in the middle of a question: time can run out at any prompt
    events = state.apply(Action("time_up", CHANCE))
    assert state.is_over() and state.winners() == [1]
    assert events[-1].data["reason"] == "time_up"


def test_timed_game_equal_most_tokens_are_joint_winners() -> None:
    state = started(variant=Variant(timed=True))
    state.tokens = [[1, 1, 0, 0], [0, 0, 0, 1], [0, 2, 0, 0]]
    state.apply(Action("time_up", CHANCE))
    assert state.winners() == [0, 2]


def test_timed_game_still_won_outright_by_collecting_every_colour() -> None:
    state = started(variant=Variant(timed=True))
    state.tokens[0] = [2, 2, 2, 1]
    land_on(state, 6)
    answer(state, True)
    assert state.winners() == [0]


def test_time_up_only_in_a_timed_game_and_only_from_the_host() -> None:
    state = started()
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="not a timed game"):
        state.apply(Action("time_up", CHANCE))
    timed = started(variant=Variant(timed=True))
    with pytest.raises(IllegalActionError, match="host"):
        timed.apply(Action("time_up", 0))
    assert snapshot(state) == before


# -- illegal actions leave the state unchanged ------------------------------------------------

GARBAGE = [
    Action("roll", CHANCE, 0), Action("roll", 0, 7), Action("roll", CHANCE, "x"),
    Action("answer", 0, {"correct": None}), Action("answer", 1, {"correct": True}),
    Action("choose_category", 0, "purple"), Action("choose_category", 2, "blue"),
    Action("lose_tokens", 0, ["blue", "blue"]), Action("free_tokens", 0, ["blue", "blue"]),
    Action("exchange", 0, {"with": 0, "give": "blue", "take": "green"}),
    Action("stop_or_lose", 0, "purple"), Action("free_or_answer", 0, 3),
    Action("shuffle", CHANCE, [0]), Action("time_up", 1), Action("jump", 0, None),
]


def test_every_refused_action_leaves_the_state_exactly_as_it_was() -> None:
    refused = 0
    for seed in range(30):
        rng = random.Random(seed)
        state = new_game([rng.randint(1, 5) for _ in range(rng.randint(2, 6))])
        while not state.is_over():
            legal = random_action(state, rng)
            before = snapshot(state)
            for bad in GARBAGE:
                if bad == legal:
                    continue
                try:
                    state.apply(bad)
                except RulesError:
                    refused += 1
                    assert snapshot(state) == before, (seed, bad)
                else:  # it happened to be legal: undo by reloading
                    state = from_json(json.loads(before))
            state.apply(legal)
    assert refused > 5_000


# -- saves -------------------------------------------------------------------------------------


def _play_to(seed: int, steps: int, variant: Variant) -> tuple[WordUpState, random.Random]:
    rng = random.Random(seed)
    state = new_game([rng.randint(1, 5) for _ in range(rng.randint(2, 6))], variant)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(random_action(state, rng, 0.6))
    return state, rng


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400),
       target=st.sampled_from([1, 2, 3]), timed=st.booleans(), physical=st.booleans())
def test_state_round_trips_through_json_exactly(
    seed: int, steps: int, target: int, timed: bool, physical: bool,
) -> None:
    variant = Variant(tokens_to_win=target, timed=timed, physical_dice=physical)
    state, rng = _play_to(seed, steps, variant)
    saved = json.loads(json.dumps(state.to_json()))
    loaded = from_json(saved)
    assert loaded.to_json() == state.to_json()
    assert loaded.prompt() == state.prompt()
    # and both play on identically
    rng_copy = random.Random()
    rng_copy.setstate(rng.getstate())
    for _ in range(50):
        if state.is_over():
            break
        a, b = random_action(state, rng), random_action(loaded, rng_copy)
        assert a == b
        assert state.apply(a) == loaded.apply(b)
    assert loaded.to_json() == state.to_json()


@pytest.mark.parametrize(("key", "value"), [
    ("game", "chess"), ("version", 99), ("levels", [3]), ("levels", [3, 9]),
    ("tokens", [[0, 0, 0, -1], [0, 0, 0, 0]]), ("tokens", "lots"), ("deck", ["any"] * 20),
    ("phase", "dancing"), ("current", 5), ("position", 40), ("pending", []),
    ("phase", "shuffle"), ("winners", [0]), ("rolls", [13]),
    ("streams", [[0, 0, 0, 0]]), ("variant", {"tokens_to_win": 9, "timed": False,
                                              "physical_dice": False}),
])
def test_a_damaged_save_is_refused_with_a_save_error(key: str, value: object) -> None:
    state, _ = _play_to(3, 40, Variant())
    data = state.to_json()
    data[key] = value
    with pytest.raises(SaveError):
        from_json(data)


@pytest.mark.parametrize(("key", "value"), [
    ("index", None), ("answerer", 3), ("reader", -1), ("colour", "purple"), ("level", 6),
    ("stake", 5), ("source", "magic"), ("extra", 1),
])
def test_a_save_with_a_broken_pending_question_is_refused(key: str, value: object) -> None:
    state = started()
    land_on(state, 8)
    data = state.to_json()
    if value is None:
        del data["pending"][key]
    else:
        data["pending"][key] = value
    with pytest.raises(SaveError):
        from_json(data)


def test_a_timed_game_ended_during_the_roll_off_saves_and_loads() -> None:
    state = new_game([1, 2], Variant(timed=True))
    act(state, "shuffle", list(range(20)))
    state.apply(Action("time_up", CHANCE))
    assert from_json(state.to_json()).winners() == [0, 1]


# -- random playouts ------------------------------------------------------------------------------

VARIANTS = [Variant(), Variant(tokens_to_win=1), Variant(tokens_to_win=3),
            Variant(physical_dice=True), Variant(timed=True)]


def test_random_playouts_keep_the_invariants_and_every_game_ends() -> None:
    for seed in range(600):
        rng = random.Random(seed)
        variant = VARIANTS[seed % len(VARIANTS)]
        players = rng.randint(2, 6)
        state = new_game([rng.randint(1, 5) for _ in range(players)], variant)
        p_correct = rng.choice([0.2, 0.5, 0.8])
        stop_at = rng.randint(50, 400) if variant.timed else -1
        steps = 0
        last: list[Event] = []
        while not state.is_over():
            assert steps < 50_000, f"seed {seed} does not end"
            if steps == stop_at:
                state.apply(Action("time_up", CHANCE))
                break
            events = state.apply(random_action(state, rng, p_correct))
            steps += 1
            for row in state.tokens:
                assert min(row) >= 0, f"seed {seed}: negative tokens"
            assert 0 <= state.position <= 39
            assert sorted(state.deck) == sorted(DECK)
            if steps % 97 == 0:
                assert from_json(json.loads(json.dumps(state.to_json()))).to_json() == \
                    state.to_json()
            last = events
        winners = state.winners()
        assert winners, f"seed {seed}: no winner"
        if state.outcome().reason == "collected":
            assert len(winners) == 1
            assert min(state.tokens[winners[0]]) >= variant.tokens_to_win
            complete = [s for s in range(players) if min(state.tokens[s]) >= variant.tokens_to_win]
            # the game stops at the first complete set; two only when one exchange made both
            assert len(complete) == 1 or "exchanged" in kinds(last), f"seed {seed}"
        else:
            totals = [sum(t) for t in state.tokens]
            assert winners == [s for s, t in enumerate(totals) if t == max(totals)]


def test_simulate_reports_the_figures_and_is_deterministic() -> None:
    first = simulate(50, seed=7, p_correct=0.5)
    assert first == simulate(50, seed=7, p_correct=0.5)
    assert first["games"] == 50 and first["finished"] == 50 and first["errors"] == 0
    assert first["mean_turns"] > 0
    # better answerers finish sooner
    assert simulate(50, seed=7, p_correct=0.9)["mean_turns"] < first["mean_turns"]


def test_set_level_moves_a_player_to_another_stream_between_questions() -> None:
    import random

    import pytest

    from engine.core import Action, IllegalActionError, InvalidActionError
    from engine.wordup import new_game
    from engine.wordup_sim import random_action

    state = new_game([2, 4])
    events = state.apply(Action("set_level", 1, {"level": 5}))
    assert [e.to_json() for e in events] == [
        {"kind": "level_changed", "seat": 1, "from": 4, "to": 5}
    ]
    assert state.levels == [2, 5]
    before = state.to_json()
    for bad in ({"level": 6}, {"level": "3"}, 3, None):
        with pytest.raises(InvalidActionError):
            state.apply(Action("set_level", 0, bad))
    assert state.to_json() == before
    rng = random.Random(3)
    while state.prompt().kind != "answer":
        state.apply(random_action(state, rng))
    answerer = state.prompt().actor
    snapshot = state.to_json()
    with pytest.raises(IllegalActionError, match="waiting"):
        state.apply(Action("set_level", answerer, {"level": 1}))
    assert state.to_json() == snapshot
