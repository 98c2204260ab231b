"""``tabletop profile list|show|pin|unpin``: a teacher's view of the stored players.

``pin NAME LEVEL`` fixes a player's level so the game never offers to change
it (the sheet leaves the choice of level to the table; a teacher may know
best); ``unpin`` hands it back to level fitting. ``show`` prints the level and
the right answers per category.
"""

from __future__ import annotations

import argparse
from typing import Any

from content.schema import Category
from voice.errors import UsageError
from voice.hosting.names import check_name
from voice.learning.profiles import ProfileStore
from voice.learning.report import CATEGORY_NAMES


def register(sub: Any) -> None:
    p = sub.add_parser("profile", help="list players, show one, or pin a player's level")
    actions = p.add_subparsers(dest="action", metavar="ACTION", parser_class=type(p))
    actions.required = True
    actions.add_parser("list", help="the stored players").set_defaults(func=run_list)
    s = actions.add_parser("show", help="a player's level and results per category")
    s.add_argument("name")
    s.set_defaults(func=run_show)
    pin = actions.add_parser("pin", help="fix a player's level (1-5); no level offers")
    pin.add_argument("name")
    pin.add_argument("level", help="1 to 5")
    pin.set_defaults(func=run_pin)
    unpin = actions.add_parser("unpin", help="let the game suggest level changes again")
    unpin.add_argument("name")
    unpin.set_defaults(func=run_unpin)


def run_list(args: argparse.Namespace) -> int:
    names = ProfileStore().names()
    for name in names:
        print(name)
    if not names:
        print("no players stored yet")
    return 0


def run_show(args: argparse.Namespace) -> int:
    profile = ProfileStore().load(check_name(args.name, "profile show"))
    pinned = " (pinned by the teacher)" if profile.pinned else ""
    print(f"{profile.name}: level {profile.level}{pinned}")
    for category, tally in profile.tallies().items():
        print(f"  {CATEGORY_NAMES[Category(category)]}: {tally.right} right of {tally.asked}")
    print(f"  missed words: {len(profile.missed)}")
    return 0


def _level(text: str) -> int:
    try:
        level = int(text)
    except ValueError:
        raise UsageError(f"level {text!r} is not a number; levels are 1 to 5") from None
    if not 1 <= level <= 5:
        raise UsageError(f"level {level} is outside 1 to 5")
    return level


def run_pin(args: argparse.Namespace) -> int:
    level = _level(args.level)
    name = check_name(args.name, "profile pin")
    store = ProfileStore()
    opened = store.open(name, level)
    if opened.warning:
        print(opened.warning)
    profile = opened.profile
    profile.level, profile.pinned = level, True
    store.save(profile)
    print(f"{profile.name}: level {level}, pinned")
    return 0


def run_unpin(args: argparse.Namespace) -> int:
    store = ProfileStore()
    profile = store.load(check_name(args.name, "profile unpin"))
    profile.pinned = False
    store.save(profile)
    print(f"{profile.name}: level {profile.level}, the game may suggest changes")
    return 0
