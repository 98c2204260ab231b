"""From a recognizer's transcripts to what the player meant, judged.

One entry point, :func:`judge`, takes a request shaped like one line of
``tabletop judge`` (``kind``, ``heard`` as text or an n-best list, and the
kind's expected answers) and returns an :class:`Understood`.

What matters most: a wrong "correct" is the worst outcome, a needless
"wrong" the next worst, and "unclear" (the dialogue asks "did you say ...?")
is cheap. So every doubtful case is "unclear".

Commands work at every prompt. A command is the whole utterance ("say that
again"), checked after an *exact* answer match and before any fuzzy one: an
answer that is a command word ("pass") is taken as the answer, and a command
is never bent into an answer. At an answer prompt a command comes back as
verdict "unclear", value None and ``command`` set.

Kinds: word (free answers, :mod:`voice.understanding.answer_match`), choice / name / colour
(:mod:`voice.understanding.choice`), spelling (:mod:`voice.understanding.letters`),
yesno and number (:mod:`voice.understanding.replies`), command. A word or a spelling
request may say ``"typed": true``: what was typed is never in doubt (no letter is asked
about, and "to" typed for "two" is another word, where heard it is asked about).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from content.numbers import UNITS
from voice.reply_kind import ReplyKind
from voice.understanding import choice as _choice
from voice.understanding import letters as _letters
from voice.understanding.commands import (
    COMMANDS,
    command_match,
    command_phrases,
    parse_command,
    spell_target,
)
from voice.understanding.replies import NO, YES, number, yesno
from voice.understanding.transcript import (
    light,
    normalise,
    tokens,
)

__all__ = [
    "COMMANDS", "KINDS", "Understood", "grammar_words", "judge", "parse_command", "spell_target",
]

KINDS = tuple(ReplyKind)

COLOURS = ("orange", "green", "blue", "yellow", "red", "purple", "pink", "black", "white",
           "brown", "grey")
"""Colours understood when a colour prompt lists none (Word Up's four plus Sport and Leisure's)."""
_COLOUR_SPELLINGS = {"gray": "grey", "violet": "purple", "read": "red", "blew": "blue"}
"""American spelling and the homophones a recognizer writes for colour names."""


@dataclass(frozen=True)
class Understood:
    """What a player meant, judged.

    ``value``: the matched answer / option index from 0 / letters / bool /
    int / command name / None. ``confidence`` (0-1) says how sure the
    understanding is, for "did you say ...?". ``heard`` is the transcript
    that produced the value. ``command`` is set when a global command was
    heard at an answer prompt (verdict "unclear", value None).
    """

    verdict: Literal["correct", "wrong", "unclear"]
    value: Any
    confidence: float = 1.0
    heard: str = ""
    command: str | None = None
    doubt: tuple[tuple[int, str, str], ...] = ()
    """A spelling heard with letters the recognizer may have confused: ``(position,
    letter heard, the sound-alike letter)`` each, for "Was that B or P?"."""

    @classmethod
    def yes_no(cls, yes: bool, heard: str = "") -> Understood:
        """A yes or no, understood. A yes/no question has no right answer, so the verdict
        only says the reply was understood and ``value`` is the answer (True for yes):
        ``Understood.yes_no(False)`` is a plain "no", not a wrong answer."""
        return cls("correct", yes, 1.0, heard)


class RequestError(ValueError):
    """A judge request that is not well formed: says what is wrong and what is allowed."""


MAX_TEXT = 1000
"""Longest string a request may hold (a transcript, an option, an answer): far above
anything said at a table, and it keeps every judgement fast."""
MAX_ITEMS = 100
"""Most entries in one list of a request (n-best transcripts, options, answers)."""
_SIZED = ("heard", "accepted", "options", "variants", "answer")


def _check_sizes(request: Mapping[str, Any]) -> None:
    """Refuse a request too large to be speech, saying which field and the limit."""
    for key in _SIZED:
        value = request.get(key)
        items = value if isinstance(value, list) else [value]
        if len(items) > MAX_ITEMS:
            raise RequestError(f"{key!r} has {len(items)} entries; at most {MAX_ITEMS}")
        for n, item in enumerate(items):
            if isinstance(item, str) and len(item) > MAX_TEXT:
                where = f"{key!r} entry {n + 1}" if isinstance(value, list) else repr(key)
                raise RequestError(f"{where} is {len(item)} characters long; "
                                   f"at most {MAX_TEXT}")


def _alternatives(heard: Any) -> list[str]:
    if isinstance(heard, str):
        return [heard]
    if isinstance(heard, Sequence) and all(isinstance(h, str) for h in heard):
        return list(heard)
    raise RequestError("'heard' must be a string or a list of strings (an n-best list, best first)")


def _strings(request: Mapping[str, Any], key: str, required: bool = True) -> list[str]:
    """A list of strings; a key that is not required may be left out or empty."""
    value = request.get(key)
    if value is None and not required:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        what = "a list of strings" if not required else "a non-empty list of strings"
        raise RequestError(f"{key!r} must be {what}")
    if not value and required:
        raise RequestError(f"{key!r} must be a non-empty list of strings")
    return value


def _is_noise(text: str) -> bool:
    """Nothing at all was transcribed. "[unk]" is not noise: it is speech off the list,
    so a runner-up behind it only earns a confirmation."""
    return not tokens(text)


def _first_said(alts: Sequence[str]) -> int:
    """Index of the first alternative with any words in it (the recognizer's real best)."""
    return next((n for n, alt in enumerate(alts) if not _is_noise(alt)), 0)


NEAR_COMMAND = 0.6
"""Confidence of a command heard as a near miss ("what's the store"): the dialogue asks
"did you mean what's the score?" before it obeys one (exact commands have 0.9)."""


def _command(alt: str) -> Understood | None:
    match = command_match(alt)
    if match is None:
        return None
    name, _, exact = match
    return Understood("unclear", None, 0.9 if exact else NEAR_COMMAND, alt, command=name)


def _command_not_option(alt: str, options: Sequence[str]) -> Understood | None:
    """A command in ``alt``, unless ``alt`` is exactly one of the options (an option
    that sounds like a command word, such as "pass", is an answer)."""
    if any(light(o) == light(alt) for o in options):
        return None
    return _command(alt)


def judge(request: Mapping[str, Any]) -> Understood:
    """Judge one request (the shape of a ``tabletop judge`` input line).

    Raises :class:`RequestError` for a malformed request.
    """
    if not isinstance(request, Mapping):
        raise RequestError("a request must be a JSON object")
    kind = request.get("kind")
    if kind not in KINDS:
        raise RequestError(f"unknown kind {kind!r}; allowed: {', '.join(KINDS)}")
    kind = ReplyKind(kind)
    if "heard" not in request:
        raise RequestError("missing 'heard' (a string or an n-best list of strings)")
    _check_sizes(request)
    alts = _alternatives(request["heard"])
    if kind == ReplyKind.WORD:
        return _judge_word(_strings(request, "accepted"), alts, _typed(request))
    if kind == ReplyKind.CHOICE:
        return _judge_choice(request, alts)
    if kind == ReplyKind.SPELLING:
        return _judge_spelling(request, alts)
    if kind == ReplyKind.YESNO:
        return _first(alts, yesno)
    if kind == ReplyKind.NUMBER:
        lo, hi = request.get("min", 1), request.get("max", 12)
        if not (isinstance(lo, int) and isinstance(hi, int)) or lo > hi:
            raise RequestError("'min' and 'max' must be integers with min <= max (default 1-12)")
        return _first(alts, lambda a: number(a, lo, hi))
    if kind == ReplyKind.COMMAND:
        return _first(alts, parse_command)
    return _judge_pick(request, kind, alts)


def _first(alts: Sequence[str], read: Any) -> Understood:
    """Read the best non-empty alternative; a runner-up only earns a confirmation.

    When the recognizer's first guess is not understood but a later one is,
    the value comes back "unclear" (ask "did you say yes?") rather than acted on:
    the first guess may have been "not sure" and the runner-up "sure".
    """
    top = -1
    cmd: Understood | None = None
    for n, alt in enumerate(alts):
        if _is_noise(alt):
            continue
        value = read(alt)
        if top < 0:
            top = n
            if value is not None:
                return Understood("correct", value, 1.0, alt)
            cmd = _command(alt) if read is not parse_command else None
        elif value is not None:
            if cmd is not None:
                # An answer that fits the prompt beats a command that merely sounds like
                # it ("undo" over "one"): a recognizer's best guess at a short word is
                # often the nearest grammar phrase.
                return Understood("correct", value, 0.6, alt)
            return Understood("unclear", value, 0.5, alt)
    if cmd is not None:
        return cmd
    return Understood("unclear", None, 0.0, alts[top] if top >= 0 else (alts[0] if alts else ""))


# ----------------------------------------------------------------------- word


def _typed(request: Mapping[str, Any]) -> bool:
    typed = request.get("typed", False)
    if not isinstance(typed, bool):
        raise RequestError("'typed' must be true or false (what was typed is never in doubt)")
    return typed


def _judge_word(accepted: list[str], alts: list[str], typed: bool = False) -> Understood:
    from voice.understanding.answer_match import answer_key, judge_free, judge_one

    key = answer_key(tuple(accepted))
    for alt in alts:
        if _is_noise(alt):
            continue
        # An exact answer beats a command word ("pass" as the answer is an answer).
        v = judge_one(key, alt, typed)
        if v.verdict == "correct" and v.confidence >= 0.95:
            return Understood("correct", v.value, v.confidence, alt)
        cmd = _command(alt)
        if cmd is not None:
            return cmd
        break
    v, alt = judge_free(accepted, alts, typed)
    return Understood(v.verdict, v.value, v.confidence, alt)  # type: ignore[arg-type]


# --------------------------------------------------------------------- choice


def _answer_index(request: Mapping[str, Any], options: list[str]) -> int:
    answer = request.get("answer")
    if isinstance(answer, bool):
        raise RequestError("'answer' must be one of the options (text) or its index from 0")
    if isinstance(answer, int):
        if 0 <= answer < len(options):
            return answer
    elif isinstance(answer, str):
        normed = [normalise(o) for o in options]
        if normalise(answer) in normed:
            return normed.index(normalise(answer))
    raise RequestError("'answer' must be one of the options (text) or its index from 0")


def _judge_choice(request: Mapping[str, Any], alts: list[str]) -> Understood:
    options = _strings(request, "options")
    right = _answer_index(request, options)
    first = _first_said(alts)
    for n, alt in enumerate(alts):
        if _is_noise(alt):
            continue
        if n == first:
            cmd = _command_not_option(alt, options)
            if cmd is not None:
                return cmd
        idx, conf, unreliable_letter = _choice.choose(options, alt)
        if idx is None:
            continue
        if n > first:
            # The recognizer's first guess was not understood; a runner-up is
            # good enough to act on only when it is right (confirm it) ...
            if idx == right:
                return Understood("unclear", idx, 0.6, alt)
            return Understood("unclear", idx, 0.4, alt)
        if idx == right:
            return Understood("correct", idx, conf, alt)
        if unreliable_letter:
            said = "abcdef"[idx]
            meant = "abcdef"[right] if right < 6 else ""
            if meant and _letters.soundalike(said, meant):
                return Understood("unclear", idx, 0.5, alt)
        # A runner-up that names the right option means the recognizer was torn.
        for later in alts[n + 1 :]:
            other, _, _ = _choice.choose(options, later)
            if other == right:
                return Understood("unclear", idx, 0.5, alt)
        return Understood("wrong", idx, conf, alt)
    return Understood("unclear", None, 0.0, alts[0] if alts else "")


# ------------------------------------------------------------------ name/colour


def _judge_pick(request: Mapping[str, Any], kind: ReplyKind, alts: list[str]) -> Understood:
    if kind == ReplyKind.COLOUR:
        options = _strings(request, "options", required=False) or list(COLOURS)
    else:
        options = _strings(request, "options")
    answer = request.get("answer")
    right: int | None = None
    if answer is not None:
        right = _answer_index(request, options)

    def read(alt: str) -> int | None:
        if kind == ReplyKind.COLOUR:
            toks = [_COLOUR_SPELLINGS.get(t, t) for t in tokens(alt)]
            alt = " ".join(toks)
        # Colours are never read as a numbered list: "three" (a misheard "green") is
        # no colour, where it would have taken the third one.
        idx, _, _ = _choice.choose(options, alt, by_place=kind != ReplyKind.COLOUR)
        return idx

    first = _first_said(alts)
    for n, alt in enumerate(alts):
        if _is_noise(alt):
            continue
        if n == first:
            cmd = _command_not_option(alt, options)
            if cmd is not None:
                return cmd
        idx = read(alt)
        if idx is None:
            continue
        if n > first:
            return Understood("unclear", options[idx], 0.5, alt)
        if right is None:
            return Understood("correct", options[idx], 1.0, alt)
        return Understood("correct" if idx == right else "wrong", options[idx], 1.0, alt)
    return Understood("unclear", None, 0.0, alts[0] if alts else "")


# ------------------------------------------------------------------- spelling


def _judge_spelling(request: Mapping[str, Any], alts: list[str]) -> Understood:
    answer = request.get("answer")
    if not isinstance(answer, str) or not _letters.letters_only(answer):
        raise RequestError("'answer' must be the word to spell (a string with letters)")
    variants = _strings(request, "variants", required=False)
    typed = _typed(request)
    spellings = list(dict.fromkeys(_letters.letters_only(s) for s in [answer, *variants]))
    spellings = [s for s in spellings if s]
    target = frozenset(
        w for s in [answer, *variants] for w in (s.lower(), _letters.letters_only(s))
    )
    first = _first_said(alts)
    top: Understood | None = None
    for n, alt in enumerate(alts):
        if _is_noise(alt):
            continue
        if n == first:
            cmd = _command(alt)
            if cmd is not None and not _spelled_after_command(alt, cmd.command):
                return cmd
        readings = _letters.readings(alt, target)
        hit = next((r for r in readings if r.letters in spellings), None)
        if hit is not None:
            if n > first:
                # A runner-up spelled it right: the recognizer was torn. Ask about the
                # letters it was torn over ("Was that B or D?"); where the two differ
                # by more than letters, confirm what was heard.
                said = _letters.readings(alts[first], target)
                if not typed and said and not said[0].unknown:
                    doubt = _doubts(said[0], spellings, _heard_letters(alts, target))
                    if doubt:
                        return Understood("unclear", said[0].letters, 0.5, alts[first],
                                          doubt=doubt)
                return Understood("unclear", hit.letters, 0.6, alt)
            if not typed and len(hit.letters) <= TORN_MAX_LETTERS:
                # The recognizer was torn over a letter said for a right one (a runner-up
                # swaps it): asked about as if the answer were the runner-up ("Was that C
                # or B?"), so that a sound-alike said for the answer is never taken unasked.
                doubt = _torn_letters(hit, alts[n + 1:], target, spellings)
                if doubt:
                    return Understood("unclear", hit.letters, 0.5, alt, doubt=doubt)
                if _heard_as_a_word(hit, alts[n + 1:], target):
                    return Understood("unclear", hit.letters, 0.6, alt)
            sure = 1.0 if hit is readings[0] else 0.9
            if hit.unknown:
                sure = 0.8
            return Understood("correct", hit.letters, sure, alt)
        if n > first:
            continue
        best = readings[0]
        if best.unknown or not best.letters:
            # no letters, or a word said among them ("j the young", "banyi c"): no spelling,
            # whatever letters are beside it; the host asks for the letters
            top = Understood("unclear", "", 0.0, alt)
        elif not typed and _doubts(best, spellings, _heard_letters(alts, target)):
            # Heard clearly but for letters the recognizer was unsure of (a sound-alike,
            # or its runner-up): ask about those letters only ("Was that B or P?"),
            # never for a second try of the whole spelling.
            top = Understood("unclear", best.letters, 0.5, alt,
                             doubt=_doubts(best, spellings, _heard_letters(alts, target)))
        else:
            top = Understood("wrong", best.letters, 0.9, alt)
    if top is not None:
        return top
    return Understood("unclear", "", 0.0, alts[0] if alts else "")


MAX_LETTER_DOUBTS = 3
"""Letters of one spelling the host asks about at most; with more in doubt it was not heard
clearly enough to ask letter by letter."""

TORN_MAX_LETTERS = 2
"""Spellings this short that a runner-up hears otherwise are asked about though the top
reading is right: a letter said alone has no other letters to back it (the letters set
took a sound-alike said for it 1.9 % of the time); asking so over longer names halved
those right at once (35 people spelling names: 37 -> 11 %) and took no misspelling less."""


def _heard_letters(alts: list[str], target: frozenset[str]) -> list[set[str]]:
    """Per position, every letter an alternative of the first reading's length heard there
    (a recognizer's runner-up letters come as alternatives with one letter swapped)."""
    readings = [r[0] for r in (_letters.readings(a, target) for a in alts) if r]
    if not readings:
        return []
    size = len(readings[0].letters)
    out: list[set[str]] = [set() for _ in range(size)]
    for r in readings:
        if len(r.letters) == size and not r.unknown:
            for k, c in enumerate(r.letters):
                out[k].add(c)
    return out


def _torn_letters(reading: _letters.Reading, runner_ups: Sequence[str],
                  target: frozenset[str], spellings: Sequence[str]
                  ) -> tuple[tuple[int, str, str], ...]:
    """The letters of ``reading`` a runner-up of its length heard otherwise (the likeliest
    first: the recognizer's order), each once, none given by a NATO word."""
    doubt: dict[int, str] = {}
    for alt in runner_ups:
        said = _letters.readings(alt, target)
        if (not said or said[0].unknown or len(said[0].letters) != len(reading.letters)
                or said[0].letters in spellings):
            continue
        for k, (x, y) in enumerate(zip(reading.letters, said[0].letters, strict=True)):
            if x != y and not reading.reliable[k] and not said[0].reliable[k]:
                doubt.setdefault(k, y)
    return tuple((k, reading.letters[k], doubt[k]) for k in sorted(doubt))


def _heard_as_a_word(reading: _letters.Reading, runner_ups: Sequence[str],
                     target: frozenset[str]) -> bool:
    """A runner-up heard a word where ``reading`` has letters (Papa said alone: "t", and
    "tapper" second): what was said is in doubt, so the letters are confirmed ("Did you
    say T?"); a NATO word heard as such is sure."""
    if all(reading.reliable):
        return False
    for alt in runner_ups:
        if _is_noise(alt):
            continue
        said = _letters.readings(alt, target)
        if said and not said[0].letters and said[0].unknown:
            return True
    return False


def _doubts(reading: _letters.Reading, spellings: list[str],
            heard: Sequence[set[str]] = ()) -> tuple[tuple[int, str, str], ...]:
    """The letters that may have been misheard, against the nearest spelling: each either a
    sound-alike heard unreliably or a letter the recognizer also heard there (``heard``).
    Empty when any difference is neither, or there are more than MAX_LETTER_DOUBTS."""
    for spelling in spellings:
        if len(spelling) != len(reading.letters) or spelling == reading.letters:
            continue
        diffs = [(k, x, y) for k, (x, y) in enumerate(zip(reading.letters, spelling,
                                                          strict=True)) if x != y]
        if len(diffs) <= MAX_LETTER_DOUBTS and all(
                (not reading.reliable[k] and _letters.soundalike(x, y))
                or (k < len(heard) and y in heard[k]) for k, x, y in diffs):
            return tuple(diffs)
    return ()


def doubt_questions(doubt: Sequence[tuple[int, str, str]]
                    ) -> list[tuple[tuple[int, ...], str, str]]:
    """The questions the host asks about ``doubt`` (an Understood's): one per letter, and one
    for a doubled letter in doubt both times ("Was that double B or double T?", the two
    T's of "Chatterjee"): (the positions, the letter heard, the other letter) each."""
    out: list[tuple[tuple[int, ...], str, str]] = []
    for k, heard, other in doubt:
        if out and out[-1][1:] == (heard, other) and out[-1][0][-1] == k - 1:
            out[-1] = ((*out[-1][0], k), heard, other)
        else:
            out.append(((k,), heard, other))
    return out


def _spelled_after_command(alt: str, cmd: str | None) -> bool:
    """"spell c a t" at a spelling prompt is an answer, not the spell command."""
    if cmd != "spell":
        return False
    toks = tokens(alt)[1:]
    return len(toks) >= 2 and all(t in _letters.LETTER_WORDS or t in _letters.NATO for t in toks)


# -------------------------------------------------------------------- grammar

_YESNO_WORDS = [" ".join(p) for p in YES + NO]
_NUMBER_WORDS = [w for w, v in UNITS.items() if 0 < v <= 12] + ["double", "number", "and", "plus"]
_CHOICE_WORDS = ["a", "b", "c", "d", "ay", "bee", "see", "dee", "option", "letter", "answer",
                 "number", "first", "second", "third", "fourth", "last", "middle", "one", "two",
                 "three", "four", "the first one", "the second one", "the third one",
                 "the fourth one", "the last one", "alpha", "bravo", "charlie", "delta"]


def grammar_words(kind: ReplyKind, expected: Sequence[str] = ()) -> list[str]:
    """Words and phrases a constrained recognizer should allow at a prompt of ``kind``.

    Expected answers or options first, then the kind's own words (letters,
    numbers, yes/no ...), then every global command phrase. Lower case, no
    duplicates. The recognizer adapter adds its own out-of-grammar word
    (Vosk's "[unk]").
    """
    if kind not in KINDS:
        raise ValueError(f"unknown kind '{kind}'; allowed: {', '.join(KINDS)}")
    words: list[str] = [" ".join(tokens(e)) for e in expected]
    if kind == ReplyKind.WORD and expected:
        from voice.understanding.answer_match import _lexicon, _spoken_forms

        lex = _lexicon()
        for e in expected:
            toks = tokens(e)
            if len(toks) == 1:
                words.extend(sorted(_spoken_forms(toks[0], lex)))
    elif kind == ReplyKind.SPELLING:
        words += _letters.letter_words()
    elif kind == ReplyKind.CHOICE:
        words += _CHOICE_WORDS
    elif kind == ReplyKind.YESNO:
        words += _YESNO_WORDS
    elif kind == ReplyKind.NUMBER:
        words += _NUMBER_WORDS
    elif kind == ReplyKind.COLOUR and not expected:
        words += list(COLOURS)
    words += command_phrases()
    return [w for w in dict.fromkeys(w.lower().strip() for w in words) if w]
