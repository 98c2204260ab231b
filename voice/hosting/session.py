"""Saving and resuming games, and the per-game turn log.

A game is saved after every applied action so that ``tabletop play --resume``
continues exactly where it stopped, even after the process was killed. The
save holds the engine state, the driver's random state (so future dice and
shuffles come out the same) and the setup; it is written to a temporary file
in the same folder and renamed over the old one, so a kill mid-write leaves
the previous save intact.

A damaged save is never silently dropped: it is moved aside with a
``.damaged-<n>`` suffix and reported in one line that names the file. Every
field is checked at load (types and sizes), and a file too large, too deeply
nested or not UTF-8 is damage too, never a traceback. A write that fails (a
full disk, a name too long) is one line naming the file, and the previous
save is kept.
"""

from __future__ import annotations

import errno
import json
import os
import random
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from voice.errors import UserError

SAVE_FORMAT = 1
"""Bumped when the save layout changes incompatibly."""

MAX_FILE_BYTES = 16 * 1024 * 1024
"""The largest data file (save, profile, settings) read: anything bigger is damage,
so a hostile file cannot make a reader allocate without bound."""

STALE_TMP_S = 60.0
"""A temporary file of an interrupted write older than this is removed."""


def data_dir() -> Path:
    """The user data folder: ``TABLETOP_DATA_DIR`` if set, else the platform's."""
    override = os.environ.get("TABLETOP_DATA_DIR")
    base = Path(override) if override else Path(platformdirs.user_data_dir("tabletop-voice"))
    base.mkdir(parents=True, exist_ok=True)
    return base


def os_reason(exc: OSError) -> str:
    """A short reason for an OS error: "no space left on device", "file name too long"."""
    if exc.errno == errno.ENOSPC:
        return "no space left on device"
    if exc.errno == errno.ENAMETOOLONG:
        return "file name too long"
    return (exc.strerror or str(exc) or type(exc).__name__).lower()


class WriteError(UserError):
    """A file could not be written; the previous content of ``path`` is kept."""

    def __init__(self, path: Path, exc: OSError) -> None:
        super().__init__(f"cannot write {path}: {os_reason(exc)}")
        self.path = path


def _fsync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (the folder's entry, not only the file)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the rename itself is atomic
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Write ``text`` so that ``path`` holds either the old or the new content, never half.

    The data is synced, renamed over ``path`` and the folder synced, so a kill
    or a power cut keeps one whole version. An OS error (full disk, a name too
    long, a folder that cannot be written) raises :class:`WriteError`, one line
    naming the file; the old content stays.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:200]}.{os.getpid()}.", suffix=".tmp",
                                   dir=path.parent)
    except OSError as exc:
        raise WriteError(path, exc) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise WriteError(path, exc) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def clean_stale_tmp(folder: Path, older_than_s: float = STALE_TMP_S) -> list[Path]:
    """Remove temporary files left by writes a kill interrupted (``.<name>.<pid>.*.tmp``).

    A file whose writing process is gone goes at once; one of a live process (or
    with no process id in its name) only when older than ``older_than_s``, so a
    write in progress is never touched. Returns what was removed.
    """
    removed: list[Path] = []
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return removed
    now = time.time()
    for tmp in candidates:
        try:
            if not _writer_alive(tmp.name) or now - tmp.stat().st_mtime >= older_than_s:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed


def _writer_alive(name: str) -> bool:
    """Whether the process that named this temporary file still runs (True if unknown)."""
    parts = name.split(".")
    pids = [p for p in parts[2:-2] if p.isdigit()]
    if not pids:
        return True
    pid = int(pids[-1])
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def read_data_file(path: Path, limit: int | None = None) -> Any:
    """The JSON in ``path``; ValueError (with the reason) if it cannot be one of ours.

    Too large, not UTF-8, not JSON, or nested too deeply to read: all are
    ValueError, so every reader reports them as damage in one line.
    """
    limit = MAX_FILE_BYTES if limit is None else limit
    with path.open("rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        size = f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit} bytes"
        raise ValueError(f"larger than {size}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg} at line {exc.lineno})") from None


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


def check_rng(data: Any) -> list[Any]:
    """``data`` if it is a saved random state; ValueError saying what is wrong if not."""
    if not isinstance(data, list) or len(data) != 3:
        raise ValueError("rng must be a list of [version, state, gauss]")
    version, internal, gauss = data
    if type(version) is not int or version != 3:
        raise ValueError(f"rng version {version!r}, expected 3")
    if not isinstance(internal, list) or len(internal) != 625:
        raise ValueError("rng state must be a list of 625 whole numbers")
    if any(type(x) is not int or not 0 <= x < 1 << 32 for x in internal):
        raise ValueError("rng state must hold whole numbers 0..2**32-1")
    if not 0 <= internal[-1] <= 624:
        raise ValueError("rng position must be 0..624")
    if gauss is not None and type(gauss) is not float:
        raise ValueError("rng gauss must be a number or null")
    return data


def rng_from_json(data: list[Any]) -> random.Random:
    rng = random.Random()
    version, internal, gauss = check_rng(data)
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _dict(data: Mapping[str, Any], key: str, default: Any = None) -> dict[str, Any]:
    value = data.get(key, default)
    if not isinstance(value, dict):
        raise ValueError(f"{key} must be an object, got {type(value).__name__}")
    return value


def _count(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if type(value) is not int or not 0 <= value < 1 << 62:
        raise ValueError(f"{key} must be a whole number 0 or more, got {value!r}")
    return value


def check_action(data: Any, what: str) -> dict[str, Any]:
    """A saved action (``{"kind", "actor", "value"}``); ValueError if damaged."""
    if (not isinstance(data, dict) or not isinstance(data.get("kind"), str)
            or type(data.get("actor")) is not int):
        raise ValueError(f"{what} must be an action with a kind and an actor")
    return data


def _undo(data: Any) -> dict[str, Any] | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError("undo must be an object or null")
    _dict(data, "state")
    check_rng(data.get("rng"))
    check_action(data.get("action"), "undo.action")
    _count(data, "n")
    return data


def _pending(data: Any) -> dict[str, Any] | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError("pending must be an object or null")
    if "n" not in data or _count(data, "n") < 1:
        raise ValueError("pending.n must be the number of the action, 1 or more")
    events = data.get("events")
    if not isinstance(events, list) or not all(
            isinstance(e, dict) and isinstance(e.get("kind"), str)
            and isinstance(e.get("data"), dict) for e in events):
        raise ValueError("pending.events must be a list of events")
    record = data.get("record")
    if record is not None and not isinstance(record, dict):
        raise ValueError("pending.record must be an object or null")
    return data


@dataclass
class SavedGame:
    """Everything needed to continue a game exactly.

    ``setup`` is what the players chose (names, levels, teams, variant, packs);
    ``state`` is the engine's ``to_json()``; ``rng`` the driver's random state;
    ``extra`` holds driver bookkeeping (e.g. the dialogue's settings); ``undo``
    the state before the last verdict (so "that was wrong" works after a
    resume); ``pending`` the last action's events and turn-log record, saved
    before they were said, logged and recorded, so a resume finishes them once.
    """

    game: str
    setup: dict[str, Any]
    state: dict[str, Any]
    rng: list[Any]
    actions: int = 0
    extra: dict[str, Any] = field(default_factory=dict)
    undo: dict[str, Any] | None = None
    pending: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game,
            "setup": self.setup,
            "state": self.state,
            "rng": self.rng,
            "actions": self.actions,
            "extra": self.extra,
            "undo": self.undo,
            "pending": self.pending,
        }

    @staticmethod
    def from_json(data: Any) -> SavedGame:
        """The saved game in ``data``; ValueError naming the first damaged field."""
        if not isinstance(data, dict):
            raise ValueError(f"it holds {'null' if data is None else type(data).__name__}, "
                             "not a saved game")
        if data.get("format") != SAVE_FORMAT:
            raise ValueError(f"save format {data.get('format')!r}, expected {SAVE_FORMAT}")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise ValueError(f"game must be a game's name, got {game!r}")
        return SavedGame(
            game=game,
            setup=dict(_dict(data, "setup")),
            state=dict(_dict(data, "state")),
            rng=check_rng(data.get("rng")),
            actions=_count(data, "actions"),
            extra=dict(_dict(data, "extra", {})),
            undo=_undo(data.get("undo")),
            pending=_pending(data.get("pending")),
        )


class DamagedSave(UserError):
    """A save that cannot be resumed; it was moved to ``aside``."""

    def __init__(self, path: Path, reason: str, aside: Path | None) -> None:
        kept = f"it was kept as {aside}" if aside is not None else "it could not be moved aside"
        super().__init__(f"the saved game {path} is damaged ({reason}); {kept}; "
                         "start a new game with 'tabletop play GAME'")
        self.aside = aside


class SaveSlot:
    """The single autosave slot of one user (``<data>/saves/current.json``)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir() / "saves"
        self.path = self.folder / "current.json"
        self.time_path = self.folder / "current.time.json"
        """A timed game's play time, written while the table is at a prompt (the driver's
        time keeper), so a kill there loses at most a few seconds of it."""

    def exists(self) -> bool:
        return self.path.exists()

    def write(self, saved: SavedGame) -> None:
        """Save atomically; a failed write (full disk) is a WriteError, the old save kept."""
        atomic_write_text(self.path, json.dumps(saved.to_json(), sort_keys=True))

    def clean(self) -> list[Path]:
        """Remove temporary files of writes a kill interrupted."""
        return clean_stale_tmp(self.folder)

    def read(self) -> SavedGame:
        """The saved game; a damaged file is kept aside and reported as a UserError."""
        if not self.path.exists():
            raise UserError(
                f"there is no saved game in {self.folder}; start one with 'tabletop play GAME'"
            )
        try:
            return SavedGame.from_json(read_data_file(self.path))
        except ValueError as exc:
            raise self.damaged(str(exc)) from None
        except OSError as exc:
            raise UserError(f"cannot read the saved game {self.path}: {os_reason(exc)}") from None

    def damaged(self, reason: str) -> DamagedSave:
        """Move the save aside (``current.json.damaged-<n>``) and say so, naming both files."""
        try:
            aside: Path | None = keep_aside(self.path)
        except OSError:
            aside = None
        return DamagedSave(self.path, reason, aside)

    def clear(self) -> None:
        """Remove the save once a game has ended, so --resume does not replay it."""
        self.path.unlink(missing_ok=True)
        self.time_path.unlink(missing_ok=True)

    def write_time(self, actions: int, used_s: float) -> None:
        """Note a timed game's play time at ``actions`` (see :attr:`time_path`)."""
        atomic_write_text(self.time_path, json.dumps({"actions": actions,
                                                      "used_s": round(used_s, 3)}))

    def read_time(self, actions: int) -> float | None:
        """The play time noted at ``actions``, or None (none, another action, unreadable)."""
        try:
            data = read_data_file(self.time_path, limit=4096)
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("actions") != actions:
            return None
        used = data.get("used_s")
        if not isinstance(used, (int, float)) or isinstance(used, bool) or not 0 <= used <= 1e9:
            return None
        return float(used)


class TurnLog:
    """Append-only JSON-lines log of one game's turns, for review and measurement.

    Each line is one exchange: the prompt, the transcripts heard, the verdict,
    and the latency in milliseconds from end of speech to the app's reply.
    Records are keyed by their action number ``n``: appending one already in
    the log does nothing, so a resumed game that finishes its last action
    again logs it once. A line a kill cut short is dropped before appending.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._seen: set[int] | None = None

    def _numbers(self) -> set[int]:
        if self._seen is None:
            self._repair()
            self._seen = {r["n"] for r in self.read() if type(r.get("n")) is int}
        return self._seen

    def _repair(self) -> None:
        """Cut a last line that a kill left without its newline (it was never whole)."""
        try:
            with self.path.open("rb+") as handle:
                size = handle.seek(0, os.SEEK_END)
                if size == 0:
                    return
                handle.seek(size - 1)
                if handle.read(1) == b"\n":
                    return
                keep = 0
                pos = size
                while pos > 0 and not keep:
                    step = min(65536, pos)
                    pos -= step
                    handle.seek(pos)
                    chunk = handle.read(step)
                    cut = chunk.rfind(b"\n")
                    if cut >= 0:
                        keep = pos + cut + 1
                handle.truncate(keep)
        except FileNotFoundError:
            return

    def has(self, n: int) -> bool:
        return n in self._numbers()

    def append(self, record: Mapping[str, Any]) -> bool:
        """Add ``record`` unless its ``n`` is logged already; True when it was added."""
        n = record.get("n")
        seen = self._numbers()
        if type(n) is int and n in seen:
            return False
        line = json.dumps(dict(record), sort_keys=True) + "\n"
        try:
            with self.path.open("a", encoding="utf-8") as handle:
                handle.write(line)
        except OSError as exc:
            raise WriteError(self.path, exc) from None
        if type(n) is int:
            seen.add(n)
        return True

    def read(self) -> list[dict[str, Any]]:
        if not self.path.exists():
            return []
        out = []
        with self.path.open(encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except (ValueError, RecursionError):
                    # A line cut short by a kill: the rest of the log is still useful.
                    continue
                if isinstance(record, dict):
                    out.append(record)
        return out
