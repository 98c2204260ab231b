"""Best of Sport and Leisure: the board path, the question colours and the action cards.

The path is data, not a formula: the rule sheet's "big jumps" come from an
irregular colour sequence, so the gap from any space to the next space of a
colour runs from 1 to 7. Each colour has 10 of the 40 spaces, and every
colour's last space is within 7 of the Winning Zone, so a team nearing the
end always has somewhere to go or the Winning Zone itself.
"""

from __future__ import annotations

GO = 0
"""Index of the 'Go!' space; path spaces are 1..40."""

PATH_LENGTH = 40
"""Coloured spaces between Go and the Winning Zone."""

WINNING_ZONE = PATH_LENGTH + 1
"""Index of the Winning Zone: one past the last coloured space, so "further along" is ``>``."""

QUESTION_COLOURS = ("purple", "green", "yellow", "red")
"""The four questions on a card, in the order they are asked (index = question number)."""

LAST_QUESTION = len(QUESTION_COLOURS) - 1

_LETTERS = {"P": 0, "G": 1, "Y": 2, "R": 3}

PATH_CODE = "GRYPGYRPGYRPRYGYGRPPGRYPPYPGRYGPGRRYYGPR"
"""Colour of spaces 1..40 (P purple, G green, Y yellow, R red), from a seeded search
for a sequence with gaps 1..7 that is no plain repeat."""

PATH: tuple[int, ...] = (-1, *(_LETTERS[ch] for ch in PATH_CODE))
"""``PATH[i]`` is the colour index of space ``i`` (``PATH[0]`` is Go, no colour)."""


def _next_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for colour in range(len(QUESTION_COLOURS)):
        row = []
        for pos in range(WINNING_ZONE + 1):
            ahead = [i for i in range(pos + 1, PATH_LENGTH + 1) if PATH[i] == colour]
            row.append(ahead[0] if ahead and pos != WINNING_ZONE else WINNING_ZONE)
        table.append(tuple(row))
    return tuple(table)


def _prev_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for colour in range(len(QUESTION_COLOURS)):
        row = []
        for pos in range(WINNING_ZONE + 1):
            behind = [i for i in range(1, min(pos, WINNING_ZONE)) if PATH[i] == colour]
            row.append(behind[-1] if behind else GO)
        table.append(tuple(row))
    return tuple(table)


NEXT_SPACE = _next_table()
"""``NEXT_SPACE[colour][pos]``: the next space of that colour ahead of ``pos``, or the
Winning Zone when none is left ahead (and the Winning Zone from inside it)."""

PREVIOUS_SPACE = _prev_table()
"""``PREVIOUS_SPACE[colour][pos]``: the last space of that colour behind ``pos``, or Go."""

# Action cards: names are the engine's vocabulary; the voice layer says them.
MOVE_THE_GOALPOSTS = "move_the_goalposts"
NEW_BALLS_PLEASE = "new_balls_please"
SIN_BIN = "sin_bin"
SECOND_WIND = "second_wind"
RUN_FOR_THE_MONEY = "run_for_the_money"
OWN_GOAL = "own_goal"

CARD_TYPES = (
    MOVE_THE_GOALPOSTS,
    NEW_BALLS_PLEASE,
    SIN_BIN,
    SECOND_WIND,
    RUN_FOR_THE_MONEY,
    OWN_GOAL,
)
"""The six types, in the sheet's order; card id ``i`` (0..11) is ``CARD_TYPES[i // 2]``."""

ACTION_DECK_SIZE = 2 * len(CARD_TYPES)
HAND_SIZE = 3

PLAYING_TEAM_CARDS = frozenset({MOVE_THE_GOALPOSTS, NEW_BALLS_PLEASE, SECOND_WIND})
"""Played by the answering team; the other three by the Question Master's team."""

CARD_TITLES = {
    MOVE_THE_GOALPOSTS: "Move the Goalposts",
    NEW_BALLS_PLEASE: "New Balls, Please",
    SIN_BIN: "Sin Bin",
    SECOND_WIND: "Second Wind",
    RUN_FOR_THE_MONEY: "Run for the Money",
    OWN_GOAL: "Own Goal",
}

CARD_RULES = {
    MOVE_THE_GOALPOSTS: (
        "MOVE THE GOALPOSTS – instead of answering one question on the current card, the "
        "playing team can move their piece forward onto a coloured space as if they’d "
        "answered correctly (see Right Answer). This can be used whether or not the question "
        "has been read out. Cannot be used to move forward into the Winning Zone, or inside it."
    ),
    NEW_BALLS_PLEASE: (
        "NEW BALLS, PLEASE – if the playing team doesn’t like the look of the current card, "
        "before giving an answer to the first question they can have the card put to the "
        "back of the tray and attempt the next one instead."
    ),
    SIN_BIN: (
        "SIN BIN – before asking the first question, the Question Master (see Playing The "
        "Game) picks a member of the playing team to sit out the current card and not "
        "discuss answers with their team-mates until the next turn."
    ),
    SECOND_WIND: (
        "SECOND WIND – played by the answering team before attempting the last question on "
        "the card. If they answer correctly, the turn is kept and they carry on to answer the "
        "next card too. Can’t be used if they are in the lead on the board when using the "
        "ACTION card, or within 8 spaces of the Winning Zone."
    ),
    RUN_FOR_THE_MONEY: (
        "RUN FOR THE MONEY – played by the Question Master on the team in the lead, before "
        "they answer the first question on their card. Instead of the big jumps sometimes "
        "possible by moving onto colours, each correct answer will only move them forward by "
        "one space."
    ),
    OWN_GOAL: (
        "OWN GOAL – played by the Question Master if a correct answer is given. Rather than "
        "moving forward to the next PURPLE space, for example, the playing team has to move "
        "back to the previous one. Cannot be used in the Winning Zone."
    ),
}
"""The sheet's words, quoted in every refusal so a player hears why."""

RULE_ONCE = (
    "Each team is given a random three at the start of the game, and can play each card "
    "ONCE during the game."
)
RULE_ONE_PER_TURN = (
    "Each team may use only one Action card per turn (a turn ends when teams switch "
    "between asking and answering)."
)

SECOND_WIND_MIN_DISTANCE = 9
"""Second Wind needs the Winning Zone more than 8 spaces away: ``WINNING_ZONE - pos >= 9``."""


def card_type(card_id: int) -> str:
    return CARD_TYPES[card_id // 2]
