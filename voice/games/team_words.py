"""Team labels and spoken lists of the team games (Sport and Leisure, Word on the Street).

Both hosts name teams and join lists the same way, only from their own
section of the phrases file, so the words themselves stay out of the code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from voice.speaking.phrases import Phrases


class TeamWords:
    """A game's phrases under ``prefix`` ("wordstreet.") and its team names, in seat order."""

    prefix: ClassVar[str]

    def __init__(self, phrases: Phrases, names: Sequence[str]) -> None:
        self.phrases = phrases
        self.names = list(names)

    def text(self, name: str, /, **fields: Any) -> str:
        return self.phrases.text(self.prefix + name, **fields)

    def team(self, index: int) -> str:
        """"Red" -> "Red team"; a name that already says team is kept as it is."""
        name = self.names[index]
        if name.strip().lower().endswith("team"):
            return name
        return self.text("team", name=name)

    def join(self, items: Sequence[str], word: str = "list_and") -> str:
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        return self.text(word, items=", ".join(items[:-1]), last=items[-1])
