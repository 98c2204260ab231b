"""Best of Sport and Leisure: set-up, board, question flow, winning; one test per rule."""

from __future__ import annotations

from collections import Counter

import pytest
from sportleisure_helpers import (
    TEAMS,
    answer,
    deal_order,
    kinds,
    moves,
    refused,
    snapshot,
    started,
)

from engine.core import CHANCE, Action, IllegalActionError, InvalidActionError, SetupError
from engine.sportleisure import SportLeisureState, new_game
from engine.sportleisure_board import (
    CARD_TYPES,
    NEXT_SPACE,
    PATH,
    PATH_CODE,
    PREVIOUS_SPACE,
    QUESTION_COLOURS,
    WINNING_ZONE,
)

P, G, Y, R = range(4)

# -- set-up ------------------------------------------------------------------------


@pytest.mark.parametrize("teams", [[["Ann"]], [["Ann"], ["Bob"], ["Cat"]], []])
def test_setup_needs_exactly_two_teams(teams: list[list[str]]) -> None:
    with pytest.raises(SetupError, match="exactly 2 teams"):
        new_game(teams, 10)


def test_setup_each_team_needs_at_least_one_member() -> None:
    with pytest.raises(SetupError, match="team 1 needs at least 1 member"):
        new_game([["Ann"], []], 10)


@pytest.mark.parametrize("name", ["", "   "])
def test_setup_member_names_must_be_non_empty(name: str) -> None:
    with pytest.raises(SetupError, match="non-empty"):
        new_game([["Ann", name], ["Bob"]], 10)


def test_setup_member_names_must_differ_within_a_team() -> None:
    with pytest.raises(SetupError, match="must differ"):
        new_game([["Ann", "Ann"], ["Bob"]], 10)


@pytest.mark.parametrize("n_cards", [0, -3, True, "10"])
def test_setup_needs_a_question_deck(n_cards: object) -> None:
    with pytest.raises(SetupError, match="question deck"):
        new_game(TEAMS, n_cards)  # type: ignore[arg-type]  # bad on purpose


def test_setup_first_team_is_0_or_1() -> None:
    with pytest.raises(SetupError, match="first_team"):
        new_game(TEAMS, 10, 2)


def test_team_with_youngest_player_plays_first() -> None:
    for first in (0, 1):
        state = started(first_team=first)
        prompt = state.prompt()
        assert (prompt.kind, prompt.actor, prompt.info["question"]) == ("answer", first, 0)


# -- the board -----------------------------------------------------------------------


def test_path_is_40_coloured_spaces_ten_of_each_colour_then_winning_zone() -> None:
    assert len(PATH_CODE) == 40 and WINNING_ZONE == 41
    assert Counter(PATH[1:]) == {0: 10, 1: 10, 2: 10, 3: 10}


def test_colour_sequence_is_irregular_not_a_plain_repeat() -> None:
    for period in range(1, 21):
        assert any(PATH_CODE[i] != PATH_CODE[i + period] for i in range(40 - period))


def test_gaps_to_next_space_of_a_colour_range_1_to_7() -> None:
    gaps: set[int] = set()
    for letter in "PGYR":
        spaces = [0] + [i + 1 for i, ch in enumerate(PATH_CODE) if ch == letter]
        gaps.update(b - a for a, b in zip(spaces, spaces[1:], strict=False))
        assert 41 - spaces[-1] <= 7, f"{letter} leaves a long run to the Winning Zone"
    assert min(gaps) == 1 and max(gaps) == 7
    assert gaps == set(range(1, 8))
    for colour in range(4):
        for pos in range(41):
            ahead = NEXT_SPACE[colour][pos]
            if ahead != WINNING_ZONE:
                assert 1 <= ahead - pos <= 7


def test_next_space_of_that_colour_is_found_by_scanning_the_path() -> None:
    # Hand-read from PATH_CODE: G R Y P G Y R P ...
    assert [NEXT_SPACE[c][0] for c in (P, G, Y, R)] == [4, 1, 3, 2]
    assert NEXT_SPACE[P][4] == 8 and NEXT_SPACE[P][19] == 20
    assert [NEXT_SPACE[c][38] for c in (P, G, Y, R)] == [39, 41, 41, 40]


def test_winning_zone_entered_when_no_space_of_that_colour_is_left_ahead() -> None:
    state = started(positions=(38, 0))
    answer(state, False)  # purple: team 0 misses
    answer(state, False)  # team 1 misses the steal
    events = answer(state, True)  # green: no green after 38
    assert moves(events) == [(0, 38, WINNING_ZONE, "answer")]
    assert "entered_winning_zone" in kinds(events)


def test_winning_zone_keeps_the_team_for_the_rest_of_the_game() -> None:
    for colour in range(4):
        assert NEXT_SPACE[colour][WINNING_ZONE] == WINNING_ZONE
    state = started(positions=(0, WINNING_ZONE))
    answer(state, False)
    events = answer(state, True)  # team 1 steals from inside the zone
    assert state.positions[1] == WINNING_ZONE
    assert moves(events) == []


def test_previous_space_of_a_colour_or_go() -> None:
    assert PREVIOUS_SPACE[P][12] == 8
    assert PREVIOUS_SPACE[P][4] == 0 and PREVIOUS_SPACE[R][2] == 0


# -- shuffles ---------------------------------------------------------------------------


def test_question_deck_is_shuffled_by_a_chance_prompt_answered_with_a_permutation() -> None:
    state = new_game(TEAMS, 5)
    prompt = state.prompt()
    assert (prompt.kind, prompt.actor, prompt.info["deck"], prompt.info["size"]) == (
        "shuffle", CHANCE, "questions", 5)
    refused(state, Action("shuffle", CHANCE, [0, 1, 2, 3, 3]), InvalidActionError, "0..4")
    refused(state, Action("shuffle", CHANCE, [0, 1, 2, 3]), InvalidActionError, "0..4")
    refused(state, Action("shuffle", 0, [4, 2, 0, 1, 3]), IllegalActionError, "chance")
    state.apply(Action("shuffle", CHANCE, [4, 2, 0, 1, 3]))
    assert state.deck == [4, 2, 0, 1, 3]


def test_twelve_action_cards_two_of_each_three_dealt_to_each_team() -> None:
    state = new_game(TEAMS, 5)
    state.apply(Action("shuffle", CHANCE, [0, 1, 2, 3, 4]))
    prompt = state.prompt()
    assert (prompt.info["deck"], prompt.info["size"]) == ("actions", 12)
    events = state.apply(Action("shuffle", CHANCE, [11, 0, 5, 6, 7, 1, 2, 3, 4, 8, 9, 10]))
    dealt = [e.data["cards"] for e in events if e.kind == "dealt"]
    # ids 11, 5, 7 to team 0 and 0, 6, 1 to team 1; type = CARD_TYPES[id // 2]
    assert dealt == [["own_goal", "sin_bin", "second_wind"],
                     ["move_the_goalposts", "second_wind", "move_the_goalposts"]]
    assert Counter(CARD_TYPES[i // 2] for i in range(12)) == {t: 2 for t in CARD_TYPES}
    assert state.held(0) == dealt[0] and state.held(1) == dealt[1]
    # The first card is the top of the question deck.
    assert state.prompt().info["card"] == 0


# -- a card of questions --------------------------------------------------------------------


def test_card_asks_purple_then_green_yellow_red() -> None:
    state = started()
    asked = []
    for _ in range(4):
        asked.append(state.prompt().info["colour"])
        answer(state, True)
    assert asked == list(QUESTION_COLOURS)


def test_right_answer_moves_to_next_space_of_that_colour() -> None:
    state = started(positions=(0, 0))
    assert moves(answer(state, True)) == [(0, 0, 4, "answer")]  # purple
    assert moves(answer(state, True)) == [(0, 4, 5, "answer")]  # green
    assert moves(answer(state, True)) == [(0, 5, 6, "answer")]  # yellow
    assert moves(answer(state, True)) == [(0, 6, 7, "answer")]  # red


def test_wrong_answer_the_same_question_goes_to_the_other_team() -> None:
    state = started()
    events = answer(state, False)
    assert moves(events) == []
    prompt = state.prompt()
    assert (prompt.kind, prompt.actor, prompt.info["question"], prompt.info["stolen"]) == (
        "answer", 1, 0, True)


def test_stolen_right_answer_is_a_bonus_move_to_their_next_space_of_that_colour() -> None:
    state = started(positions=(0, 10))
    answer(state, False)
    assert moves(answer(state, True)) == [(1, 10, 12, "bonus")]


def test_both_teams_miss_the_answer_is_read_out() -> None:
    state = started()
    answer(state, False)
    events = answer(state, False)
    assert [e.data for e in events if e.kind == "answer_read_out"] == [
        {"question": 0, "colour": "purple"}]
    assert state.positions == [0, 0]


@pytest.mark.parametrize("stolen_right", [True, False])
def test_after_a_stolen_question_the_next_question_goes_back_to_the_playing_team(
    stolen_right: bool,
) -> None:
    state = started()
    answer(state, False)
    answer(state, stolen_right)
    prompt = state.prompt()
    assert (prompt.actor, prompt.info["question"], prompt.info["stolen"]) == (0, 1, False)


NO_OWN_GOAL = ("sin_bin", "run_for_the_money", "sin_bin")


def test_a_turn_is_one_card_then_the_other_team_plays_the_next_card() -> None:
    state = started(first_team=0, n_cards=3, hand1=NO_OWN_GOAL)
    for _ in range(4):
        answer(state, True)
    prompt = state.prompt()
    assert (prompt.actor, prompt.info["card"], prompt.info["question"]) == (1, 1, 0)
    assert state.turn == 2


def test_used_card_goes_to_the_back_of_the_tray() -> None:
    state = started(n_cards=3, hand1=NO_OWN_GOAL)
    events = []
    for _ in range(4):
        events += answer(state, True)
    assert state.deck == [1, 2, 0]
    assert [e.data["card"] for e in events if e.kind == "card_to_back"] == [0]


def test_answer_is_a_verdict_and_bad_verdicts_change_nothing() -> None:
    state = started()
    refused(state, Action("answer", 0, {"correct": "yes"}), InvalidActionError, "verdict")
    refused(state, Action("answer", 0, True), InvalidActionError, "verdict")
    refused(state, Action("answer", 1, {"correct": True}), IllegalActionError, "team 0")
    refused(state, Action("roll", 0, None), InvalidActionError, "expected")


# -- winning ------------------------------------------------------------------------------


def _into_zone_on(colour: int) -> SportLeisureState:
    """Team 0 enters the Winning Zone on ``colour`` (team 1 misses every steal)."""
    start = {P: 39, G: 38, Y: 38, R: 40}[colour]
    state = started(positions=(start, 0))
    for _ in range(colour):
        answer(state, False)
        answer(state, False)
    events = answer(state, True)
    assert "entered_winning_zone" in kinds(events)
    assert state.positions[0] == WINNING_ZONE
    return state


def test_entering_the_winning_zone_mid_card_the_turn_continues() -> None:
    state = started(positions=(39, 0))
    answer(state, True)  # purple from 39: no purple left
    prompt = state.prompt()
    assert (prompt.actor, prompt.info["question"]) == (0, 1)


def test_entering_answer_does_not_count_even_on_red() -> None:
    state = _into_zone_on(R)
    assert not state.is_over()
    assert state.prompt().actor == 1


def test_win_entering_on_green_then_yellow_and_red_right() -> None:
    state = _into_zone_on(G)
    events = answer(state, True)
    assert "game_over" not in kinds(events)
    answer(state, True)
    assert state.winners() == [0]


def test_win_entering_on_yellow_only_red_needed() -> None:
    state = _into_zone_on(Y)
    events = answer(state, True)
    assert [e.data for e in events if e.kind == "game_over"] == [
        {"winners": [0], "reason": "red"}]
    assert state.winners() == [0]


def test_win_by_red_alone_after_entering_on_green_and_missing_yellow() -> None:
    """Interpretation: the rule's "or a RED question" stands even where the example lists both."""
    state = _into_zone_on(G)
    answer(state, False)  # yellow missed
    answer(state, False)  # team 1 misses the steal
    events = answer(state, True)  # red
    assert state.winners() == [0]
    assert events[-1].data["reason"] == "red"


def test_win_two_consecutive_questions_from_inside_the_zone() -> None:
    state = started(positions=(WINNING_ZONE, 0))
    answer(state, True)
    assert not state.is_over()
    events = answer(state, True)
    assert state.winners() == [0]
    assert events[-1].data == {"winners": [0], "reason": "two_in_a_row"}


def test_entering_on_purple_then_green_right_is_only_one_in_a_row() -> None:
    state = _into_zone_on(P)
    answer(state, True)  # green: the purple that carried them in does not count
    assert not state.is_over()
    answer(state, True)  # yellow
    assert state.winners() == [0]


def test_non_consecutive_right_answers_do_not_win() -> None:
    state = started(positions=(WINNING_ZONE, 0))
    answer(state, True)  # purple
    answer(state, False)  # green missed
    answer(state, False)  # team 1 misses the steal
    answer(state, True)  # yellow: one in a row again
    assert not state.is_over()
    answer(state, False)  # red missed
    answer(state, False)
    assert not state.is_over() and state.prompt().actor == 1


def test_team_in_zone_that_steals_a_red_question_wins() -> None:
    state = started(positions=(0, WINNING_ZONE))
    for _ in range(3):
        answer(state, True)
    answer(state, False)  # team 0 misses red
    answer(state, True)  # team 1, in the zone, steals it
    assert state.winners() == [1]


def test_team_in_zone_winning_on_two_consecutive_steals() -> None:
    state = started(positions=(0, WINNING_ZONE))
    answer(state, False)
    answer(state, True)  # team 1 steals purple
    assert state.prompt().actor == 0  # only one team in the zone: back to the playing team
    answer(state, False)
    answer(state, True)  # and green
    assert state.winners() == [1]


def test_a_question_answered_by_the_other_team_breaks_a_run() -> None:
    state = started(positions=(0, WINNING_ZONE))
    answer(state, False)
    answer(state, True)  # team 1 steals purple: one in a row
    answer(state, True)  # team 0 answers green itself
    answer(state, False)
    answer(state, True)  # team 1 steals yellow: one in a row again
    assert not state.is_over()


def test_both_in_zone_stealing_team_takes_the_next_question_and_wins() -> None:
    state = started(positions=(WINNING_ZONE, WINNING_ZONE))
    answer(state, False)
    events = answer(state, True)  # team 1 steals purple
    assert "follow_on" in kinds(events)
    prompt = state.prompt()
    assert (prompt.actor, prompt.info["question"], prompt.info["follow_on"]) == (1, 1, True)
    events = answer(state, True)
    assert state.winners() == [1]
    assert events[-1].data["reason"] == "two_in_a_row"


def test_both_in_zone_follow_on_missed_answer_read_out_next_question_to_playing_team() -> None:
    state = started(positions=(WINNING_ZONE, WINNING_ZONE))
    answer(state, False)
    answer(state, True)
    events = answer(state, False)  # team 1 misses green: no steal back
    assert "answer_read_out" in kinds(events)
    prompt = state.prompt()
    assert (prompt.actor, prompt.info["question"], prompt.info["stolen"]) == (0, 2, False)


def test_both_in_zone_missed_steal_next_question_to_playing_team() -> None:
    state = started(positions=(WINNING_ZONE, WINNING_ZONE))
    answer(state, False)
    answer(state, False)
    assert (state.prompt().actor, state.prompt().info["question"]) == (0, 1)


def test_both_in_zone_steal_of_yellow_then_red_follow_on_wins() -> None:
    state = started(positions=(WINNING_ZONE, WINNING_ZONE))
    answer(state, True)  # purple, one in a row for team 0
    answer(state, False)  # green missed
    answer(state, False)  # steal missed
    answer(state, False)  # yellow missed
    answer(state, True)  # team 1 steals yellow
    assert (state.prompt().actor, state.prompt().info["question"]) == (1, 3)
    answer(state, True)
    assert state.winners() == [1]


def test_entering_by_a_bonus_move_does_not_make_both_teams_in_zone_yet() -> None:
    state = started(positions=(WINNING_ZONE, 39))
    answer(state, False)
    events = answer(state, True)  # team 1 enters on the stolen purple
    assert "entered_winning_zone" in kinds(events)
    assert (state.prompt().actor, state.prompt().info["question"]) == (0, 1)


def test_game_over_accepts_no_more_actions() -> None:
    state = started(positions=(WINNING_ZONE, 0))
    answer(state, True)
    answer(state, True)
    assert state.is_over() and state.winners() == [0]
    prompt = state.prompt()
    assert (prompt.kind, prompt.actor) == ("game_over", CHANCE)
    assert prompt.info["playable_cards"] == {"0": [], "1": []}
    refused(state, Action("answer", 0, {"correct": True}), IllegalActionError, "game is over")
    refused(state, Action("play_card", 0, {"card": "second_wind"}), IllegalActionError,
            "game is over")


# -- saving -----------------------------------------------------------------------------------


def test_json_round_trip_is_exact_at_every_phase() -> None:
    from save_helpers import roundtrip

    from engine.sportleisure_save import load as from_json

    state = new_game([["Ann"], ["Cat", "Dan"]], 4, 1)
    seen = [snapshot(state)]
    state.apply(Action("shuffle", CHANCE, [3, 1, 0, 2]))
    seen.append(snapshot(state))
    state.apply(Action("shuffle", CHANCE, deal_order(
        ["own_goal", "sin_bin", "second_wind"], ["own_goal", "sin_bin", "second_wind"])))
    state.apply(Action("play_card", 0, {"card": "sin_bin", "member": "Cat"}))
    seen.append(snapshot(state))
    for state_json in seen:
        import json

        data = json.loads(state_json)
        again = from_json(roundtrip(data))
        assert again.to_json() == data
        assert again.prompt() == from_json(data).prompt()


@pytest.mark.parametrize("damage", [
    {"game": "wordup"},
    {"version": 99},
    {"phase": "lunch"},
    {"positions": [0, 42]},
    {"deck": [0, 0, 1, 2]},
    {"teams": [["Ann"]]},
    {"winner": 0},
    {"sin_bin": "Zed"},
])
def test_damaged_save_is_refused_with_a_clear_error(damage: dict[str, object]) -> None:
    from engine.core import SaveError
    from engine.sportleisure_save import load as from_json

    data = started(n_cards=4).to_json()
    data.update(damage)
    with pytest.raises(SaveError, match="save file"):
        from_json(data)


def test_missing_key_in_save_is_a_save_error() -> None:
    from engine.core import SaveError
    from engine.sportleisure_save import load as from_json

    data = started().to_json()
    del data["positions"]
    with pytest.raises(SaveError, match="damaged"):
        from_json(data)
