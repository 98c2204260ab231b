"""``tabletop simulate GAME`` draws from the real packs: shipped, ``--pack``, or none."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from content.load import WordUpQuestions, load_sportleisure, load_wordstreet, load_wordup
from content.schema import COLOUR_CATEGORIES, LEVELS, Category
from engine.core import Action, Event
from engine.wordstreet import WordStreet
from engine.wordstreet_sim import SimTeams, playout, random_setup
from voice.cli import main
from voice.commands.simulate import sportleisure_hooks, wordstreet_hooks, wordup_hooks

SHIPPED = Path(__file__).resolve().parents[3] / "content" / "packs"


def simulate(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["simulate", *argv, "--json"]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def failure(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    code = main(["simulate", *argv])
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    return code, captured.err.strip().splitlines()


# -- with the shipped packs ------------------------------------------------------------


def test_wordup_asks_real_questions_and_plays_as_the_bare_engine(
        capsys: pytest.CaptureFixture[str]) -> None:
    stats = simulate(capsys, "wordup", "--games", "40", "--seed", "3")
    assert stats["errors"] == 0 and stats["finished"] == 40
    assert stats["content"] == "shipped" and stats["content_load_ms"] > 0
    assert 0 < stats["distinct_questions"] <= stats["questions_asked"]
    bare = simulate(capsys, "wordup", "--games", "40", "--seed", "3", "--no-content")
    assert bare["content"] is None and bare["content_load_ms"] is None
    assert "questions_asked" not in bare
    assert bare["mean_turns"] == stats["mean_turns"]  # looking questions up changes no move


def test_wordup_hook_finds_the_question_the_host_would_read() -> None:
    ask = wordup_hooks(None)["ask"]
    questions = load_wordup()
    for level in LEVELS:
        for colour, category in COLOUR_CATEGORIES.items():
            count = questions.count(level, category)
            for index in (0, 6, 7, count - 1, count, 2 * count + 5):  # sheets, and a wrap
                assert ask(level, colour, index) == questions.question(level, category, index).id


def test_sportleisure_draws_every_card_of_the_real_deck(
        capsys: pytest.CaptureFixture[str]) -> None:
    deck = load_sportleisure()
    hooks = sportleisure_hooks(None)
    assert hooks["n_cards"] == len(deck) >= 120
    assert [hooks["card"](i) for i in range(len(deck))] == [c.id for c in deck.cards]
    stats = simulate(capsys, "sportleisure", "--games", "100", "--seed", "1")
    assert stats["errors"] == 0 and stats["finished"] == 100
    assert stats["distinct_cards"] == len(deck) and stats["cards_drawn"] > 100


def test_wordstreet_reports_words_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    stats = simulate(capsys, "wordstreet", "--games", "60", "--seed", "2")
    assert stats["errors"] == 0 and stats["finished"] == 60
    assert 0 < stats["distinct_words"] <= stats["words_chosen"]
    assert stats["content_load_ms"] > 0


def test_wordstreet_words_all_come_from_the_drawn_cards_accept_list() -> None:
    deck = load_wordstreet()
    hooks = wordstreet_hooks(None)
    assert hooks["n_cards"] == len(deck) == 108
    rng = random.Random(9)
    sides: set[str] = set()
    spelled = 0
    for _ in range(60):
        state = random_setup(rng, hooks["n_cards"])
        chosen: list[str] = []
        teams = SimTeams(rng, 0.5, words=hooks["words"], chosen=chosen)
        turn = {"start": 0, "card": -1, "spelled": 0}

        def check(state: WordStreet, action: Action, events: list[Event],
                  chosen: list[str] = chosen, turn: dict[str, int] = turn) -> None:
            for event in events:
                if event.kind == "card_drawn":
                    turn["start"], turn["card"] = len(chosen), event.data["card"]
                elif event.kind == "word_spelled":
                    accept = deck.side(turn["card"], state.settings.side).accept
                    meant = chosen[turn["start"]:]
                    assert meant and set(meant) <= set(accept)
                    assert not any(deck.blocked(w) for w in meant)
                    turn["spelled"] += 1

        playout(state, teams, None, check)
        assert state.is_over()
        sides.add(state.settings.side)
        spelled += turn["spelled"]
    assert sides == {"blue", "orange"} and spelled > 200


# -- --pack --------------------------------------------------------------------------


def _first_cards(source: Path, target: Path, cards: int) -> None:
    """A valid pack of the header and the first ``cards`` cards of a shipped file."""
    parts = source.read_text(encoding="utf-8").split("\n[[card]]\n")
    target.write_text("\n[[card]]\n".join(parts[: cards + 1]), encoding="utf-8")


def test_a_pack_folder_replaces_the_shipped_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _first_cards(SHIPPED / "wordstreet" / "cards-1.toml", tmp_path / "two.toml", 2)
    words = {w for c in load_wordstreet(tmp_path).cards for s in (c.blue, c.orange)
             for w in s.accept}
    stats = simulate(capsys, "wordstreet", "--games", "80", "--pack", str(tmp_path))
    assert stats["content"] == str(tmp_path) and stats["errors"] == 0
    assert 0 < stats["distinct_words"] <= len(words) < 400


def test_a_pack_file_of_sportleisure_cards(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pack = tmp_path / "picture.toml"
    shutil.copy(SHIPPED / "sportleisure" / "picture.toml", pack)
    stats = simulate(capsys, "sportleisure", "--games", "60", "--pack", str(pack))
    assert stats["errors"] == 0 and stats["distinct_cards"] == len(load_sportleisure(pack))


def test_a_broken_pack_prints_the_validators_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (SHIPPED / "sportleisure" / "picture.toml").read_text(encoding="utf-8")
    (tmp_path / "picture.toml").write_text(
        text.replace('kind = "picture"', 'kind = "photo"', 1), encoding="utf-8")
    code, lines = failure(capsys, "sportleisure", "--pack", str(tmp_path))
    assert code == 1
    assert lines[0].startswith("tabletop: error: ") and "picture.toml:sl-pc-001:" in lines[0]
    assert "'photo' is unknown" in lines[0]
    assert lines[-1].startswith("cannot load sportleisure packs from")


def test_a_wordup_pack_asks_its_own_questions_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(SHIPPED / "wordup" / "spelling-l1.toml", tmp_path)
    own = load_wordup(tmp_path / "spelling-l1.toml")
    ask = wordup_hooks(str(tmp_path))["ask"]
    ids = [own.question(1, "spelling", i).id for i in range(own.count(1, "spelling"))]
    assert [ask(1, "yellow", i) for i in range(len(ids))] == ids
    stats = simulate(capsys, "wordup", "--games", "20", "--pack", str(tmp_path))
    assert stats["errors"] == 0 and stats["content"] == str(tmp_path)


def test_an_empty_question_stream_is_one_line_not_a_crash(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    full = load_wordup()
    streams = dict(full.streams)
    streams[(3, Category.CROSSWORD)] = ()
    monkeypatch.setattr("voice.commands.simulate.load_wordup",
                        lambda pack: WordUpQuestions(streams))
    code, lines = failure(capsys, "wordup")
    assert code == 1 and len(lines) == 1
    assert "no Word Up crossword questions for level 3" in lines[0]


# -- bad flags -------------------------------------------------------------------------


@pytest.mark.parametrize(("argv", "says"), [
    (["wordup", "--pack", "x", "--no-content"], "--pack and --no-content cannot"),
    (["wordup", "--pack", "/no/such/folder"], "no such file or folder"),
    (["chess"], "unknown game 'chess'; allowed: wordup, sportleisure, wordstreet"),
    (["wordstreet", "--games", "0"], "--games must be at least 1"),
    (["sportleisure", "--p-correct", "1.5"], "--p-correct must be between 0 and 1"),
])
def test_bad_flags_are_one_line_with_exit_2(
        capsys: pytest.CaptureFixture[str], argv: list[str], says: str) -> None:
    code, lines = failure(capsys, *argv)
    assert code == 2 and len(lines) == 1 and says in lines[0]


def test_a_flag_of_the_wrong_type_is_one_line_with_exit_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "wordup", "--games", "many"])
    assert exit_info.value.code == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "invalid int value: 'many'" in lines[0]
