"""The ``tabletop`` command: finds subcommands in :mod:`voice.commands` and runs one.

Every failure the user can cause ends as one line on stderr and an exit code
(2 for usage, 1 otherwise); tracebacks are for bugs only.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from content.load import ContentError
from engine.core import RulesError
from voice import commands
from voice.errors import UserError


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad usage in one line with exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"tabletop: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tabletop",
        description="An offline, hands-free host for Word Up, Best of Sport and Leisure "
        "and Word on the Street Junior.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = args.func(args)
    except UserError as exc:
        print(f"tabletop: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except RulesError as exc:
        print(f"tabletop: error: {exc}", file=sys.stderr)
        return 2
    except ContentError as exc:
        # The validator's own lines: one per problem, then its summary.
        print(str(exc), file=sys.stderr)
        return 1
    except BrokenPipeError:
        # Output piped into something that stopped reading (| head): not an error.
        sys.stderr.close()
        return 0
    except OSError as exc:
        # A path the user gave that the system refuses (a name too long, a folder that
        # cannot be read or written): one line naming it, as for any bad input.
        print(f"tabletop: error: {_os_error(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("tabletop: stopped", file=sys.stderr)
        return 130
    return int(code or 0)


def _os_error(exc: OSError) -> str:
    name = str(exc.filename) if exc.filename is not None else ""
    if len(name) > 80:
        name = f"{name[:60]}... ({len(name)} characters)"
    reason = (exc.strerror or str(exc) or type(exc).__name__).lower()
    return f"{name}: {reason}" if name else reason


if __name__ == "__main__":
    sys.exit(main())
