"""Table-driven tests of understanding: transcripts as recognizers really write them."""

from __future__ import annotations

from typing import Any

import pytest

from voice.understanding.judge import (
    COMMANDS,
    RequestError,
    Understood,
    doubt_questions,
    grammar_words,
    judge,
    parse_command,
    spell_target,
)
from voice.understanding.letters import readings
from voice.understanding.transcript import normalise, parse_number


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Um, I think it's the Colour!", "colour"),
        ("the answer is fled", "fled"),
        ("FLED?", "fled"),
        ("fled i think", "fled"),
        ("is it kitchen", "kitchen"),
        ("I'd go with  Café", "cafe"),
        ("ice-cream", "ice cream"),
        ("rock & roll", "rock and roll"),
        ("seven", "7"),
        ("twenty one", "21"),
        ("one hundred and five", "105"),
        ("a hundred", "100"),
        ("nineteen sixty six", "1966"),
        ("nineteen oh five", "1905"),
        ("two thousand and eight", "2008"),
        ("the", "the"),  # an answer that is a filler word survives
        ("well", "well"),
        ("um", "um"),
        ("[unk] kitchen", "kitchen"),
    ],
)
def test_normalise(text: str, want: str) -> None:
    assert normalise(text) == want


@pytest.mark.parametrize(
    ("words", "soundalikes", "want"),
    [
        ("seven", False, [7]),
        ("to", False, []),
        ("to", True, [2]),
        ("six and four", False, [6, 4]),
        ("seven eleven", False, [7, 11]),
        ("i rolled a 12", False, [12]),
    ],
)
def test_parse_number(words: str, soundalikes: bool, want: list[int]) -> None:
    assert parse_number(words.split(), soundalikes=soundalikes) == want


@pytest.mark.parametrize(
    ("heard", "want"),
    [
        ("say that again", "repeat"),
        ("sorry what was that", "repeat"),
        ("could you repeat that please", "repeat"),
        ("pardon", "repeat"),
        ("slow down", "slower"),
        ("too fast", "slower"),
        ("speed up", "faster"),
        ("spell that word", "spell"),
        ("spell borrow", "spell"),
        ("how do you spell borrow", "spell"),
        ("what's the score", "score"),
        ("what's the store", "score"),  # one letter misheard in a long phrase
        ("whose turn is it", "whose_turn"),
        ("where am i", "where_am_i"),
        ("help", "help"),
        ("pause", "pause"),
        ("carry on", "resume"),
        ("undo", "undo"),
        ("skip this one", "skip"),
        ("quit the game", "quit"),
        ("that was right", "that_was_right"),
        ("that was wrong", "that_was_wrong"),
        ("i'm ready", "ready"),
        ("stop", "stop"),
        ("kitchen", None),
        ("again", None),  # a spelling restart, not a command
        ("sorry", None),
        ("stop sign", None),
        ("stop stop", "stop"),  # said over and over until the host stops
        ("stop it stop it stop it", "stop"),
        ("stop this", "stop"),  # as a player puts it, cutting in
        ("stop this game", None),
        ("stop go", None),
        ("the score", "score"),
        ("yes", None),
        ("", None),
    ],
)
def test_parse_command(heard: str, want: str | None) -> None:
    assert parse_command(heard) == want
    if want is not None:
        assert want in COMMANDS


def test_every_command_has_phrases_and_is_reachable() -> None:
    from voice.understanding.commands import PHRASES

    assert set(PHRASES) == set(COMMANDS)
    for name, phrases in PHRASES.items():
        for phrase in phrases:
            assert parse_command(phrase) == name, phrase


def test_spell_target() -> None:
    assert spell_target("spell borrow") == "borrow"
    assert spell_target("how do you spell borrow please") == "borrow"
    assert spell_target("spell that") is None


def _j(**request: Any) -> tuple[str, Any]:
    got = judge(request)
    assert isinstance(got, Understood)
    return got.verdict, got.value


@pytest.mark.parametrize(
    ("heard", "want"),
    [
        ("yes", ("correct", True)),
        ("yeah go on", ("correct", True)),
        ("uh huh", ("correct", True)),
        ("yes please", ("correct", True)),
        ("nope", ("correct", False)),
        ("no thank you", ("correct", False)),
        ("i don't think so", ("correct", False)),
        ("of course not", ("correct", False)),
        ("maybe", ("unclear", None)),
        ("not sure", ("unclear", None)),
        ("yes no", ("unclear", None)),
        ("[unk]", ("unclear", None)),
        (["[unk]", "yes"], ("unclear", True)),
        (["", "no"], ("correct", False)),
    ],
)
def test_yesno(heard: Any, want: tuple[str, Any]) -> None:
    assert _j(kind="yesno", heard=heard) == want


def test_a_command_at_a_yesno_prompt_is_a_command() -> None:
    got = judge({"kind": "yesno", "heard": "say that again"})
    assert (got.verdict, got.value, got.command) == ("unclear", None, "repeat")


@pytest.mark.parametrize(
    ("heard", "want"),
    [
        ("seven", 7), ("7", 7), ("for", 4), ("to", 2), ("too", 2), ("won", 1), ("ate", 8),
        ("i rolled a nine", 9), ("double six", 12), ("double two", 4), ("six and four", 10),
        ("five plus three", 8), ("a dozen", 12), ("number eleven", 11),
        ("thirteen", None), ("double seven", None), ("seven eight", None), ("i want to go", None),
        ("heaven", None), ("zero", None),
    ],
)
def test_number(heard: str, want: int | None) -> None:
    assert _j(kind="number", heard=heard) == (("correct", want) if want else ("unclear", None))


def test_number_range() -> None:
    assert _j(kind="number", heard="fifteen", min=1, max=20) == ("correct", 15)
    assert _j(kind="number", heard="fifteen") == ("unclear", None)


BORROW = {"kind": "choice", "options": ["borrow", "lend", "steal"]}


@pytest.mark.parametrize(
    ("answer", "heard", "want"),
    [
        ("borrow", "the first one", ("correct", 0)),
        ("borrow", "a", ("correct", 0)),
        ("borrow", "option a", ("correct", 0)),
        ("borrow", "i think it's borrow", ("correct", 0)),
        ("borrow", "barrow", ("correct", 0)),
        ("borrow", "lend", ("wrong", 1)),
        ("borrow", "the last one", ("wrong", 2)),
        ("lend", "bee", ("correct", 1)),
        ("lend", "number two", ("correct", 1)),
        ("lend", "option to", ("correct", 1)),
        ("lend", "the middle one", ("correct", 1)),
        ("lend", "see", ("unclear", 2)),  # "bee"/"see" sound alike: confirm
        ("lend", "charlie", ("wrong", 2)),  # NATO is reliable
        ("steal", "steel", ("correct", 2)),
        ("steal", "borrow or lend", ("unclear", None)),
        ("steal", "d", ("unclear", None)),
        ("steal", "not lend", ("unclear", None)),
        ("steal", ["lend", "steal"], ("unclear", 1)),  # recognizer torn: confirm
    ],
)
def test_choice(answer: str, heard: Any, want: tuple[str, Any]) -> None:
    assert _j(**BORROW, answer=answer, heard=heard) == want


def test_choice_numeric_options_read_the_number_as_text() -> None:
    req = {"kind": "choice", "options": ["2", "4", "6"], "answer": "4"}
    assert _j(**req, heard="four") == ("correct", 1)
    assert _j(**req, heard="two") == ("wrong", 0)
    assert _j(**req, heard="the second one") == ("correct", 1)


def test_choice_answer_may_be_an_index() -> None:
    assert _j(**BORROW, answer=2, heard="steal") == ("correct", 2)


COLOUR = {"kind": "spelling", "answer": "colour", "variants": ["color"]}


@pytest.mark.parametrize(
    ("request_", "heard", "want"),
    [
        (COLOUR, "see oh el oh you are", ("correct", "colour")),
        (COLOUR, "c o l o r", ("correct", "color")),
        (COLOUR, "c o l ... no, c o l o u r", ("correct", "colour")),
        (COLOUR, "c o l sorry start again c o l o u r", ("correct", "colour")),
        (COLOUR, "charlie oscar lima oscar uniform romeo", ("correct", "colour")),
        (COLOUR, "capital c o l o u r", ("correct", "colour")),
        (COLOUR, "it's spelled c o l o u r", ("correct", "colour")),
        (COLOUR, "colour c o l o u r", ("correct", "colour")),
        (COLOUR, "c o l l o r", ("wrong", "collor")),
        (COLOUR, "colour", ("unclear", "")),
        ({"kind": "spelling", "answer": "coffee"}, "c o double f double e", ("correct", "coffee")),
        ({"kind": "spelling", "answer": "window"}, "double u i n d o double you", ("correct", "window")),
        ({"kind": "spelling", "answer": "vacuum"}, "v a c double u m", ("correct", "vacuum")),
        ({"kind": "spelling", "answer": "peter"}, "p as in peter e t e r", ("correct", "peter")),
        ({"kind": "spelling", "answer": "peter"}, "bee e t e r", ("unclear", "beter")),
        ({"kind": "spelling", "answer": "peter"}, "bravo e t e r", ("wrong", "beter")),
        ({"kind": "spelling", "answer": "zebra"}, "zed e b r a", ("correct", "zebra")),
        ({"kind": "spelling", "answer": "zebra"}, "zee e bee are a", ("correct", "zebra")),
        ({"kind": "spelling", "answer": "house"}, "aitch oh you ess e", ("correct", "house")),
        ({"kind": "spelling", "answer": "yellow"}, "why e double l o w", ("correct", "yellow")),
        ({"kind": "spelling", "answer": "box"}, "bee oh ex", ("correct", "box")),
        ({"kind": "spelling", "answer": "know"}, "kay no double u", ("correct", "know")),
        ({"kind": "spelling", "answer": "know"}, "n o w", ("wrong", "now")),
        ({"kind": "spelling", "answer": "T-Shirt"}, "t s h i r t", ("correct", "tshirt")),
        ({"kind": "spelling", "answer": "jam"}, "j a n", ("unclear", "jan")),
        ({"kind": "spelling", "answer": "cat"}, "spell c a t", ("correct", "cat")),
    ],
)
def test_spelling(request_: dict[str, Any], heard: str, want: tuple[str, Any]) -> None:
    assert _j(**request_, heard=heard) == want


def test_a_spoken_near_miss_names_the_letters_in_doubt_and_a_typed_one_is_wrong() -> None:
    request = {"kind": "spelling", "answer": "neighbour", "heard": "n e i g h p o u r"}
    spoken = judge(request)
    assert (spoken.verdict, spoken.value, spoken.doubt) == ("unclear", "neighpour",
                                                            ((5, "p", "b"),))
    typed = judge({**request, "typed": True})
    assert (typed.verdict, typed.value, typed.doubt) == ("wrong", "neighpour", ())
    with pytest.raises(RequestError, match="'typed' must be true or false"):
        judge({**request, "typed": "yes"})


def test_a_letter_the_recognizer_was_torn_over_is_asked_about_not_taken() -> None:
    """"C" said for the answer B, heard as B with C close behind: asked about ("Was that B
    or C?"), as the answer heard second would be. A NATO word, a runner-up that is itself
    a right spelling, or the other letters of a longer spelling leave no doubt."""
    torn = judge({"kind": "spelling", "answer": "b", "heard": ["b", "c", "e"]})
    assert (torn.verdict, torn.value, torn.doubt) == ("unclear", "b", ((0, "b", "c"),))
    two = judge({"kind": "spelling", "answer": "ox", "heard": ["o x", "o s", "a s"]})
    assert (two.verdict, two.doubt) == ("unclear", ((0, "o", "a"), (1, "x", "s")))
    nato = judge({"kind": "spelling", "answer": "b", "heard": ["bravo", "c"]})
    assert nato.verdict == "correct"
    both = judge({"kind": "spelling", "answer": "ok", "variants": ["oc"],
                  "heard": ["o k", "o c"]})
    assert both.verdict == "correct"
    longer = judge({"kind": "spelling", "answer": "cat", "heard": ["c a t", "c a p"]})
    assert longer.verdict == "correct"
    word = judge({"kind": "spelling", "answer": "t", "heard": ["t", "tapper"]})
    assert (word.verdict, word.value, word.doubt) == ("unclear", "t", ())  # "Did you say T?"
    assert judge({"kind": "spelling", "answer": "t", "heard": ["tango", "tapper"]}).verdict \
        == "correct"
    typed = judge({"kind": "spelling", "answer": "b", "heard": ["b", "c"], "typed": True})
    assert typed.verdict == "correct"


def test_spelling_reads_ambiguous_words_every_way() -> None:
    letters = [r.letters for r in readings("c o l no c o l o u r")]
    assert letters[0] == "colour" and "colnocolour" in letters
    assert {r.letters for r in readings("double u")} == {"w", "uu"}


def test_an_answer_that_is_a_nato_word_said_before_its_letters_is_the_word() -> None:
    """"Tango: T, A, N, G, O" spells tango (before, the word was read as its T); its NATO
    spelling still does, and a letter more is still wrong."""
    def verdict(heard: str) -> tuple[str, object]:
        got = judge({"kind": "spelling", "answer": "tango", "heard": [heard]})
        return got.verdict, got.value

    assert verdict("tango t a n g o") == ("correct", "tango")
    assert verdict("tango alpha november golf oscar") == ("correct", "tango")
    assert verdict("tango t a n g o o") == ("wrong", "tangoo")
    assert judge({"kind": "spelling", "answer": "hotel",
                  "heard": ["hotel h o t e"]}).verdict == "wrong"


def test_a_command_wins_at_a_spelling_prompt() -> None:
    got = judge({**COLOUR, "heard": "what's the score"})
    assert (got.verdict, got.command) == ("unclear", "score")


@pytest.mark.parametrize(
    ("request_", "want"),
    [
        ({"kind": "name", "options": ["Anna", "Ben", "Chloe"], "heard": "it's ben"}, ("correct", "Ben")),
        ({"kind": "name", "options": ["Anna", "Ben", "Chloe"], "heard": "dave"}, ("unclear", None)),
        ({"kind": "name", "options": ["Team Red", "Team Blue"], "heard": "blue"}, ("correct", "Team Blue")),
        ({"kind": "name", "options": ["Team Red", "Team Blue"], "heard": "team"}, ("unclear", None)),
        ({"kind": "name", "options": ["Ann", "Ben"], "answer": "Ben", "heard": "ann"}, ("wrong", "Ann")),
        ({"kind": "colour", "heard": "gray"}, ("correct", "grey")),
        ({"kind": "colour", "heard": "the yellow one"}, ("correct", "yellow")),
        ({"kind": "colour", "options": ["orange", "green"], "heard": "red"}, ("unclear", None)),
        # colours are not a numbered list: a "green" heard as "three" is no colour
        ({"kind": "colour", "options": ["green", "blue", "yellow"], "heard": "three"},
         ("unclear", None)),
        ({"kind": "colour", "options": ["green", "blue", "yellow"], "heard": "b"},
         ("unclear", None)),
        ({"kind": "name", "options": ["Anna", "Ben", "Chloe"], "heard": "the second one"},
         ("correct", "Ben")),
    ],
)
def test_names_and_colours(request_: dict[str, Any], want: tuple[str, Any]) -> None:
    assert _j(**request_) == want


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"kind": "riddle", "heard": "x"}, "unknown kind"),
        ({"kind": "word", "accepted": ["a"]}, "missing 'heard'"),
        ({"kind": "word", "heard": "x"}, "'accepted'"),
        ({"kind": "word", "accepted": [], "heard": "x"}, "'accepted'"),
        ({"kind": "word", "accepted": ["a"], "heard": 3}, "'heard'"),
        ({"kind": "choice", "options": ["a", "b"], "answer": "c", "heard": "a"}, "'answer'"),
        ({"kind": "spelling", "heard": "c a t"}, "'answer'"),
        ({"kind": "number", "heard": "one", "min": 5, "max": 1}, "'min'"),
    ],
)
def test_malformed_requests_say_what_is_wrong(request_: dict[str, Any], message: str) -> None:
    from voice.understanding.judge import RequestError

    with pytest.raises(RequestError, match=message):
        judge(request_)


@pytest.mark.parametrize(
    ("kind", "expected", "must", "must_not"),
    [
        ("word", ["Colour"], ["colour", "color", "repeat", "what's the score"], ["bee", "yes"]),
        ("word", ["flour"], ["flour", "flower"], []),
        ("choice", ["borrow", "lend"], ["borrow", "b", "bee", "the first one", "last"], ["yes"]),
        ("spelling", ["colour"], ["colour", "c", "see", "zed", "double", "papa", "help"], []),
        ("yesno", [], ["yes", "no", "yeah", "nope", "skip"], ["seven"]),
        ("number", [], ["seven", "twelve", "double", "quit"], ["yes"]),
        ("command", [], ["say that again", "undo"], ["yes"]),
        ("colour", [], ["orange", "green", "blue", "yellow", "pause"], []),
    ],
)
def test_grammar_words(kind: str, expected: list[str], must: list[str], must_not: list[str]) -> None:
    words = grammar_words(kind, expected)
    assert len(words) == len(set(words))
    assert all(w == w.lower() and w.strip() == w and w for w in words)
    for w in must:
        assert w in words, w
    for w in must_not:
        assert w not in words, w


def test_grammar_words_rejects_an_unknown_kind() -> None:
    with pytest.raises(ValueError, match="allowed"):
        grammar_words("riddle")


@pytest.mark.parametrize("kind, heard, request_extra, want", [
    ("number", ["undo", "one"], {}, 1),          # "one" heard as "undo" first
    ("number", ["pardon", "one"], {}, 1),
    ("number", ["enough", "zero"], {"min": 0, "max": 9}, 0),
    ("yesno", ["go", "no"], {}, False),
])
def test_an_answer_that_fits_beats_a_command_that_sounds_like_it(
        kind: str, heard: list[str], request_extra: dict[str, object], want: object) -> None:
    result = judge({"kind": kind, "heard": heard, **request_extra})
    assert (result.verdict, result.value, result.command) == ("correct", want, None)


def test_a_command_alone_is_a_command_and_a_near_miss_is_less_sure() -> None:
    assert judge({"kind": "number", "heard": ["undo"]}).command == "undo"
    exact = judge({"kind": "yesno", "heard": ["what's the score"]})
    near = judge({"kind": "yesno", "heard": ["what's the store"]})
    assert exact.command == near.command == "score"
    assert exact.confidence == 0.9 and near.confidence < 0.9
    # a command inside a longer answer is no command
    assert judge({"kind": "word", "heard": ["stop sign"], "accepted": ["stop sign"]}).verdict \
        == "correct"


def test_a_doubled_letter_in_doubt_is_one_question_and_other_doubts_are_their_own() -> None:
    assert doubt_questions([(9, "b", "t"), (10, "b", "t")]) == [((9, 10), "b", "t")]
    assert doubt_questions([(2, "b", "t"), (5, "b", "t")]) == [((2,), "b", "t"), ((5,), "b", "t")]
    assert doubt_questions([(2, "b", "t"), (3, "b", "d")]) == [((2,), "b", "t"), ((3,), "b", "d")]
    assert doubt_questions([]) == []
