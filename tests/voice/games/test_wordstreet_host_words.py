"""Reading a team's word and letters, and the dictionary's rulings, with the shipped lexicon."""

from __future__ import annotations

import pytest

from content.lexicon import load_lexicon
from content.load import load_wordstreet
from voice.games.wordstreet_ask import ready
from voice.games.wordstreet_words import (
    hyphenated,
    no_tile,
    read_letters,
    read_word,
    spelling_verdict,
    two_words_verdict,
    with_hyphens,
)
from voice.speaking.phrases import Phrases

LEX = load_lexicon()
DECK = load_wordstreet()
BLOCK = DECK.blocklist


def word(*nbest: str):  # type: ignore[no-untyped-def]
    return read_word(list(nbest), LEX, BLOCK)


@pytest.mark.parametrize(("heard", "value", "sure"), [
    ("sand", {"word": "sand"}, True),
    ("Paris", {"word": "paris"}, True),
    ("it's a... um sand", {"word": "sand"}, True),
    ("a", {"word": "a"}, True),
    ("sand and sea", None, False),
    ("our word is pass", {"word": "pass"}, True),
    ("we choose giraffe please", {"word": "giraffe"}, True),
    ("ice-cream", {"word": "ice-cream"}, True),
    ("sand box", {"word": "sandbox", "joined": True}, False),
    ("blorptastic", {"word": "blorptastic"}, False),
])
def test_words(heard: str, value: dict[str, object] | None, sure: bool) -> None:
    u = word(heard)
    if value is None:
        assert u.verdict == "wrong" and "refused" in u.value
        return
    assert u.value == value
    assert (u.confidence >= 0.6) is sure


def test_commands_and_pass() -> None:
    assert word("pass").value == {"pass": True}
    assert word("we pass").value == {"pass": True}
    assert word("say that again").command == "repeat"
    assert word("what are our tiles").command == "tokens"
    assert word("").verdict == "unclear"


def test_refusals_say_why_as_a_phrase_of_the_host() -> None:
    assert word("sand dollar").value["refused"] == ("refused_words", {"word": "sand dollar"})
    assert word("r2d2").value["refused"] == ("refused_digit", {"digit": "2"})
    assert word("I'm").value["refused"] == ("refused_symbol", {"symbol": "apostrophe"})
    assert word("x" * 61).value["refused"] == ("refused_long", {})
    phrases = Phrases.load()
    for heard in ("sand dollar", "r2d2", "I'm", "x" * 61, "rock&roll"):
        why, fields = word(heard).value["refused"]
        if "symbol" in fields:
            fields = {"symbol": phrases.text("wordstreet.symbol." + fields["symbol"])}
        said = phrases.text("wordstreet." + why, **fields)
        assert "rule" not in said and "'" not in said.replace("I'm", ""), said
    assert phrases.text("wordstreet.refused_symbol", symbol="An apostrophe").startswith(
        "An apostrophe has no tile.")


def test_blocklisted_words_are_refused_alone_or_inside_a_phrase() -> None:
    bad = sorted(BLOCK)[0]
    assert word(bad).value == {"blocked": True}
    assert word(f"our word is {bad}").value == {"blocked": True}
    assert word(f"big {bad}").value == {"blocked": True}


def test_a_runner_up_the_lexicon_knows_is_offered_for_confirmation() -> None:
    u = word("xqzt", "sand")
    assert u.value == {"word": "sand"} and u.confidence < 0.6 and u.heard == "sand"


@pytest.mark.parametrize(("heard", "so_far", "letters", "fits"), [
    ("p u r", "", "PUR", True),
    ("p l e", "PUR", "PLE", True),
    ("p u r p l e", "PUR", "PLE", True),        # spelled again from the start
    ("papa uniform romeo", "", "PUR", True),
    ("p as in peter", "", "P", True),
    ("x y z", "", "XYZ", False),
    ("p u r p l e s", "", "PURPLES", False),
])
def test_letters(heard: str, so_far: str, letters: str, fits: bool) -> None:
    u = read_letters([heard], "PURPLE", so_far)
    assert u.value["letters"] == letters and u.value["fits"] is fits


def test_letters_done_undo_and_sound_alikes() -> None:
    assert read_letters(["done"], "PURPLE", "PURP").value == {"letters": "", "fits": True,
                                                              "done": True}
    assert read_letters(["p l e done"], "PURPLE", "PUR").value["done"] is True
    assert read_letters(["undo"], "PURPLE", "P").command == "undo"
    near = read_letters(["p u r b l e"], "PURPLE", "")
    assert near.value["letters"] == "PURPLE" and near.confidence < 0.6, "confirmed, not trusted"
    assert read_letters(["pass"], "PURPLE", "").value == {"pass": True}


def test_hyphens_come_from_the_chosen_word() -> None:
    assert with_hyphens("ICE-CREAM", "", "ICECREAM") == "ICE-CREAM"
    assert with_hyphens("ICE-CREAM", "ICE", "CREAM") == "-CREAM"
    assert with_hyphens("ICE-CREAM", "IC", "E") == "E"
    assert with_hyphens("PURPLE", "PU", "XY") == "XY"


def test_dictionary_rulings() -> None:
    assert spelling_verdict("PURPLE", (), LEX) == "correct"
    assert spelling_verdict("PURPEL", (), LEX) == "incorrect"
    assert spelling_verdict("COLOR", ("colour",), LEX) == "correct"
    assert spelling_verdict("PARIS", (), LEX) == "correct", "names are allowed by the sheet"
    assert two_words_verdict("SANDDOLLAR", LEX) == "two_words"
    assert two_words_verdict("SANDBOX", LEX) == "one_word"
    assert two_words_verdict("XQZT", LEX) == "one_word", "not shown to be two words"


def test_a_misspelling_of_a_dictionary_word_is_misspelled_not_a_new_word() -> None:
    # RULINGS: "happpy" is a misspelling of "happy" (within two letters), not put to a vote.
    assert spelling_verdict("HAPPPY", (), LEX) == "incorrect"
    assert spelling_verdict("ELEPHUNT", (), LEX) == "incorrect"
    # Nothing close: a rare name or a new word is the table's to decide.
    assert spelling_verdict("XQZVBNK", (), LEX) == "vote"


def test_the_spelling_check_uses_the_declared_word() -> None:
    assert spelling_verdict("NEE", (), LEX, declared="knee") == "incorrect"
    assert spelling_verdict("KNEE", (), LEX, declared="knee") == "correct"
    assert spelling_verdict("COLOR", (), LEX, declared="colour") == "correct"
    assert spelling_verdict("NEE", (), LEX) == "correct", "undeclared: the dictionary alone"


@pytest.mark.parametrize("word", ["SAND-DOLLAR", "PEANUT-BUTTER", "FIRE-ENGINE"])
def test_hyphenated_words_only_where_the_lexicon_has_them(word: str) -> None:
    known = hyphenated(a for card in DECK.cards for side in ("blue", "orange")
                       for a in card.side(side).accept)
    assert two_words_verdict(word, LEX, known) == "two_words"
    assert spelling_verdict(word, (), LEX, known=known) == "incorrect"
    for one in ("T-SHIRT", "ICE-CREAM", "YO-YO"):
        assert two_words_verdict(one, LEX, known) == "one_word", one
        assert spelling_verdict(one, (), LEX, known=known) == "correct", one
    assert two_words_verdict("FIRE-TRUCK", LEX) == "one_word", "the closed form is a word"


@pytest.mark.parametrize(("said", "result"), [
    ("we're ready", ""), ("okay we're ready now", ""), ("ready", ""), ("we've got one", ""),
    ("our word is sand", "our word is sand"), ("are we ready", None), ("what about cat", None),
    ("pass", None), ("ready steady", None),
])
def test_brainstorm_ready_phrases(said: str, result: str | None) -> None:
    assert ready(said) == result


def test_a_runner_up_that_spells_the_word_is_confirmed_not_taken_and_not_refused() -> None:
    u = read_letters(["n i c o", "n i k o"], "NIKO", "")
    assert u.value == {"letters": "NIKO", "fits": True, "done": False} and u.confidence < 0.6
    other = read_letters(["n i c o", "n i c e"], "NIKO", "")
    assert other.value["fits"] is False and other.value["letters"] == "NICO"


@pytest.mark.parametrize(("said", "refused"), [
    ("h a 9 p y", ("spelled_digit", {"digit": "9"})),
    ("h a p & y", ("spelled_symbol", {"symbol": "ampersand"})),  # not read as "and": N
    ("o ' b r i e n", ("spelled_symbol", {"symbol": "apostrophe"})),
    ("h a p p @", ("spelled_symbol", {"symbol": "other"})),
    ("H, A, P, P, Y.", None),  # the transcript's punctuation
    ("it's h a p p y", None),
    ("h-a-p-p-y", None),
    ("c a f \u00e9", None),  # an accented letter is its letter
])
def test_a_character_with_no_tile(said: str, refused: object) -> None:
    assert no_tile(said) == refused
    got = read_letters([said], "happy", "")
    assert (got.value == {"refused": refused}) is (refused is not None)
