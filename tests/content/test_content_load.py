"""The loader: stream order, wrap-round, sheet numbers, decks, and broken packs."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_helpers import BLOCKLIST, header, sl_card, ws_card

from content.load import (
    ContentError,
    load_packs,
    load_sportleisure,
    load_wordstreet,
    load_wordup,
    sheet_number,
)
from content.schema import Category, MissingWord


def crossword_items(prefix: str, count: int, level: int = 2) -> str:
    return "".join(
        f'\n[[item]]\nid = "{prefix}-{n}"\nlevel = {level}\ncategory = "crossword"\n'
        f'clue = "Clue {n}."\nfirst_letter = "k"\nanswers = ["kitten"]\n'
        for n in range(1, count + 1)
    )


@pytest.fixture
def wordup_folder(tmp_path: Path) -> Path:
    # File names sort the other way round from pack ids: order must follow pack ids.
    (tmp_path / "a.toml").write_text(header("wu-b", "wordup") + crossword_items("b", 5))
    (tmp_path / "b.toml").write_text(header("wu-a", "wordup") + crossword_items("a", 10))
    return tmp_path


def test_stream_order_is_pack_id_then_file_order(wordup_folder: Path) -> None:
    q = load_wordup(wordup_folder)
    ids = [q.question(2, Category.CROSSWORD, i).id for i in range(15)]
    assert ids == [f"a-{n}" for n in range(1, 11)] + [f"b-{n}" for n in range(1, 6)]
    assert q.count(2, "crossword") == 15
    assert q.sheets(2, "crossword") == 2
    assert q.count(1, "crossword") == load_wordup().count(1, "crossword")  # filled from shipped


def test_stream_wraps_round_when_used_up(wordup_folder: Path) -> None:
    q = load_wordup(wordup_folder)
    assert q.question(2, "crossword", 15).id == "a-1"
    assert q.question(2, "crossword", 31).id == "a-2"
    with pytest.raises(ValueError):
        q.question(2, "crossword", -1)


def test_empty_stream_is_a_content_error() -> None:
    from content.load import WordUpQuestions

    with pytest.raises(ContentError, match="no Word Up questions for level 1, spelling"):
        WordUpQuestions({}).question(1, Category.SPELLING, 0)


@pytest.mark.parametrize(("index", "sheet"), [(0, 1), (6, 1), (7, 2), (13, 2), (14, 3), (69, 10)])
def test_sheet_numbering(index: int, sheet: int) -> None:
    assert sheet_number(index) == sheet


def test_items_are_typed(tmp_path: Path) -> None:
    (tmp_path / "p.toml").write_text(header("wu", "wordup") + """
[[item]]
id = "t-1"
level = 3
category = "missing_word"
sentence = "A ___ barks."
letters = 3
answers = ["dog"]
""")
    item = load_wordup(tmp_path).question(3, "missing_word", 0)
    assert isinstance(item, MissingWord)
    assert (item.letters, item.answers, item.text) == (3, ("dog",), "A ___ barks.")


def test_broken_pack_raises_with_validator_lines(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text(header("wu", "wordup") + crossword_items("x", 1).replace('"k"', '"z"'))
    with pytest.raises(ContentError) as info:
        load_wordup(tmp_path)
    assert info.value.problems == [
        f"{path}:x-1: answer 'kitten' does not start with first_letter 'z'"]
    assert str(info.value).splitlines()[0] == info.value.problems[0]
    assert "1 problem" in str(info.value).splitlines()[-1]


def test_only_the_asked_game_is_loaded(tmp_path: Path) -> None:
    (tmp_path / "wu.toml").write_text(header("wu", "wordup") + crossword_items("x", 1))
    (tmp_path / "sl.toml").write_text(header("sl", "sportleisure") + sl_card("s-1"))
    assert [p.id for p in load_packs("wordup", tmp_path)] == ["wu"]
    assert len(load_sportleisure(tmp_path)) == 1
    with pytest.raises(ContentError, match="no wordstreet packs found"):
        load_packs("wordstreet", tmp_path / "sl.toml")


def test_sportleisure_deck_by_index(tmp_path: Path) -> None:
    (tmp_path / "sl.toml").write_text(header("sl", "sportleisure") + sl_card("s-1")
                                      + sl_card("s-2", "common_theme", 'theme = "Nets"'))
    deck = load_sportleisure(tmp_path)
    assert [deck.card(i).id for i in range(4)] == ["s-1", "s-2", "s-1", "s-2"]
    card = deck.card(1)
    assert card.theme == "Nets" and card.scene is None
    assert [q.colour for q in card.questions] == ["purple", "green", "yellow", "red"]


def test_wordstreet_deck_by_index_and_side(tmp_path: Path) -> None:
    (tmp_path / "ws.toml").write_text(header("ws", "wordstreet") + ws_card("w-1")
                                      + ws_card("w-2", blue_category="A pet") + BLOCKLIST)
    deck = load_wordstreet(tmp_path)
    assert len(deck) == 2
    assert deck.side(1, "blue").category == "A pet"
    assert deck.side(2, "orange").category == "A word that describes the weather w-1"
    assert "sand" in deck.side(0, "blue").accept
    assert deck.blocked("Idiot") and not deck.blocked("sand")
    with pytest.raises(ValueError, match="allowed: blue, orange"):
        deck.side(0, "green")


def test_user_wordup_pack_comes_first_and_gaps_are_filled_from_shipped(tmp_path: Path) -> None:
    from content.load import load_wordup

    (tmp_path / "class.toml").write_text(
        """[pack]
id = "class-words"
game = "wordup"
language = "en"
licence = "CC-BY-4.0"
sources = ["A teacher"]
attribution = "Room 4"

[[item]]
id = "class-sp-001"
level = 2
category = "spelling"
word = "garden"
sentence = "We grow beans in the garden."
answers = ["garden"]
""",
        encoding="utf-8",
    )
    mine = load_wordup(tmp_path)
    shipped = load_wordup()
    assert mine.count(2, "spelling") == 1
    assert mine.question(2, "spelling", 5).id == "class-sp-001"
    # Streams the teacher's folder leaves empty come from the shipped packs.
    assert mine.count(2, "multiple_choice") == shipped.count(2, "multiple_choice") > 0
    assert mine.question(4, "crossword", 0).id == shipped.question(4, "crossword", 0).id
