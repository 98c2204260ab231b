"""The host-facing calls: join, answered, offer, reply, finish, save and resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from learner_items import SPELL

from voice.learning.learners import Learners, Say
from voice.learning.profiles import ProfileStore
from voice.speaking.phrases import Phrases

T0 = 1_750_000_000.0


def test_a_game_with_an_offer_accepted(tmp_path: Path) -> None:
    learners = Learners(ProfileStore(tmp_path / "p"), reports=tmp_path / "r")
    level, says = learners.join("Ana", 2)
    assert level == 2 and says == [Say("learn.new_player", {"name": "Ana", "level": 2})]
    for turn in range(12):
        assert learners.offer("ana", turn) is None
        learners.answered("Ana", SPELL, True, T0 + turn)
    ask = learners.offer("Ana", 12)
    assert ask == Say("learn.offer_harder", {"name": "Ana", "level": 2, "to_level": 3})
    level, said = learners.reply("Ana", True, 12)
    assert level == 3 and said.key == "learn.level_up"
    assert learners.offer("Ana", 13) is None  # fresh window at level 3
    stored = ProfileStore(tmp_path / "p").load("ana")
    assert stored.level == 3 and len(stored.results) == 12  # saved as the game went
    paths, ready = learners.finish(T0 + 100, since=T0)
    assert [p.name for p in paths] == ["ana.html"] and paths[0].exists()
    phrases = Phrases.load()
    for say in (*says, ask, said, ready):
        assert phrases.text(say.key, **say.fields)


def test_decline_keeps_level_and_waits(tmp_path: Path) -> None:
    learners = Learners(ProfileStore(tmp_path))
    learners.join("Ben", 4)
    for turn in range(12):
        learners.answered("Ben", SPELL, False, T0 + turn)
    assert learners.offer("Ben", 12) is not None
    level, said = learners.reply("Ben", False, 12)
    assert level == 4 and said.key == "learn.level_kept"
    assert learners.offer("Ben", 13) is None
    with pytest.raises(ValueError):
        learners.reply("Ben", True, 13)  # nothing is open


def test_returning_pinned_and_damaged(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    first = Learners(store)
    first.join("Ana", 2)
    for turn in range(12):
        first.answered("Ana", SPELL, True, T0 + turn)
    again = Learners(store)
    level, says = again.join(" ANA ")
    assert level == 2 and says[0].key == "learn.welcome_back"
    assert again.offer("ana", 0) is not None  # the window carried over from last time
    profile = store.load("Ana")
    profile.pinned, profile.level = True, 1
    store.save(profile)
    level, says = Learners(store).join("Ana", 4)
    assert level == 1 and says[0].key == "learn.level_pinned"
    (tmp_path / "cara.json").write_text("garbage", encoding="utf-8")
    damaged = Learners(store)
    level, says = damaged.join("Cara", 3)
    assert [s.key for s in says] == ["learn.profile_damaged", "learn.new_player"]
    assert len(damaged.notices) == 1 and "cara.json.damaged-1" in damaged.notices[0]
    with pytest.raises(ValueError):
        Learners(store).join("Dan")  # new players need a level


def test_resume_restores_the_quiet_period(tmp_path: Path) -> None:
    store = ProfileStore(tmp_path)
    learners = Learners(store)
    learners.join("Ana", 2)
    for turn in range(12):
        learners.answered("Ana", SPELL, True, T0 + turn)
    learners.offer("Ana", 12)
    learners.reply("Ana", False, 12)
    saved = learners.to_json()
    resumed = Learners(store)
    resumed.join("Ana", 2)
    assert resumed.offer("Ana", 13) is not None  # without the saved state: asks again
    resumed.restore(saved)
    assert resumed.offer("Ana", 13) is None
    with pytest.raises(KeyError):
        resumed.offer("Zed", 1)
