"""The packs that ship: every one validates and loads, and the counts add up.

Written against whatever is shipped, so it checks new packs as they land and
fails on any problem in any of them.
"""

from __future__ import annotations

import pytest

from content.load import load_packs
from content.schema import Game
from content.stats import pack_stats
from content.validate import pack_files, shipped_root, validate_paths


def shipped_games() -> list[Game]:
    return [g for g in Game if pack_files(shipped_root() / g.value)]


def test_every_shipped_pack_validates() -> None:
    report = validate_paths([shipped_root()])
    assert [str(p) for p in report.problems] == []
    assert report.files == len(pack_files(shipped_root()))


@pytest.mark.parametrize("game", shipped_games())
def test_shipped_game_loads(game: Game) -> None:
    packs = load_packs(game)
    assert packs and all(p.game is game for p in packs)


def test_stats_count_every_shipped_item() -> None:
    report = validate_paths([shipped_root()])
    stats = pack_stats(report.packs)
    assert stats["wordup"]["items"] == sum(len(p.items) for p in report.packs)
    assert sum(stats["wordup"]["by_level"].values()) == stats["wordup"]["items"]
    assert sum(stats["wordup"]["by_category"].values()) == stats["wordup"]["items"]


def test_the_blocklist_keeps_sexual_words_and_slurs_not_childrens_words() -> None:
    from content.load import shipped_blocklist

    blocked = shipped_blocklist()
    assert {"sex", "porn", "slut", "faggot", "nigger", "fuck", "cunt"} <= blocked
    assert not {"gun", "poo", "fart", "bum", "wee", "stupid", "bomb", "kill"} & blocked


@pytest.mark.parametrize("category,words", [
    ("A feeling", {"love", "joy", "fear", "anger"}),
    ("A part of your body", {"face", "heart", "brain"}),
    ("A school subject", {"maths", "math"}),
    ("Something you see at a circus", {"lion", "elephant", "tiger"}),
    ("Something with wheels", {"plane"}),
    ("Something that floats", {"ship"}),
    ("Someone in a fairy tale", {"cinderella", "goldilocks"}),
    ("A sound an animal makes", {"ribbit"}),
])
def test_accept_lists_have_the_words_a_child_says_first(category: str, words: set[str]) -> None:
    from content.schema import WSCard

    sides = {side.category: side for p in load_packs(Game.WORDSTREET) for c in p.cards
             if isinstance(c, WSCard) for side in (c.blue, c.orange)}
    assert words <= set(sides[category].accept)
