"""content.numbers: the one module that reads and writes English number words."""

from __future__ import annotations

import pytest

from content.numbers import number_words, numbers_to_digits


@pytest.mark.parametrize("said, digits", [
    ("twenty one", ["21"]),
    ("nineteen sixty six", ["1966"]),
    ("a hundred and five", ["a", "105"]),
    ("one hundred and five", ["105"]),
    ("one two", ["1", "2"]),
    ("nineteen oh five", ["1905"]),
    ("two thousand and one", ["2001"]),
    ("zero", ["0"]),
    ("it was 1966", ["it", "was", "1966"]),
    ("the third one", ["the", "third", "1"]),
])
def test_spoken_numbers_become_digits(said: str, digits: list[str]) -> None:
    assert numbers_to_digits(said.split()) == digits
    assert numbers_to_digits(digits) == digits  # idempotent


def test_every_number_written_reads_back() -> None:
    for n in range(101):
        written = number_words(n)
        assert numbers_to_digits(written.replace("-", " ").split()) == [str(n)], written
    assert number_words(21) == "twenty-one" and number_words(100) == "one hundred"
    with pytest.raises(ValueError):
        number_words(101)
