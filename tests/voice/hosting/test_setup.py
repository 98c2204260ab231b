"""Set-up from flags (one-line errors) and by voice (typed here, through the real dialogue)."""

from __future__ import annotations

import io

import pytest

from voice.errors import UsageError
from voice.games.host_base import check_variant_keys
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import ControlFlow, Line
from voice.hosting.setup import (
    VoiceSetup,
    parse_players,
    parse_teams,
    parse_variant,
    spelled,
)
from voice.hosting.text_adapter import SilentMouth, TextEars, Transcript
from voice.speaking.phrases import Phrases


class _NoGame:
    def status(self, what: str, asker: str) -> list[Line]:
        return [Line("common.not_now")]


def _setup(lines: list[str]) -> tuple[VoiceSetup, io.StringIO]:
    out = io.StringIO()
    dialogue = Dialogue(SilentMouth(), TextEars(lines), Phrases.load(), _NoGame(),
                        transcript=Transcript(out))
    return VoiceSetup(dialogue), out


# -- flags -------------------------------------------------------------------------------


def test_players_parse() -> None:
    assert parse_players("Ana:2, Ben :4") == [("Ana", 2), ("Ben", 4)]
    assert parse_players("Mary Jane:1,O'Neil:5") == [("Mary Jane", 1), ("O'Neil", 5)]


def test_teams_parse() -> None:
    assert parse_teams("Red:Ana,Ben;Blue:Cy,Di") == [("Red", ["Ana", "Ben"]),
                                                     ("Blue", ["Cy", "Di"])]


@pytest.mark.parametrize(("text", "message"), [
    ("Red:Ana,Ben", "exactly 2 teams, got 1"),
    ("Red:Ana;Blue:Ben;Green:Cy", "exactly 2 teams, got 3"),
    ("Red;Blue:Ben", "is not TEAM:NAME,NAME"),
    ("Red:;Blue:Ben", "is not TEAM:NAME,NAME"),
    ("Red:Ana,;Blue:Ben", "a name is empty"),
    ("Red:Ana;red:Ben", "each team needs a different name"),
    ("Red:Ana;Blue:ana", "each player needs a different name"),
    ("Red:Ana;Blue:B3n!", "is not a name"),
])
def test_bad_teams_are_one_line(text: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_teams(text)
    assert message in str(err.value) and "\n" not in str(err.value)
    assert err.value.exit_code == 2


@pytest.mark.parametrize(("text", "message"), [
    ("Ana:2,Ben:4," + "x" * 40 + ":3", "longer than 30 characters"),
    ("42:2,Ben:4", "is not a name"),
])
def test_bad_player_names_are_one_line(text: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_players(text)
    assert message in str(err.value)


def test_variant_parse_and_check() -> None:
    assert parse_variant("") == {}
    assert parse_variant("tokens=1, Dice=physical") == {"tokens": "1", "dice": "physical"}
    for bad, message in (("tokens", "is not KEY=VALUE"), ("=1", "is not KEY=VALUE"),
                         ("tokens=1,tokens=2", "given twice")):
        with pytest.raises(UsageError) as err:
            parse_variant(bad)
        assert message in str(err.value)
    check_variant_keys("Word Up", {"tokens": "1"}, {"tokens": "1, 2 or 3"})
    with pytest.raises(UsageError) as err:
        check_variant_keys("Word Up", {"speed": "1"}, {"tokens": "1, 2 or 3"})
    assert str(err.value) == ("--variant: Word Up has no setting 'speed'; "
                              "allowed: tokens=1, 2 or 3")


# -- by voice --------------------------------------------------------------------------


def test_word_up_set_up_with_a_name_spelled_to_correct_it() -> None:
    setup, out = _setup(["word up", "three", "anna", "no", "a n a", "yes", "two",
                         "my name is ben", "yes", "upper intermediate",
                         "Ana", "Cy", "yes", "five", "yes"])
    options = setup.run(seed=7)
    assert options.game == "wordup" and options.seed == 7
    assert options.players == [("Ana", 2), ("Ben", 4), ("Cy", 5)]
    text = out.getvalue()
    assert "HOST: Anna: A-N-N-A. Is that right?" in text
    assert "HOST: Please spell it for me, letter by letter." in text
    assert "HOST: Ana: A-N-A. Is that right?" in text
    assert "HOST: Ben: level 4, Upper Intermediate." in text
    assert "HOST: Someone is already called Ana. Please choose another name." in text
    assert ("So that's Word Up with Ana at level 2, Ben at level 4 and Cy at level 5. "
            "Shall we start?") in text


def test_team_game_set_up() -> None:
    setup, out = _setup(["blue team", "yes", "2", "Cy", "yes", "Di", "yes",
                         "Red", "yes", "one", "Ana", "yes", "yes"])
    options = setup.run("wordstreet")
    assert options.game == "wordstreet"
    assert options.teams == [("Blue Team", ["Cy", "Di"]), ("Red", ["Ana"])]
    text = out.getvalue()
    assert "Welcome to tabletop" not in text  # the game was given
    assert "HOST: Blue Team: B-L-U-E T-E-A-M. Is that right?" in text
    assert "So that's Word on the Street: Blue Team, with Cy and Di; Red, with Ana." in text


def test_game_by_name_and_by_yes_no_fallback() -> None:
    setup, _ = _setup(["sport and leisure please"])
    assert setup.ask_game() == "sportleisure"
    setup, out = _setup(["chess", "cards", "draughts", "no", "no"])
    assert setup.ask_game() == "wordstreet"
    assert "Shall we play Word Up?" in out.getvalue()


def test_saying_no_at_the_end_starts_again() -> None:
    setup, out = _setup(["2", "Ana", "yes", "1", "Ben", "yes", "1", "no",
                         "2", "Ana", "yes", "3", "Ben", "yes", "3", "yes"])
    options = setup.run("wordup")
    assert options.players == [("Ana", 3), ("Ben", 3)]
    assert "let's set up again" in out.getvalue()


def test_commands_while_setting_up_and_quit() -> None:
    setup, out = _setup(["repeat", "slower", "what's the score", "quit"])
    with pytest.raises(ControlFlow):
        setup.ask_name(Line("setup.player_name", {"n": 1}), "player 1", [])
    text = out.getvalue()
    assert text.count("HOST: Player 1, what's your name?") == 3
    assert "I'll speak more slowly." in text and "Say the name, or spell it" in text


def test_nothing_heard_three_times_asks_for_spelling() -> None:
    setup, out = _setup(["", "", "", "b o b", "yes"])
    assert setup.ask_name(Line("setup.player_name", {"n": 1}), "player 1", []) == "Bob"
    assert "Sorry, I didn't get that name." in out.getvalue()


def test_spelled_keeps_words_apart() -> None:
    assert spelled("Mary Jane") == "M-A-R-Y J-A-N-E"
    assert spelled("O'Neil") == "O-N-E-I-L"
