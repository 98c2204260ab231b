"""Word Up cards: drawing and each of the seven kinds, one or more tests per rule."""

from __future__ import annotations

import pytest
from wordup_helpers import act, answer, kinds, land_on, snapshot, started

from engine.core import IllegalActionError, InvalidActionError
from engine.wordup import DECK, WordUpState

WORD_UP = 3  # the first Word Up square, 3 from Bonus


def drawn(top: str, levels: tuple[int, ...] = (3, 3, 3), first: int = 0,
          tokens: dict[int, list[int]] | None = None) -> tuple[WordUpState, list[str]]:
    """A game where seat ``first`` has just landed on Word Up and drawn ``top``."""
    state = started(levels=levels, first=first, top=[top])
    for seat, held in (tokens or {}).items():
        state.tokens[seat] = list(held)
    events = land_on(state, WORD_UP)
    assert [e.data["card"] for e in events if e.kind == "card_drawn"] == [top]
    return state, kinds(events)


def test_word_up_square_takes_the_top_card_and_returns_it_to_the_bottom() -> None:
    state = started(top=["exchange", "ask_left"])
    land_on(state, WORD_UP)
    assert state.deck[-1] == "exchange" and state.deck[0] == "ask_left"
    assert sorted(state.deck) == sorted(DECK)


def test_all_eight_word_up_squares_draw_a_card() -> None:
    for square in (3, 7, 12, 17, 22, 27, 31, 33):
        state = started(top=["any"])
        assert "card_drawn" in kinds(land_on(state, square))


def test_the_pile_cycles_through_all_twenty_cards_before_repeating() -> None:
    state = started(levels=(3, 3))
    seen = []
    for _ in range(21):
        state.tokens = [[0, 0, 0, 0], [0, 0, 0, 0]]  # nobody can win meanwhile
        state.position = 0
        events = land_on(state, WORD_UP)
        seen += [e.data["card"] for e in events if e.kind == "card_drawn"]
        while (prompt := state.prompt()).kind != "roll":  # settle the card
            if prompt.kind == "answer":
                answer(state, False)
            else:
                act(state, prompt.kind, prompt.options[0])
    assert sorted(seen[:20]) == sorted(DECK)
    assert seen[20] == seen[0]


# -- "answer a question from whichever category they choose" -------------------------------


def test_any_category_card_one_token_if_right_and_continue() -> None:
    state, _ = drawn("any")
    prompt = state.prompt()
    assert prompt.kind == "choose_category" and len(prompt.options) == 4
    act(state, "choose_category", "blue")
    assert state.prompt().info["stake"] == 1
    answer(state, True)
    assert state.tokens[0] == [0, 0, 1, 0]
    assert state.prompt().kind == "roll" and state.current == 0


def test_any_category_card_wrong_answer_stops() -> None:
    state, _ = drawn("any")
    act(state, "choose_category", "blue")
    answer(state, False)
    assert state.current == 1 and state.total_tokens(0) == 0


# -- "free token of the stated colour and stop, or answer for it" ---------------------------


def test_free_or_answer_card_free_token_then_stop() -> None:
    state, _ = drawn("free_or_answer:green")
    prompt = state.prompt()
    assert prompt.kind == "free_or_answer" and prompt.info["colour"] == "green"
    act(state, "free_or_answer", "free")
    assert state.tokens[0] == [0, 1, 0, 0] and state.current == 1


def test_free_or_answer_card_answer_correct_token_and_continue() -> None:
    state, _ = drawn("free_or_answer:yellow")
    act(state, "free_or_answer", "answer")
    assert state.prompt().info["colour"] == "yellow"
    answer(state, True)
    assert state.tokens[0] == [0, 0, 0, 1]
    assert state.current == 0 and state.prompt().kind == "roll"


def test_free_or_answer_card_answer_wrong_no_token_and_stop() -> None:
    state, _ = drawn("free_or_answer:yellow")
    act(state, "free_or_answer", "answer")
    answer(state, False)
    assert state.total_tokens(0) == 0 and state.current == 1


def test_free_or_answer_card_refuses_other_choices() -> None:
    state, _ = drawn("free_or_answer:yellow")
    before = snapshot(state)
    with pytest.raises(InvalidActionError):
        act(state, "free_or_answer", "both")
    assert snapshot(state) == before


# -- "lose one token of the stated colour and stop" -----------------------------------------


def test_lose_card_loses_one_token_of_the_stated_colour_and_stops() -> None:
    state, events = drawn("lose:blue", tokens={0: [1, 0, 2, 0]})
    assert state.tokens[0] == [1, 0, 1, 0]
    assert "tokens_lost" in events and state.current == 1


def test_lose_card_without_that_colour_simply_stops() -> None:
    state, events = drawn("lose:blue", tokens={0: [1, 1, 0, 1]})
    assert state.tokens[0] == [1, 1, 0, 1]
    assert "tokens_lost" not in events and state.current == 1


# -- "move forward to the next square of the stated colour" ---------------------------------


@pytest.mark.parametrize(("colour", "square"), [
    ("orange", 8), ("green", 10), ("blue", 4), ("yellow", 6),
])
def test_move_card_goes_to_the_next_square_of_that_colour(colour: str, square: int) -> None:
    state, _ = drawn(f"move:{colour}")
    assert state.position == square
    prompt = state.prompt()
    assert prompt.kind == "answer" and prompt.info["colour"] == colour
    assert prompt.info["stake"] == 2 and prompt.info["square"] == square


def test_move_card_two_tokens_if_right_and_continue() -> None:
    state, _ = drawn("move:green")
    answer(state, True)
    assert state.tokens[0] == [0, 2, 0, 0]
    assert state.current == 0 and state.prompt().kind == "roll" and state.position == 10


def test_move_card_wrong_answer_stops() -> None:
    state, _ = drawn("move:green")
    answer(state, False)
    assert state.total_tokens(0) == 0 and state.current == 1


def test_move_card_from_the_last_word_up_square_still_finds_each_colour() -> None:
    for colour, square in (("green", 34), ("blue", 36), ("yellow", 37), ("orange", 38)):
        state = started(top=[f"move:{colour}"])
        land_on(state, 33)
        assert state.position == square


# -- "exchange one of their tokens for another belonging to any other player" ---------------


def test_exchange_card_swaps_the_chosen_tokens_with_the_chosen_player_and_continues() -> None:
    state, _ = drawn("exchange", tokens={0: [0, 0, 4, 0], 2: [0, 1, 0, 0]})
    prompt = state.prompt()
    assert prompt.kind == "exchange" and "decline" in prompt.options
    assert {"with": 2, "give": "blue", "take": "green"} in prompt.options
    events = act(state, "exchange", {"with": 2, "give": "blue", "take": "green"})
    assert state.tokens[0] == [0, 1, 3, 0] and state.tokens[2] == [0, 0, 1, 0]
    assert "exchanged" in kinds(events)
    assert state.current == 0 and state.prompt().kind == "roll"


def test_exchange_card_declined_the_player_rolls_again() -> None:
    state, _ = drawn("exchange", tokens={0: [1, 0, 0, 0], 1: [0, 1, 0, 0]})
    act(state, "exchange", "decline")
    assert state.tokens[0] == [1, 0, 0, 0] and state.tokens[1] == [0, 1, 0, 0]
    assert state.current == 0 and state.prompt().kind == "roll"


def test_exchange_card_with_no_possible_exchange_the_player_rolls_again() -> None:
    state, events = drawn("exchange", tokens={1: [2, 0, 0, 0]})
    assert "exchange_impossible" in events
    assert state.current == 0 and state.prompt().kind == "roll"


@pytest.mark.parametrize("offer", [
    {"with": 1, "give": "green", "take": "orange"},  # seat 0 holds no green
    {"with": 1, "give": "blue", "take": "yellow"},  # seat 1 holds no yellow
    {"with": 1, "give": "blue", "take": "blue"},  # same colour
    {"with": 0, "give": "blue", "take": "orange"},  # with oneself
    {"with": 7, "give": "blue", "take": "orange"},  # no such player
])
def test_exchange_card_refuses_an_impossible_exchange(offer: dict[str, object]) -> None:
    state, _ = drawn("exchange", tokens={0: [1, 0, 1, 0], 1: [1, 0, 1, 0]})
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="decides the colour of each token"):
        act(state, "exchange", offer)
    assert snapshot(state) == before


@pytest.mark.parametrize("offer", [{"with": 1}, "yes", {"with": "1", "give": "blue",
                                                         "take": "orange"}])
def test_exchange_card_offer_is_well_formed(offer: object) -> None:
    state, _ = drawn("exchange", tokens={0: [1, 0, 1, 0], 1: [1, 0, 1, 0]})
    with pytest.raises(InvalidActionError):
        act(state, "exchange", offer)


# -- "ask any question to the player sitting to their left" ---------------------------------


def test_ask_left_card_the_drawer_picks_the_category() -> None:
    state, _ = drawn("ask_left", first=1)
    prompt = state.prompt()
    assert prompt.kind == "choose_category" and prompt.actor == 1
    assert prompt.info["source"] == "ask_left"
    act(state, "choose_category", "orange")
    prompt = state.prompt()
    assert prompt.kind == "answer" and prompt.actor == 2  # seat 1's left
    assert prompt.info["reader"] == 1


def test_ask_left_card_question_comes_from_the_answerers_level_stream() -> None:
    # The drawer's sheet was chosen for the player on their left (RULINGS): seat 0 (level 1)
    # asks seat 1 (level 5) the next level-5 question; the drawer's own stream is untouched.
    state, _ = drawn("ask_left", levels=(1, 5, 2), first=0)
    act(state, "choose_category", "orange")
    prompt = state.prompt()
    assert prompt.actor == 1 and prompt.info["reader"] == 0
    assert prompt.info["level"] == 5
    assert state.streams[4] == [1, 0, 0, 0] and state.streams[0] == [0, 0, 0, 0]


def test_ask_left_card_left_player_right_takes_token_and_the_turn_from_bonus() -> None:
    state, _ = drawn("ask_left", first=2)
    act(state, "choose_category", "green")
    events = answer(state, True)
    assert state.tokens[0] == [0, 1, 0, 0] and state.total_tokens(2) == 0
    assert state.current == 0 and state.position == 0 and state.prompt().kind == "roll"
    assert kinds(events)[-2:] == ["turn_ended", "turn_started"]


def test_ask_left_card_left_player_wrong_the_drawer_takes_token_and_rolls_again() -> None:
    state, _ = drawn("ask_left", first=2)
    act(state, "choose_category", "green")
    answer(state, False)
    assert state.tokens[2] == [0, 1, 0, 0] and state.total_tokens(0) == 0
    assert state.current == 2 and state.prompt().kind == "roll" and state.position == WORD_UP


def test_ask_left_card_in_a_two_player_game_asks_the_other_player() -> None:
    state, _ = drawn("ask_left", levels=(2, 4), first=1)
    act(state, "choose_category", "blue")
    assert state.prompt().actor == 0


# -- "stop, or lose one token of any colour and continue" -----------------------------------


def test_stop_or_lose_card_stop_ends_the_turn_keeping_tokens() -> None:
    state, _ = drawn("stop_or_lose", tokens={0: [1, 0, 0, 1]})
    prompt = state.prompt()
    assert prompt.kind == "stop_or_lose" and prompt.options == ("stop", "orange", "yellow")
    act(state, "stop_or_lose", "stop")
    assert state.tokens[0] == [1, 0, 0, 1] and state.current == 1


def test_stop_or_lose_card_losing_a_token_of_any_colour_continues() -> None:
    state, _ = drawn("stop_or_lose", tokens={0: [1, 0, 0, 1]})
    act(state, "stop_or_lose", "yellow")
    assert state.tokens[0] == [1, 0, 0, 0]
    assert state.current == 0 and state.prompt().kind == "roll"


def test_stop_or_lose_card_cannot_lose_a_colour_not_held() -> None:
    state, _ = drawn("stop_or_lose", tokens={0: [1, 0, 0, 1]})
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="lose one token of any colour"):
        act(state, "stop_or_lose", "blue")
    with pytest.raises(InvalidActionError):
        act(state, "stop_or_lose", "go")
    assert snapshot(state) == before


def test_stop_or_lose_card_without_tokens_simply_stops() -> None:
    state, events = drawn("stop_or_lose")
    assert state.current == 1 and "turn_ended" in events
