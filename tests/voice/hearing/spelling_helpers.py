"""How the host settles a spelling it asked about, for tests that hear real spellings."""

from __future__ import annotations

from voice.understanding.judge import Understood, doubt_questions


def settled(result: Understood, meant: str) -> str:
    """The spelling once each letter in doubt is answered as the speaker meant it (the
    host's "Was that B or C?", Dialogue._settle_letters): any letter where the reading
    lines up with ``meant``, else only the two asked about."""
    letters = list(str(result.value or ""))
    for places, heard, other in doubt_questions(result.doubt):
        k = places[0]
        if k < len(meant) and (len(meant) == len(letters) or meant[k] in (heard, other)):
            for place in places:
                letters[place] = meant[k]
    return "".join(letters)


def right_when_asked(result: Understood, meant: str) -> bool:
    """Right at once, or right once the letters the recognizer was torn over are asked."""
    if result.verdict == "correct":
        return str(result.value) == meant
    return bool(result.doubt) and settled(result, meant) == meant
