"""Word on the Street Junior: the street, the tiles and the spelling rules.

The street is 26 integers, one per letter A-Z, each a tile position in
``-3..+3``: 0 is the median, ``+1``/``+2`` are team 0's lanes (``+2`` nearest
its side), ``-1``/``-2`` team 1's, and ``+3``/``-3`` is off the board on that
team's side, which means captured for good (RULINGS.md). A pull by a team
moves a tile one step toward that team's side.

The spelling checks here are the ones the engine can make without a
dictionary: a single word of letters A-Z, optionally joined by hyphens.
Category fit and dictionary spelling are verdicts the voice layer hands in.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import JSON, IllegalActionError, InvalidActionError, SetupError

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The 26 letter tiles, in board order."""

INDEX = {letter: i for i, letter in enumerate(LETTERS)}

TEAMS = 2
TEAM_NAMES = ("A", "B")
"""Team 0 is the sheet's Team A, team 1 its Team B."""

DIRECTION = (1, -1)
"""Step of one pull, per team: team 0 pulls toward +3, team 1 toward -3."""

OFF = 3
"""Distance from the median at which a tile is off the board (captured)."""

NEAR_LANE = (2, -2)
"""Per team, the lane nearest that team's side (the quick-play tie-break)."""

WIN_CAPTURES = 8
"""Captured tiles that win the game."""

MAX_WORD = 60
"""Longest spelling accepted, in characters (hyphens count): a guard, not a rule."""

HYPHEN = "-"

RULE_SINGLE_WORD = (
    "Word selections must be in the form of a single word ... "
    "\u201csandbox\u201d is allowed because it\u2019s a single word, but "
    "\u201csand dollar\u201d is not allowed because it is two words"
)
RULE_LETTERS = (
    "Each letter tile is moved one space, toward the team on the street, "
    "for each time that letter appears in the selected word"
)
RULE_HYPHEN = (
    "Hyphenated and compound words are allowed because they are considered single words"
)


def captured_by(position: int) -> int | None:
    """The team that captured a tile at ``position``, or None if it is on the street."""
    if position == OFF:
        return 0
    if position == -OFF:
        return 1
    return None


def check_char(value: JSON) -> str:
    """One spoken character of a spelling: an upper-case letter or a hyphen."""
    if not isinstance(value, str):
        raise InvalidActionError(
            f"a letter must be a one-character string, got {type(value).__name__}"
        )
    if len(value) != 1:
        raise InvalidActionError(
            f"a letter must be exactly one character, got {value!r}; "
            "to give the whole spelling at once use {'word': ...}"
        )
    if value.isspace():
        raise IllegalActionError("a space makes two words", rule=RULE_SINGLE_WORD,
                                 reason="words")
    return _check_symbol(value)


REASONS = ("words", "digit", "symbol", "hyphen", "too_long")
"""The ``reason`` codes a refused spelling carries (:class:`IllegalActionError`), so the
host can say why in its own phrases without reading the spelling again."""


def _check_symbol(ch: str) -> str:
    if ch == HYPHEN:
        return ch
    upper = ch.upper()
    if upper in INDEX:
        return upper
    if ch.isdigit():
        raise IllegalActionError(
            f"{ch!r} is a digit; only the letters A-Z and hyphens can be spelled",
            rule=RULE_LETTERS, reason="digit",
        )
    name = SYMBOL_NAMES.get(ch, repr(ch))
    raise IllegalActionError(
        f"{name} has no tile; only the letters A-Z and hyphens can be spelled",
        rule=RULE_LETTERS, reason="symbol",
    )


SYMBOL_NAMES = {"'": "an apostrophe", "\u2019": "an apostrophe", ".": "a full stop",
                ",": "a comma", "&": "an ampersand", "!": "an exclamation mark",
                "?": "a question mark"}
"""Symbols a word may be heard or typed with, named as the host says them (the message is
read aloud: "an apostrophe has no tile" for "I'm", not a quoted character)."""


def check_word(value: JSON) -> str:
    """A whole spelling, upper-cased, or a clear error saying what is allowed."""
    if not isinstance(value, str):
        raise InvalidActionError(f"a word must be a string, got {type(value).__name__}")
    word = value.strip()
    if word.isascii() and word.isalpha() and len(word) <= MAX_WORD:
        return word.upper()  # the common case, already known to be letters only
    if not word:
        raise InvalidActionError("the word is empty; spell at least one letter")
    if len(word) > MAX_WORD:
        raise IllegalActionError(
            f"a spelling of {len(word)} characters is longer than the {MAX_WORD} accepted",
            reason="too_long",
        )
    if any(ch.isspace() for ch in word):
        raise IllegalActionError(f"{word!r} is more than one word", rule=RULE_SINGLE_WORD,
                                 reason="words")
    out = "".join(_check_symbol(ch) for ch in word)
    check_hyphens(out, complete=True)
    return out


def check_hyphens(spelled: str, complete: bool) -> None:
    """A hyphen joins two parts: it cannot start or end a word, or follow a hyphen."""
    bad = (
        spelled.startswith(HYPHEN)
        or HYPHEN + HYPHEN in spelled
        or (complete and spelled.endswith(HYPHEN))
    )
    if bad:
        raise IllegalActionError(
            f"{spelled!r}: a hyphen must join letters (not start or end the word, "
            "nor stand twice in a row)",
            rule=RULE_HYPHEN, reason="hyphen",
        )


def start_street(board: Mapping[str, int] | None) -> list[int]:
    """The 26 tile positions at setup: all on the median unless a board is given."""
    tiles = [0] * len(LETTERS)
    if board is None:
        return tiles
    for letter, position in board.items():
        if not isinstance(letter, str) or letter.upper() not in INDEX:
            raise SetupError(f"board key {letter!r} is not a letter A-Z")
        if isinstance(position, bool) or not isinstance(position, int):
            raise SetupError(f"board position of {letter} must be an integer -3..3")
        if not -OFF <= position <= OFF:
            raise SetupError(
                f"board position of {letter} is {position}; allowed: -3..3 "
                "(0 median, +3 captured by team A, -3 captured by team B)"
            )
        tiles[INDEX[letter.upper()]] = position
    return tiles


def captures(tiles: list[int]) -> list[int]:
    """Tiles captured per team."""
    return [tiles.count(OFF), tiles.count(-OFF)]


def near_lane(tiles: list[int]) -> list[int]:
    """Tiles per team in the lane nearest that team's side."""
    return [tiles.count(NEAR_LANE[0]), tiles.count(NEAR_LANE[1])]
