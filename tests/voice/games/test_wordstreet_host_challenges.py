"""Word on the Street host: challenges and votes, quick play and the win."""

from __future__ import annotations

from pathlib import Path

import pytest
from wordstreet_host_kit import BLUE, READY, RED, FedClock, board, new, play

from engine.wordstreet_board import INDEX

NO_TILES = [0] * 26


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    return tmp_path


def pos(host: object, letter: str) -> int:
    return int(host.engine.tiles[INDEX[letter]])  # type: ignore[attr-defined]


# -- spelling ---------------------------------------------------------------------------


def test_spelling_challenge_upheld_by_the_dictionary_returns_every_tile() -> None:
    host = new()
    run = play(host, [*READY, "purpel", "yes", "p u r p e l", "yes", "the spelling"])
    run.index("Your word is purpel. Is that right?")
    ask = run.index("Blue team, do you want to challenge P-U-R-P-E-L?")
    kind = run.index("Blue team, what's the challenge", ask)
    said = run.index("Blue team challenges the spelling of P-U-R-P-E-L. "
                     "Let me check my dictionary.", kind)
    assert run.said()[said + 1: said + 4] == [
        "My dictionary doesn't have P-U-R-P-E-L, so the spelling is wrong.",
        "The challenge is upheld.",
        "The tiles go back where they were: P, U, R, E and L."]
    assert host.engine.tiles == NO_TILES
    assert host.engine.team == BLUE and host.engine.skip == [False, False]


def test_spelling_challenge_that_fails_costs_the_challengers_their_next_turn() -> None:
    host = new()
    run = play(host, [*READY, "cat", "c a t", "yes, it's spelled wrong", *READY])
    said = run.index("Blue team challenges the spelling of C-A-T.")
    assert run.said()[said + 1: said + 3] == [
        "C-A-T is spelled correctly.",
        "The challenge fails: Blue team misses its next turn."]
    lost = run.index("Blue team misses this turn, because of the failed challenge.", said)
    run.index("Red team, you're on the street!", lost)
    assert pos(host, "C") == 1
    assert host.engine.team == RED and host.engine.turns == [1, 1]


# -- two words --------------------------------------------------------------------------


def test_two_words_challenge_upheld_when_the_spelling_splits_into_two_words() -> None:
    host = new()
    run = play(host, [*READY, "sanddollar", "yes", "s a n d d o l l a r", "yes", "two words"])
    said = run.index("Blue team says S-A-N-D-D-O-L-L-A-R is two words. Let me check my dictionary.")
    assert run.said()[said + 1: said + 3] == [
        "S-A-N-D-D-O-L-L-A-R is two words, not one.",
        "The challenge is upheld."]
    assert host.engine.tiles == NO_TILES


def test_two_words_challenge_fails_for_a_compound_in_the_dictionary() -> None:
    host = new()
    run = play(host, [*READY, "sandbox", "s a n d b o x", "yes it's two words", "yes"])
    said = run.index("Blue team says S-A-N-D-B-O-X is two words.")
    run.index("S-A-N-D-B-O-X is one word.", said)
    run.index("The challenge fails: Blue team misses its next turn.", said)
    assert pos(host, "S") == 1 and host.engine.skip == [False, False]
    assert host.engine.team == RED, "Blue's turn was skipped"


def test_the_dictionarys_ruling_stands() -> None:
    """RULINGS: a spelling challenge is settled by the dictionary; the table cannot vote it
    away, and "happpy" is a misspelling of "happy", not a new word for the table."""
    host = new()
    run = play(host, [*READY, "happpy", "yes", "h a p p p y", "spelling", "no"])
    ruling = run.index("My dictionary doesn't have H-A-P-P-P-Y, so the spelling is wrong.")
    assert run.said()[ruling + 1] == "The challenge is upheld."
    assert "Does everyone agree?" not in run.text and "decides otherwise" not in run.text
    assert host.engine.tiles == NO_TILES and host.engine.team == BLUE


def test_a_word_the_dictionary_lacks_with_nothing_close_goes_to_a_vote() -> None:
    host = new()
    run = play(host, [*READY, "xqzvbnk", "yes", "x q z v b n k", "yes", "the spelling",
                      "3", "1"])
    said = run.index("My dictionary doesn't have X-Q-Z-V-B-N-K, and nothing close to it")
    run.index("How many players accept the spelling X-Q-Z-V-B-N-K?", said)
    votes = run.index("3 accept and 1 reject.", said)
    assert run.said()[votes + 1] == "The challenge fails: Blue team misses its next turn."
    assert host.engine.team == RED


def test_a_tied_spelling_vote_sends_the_tiles_back() -> None:
    host = new()
    run = play(host, [*READY, "xqzvbnk", "yes", "x q z v b n k", "yes", "the spelling",
                      "2", "2"])
    votes = run.index("2 accept and 2 reject.")
    assert run.said()[votes + 1: votes + 3] == ["It's a tie, so the tiles go back.",
                                                 "The challenge is upheld."]
    assert host.engine.tiles == NO_TILES


def test_the_spelling_check_uses_the_declared_word() -> None:
    host = new()
    run = play(host, [*READY, "knee", "n e e", "yes", "yes", "the spelling"])
    run.index("That spells N-E-E, but your word was knee. Shall I move the tiles for N-E-E?")
    said = run.index("Blue team challenges the spelling of N-E-E.")
    assert run.said()[said + 1] == ("Your word was knee, and knee isn't spelled N-E-E, "
                                    "so the spelling is wrong.")
    assert run.said()[said + 2] == "The challenge is upheld."
    assert "N-E-E is spelled correctly" not in run.text


@pytest.mark.parametrize("word", ["sand-dollar", "peanut-butter", "fire-engine"])
def test_hyphenated_words_only_where_the_lexicon_has_them(word: str) -> None:
    letters = " ".join("dash" if c == "-" else c for c in word)
    host = new()
    run = play(host, [*READY, word, letters, "yes", "two words"])
    spelled = "-".join(word.replace("-", "").upper())
    run.index("is two words, not one.")
    run.index("The challenge is upheld.")
    assert host.engine.tiles == NO_TILES
    host = new()
    run = play(host, [*READY, word, letters, "yes", "the spelling"])
    run.index("so the spelling is wrong.")
    run.index("The challenge is upheld.")
    assert host.engine.tiles == NO_TILES, spelled


# -- word selection ---------------------------------------------------------------------


def test_a_word_selection_challenge_is_always_a_vote() -> None:
    # RULINGS: listed words included (the sheet: "if a majority of the players accept").
    host = new()
    run = play(host, [*READY, "<listed>", "<listed-letters>", "yes", "the word doesn't fit",
                      "1", "3"])
    said = run.index("Blue team says")
    assert "doesn't fit the category" in run.said()[said]
    run.index("Red team, tell everyone why", said)
    votes = run.index("1 accept and 3 reject.", said)
    assert run.said()[votes + 1] == "The challenge is upheld."
    assert "no vote" not in run.text and host.engine.tiles == NO_TILES


def test_word_selection_vote_rejected_by_most_players_returns_the_tiles() -> None:
    host = new()
    run = play(host, [*READY, "<unlisted>", "<unlisted-letters>", "yes", "doesn't fit",
                      "one", "3"])
    explain = run.index("Red team, tell everyone why")
    accept = run.index("How many players accept the word?", explain)
    run.index("And how many reject it?", accept)
    votes = run.index("1 accept and 3 reject.", accept)
    assert run.said()[votes + 1] == "The challenge is upheld."
    assert run.said()[votes + 2].startswith("The tiles go back where they were:")
    assert host.engine.tiles == NO_TILES and host.engine.team == BLUE


def test_word_selection_vote_accepted_by_most_players_keeps_the_tiles() -> None:
    host = new()
    run = play(host, [*READY, "<unlisted>", "<unlisted-letters>", "yes", "the word doesn't fit",
                      "three", "1"])
    votes = run.index("3 accept and 1 reject.")
    assert run.said()[votes + 1] == "The challenge fails: Blue team misses its next turn."
    assert any(t != 0 for t in host.engine.tiles)
    assert host.engine.team == RED


def test_a_tied_vote_returns_the_tiles_and_restarts_the_turn_with_a_new_card() -> None:
    host = new()
    run = play(host, [*READY, "<unlisted>", "<unlisted-letters>", "yes", "doesn't fit",
                      "2", "2"])
    votes = run.index("2 accept and 2 reject.")
    assert run.said()[votes + 1: votes + 4] == [
        "It's a tie, so the tiles go back.",
        run.said()[votes + 2],
        "Red team starts the turn again with a new card."]
    assert run.said()[votes + 2].startswith("The tiles go back where they were:")
    run.index("Red team, here's a new card.", votes)
    st = host.engine
    assert st.tiles == NO_TILES and st.team == RED and st.phase == "brainstorm"
    assert len(st.used) == 1 and st.card != st.used[0]


def test_votes_that_do_not_add_up_to_the_players_are_counted_again() -> None:
    host = new()
    run = play(host, [*READY, "<unlisted>", "<unlisted-letters>", "yes", "doesn't fit",
                      "3", "3", "nobody", "everyone"])
    again = run.index("That's 6 votes, but there are 4 players and everyone votes.")
    run.index("0 accept and 4 reject.", again)
    assert host.engine.tiles == NO_TILES


def test_unheard_counts_fall_back_to_yes_no_about_the_majority() -> None:
    host = new()
    run = play(host, [*READY, "<unlisted>", "<unlisted-letters>", "yes", "doesn't fit",
                      "lots", "many", "some", "no", "no"])
    run.index("Do more players accept the word than reject it?")
    run.index("Do more players reject it than accept it?")
    run.index("2 accept and 2 reject.")
    run.index("It's a tie, so the tiles go back.")
    assert host.engine.phase == "brainstorm" and host.engine.team == RED


def test_an_unheard_reject_count_is_everyone_else() -> None:
    host = new()
    run = play(host, [*READY, "<unlisted>", "<unlisted-letters>", "yes", "doesn't fit",
                      "3", "lots", "many", "some"])
    run.index("3 accept and 1 reject.")
    run.index("The challenge fails: Blue team misses its next turn.")


# -- asking about the challenge ---------------------------------------------------------


def test_an_unclear_challenge_kind_is_asked_as_yes_no_questions() -> None:
    host = new()
    run = play(host, [*READY, "<unlisted>", "<unlisted-letters>", "yes",
                      "banana", "blue sky", "pizza", "no", "no", "2", "2"])
    kind = run.index("Blue team, what's the challenge")
    spelling = run.index("Is it the spelling?", kind)
    run.index("is two words?", spelling)
    run.index("doesn't fit the category.", spelling)


def test_three_unclear_replies_to_challenge_mean_no_challenge() -> None:
    host = new()
    run = play(host, [*READY, "cat", "c a t", "maybe", "banana", "hmm pizza"])
    ask = run.index("Blue team, do you want to challenge C-A-T?")
    run.index("No challenge", ask)
    assert pos(host, "C") == 1 and host.engine.team == BLUE


# -- quick play and the win -------------------------------------------------------------


def test_eight_captures_win_the_game_after_the_challenge_window() -> None:
    host = new()
    board(host, A=3, B=3, C=3, F=3, H=3, I=3, J=3, D=2)
    run = play(host, [*READY, "dog", "d o g", "no"])
    captured = run.index("D is captured by Red!")
    window = run.index("Blue team, do you want to challenge D-O-G?", captured)
    run.index("Red team has 8 tiles: A, B, C, D, F, H, I and J.", window)
    run.index("Red team has captured 8 tiles and wins the game! Well played!", window)
    assert run.outcome.winners == [RED] and not run.outcome.quit
    assert not run.slot.exists(), "a finished game leaves no save"


def test_a_challenge_can_take_back_the_eighth_capture() -> None:
    host = new()
    board(host, A=3, B=3, C=3, F=3, H=3, I=3, J=3, D=2)
    run = play(host, [*READY, "dgo", "yes", "d g o", "yes", "spelling", "yes"])
    run.index("D is captured by Red!")
    run.index("The challenge is upheld.")
    assert run.count("wins the game") == 0
    assert pos(host, "D") == 2 and host.engine.captured() == [7, 0]


def test_quick_play_by_turns_ends_with_the_most_tiles() -> None:
    host = new(variant={"quick": "1"})
    board(host, Q=3)
    run = play(host, [*READY, "dog", "d o g", "no", "", "", "pass"])
    run.index("Quick play: one turn each.")
    run.index("No word this time, Blue team: no tiles move.")
    run.index("Red team has the most tiles and wins the game!")
    assert run.outcome.winners == [RED]


def test_quick_play_tie_broken_by_the_lane_nearest_each_side() -> None:
    host = new(variant={"quick": "1", "first": "Blue"})
    board(host, Q=3, Z=-3, D=-1)
    run = play(host, [*READY, "dog", "d o g", "no", "", "", "pass"])
    run.index("Blue team goes first.")
    assert pos(host, "D") == -2
    run.index("The teams have the same number of tiles, but Blue team has more tiles in the lane "
              "nearest its side, so Blue team wins!")
    assert run.outcome.winners == [BLUE]


def test_quick_play_draw() -> None:
    host = new(variant={"quick": "1"})
    run = play(host, ["", "", "pass", "", "", "pass"])
    run.index("it's a draw!")
    assert run.outcome.winners == [RED, BLUE]


def test_quick_play_by_minutes_warns_then_finishes_the_round() -> None:
    clock = FedClock()
    host = new(variant={"quick": "2m"}, clock=clock)
    board(host, Q=3)
    run = play(host, [*READY, "dog", "@65 d o", "g", "no",
                      *READY, "cat", "@130 c a t", "no", *READY])
    run.index("Quick play: 2 minutes.")
    left = run.index("One minute of play left!")
    said = run.said()
    assert said[left - 1: left + 2:2] == ["Red team spelled D-O-G.",
                                          "Blue team, do you want to challenge D-O-G?"], \
        "a warning never cuts into a word being spelled; it comes before the next question"
    up = run.index("The quick-play time is up! We'll finish this round", left)
    assert said[up - 1] == "Blue team spelled C-A-T.", "a word being spelled is not interrupted"
    run.index("Red team, do you want to challenge C-A-T?", up)
    assert run.count("Red team has the most tiles and wins the game!") == 1
    assert host.engine.turns == [1, 1] and host.engine.time_up
    assert run.outcome.winners == [RED]


def test_quick_play_time_up_in_the_first_teams_turn_gives_the_other_team_one_more() -> None:
    clock = FedClock()
    host = new(variant={"quick": "1m"}, clock=clock)
    run = play(host, [*READY, "@70 dog", "d o g", "no", *READY, "cat", "c a t", "no"])
    up = run.index("The quick-play time is up!")
    run.index("Blue team, you're on the street!", up)
    assert host.engine.turns == [1, 1] and host.engine.is_over()
    assert run.outcome.winners in ([RED], [BLUE], [RED, BLUE])


def test_quick_play_of_one_minute_says_one_minute() -> None:
    host = new(variant={"quick": "1m"}, clock=FedClock())
    said = [host.words.phrases.text(line.key, **dict(line.fields)) for line in host.opening()]
    assert any(s.startswith("Quick play: one minute.") for s in said)
    assert not any("1 minutes" in s for s in said)
