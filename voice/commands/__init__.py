"""One module per `tabletop` subcommand.

Each module defines ``register(subparsers)``, which adds its parser and sets
``func`` to a callable taking the parsed ``argparse.Namespace`` and returning
an exit code. :mod:`voice.cli` discovers the modules, so adding a command
never edits the CLI entry point.
"""
