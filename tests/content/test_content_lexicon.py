"""Facts the shipped lexicon must know, read through the public loader."""

from __future__ import annotations

import pytest

from content.lexicon import Lexicon, load_lexicon


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return load_lexicon()


def test_loader_is_cached(lex: Lexicon) -> None:
    assert load_lexicon() is lex


@pytest.mark.parametrize(
    "word", ["the", "kitten", "borrow", "colour", "color", "Milk", "analyse", "shells"]
)
def test_common_words_are_known(lex: Lexicon, word: str) -> None:
    assert lex.is_word(word)


@pytest.mark.parametrize("word", ["xqzt", "kittten", "borow", "", "colr", "-", "milk-"])
def test_nonsense_is_unknown(lex: Lexicon, word: str) -> None:
    assert not lex.is_word(word)


def test_hyphenated_compound_needs_every_part(lex: Lexicon) -> None:
    assert lex.is_word("ice-cream")
    assert not lex.is_word("ice-xqzt")


def test_proper_nouns_are_separate(lex: Lexicon) -> None:
    assert lex.is_word("Paris") and lex.is_word("paris")
    assert not lex.is_word("Paris", proper=False)
    assert "paris" not in lex.words


def test_accented_words_and_their_plain_forms(lex: Lexicon) -> None:
    assert lex.is_word("café") and lex.is_word("cafe")


def test_words_are_lower_case_without_possessives(lex: Lexicon) -> None:
    assert len(lex.words) > 80_000
    assert all(w == w.lower() for w in lex.words)
    assert not any(w.endswith("'s") for w in lex.words)


@pytest.mark.parametrize(
    ("british", "american"),
    [
        ("colour", "color"),
        ("centre", "center"),
        ("analyse", "analyze"),
        ("realise", "realize"),
        ("travelled", "traveled"),
        ("catalogue", "catalog"),
        ("defence", "defense"),
        ("programme", "program"),
        ("grey", "gray"),
    ],
)
def test_british_american_variants(lex: Lexicon, british: str, american: str) -> None:
    assert lex.variants(british) == lex.variants(american)
    assert {british, american} <= lex.variants(british)
    assert lex.variants(british.upper()) == lex.variants(british)


def test_word_without_variants_is_its_own_variant(lex: Lexicon) -> None:
    assert lex.variants("Kitten") == frozenset({"kitten"})


@pytest.mark.parametrize(
    ("word", "expected"),
    [("flour", "flower"), ("flower", "flour"), ("knight", "night"), ("pair", "pear"),
     ("their", "there"), ("write", "right")],
)
def test_homophones(lex: Lexicon, word: str, expected: str) -> None:
    assert expected in lex.homophones(word)
    assert word not in lex.homophones(word)


def test_spelling_variants_are_not_homophones(lex: Lexicon) -> None:
    assert "color" not in lex.homophones("colour")
    assert lex.homophones("kitten") == frozenset()
