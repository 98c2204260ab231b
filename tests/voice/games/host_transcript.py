"""Reading a scripted session's transcript, shared by the host test kits.

A kit's ``Run`` holds the transcript text; the tests look up what the host
said by fragment and order, whichever game was played.
"""

from __future__ import annotations

import os
from pathlib import Path

UPDATE = "TABLETOP_UPDATE_SNAPSHOTS"
"""Set (``make golden`` sets it) to write the host-session snapshots instead of checking
them; review the diff before committing it."""


def assert_snapshot(text: str, snapshot: Path) -> None:
    """``text`` is the stored host-session transcript ``snapshot``, line by line."""
    if os.environ.get(UPDATE):
        snapshot.write_text(text, encoding="utf-8")
    assert text.splitlines() == snapshot.read_text(encoding="utf-8").splitlines(), (
        f"{snapshot.name} differs: regenerate with make golden and review the diff")


class HostLines:
    """Mixin for a kit's ``Run``: ``text`` is the session transcript."""

    text: str

    def said(self) -> list[str]:
        """The host's lines, in order."""
        return [line[len("HOST: "):] for line in self.text.splitlines()
                if line.startswith("HOST: ")]

    def index(self, fragment: str, start: int = 0) -> int:
        lines = self.said()
        for n in range(start, len(lines)):
            if fragment in lines[n]:
                return n
        raise AssertionError(f"{fragment!r} not said after line {start}:\n" + "\n".join(lines))

    def count(self, fragment: str) -> int:
        return sum(fragment in line for line in self.said())

