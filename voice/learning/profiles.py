"""Player profiles kept on this machine: level, results over time, missed words.

A learner who comes back next week says their name at setup and the app
knows their level, how they did per category, and which words they missed,
so the level keeps fitting and the teacher's report covers more than one
game. Everything stays in ``<data_dir>/profiles/<slug>.json``; nothing leaves
the machine.

A returning player is found by name, ignoring case and spacing ("ana",
"  Ana " and "ANA" are one player). Times are seconds since the epoch,
always passed in by the caller so the logic never reads a clock. Files are
written atomically; a damaged one is moved aside (``.damaged-<n>``) and
reported in one line, never silently replaced.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from content.schema import (
    GAP,
    LEVELS,
    Category,
    CrosswordClue,
    MissingWord,
    MultipleChoice,
    Spelling,
    WordUpItem,
)
from voice.errors import UserError
from voice.hosting.session import atomic_write_text, data_dir, keep_aside, read_data_file
from voice.learning.level_fit import DEFAULT_POLICY, Fit, Policy

PROFILE_FORMAT = 1
"""Bumped when the file layout changes incompatibly."""

MAX_RESULTS = 5000
"""Oldest results are dropped past this many (years of weekly lessons; the
file stays well under a megabyte)."""

MAX_MISSED = 500
"""Most recent missed words kept; a word missed again moves to the end."""

_WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)),
                     *(f"lpt{i}" for i in range(1, 10))}


def name_key(name: str) -> str:
    """How names are compared: case-folded, NFC, inner spaces collapsed."""
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def profile_slug(name: str) -> str:
    """A file-system-safe file stem for a name, the same for every spelling of it.

    Plain ASCII names give a readable stem (``ana-maria``); a name with other
    characters, or one that folds to a reserved device name, gets a short
    hash of the whole key so that "José" and "Jose" never share a file.
    """
    key = name_key(name)
    if not key:
        raise UserError("a player name cannot be empty")
    readable = re.sub(r"[^a-z0-9]+", "-", key).strip("-")
    exact = (readable.replace("-", " ") == key and readable not in _WINDOWS_RESERVED
             and len(readable) <= 60)
    if exact and readable:
        return readable
    digest = hashlib.sha1(key.encode("utf-8")).hexdigest()[:8]
    ascii_part = re.sub(
        r"[^a-z0-9]+", "-",
        unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode("ascii"),
    ).strip("-")[:40]
    return f"{ascii_part}-{digest}" if ascii_part else f"player-{digest}"


@dataclass(frozen=True)
class Result:
    """One answered question. ``at`` is seconds since the epoch; ``level`` 1-5."""

    at: float
    category: str
    correct: bool
    level: int
    item_id: str | None = None
    key: str | None = None
    """Which game and action gave it (``<game start>#<action>``), so a game resumed
    after a kill records an answer once."""

    def to_json(self) -> dict[str, Any]:
        out = {"at": self.at, "category": self.category, "correct": self.correct,
               "level": self.level, "item_id": self.item_id}
        if self.key is not None:
            out["key"] = self.key
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Result:
        category = str(data["category"])
        Category(category)  # an unknown category is damage, not data
        level = int(data["level"])
        if level not in LEVELS or not isinstance(data["correct"], bool):
            raise ValueError(f"result {dict(data)!r} is out of range")
        item_id = data.get("item_id")
        key = data.get("key")
        if key is not None and not isinstance(key, str):
            raise ValueError(f"result key {key!r} is not text")
        return Result(float(data["at"]), category, data["correct"], level,
                      None if item_id is None else str(item_id), key)


@dataclass(frozen=True)
class Missed:
    """A word a player got wrong, with the sentence that shows it in use."""

    word: str
    sentence: str
    category: str
    at: float
    level: int

    def to_json(self) -> dict[str, Any]:
        return {"word": self.word, "sentence": self.sentence, "category": self.category,
                "at": self.at, "level": self.level}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Missed:
        category = str(data["category"])
        Category(category)
        return Missed(str(data["word"]), str(data["sentence"]), category,
                      float(data["at"]), int(data["level"]))


def missed_entry(item: WordUpItem) -> tuple[str, str]:
    """The word and the sentence a report shows for a missed item.

    The sentence is the one the player heard, made complete: a Missing Word
    gap is filled with the answer, a clue is followed by its answer, a
    multiple-choice question by the right option.
    """
    word = item.answers[0]
    if isinstance(item, Spelling):
        return item.word, item.sentence
    if isinstance(item, MissingWord):
        return word, item.sentence.replace(GAP, word, 1)
    if isinstance(item, CrosswordClue):
        return word, f"{item.clue} {word[:1].upper()}{word[1:]}."
    if isinstance(item, MultipleChoice):
        if GAP in item.question:
            return word, item.question.replace(GAP, word, 1)
        return word, f"{item.question} {word}"
    return word, item.text


@dataclass
class CategoryTally:
    """Right answers out of questions asked, for one category."""

    right: int = 0
    asked: int = 0

    @property
    def rate(self) -> float | None:
        return self.right / self.asked if self.asked else None


@dataclass
class Profile:
    """One player. ``level`` is where they play now (1-5); ``pinned`` means a
    teacher fixed it, so level fitting never offers a change."""

    name: str
    level: int = 1
    pinned: bool = False
    results: list[Result] = field(default_factory=list)
    missed: list[Missed] = field(default_factory=list)

    @property
    def key(self) -> str:
        return name_key(self.name)

    def record(self, item: WordUpItem, correct: bool, at: float,
               level: int | None = None, key: str | None = None) -> bool:
        """Note one answer; a wrong one also adds the word to the missed list.

        With ``key`` (game and action), an answer already recorded under it is not
        recorded again (a resumed game finishing its last action): False then.
        """
        if key is not None and any(r.key == key for r in self.results):
            return False
        played = self.level if level is None else level
        self.results.append(Result(at, str(item.category), correct, played, item.id, key))
        del self.results[:-MAX_RESULTS]
        if not correct:
            word, sentence = missed_entry(item)
            self.missed = [m for m in self.missed if m.word.lower() != word.lower()]
            self.missed.append(Missed(word, sentence, str(item.category), at, played))
            del self.missed[:-MAX_MISSED]
        return True

    def tallies(self, since: float | None = None) -> dict[str, CategoryTally]:
        """Per category (all four, in board order), right out of asked."""
        out = {str(c): CategoryTally() for c in Category}
        for r in self.results:
            if since is not None and r.at < since:
                continue
            tally = out.setdefault(r.category, CategoryTally())
            tally.asked += 1
            tally.right += r.correct
        return out

    def recent(self, level: int | None = None, n: int | None = None) -> list[bool]:
        """The latest results (oldest first), optionally only those at ``level``."""
        picked = [r.correct for r in self.results if level is None or r.level == level]
        return picked[-n:] if n else picked

    def fit(self, policy: Policy = DEFAULT_POLICY) -> Fit:
        """Level fitting for this player, seeded with their latest results at
        their level (a returning player's window is full from the start)."""
        return Fit.from_history(self.level, self.recent(self.level, policy.window),
                                pinned=self.pinned, policy=policy)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": PROFILE_FORMAT,
            "name": self.name,
            "level": self.level,
            "pinned": self.pinned,
            "results": [r.to_json() for r in self.results],
            "missed": [m.to_json() for m in self.missed],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Profile:
        if data.get("format") != PROFILE_FORMAT:
            raise ValueError(f"profile format {data.get('format')!r}, expected {PROFILE_FORMAT}")
        level = data["level"]
        if type(level) is not int or level not in LEVELS:
            raise ValueError(f"level {level!r} is not 1-5")
        if not isinstance(data["pinned"], bool) or not str(data["name"]).strip():
            raise ValueError("pinned must be true/false and the name non-empty")
        return Profile(
            name=str(data["name"]),
            level=level,
            pinned=data["pinned"],
            results=[Result.from_json(r) for r in data["results"]],
            missed=[Missed.from_json(m) for m in data["missed"]],
        )


class DamagedProfile(UserError):
    """A profile file that could not be read; it has been moved to ``aside``."""

    def __init__(self, name: str, reason: str, aside: Path) -> None:
        super().__init__(f"the profile of {name} was damaged ({reason}); it was kept as "
                         f"{aside}")
        self.aside = aside


@dataclass(frozen=True)
class Opened:
    """What :meth:`ProfileStore.open` found: the profile, whether the player is
    returning, and a one-line warning to show or say when a damaged file was
    kept aside."""

    profile: Profile
    returning: bool
    warning: str | None = None


class ProfileStore:
    """The profiles folder (``<data_dir>/profiles`` unless given)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir() / "profiles"

    def path_for(self, name: str) -> Path:
        return self.folder / f"{profile_slug(name)}.json"

    def find(self, name: str) -> Profile | None:
        """The stored profile for ``name``; None for a new player.

        A file that cannot be read is moved aside and :class:`DamagedProfile`
        raised, so the caller can report it and carry on.
        """
        path = self.path_for(name)
        if not path.exists():
            return None
        try:
            data = read_data_file(path)
            if not isinstance(data, dict):
                raise ValueError(f"it holds {type(data).__name__}, not a profile")
            profile = Profile.from_json(data)
        except (ValueError, KeyError, TypeError, AttributeError, OverflowError) as exc:
            raise DamagedProfile(name.strip(), str(exc) or type(exc).__name__,
                                 keep_aside(path)) from None
        if profile.key != name_key(name):
            # Two names that share a file stem (a hash clash): never mix players.
            raise DamagedProfile(name.strip(), f"the file belongs to {profile.name!r}",
                                 keep_aside(path))
        return profile

    def open(self, name: str, level: int) -> Opened:
        """The profile of a player at setup: their stored one, or a new one at ``level``.

        A returning player keeps their stored level (the setup may then tell
        them so). A damaged file never stops a game: it is kept aside, a new
        profile starts, and the warning says where the old file went.
        """
        if level not in LEVELS:
            raise UserError(f"level {level} is outside 1 to 5")
        try:
            found = self.find(name)
        except DamagedProfile as exc:
            return Opened(Profile(" ".join(name.split()), level), False,
                          f"{exc}; a new profile is started")
        if found is None:
            return Opened(Profile(" ".join(name.split()), level), False)
        return Opened(found, True)

    def load(self, name: str) -> Profile:
        """The stored profile, or a UserError saying who is stored (for commands)."""
        profile = self.find(name)
        if profile is None:
            known = ", ".join(self.names()) or "none yet"
            raise UserError(f"no profile for {name.strip()!r}; stored players: {known}")
        return profile

    def save(self, profile: Profile) -> Path:
        path = self.path_for(profile.name)
        atomic_write_text(path, json.dumps(profile.to_json(), ensure_ascii=False,
                                           separators=(",", ":")))
        return path

    def save_all(self, profiles: Iterable[Profile]) -> list[Path]:
        return [self.save(p) for p in profiles]

    def names(self) -> list[str]:
        """Names of the readable stored profiles (damaged files are left for find)."""
        out: list[str] = []
        if not self.folder.exists():
            return out
        for path in sorted(self.folder.glob("*.json")):
            try:
                out.append(str(read_data_file(path)["name"]))
            except (ValueError, KeyError, TypeError, OSError):
                continue
        return sorted(out, key=name_key)
