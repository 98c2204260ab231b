"""What the host says when a reply cannot be used, so that the table knows how to answer.

Nothing heard: what is wanted ("Please say yes or no"). A reply that fits nothing: the
answers themselves where they are few ("Say: A, B, or C.", "Say a number from 2 to 12."),
else "Please say it again". Kept apart from the dialogue's loop, which decides when to say
them (:meth:`voice.hosting.dialogue.Dialogue._reprompt`).
"""

from __future__ import annotations

from voice.hosting.exchange import Ask, Line
from voice.reply_kind import ReplyKind


def not_heard_key(ask: Ask) -> str:
    """Nothing was heard: say what is wanted ("say yes or no" where that is the answer)."""
    return "common.not_heard_yesno" if ask.expect == ReplyKind.YESNO else "common.not_heard"


def unclear_line(ask: Ask) -> Line:
    """What the host says to a reply that fits nothing at ``ask``: how to answer, where the
    answers are few ("Say: A, B, or C.", "Please say yes or no.", "Say a number from 2 to
    12."), else "Please say it again"."""
    if ask.unclear is not None:
        return ask.unclear
    name = ask.addressee
    letters = choice_letters(ask)
    if letters:
        return Line("common.unclear_choice", {"name": name, "letters": letters})
    if ask.expect == ReplyKind.YESNO:
        return Line("common.unclear_yesno", {"name": name})
    low, high = ask.request.get("min"), ask.request.get("max")
    if ask.expect == ReplyKind.NUMBER and isinstance(low, int) and isinstance(high, int):
        return Line("common.unclear_number", {"name": name, "min": low, "max": high})
    return Line("common.unclear", {"name": name})


def choice_letters(ask: Ask) -> str:
    """The letters a multiple-choice answer may be said by ("A, B, or C": with the comma
    before "or", both voices say each letter as a letter), or "" for any other Ask."""
    count = len(ask.request.get("options", ())) if ask.expect == ReplyKind.CHOICE else 0
    letters = [chr(ord("A") + i) for i in range(min(count, 26))]
    return ", ".join(letters[:-1]) + f", or {letters[-1]}" if len(letters) > 1 else ""
