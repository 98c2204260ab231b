"""Fixtures of the content tests (pack texts live in content_helpers.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_helpers import BLOCKLIST, SL_CARDS, WORDUP_ITEMS, header, ws_card

from content.lexicon import Lexicon, load_lexicon


@pytest.fixture(scope="session")
def lexicon() -> Lexicon:
    return load_lexicon()


@pytest.fixture
def good_packs(tmp_path: Path) -> Path:
    """A folder with one valid pack of every game (and a blocklist)."""
    root = tmp_path / "packs"
    (root / "wordup").mkdir(parents=True)
    (root / "sportleisure").mkdir()
    (root / "wordstreet").mkdir()
    (root / "wordup" / "a.toml").write_text(header("t-wordup", "wordup") + WORDUP_ITEMS)
    (root / "sportleisure" / "a.toml").write_text(header("t-sl", "sportleisure") + SL_CARDS)
    (root / "wordstreet" / "a.toml").write_text(header("t-ws", "wordstreet") + ws_card("t-ws-1"))
    (root / "wordstreet" / "blocklist.toml").write_text(
        header("t-ws-blocklist", "wordstreet") + BLOCKLIST)
    return root
