"""Word Up as data: the board, the Word Up deck, the variants and the rule quotes.

Kept apart from the state machine in :mod:`engine.wordup` so the layout can be
read (and checked by a test) at a glance. The layout choices where the sheet
and RULINGS.md are silent are listed in :mod:`engine.wordup`'s docstring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import SetupError

COLOURS = ("orange", "green", "blue", "yellow")
"""Word Up's four question colours, in the order the rule sheet lists them."""

CATEGORIES: dict[str, str] = {
    "orange": "Missing Word",
    "green": "Crossword Clues",
    "blue": "Multiple Choice",
    "yellow": "Spelling",
}
"""Colour -> question category, as the sheet pairs them."""

QUESTIONS_PER_SHEET = 7
"""Questions per category on one question sheet ("all seven questions")."""

MIN_PLAYERS, MAX_PLAYERS = 2, 6
LEVELS = (1, 2, 3, 4, 5)
LEVEL_NAMES = {
    1: "Elementary",
    2: "Lower Intermediate",
    3: "Intermediate",
    4: "Upper Intermediate",
    5: "Advanced",
}

BONUS, STOP = 0, 39


@dataclass(frozen=True)
class Square:
    """One board square. ``colours`` holds one colour for a question square, two for Option."""

    kind: str
    colours: tuple[str, ...] = ()


def _board() -> tuple[Square, ...]:
    # Letters: B bonus, S stop, q question (colour assigned below), O option,
    # W Word Up, D Double, L Lose Two, F Free Two. Index = position in the string.
    layout = "BqqWqOqWqDqqWLqOqWqFqqWqDOqWLqqWqWqOqqqS"
    option_colours = {
        5: ("orange", "green"),
        15: ("green", "blue"),
        25: ("blue", "yellow"),
        35: ("yellow", "orange"),
    }
    kinds = {
        "B": "bonus", "S": "stop", "q": "question", "O": "option",
        "W": "word_up", "D": "double", "L": "lose_two", "F": "free_two",
    }
    squares: list[Square] = []
    next_colour = 0
    for index, letter in enumerate(layout):
        kind = kinds[letter]
        if kind == "question":
            squares.append(Square(kind, (COLOURS[next_colour % 4],)))
            next_colour += 1
        elif kind == "option":
            squares.append(Square(kind, option_colours[index]))
        else:
            squares.append(Square(kind))
    return tuple(squares)


BOARD: tuple[Square, ...] = _board()
"""The 40 squares, index 0 = Bonus, 39 = Stop, clockwise = increasing index."""


def next_square_of(colour: str, position: int) -> int | None:
    """The first plain question square of ``colour`` after ``position`` (None if none before Stop)."""
    for index in range(position + 1, STOP):
        square = BOARD[index]
        if square.kind == "question" and square.colours[0] == colour:
            return index
    return None


DECK: tuple[str, ...] = (
    ("any", "any")
    + tuple(f"free_or_answer:{c}" for c in COLOURS)
    + tuple(f"lose:{c}" for c in COLOURS)
    + tuple(f"move:{c}" for c in COLOURS)
    + ("exchange", "exchange", "ask_left", "ask_left", "stop_or_lose", "stop_or_lose")
)
"""The 20 Word Up cards in canonical order; a shuffle is a permutation of these indices."""


@dataclass(frozen=True)
class Variant:
    """Game settings from the sheet's "Variations on Play".

    ``tokens_to_win``: tokens of each colour needed to win (1, 2 or 3).
    ``timed``: the driver may end the game with a ``time_up`` action; most tokens wins.
    ``physical_dice``: players roll real dice and say the total, so roll prompts
    go to the player instead of to chance.
    """

    tokens_to_win: int = 2
    timed: bool = False
    physical_dice: bool = False

    def __post_init__(self) -> None:
        if type(self.tokens_to_win) is not int or self.tokens_to_win not in (1, 2, 3):
            raise SetupError(
                f"tokens to win must be 1, 2 or 3 of each colour, got {self.tokens_to_win!r}"
            )
        for name in ("timed", "physical_dice"):
            if not isinstance(getattr(self, name), bool):
                raise SetupError(f"variant setting {name} must be true or false")

    def to_json(self) -> dict[str, Any]:
        return {
            "tokens_to_win": self.tokens_to_win,
            "timed": self.timed,
            "physical_dice": self.physical_dice,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Variant:
        return Variant(
            tokens_to_win=data["tokens_to_win"],
            timed=data["timed"],
            physical_dice=data["physical_dice"],
        )


# Quotes from word-up.txt (and RULINGS.md where marked), attached to IllegalActionError.
RULE_DICE = "RULINGS: roll 2d6, move that many squares."
RULE_WAIT = "Players must stop and wait until their next turn to continue."
RULE_OPTION = (
    "Players landing on an Option square (i.e. a square bordered by two colours) may "
    "answer a question from either of the categories represented by the two colours."
)
RULE_DOUBLE = (
    "Players have the chance to earn two tokens by correctly answering a question from "
    "whichever category they choose."
)
RULE_LOSE_TWO = (
    "Players lose two tokens and stop. If they have only one token, they lose that token. "
    "If they have more than two tokens, they may choose which tokens to lose."
)
RULE_FREE_TWO = (
    "Players take two free tokens and continue. The tokens they choose must be of "
    "different colours."
)
RULE_ANY = "Players may answer a question from whichever category they choose."
RULE_EXCHANGE = (
    "Players exchange one of their tokens for another belonging to any other player, and "
    "continue. The player picking up the card decides the colour of each token exchanged "
    "and with whom he or she exchanges tokens."
)
RULE_ASK_LEFT = (
    "Players ask any question they choose from their question sheet to the player "
    "sitting to their left."
)
RULE_STOP_OR_LOSE = (
    "Players must stop and wait until their next turn to continue or, if they prefer, "
    "they may lose one token of any colour and continue."
)
RULE_WIN = "The first player to collect two scoring tokens of each colour is the winner."
RULE_TIMED = (
    "at the end of this time, the player with the most tokens is the winner. If two or "
    "more players have an equal number of tokens, they become joint-winners."
)
