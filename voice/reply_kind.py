"""The kinds of reply a prompt expects: one name each, shared by every layer of voice/.

Hearing (a recognizer's grammar, the endpointer), understanding (the judge) and hosting (an
:class:`~voice.hosting.exchange.Ask`) all branch on what the table is asked for, so the
vocabulary lives below all of them, like :mod:`voice.errors`.

A :class:`~enum.StrEnum`, not a plain Enum: judge requests are JSON (``tabletop judge``
reads ``{"kind": "spelling", ...}``, the judge fixtures are files of them) and a member must
equal, hash and print as the word written there.
"""

from __future__ import annotations

from enum import StrEnum


class ReplyKind(StrEnum):
    """What a prompt expects the table to say."""

    WORD = "word"
    """A free answer, judged against accepted answers (or read by the Ask's own reader)."""
    CHOICE = "choice"
    """One of the options read out (by name or by place: "the second", "B")."""
    SPELLING = "spelling"
    """A word said letter by letter ("see ay tee", "C-A-T"); ``tabletop hear --expect
    letters`` names it for recordings."""
    YESNO = "yesno"
    """Yes or no."""
    NUMBER = "number"
    """A whole number in a range (a dice total, a player count)."""
    COMMAND = "command"
    """Only the global commands: between questions, or while the game is paused."""
    NAME = "name"
    """One of a few names (a player, a team, a card), or a new player's name."""
    COLOUR = "colour"
    """One of the board's colours (Word Up's category spaces)."""
