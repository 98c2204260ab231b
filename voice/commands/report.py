"""``tabletop report NAME [--out DIR]``: make a player's progress report again.

Built from the stored profile only (see :mod:`voice.learning.report`); prints the path
of the HTML file. An unknown name lists the stored players; a damaged profile
is kept aside and reported (exit 1).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from voice.errors import UsageError
from voice.hosting.names import check_length
from voice.learning.profiles import ProfileStore
from voice.learning.report import write_report


def register(sub: Any) -> None:
    p = sub.add_parser("report", help="make a player's progress report (HTML) again")
    p.add_argument("name", help="the player's name, as given at setup")
    p.add_argument("--out", help="folder for the report (default: <data>/reports)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not args.name.strip():
        raise UsageError("NAME must not be empty: give the player's name as at setup")
    folder = Path(args.out) if args.out else None
    if folder is not None and folder.exists() and not folder.is_dir():
        raise UsageError(f"--out {args.out}: is a file, not a folder")
    profile = ProfileStore().load(check_length(args.name, "report"))
    path = write_report(profile, generated_at=time.time(), folder=folder)
    print(path)
    return 0
