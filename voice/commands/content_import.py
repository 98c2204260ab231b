"""``tabletop content import FILE --level N --name NAME [--out DIR]``: a teacher's list as a pack.

This module adds ``import`` to the ``content`` command that
:mod:`voice.commands.content` registers (the CLI loads command modules in
name order, so ``content`` exists when this one runs). It prints one
``line N: ...`` note per thing it could not use, what it made, the
validator's verdict on the written pack and the command to play it; exit 1
when nothing was usable or the pack folder does not validate.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from content.load import shipped_blocklist
from content.schema import Category
from content.validate import validate_paths
from voice.errors import UsageError, UserError
from voice.hosting.names import check_length
from voice.hosting.session import atomic_write_text, data_dir
from voice.learning.teacher_import import LABEL, decode, default_folder, import_list


def _content_actions(sub: Any) -> Any:
    """The ``content`` command's sub-command group, to add ``import`` to it."""
    parser = sub.choices.get("content")
    if parser is None:
        raise RuntimeError("the 'content' command must be registered before content_import")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    raise RuntimeError("the 'content' command has no sub-commands to add 'import' to")


def register(sub: Any) -> None:
    p = _content_actions(sub).add_parser(
        "import", help="turn a word list (CSV or plain list) into a Word Up pack",
        description="Each line: word, optional sentence (containing the word), optional "
        "clue. A CSV header row may name the columns word, sentence, clue, definition.")
    p.add_argument("file", help="the word list: .csv, .tsv or .txt (UTF-8)")
    p.add_argument("--level", required=True, help="level of every question, 1 to 5")
    p.add_argument("--name", required=True, help="the pack's name, e.g. 'Class 3B week 4'")
    p.add_argument("--out", help="folder to write the pack to "
                   "(default: your packs folder, <data>/packs/<name>)")
    p.set_defaults(func=run)


def _level(text: str) -> int:
    try:
        level = int(text)
    except ValueError:
        raise UsageError(f"--level {text!r} is not a number; levels are 1 to 5") from None
    if not 1 <= level <= 5:
        raise UsageError(f"--level {level} is outside 1 to 5")
    return level


def run(args: argparse.Namespace) -> int:
    level = _level(str(args.level))
    args.name = check_length(args.name, "--name")
    source = Path(args.file)
    if not source.is_file():
        raise UsageError(f"{args.file}: no such file")
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise UserError(f"cannot read {args.file}: {exc.strerror}") from None
    result = import_list(decode(data, args.file), level=level, name=args.name,
                         source=source.name)
    for note in result.notes:
        print(note)
    made = ", ".join(f"{result.count(c)} {LABEL[c]}" for c in LABEL)
    print(f"made {made} questions at level {level} from {len(result.used_lines)} of "
          f"{result.lines} lines")
    if not result.items:
        raise UserError(f"nothing usable in {args.file}; no pack written")
    folder = Path(args.out) if args.out else default_folder(data_dir(), args.name)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--out {args.out}: is a file, not a folder")
    target = folder / result.file_name
    atomic_write_text(target, result.toml)
    report = validate_paths([folder], extra_blocklist=shipped_blocklist())
    for problem in report.problems:
        print(problem)
    print(f"validator: {report.summary()}")
    print(f"pack written to {target}")
    missing = [LABEL.get(c, "Multiple Choice") for c in Category if result.count(c) == 0]
    if missing:
        print(f"this pack has no {', '.join(missing)} questions (a word list cannot make "
              "multiple-choice questions)")
    if not report.ok:
        return 1
    print(f'play it with: tabletop play wordup --pack "{folder}"')
    return 0
