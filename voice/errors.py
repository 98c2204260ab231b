"""Errors the CLI turns into one clear line and an exit code, never a traceback."""

from __future__ import annotations


class UserError(Exception):
    """Bad input from the user: says what is wrong and what is allowed.

    ``exit_code`` is 2 for bad command-line usage, 1 for other failures
    (broken pack, no microphone, missing model, damaged save).
    """

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code


class UsageError(UserError):
    """A bad flag or argument value (exit code 2)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, exit_code=2)
