"""`tabletop play` from the command line: flags, one-line errors, text mode, settings, resume."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from voice.cli import main
from voice.hosting.session import SaveSlot, TurnLog

ROOT = Path(__file__).resolve().parents[3]
PLAY = ["play", "wordup", "--players", "Ana:2,Ben:4", "--asr", "text", "--no-speech"]


@pytest.fixture(autouse=True)
def _data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _play(argv: list[str], lines: list[str], monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


BAD = [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "wordup", "--players", "Ana2,Ben:4"], "is not NAME:LEVEL"),
    (["play", "wordup", "--players", "Ana:2,,Ben:4"], "is not NAME:LEVEL"),
    (["play", "wordup", "--players", "Ana:x,Ben:4"], "is not a number"),
    (["play", "wordup", "--players", "Ana:0,Ben:4"], "outside 1 to 5"),
    (["play", "wordup", "--players", "Ana:2,Ben:6"], "outside 1 to 5"),
    (["play", "wordup", "--players", "Ana:2"], "2 to 6 players, got 1"),
    (["play", "wordup", "--players", ",".join(f"P{i}:3" for i in range(7))],
     "2 to 6 players, got 7"),
    (["play", "wordup", "--players", "Ana:2,ana:3"], "different name"),
    (["play", "wordup", "--asr", "sphinx"], "unknown --asr 'sphinx'"),
    (["play", "wordup", "--players", "Ana:2,Ben:3", "--variant", "tokens=4"], "tokens='4'"),
    (["play", "wordup", "--players", "Ana:2,Ben:3", "--variant", "colour=red"],
     "has no setting 'colour'"),
    (["play", "wordup", "--players", "Ana:2,Ben:3", "--variant", "tokens"], "is not KEY=VALUE"),
    (["play", "wordup", "--players", "Ana:2,Ben:3", "--variant", "dice=loaded"],
     "dice='loaded'"),
    (["play", "wordup", "--teams", "Red:Ana;Blue:Ben"], "use --players"),
    (["play", "wordup", "--players", "Ana:2,Ben:3", "--rate", "warp"], "--rate 'warp'"),
    (["play", "wordup", "--players", "Ana:2,Ben:3", "--terse", "--verbose"], "contradict"),
    (["play", "--players", "Ana:2,Ben:3"], "name the game too"),
    (["play", "wordup", "--resume", "--players", "Ana:2,Ben:3"], "leave out --players"),
]


@pytest.mark.parametrize(("argv", "message"), BAD)
def test_bad_play_arguments_one_line_error_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("tabletop: error:")


@pytest.mark.parametrize(("game", "variant", "message"), [
    ("wordup", "tokens=9", "tokens='9'"),
    ("sportleisure", "answer=2", "answer='2'"),
    ("wordstreet", "timer=1", "timer='1'"),
])
def test_a_bad_variant_value_fails_before_the_host_asks_the_set_up(
    game: str, variant: str, message: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without --players or --teams the host sets the table up by voice; a value no game
    allows is refused first, not after the table has answered every set-up question."""
    code, out, err = _play(["play", game, "--variant", variant, "--asr", "text",
                            "--no-speech"], [], monkeypatch, capsys)
    assert code == 2 and message in err and err.count("\n") == 1
    assert "HOST:" not in out


def test_a_category_reply_that_fits_nothing_is_told_the_categories(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """Seed 4: Ana rolls onto a Double square and chooses any category."""
    code, out, _ = _play([*PLAY, "--seed", "4"], ["roll", "quit", "yes"], monkeypatch, capsys)
    assert code == 0
    assert ("Sorry, Ana, I didn't catch that. Say Missing Word (orange), Crossword Clues "
            "(green), Multiple Choice (blue) or Spelling (yellow).") in out


TEAMS = ["--teams", "Red:Ana;Blue:Ben", "--asr", "text", "--no-speech"]


def test_which_team_is_youngest_names_the_teams_to_a_reply_that_fits_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = _play(["play", "sportleisure", *TEAMS], ["no", "quit", "yes"], monkeypatch,
                      capsys)
    assert "Sorry, everyone, I didn't catch that. Say Red team or Blue team." in out


def test_a_challenge_names_its_kinds_to_a_reply_that_fits_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """Seed 3: Red spells BALL and Blue challenges it."""
    _, out, _ = _play(["play", "wordstreet", *TEAMS, "--variant", "quick=2", "--seed", "3"],
                      ["we are ready", "ball", "b a l l", "yes", "shirt", "quit", "yes"],
                      monkeypatch, capsys)
    assert ("Sorry, Blue team, I didn't catch that. Say the spelling, two words, or the word "
            "doesn't fit.") in out


def test_bad_players_through_the_real_command_has_no_traceback(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "voice.cli", "play", "wordup", "--players", "Ana:9,Ben:2"],
        capture_output=True, text=True, cwd=ROOT, stdin=subprocess.DEVNULL, timeout=60,
        env={"TABLETOP_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"},
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "tabletop: error: --players: level 9 for Ana is outside 1 to 5"
    ]


def test_resume_without_a_save_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _play(["play", "--resume", "--asr", "text", "--no-speech"], [], monkeypatch,
                         capsys)
    assert code == 1 and "no saved game" in err and err.count("\n") == 1


def test_a_game_whose_host_is_missing_is_a_clear_one_line_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import voice.games

    monkeypatch.setitem(voice.games.GAMES, "wordstreet", "voice.games.no_such_host_module")
    code, _, err = _play(["play", "wordstreet", "--teams", "Red:Ana;Blue:Ben", "--asr", "text",
                          "--no-speech"], [], monkeypatch, capsys)
    assert code == 1
    assert err.count("\n") == 1 and "Word on the Street cannot be played yet" in err


def test_text_mode_plays_prints_the_transcript_and_quits_at_end_of_input(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    code, out, err = _play([*PLAY, "--seed", "3"], ["uncle", "whats the score", "banana"],
                           monkeypatch, capsys)
    assert code == 0
    assert "typed input, as asked" in err
    assert "HOST: My father's brother is my ___. 5 letters." in out
    assert "  ANA: uncle" in out and "HOST: Right!" in out
    assert "HOST: Ana: 1 orange; Ben: no tokens." in out
    assert "Not quite. The answer is aunt." in out
    assert out.rstrip().endswith("Goodbye!")
    saved = SaveSlot(_data / "saves").read()
    assert saved.game == "wordup" and saved.state["tokens"][0] == [1, 0, 0, 0]
    logs = list((_data / "saves").glob("wordup-*.jsonl"))
    assert len(logs) == 1
    turns = TurnLog(logs[0]).read()
    assert [t["prompt"] for t in turns] == ["answer", "answer"]
    assert turns[0]["action"]["value"] == {"correct": True}
    assert [e["heard"] for e in turns[0]["exchanges"]] == [["uncle"]]
    assert [e["heard"] for e in turns[1]["exchanges"]] == [["banana"]]
    assert turns[1]["exchanges"][0]["verdict"] == "wrong"


def test_resume_continues_the_same_game_and_log(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    _play([*PLAY, "--seed", "3"], ["uncle"], monkeypatch, capsys)
    before = SaveSlot(_data / "saves").read()
    code, out, _ = _play(["play", "--resume", "--asr", "text", "--no-speech"],
                         ["whose turn is it"], monkeypatch, capsys)
    assert code == 0
    assert "Welcome back to Word Up" in out and "HOST: It's Ana's turn." in out
    assert "My mother's sister is my ___. 4 letters." in out
    after = SaveSlot(_data / "saves").read()
    assert after.state == before.state and after.rng == before.rng
    code, out, _ = _play(["play", "wordup", "--resume", "--asr", "text", "--no-speech"],
                         ["aunt"], monkeypatch, capsys)
    assert "HOST: Right!" in out
    logs = list((_data / "saves").glob("wordup-*.jsonl"))
    assert len(logs) == 1 and len(TurnLog(logs[0]).read()) == 2


def test_rate_and_terse_persist_in_the_settings_file(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    _play([*PLAY, "--seed", "3", "--rate", "slow", "--terse"], ["uncle"], monkeypatch, capsys)
    assert json.loads((_data / "settings.json").read_text()) == {"rate": "slow",
                                                                  "verbose": False,
                                                                  "voice": "espeak"}
    _, out, _ = _play([*PLAY, "--seed", "3"], ["uncle", "faster"], monkeypatch, capsys)
    assert "now has" not in out  # terse: no token summaries after each gain
    assert "Back to normal speed." in out
    assert json.loads((_data / "settings.json").read_text()) == {"rate": "normal",
                                                                  "verbose": False,
                                                                  "voice": "espeak"}


def test_the_voice_is_remembered_and_an_unknown_one_is_a_note(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    _play([*PLAY, "--seed", "3", "--voice", "natural"], ["uncle"], monkeypatch, capsys)
    assert json.loads((_data / "settings.json").read_text())["voice"] == "natural"
    (_data / "saves" / "current.json").unlink()
    _play([*PLAY, "--seed", "3", "--rate", "fast"], ["uncle"], monkeypatch, capsys)
    assert json.loads((_data / "settings.json").read_text()) == {
        "rate": "fast", "verbose": True, "voice": "natural"}
    (_data / "saves" / "current.json").unlink()
    code, _, err = _play([*PLAY, "--seed", "3", "--voice", "robot"], ["uncle"], monkeypatch,
                         capsys)
    assert code == 0 and "Traceback" not in err
    assert "unknown voice 'robot'; allowed: natural, espeak; speaking with espeak" in err
    # a mistyped voice is not remembered over the chosen one
    assert json.loads((_data / "settings.json").read_text())["voice"] == "natural"


def test_set_up_by_typing_when_no_players_are_given(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    lines = ["word up", "two", "Ana", "yes", "2", "Bem", "no", "b e n", "yes", "four", "yes",
             "uncle"]
    code, out, _ = _play(["play", "--asr", "text", "--no-speech", "--seed", "3"], lines,
                         monkeypatch, capsys)
    assert code == 0
    assert "HOST: Ana: A-N-A. Is that right?" in out
    assert "HOST: Ben: B-E-N. Is that right?" in out
    assert "So that's Word Up with Ana at level 2 and Ben at level 4. Shall we start?" in out
    assert "Ana at level 2, Lower Intermediate and Ben at level 4" in out
    saved = SaveSlot(_data / "saves").read()
    assert saved.state["names"] == ["Ana", "Ben"] and saved.state["levels"] == [2, 4]


def test_a_pack_folder_replaces_the_shipped_questions(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    import shutil

    pack = tmp_path / "mine"
    shutil.copytree(ROOT / "content" / "packs" / "wordup", pack)
    first = pack / "missing-word-l2.toml"
    first.write_text(first.read_text().replace("My father's brother is my ___.",
                                               "My dad's brother is my ___."))
    code, out, _ = _play([*PLAY, "--seed", "3", "--pack", str(pack)], ["uncle"], monkeypatch,
                         capsys)
    assert code == 0 and "HOST: My dad's brother is my ___. 5 letters." in out


def test_a_broken_pack_folder_is_reported_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "x.toml").write_text("junk = \n")
    code, _, err = _play([*PLAY, "--pack", str(tmp_path / "bad")], [], monkeypatch, capsys)
    assert code == 1 and "TOML syntax error" in err and "Traceback" not in err


def test_set_up_by_voice_offers_the_saved_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    _play([*PLAY, "--seed", "3"], ["uncle"], monkeypatch, capsys)
    code, out, _ = _play(["play", "--asr", "text", "--no-speech"], ["yes", "aunt"],
                         monkeypatch, capsys)
    assert "There's a saved game of Word Up. Shall we carry on with it?" in out
    assert "Welcome back to Word Up" in out and "HOST: Ana now has 2 orange." in out
    code, out, _ = _play(["play", "--asr", "text", "--no-speech"], ["no", "word up"],
                         monkeypatch, capsys)
    assert "Which game shall we play" in out


@pytest.mark.parametrize("damage", [
    {"state": {"game": "wordup", "version": 1, "tokens": "lots"}},
    {"setup": {"players": [["Ana", 2], ["Ben", 4]], "pack": 5}},
    {"setup": {"players": [["Ana", 2], ["Ben", 4]], "learners": {"fit": [1, 2]}}},
    {"setup": {"players": [["Ana", 2], ["Ben", 4]], "timer": {"minutes": "ten"}}},
    {"game": "chess"},
])
def test_a_save_damaged_inside_names_the_file_is_kept_aside_and_a_new_game_is_offered(
        damage: dict[str, object], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    _play([*PLAY, "--seed", "3"], ["uncle"], monkeypatch, capsys)
    path = _data / "saves" / "current.json"
    saved = json.loads(path.read_text())
    for key, value in damage.items():
        if isinstance(value, dict) and key == "setup":
            saved["setup"].update(value)
        else:
            saved[key] = value
    path.write_text(json.dumps(saved))
    code, _, err = _play(["play", "--resume", "--asr", "text", "--no-speech"], [],
                         monkeypatch, capsys)
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert f"the saved game {path} is damaged" in err
    assert "current.json.damaged-1" in err and "tabletop play GAME" in err
    assert (_data / "saves" / "current.json.damaged-1").exists() and not path.exists()
    # Set-up by voice after it: no saved game to offer, a new one is set up.
    _, out, _ = _play(["play", "--asr", "text", "--no-speech"], [], monkeypatch, capsys)
    assert "Which game shall we play" in out


@pytest.mark.parametrize("argv", [["play"], PLAY])
def test_a_damaged_save_found_at_the_start_is_told_to_the_table(
        argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        _data: Path) -> None:
    # Found by set-up by voice (a table that may not see the screen) or under a new game
    # from flags: said aloud as well as noted, kept aside, and a new game goes on.
    _play([*PLAY, "--seed", "3"], ["uncle"], monkeypatch, capsys)
    path = _data / "saves" / "current.json"
    path.write_text('{"game": "wordup"}')
    args = ["play", "--asr", "text", "--no-speech"] if argv == ["play"] else [*argv, "--seed", "3"]
    code, out, err = _play(args, [], monkeypatch, capsys)
    assert code == 0 and "Traceback" not in err
    assert f"the saved game {path} is damaged" in err
    hosts = [line for line in out.splitlines() if line.startswith("HOST: ")]
    said = "HOST: I couldn't read the saved game, so I've put it aside. We'll start a new one."
    assert hosts[0] == said and hosts.count(said) == 1
    assert "Which game shall we play" in hosts[1] or "Let's play Word Up!" in hosts[1]
    assert (_data / "saves" / "current.json.damaged-1").read_text() == '{"game": "wordup"}'


def test_a_new_game_over_an_unfinished_one_asks_first(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    _play([*PLAY, "--seed", "3"], ["uncle"], monkeypatch, capsys)
    first = SaveSlot(_data / "saves").read()
    # Yes: the saved game goes on, nothing is replaced.
    _, out, _ = _play([*PLAY, "--seed", "9"], ["yes"], monkeypatch, capsys)
    assert "There's a saved game of Word Up. Shall we carry on with it?" in out
    assert "Welcome back to Word Up" in out
    assert SaveSlot(_data / "saves").read().state == first.state
    # No: the new game starts and the old save is kept beside it.
    _, out, err = _play([*PLAY, "--seed", "9"], ["no"], monkeypatch, capsys)
    kept = _data / "saves" / "current.json.replaced-1"
    assert f"the unfinished game was kept as {kept}" in err
    assert json.loads(kept.read_text())["state"] == first.state
    assert SaveSlot(_data / "saves").read().state != first.state


def test_a_damaged_settings_file_is_a_note_and_the_defaults(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    _data.mkdir(parents=True)
    for text in ("[" * 100_000, "[1, 2]", "null", "\xff\xfe"):
        (_data / "settings.json").write_text(text, encoding="latin-1")
        code, out, err = _play([*PLAY, "--seed", "3"], [], monkeypatch, capsys)
        assert code == 0 and "Traceback" not in err
        assert "settings file" in err and "using defaults" in err
        (_data / "saves" / "current.json").unlink()


def test_set_up_by_voice_declining_the_saved_game_keeps_it_aside(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], _data: Path) -> None:
    _play([*PLAY, "--seed", "3"], ["uncle"], monkeypatch, capsys)
    first = SaveSlot(_data / "saves").read()
    # Declined, then the set-up is abandoned: the saved game stays where it was.
    _play(["play", "--asr", "text", "--no-speech"], ["no"], monkeypatch, capsys)
    assert SaveSlot(_data / "saves").read().state == first.state
    lines = ["no", "word up", "two", "Cy", "yes", "2", "Di", "yes", "4", "yes"]
    _, _, err = _play(["play", "--asr", "text", "--no-speech", "--seed", "5"], lines,
                      monkeypatch, capsys)
    kept = _data / "saves" / "current.json.replaced-1"
    assert f"the unfinished game was kept as {kept}" in err
    assert json.loads(kept.read_text())["state"] == first.state
