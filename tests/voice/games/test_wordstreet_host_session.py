"""Word on the Street host: quit and resume (also after a kill), set-up, phrases, snapshot."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from host_transcript import assert_snapshot
from wordstreet_host_kit import READY, RED, FedClock, category, new, play

from engine.wordstreet_board import INDEX
from voice.errors import UsageError
from voice.games import game_module
from voice.games.wordstreet import VARIANTS, load_host
from voice.hosting.host import PlayOptions
from voice.hosting.session import SaveSlot, rng_from_json
from voice.speaking.phrases import Phrases

ROOT = Path(__file__).resolve().parents[3]
SNAPSHOT = ROOT / "tests" / "golden" / "wordstreet-host-session.txt"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    return tmp_path


def resume(slot: SaveSlot, lines: list[str]):  # type: ignore[no-untyped-def]
    saved = slot.read()
    assert saved is not None and saved.game == "wordstreet"
    host = load_host(saved.setup, saved.state, clock=FedClock())
    assert host.engine.to_json() == saved.state
    return play(host, lines, slot=slot, rng=rng_from_json(saved.rng)), saved


def test_quit_mid_spelling_and_resume_with_the_word_and_letters_so_far() -> None:
    host = new()
    first = play(host, [*READY, "purple", "p u r", "quit"])
    assert first.outcome.quit
    run, saved = resume(first.slot, ["p l e", "no"])
    assert saved.state == first.host.engine.to_json(), "the save is the state at quit"
    assert saved.setup["turn"]["word"] == "PURPLE"
    back = run.index("Welcome back to Word on the Street. Let's carry on.")
    run.index("Red team's word so far: P-U-R.", back)
    run.index("Go on spelling: P-U-R so far.", back)
    run.index("Red team spelled P-U-R-P-L-E.", back)
    st = run.host.engine
    assert st.tiles[INDEX["P"]] == 2 and st.tiles[INDEX["E"]] == 1


def test_quit_in_the_brainstorm_and_resume_rereads_the_category_and_restarts_the_timer() -> None:
    host = new()
    first = play(host, ["what about a hat", "quit the game"])
    assert first.outcome.quit and host.engine.phase == "brainstorm"
    cat = category(host)
    run, _ = resume(first.slot, [*READY, "hat", "h a t", "no"])
    back = run.index("Welcome back")
    run.index(f"Your category: {cat}.", back)
    run.index("You have 30 seconds", back)
    run.index("Red team spelled H-A-T.", back)


def test_quit_at_the_challenge_and_resume_asks_the_challenge_again() -> None:
    host = new()
    first = play(host, [*READY, "cat", "c a t", "quit"])
    assert host.engine.phase == "challenge"
    run, _ = resume(first.slot, ["yes", "the spelling", "yes"])
    run.index("Blue team, do you want to challenge C-A-T?")
    run.index("C-A-T is spelled correctly.")


def test_the_declared_word_survives_quit_and_resume() -> None:
    host = new()
    first = play(host, [*READY, "knee", "n e e", "yes", "quit"])
    assert host.engine.phase == "challenge"
    run, _ = resume(first.slot, ["yes", "the spelling"])
    run.index("Your word was knee, and knee isn't spelled N-E-E, so the spelling is wrong.")


def test_a_resumed_game_ends_in_the_same_state_as_one_played_straight_through() -> None:
    part1 = [*READY, "purple", "p u r p l e", "no", "", ""]
    part2 = ["cat", "c a t", "yes", "two words", "yes", *READY, "dog", "d o g", "no"]
    straight = play(new(), part1 + part2)
    first = play(new(), [*part1, "quit"])
    resumed, _ = resume(first.slot, part2)
    assert resumed.host.engine.to_json() == straight.host.engine.to_json()
    def plain(said: list[str]) -> list[str]:  # phrase variants rotate per process
        return [line for line in said[-12:] if not line.startswith("No challenge")]

    assert plain(resumed.said()) == plain(straight.said())
    assert "Blue team spelled D-O-G." in resumed.said(), "Red lost its turn to the challenge"


def test_the_quick_play_clock_survives_quit_and_resume() -> None:
    host = new(variant={"quick": "2m"}, clock=FedClock())
    first = play(host, [*READY, "cat", "@65 c a t", "no", "quit"])
    run, saved = resume(first.slot, [*READY, "dog", "@60 d o g", "no"])
    assert saved.setup["timer"]["used_s"] == pytest.approx(65.0)
    assert saved.setup["timer"]["warned"] == [60]
    assert run.count("One minute of play left!") == 0, "said before the quit, not again"
    run.index("The quick-play time is up!")
    assert run.host.engine.is_over() and run.host.engine.turns == [1, 1]


def test_after_the_game_ends_there_is_nothing_to_resume() -> None:
    host = new(variant={"quick": "1"})
    run = play(host, ["", "", "pass", "", "", "pass"])
    assert not run.outcome.quit and not run.slot.exists()


def test_killed_mid_game_then_resumed_with_identical_state(tmp_path: Path) -> None:
    env = dict(os.environ, TABLETOP_DATA_DIR=str(tmp_path / "data"), PYTHONUNBUFFERED="1")
    cmd = [sys.executable, "-m", "voice.cli", "play", "wordstreet", "--asr", "text",
           "--no-speech", "--teams", "Red:Ana,Ben;Blue:Cy,Di", "--seed", "4"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("we're ready\npurple\np u r\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    seen = ""
    while "Go on spelling: P-U-R so far." not in seen and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        seen += line
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert "R moves towards Red." in seen, seen[-500:]
    os.environ["TABLETOP_DATA_DIR"] = env["TABLETOP_DATA_DIR"]
    saved = SaveSlot().read()
    assert saved is not None and saved.state["spelled"] == "PUR"
    assert saved.state["tiles"]["P"] == 1 and saved.state["phase"] == "spell"
    done = subprocess.run([sys.executable, "-m", "voice.cli", "play", "--resume", "--asr", "text",
                           "--no-speech"], cwd=ROOT, env=env, input="p l e\nno\nquit\n",
                          capture_output=True, text=True, timeout=60)
    assert "Red team's word so far: P-U-R." in done.stdout, done.stdout[-800:] + done.stderr
    assert "Red team spelled P-U-R-P-L-E." in done.stdout
    after = SaveSlot().read()
    assert after is not None and after.state["tiles"]["P"] == 2


# -- set-up --------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "message"), [
    ({"colour": "red"}, "no setting 'colour'"),
    ({"side": "green"}, "side='green'"),
    ({"timer": "2"}, "timer='2'"),
    ({"timer": "soon"}, "timer='soon'"),
    ({"quick": "abc"}, "quick='abc'"),
    ({"quick": "0"}, "quick='0'"),
    ({"first": "Green"}, "first='Green' is not a team; allowed: Red, Blue"),
])
def test_bad_variants_are_one_line_usage_errors(variant: dict[str, str], message: str) -> None:
    with pytest.raises(UsageError) as err:
        new(variant=variant)
    assert message in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize(("teams", "message"), [
    ([("Red", ["Ana"])], "exactly 2 teams"),
    ([("Red", ["Ana"]), ("red", ["Ben"])], "different names"),
    ([("Red", list("ABCDE")), ("Blue", list("FGHI"))], "2 to 8 players, got 9"),
])
def test_bad_teams_are_usage_errors(teams: list[tuple[str, list[str]]], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        new(teams=teams)


def test_players_flag_is_refused_for_a_team_game() -> None:
    options = PlayOptions("wordstreet", players=[("Ana", 2), ("Ben", 3)])
    with pytest.raises(UsageError, match="played in teams"):
        game_module("wordstreet").new_host(options, __import__("random").Random(1))


def test_variants_set_the_engine() -> None:
    host = new(variant={"side": "orange", "timer": "45", "quick": "3", "first": "blue"},
               teams=[("Red", ["Ana", "Ben", "Cy"]), ("Blue", ["Di", "Ed"])])
    s = host.engine.settings
    assert (s.side, s.timer_seconds, s.turn_limit, s.first_team, s.players) == \
        ("orange", 45, 3, 1, 5)
    assert not s.time_limit
    timed = new(variant={"quick": "20m"})
    assert timed.engine.settings.time_limit and timed.setup["timer"]["minutes"] == 20
    assert set(VARIANTS) == {"side", "timer", "quick", "first"}


def test_a_vote_counts_every_player_of_both_teams() -> None:
    host = new(teams=[("Red", ["Ana", "Ben", "Cy"]), ("Blue", ["Di", "Ed"])])
    run = play(host, [*READY, "<unlisted>", "<unlisted-letters>", "yes", "doesn't fit",
                      "2", "2", "4", "1"])
    run.index("That's 4 votes, but there are 5 players and everyone votes.")
    run.index("4 accept and 1 reject.")


# -- phrases and snapshot --------------------------------------------------------------


def test_every_phrase_the_host_uses_is_in_the_phrases_file() -> None:
    phrases = Phrases.load()
    used: set[str] = set()
    for name in ("wordstreet.py", "wordstreet_ask.py", "wordstreet_say.py"):
        text = (ROOT / "voice" / "games" / name).read_text(encoding="utf-8")
        used |= set(re.findall(r'key\("([a-z_]+)"\)', text))
        used |= {m for m in re.findall(r'"([a-z_]+)"', text)
                 if phrases.has(f"wordstreet.{m}")}
        used |= set(re.findall(r'text\("([a-z_]+)"', text))
    assert len(used) > 60
    missing = sorted(k for k in used if not phrases.has(f"wordstreet.{k}"))
    assert not missing, missing


def _placeholders(text: str, host_categories: list[str]) -> str:
    for cat in host_categories:
        text = text.replace(f"Your category: {cat}.", "Your category: <category>.")
    return text


def test_snapshot_of_a_short_session() -> None:
    host = new()
    script = [*READY, "sand box", "yes", "s a n d b o x", "yes", "two words",
              "", "", "what's the score", "kitten", "k i t t e n", "no",
              "where am i", "we're ready", "pass"]
    run = play(host, script)
    cats = sorted({host.deck.side(i, "blue").category for i in range(len(host.deck))},
                  key=len, reverse=True)
    text = _placeholders(run.text, cats)
    assert_snapshot(text, SNAPSHOT)
    assert RED == 0


# -- whole games ---------------------------------------------------------------------


class AutoEars:
    """A table that always answers: ready, a word from the card, its letters, and
    random challenges, kinds, agreements and votes (seeded)."""

    def __init__(self, host, seed: int) -> None:  # type: ignore[no-untyped-def]
        import random

        self.host = host
        self.rng = random.Random(seed)
        self.count = 0

    def listen(self, kind: str, expected, timeout_s: float):  # type: ignore[no-untyped-def]
        from voice.hosting.exchange import Heard

        self.count += 1
        st = self.host.engine
        rng = self.rng
        if self.count > 5000:
            return Heard(("quit",), 0.0, ended=True)
        if kind == "command":
            return Heard(("we're ready",), 0.0)
        if kind == "word":
            accept = self.host.deck.side(st.card, st.settings.side).accept
            plain = [w for w in accept if w.isalpha()]
            pick = rng.choice(plain) if rng.random() < 0.9 else "zorblex"
            return Heard((pick,), 0.0)
        if kind == "spelling":
            word = (self.host.turn.word or "cat").replace("-", "")
            letters = " ".join(word.lower()[len(st.spelled.replace("-", "")):])
            return Heard((letters or "done",), 0.0)
        if kind == "name":
            return Heard((rng.choice(["the spelling", "two words", "it doesn't fit"]),), 0.0)
        if kind == "number":
            return Heard((str(rng.randint(0, st.settings.players)),), 0.0)
        return Heard((rng.choice(["yes", "no", "no"]),), 0.0)


@pytest.mark.parametrize("seed", range(6))
def test_whole_games_end_with_a_winner(seed: int) -> None:
    import io
    import random

    from voice.hosting.dialogue import Dialogue
    from voice.hosting.driver import Driver
    from voice.hosting.text_adapter import SilentMouth, Transcript

    host = new(seed=seed, variant={"side": "orange" if seed % 2 else "blue"})
    ears = AutoEars(host, seed)
    out = io.StringIO()
    dialogue = Dialogue(SilentMouth(), ears, Phrases.load(), host, transcript=Transcript(out),
                        clock=FedClock())
    outcome = Driver(host, dialogue, random.Random(seed), slot=SaveSlot()).run()
    st = host.engine
    assert not outcome.quit, out.getvalue()[-2000:]
    assert outcome.winners and st.captured()[outcome.winners[0]] >= 8
    assert "wins the game" in out.getvalue().splitlines()[-1]
