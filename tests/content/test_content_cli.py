"""``tabletop content validate|stats``: output lines, exit codes, no tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from content_helpers import header

from voice.cli import main


def test_validate_good_folder(good_packs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "validate", str(good_packs)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["0 problems (4 files, 4 packs, 5 items, 4 cards)"]


def test_validate_broken_pack_exits_1_with_lines(
    good_packs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = good_packs / "wordup" / "bad.toml"
    bad.write_text(header("t-bad", "wordup") + """
[[item]]
id = "t-bad-1"
level = 1
category = "crossword"
clue = "A young cat."
first_letter = "c"
answers = ["kitten"]
""")
    assert main(["content", "validate", str(good_packs)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{bad}:t-bad-1: answer 'kitten' does not start with first_letter 'c'"
    assert out[-1].startswith("1 problem (5 files")


def test_missing_path_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "validate", str(tmp_path / "nope")]) == 2
    assert "no such pack file or folder" in capsys.readouterr().err


def test_stats_json(good_packs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["content", "stats", "--json", str(good_packs)]) == 0
    stats = json.loads(capsys.readouterr().out)
    wu = stats["wordup"]
    assert wu["items"] == 5
    assert wu["by_category"] == {"missing_word": 1, "crossword": 1, "multiple_choice": 1,
                                 "spelling": 2}
    assert wu["by_level"] == {"1": 4, "2": 1, "3": 0, "4": 0, "5": 0}
    assert wu["by_level_category"]["1"]["spelling"] == 2
    assert wu["sheets"]["1"]["spelling"] == 0
    sl = stats["sportleisure"]
    assert {k: sl[k] for k in ("packs", "cards", "questions", "by_kind")} == {
        "packs": 1, "cards": 3, "questions": 12,
        "by_kind": {"pot_luck": 1, "common_theme": 1, "picture": 1}}
    assert sl["targets"]["cards"] == {"want": 120, "have": 3, "met": False}
    assert sl["targets"]["picture"]["met"]
    assert wu["targets"]["sheets_per_level_and_category"] == {"want": 10, "have": 0,
                                                             "met": False}
    ws = stats["wordstreet"]
    assert (ws["cards"], ws["categories"], ws["blocklist"]) == (1, {"blue": 1, "orange": 1}, 2)
    assert ws["accept_words"] == {"blue": 16, "orange": 16} and ws["min_accept"] == 16
    assert wu["answers_per_item"]["missing_word"] == {
        "items": 1, "mean": 2.0, "more_than_one": 1, "share_more_than_one": 1.0, "max": 2}
    assert wu["answers_per_item"]["crossword"]["mean"] == 2.0
    assert ws["accept_sizes"]["all"] == {"sides": 2, "total": 32, "mean": 16.0,
                                         "median": 16, "min": 16, "max": 16}
    assert ws["accept_by_category"]["Something you find at the beach"] == 16


def test_stats_answers_per_item_counts_single_answers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    items = "".join(
        f'\n[[item]]\nid = "m-{n}"\nlevel = 1\ncategory = "missing_word"\n'
        f'sentence = "We slept in a ___ by the lake."\nletters = 4\nanswers = {answers}\n'
        for n, answers in enumerate(['["tent"]', '["tent", "boat", "cave"]', '["tent"]']))
    (tmp_path / "p.toml").write_text(header("p", "wordup") + items)
    assert main(["content", "stats", "--json", str(tmp_path)]) == 0
    row = json.loads(capsys.readouterr().out)["wordup"]["answers_per_item"]["missing_word"]
    assert row == {"items": 3, "mean": 1.667, "more_than_one": 1, "share_more_than_one": 0.333,
                   "max": 3}


def test_stats_sheets_count_complete_sheets(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    items = "".join(
        f'\n[[item]]\nid = "s-{n}"\nlevel = 5\ncategory = "crossword"\nclue = "c"\n'
        'first_letter = "k"\nanswers = ["kitten"]\n' for n in range(15))
    (tmp_path / "p.toml").write_text(header("p", "wordup") + items)
    assert main(["content", "stats", "--json", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["wordup"]["sheets"]["5"]["crossword"] == 2
    assert main(["content", "stats", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Word Up: 15 items in 1 packs" in out
    assert "Targets not met: wordup sheets_per_level_and_category (0 of 10)" in out


def test_broken_toml_through_the_real_command_has_no_traceback(tmp_path: Path) -> None:
    (tmp_path / "p.toml").write_text('[pack]\nid = "x"\ngame = \n')
    proc = subprocess.run([sys.executable, "-m", "voice.cli", "content", "validate",
                           str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[0].startswith(f"{tmp_path / 'p.toml'}:3: TOML syntax error")


def test_load_or_user_error_turns_broken_packs_into_one_user_error(tmp_path: Path) -> None:
    from content.load import load_wordup
    from voice.errors import UsageError, UserError
    from voice.games.packs import load_or_user_error

    path = tmp_path / "p.toml"
    path.write_text(header("p", "wordup") + '\n[[item]]\nid = "p-1"\nlevel = 1\n'
                    'category = "crossword"\nclue = "c"\nfirst_letter = "q"\n'
                    'answers = ["kitten"]\n')
    with pytest.raises(UserError) as info:
        load_or_user_error(load_wordup, str(tmp_path))
    assert info.value.exit_code == 1
    assert str(info.value).splitlines()[0] == (
        f"{path}:p-1: answer 'kitten' does not start with first_letter 'q'")
    with pytest.raises(UsageError, match="no such file or folder"):
        load_or_user_error(load_wordup, str(tmp_path / "missing"))
    path.write_text(path.read_text().replace('"q"', '"k"'))
    assert load_or_user_error(load_wordup, str(tmp_path)).count(1, "crossword") == 1
