"""``tabletop content validate|stats [PATH]``: check packs and count them.

Without PATH both act on the packs shipped with the program. ``validate``
prints one ``file:item-id: problem`` line per problem and a summary, and
exits 1 if there is any problem.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from content.load import shipped_blocklist
from content.stats import format_stats, pack_stats
from content.validate import Report, shipped_root, validate_paths
from voice.errors import UsageError


def register(sub: Any) -> None:
    p = sub.add_parser("content", help="check or count question packs")
    actions = p.add_subparsers(dest="action", metavar="ACTION", parser_class=type(p))
    actions.required = True
    v = actions.add_parser("validate", help="check packs; exit 1 if any problem")
    v.add_argument("path", nargs="?", help="a pack file or folder (default: the shipped packs)")
    v.set_defaults(func=run_validate)
    s = actions.add_parser("stats", help="count items per game, category and level")
    s.add_argument("path", nargs="?", help="a pack file or folder (default: the shipped packs)")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(func=run_stats)


def _report(path: str | None) -> Report:
    if path is None:
        return validate_paths([shipped_root()])
    root = Path(path)
    if not root.exists():
        raise UsageError(f"no such pack file or folder: {path}")
    # A user folder is checked against the shipped blocklist too, as it is in play.
    return validate_paths([root], extra_blocklist=shipped_blocklist())


def run_validate(args: argparse.Namespace) -> int:
    report = _report(args.path)
    for problem in report.problems:
        print(problem)
    print(report.summary())
    return 0 if report.ok else 1


def run_stats(args: argparse.Namespace) -> int:
    stats = pack_stats(_report(args.path).packs)
    print(json.dumps(stats, indent=1) if args.json else format_stats(stats))
    return 0
