"""Global commands: the phrases that work at every prompt.

A command must be the whole utterance (give or take "please", "can you" and
hesitations), so an answer that merely contains "again" or "stop" is never
taken for a command. The answer judges check an exact answer match *before*
asking here, so an answer that happens to be a command word ("pass" as a
Missing Word answer) is judged as an answer; see :func:`voice.understanding.judge.judge`.
"""

from __future__ import annotations

from functools import lru_cache

from rapidfuzz import fuzz

from voice.understanding.transcript import HESITATIONS, tokens

PHRASES: dict[str, tuple[str, ...]] = {
    "repeat": (
        "repeat", "repeat that", "repeat it", "repeat the question", "repeat the word",
        "say that again", "say it again", "again please", "pardon", "pardon me", "come again",
        "what was that", "what did you say", "sorry what", "what", "one more time", "once more",
        "read it again", "read that again", "ask again", "ask it again", "i didn't hear",
        "i didn't hear that", "i didn't catch that", "i did not hear", "what was the question",
        "repeat the sentence", "say the word again",
    ),
    "slower": (
        "slower", "slow down", "more slowly", "speak slower", "speak more slowly", "too fast",
        "not so fast", "say it slower", "go slower", "read slower",
    ),
    "slowly": (
        "say it slowly", "say that slowly", "read it slowly", "read that slowly", "slowly",
        "slowly please", "say it again slowly", "can you say it slowly",
    ),
    "faster": (
        "faster", "speed up", "quicker", "hurry up", "too slow", "speak faster", "go faster",
        "speak quicker", "read faster",
    ),
    "spell": (
        "spell", "spell that", "spell it", "spell that word", "spell the word", "spell it out",
        "how do you spell that", "how do you spell it", "spell that for me", "spell it for me",
    ),
    "score": (
        "score", "scores", "the score", "what's the score", "what is the score", "tell me the score",
        "how many do i have", "who's winning",
        "who is winning", "how am i doing", "how are we doing", "what are the scores",
    ),
    "whose_turn": (
        "whose turn", "whose turn is it", "who's turn", "who's turn is it", "who is next",
        "who's next", "who goes next", "who's up", "who is up", "is it my turn", "whose go",
        "whose go is it", "who's go is it",
    ),
    "where_am_i": (
        "where am i", "where are we", "where is my piece", "where's my piece", "what square",
        "what square am i on", "where are we on the board", "where am i on the board",
    ),
    "tokens": (
        "what are my tokens", "my tokens", "what tokens do i have", "which tokens do i have",
        "how many tokens", "how many tokens do i have", "what have i got", "what do i have",
        "what are our tokens", "our tokens", "what are our cards", "our cards", "my cards",
        "what cards do we have", "which cards do we have", "what are our tiles", "our tiles",
        "what tiles do we have", "which tiles have we got",
    ),
    "help": (
        "help", "help me", "help please", "what can i say", "what do i say", "how does this work",
        "instructions", "what are the rules", "i need help", "what do i do",
    ),
    "pause": (
        "pause", "pause the game", "pause game", "hold on", "hang on", "wait a minute",
        "wait a moment", "wait a second", "take a break", "let's take a break", "time out",
    ),
    "resume": (
        "resume", "resume the game", "continue", "continue the game", "carry on", "unpause",
        "let's continue", "i'm back", "we're back", "go", "go on", "go ahead",
    ),
    "undo": (
        "undo", "undo that", "take that back", "take it back", "go back", "undo last",
        "undo the last one", "cancel that",
    ),
    "skip": (
        "skip", "skip it", "skip this", "skip that", "skip this one", "skip question",
        "skip the question", "next question", "pass", "i pass", "we pass", "pass please",
    ),
    "quit": (
        "quit", "quit the game", "quit game", "exit", "exit the game", "end the game",
        "stop the game", "i want to quit", "goodbye", "good bye", "bye", "bye bye",
        "let's stop playing", "finish the game", "game over",
    ),
    "that_was_right": (
        "that was right", "that was correct", "i was right", "i got it right", "i got that right",
        "that answer was right", "that should be right", "that should have been right",
        "my answer was right", "that's correct actually",
    ),
    "that_was_wrong": (
        "that was wrong", "that was incorrect", "i was wrong", "i got it wrong", "i got that wrong",
        "that wasn't right", "that was not right", "that answer was wrong", "that should be wrong",
        "my answer was wrong",
    ),
    "ready": (
        "ready", "i'm ready", "we're ready", "i am ready", "we are ready", "ready now",
        "ready to go", "i'm ready now",
    ),
    "stop": (
        "stop", "stop it", "stop this", "stop that", "stop talking", "stop reading", "be quiet",
        "quiet", "quiet please",
        "shut up", "silence", "enough", "that's enough",
    ),
}

COMMANDS: tuple[str, ...] = (
    "repeat", "slowly", "slower", "faster", "spell", "score", "whose_turn", "where_am_i", "tokens", "help",
    "pause",
    "resume", "undo", "skip", "quit", "that_was_right", "that_was_wrong", "ready", "stop",
)

_POLITE_LEAD = tuple(
    tuple(p.split())
    for p in (
        "can you please", "could you please", "would you please", "can you", "could you",
        "would you", "will you", "please", "ok", "okay", "hey", "oh", "um", "er", "sorry",
        "excuse me", "computer", "host",
    )
)
_POLITE_TRAIL = tuple(tuple(p.split()) for p in ("please", "thanks", "thank you", "now"))
_SPELL_LEAD = tuple(
    tuple(p.split())
    for p in ("how do you spell", "how do i spell", "can you spell", "spell the word", "spell")
)
_FUZZY_MIN = 90.0
"""Fuzzy command matches need this rapidfuzz ratio and at least two words:
"what's the store" is the score, but no single word is bent into a command."""

_TABLE: dict[str, str] = {p: name for name, ps in PHRASES.items() for p in ps}
_MULTI = [p for p in _TABLE if " " in p]


def _strip(toks: list[str]) -> list[str]:
    toks = [t for t in toks if t not in HESITATIONS]
    changed = True
    while changed and toks:
        changed = False
        for phrase in _POLITE_LEAD:
            n = len(phrase)
            if len(toks) > n and tuple(toks[:n]) == phrase:
                toks, changed = toks[n:], True
                break
        for phrase in _POLITE_TRAIL:
            n = len(phrase)
            if len(toks) > n and tuple(toks[-n:]) == phrase:
                toks, changed = toks[:-n], True
                break
    return toks


def spell_target(heard: str) -> str | None:
    """The word in "spell borrow" / "how do you spell borrow", else None."""
    toks = _strip(tokens(heard))
    for phrase in _SPELL_LEAD:
        n = len(phrase)
        if len(toks) > n and tuple(toks[:n]) == phrase:
            rest = [t for t in toks[n:] if t not in ("that", "word", "the", "please", "again")]
            if len(rest) == 1:
                return rest[0]
            return None
    return None


def _once(toks: list[str]) -> list[str]:
    """A phrase said over and over, once: "stop stop", "stop it stop it stop it" (a player
    cutting in repeats it until the host stops)."""
    for n in range(1, len(toks) // 2 + 1):
        if len(toks) % n == 0 and toks == toks[:n] * (len(toks) // n):
            return toks[:n]
    return toks


@lru_cache(maxsize=4096)
def command_match(heard: str) -> tuple[str, str, bool] | None:
    """(command, the phrase it is, exact) for the whole utterance, or None.

    ``exact`` is False for a near miss ("what's the store"): the dialogue asks
    before it obeys one, since it may be an answer that merely sounds like it.
    """
    raw = [t for t in tokens(heard) if t not in HESITATIONS]
    name = _TABLE.get(" ".join(raw))
    if name is not None:
        return name, " ".join(raw), True
    toks = _once(_strip(raw))
    if not toks:
        return None
    text = " ".join(toks)
    name = _TABLE.get(text)
    if name is not None:
        return name, text, True
    if spell_target(text) is not None:
        return "spell", text, True
    if len(toks) >= 2:
        best, best_score = None, 0.0
        for phrase in _MULTI:
            score = fuzz.ratio(text, phrase, score_cutoff=_FUZZY_MIN)
            if score > best_score:
                best, best_score = phrase, score
        if best is not None:
            # "whats the score" typed or heard without its apostrophe is the phrase itself
            same = text.replace("'", "") == best.replace("'", "")
            return _TABLE[best], best, same
    return None


def parse_command(heard: str) -> str | None:
    """The global command the whole utterance asks for, or None."""
    match = command_match(heard)
    return None if match is None else match[0]


def command_phrases() -> list[str]:
    """Every command phrase, for recognizer grammars."""
    return list(_TABLE)
