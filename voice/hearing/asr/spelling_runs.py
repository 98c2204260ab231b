"""A spelling's letters as its runs and its whole decode heard them, read together.

:mod:`voice.hearing.asr.whisper_spelling` hears a spelling twice: each run of speech
between pauses (an :class:`Island`) as a letter, and the whole stretch after a letter
prompt. Each hearing gives its letters as :class:`Slot` s, each with the 26 letters'
probabilities where the hearer gave them; :func:`fused` says which stand.

A spelling of several runs is the whole decode's reading (with a decoder loop cut): the
runs cut apart hear letters worse than the whole stretch in its context. Two things the
runs still give it: a first letter it dropped (where the first run reads as that letter
and then the whole decode's first letters, or was one letter surely heard), and NATO
words said one by one: where most runs were heard as NATO words (:func:`spelled_in_nato`),
or each run was surely heard, the runs' letters are the spelling (the letter prompt
garbles NATO words in the whole decode), a weak one asked about. A single run is read by
both: where it was one letter said alone, the island's letter stands (a letter heard alone
is heard better), with the whole decode's as runner-up; where it was letters run together,
the whole reading stands, checked by the island: letters both heard are combined, and
where the two differ the other's letter is the runner-up. Only where the whole decode
heard one letter or none do the runs fill it in (letters at its ends only from runs close
to the rest of the spelling, not a breath or a click before it).

A letter whose runner-up is close becomes an alternative transcript with that one letter
swapped (:func:`alternatives`): the judge asks about it ("Was that B or D?"), never
guesses it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

from voice.hearing.asr.base import Alternative, Grammar, allowed_sequence
from voice.hearing.asr.whisper_words import LETTERS, spelled_letters, transcript_words
from voice.reply_kind import ReplyKind

if TYPE_CHECKING:
    from voice.hearing.asr.whisper_letters import Decoded


DOUBT_P = 0.12
"""A letter's runner-up at or above this probability (0-1) is offered as an alternative
(that letter swapped), for the host to ask about; below it the letter is taken as heard."""
TORN_SHARE = 0.5
"""A letter heard weakly, with others nearly as likely (at least this share of its
probability), has each of them offered too (a fast Golf heard as J 0.16, D 0.12, G 0.12)."""
MAX_SWAPS = 6
"""Alternatives with one letter swapped, at most (the likeliest runner-ups)."""
LONGEST_LETTER_S = 1.2
"""A run of speech longer than this (seconds) is no single letter, even where it was heard
as one (a name said whole, "Nicholas Shah", read as N): NATO words said alone last
0.4-0.7 s, a slow letter name under 1 s."""


@dataclass(frozen=True)
class Island:
    """One run of speech inside a spelling, heard as a letter (or what was said instead)."""

    start_s: float
    """Where the run starts, from the start of listening (seconds)."""
    end_s: float
    """Where its speech ends (seconds)."""
    decoded: Decoded


@dataclass(frozen=True)
class Slot:
    """One letter of a reading and how sure its hearer was of each letter."""

    letter: str
    probs: dict[str, float]
    """Letter -> probability (0-1, summing to 1); empty where the hearer gave none."""

    def runner_up(self) -> tuple[str, float] | None:
        others = [(c, p) for c, p in self.probs.items() if c != self.letter]
        return max(others, key=lambda cp: cp[1]) if others else None


def _normalised(probs: dict[str, float]) -> dict[str, float]:
    total = sum(max(p, 0.0) for p in probs.values())
    return {c: max(p, 0.0) / total for c, p in probs.items()} if total > 0 else {}


def island_slots(island: Island) -> list[Slot]:
    """An island's letters: one letter with its probabilities, or the letters of a run
    said without a pause (no probabilities); [] where it was no letter."""
    probs = island.decoded.classes
    if probs:
        # One letter, named by the classifier over the 26 (the decoder's text can differ:
        # " B." written where the classifier and the letter head say D, " X. X." for one X;
        # a run of several letters comes without the classifier's probabilities)
        if island.end_s - island.start_s >= LONGEST_LETTER_S:
            return []  # a word said whole ("Nicholas Shah"), not the N it was read as
        return [Slot(max(probs, key=probs.__getitem__), _normalised(probs))]
    words = spelled_letters(transcript_words(island.decoded.text, ReplyKind.SPELLING))
    if not all(len(w) == 1 for w in words):
        return []
    return unlooped([Slot(w, {}) for w in words])  # "Charlie Echo Charlie Echo ..." looped


def _mixed(whole: Slot, island: Slot, *, island_first: bool = False) -> Slot:
    """Two hearings of one letter: where both gave probabilities, their geometric mean, or
    the island's letter when ``island_first``; where only one did, it stands. A different
    letter from the other hearing is kept as a runner-up, for the host to ask about."""
    if whole.probs and island.probs and not island_first:
        mixed = _normalised({c: math.sqrt(max(whole.probs.get(c, 0.0), 1e-6)
                                          * max(island.probs.get(c, 0.0), 1e-6))
                             for c in LETTERS})
        return Slot(max(mixed, key=mixed.__getitem__), mixed)
    known, other = (island, whole) if island.probs or not whole.probs else (whole, island)
    if other.letter == known.letter:
        return known
    probs = dict(known.probs) or {known.letter: 1.0 - DOUBT_P}
    probs[other.letter] = max(probs.get(other.letter, 0.0), DOUBT_P)
    return Slot(known.letter, probs)


def fused(whole: list[Slot], islands: list[Island]) -> list[Slot]:
    """The whole reading checked and filled in by the islands' letters (the module
    docstring says how)."""
    per_island = [island_slots(island) for island in islands]
    ones = [slot for slots in per_island for slot in slots]
    if not ones:
        return whole
    if len(islands) > 1 and len(whole) > 1:
        if all(len(slots) == 1 and sure_letter(i) for slots, i in zip(per_island, islands,
                                                                        strict=True)):
            # NATO words said one by one, each heard for sure: the letter prompt garbles
            # them in the whole decode ("n e n e n e c e c e ..." for November Echo ...)
            return ones
        # Several runs of letters: the whole decode hears them in their context, which
        # the runs cut apart lose (35 people spelling names: letters wrong 27 % with the
        # runs merged in, 23 % from the whole decode alone; a letter said alone is still
        # heard alone, below). Only a first letter it dropped is put back.
        return _first_put_back(unlooped(whole), per_island, islands)
    if all(len(slots) == 1 for slots in per_island):
        # One letter said alone (or runs of one letter each, where the whole decode
        # heard at most one): they are the letters (the whole decode loops on a letter
        # said alone, "O O O O ..."), with its letters as runner-ups:
        # a letter heard alone (NATO words, the letter names' classifier, the encoder's
        # head) is heard better than inside the whole decode (en-gb-x-rp letter names:
        # 25 of 26 alone, 20 when the two were averaged).
        # A letter heard for sure alone (a NATO word heard as one) has no runner-up: the
        # letter prompt garbles NATO words ("l" for Alfa), and the host would ask about it.
        if len(whole) != len(ones):
            return ones
        return [o if sure_letter(i) else _mixed(w, o, island_first=True)
                for w, o, i in zip(whole, ones, islands, strict=True)]
    whole = unlooped(whole)
    owner = [k for k, slots in enumerate(per_island) for _ in slots]
    out: list[Slot] = []
    matcher = SequenceMatcher(None, [s.letter for s in whole], [s.letter for s in ones],
                              autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "insert":
            # Inside, an island read twice ("I, I") would add a letter; at the ends, only
            # a run close to the rest of the spelling (not a breath or a click before it).
            if i1 in (0, len(whole)) and _close(islands, owner[j1], owner[j2 - 1]):
                out.extend(ones[j1:j2])
        elif op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
            out.extend(_mixed(w, o) for w, o in zip(whole[i1:i2], ones[j1:j2], strict=True))
        else:  # the whole decode heard letters the islands ran together: it stands
            out.extend(whole[i1:i2])
    return out


SURE_FIRST = 0.9
"""A first letter said alone, heard this surely (0-1) by the letter classifier, is put back
where the whole decode dropped it."""


def _first_put_back(whole: list[Slot], per_island: list[list[Slot]],
                    islands: list[Island]) -> list[Slot]:
    """``whole`` with the first letter it dropped put back (the whole decode drops a first
    letter now and then): where the first run, read as letters, is that letter and then
    the whole decode's first letters ("t a k l u" for "a k l u ..."), or where the first
    run was one letter, surely heard, and the next run starts as the whole decode does."""
    first = per_island[0]
    if not whole or not first or first[0].letter == whole[0].letter:
        return whole
    rest = [s.letter for s in first[1:4]]
    if rest and rest == [s.letter for s in whole[:len(rest)]]:
        return [first[0], *whole]
    second = per_island[1]
    if (len(first) == 1 and max(first[0].probs.values(), default=0.0) >= SURE_FIRST
            and second and second[0].letter == whole[0].letter
            and _close(islands, 0, 0)):
        return [first[0], *whole]
    return whole


NEAR_RUN_S = 1.0
"""Letters only the islands heard, at the start or the end of a spelling, are put in only
when their run is this close (seconds) to the next or the last run."""


def _close(islands: list[Island], first: int, last: int) -> bool:
    """Whether islands ``first``..``last`` are NEAR_RUN_S or closer to the islands around."""
    before = islands[first - 1].end_s if first > 0 else None
    after = islands[last + 1].start_s if last + 1 < len(islands) else None
    gaps = [g for g in (None if before is None else islands[first].start_s - before,
                        None if after is None else after - islands[last].end_s) if g is not None]
    return bool(gaps) and min(gaps) <= NEAR_RUN_S


LOOP_RUN = 3
"""The same letter this many times running is the decoder looping (no word spells a letter
three times in a row): the run is one letter."""


LOOP_PERIOD = 3
"""The longest group of letters the decoder is seen to repeat in a loop ("c a u c a u c a
u" for "because", "n e n e n e n e"): LOOP_RUN of them running is one."""


def unlooped(slots: list[Slot]) -> list[Slot]:
    """``slots`` with each run of LOOP_RUN or more of one letter, or of one group of up to
    LOOP_PERIOD letters, cut to one."""
    for period in range(1, LOOP_PERIOD + 1):
        slots = _cut_repeats(slots, period)
    return slots


def _cut_repeats(slots: list[Slot], period: int) -> list[Slot]:
    """``slots`` with each group of ``period`` letters said LOOP_RUN or more times running
    kept once."""
    letters = [s.letter for s in slots]
    out: list[Slot] = []
    k = 0
    while k < len(slots):
        group = letters[k:k + period]
        times = 1
        while (len(group) == period
               and letters[k + times * period:k + (times + 1) * period] == group):
            times += 1
        if len(group) == period and times >= LOOP_RUN:
            out.extend(slots[k:k + period])
            k += times * period
        else:
            out.append(slots[k])
            k += 1
    return out


def alternatives(slots: list[Slot], grammar: Grammar) -> list[Alternative]:
    """The reading, then the reading with one doubtful letter swapped for its runner-up."""
    best = " ".join(s.letter for s in slots)
    conf = min((s.probs.get(s.letter, 0.0) for s in slots if s.probs), default=None)
    alts = [Alternative(best, conf, None, (), allowed_sequence(best, grammar))]
    doubts = []
    for k, slot in enumerate(slots):
        top = slot.probs.get(slot.letter, 0.0)
        doubts += [(p, k, c) for c, p in slot.probs.items()
                   if c != slot.letter and (p >= DOUBT_P or p >= TORN_SHARE * top)]
    for p, k, letter in sorted(doubts, reverse=True)[:MAX_SWAPS]:
        swapped = " ".join(letter if j == k else s.letter for j, s in enumerate(slots))
        alts.append(Alternative(swapped, p, None, (), allowed_sequence(swapped, grammar)))
    return alts


NATO_SHARE = 0.5
"""Runs of a spelling at least this share of which (0-1) were heard as NATO words were a
spelling in NATO words: read from the runs (spelled_in_nato)."""
NATO_FROM = 3
"""Runs from which a spelling can be told to be in NATO words (a word or two could be a
name said whole that sounded like one)."""


def spelled_in_nato(islands: list[Island]) -> list[Slot] | None:
    """The letters of a spelling said in NATO words one by one (NATO_SHARE, NATO_FROM),
    each run's letter with its probabilities (a run the NATO reader missed, "gal" for a
    fast Golf, is read as a letter name and asked about where unsure); None where it was
    not, or a run was not one letter.

    The letter prompt garbles NATO words in the whole decode (it writes Romeo as
    "r o m e", or loops on the prompt's own letters), and each word heard alone is sure."""
    if len(islands) < NATO_FROM:
        return None
    if sum(i.decoded.nato for i in islands) < NATO_SHARE * len(islands):
        return None
    per_island = [island_slots(i) for i in islands]
    if not all(len(slots) == 1 for slots in per_island):
        return None  # NATO words run together: the reader can loop ("n e n e" for two)
    return [slots[0] if island.decoded.nato else _guessed(slots[0])
            for slots, island in zip(per_island, islands, strict=True)]


GUESSED_P = 0.4
"""The most a letter is believed (0-1, under SURE_SPELLING) where it was read as a letter
name among NATO words: a NATO word the reader missed, so the letter is a guess, and a
reading with it that spells no answer is said back before it is judged wrong."""


def _guessed(slot: Slot) -> Slot:
    probs = dict(slot.probs)
    probs[slot.letter] = min(probs.get(slot.letter, 0.0), GUESSED_P)
    return Slot(slot.letter, probs)


SURE_LETTER = 0.99
"""An island's letter this sure (0-1) was a NATO word heard as one (its reading is certain)."""


def sure_letter(island: Island) -> bool:
    return max(island.decoded.classes.values(), default=0.0) >= SURE_LETTER
