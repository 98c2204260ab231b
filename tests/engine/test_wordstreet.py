"""Word on the Street Junior: one test (or a few) per rule of the sheet and RULINGS.md."""

from __future__ import annotations

import pytest
from save_helpers import roundtrip
from wordstreet_helpers import (
    answer,
    draw,
    kinds,
    play_word,
    snapshot,
    spell_letters,
    spell_word,
    start_turn,
)

from engine.core import (
    CHANCE,
    Action,
    IllegalActionError,
    InvalidActionError,
    SaveError,
    SetupError,
)
from engine.wordstreet import LETTERS, WordStreet, new_game
from engine.wordstreet_board import MAX_WORD, REASONS, RULE_SINGLE_WORD
from engine.wordstreet_save import load as load_state

# -- setup ------------------------------------------------------------------


def test_setup_every_tile_starts_on_the_median() -> None:
    state = new_game()
    assert [state.position(ch) for ch in LETTERS] == [0] * 26
    assert state.captured() == [0, 0]


def test_setup_side_of_the_cards_is_fixed_for_the_whole_game() -> None:
    state = new_game(side="orange", deck_size=3)
    for _ in range(5):
        assert state.prompt().info["side"] == "orange"
        events = spell_word(state, "cat") + answer(state, "none")
        assert events[0].kind == "card_drawn" and events[0].data["side"] == "orange"


def test_setup_first_team_takes_the_first_turn() -> None:
    assert new_game().prompt().info["team"] == 0
    state = new_game(first_team=1)
    start_turn(state)
    assert state.prompt().actor == 1


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1}, {"players": 9}, {"side": "green"}, {"deck_size": 0},
        {"first_team": 2}, {"timer_seconds": 0}, {"turn_limit": 0}, {"players": True},
        {"board": {"A": 4}}, {"board": {"1": 0}},
        {"board": dict.fromkeys("ABCDEFGH", 3)},
    ],
)
def test_setup_refuses_what_the_box_cannot_do(kwargs: dict[str, object]) -> None:
    with pytest.raises(SetupError):
        new_game(**kwargs)  # type: ignore[arg-type]


# -- the turn ---------------------------------------------------------------


def test_turn_steps_draw_brainstorm_spell_challenge_then_other_team() -> None:
    state = new_game()
    assert state.prompt().kind == "draw" and state.prompt().actor == CHANCE
    draw(state)
    assert (state.prompt().kind, state.prompt().actor) == ("brainstorm", 0)
    answer(state, "word_chosen")
    assert (state.prompt().kind, state.prompt().actor) == ("spell", 0)
    answer(state, {"word": "cat"})
    assert (state.prompt().kind, state.prompt().actor) == ("challenge", 1)
    assert state.prompt().options == ("none", "spelling", "two_words", "word_selection")
    events = answer(state, "none")
    assert kinds(events) == ["no_challenge", "turn_over"]
    assert (state.prompt().kind, state.prompt().info["team"]) == ("draw", 1)


def test_brainstorm_timer_is_reported_not_read_default_30_seconds() -> None:
    state = new_game()
    draw(state)
    assert state.prompt().info["timer_seconds"] == 30
    assert state.prompt().options == ("time_up", "word_chosen")
    state = new_game(timer_seconds=45)
    draw(state)
    assert state.prompt().info["timer_seconds"] == 45


def test_brainstorm_time_up_without_a_word_ends_the_turn_without_moves() -> None:
    state = new_game()
    start_turn(state, "time_up")
    assert state.prompt().info["may_pass"] is True
    events = answer(state, {"done": True})
    assert kinds(events) == ["no_word", "turn_over"]
    assert state.captured() == [0, 0] and state.turns == [1, 0]
    assert state.prompt().info["team"] == 1


def test_brainstorm_word_chosen_must_agree_on_one_word() -> None:
    state = new_game()
    start_turn(state, "word_chosen")
    with pytest.raises(IllegalActionError, match="must agree on one word"):
        answer(state, {"done": True})


def test_used_card_goes_to_the_back_of_the_tray() -> None:
    state = new_game(deck_size=3)
    first = [2, 0, 1]
    for card in first:
        assert set(state.prompt().options) <= {0, 1, 2}
        assert card in state.prompt().options
        state.apply(Action("draw", CHANCE, card))
        answer(state, "time_up")
        answer(state, {"done": True})
    # Every card was seen once: the tray now repeats them in the order used.
    for card in first * 2:
        assert state.prompt().options == (card,)
        draw(state)
        answer(state, "time_up")
        answer(state, {"done": True})


def test_draw_refuses_a_card_not_in_the_tray() -> None:
    state = new_game(deck_size=2)
    draw(state, 1)
    answer(state, "time_up")
    answer(state, {"done": True})
    before = snapshot(state)
    for bad in (1, 5, -1):
        with pytest.raises(IllegalActionError):
            draw(state, bad)
    with pytest.raises(InvalidActionError):
        draw(state, "0")  # type: ignore[arg-type]
    assert snapshot(state) == before


# -- moving the tiles ---------------------------------------------------------


def test_moving_each_tile_one_space_toward_the_team_on_the_street() -> None:
    state = new_game()
    play_word(state, "cat")
    assert [state.position(ch) for ch in "CAT"] == [1, 1, 1]
    play_word(state, "cab")
    assert [state.position(ch) for ch in "CATB"] == [0, 0, 1, -1]


def test_moving_once_for_each_time_the_letter_appears() -> None:
    state = new_game()
    events = spell_word(state, "puppy")
    assert state.position("P") == 3 and state.position("U") == 1
    moved = [(e.data["letter"], e.data["from"], e.data["to"]) for e in events if e.kind == "tile_moved"]
    assert moved == [("P", 0, 1), ("U", 0, 1), ("P", 1, 2), ("P", 2, 3), ("Y", 0, 1)]


def test_moving_a_tile_off_the_board_captures_it_for_good() -> None:
    state = new_game(board={"Q": 2})
    events = play_word(state, "quiz")
    captured = [e for e in events if e.kind == "tile_moved" and e.data["captured"]]
    assert [e.data["letter"] for e in captured] == ["Q"]
    assert state.captured() == [1, 0]
    events = play_word(state, "quiz")  # team B: Q never moves back onto the street
    assert state.position("Q") == 3
    held = [e.data for e in events if e.kind == "tile_held"]
    assert held == [{"team": 1, "letter": "Q", "by": 0}]


def test_moving_a_letter_captured_earlier_in_the_word_is_announced_not_moved() -> None:
    state = new_game(board={"D": 2})
    events = spell_word(state, "add")
    assert [e.kind for e in events][-4:] == ["tile_moved", "tile_moved", "tile_held", "word_spelled"]
    assert state.position("D") == 3


def test_moving_the_purple_example_from_the_sheet() -> None:
    # "L and Y have already been captured by Team A; F and M by Team B."
    board = {"L": 3, "Y": 3, "F": -3, "M": -3, "R": -2}
    state = new_game(first_team=1, board=board)
    events = spell_letters(state, "PURPLE")
    letters = [e for e in events if e.kind in ("tile_moved", "tile_held")]
    said = [
        (e.kind, e.data["letter"], e.data.get("from"), e.data.get("to"), e.data.get("captured"))
        for e in letters
    ]
    assert said == [
        ("tile_moved", "P", 0, -1, False),   # 1. P is announced and moved one space.
        ("tile_moved", "U", 0, -1, False),   # 2. U is announced and moved one space.
        ("tile_moved", "R", -2, -3, True),   # 3. R ... is captured by Team B.
        ("tile_moved", "P", -1, -2, False),  # 4. P is announced again and moved one more space.
        ("tile_held", "L", None, None, None),  # 5. L is announced but not moved.
        ("tile_moved", "E", 0, -1, False),   # 6. E is announced and moved one space.
    ]
    assert letters[4].data["by"] == 0
    assert events[-1].kind == "word_spelled" and events[-1].data["word"] == "PURPLE"
    answer(state, "none")
    assert state.captured() == [2, 3]  # A: L, Y; B: F, M, R


def test_moving_letter_by_letter_equals_the_whole_spelling() -> None:
    one, two = new_game(board={"E": -2}), new_game(board={"E": -2})
    whole = spell_word(one, "Sand-Box")
    per_letter = spell_letters(two, "sAnD-bOx")
    assert snapshot(one) == snapshot(two)
    assert [e.to_json() for e in whole] == [e.to_json() for e in per_letter]


def test_moving_undo_of_a_misheard_letter_restores_its_tile() -> None:
    state = new_game(board={"Z": 2})
    start_turn(state)
    answer(state, {"letter": "Z"})
    assert state.position("Z") == 3 and state.captured() == [1, 0]
    events = answer(state, {"undo": True})
    assert events[0].data == {"team": 0, "letter": "Z", "to": 2}
    assert state.position("Z") == 2 and state.prompt().info["spelled"] == ""
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        answer(state, {"undo": True})


def test_moving_by_the_opposing_team_is_not_allowed() -> None:
    state = new_game()
    start_turn(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="opposing team is not allowed to move tiles"):
        state.apply(Action("spell", 1, {"letter": "A"}))
    assert snapshot(state) == before


# -- allowable words ----------------------------------------------------------


@pytest.mark.parametrize("word", ["sand dollar", "ice  cream", "sand\tbox"])
def test_allowable_words_single_word_no_spaces(word: str) -> None:
    state = new_game()
    start_turn(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as err:
        answer(state, {"word": word})
    assert err.value.rule == RULE_SINGLE_WORD and "sand dollar" in str(err.value)
    assert err.value.reason == "words"
    with pytest.raises(IllegalActionError, match="two words") as err:
        answer(state, {"letter": " "})
    assert err.value.reason == "words"
    assert snapshot(state) == before


@pytest.mark.parametrize("word", ["r2d2", "4wheel", "caf\u00e9", "don't", "x_ray"])
def test_allowable_words_only_letters_and_hyphens(word: str) -> None:
    state = new_game()
    start_turn(state)
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="only the letters A-Z and hyphens") as err:
        answer(state, {"word": word})
    assert err.value.rule
    assert err.value.reason == ("digit" if any(ch.isdigit() for ch in word) else "symbol")
    assert snapshot(state) == before


def test_a_refused_symbol_is_named_as_the_host_says_it() -> None:
    state = new_game()
    start_turn(state)
    with pytest.raises(IllegalActionError, match="^an apostrophe has no tile"):
        answer(state, {"word": "i'm"})
    with pytest.raises(IllegalActionError, match="^'_' has no tile"):
        answer(state, {"word": "x_ray"})


def test_allowable_words_hyphenated_and_compound_are_single_words() -> None:
    state = new_game()
    events = spell_word(state, "x-ray")
    assert kinds(events)[2:] == ["tile_moved", "hyphen", "tile_moved", "tile_moved", "tile_moved", "word_spelled"]
    assert [state.position(ch) for ch in "XRAY"] == [1, 1, 1, 1]
    answer(state, "none")
    spell_word(state, "sandbox")
    assert state.prompt().kind == "challenge"


def test_a_spelling_longer_than_any_word_is_refused_with_its_reason() -> None:
    state = new_game()
    start_turn(state)
    with pytest.raises(IllegalActionError, match="longer than") as err:
        answer(state, {"word": "x" * (MAX_WORD + 1)})
    assert err.value.reason == "too_long" and err.value.reason in REASONS


@pytest.mark.parametrize("word", ["-ray", "x-", "x--ray"])
def test_allowable_words_hyphen_must_join_letters(word: str) -> None:
    state = new_game()
    start_turn(state)
    with pytest.raises(IllegalActionError, match="hyphen must join letters") as err:
        answer(state, {"word": word})
    assert err.value.reason == "hyphen"
    with pytest.raises(IllegalActionError, match="hyphen must join letters"):
        for ch in word:
            answer(state, {"letter": ch})
        answer(state, {"done": True})


@pytest.mark.parametrize(
    "value", ["P", {"letter": "PU"}, {"letter": 5}, {"word": ""}, {"done": 1}, {"jump": True}, {}]
)
def test_allowable_words_malformed_spell_actions_are_refused(value: object) -> None:
    state = new_game()
    start_turn(state)
    with pytest.raises(InvalidActionError):
        answer(state, value)


# -- challenges -------------------------------------------------------------


def _challenged(kind: str, board: dict[str, int] | None = None, word: str = "quiz") -> WordStreet:
    state = new_game(board=board, players=4)
    spell_word(state, word)
    answer(state, kind)
    return state


def test_challenge_spelling_correct_tiles_stay_and_challengers_lose_next_turn() -> None:
    state = _challenged("spelling")
    assert state.prompt().kind == "spelling_verdict"
    events = answer(state, "correct")
    assert kinds(events)[:2] == ["challenge_failed", "turn_over"]
    assert events[-1].data == {"team": 1} and events[-1].kind == "turn_lost"
    assert state.position("Q") == 1
    assert state.prompt().info["team"] == 0 and state.turns == [1, 1]


def test_challenge_spelling_incorrect_returns_all_tiles_moved_in_error() -> None:
    board = {"Q": 2, "Z": -3}
    state = _challenged("spelling", board, "quiiz")
    assert state.position("Q") == 3 and state.position("I") == 2
    events = answer(state, "incorrect")
    assert kinds(events)[:3] == ["challenge_upheld", "tiles_returned", "turn_over"]
    assert events[1].data["tiles"] == [["Q", 2], ["U", 0], ["I", 0]]
    assert [state.position(ch) for ch in "QUIZ"] == [2, 0, 0, -3]
    assert state.captured() == [0, 1]
    assert state.prompt().info["team"] == 1 and state.skip == [False, False]


def test_challenge_two_words_upheld_returns_every_tile_of_the_word() -> None:
    state = _challenged("two_words", word="icecream")
    assert state.prompt().kind == "two_words_verdict"
    answer(state, "two_words")
    assert [state.position(ch) for ch in LETTERS] == [0] * 26


def test_challenge_two_words_failed_for_a_compound_word_costs_a_turn() -> None:
    state = _challenged("two_words", word="sandbox")
    events = answer(state, "one_word")
    assert "turn_lost" in kinds(events)
    assert state.position("S") == 1 and state.prompt().info["team"] == 0


def test_challenge_word_selection_majority_accepts_keeps_tiles_and_costs_a_turn() -> None:
    state = _challenged("word_selection")
    assert state.prompt().kind == "vote" and state.prompt().info["players"] == 4
    events = answer(state, {"accept": 3, "reject": 1})
    assert kinds(events)[0] == "challenge_failed" and "turn_lost" in kinds(events)
    assert state.position("Q") == 1


def test_challenge_word_selection_majority_rejects_returns_tiles() -> None:
    state = _challenged("word_selection", board={"Q": 2})
    events = answer(state, {"accept": 1, "reject": 3})
    assert kinds(events)[:2] == ["challenge_upheld", "tiles_returned"]
    assert state.position("Q") == 2 and state.captured() == [0, 0]
    assert state.prompt().info["team"] == 1 and state.skip == [False, False]


def test_challenge_word_selection_tie_returns_tiles_and_restarts_with_a_new_card() -> None:
    state = _challenged("word_selection", board={"Q": 2})
    card = state.card
    events = answer(state, {"accept": 2, "reject": 2})
    assert kinds(events) == ["vote_tied", "tiles_returned", "turn_restarted"]
    assert state.position("Q") == 2 and state.turns == [0, 0]
    prompt = state.prompt()
    assert (prompt.kind, prompt.info["team"], prompt.info["restart"]) == ("draw", 0, True)
    assert card not in prompt.options
    assert state.used == [card]


def test_challenge_vote_counts_every_player() -> None:
    state = _challenged("word_selection")
    before = snapshot(state)
    for bad in ({"accept": 3, "reject": 0}, {"accept": 3, "reject": 2}):
        with pytest.raises(IllegalActionError, match="majority of the players"):
            answer(state, bad)
    for malformed in ({"accept": -1, "reject": 5}, {"accept": True, "reject": 3}, {"yes": 4}, 4):
        with pytest.raises(InvalidActionError):
            answer(state, malformed)
    assert snapshot(state) == before


def test_challenge_undo_restores_exactly_the_tiles_that_word_moved() -> None:
    state = new_game(board={"Q": 2, "Z": 3, "E": -2})
    play_word(state, "quiz")  # A captures Q; Z was A's already, so it stayed
    before = {ch: state.position(ch) for ch in LETTERS}
    events = spell_word(state, "queue")  # B: Q held, U twice, E captured then held
    assert [e.kind for e in events][2:7] == [
        "tile_held", "tile_moved", "tile_moved", "tile_moved", "tile_held"
    ]
    assert state.position("E") == -3 and state.captured() == [2, 1]
    answer(state, "spelling")
    events = answer(state, "incorrect")
    assert events[1].data["tiles"] == [["U", 1], ["E", -2]]
    assert {ch: state.position(ch) for ch in LETTERS} == before
    assert state.captured() == [2, 0]


def test_challenge_verdicts_refuse_other_values() -> None:
    state = _challenged("spelling")
    with pytest.raises(IllegalActionError, match="allowed"):
        answer(state, "two_words")
    with pytest.raises(IllegalActionError):
        state.apply(Action("spelling_verdict", CHANCE, "correct"))


def test_challenge_lost_turn_is_taken_only_once() -> None:
    state = _challenged("spelling")
    answer(state, "correct")
    play_word(state, "cat")  # team A again, unchallenged
    assert state.prompt().info["team"] == 1
    assert state.turns == [2, 1]


# -- winning ----------------------------------------------------------------


def test_win_first_team_to_capture_eight_tiles() -> None:
    state = new_game(board=dict.fromkeys("ABCDEFG", 3) | {"Q": 2})
    events = play_word(state, "quiz")
    assert events[-1].kind == "game_over"
    assert events[-1].data["winners"] == [0] and events[-1].data["reason"] == "eight_captured"
    assert state.is_over() and state.winners() == [0]
    assert state.prompt().kind == "game_over"
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(Action("draw", CHANCE, 0))


def test_win_is_decided_after_the_challenge_window() -> None:
    state = new_game(board=dict.fromkeys("ABCDEFG", 3) | {"Q": 2})
    spell_word(state, "quiz")
    assert state.captured() == [8, 0] and not state.is_over()
    answer(state, "spelling")
    answer(state, "incorrect")
    assert state.captured() == [7, 0] and not state.is_over()


# -- quick play -------------------------------------------------------------


def test_quick_play_turn_limit_gives_both_teams_equal_turns() -> None:
    state = new_game(turn_limit=2, first_team=1)
    for word in ("cat", "dog", "cow"):
        play_word(state, word)
        assert not state.is_over()
    events = play_word(state, "hen")
    assert state.is_over() and state.turns == [2, 2]
    assert events[-1].data["reason"] in ("most_captured", "near_lane", "draw")


def test_quick_play_time_limit_finishes_the_round_with_the_other_team() -> None:
    state = new_game(time_limit=True)
    assert state.prompt().info["anytime"] == ["time_up"]
    play_word(state, "cat")
    start_turn(state)  # team B on the street
    events = state.apply(Action("time_up", CHANCE))
    assert kinds(events) == ["time_limit_reached"]
    assert "anytime" not in state.prompt().info
    play_word_rest = answer(state, {"word": "dog"}) + answer(state, "none")
    assert play_word_rest[-1].kind == "game_over" and state.turns == [1, 1]

    state = new_game(time_limit=True)
    start_turn(state)  # team A (first) on the street when time runs out
    state.apply(Action("time_up", CHANCE))
    answer(state, {"word": "cat"})
    answer(state, "none")
    assert not state.is_over() and state.prompt().info["team"] == 1
    play_word(state, "dog")
    assert state.is_over() and state.turns == [1, 1]


def test_quick_play_time_limit_between_rounds_ends_at_once() -> None:
    state = new_game(time_limit=True)
    play_word(state, "cat")
    play_word(state, "zoo")
    events = state.apply(Action("time_up", CHANCE))
    assert kinds(events) == ["time_limit_reached", "game_over"]
    with pytest.raises(IllegalActionError, match="no time limit"):
        new_game().apply(Action("time_up", CHANCE))
    state = new_game(time_limit=True)
    with pytest.raises(IllegalActionError, match="driver"):
        state.apply(Action("time_up", 0))
    state.apply(Action("time_up", CHANCE))


def test_quick_play_most_captured_wins() -> None:
    state = new_game(turn_limit=1, board={"Q": 2, "Z": -2, "J": -2})
    play_word(state, "quiz")
    events = play_word(state, "jazz")
    assert events[-1].data["reason"] == "most_captured"
    assert state.winners() == [1] and state.captured() == [1, 2]


def test_quick_play_tie_broken_by_the_lane_nearest_each_side() -> None:
    state = new_game(turn_limit=1, board={"Q": 2, "Z": -2, "X": 2})
    play_word(state, "quit")  # A captures Q; X waits in A's near lane (+2)
    events = play_word(state, "zap")  # B captures Z; A and P only reach B's far lane
    assert state.captured() == [1, 1]
    assert events[-1].data["near_lane"] == [1, 0]
    assert state.winners() == [0] and events[-1].data["reason"] == "near_lane"


def test_quick_play_still_tied_is_a_declared_draw() -> None:
    state = new_game(turn_limit=1)
    play_word(state, "cat")
    events = play_word(state, "cat")
    assert events[-1].data["reason"] == "draw" and state.winners() == [0, 1]


def test_quick_play_eight_captures_still_win_at_once() -> None:
    state = new_game(turn_limit=5, board=dict.fromkeys("ABCDEFG", -3) | {"Q": -2})
    play_word(state, "cat")
    events = play_word(state, "quiz")
    assert events[-1].data["reason"] == "eight_captured" and state.winners() == [1]
    assert state.turns == [1, 1]


def test_quick_play_lost_turn_counts_toward_equal_turns() -> None:
    state = new_game(turn_limit=2)
    spell_word(state, "cat")
    answer(state, "spelling")
    answer(state, "correct")  # B loses its first turn
    assert state.turns == [1, 1]
    play_word(state, "dog")  # A's second
    play_word(state, "cow")  # B's second
    assert state.is_over() and state.turns == [2, 2]


# -- state --------------------------------------------------------------------


def test_state_json_round_trip_is_exact_in_every_phase() -> None:
    state = new_game(time_limit=True, board={"Q": 2})
    steps = [
        lambda: draw(state), lambda: answer(state, "time_up"),
        lambda: answer(state, {"letter": "Q"}), lambda: answer(state, {"letter": "-"}),
        lambda: answer(state, {"letter": "U"}), lambda: answer(state, {"done": True}),
        lambda: answer(state, "word_selection"),
        lambda: answer(state, {"accept": 2, "reject": 2}),
        lambda: state.apply(Action("time_up", CHANCE)),
    ]
    for step in steps:
        step()
        saved = state.to_json()
        loaded = load_state(roundtrip(saved))
        assert loaded.to_json() == saved
        assert loaded.prompt() == state.prompt()


def test_state_from_json_refuses_a_damaged_save() -> None:
    good = roundtrip(new_game().to_json())
    damaged = [
        {**good, "game": "wordup"},
        {**good, "tiles": {**good["tiles"], "A": 7}},
        {**good, "unseen": good["unseen"][1:]},
        {**good, "phase": "dance"},
        {**good, "team": True},
        {**good, "settings": {**good["settings"], "players": 12}},
        {**good, "spelled": "AB"},
        {**good, "winners": [0]},
        {**good, "challenge": "spelling"},
        {**good, "card": 0},
        {**good, "extra": 1} | {"settings": {**good["settings"], "colour": "red"}},
        [],
    ]
    for data in damaged:
        with pytest.raises(SaveError):
            load_state(data)


def test_state_unchanged_by_any_refused_action() -> None:
    state = new_game()
    spell_word(state, "cat")
    before = snapshot(state)
    for action in (
        Action("draw", CHANCE, 0), Action("challenge", 0, "none"),
        Action("challenge", 1, "loud"), Action("spell", 0, {"letter": "A"}),
    ):
        with pytest.raises((IllegalActionError, InvalidActionError)):
            state.apply(action)
    assert snapshot(state) == before
