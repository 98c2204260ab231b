"""Best of Sport and Leisure action cards: each card's legal and illegal timing."""

from __future__ import annotations

import pytest
from sportleisure_helpers import (
    answer,
    kinds,
    moves,
    play,
    refused,
    refused_card,
    started,
)

from engine.core import Action, IllegalActionError, InvalidActionError
from engine.sportleisure import SportLeisureState, new_game
from engine.sportleisure_board import CARD_RULES, CARD_TYPES, RULE_ONCE, WINNING_ZONE

MTG, NBP, SIN, SW, RFM, OG = CARD_TYPES
P, G, Y, R = range(4)


def playable(state: SportLeisureState, team: int) -> list[str]:
    cards: list[str] = state.prompt().info["playable_cards"][str(team)]
    return cards


# -- general -----------------------------------------------------------------------------


def test_every_prompt_lists_playable_cards_for_both_teams() -> None:
    state = new_game([["A"], ["B"]], 3)
    assert state.prompt().info["playable_cards"] == {"0": [], "1": []}  # before the deal
    state = started()
    info = state.prompt().info
    assert info["playable_cards"] == {"0": [MTG, NBP], "1": [SIN]}


def test_rule_quotes_are_the_sheets_words() -> None:
    from pathlib import Path

    # The rule sheets live in shared/ beside the checkout (as on CI), not in the repo.
    root = Path(__file__).resolve().parents[2]
    sheet = root.parent / "shared" / "rules" / "best-of-sport-and-leisure.txt"
    if not sheet.exists():
        pytest.skip("rule sheet not available on this machine")
    text = " ".join(sheet.read_text(encoding="utf-8").split())
    for quote in [*CARD_RULES.values(), RULE_ONCE]:
        assert " ".join(quote.split()) in text, quote


def test_unknown_card_name_or_team_is_invalid() -> None:
    state = started()
    refused(state, Action("play_card", 0, {"card": "red_card"}), InvalidActionError, "one of")
    refused(state, Action("play_card", 0, "second_wind"), InvalidActionError, "one of")
    refused(state, Action("play_card", 2, {"card": MTG}), InvalidActionError, "team 0 or 1")


def test_each_card_is_played_once() -> None:
    state = started(hand0=(MTG, NBP, SW), hand1=(SIN, RFM, SIN))
    play(state, 0, MTG)
    for _ in range(3):
        answer(state, True)
    # team 1's turn, then team 0 again: the one Move the Goalposts is gone
    for _ in range(4):
        answer(state, True)
    assert state.playing == 0 and state.turn == 3
    message = refused_card(state, 0, MTG, "holds no unplayed")
    assert "ONCE" in message


def test_card_not_held_cannot_be_played() -> None:
    state = started(hand1=(SIN, SIN, RFM))
    answer(state, True)  # Own Goal's window is open, but team 1 has none
    message = refused_card(state, 1, OG, "holds no unplayed Own Goal")
    assert "ONCE" in message


def test_one_action_card_per_team_per_turn() -> None:
    state = started(hand0=(NBP, MTG, SW), positions=(0, 0))
    play(state, 0, NBP)
    message = refused_card(state, 0, MTG, "already played an Action card this turn")
    assert "only one Action card per turn" in message
    # the other team still has its own one for this turn
    play(state, 1, SIN, member="Ann")
    assert playable(state, 1) == []


def test_one_card_per_turn_resets_at_the_next_turn() -> None:
    state = started(hand1=(SIN, SIN, RFM))
    play(state, 1, SIN, member="Bob")
    assert playable(state, 1) == []
    for _ in range(8):  # team 0's card, then team 1's
        answer(state, True)
    assert state.playing == 0 and state.turn == 3
    assert playable(state, 1) == [SIN]
    play(state, 1, SIN, member="Ann")
    assert state.sin_bin == "Ann"


# -- Move the Goalposts --------------------------------------------------------------------


def test_move_the_goalposts_instead_of_a_question_moves_as_if_right() -> None:
    state = started(positions=(10, 0))
    assert MTG in playable(state, 0)
    events = play(state, 0, MTG)
    assert moves(events) == [(0, 10, 12, "goalposts")]
    prompt = state.prompt()
    assert (prompt.actor, prompt.info["question"]) == (0, 1)


def test_move_the_goalposts_on_a_later_question() -> None:
    state = started(positions=(0, 0))
    answer(state, False)
    answer(state, False)
    events = play(state, 0, MTG)  # green from 0
    assert moves(events) == [(0, 0, 1, "goalposts")]


def test_move_the_goalposts_not_by_the_question_masters_team() -> None:
    state = started(hand1=(MTG, SIN, RFM))
    refused_card(state, 1, MTG, "played by the playing team")


def test_move_the_goalposts_not_on_a_question_already_missed() -> None:
    state = started()
    answer(state, False)  # the steal prompt is up
    refused_card(state, 0, MTG, "not attempted")


def test_move_the_goalposts_not_into_the_winning_zone() -> None:
    state = started(positions=(39, 0))  # no purple after 39
    message = refused_card(state, 0, MTG, "into the Winning Zone")
    assert "Cannot be used to move forward into the Winning Zone" in message


def test_move_the_goalposts_not_inside_the_winning_zone() -> None:
    state = started(positions=(WINNING_ZONE, 0))
    refused_card(state, 0, MTG, "inside the Winning Zone")


def test_move_the_goalposts_legal_at_38_to_39() -> None:
    state = started(positions=(38, 0))
    assert moves(play(state, 0, MTG)) == [(0, 38, 39, "goalposts")]


# -- New Balls, Please -------------------------------------------------------------------------


def test_new_balls_please_before_the_first_answer_swaps_the_card() -> None:
    state = started(n_cards=4)
    events = play(state, 0, NBP)
    assert kinds(events) == ["card_played", "card_to_back", "card_drawn"]
    assert state.deck == [1, 2, 3, 0]
    prompt = state.prompt()
    assert (prompt.actor, prompt.info["card"], prompt.info["question"]) == (0, 1, 0)


def test_new_balls_please_not_after_the_first_answer() -> None:
    state = started()
    answer(state, True)
    refused_card(state, 0, NBP, "before the first answer")


def test_new_balls_please_not_after_a_missed_first_answer() -> None:
    state = started()
    answer(state, False)
    refused_card(state, 0, NBP, "before the first answer")


def test_new_balls_please_not_by_the_question_masters_team() -> None:
    state = started(hand1=(NBP, SIN, RFM))
    refused_card(state, 1, NBP, "played by the playing team")


# -- Sin Bin ---------------------------------------------------------------------------------


def test_sin_bin_before_the_first_question_names_a_member_who_sits_out() -> None:
    state = started()
    prompt = state.prompt()
    assert SIN in prompt.info["playable_cards"]["1"]
    assert prompt.info["sin_bin_choices"] == ["Ann", "Bob"]
    events = play(state, 1, SIN, member="Bob")
    assert events[-1].kind == "sin_binned" and events[-1].data == {"team": 0, "member": "Bob"}
    assert state.sin_bin == "Bob"
    assert state.prompt().info["sin_bin"] == "Bob"


def test_sin_bin_lasts_until_the_next_turn() -> None:
    state = started(hand1=(SIN, RFM, RFM))
    play(state, 1, SIN, member="Ann")
    for _ in range(3):
        answer(state, True)
        assert state.prompt().info["sin_bin"] == "Ann"
    answer(state, True)
    assert state.playing == 1 and state.prompt().info["sin_bin"] is None


def test_sin_bin_not_after_the_first_question() -> None:
    state = started()
    answer(state, True)
    refused_card(state, 1, SIN, "before the first question", member="Ann")


def test_sin_bin_not_by_the_playing_team() -> None:
    state = started(hand0=(SIN, MTG, NBP))
    refused_card(state, 0, SIN, "Question Master's team", member="Ann")


def test_sin_bin_names_a_member_of_the_playing_team() -> None:
    state = started()
    refused(state, Action("play_card", 1, {"card": SIN, "member": "Cat"}), IllegalActionError,
            "not in the playing team")
    refused(state, Action("play_card", 1, {"card": SIN}), InvalidActionError, "member")


def test_sin_bin_not_on_a_one_member_team() -> None:
    state = started(teams=(("Ann",), ("Cat", "Dan")))
    refused_card(state, 1, SIN, "two or more", member="Ann")


# -- Second Wind -------------------------------------------------------------------------------


def _to_last_question(positions: tuple[int, int]) -> SportLeisureState:
    state = started(positions=positions, hand1=(SIN, RFM, SIN))
    for _ in range(3):
        answer(state, False)
        answer(state, False)
    return state


def test_second_wind_before_the_last_question_right_answer_keeps_the_turn() -> None:
    state = _to_last_question((5, 10))
    assert SW in playable(state, 0)
    play(state, 0, SW)
    assert state.prompt().info["second_wind"] is True
    events = answer(state, True)
    assert "turn_kept" in kinds(events)
    prompt = state.prompt()
    assert (prompt.actor, prompt.info["card"], prompt.info["question"]) == (0, 1, 0)
    assert state.turn == 1
    for _ in range(4):
        answer(state, True)
    assert state.playing == 1  # the extra card is the last of the turn


def test_second_wind_wrong_last_answer_turn_passes() -> None:
    state = _to_last_question((5, 10))
    play(state, 0, SW)
    answer(state, False)
    answer(state, False)
    assert state.playing == 1


def test_second_wind_not_before_the_first_question() -> None:
    state = started(positions=(5, 10))
    refused_card(state, 0, SW, "just before the last")


def test_second_wind_not_after_the_last_question() -> None:
    state = _to_last_question((5, 10))
    answer(state, False)  # red missed: the steal prompt is up
    refused_card(state, 0, SW, "just before the last")


def test_second_wind_not_when_in_the_lead() -> None:
    state = _to_last_question((10, 5))
    message = refused_card(state, 0, SW, "in the lead")
    assert "Can’t be used if they are in the lead" in message


def test_second_wind_allowed_when_level() -> None:
    state = _to_last_question((10, 10))
    play(state, 0, SW)


def test_second_wind_not_within_8_spaces_of_the_winning_zone() -> None:
    state = _to_last_question((33, WINNING_ZONE))
    refused_card(state, 0, SW, "within 8 spaces")
    state = _to_last_question((32, WINNING_ZONE))
    play(state, 0, SW)


def test_second_wind_not_by_the_question_masters_team() -> None:
    state = started(hand1=(SW, SIN, RFM))
    for _ in range(3):
        answer(state, False)
        answer(state, False)
    refused_card(state, 1, SW, "played by the playing team")


# -- Run for the Money ---------------------------------------------------------------------------


def test_run_for_the_money_on_the_leader_each_right_answer_moves_one_space() -> None:
    state = started(positions=(10, 5))
    assert RFM in playable(state, 1)
    play(state, 1, RFM)
    assert state.prompt().info["run_for_the_money"] is True
    assert moves(answer(state, True)) == [(0, 10, 11, "answer")]
    assert moves(answer(state, True)) == [(0, 11, 12, "answer")]


def test_run_for_the_money_does_not_limit_the_other_teams_bonus_moves() -> None:
    state = started(positions=(10, 5))
    play(state, 1, RFM)
    answer(state, False)
    assert moves(answer(state, True)) == [(1, 5, 8, "bonus")]


def test_run_for_the_money_at_space_40_moves_into_the_winning_zone() -> None:
    state = started(positions=(40, 5))
    play(state, 1, RFM)
    events = answer(state, True)
    assert moves(events) == [(0, 40, WINNING_ZONE, "answer")]


def test_run_for_the_money_not_when_the_playing_team_is_not_in_the_lead() -> None:
    state = started(positions=(5, 10))
    message = refused_card(state, 1, RFM, "not in the lead")
    assert "on the team in the lead" in message
    state = started(positions=(5, 5))
    refused_card(state, 1, RFM, "the teams are level")


def test_refusals_carry_the_exact_reason_as_a_code() -> None:
    for positions, reason in (((5, 10), "run_not_leading"), ((5, 5), "run_level"),
                              ((WINNING_ZONE, 10), "run_in_zone")):
        state = started(positions=positions)
        with pytest.raises(IllegalActionError) as info:
            state.apply(Action("play_card", 1, {"card": RFM}))
        assert info.value.reason == reason


def test_run_for_the_money_is_refused_on_a_team_already_in_the_winning_zone() -> None:
    # It could change no move there: the card stays in the hand and is not offered.
    state = started(positions=(WINNING_ZONE, 10))
    refused_card(state, 1, RFM, "already in the Winning Zone")
    assert RFM not in state.playable_cards()["1"]


def test_run_for_the_money_not_after_the_first_answer() -> None:
    state = started(positions=(10, 5))
    answer(state, False)
    answer(state, False)
    refused_card(state, 1, RFM, "before the playing team answers the first question")


def test_run_for_the_money_not_by_the_playing_team() -> None:
    state = started(positions=(10, 5), hand0=(RFM, MTG, NBP))
    refused_card(state, 0, RFM, "Question Master's team")


def test_run_for_the_money_moves_one_space_for_move_the_goalposts_too() -> None:
    state = started(positions=(10, 5))
    play(state, 1, RFM)
    assert moves(play(state, 0, MTG)) == [(0, 10, 11, "goalposts")]


# -- Own Goal -----------------------------------------------------------------------------------


def test_own_goal_after_a_right_answer_moves_back_to_the_previous_space_of_that_colour() -> None:
    state = started(positions=(10, 0))
    answer(state, True)  # purple: 10 -> 12
    assert state.positions[0] == 12
    assert OG in playable(state, 1)
    events = play(state, 1, OG)
    assert moves(events) == [(0, 12, 8, "own_goal")]  # previous purple before 10
    prompt = state.prompt()
    assert (prompt.actor, prompt.info["question"]) == (0, 1)


def test_own_goal_with_no_space_of_that_colour_behind_goes_back_to_go() -> None:
    state = started(positions=(3, 0))
    answer(state, True)  # purple: 3 -> 4
    assert moves(play(state, 1, OG)) == [(0, 4, 0, "own_goal")]


def test_own_goal_after_the_last_question_holds_the_card_open() -> None:
    state = started(positions=(0, 0))
    for _ in range(4):
        answer(state, True)
    prompt = state.prompt()
    assert (prompt.kind, prompt.actor) == ("continue", 1)
    assert prompt.info["playable_cards"] == {"0": [], "1": [OG]}
    events = play(state, 1, OG)
    assert moves(events)[0] == (0, 7, 2, "own_goal")  # red: 6 -> 7, back to red before 6
    assert state.playing == 1 and state.prompt().kind == "answer"


def test_own_goal_window_closed_by_continue() -> None:
    state = started(positions=(0, 0))
    for _ in range(4):
        answer(state, True)
    state.apply(Action("continue", 1))
    assert state.playing == 1
    refused_card(state, 1, OG, "Question Master's team")


def test_continue_is_only_for_the_question_masters_team() -> None:
    state = started(positions=(0, 0))
    for _ in range(4):
        answer(state, True)
    refused(state, Action("continue", 0), IllegalActionError, "team 1")


def test_own_goal_not_after_a_wrong_answer() -> None:
    state = started()
    answer(state, False)
    refused_card(state, 1, OG, "straight after a correct answer")


def test_own_goal_not_after_a_stolen_answer() -> None:
    state = started()
    answer(state, False)
    answer(state, True)  # team 1 steals
    refused_card(state, 1, OG, "straight after a correct answer")


def test_own_goal_not_once_the_next_question_is_answered() -> None:
    state = started()
    answer(state, True)
    answer(state, False)
    answer(state, False)
    refused_card(state, 1, OG, "straight after a correct answer")


def test_own_goal_not_after_move_the_goalposts() -> None:
    state = started()
    play(state, 0, MTG)
    refused_card(state, 1, OG, "straight after a correct answer")


def test_own_goal_not_in_the_winning_zone() -> None:
    state = started(positions=(39, 0))
    answer(state, True)  # purple takes team 0 into the zone
    message = refused_card(state, 1, OG, "in the Winning Zone")
    assert "Cannot be used in the Winning Zone" in message


def test_own_goal_not_by_the_playing_team() -> None:
    state = started(hand0=(OG, MTG, NBP))
    answer(state, True)
    refused_card(state, 0, OG, "Question Master's team")


def test_own_goal_counts_as_the_question_masters_card_for_the_turn() -> None:
    state = started(positions=(10, 0))
    play(state, 1, SIN, member="Ann")
    answer(state, True)
    refused_card(state, 1, OG, "already played")


@pytest.mark.parametrize("card", CARD_TYPES)
def test_no_card_before_the_deal(card: str) -> None:
    state = new_game([["A"], ["B"]], 3)
    refused(state, Action("play_card", 0, {"card": card}), IllegalActionError, "dealt")
