"""Which replies the host asks about before it acts on them (the dialogue's _settle).

Each is a question about one reply (an Ask, what the ears heard, what the judge made of
it): a runner-up that is a right answer, a word said where letters were wanted, a reply
heard only through talk. Kept apart from the dialogue's loop so each reads on its own.
"""

from __future__ import annotations

from voice.hosting.exchange import Ask, Heard
from voice.reply_kind import ReplyKind
from voice.understanding.judge import Understood
from voice.understanding.letters import letters_only


def spellings(ask: Ask) -> set[str]:
    """The right spellings of a spelling Ask, letters only."""
    req = ask.request
    return {letters_only(str(s)) for s in [req.get("answer", ""), *req.get("variants", ())]}


def torn(ask: Ask, heard: Heard, result: Understood) -> bool:
    """An "unclear" whose value is a right answer the recognizer was unsure it heard: a
    spelling's runner-up, or a spoken free answer with a confirmation line."""
    if result.verdict != "unclear" or not result.value:
        return False
    if ask.expect == ReplyKind.SPELLING:
        return result.value in spellings(ask)
    return ask.expect == ReplyKind.WORD and ask.confirm is not None and not heard.typed


def said_instead(ask: Ask, result: Understood) -> bool:
    """A word said at a spelling prompt instead of its letters: no letter was read."""
    return ask.expect == ReplyKind.SPELLING and result.verdict == "unclear" and not result.value \
        and bool(result.heard) and result.command is None


def heard_through_talk(ask: Ask, heard: Heard, result: Understood) -> bool:
    """A free answer or a choice the ears were unsure of (Heard.unsure: heard through talk
    naming no accepted answer, or over the host's voice): its words may be the talk's or the
    host's echo, so it is said back before it is judged."""
    return (ask.expect in (ReplyKind.WORD, ReplyKind.CHOICE) and heard.unsure
            and not heard.typed and ask.confirm is not None and ask.understand is None
            and result.verdict in ("correct", "wrong") and result.value is not None
            and not isinstance(result.value, bool) and result.command is None)


def spelling_heard_weakly(ask: Ask, heard: Heard, result: Understood) -> bool:
    """Letters heard weakly (Heard.unsure: talk or noise over them) that spell no right
    answer: the host was unsure what it heard, so it says them back before judging them
    wrong ("Did you say C-A-N-B-E-R?"; RULINGS: it may confirm what it was unsure it
    heard). A reading that spells the answer is never asked about this way."""
    return (ask.expect == ReplyKind.SPELLING and heard.unsure and not heard.typed
            and ask.confirm is not None and ask.understand is None
            and result.verdict == "wrong" and isinstance(result.value, str)
            and bool(result.value) and result.command is None)


def doubtful_reply(ask: Ask, heard: Heard, result: Understood) -> str:
    """A spoken number or yes/no heard only as a runner-up, or heard unsurely (Heard.unsure:
    through talk), said back to confirm it, or ""."""
    doubts = ("correct", "unclear") if heard.unsure else ("unclear",)
    if (ask.expect not in (ReplyKind.NUMBER, ReplyKind.YESNO) or result.verdict not in doubts
            or heard.typed
            or result.value is None or result.command is not None or ask.understand):
        return ""
    return ("yes" if result.value else "no") if ask.expect == ReplyKind.YESNO else str(result.value)


def a_quiz(ask: Ask) -> bool:
    """A question with a right answer to find (Word Up's, a trivia question): giving up is a
    wrong answer. Word on the Street's words and spellings are the team's own choice."""
    return ask.default is not None and ask.default.verdict == "wrong"
