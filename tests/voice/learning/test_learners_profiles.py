"""Profiles: round trip, returning players by name, damaged files kept aside and reported."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from learner_items import CHOICE, CLUE, COLOUR, GAP_ITEM, SPELL

from voice.errors import UserError
from voice.learning.profiles import (
    MAX_MISSED,
    DamagedProfile,
    Profile,
    ProfileStore,
    missed_entry,
    name_key,
    profile_slug,
)

T0 = 1_750_000_000.0


def _played(store: ProfileStore) -> Profile:
    profile = store.open("Ana", 2).profile
    profile.record(SPELL, True, T0)
    profile.record(GAP_ITEM, False, T0 + 60, level=1)
    profile.record(CLUE, False, T0 + 120)
    profile.record(COLOUR, True, T0 + 180)
    return profile


def test_round_trip_keeps_everything(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    profile = _played(store)
    profile.pinned = True
    path = store.save(profile)
    assert path == tmp_path / "ana.json"
    again = store.load("Ana")
    assert again == profile
    assert [r.item_id for r in again.results] == ["t-sp-1", "t-mw-1", "t-cc-1", "t-sp-2"]
    assert [r.level for r in again.results] == [2, 1, 2, 2]
    assert [m.word for m in again.missed] == ["week", "kitten"]
    assert again.missed[0].sentence == "There are seven days in a week."
    assert again.tallies()["spelling"].right == 2
    assert again.tallies()["crossword"].asked == 1
    assert again.tallies(since=T0 + 100)["spelling"].asked == 1


def test_returning_player_found_whatever_the_case_and_spacing(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    store.save(_played(store))
    for said in ("ana", "  ANA ", "Ana"):
        opened = store.open(said, 5)
        assert opened.returning and opened.warning is None
        assert opened.profile.level == 2  # the stored level, not the one asked at setup
    assert not store.open("Anna", 2).returning
    two = store.open("Ana  Maria", 3).profile
    store.save(two)
    assert store.open("ana maria", 1).returning
    assert store.names() == ["Ana", "Ana Maria"]


def test_names_that_differ_get_different_files() -> None:
    slugs = {profile_slug(n) for n in ("José", "Jose", "Zoë", "Zoe", "지민", "Ana-Maria",
                                       "Ana Maria", "con")}
    assert len(slugs) == 8
    assert profile_slug("  Ana   MARIA ") == profile_slug("ana maria") == "ana-maria"
    assert profile_slug("con") != "con"
    assert name_key(" Zoë ") == "zoë"
    with pytest.raises(UserError):
        profile_slug("   ")


@pytest.mark.parametrize("damage", [
    "{not json",
    '{"format": 1, "name": "Ana"}',
    '{"format": 99, "name": "Ana", "level": 2, "pinned": false, "results": [], "missed": []}',
    '{"format": 1, "name": "Ana", "level": 9, "pinned": false, "results": [], "missed": []}',
    '{"format": 1, "name": "Ana", "level": 2, "pinned": false, "missed": [],'
    ' "results": [{"at": 1, "category": "poetry", "correct": true, "level": 2}]}',
    '[1, 2]',
])
def test_damaged_profile_is_kept_aside_and_reported(tmp_path: Path, damage: str) -> None:
    store = ProfileStore(tmp_path)
    (tmp_path / "ana.json").write_text(damage, encoding="utf-8")
    opened = store.open("Ana", 3)
    assert opened.warning is not None and "\n" not in opened.warning
    assert "ana.json.damaged-1" in opened.warning
    assert not opened.returning and opened.profile.level == 3
    assert (tmp_path / "ana.json.damaged-1").read_text(encoding="utf-8") == damage
    assert not (tmp_path / "ana.json").exists()


def test_second_damage_does_not_overwrite_the_first(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    for text in ("first", "second"):
        (tmp_path / "ana.json").write_text(text, encoding="utf-8")
        with pytest.raises(DamagedProfile):
            store.find("Ana")
    assert (tmp_path / "ana.json.damaged-1").read_text() == "first"
    assert (tmp_path / "ana.json.damaged-2").read_text() == "second"


def test_file_of_another_name_is_not_taken(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    other = Profile("Bob", 4)
    (tmp_path / "ana.json").write_text(json.dumps(other.to_json()), encoding="utf-8")
    with pytest.raises(DamagedProfile, match="belongs to 'Bob'"):
        store.load("Ana")


def test_unknown_player_lists_stored_ones(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    with pytest.raises(UserError, match="stored players: none yet"):
        store.load("Ana")
    store.save(Profile("Ben", 1))
    with pytest.raises(UserError, match="stored players: Ben"):
        store.load("Ana")


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    for level in (1, 2, 3):
        store.save(Profile("Ana", level))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ana.json"]
    assert store.load("ana").level == 3


def test_missed_word_again_moves_to_the_end_and_list_is_capped() -> None:
    profile = Profile("Ana", 2)
    profile.record(GAP_ITEM, False, T0)
    profile.record(CLUE, False, T0 + 1)
    profile.record(GAP_ITEM, False, T0 + 2)
    assert [m.word for m in profile.missed] == ["kitten", "week"]
    for i in range(MAX_MISSED + 5):
        item = type(CLUE)(id=f"x{i}", level=1, answers=(f"k{i}",), definition=None,
                          clue="A clue.", first_letter="k")
        profile.record(item, False, T0 + 10 + i)
    assert len(profile.missed) == MAX_MISSED
    assert profile.missed[-1].word == f"k{MAX_MISSED + 4}"


def test_missed_entry_shows_each_kind_complete() -> None:
    assert missed_entry(SPELL) == ("flour", "Mix the flour with two eggs.")
    assert missed_entry(GAP_ITEM) == ("week", "There are seven days in a week.")
    assert missed_entry(CLUE) == ("kitten", "A young cat. Kitten.")
    assert missed_entry(CHOICE)[1].endswith("You want to... borrow it")


def test_default_folder_honours_data_dir(data: Path) -> None:
    store = ProfileStore()
    store.save(Profile("Ana", 1))
    assert (data / "profiles" / "ana.json").exists()


def test_fit_starts_from_stored_results_at_the_current_level() -> None:
    profile = Profile("Ana", 2)
    for i in range(12):
        profile.record(GAP_ITEM, True, T0 + i, level=1)  # an earlier level: not counted
    assert profile.fit().recent == []
    for i in range(12):
        profile.record(SPELL, True, T0 + 100 + i)
    fit = profile.fit()
    assert fit.full and fit.offer(0) is not None
    profile.pinned = True
    assert profile.fit().offer(0) is None


def test_profile_command_pins_and_unpins(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from voice.cli import main

    assert main(["profile", "list"]) == 0
    assert capsys.readouterr().out.strip() == "no players stored yet"
    assert main(["profile", "pin", " ana ", "4"]) == 0
    store = ProfileStore()
    assert (store.load("Ana").level, store.load("Ana").pinned) == (4, True)
    assert store.load("Ana").fit().pinned
    assert main(["profile", "unpin", "ANA"]) == 0
    assert not store.load("ana").pinned
    assert main(["profile", "show", "ana"]) == 0
    out = capsys.readouterr().out
    assert "ana: level 4" in out and "Spelling: 0 right of 0" in out
    assert main(["profile", "pin", "ana", "6"]) == 2
    assert main(["profile", "show", "bob"]) == 1
