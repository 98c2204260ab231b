"""Any decoded TOML, however wrong, yields problem lines and never an exception.

Valid packs of every game are damaged (a value replaced by another type or
value, a field removed): every single damage exhaustively, then random
combinations, so the checks past parsing run on odd values too.
"""

from __future__ import annotations

import copy
import tomllib
from typing import Any

from content_helpers import BLOCKLIST, SL_CARDS, WORDUP_ITEMS, header, ws_card
from hypothesis import given, settings
from hypothesis import strategies as st

from content.lexicon import load_lexicon
from content.schema import Problem, parse_pack
from content.validate import check_packs

GOOD = [
    tomllib.loads(header("p-wu", "wordup") + WORDUP_ITEMS),
    tomllib.loads(header("p-sl", "sportleisure") + SL_CARDS),
    tomllib.loads(header("p-ws", "wordstreet") + ws_card("w-1") + BLOCKLIST),
]
REPLACEMENTS = ["", "kitten", "___", "a ___ b ___", "Sunny", "x y", "11", "current champion",
                "wordstreet", "crossword", "pot_luck", "picture", "orange", 0, -1, 3, 6, 99,
                True, 1.5, [], ["k"], ["a", "a", "b"], {}, {"x": 1}, [{"x": 1}]]


def paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += paths(value, (*prefix, index))
    return out


def damage(data: dict[str, Any], path: tuple[Any, ...], new: Any, delete: bool) -> None:
    parent: Any = data
    for step in path[:-1]:
        parent = parent[step]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = copy.deepcopy(new)


def run_checks(pack_data: dict[str, Any]) -> list[Problem]:
    pack, problems = parse_pack(pack_data, "f.toml")
    if pack is not None:
        problems += check_packs([pack], load_lexicon(), {"idiot"})
    return problems


def test_every_single_damage_gives_problems_not_exceptions() -> None:
    runs = 0
    for good in GOOD:
        for path in paths(good):
            for new, delete in [(None, True), *((r, False) for r in REPLACEMENTS)]:
                pack_data = copy.deepcopy(good)
                damage(pack_data, path, new, delete)
                problems = run_checks(pack_data)
                assert all(str(p).startswith("f.toml:") for p in problems), (path, new)
                runs += 1
    assert runs > 3000


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_damaged_packs_give_problems_not_exceptions(data: st.DataObject) -> None:
    pack_data = copy.deepcopy(data.draw(st.sampled_from(GOOD)))
    for _ in range(data.draw(st.integers(1, 4))):
        choices = paths(pack_data)
        if not choices:
            break
        path = data.draw(st.sampled_from(choices))
        damage(pack_data, path, data.draw(st.sampled_from(REPLACEMENTS)), data.draw(st.booleans()))
    problems = run_checks(pack_data)
    assert all(isinstance(p, Problem) and str(p).startswith("f.toml:") for p in problems)


def test_undamaged_packs_have_no_problems() -> None:
    for data in GOOD:
        pack, problems = parse_pack(copy.deepcopy(data), "f.toml")
        assert pack is not None and problems == []
        assert check_packs([pack], load_lexicon()) == []
