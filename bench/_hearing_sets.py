"""The human sets of bench_hearing.py, table talk to mix under them, and the dialogue's reply.

Kept apart from the bench's loop so each part reads on its own:

- the sets in ../shared/speech beyond digits and words (its README): ``letters/``
  (two voices, each letter name and NATO word said alone), ``spelled/`` (35 people
  spelling a name; ``spelled.tsv`` gives it), and the free words of ``words/unknown``
  (``WORD_SPEAKERHASH_nohash_N.wav``);
- :class:`Babble`: four other clips of ``words/`` (three other people's words that are
  no answer at any prompt of the bench, and one of background noise from
  ``words/silence``), each at DB below the speaker, at places drawn with a fixed seed
  from the clip's name, so a run is the same whatever sets it runs;
- :func:`settle`: what the host does with a judgement (take it, confirm it with "Did
  you say X?" or "Was that B or D?", judge it wrong, ask again), the speaker answering
  each confirmation as they meant, as :class:`voice.hosting.dialogue.Dialogue` does.
"""

from __future__ import annotations

import csv
import enum
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

LETTERS = "abcdefghijklmnopqrstuvwxyz"
DIGIT_WORDS = frozenset(("zero", "one", "two", "three", "four", "five", "six", "seven",
                         "eight", "nine"))
CONFIRM_BELOW = 0.6
"""The dialogue's ``confirm_below``: a judgement less sure than this is confirmed where the
prompt has a confirmation line (free words and spellings have one in every game)."""
TALKERS = 3
"""Clips of other people's words under each clip, with one clip of noise: four in all."""
BABBLE_SEED = 27
"""Part of every babble draw (issue 27): change it to draw other talk."""


# -- the sets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class LetterClip:
    path: Path
    voice: str
    letter: str
    style: str
    """names (the letter name) or nato (its NATO word)."""


def letters_human(speech: Path) -> list[LetterClip]:
    """Every letter said alone by the two voices of ``letters/``, names and NATO words."""
    out = []
    for folder in sorted(p for p in (speech / "letters").iterdir() if p.is_dir()):
        for p in sorted(folder.glob("*.wav")):
            nato = p.stem.startswith("nato_")
            out.append(LetterClip(p, folder.name, p.stem[-1], "nato" if nato else "names"))
    return out


def other_letter(c: str) -> str:
    """A letter to judge a clip of ``c`` against: the next one of its sound-alike set (B for
    P, N for M), where a recognizer's slip is likeliest to pass; else the next letter."""
    for group in ("bcdegptvz", "ahjk", "fsx", "iy", "mn", "qu"):
        if c in group:
            return group[(group.index(c) + 1) % len(group)]
    return LETTERS[(LETTERS.index(c) + 1) % 26]


@dataclass(frozen=True)
class SpelledClip:
    path: Path
    name: str
    """The name spelled, as spelled.tsv writes it ("Zane Robles")."""

    @property
    def letters(self) -> str:
        return "".join(c for c in self.name.lower() if c in LETTERS)


def spelled_human(speech: Path) -> list[SpelledClip]:
    with (speech / "spelled" / "spelled.tsv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    return [SpelledClip(speech / "spelled" / r["file"], r["name"]) for r in rows]


def misspelt(letters: str) -> str:
    """``letters`` with one letter changed (its place and the new letter drawn from the word,
    so always the same): the misspelling a spelled name is also judged against."""
    rng = np.random.default_rng(zlib.crc32(letters.encode()))
    k = int(rng.integers(len(letters)))
    new = str(rng.choice([c for c in LETTERS if c != letters[k]]))
    return letters[:k] + new + letters[k + 1:]


@dataclass(frozen=True)
class WordClip:
    path: Path
    word: str
    other: str
    """Another word of the set, judged as the accepted answer (a wrong answer given)."""


def free_words(speech: Path) -> list[WordClip]:
    clips = sorted((speech / "words" / "unknown").glob("*.wav"))
    words = sorted({p.stem.split("_")[0] for p in clips})
    return [WordClip(p, w, words[(words.index(w) + 1) % len(words)])
            for p in clips for w in [p.stem.split("_")[0]]]


WORD_GAP_S = 0.4
"""Silence between a word said and its first letter, in a said_then_spelled clip (seconds)."""
LETTER_GAP_S = 0.3
"""Silence after each letter of a said_then_spelled clip (seconds): a speller's pace."""


def said_then_spelled(speech: Path, read: Any, rate: int) -> list[tuple[str, np.ndarray]]:
    """(word, audio): each word of four letters or more in ``words/unknown`` (its first
    clip) said by one person, then spelled letter by letter by a voice of ``letters/`` (in
    turn), all at one level: a player who names the word before spelling it."""
    voices = sorted(p for p in (speech / "letters").iterdir() if p.is_dir())
    firsts: dict[str, Path] = {}
    for p in sorted((speech / "words" / "unknown").glob("*.wav")):
        firsts.setdefault(p.stem.split("_")[0], p)
    out = []
    for n, (word, path) in enumerate(sorted((w, p) for w, p in firsts.items() if len(w) >= 4)):
        voice = voices[n % len(voices)]
        parts = [_levelled(read(path), rate), np.zeros(round(WORD_GAP_S * rate))]
        for c in word:
            parts += [_levelled(read(voice / f"{c}.wav"), rate),
                      np.zeros(round(LETTER_GAP_S * rate))]
        out.append((word, np.clip(np.round(np.concatenate(parts)), -32768, 32767)
                    .astype(np.int16)))
    return out


def _levelled(x: np.ndarray, rate: int, dbfs: float = -20.0) -> np.ndarray:
    level = active_rms(x, rate)
    return x.astype(np.float64) * (10 ** (dbfs / 20) * 32768 / level if level > 0 else 1.0)


# -- table talk ----------------------------------------------------------------------------


def active_rms(x: np.ndarray, rate: int) -> float:
    """The level of the speech in ``x``: RMS over its 20 ms frames within 20 dB of the
    loudest one (a clip's silence does not lower a speaker's level)."""
    n = max(1, rate // 50)
    frames = x[: len(x) // n * n].astype(np.float64).reshape(-1, n) if len(x) >= n else \
        x.astype(np.float64).reshape(1, -1)
    rms = np.sqrt(np.mean(frames ** 2, axis=1))
    top = float(rms.max()) if len(rms) else 0.0
    loud = rms[rms >= top * 0.1]
    return float(np.sqrt(np.mean(loud ** 2))) if len(loud) else 0.0


class Babble:
    """Other people's words and a household noise, mixed under a clip at ``db`` below it."""

    def __init__(self, speech: Path, db: float, rate: int, read: Any) -> None:
        self.db = db
        self.rate = rate
        self._talk: list[tuple[str, np.ndarray]] = []
        for p in sorted((speech / "words" / "unknown").glob("*.wav")):
            word = p.stem.split("_")[0]
            if word not in DIGIT_WORDS:  # a digit is an answer at a number prompt
                self._talk.append((word, read(p)))
        self._noise = [read(p) for p in sorted((speech / "words" / "silence").glob("*.wav"))]
        self._noise = [x for x in self._noise if active_rms(x, rate) > 1.0]

    def under(self, stream: np.ndarray, speech: np.ndarray, key: str,
              not_words: frozenset[str] = frozenset()) -> np.ndarray:
        """``stream`` (the padded clip) with the talk added; ``speech`` (the clip itself)
        sets the level; no talk says a word of ``not_words`` (the answers at its prompt)."""
        rng = np.random.default_rng([BABBLE_SEED, zlib.crc32(key.encode())])
        level = active_rms(speech, self.rate) * 10 ** (-self.db / 20)
        pool = [x for w, x in self._talk if w not in not_words]
        picks = [pool[int(i)] for i in rng.choice(len(pool), TALKERS, replace=False)]
        picks.append(self._noise[int(rng.integers(len(self._noise)))])
        out = stream.astype(np.float64)
        for x in picks:
            x = x.astype(np.float64)[: len(out)]
            at = int(rng.integers(0, len(out) - len(x) + 1))
            out[at:at + len(x)] += x * (level / max(active_rms(x, self.rate), 1e-9))
        return np.clip(out, -32768, 32767).astype(np.int16)


# -- what the host does with a judgement ---------------------------------------------------


class Outcome(enum.Enum):
    AT_ONCE = "at_once"
    """Taken as the prompt's answer with no question."""
    CONFIRMED = "confirmed"
    """Taken as the answer after one confirmation answered "yes" (or the letter meant)."""
    MORE_CONFIRMATIONS = "more_confirmations"
    """Taken as the answer after more than one "Was that B or D?"."""
    JUDGED_WRONG = "judged_wrong"
    """Judged a wrong answer."""
    ASKED_AGAIN = "asked_again"
    """Not understood (or a command): the host asks again; nothing is judged."""

    @property
    def taken(self) -> bool:
        return self in (Outcome.AT_ONCE, Outcome.CONFIRMED, Outcome.MORE_CONFIRMATIONS)


def settle(result: Any, meant: object, accepted: set[str], expect: str,
           through_talk: bool = False) -> Outcome:
    """What the host makes of judgement ``result`` (a judge Understood) when the speaker
    meant ``meant`` and the prompt accepts ``accepted`` (spellings, words: lower case).

    Mirrors Dialogue.ask: letter doubts are asked one by one (a doubled letter once:
    judge.doubt_questions) and answered with the letter meant, whichever it is; a torn judgement (a
    spelling's runner-up, a free word's forced check) and one less sure than CONFIRM_BELOW
    are confirmed ("Did you say X?": yes if X is what was meant), and so is a free word
    heard ``through_talk`` (the ears' Heard.unsure), and a spelling heard so that spells
    no accepted answer; at a quiz a "no" to a right answer
    named is a wrong answer.
    """
    from voice.understanding.judge import doubt_questions

    if result is None or result.command is not None:  # nothing heard, or a command
        return Outcome.ASKED_AGAIN
    value = result.value
    said = str(meant).lower()
    if result.doubt:
        letters = list(str(value))
        questions = doubt_questions(result.doubt)
        for places, heard, other in questions:
            k = places[0]
            # the letter meant (Dialogue._one_letter takes any letter): where the reading
            # has more or fewer letters than meant, only the two asked about line up
            if k < len(said) and (len(said) == len(letters) or said[k] in (heard, other)):
                for place in places:
                    letters[place] = said[k]
        if "".join(letters) not in accepted:
            return Outcome.JUDGED_WRONG
        return Outcome.CONFIRMED if len(questions) == 1 else Outcome.MORE_CONFIRMATIONS
    named = str(value).lower() if value is not None else ""
    if through_talk and expect == "spelling" and value and result.verdict == "wrong":
        # letters heard weakly that spell no answer: "Did you say C-A-N?" (yes if they
        # are what was spelled: wrong stands; a no asks again)
        return Outcome.JUDGED_WRONG if named == said else Outcome.ASKED_AGAIN
    if through_talk and expect == "word" and value and result.verdict in ("correct", "wrong"):
        # heard through talk: "Did you say X?" (yes if X is what was meant); a "no" to a
        # wrong answer asks again, to a right one is a wrong answer
        if named == said:
            return Outcome.CONFIRMED if result.verdict == "correct" else Outcome.JUDGED_WRONG
        return Outcome.JUDGED_WRONG if result.verdict == "correct" else Outcome.ASKED_AGAIN
    if result.verdict == "unclear":
        if value and expect in ("spelling", "word") and (expect == "word"
                                                        or named in accepted):
            # torn: "Did you say X?"
            if named == said:
                return Outcome.CONFIRMED if named in accepted else Outcome.JUDGED_WRONG
            return Outcome.JUDGED_WRONG
        return Outcome.ASKED_AGAIN
    if expect in ("spelling", "word") and result.confidence < CONFIRM_BELOW:
        if named != said:  # "no": at a quiz a right answer named is then wrong
            return Outcome.JUDGED_WRONG if result.verdict == "correct" else Outcome.ASKED_AGAIN
        return Outcome.CONFIRMED if result.verdict == "correct" else Outcome.JUDGED_WRONG
    return Outcome.AT_ONCE if result.verdict == "correct" else Outcome.JUDGED_WRONG


def letter_errors(heard: str, target: str) -> int:
    """Letters wrong, missing or extra (Levenshtein distance) in a spelling heard."""
    from rapidfuzz.distance import Levenshtein

    return int(Levenshtein.distance(heard, target))
