"""Diffing a regenerated golden playthrough against its stored file (for the test_*_golden files).

Importing this module first also makes ``tools`` importable: tools/ is a
checkout-only package, not installed.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def golden_folder(game: str) -> Path:
    return ROOT / "tests" / "golden" / game


def assert_same_as_stored(game: str, name: str, fresh: str) -> None:
    """Fail with a short unified diff, so a rules change shows what it moved."""
    stored = (golden_folder(game) / name).read_text(encoding="utf-8")
    if stored != fresh:
        diff = "".join(difflib.unified_diff(
            stored.splitlines(keepends=True), fresh.splitlines(keepends=True),
            f"stored/{name}", f"regenerated/{name}", n=2))
        pytest.fail(
            f"{name} differs (run python -m tools.golden {game} if intended):\n" + diff[:4000]
        )
