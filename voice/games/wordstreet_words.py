"""Reading a team's word and its spelling, and the dictionary's rulings on challenges.

A Word on the Street word is free: any English word, names included, so
there is no list to judge against. The best transcript is taken as the word
and checked with the shipped lexicon; a word the lexicon does not know (or a
runner-up that it does) is confirmed rather than refused, because names and
recognizer slips look alike. Blocklisted words are refused before anything is
said back. The engine's own checks (one word, letters only) decide a refusal;
the host says why in its own phrases (:func:`refusal`).

Letters are read with :mod:`voice.understanding.letters` against the part of
the chosen word still to spell, so "p u r" and then "p l e" both fit, and a
team that starts again from the first letter is not charged twice.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from content.lexicon import Lexicon
from engine.core import RulesError
from engine.wordstreet_board import check_word
from voice.understanding.judge import Understood, parse_command
from voice.understanding.letters import letters_only, near_miss, readings
from voice.understanding.transcript import HESITATIONS

_RAW = re.compile(r"[^\s,.!?;:\"()]+")
EXPLICIT_LEADS: tuple[tuple[str, ...], ...] = tuple(
    tuple(p.split()) for p in (
        "our word is", "the word is", "my word is", "our word's", "we choose", "we chose",
        "we've chosen", "we have chosen", "we pick", "we picked", "we'll go with",
        "we go with", "let's go with", "we want", "we'll say", "we say", "we said",
    )
)
"""Said before the word: after one of these, even a command word ("pass") is the word."""
WORD_LEADS = EXPLICIT_LEADS + tuple(
    tuple(p.split()) for p in ("it's", "it is", "i think", "we think", "okay", "ok", "so",
                               "a", "an", "the")
)
WORD_TRAILS = (("please",), ("thanks",), ("thank", "you"))
TOKENS_PHRASES = frozenset({
    "what are my tokens", "what are our tokens", "my tokens", "our tokens", "our tiles",
    "my tiles", "what tiles do we have", "which tiles do we have", "what tiles have we got",
    "which tiles have we got", "what letters have we got", "what letters do we have",
    "our letters", "what have we captured", "which letters have we captured",
    "what are our tiles", "what are my tiles", "what tiles have we captured",
    "which tiles have we captured", "what are our letters", "our captured tiles",
})
"""Asking for the captured tiles: the dialogue's "tokens" status (no global phrase has it)."""
DONE_PHRASES = frozenset({"done", "finished", "that's it", "that's all", "i'm done", "we're done",
                          "the end", "that is it", "end", "that's the word", "full stop"})
"""The spelling is finished ("done" after the last letter)."""


def raw_tokens(text: str) -> list[str]:
    """Lower-case words with hyphens, digits and apostrophes kept (the engine judges them)."""
    text = text.replace("\u2019", "'").lower()
    return [t for t in _RAW.findall(text) if t not in HESITATIONS]


def _strip(toks: list[str]) -> list[str]:
    changed = True
    while changed and toks:
        changed = False
        for lead in WORD_LEADS:
            n = len(lead)
            if len(toks) > n and tuple(toks[:n]) == lead:
                toks, changed = toks[n:], True
        for trail in WORD_TRAILS:
            n = len(trail)
            if len(toks) > n and tuple(toks[-n:]) == trail:
                toks, changed = toks[:-n], True
    return toks


def _explicit(toks: list[str]) -> bool:
    return any(len(toks) > len(lead) and tuple(toks[:len(lead)]) == lead
               for lead in EXPLICIT_LEADS)


def read_word(nbest: Sequence[str], lexicon: Lexicon, blocklist: Collection[str]) -> Understood:
    """The team's word from the recognizer's transcripts, best first.

    ``value`` is ``{"word": w}`` (confidence below 0.6 asks "did you say"),
    ``{"word": w, "joined": True}`` for two heard words that the lexicon
    knows as one ("sand box" -> sandbox; always confirmed), ``{"blocked":
    True}``, ``{"refused": (phrase, fields)}`` (see :func:`refusal`) or ``{"pass": True}`` ("we pass"). A
    whole utterance that is a global command ("repeat") is the command; "our
    word is pass" is the word.
    """
    alts = [a for a in nbest if raw_tokens(a)]
    if not alts:
        return Understood("unclear", None, 0.0, nbest[0] if nbest else "")
    best = alts[0]
    toks = raw_tokens(best)
    if " ".join(toks) in TOKENS_PHRASES:
        return Understood("unclear", None, 0.9, best, command="tokens")
    if not _explicit(toks):
        command = parse_command(best)
        if command == "skip":
            return Understood("correct", {"pass": True}, 1.0, best)
        if command is not None:
            return Understood("unclear", None, 0.9, best, command=command)
    toks = _strip(toks)
    said = " ".join(toks)
    if said in blocklist or any(t in blocklist for t in toks):
        return Understood("wrong", {"blocked": True}, 1.0, best)
    if len(toks) > 1:
        joined = "".join(toks)
        if joined not in blocklist and lexicon.is_word(joined):
            return Understood("correct", {"word": joined, "joined": True}, 0.5, best)
    try:
        check_word(said)
    except RulesError as exc:
        return Understood("wrong", {"refused": refusal(said, exc)}, 1.0, best)
    if lexicon.is_word(said):
        return Understood("correct", {"word": said}, 1.0, best)
    for alt in alts[1:]:
        other = " ".join(_strip(raw_tokens(alt)))
        if other and " " not in other and other not in blocklist and lexicon.is_word(other):
            try:
                check_word(other)
            except RulesError:
                continue
            return Understood("correct", {"word": other}, 0.5, alt)
    return Understood("correct", {"word": said}, 0.5, best)


SYMBOL_KEYS = {"'": "apostrophe", "\u2019": "apostrophe", ".": "full_stop", ",": "comma",
               "&": "ampersand", "!": "exclamation_mark", "?": "question_mark"}
"""Symbols a word may be heard with -> their names' phrase keys (``wordstreet.symbol.*``)."""


def refusal(said: str, exc: RulesError) -> tuple[str, dict[str, str]]:
    """Why a heard word cannot go on the board, as a phrase of ``wordstreet`` and its
    fields: ("refused_symbol", {"symbol": "apostrophe"}) for "I'm". The engine's reason
    code (``exc.reason``) decides; its message is for logs and tools, not read aloud."""
    reason = getattr(exc, "reason", "")
    if reason == "words":
        return "refused_words", {"word": said}
    if reason == "digit":
        return "refused_digit", {"digit": next((ch for ch in said if ch.isdigit()), "")}
    if reason == "symbol":
        ch = next((ch for ch in said if not (ch.isascii() and ch.isalpha()) and ch != "-"), "")
        return "refused_symbol", {"symbol": SYMBOL_KEYS.get(ch, "other")}
    if reason == "hyphen":
        return "refused_hyphen", {}
    return "refused_long", {}


NO_TILE = frozenset("0123456789&@#$%+=*/\\^~<>|_")
"""Characters a typed or heard spelling may carry that have no tile (the tiles are A-Z; an
accented letter is its letter, and sentence punctuation is the transcript's)."""


def no_tile(said: str) -> tuple[str, dict[str, str]] | None:
    """The first character of a spelling ``said`` that has no tile, as a phrase of
    ``wordstreet`` and its fields ("spelled_digit", {"digit": "9"} for "h a 9 p y"), or None.
    An apostrophe said alone is one ("o ' b r i e n"); inside a word ("it's") it is not."""
    for tok in said.replace("\u2019", "'").split():
        if not tok.strip("'"):
            return "spelled_symbol", {"symbol": SYMBOL_KEYS["'"]}
        ch = next((c for c in tok if c in NO_TILE), "")
        if ch.isdigit():
            return "spelled_digit", {"digit": ch}
        if ch:
            return "spelled_symbol", {"symbol": SYMBOL_KEYS.get(ch, "other")}
    return None


def read_letters(nbest: Sequence[str], word: str, so_far: str) -> Understood:
    """Letters spelled towards ``word`` (upper case, hyphens kept) after ``so_far``.

    ``value``: ``{"letters": L, "fits": bool, "done": bool}``, or ``{"refused": (phrase,
    fields)}`` for a character that has no tile (:func:`no_tile`): ``fits`` when
    ``so_far + L`` is still the start of the word (L is then the rest of the
    word when the team spelled it again from the start); ``done`` when the
    team said it had finished. ``{"done": True, "letters": ""}`` alone is
    "done" with no new letters.
    """
    alts = [a for a in nbest if raw_tokens(a)]
    if not alts:
        return Understood("unclear", None, 0.0, nbest[0] if nbest else "")
    best = alts[0]
    plain = " ".join(raw_tokens(best))
    if plain in TOKENS_PHRASES:
        return Understood("unclear", None, 0.9, best, command="tokens")
    if plain in DONE_PHRASES:
        return Understood("correct", {"letters": "", "fits": True, "done": True}, 1.0, best)
    refused = no_tile(best)
    if refused is not None:
        return Understood("wrong", {"refused": refused}, 1.0, best)
    target = letters_only(word).upper()
    done_part = letters_only(so_far).upper()
    rest = target[len(done_part):] if target.startswith(done_part) else ""
    forms = frozenset({word.lower(), letters_only(word)})
    found = readings(best, forms)
    said_done = any(plain.endswith(" " + p) for p in DONE_PHRASES)
    if not found or not found[0].letters:
        command = parse_command(best)
        if command == "skip":
            return Understood("correct", {"pass": True}, 1.0, best)
        if command is not None:
            return Understood("unclear", None, 0.9, best, command=command)
        return Understood("unclear", None, 0.0, best)
    for r in found:
        letters = r.letters.upper()
        if not letters:
            continue
        sure = 1.0 if r.unknown == 0 else 0.7
        if rest and rest.startswith(letters):
            return Understood("correct", {"letters": letters, "fits": True, "done": said_done},
                              sure, best)
        if rest and done_part and letters == target:
            return Understood("correct", {"letters": rest, "fits": True, "done": said_done},
                              sure, best)
    first = found[0]
    letters = first.letters.upper()
    if rest and (near_miss(first, [rest.lower()]) or _runner_up_spells(alts[1:], rest, forms)):
        # Heard but for letters the recognizer was unsure of (a sound-alike, or a runner-up
        # that spells the rest of the word): the host asks "Did you say ...?".
        return Understood("correct", {"letters": rest, "fits": True, "done": said_done},
                          0.5, best)
    command = parse_command(best)
    if command is not None and len(letters) < 2:
        return Understood("unclear", None, 0.9, best, command=command)
    return Understood("correct", {"letters": letters, "fits": False, "done": said_done},
                      1.0 if first.unknown == 0 else 0.5, best)


def _runner_up_spells(alts: Sequence[str], rest: str, forms: frozenset[str]) -> bool:
    """Whether a runner-up transcript spells ``rest`` (upper case) exactly."""
    return any(found[0].letters.upper() == rest
               for found in (readings(a, forms) for a in alts) if found)


def with_hyphens(word: str, so_far: str, letters: str) -> str:
    """The characters to apply for ``letters``: the word's own, hyphens included,
    when the letters follow on in the word; else the letters as heard."""
    done = len(letters_only(so_far))
    i = seen = 0
    while i < len(word) and seen < done:
        seen += word[i] != "-"
        i += 1
    out: list[str] = []
    got = 0
    while i < len(word) and got < len(letters):
        ch = word[i]
        if ch != "-":
            out.append(ch)
            got += 1
        elif out or so_far:
            out.append(ch)
        i += 1
    text = "".join(out)
    return text if letters_only(text).upper() == letters else letters


# -- the dictionary's rulings ------------------------------------------------------


CLOSE_LETTERS = 2
"""A word the dictionary lacks is a misspelling when an entry is this close (RULINGS:
within two letters, "happpy" -> "happy")."""


def on_card(word: str, accept: Sequence[str], lexicon: Lexicon) -> bool:
    """The word is on the card's list of words that fit (either spelling of it)."""
    listed = {a.lower() for a in accept}
    return any(v in listed for v in lexicon.variants(word.lower()))


def same_word(spelled: str, declared: str, lexicon: Lexicon) -> bool:
    """The letters spell the declared word (or another spelling of it: colour, color)."""
    return letters_only(spelled) in {letters_only(v) for v in lexicon.variants(declared.lower())}


def hyphenated(deck_words: Iterable[str]) -> frozenset[str]:
    """Hyphenated words known as one word: the lexicon files keep no hyphens, so these
    are the ones the cards' lists give as single words (t-shirt, yo-yo, ice-cream)."""
    return frozenset(w.lower() for w in deck_words if "-" in w)


def _known_whole(word: str, lexicon: Lexicon, known: Collection[str]) -> bool:
    """The dictionary has this form as one word: as written, closed up (fire-truck ->
    firetruck), or, hyphenated, among the ``known`` hyphenated words."""
    w = word.lower()
    if "-" not in w:
        return lexicon.is_word(w)
    return (w in known or lexicon._known(w, True)
            or lexicon.is_word(w.replace("-", ""), proper=False))


@lru_cache(maxsize=1)
def _by_length(lexicon: Lexicon) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for w in (*lexicon.words, *lexicon.proper_nouns):
        if w.isalpha():
            out.setdefault(len(w), []).append(w)
    return out


def close_entry(word: str, lexicon: Lexicon) -> str | None:
    """A dictionary word within :data:`CLOSE_LETTERS` letters of ``word`` (or None)."""
    w = letters_only(word)
    pools = _by_length(lexicon)
    best: tuple[int, str] | None = None
    for n in range(max(1, len(w) - CLOSE_LETTERS), len(w) + CLOSE_LETTERS + 1):
        found = process.extractOne(w, pools.get(n, []), scorer=Levenshtein.distance,
                                   score_cutoff=CLOSE_LETTERS)
        if found is not None and (best is None or found[1] < best[0]):
            best = (int(found[1]), str(found[0]))
    return best[1] if best else None


def spelling_verdict(word: str, accept: Sequence[str], lexicon: Lexicon, *,
                     declared: str = "", known: Collection[str] = ()) -> str:
    """The dictionary's ruling on a spelling challenge (RULINGS):

    ``"incorrect"`` when the letters are not the word the team declared (N-E-E for a
    declared "knee"), when the dictionary lacks the word but has one close to it
    ("happpy"), or for two dictionary words joined by a hyphen it does not know as one
    word ("sand-dollar"); ``"correct"`` when the dictionary (or the card's list) has
    it; ``"vote"`` for a word it lacks with nothing close (a rare name, a new word),
    which the table decides.
    """
    spelled = word.lower()
    if declared and not same_word(spelled, declared, lexicon):
        return "incorrect"
    if on_card(spelled, accept, lexicon) or _known_whole(spelled, lexicon, known):
        return "correct"
    parts = spelled.split("-")
    if len(parts) > 1 and all(p and lexicon.is_word(p) for p in parts):
        return "incorrect"  # the dictionary spells it as separate words
    if close_entry(spelled, lexicon) is not None:
        return "incorrect"
    return "vote"


def two_words_verdict(word: str, lexicon: Lexicon, known: Collection[str] = ()) -> str:
    """"two_words" when the word is two dictionary words run together (SANDDOLLAR) or
    joined by a hyphen where the dictionary does not have that form (SAND-DOLLAR); a
    dictionary word, a closed compound or a known hyphenated word is one word (the
    sheet: "sandbox" is one word, "sand dollar" is two)."""
    w = word.lower()
    if _known_whole(w, lexicon, known):
        return "one_word"
    if "-" in w:
        parts = w.split("-")
        return "two_words" if all(p and lexicon.is_word(p) for p in parts) else "one_word"
    for cut in range(2, len(w) - 1):
        head, tail = w[:cut], w[cut:]
        if lexicon.is_word(head, proper=False) and lexicon.is_word(tail, proper=False):
            return "two_words"
    return "one_word"
