"""Word Up: board, set-up, first player and the basic turn, one test per rule."""

from __future__ import annotations

from collections import Counter

import pytest
from wordup_helpers import act, answer, kinds, land_on, roll, snapshot, started

from engine.core import CHANCE, Action, IllegalActionError, InvalidActionError, SetupError
from engine.wordup import BOARD, DECK, Variant, new_game
from engine.wordup_board import COLOURS, next_square_of

# -- the board ------------------------------------------------------------------


def test_board_is_a_loop_of_40_squares_from_bonus_to_stop() -> None:
    assert len(BOARD) == 40
    assert BOARD[0].kind == "bonus"
    assert BOARD[39].kind == "stop"


def test_board_square_counts_match_the_rulings() -> None:
    counts = Counter(square.kind for square in BOARD)
    assert counts == {
        "bonus": 1, "stop": 1, "option": 4, "word_up": 8, "double": 2,
        "lose_two": 2, "free_two": 1, "question": 21,
    }


def test_four_option_squares_mid_side_each_bordered_by_two_different_colours() -> None:
    options = [i for i, square in enumerate(BOARD) if square.kind == "option"]
    assert options == [5, 15, 25, 35]
    for index in options:
        a, b = BOARD[index].colours
        assert a != b and {a, b} <= set(COLOURS)
    # Together the four Option squares offer every colour twice.
    assert Counter(c for i in options for c in BOARD[i].colours) == dict.fromkeys(COLOURS, 2)


def test_question_squares_are_the_four_colours_evenly_spread() -> None:
    questions = [(i, s.colours[0]) for i, s in enumerate(BOARD) if s.kind == "question"]
    counts = Counter(colour for _, colour in questions)
    assert set(counts) == set(COLOURS)
    assert max(counts.values()) - min(counts.values()) <= 1
    # Evenly spread: along the board the colours come round in turn.
    for (_, a), (_, b) in zip(questions, questions[1:], strict=False):
        assert COLOURS.index(b) == (COLOURS.index(a) + 1) % 4
    # and each side of the board (10 squares) has every colour.
    for side in range(4):
        side_colours = {c for i, c in questions if side * 10 <= i < side * 10 + 10}
        side_colours |= {c for c in BOARD[side * 10 + 5].colours}
        assert side_colours == set(COLOURS)


def test_every_word_up_square_has_each_colour_ahead_for_the_move_cards() -> None:
    for index, square in enumerate(BOARD):
        if square.kind == "word_up":
            for colour in COLOURS:
                target = next_square_of(colour, index)
                assert target is not None and index < target < 39
                assert BOARD[target].colours == (colour,)


# -- set-up ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 6])
def test_two_to_six_players_or_teams(players: int) -> None:
    state = new_game([3] * players)
    assert state.players == players


@pytest.mark.parametrize("players", [0, 1, 7])
def test_fewer_than_two_or_more_than_six_players_is_a_setup_error(players: int) -> None:
    with pytest.raises(SetupError, match="2 to 6 players"):
        new_game([3] * players)


@pytest.mark.parametrize("level", [0, 6, -1, "3", 2.0, True])
def test_levels_are_one_to_five(level: object) -> None:
    with pytest.raises(SetupError, match="level must be 1 to 5"):
        new_game([3, level])  # type: ignore[list-item]


@pytest.mark.parametrize("target", [0, 4, "2"])
def test_tokens_to_win_variant_is_one_two_or_three(target: object) -> None:
    with pytest.raises(SetupError, match="1, 2 or 3"):
        Variant(tokens_to_win=target)  # type: ignore[arg-type]


def test_names_must_match_players_and_differ() -> None:
    with pytest.raises(SetupError):
        new_game([1, 2], names=["Ana"])
    with pytest.raises(SetupError):
        new_game([1, 2], names=["Ana", "Ana"])
    assert new_game([1, 2], names=["Ana", "Ben"]).names == ["Ana", "Ben"]


def test_word_up_deck_is_twenty_cards_of_seven_kinds_as_the_rulings_compose_it() -> None:
    assert len(DECK) == 20
    by_kind = Counter(card.partition(":")[0] for card in DECK)
    assert by_kind == {
        "any": 2, "free_or_answer": 4, "lose": 4, "move": 4,
        "exchange": 2, "ask_left": 2, "stop_or_lose": 2,
    }
    for kind in ("free_or_answer", "lose", "move"):
        assert sorted(c.partition(":")[2] for c in DECK if c.startswith(kind)) == sorted(COLOURS)


def test_cards_are_shuffled_before_play_by_a_chance_prompt() -> None:
    state = new_game([2, 4])
    prompt = state.prompt()
    assert prompt.kind == "shuffle" and prompt.actor == CHANCE
    order = list(reversed(range(20)))
    act(state, "shuffle", order)
    assert state.deck == [DECK[i] for i in order]


@pytest.mark.parametrize("bad", [list(range(19)), [0] * 20, list(range(1, 21)), "shuffle", None])
def test_a_shuffle_must_be_a_permutation_of_the_deck(bad: object) -> None:
    state = new_game([2, 4])
    before = snapshot(state)
    with pytest.raises(InvalidActionError):
        act(state, "shuffle", bad)
    assert snapshot(state) == before


# -- who plays first --------------------------------------------------------------


def _rolloff(levels: list[int], rolls: list[int]) -> tuple[list[int], int]:
    state = new_game(levels)
    act(state, "shuffle", list(range(20)))
    seen = []
    for total in rolls:
        prompt = state.prompt()
        assert prompt.kind == "roll" and prompt.info["purpose"] == "first_player"
        seen.append(prompt.info["seat"])
        act(state, "roll", total)
    return seen, state.current


def test_player_rolling_highest_plays_first() -> None:
    seats, first = _rolloff([1, 2, 3], [5, 11, 7])
    assert seats == [0, 1, 2] and first == 1


def test_players_tied_for_highest_roll_again_and_only_they() -> None:
    state = new_game([1, 2, 3, 4])
    act(state, "shuffle", list(range(20)))
    events = []
    for total in (9, 4, 9, 9):
        events += act(state, "roll", total)
    tie = [e for e in events if e.kind == "rolloff_tie"]
    assert tie and tie[0].data["seats"] == [0, 2, 3]
    # Only the tied players roll again, in seat order; a second tie narrows again.
    assert state.prompt().info["seat"] == 0
    act(state, "roll", 6)
    assert state.prompt().info["seat"] == 2
    act(state, "roll", 10)
    assert state.prompt().info["seat"] == 3
    events = act(state, "roll", 10)
    assert "rolloff_tie" in kinds(events)
    assert [state.prompt().info["seat"]] == [2]
    act(state, "roll", 3)
    events = act(state, "roll", 8)
    assert kinds(events)[-2:] == ["first_player", "turn_started"]
    assert state.current == 3 and state.turns == 1


def test_a_tie_below_the_highest_roll_does_not_matter() -> None:
    seats, first = _rolloff([1, 2, 3], [4, 4, 12])
    assert seats == [0, 1, 2] and first == 2


def test_virtual_dice_are_rolled_by_chance() -> None:
    state = started()
    assert state.prompt().actor == CHANCE


def test_physical_dice_variant_the_player_rolls_and_says_the_total() -> None:
    state = new_game([2, 4], Variant(physical_dice=True))
    act(state, "shuffle", list(range(20)))
    assert state.prompt().actor == 0
    with pytest.raises(IllegalActionError):
        state.apply(Action("roll", CHANCE, 7))
    state.apply(Action("roll", 0, 3))
    state.apply(Action("roll", 1, 9))
    assert state.current == 1 and state.prompt().actor == 1
    state.apply(Action("roll", 1, 4))
    assert state.position == 4


@pytest.mark.parametrize("total", [1, 13, 0, -5])
def test_two_dice_total_two_to_twelve(total: int) -> None:
    state = started()
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="2 to 12"):
        roll(state, total)
    assert snapshot(state) == before


@pytest.mark.parametrize("total", ["7", 7.0, None, True, [3, 4]])
def test_a_roll_is_a_whole_number(total: object) -> None:
    state = started()
    with pytest.raises(InvalidActionError):
        act(state, "roll", total)


# -- the turn ---------------------------------------------------------------------


def test_each_turn_starts_with_the_piece_on_bonus() -> None:
    state = started(first=1)
    assert state.position == 0
    land_on(state, 4)  # a blue question square
    answer(state, False)
    assert state.current == 2 and state.position == 0
    assert state.prompt().info["from"] == 0


def test_roll_moves_that_many_squares_clockwise() -> None:
    state = started()
    events = land_on(state, 8)
    moved = next(e for e in events if e.kind == "moved")
    assert (moved.data["from"], moved.data["to"]) == (0, 8)
    assert state.position == 8


def test_a_move_reaching_stop_ends_the_turn_on_stop() -> None:
    state = started()
    state.position = 30  # after some correct answers
    events = roll(state, 9)
    assert [e.data["to"] for e in events if e.kind == "moved"] == [39]
    assert state.current == 1 and state.position == 0
    assert any(e.kind == "turn_ended" and e.data["reason"] == "stop" for e in events)


def test_a_move_passing_stop_ends_the_turn_on_stop() -> None:
    state = started()
    state.position = 36
    events = roll(state, 12)
    assert [e.data["to"] for e in events if e.kind == "moved"] == [39]
    assert state.current == 1


def test_question_square_asks_the_category_of_its_colour() -> None:
    state = started(levels=(2, 4, 5))
    land_on(state, 2)  # green
    prompt = state.prompt()
    assert prompt.kind == "answer" and prompt.actor == 0
    assert prompt.info["colour"] == "green"
    assert prompt.info["category"] == "Crossword Clues"
    assert prompt.info["level"] == 2
    assert prompt.info["stake"] == 1


def test_the_player_to_the_right_reads_the_question() -> None:
    state = started(levels=(2, 4, 5), first=0)
    land_on(state, 2)
    assert state.prompt().info["reader"] == 2  # seat 0's right is the last seat


def test_correct_answer_earns_a_token_and_another_roll_from_there() -> None:
    state = started()
    land_on(state, 6)  # yellow
    events = answer(state, True)
    assert state.token_count(0, "yellow") == 1
    assert "tokens_gained" in kinds(events)
    assert state.current == 0 and state.prompt().kind == "roll"
    roll(state, 2)
    assert state.position == 8


def test_wrong_answer_no_token_and_the_next_player_to_the_left_begins() -> None:
    state = started(first=2)
    land_on(state, 6)
    events = answer(state, False)
    assert state.total_tokens(2) == 0
    assert state.current == 0  # seat 2's left wraps to seat 0
    assert kinds(events)[-2:] == ["turn_ended", "turn_started"]


def test_only_the_prompted_player_may_act() -> None:
    state = started()
    land_on(state, 6)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="wait until their next turn"):
        state.apply(Action("answer", 1, {"correct": True}))
    assert snapshot(state) == before


def test_an_action_of_the_wrong_kind_is_invalid() -> None:
    state = started()
    before = snapshot(state)
    with pytest.raises(InvalidActionError, match="expected a 'roll'"):
        act(state, "answer", {"correct": True})
    assert snapshot(state) == before


@pytest.mark.parametrize("verdict", [True, {"correct": "yes"}, {"right": True}, {}, None])
def test_an_answer_is_a_verdict(verdict: object) -> None:
    state = started()
    land_on(state, 6)
    before = snapshot(state)
    with pytest.raises(InvalidActionError, match="verdict"):
        act(state, "answer", verdict)
    assert snapshot(state) == before
