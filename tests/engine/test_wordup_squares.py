"""Word Up: Option, Double, Lose Two and Free Two squares, one test per rule."""

from __future__ import annotations

import pytest
from wordup_helpers import act, answer, kinds, land_on, roll, snapshot, started

from engine.core import IllegalActionError, InvalidActionError

OPTION, DOUBLE, LOSE_TWO, FREE_TWO = 5, 9, 13, 19


# -- Option squares -----------------------------------------------------------------


def test_option_square_offers_either_of_its_two_colours() -> None:
    state = started()
    land_on(state, OPTION)
    prompt = state.prompt()
    assert prompt.kind == "choose_category" and prompt.actor == 0
    assert prompt.options == ("orange", "green")


def test_option_square_refuses_a_colour_not_on_its_border() -> None:
    state = started()
    land_on(state, OPTION)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="bordered by two colours"):
        act(state, "choose_category", "blue")
    with pytest.raises(InvalidActionError):
        act(state, "choose_category", "purple")
    assert snapshot(state) == before


def test_option_square_correct_answer_earns_that_colour_and_another_roll() -> None:
    state = started()
    land_on(state, OPTION)
    act(state, "choose_category", "green")
    assert state.prompt().info["colour"] == "green"
    answer(state, True)
    assert state.tokens[0] == [0, 1, 0, 0]
    assert state.current == 0 and state.prompt().kind == "roll"


def test_option_square_wrong_answer_stops() -> None:
    state = started()
    land_on(state, OPTION)
    act(state, "choose_category", "orange")
    answer(state, False)
    assert state.total_tokens(0) == 0 and state.current == 1


# -- Double squares -------------------------------------------------------------------


def test_double_square_any_category_two_tokens_if_right_and_continue() -> None:
    state = started()
    land_on(state, DOUBLE)
    prompt = state.prompt()
    assert prompt.kind == "choose_category" and prompt.info["stake"] == 2
    assert set(prompt.options) == {"orange", "green", "blue", "yellow"}
    act(state, "choose_category", "yellow")
    assert state.prompt().info["stake"] == 2
    answer(state, True)
    assert state.token_count(0, "yellow") == 2
    assert state.current == 0 and state.prompt().kind == "roll"


def test_double_square_wrong_answer_stops_without_tokens() -> None:
    state = started()
    land_on(state, DOUBLE)
    act(state, "choose_category", "blue")
    answer(state, False)
    assert state.total_tokens(0) == 0 and state.current == 1


# -- Lose Two ---------------------------------------------------------------------------


def test_lose_two_loses_two_tokens_and_stops() -> None:
    state = started()
    state.tokens[0] = [1, 0, 1, 0]
    events = land_on(state, LOSE_TWO)
    assert state.tokens[0] == [0, 0, 0, 0]
    assert "tokens_lost" in kinds(events) and state.current == 1


def test_lose_two_with_one_token_loses_that_token() -> None:
    state = started()
    state.tokens[0] = [0, 0, 0, 1]
    land_on(state, LOSE_TWO)
    assert state.tokens[0] == [0, 0, 0, 0] and state.current == 1


def test_lose_two_with_two_of_a_colour_loses_both() -> None:
    state = started()
    state.tokens[0] = [0, 2, 0, 0]
    land_on(state, LOSE_TWO)
    assert state.tokens[0] == [0, 0, 0, 0]


def test_lose_two_with_no_tokens_just_stops() -> None:
    state = started()
    events = land_on(state, LOSE_TWO)
    assert state.tokens[0] == [0, 0, 0, 0] and state.current == 1
    assert "tokens_lost" in kinds(events)


def test_lose_two_with_more_than_two_tokens_the_player_chooses_which() -> None:
    state = started()
    state.tokens[0] = [2, 0, 1, 0]
    land_on(state, LOSE_TWO)
    prompt = state.prompt()
    assert prompt.kind == "lose_tokens" and prompt.actor == 0
    assert list(prompt.options) == [["orange", "orange"], ["orange", "blue"]]
    act(state, "lose_tokens", ["blue", "orange"])  # any order
    assert state.tokens[0] == [1, 0, 0, 0] and state.current == 1


@pytest.mark.parametrize("choice", [["blue", "blue"], ["green", "orange"]])
def test_lose_two_cannot_choose_tokens_the_player_does_not_hold(choice: list[str]) -> None:
    state = started()
    state.tokens[0] = [2, 0, 1, 0]
    land_on(state, LOSE_TWO)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="choose which tokens to lose"):
        act(state, "lose_tokens", choice)
    assert snapshot(state) == before


@pytest.mark.parametrize("choice", [["orange"], "orange", ["orange", "red"], None])
def test_lose_two_choice_names_two_colours(choice: object) -> None:
    state = started()
    state.tokens[0] = [2, 0, 1, 0]
    land_on(state, LOSE_TWO)
    with pytest.raises(InvalidActionError):
        act(state, "lose_tokens", choice)


# -- Free Two ---------------------------------------------------------------------------


def test_free_two_takes_two_tokens_of_different_colours_and_continues() -> None:
    state = started()
    land_on(state, FREE_TWO)
    prompt = state.prompt()
    assert prompt.kind == "free_tokens" and len(prompt.options) == 6
    act(state, "free_tokens", ["yellow", "green"])
    assert state.tokens[0] == [0, 1, 0, 1]
    assert state.current == 0 and state.prompt().kind == "roll"
    roll(state, 3)
    assert state.position == FREE_TWO + 3


def test_free_two_tokens_must_be_of_different_colours() -> None:
    state = started()
    land_on(state, FREE_TWO)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="must be of different colours"):
        act(state, "free_tokens", ["blue", "blue"])
    assert snapshot(state) == before
