"""Pronunciation help: what is asked, what is allowed, and that no answer is ever given away."""

from __future__ import annotations

import pytest
from learner_items import CHOICE, CLUE, COLOUR, GAP_ITEM, SPELL

from voice.learning.pronounce_help import (
    HelpRequest,
    glossary,
    help_for,
    parse_help,
    question_words,
)


@pytest.mark.parametrize(("said", "kind", "word"), [
    ("how do you say borrow", "say", "borrow"),
    ("um how do you pronounce, uh, breakfast?", "say", "breakfast"),
    ("say eggs slowly please", "say", "eggs"),
    ("how is Wednesday pronounced", "say", "wednesday"),
    ("say it slowly", "slowly", None),
    ("could you say that more slowly", "slowly", None),
    ("spell mix", "spell", "mix"),
    ("how do you spell the word grain", "spell", "grain"),
    ("spell it for me", "spell", None),
    ("what does grain mean", "define", "grain"),
    ("what does that mean", "define", None),
    ("what is the meaning of kitten", "define", "kitten"),
    ("what's a kitten", "define", "kitten"),
])
def test_parse(said: str, kind: str, word: str | None) -> None:
    assert parse_help(said) == HelpRequest(kind, word)  # type: ignore[arg-type]


@pytest.mark.parametrize("said", ["flour", "f l o u r", "repeat", "the answer is kitten",
                                  "say", "how do you say", "borrow it", ""])
def test_not_help(said: str) -> None:
    assert parse_help(said) is None


def test_say_any_word_slowly_twice() -> None:
    for item in (SPELL, GAP_ITEM, CLUE, CHOICE):
        reply = help_for(item, HelpRequest("say", "week"))
        assert reply.allowed and reply.slow and reply.key == "learn.say_word"
        assert reply.fields == {"word": "week"}
    # Saying the Spelling target is what the reader does anyway.
    assert help_for(SPELL, HelpRequest("say", None)).fields == {"word": "flour"}


def test_spelling_target_and_its_soundalikes_are_never_spelled() -> None:
    for heard in ("flour", "flower", None, "Flour"):
        reply = help_for(SPELL, HelpRequest("spell", heard))
        assert not reply.allowed and reply.spell is None
        assert reply.key == "learn.refuse_spell_target"
    for heard in ("colour", "color"):
        assert not help_for(COLOUR, HelpRequest("spell", heard)).allowed
    other = help_for(SPELL, HelpRequest("spell", "eggs"))
    assert other.allowed and other.spell == "eggs" and other.key == "learn.spelling_word"


def test_spelling_on_request_only_words_of_the_question() -> None:
    for item, word in ((GAP_ITEM, "seven"), (CLUE, "young"), (CHOICE, "friend")):
        reply = help_for(item, HelpRequest("spell", word))
        assert reply.allowed and reply.spell == word
        outside = help_for(item, HelpRequest("spell", "elephant"))
        assert not outside.allowed and outside.key == "learn.spell_only_question_words"
    # A hidden answer is not in the question: refused like any outside word.
    for item, answer in ((GAP_ITEM, "week"), (CLUE, "kitten")):
        assert not help_for(item, HelpRequest("spell", answer)).allowed
    assert help_for(GAP_ITEM, HelpRequest("spell", None)).key == "learn.which_word"


def test_a_form_of_the_spelling_target_is_never_spelled() -> None:
    for heard in ("flours", "colours", "colored"):
        item = SPELL if heard.startswith("f") else COLOUR
        reply = help_for(item, HelpRequest("spell", heard))
        assert not reply.allowed and reply.key == "learn.refuse_spell_target"


def test_definitions_never_reveal_an_answer() -> None:
    words = glossary([GAP_ITEM, CLUE, SPELL], base={})
    assert words == {"week": "seven days", "kitten": "a young cat",
                     "flour": "powder made from grain"}
    # The Missing Word answer is not in the question: same reply as any outside word.
    hidden = help_for(GAP_ITEM, HelpRequest("define", "week"), glossary=words)
    outside = help_for(GAP_ITEM, HelpRequest("define", "banana"), glossary=words)
    assert not hidden.allowed and hidden.key == outside.key == "learn.define_only_question_words"
    assert "seven days" not in str(hidden.fields)
    clue = help_for(CLUE, HelpRequest("define", "kitten"), glossary=words)
    assert not clue.allowed and "young cat" not in str(clue.fields)
    # "What does that mean" has nothing definite to explain outside Spelling.
    assert help_for(CLUE, HelpRequest("define", None)).key == "learn.which_word"
    # Every multiple-choice option is refused alike, so the refusal tells nothing.
    keys = {help_for(CHOICE, HelpRequest("define", w), glossary={"borrow": "x", "lend": "y",
                                                                 "steal": "z"}).key
            for w in ("borrow", "lend", "steal")}
    assert keys == {"learn.refuse_define_option"}


def test_spelling_target_meaning_is_given() -> None:
    reply = help_for(SPELL, HelpRequest("define", None))
    assert reply.allowed and reply.key == "learn.define"
    assert reply.fields == {"word": "flour", "definition": "powder made from grain"}
    assert not help_for(COLOUR, HelpRequest("define", "colour")).allowed  # no definition


def test_question_words_explained_from_the_glossary() -> None:
    reply = help_for(GAP_ITEM, HelpRequest("define", "days"), glossary={"days": "plural of day"})
    assert reply.allowed and reply.fields["definition"] == "plural of day"
    none = help_for(GAP_ITEM, HelpRequest("define", "seven"), glossary={})
    assert not none.allowed and none.key == "learn.no_definition"


def test_near_miss_from_the_recognizer_is_the_question_word() -> None:
    reply = help_for(SPELL, HelpRequest("say", "egg"))
    assert reply.word == "eggs"
    assert "___" not in question_words(GAP_ITEM) and "days" in question_words(GAP_ITEM)


def test_say_it_slowly_repeats_the_question() -> None:
    assert help_for(SPELL, HelpRequest("slowly")).fields == {
        "text": "Mix the flour with two eggs. flour."}
    text = help_for(CHOICE, HelpRequest("slowly")).fields["text"]
    assert text.endswith("borrow it. lend it. steal it.")
    assert help_for(GAP_ITEM, HelpRequest("slowly")).slow


def test_shipped_definitions_explain_question_words() -> None:
    """Words of a question no item defines get WordNet's learner definition."""
    words = glossary([GAP_ITEM, CLUE, SPELL])
    assert words["week"] == "seven days"  # an author's definition wins over WordNet's
    reply = help_for(GAP_ITEM, HelpRequest("define", "seven"), glossary=words)
    assert reply.allowed and reply.fields["definition"] == "being one more than six"
    # Still refused: the hidden answer, the options, and the Spelling target
    # beyond its own definition.
    assert not help_for(GAP_ITEM, HelpRequest("define", "week"), glossary=words).allowed
    assert help_for(CHOICE, HelpRequest("define", "borrow"), glossary=words).key == \
        "learn.refuse_define_option"
    assert not help_for(COLOUR, HelpRequest("define", "colour"),
                        glossary={"colour": "a visual attribute"}).allowed


def test_a_definition_naming_a_hidden_word_is_not_read() -> None:
    # "days" defined with the Missing Word answer would give it away.
    words = {"days": "seven in a week", "seven": "one more than six"}
    assert not help_for(GAP_ITEM, HelpRequest("define", "days"), glossary=words).allowed
    assert help_for(GAP_ITEM, HelpRequest("define", "seven"), glossary=words).allowed
    # A form of the Spelling target in another word's definition: not read.
    reply = help_for(SPELL, HelpRequest("define", "eggs"), glossary={"eggs": "mixed with flours"})
    assert not reply.allowed and reply.key == "learn.no_definition"
