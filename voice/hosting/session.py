"""Saving and resuming games, and the per-game turn log.

A game is saved after every applied action so that ``tabletop play --resume``
continues exactly where it stopped, even after the process was killed. The
save holds the engine state, the driver's random state (so future dice and
shuffles come out the same) and the setup; it is written to a temporary file
in the same folder and renamed over the old one, so a kill mid-write leaves
the previous save intact.

A damaged save is never silently dropped: it is moved aside with a
``.damaged-<n>`` suffix and reported in one line.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from voice.errors import UserError

SAVE_FORMAT = 1
"""Bumped when the save layout changes incompatibly."""


def data_dir() -> Path:
    """The user data folder: ``TABLETOP_DATA_DIR`` if set, else the platform's."""
    override = os.environ.get("TABLETOP_DATA_DIR")
    base = Path(override) if override else Path(platformdirs.user_data_dir("tabletop-voice"))
    base.mkdir(parents=True, exist_ok=True)
    return base


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def keep_aside(path: Path) -> Path:
    """Move a damaged file out of the way without overwriting an earlier one."""
    n = 1
    while (aside := path.with_name(f"{path.name}.damaged-{n}")).exists():
        n += 1
    os.replace(path, aside)
    return aside


def rng_state_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list[Any]) -> random.Random:
    rng = random.Random()
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


@dataclass
class SavedGame:
    """Everything needed to continue a game exactly.

    ``setup`` is what the players chose (names, levels, teams, variant, packs);
    ``state`` is the engine's ``to_json()``; ``rng`` the driver's random state;
    ``extra`` holds driver bookkeeping (e.g. the dialogue's settings).
    """

    game: str
    setup: dict[str, Any]
    state: dict[str, Any]
    rng: list[Any]
    actions: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game,
            "setup": self.setup,
            "state": self.state,
            "rng": self.rng,
            "actions": self.actions,
            "extra": self.extra,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> SavedGame:
        if data.get("format") != SAVE_FORMAT:
            raise ValueError(f"save format {data.get('format')!r}, expected {SAVE_FORMAT}")
        return SavedGame(
            game=str(data["game"]),
            setup=dict(data["setup"]),
            state=dict(data["state"]),
            rng=list(data["rng"]),
            actions=int(data.get("actions", 0)),
            extra=dict(data.get("extra", {})),
        )


class SaveSlot:
    """The single autosave slot of one user (``<data>/saves/current.json``)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir() / "saves"
        self.path = self.folder / "current.json"

    def exists(self) -> bool:
        return self.path.exists()

    def write(self, saved: SavedGame) -> None:
        atomic_write_text(self.path, json.dumps(saved.to_json(), sort_keys=True))

    def read(self) -> SavedGame:
        """The saved game; a damaged file is kept aside and reported as a UserError."""
        if not self.path.exists():
            raise UserError(
                f"there is no saved game in {self.folder}; start one with 'tabletop play GAME'"
            )
        try:
            return SavedGame.from_json(json.loads(self.path.read_text(encoding="utf-8")))
        except (ValueError, KeyError, TypeError) as exc:
            aside = keep_aside(self.path)
            raise UserError(
                f"the saved game is damaged ({exc}); it was kept as {aside}; "
                "start a new game with 'tabletop play GAME'"
            ) from None

    def clear(self) -> None:
        """Remove the save once a game has ended, so --resume does not replay it."""
        self.path.unlink(missing_ok=True)


class TurnLog:
    """Append-only JSON-lines log of one game's turns, for review and measurement.

    Each line is one exchange: the prompt, the transcripts heard, the verdict,
    and the latency in milliseconds from end of speech to the app's reply.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)

    def append(self, record: Mapping[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as handle:
            handle.write(json.dumps(dict(record), sort_keys=True) + "\n")

    def read(self) -> list[dict[str, Any]]:
        if not self.path.exists():
            return []
        out = []
        for line in self.path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    # A line cut short by a kill: the rest of the log is still useful.
                    continue
        return out
