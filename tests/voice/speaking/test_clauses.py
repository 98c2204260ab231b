"""voice.speaking.clauses: the pieces the natural voice says a line in (pure text logic)."""

from __future__ import annotations

from voice.speaking import clauses as clause_module
from voice.speaking.clauses import Clause, clauses
from voice.speaking.tts import HUMMED_M


def test_clauses_end_at_punctuation_not_inside_words() -> None:
    assert clauses("Hello there, Ana. What is 3.5 times two? Spell: cat") == [
        Clause("Hello there", ","), Clause("Ana", "."), Clause("What is 3.5 times two", "?"),
        Clause("Spell", ":"), Clause("cat", "")]
    assert clauses(f"Seven days in a, {HUMMED_M}, . Four letters.") == [
        Clause("Seven days in a", ","), Clause(HUMMED_M, "."), Clause("Four letters", ".")]


def test_a_long_clause_is_said_as_phrases_cut_before_a_phrase_word() -> None:
    assert clauses("In which sport do players use a racket and a shuttlecock?") == [
        Clause("In which sport do players use a racket", ","), Clause("and a shuttlecock", "?")]
    # no phrase word near the middle: cut at the middle; no phrase over the limit or
    # under three words; each cut a comma (the sentence goes on), the clause's own
    # punctuation at its end
    words = " ".join(f"w{n}" for n in range(19))
    parts = clauses(words + ".")
    assert [len(p.text.split()) for p in parts] == [6, 6, 7]
    assert [p.punct for p in parts] == [",", ",", "."]
    assert " ".join(p.text for p in parts) == words
    short = "Your category is animals of the sea."
    assert clauses(short) == [Clause("Your category is animals of the sea", ".")]
    assert all(len(p.text.split()) <= clause_module.MAX_CLAUSE_WORDS
               for p in clauses("a b c d e f g h i j k l m n o p q r s t u v w x y z and"))


def test_a_fallback_word_inside_a_clause_is_made_a_clause_of_its_own() -> None:
    words = frozenset({"cricket", "went"})
    assert clause_module.words_apart(clauses("The answer is cricket. Cricket, or went?"), words) == [
        Clause("The answer is", ""), Clause("cricket", "."), Clause("Cricket", ","),
        Clause("or", ""), Clause("went", "?")]
    # whole words only, and nothing changes without any
    assert clause_module.words_apart(clauses("Crickets wentworth."), words) == [
        Clause("Crickets wentworth", ".")]
    assert clause_module.words_apart(clauses("The answer is cricket."), frozenset()) == [
        Clause("The answer is cricket", ".")]
