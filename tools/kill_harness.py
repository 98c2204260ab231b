"""Kill a real ``tabletop play`` at random moments, resume it, and check nothing said was lost.

Used by tests/voice/hosting/test_kill_harness.py (a short run) and
bench/bench_kill.py (the long run). For each game:

1. A **reference** game is played once in a child process
   (``python -m tools.kill_harness reference GAME SEED``): the real command
   line, text mode, with players whose replies come from the demo's
   :class:`~voice.commands.demo.players.PlayerPolicy`. It records the replies
   typed, the transcript, where each action's narration starts in it, the
   saved state after every action and the turn log.
2. Each **trial** starts ``tabletop play`` afresh with those replies on stdin,
   reads its transcript and sends SIGKILL after a random line plus a random
   few milliseconds, then runs ``tabletop play --resume`` with no input (the
   table leaves at once: the game is saved). The killed transcript must be a
   prefix of the reference one; every action whose narration it shows must be
   in the resumed state (the state equals the reference state after as many
   actions) and, when a player's, in the turn log, and the log and the
   profiles must hold each action once.

Every random choice comes from ``random.Random(seed)``, so a failure reproduces
with the seed it prints. Child processes run with PYTHONHASHSEED=0.
"""

from __future__ import annotations

import io
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

SETUPS: dict[str, list[str]] = {
    "wordup": ["--players", "Ana:2,Ben:4"],
    "sportleisure": ["--teams", "Red:Ana,Ben;Blue:Cy,Di"],
    "wordstreet": ["--teams", "Red:Ana,Ben;Blue:Cy,Di"],
}
GAMES = tuple(SETUPS)
MAX_REPLIES = 400
"""A reference game longer than this is cut off by the end of input (the table leaves)."""


def play_argv(game: str, seed: int) -> list[str]:
    return ["play", game, *SETUPS[game], "--asr", "text", "--no-speech", "--seed", str(seed)]


def child_env(data: Path) -> dict[str, str]:
    return dict(os.environ, TABLETOP_DATA_DIR=str(data), PYTHONHASHSEED="0",
                PYTHONUNBUFFERED="1")


# -- the reference game (runs in a child process) -----------------------------------------


def _reference(game: str, seed: int, saves: list[dict[str, Any]] | None = None
               ) -> dict[str, Any]:
    """Play the game through the real command line, players replying from a policy.

    ``saves``, if given, collects every save file written (as JSON), for the fuzzer.
    The patches are undone at the end, so this can run inside another program.
    """
    import voice.hosting.play as play_mod
    from voice import cli
    from voice.commands.demo.players import PlayerPolicy
    from voice.hosting.dialogue import Dialogue
    from voice.hosting.driver import Driver
    from voice.hosting.exchange import Ask, Heard
    from voice.hosting.session import SavedGame, SaveSlot
    from voice.hosting.text_adapter import SilentMouth, spelled_if_typed
    from voice.reply_kind import ReplyKind
    from voice.understanding.judge import Understood

    out = io.StringIO()
    replies: list[str] = []
    narrations: list[list[int]] = []
    states: dict[int, Any] = {}
    asks: list[Ask] = []
    table: list[Any] = []

    class Recording(Dialogue):
        def ask(self, ask: Ask) -> Understood:
            asks.append(ask)
            try:
                return super().ask(ask)
            finally:
                asks.pop()

    def street_words() -> list[str]:
        host = table[0]
        try:
            st = host.engine
            return list(host.deck.side(int(st.card), st.settings.side).accept)
        except (AttributeError, TypeError, ValueError):
            return []

    policy = PlayerPolicy(random.Random(seed), p_correct=0.6, spell_style="names",
                          wordstreet_words=street_words if game == "wordstreet" else None)

    class PolicyEars:
        def listen(self, kind: ReplyKind, expected: Any, timeout_s: float) -> Heard:
            if len(replies) >= MAX_REPLIES:
                return Heard(("quit",), time.monotonic(), ended=True)
            said = policy.reply(kind, list(expected), asks[-1] if asks else None)
            text = " ".join(said.spelled) if said.spelled else said.text
            replies.append(text)
            return spelled_if_typed(kind, Heard((text,), time.monotonic()))

    def parts(args: Any, settings: Any, voice: Any = None) -> Any:
        return play_mod.Parts(SilentMouth(rate=settings.rate), PolicyEars(),
                              "text", "typed input, as asked (--asr text)")

    real_run = Driver.run

    def run(driver: Driver) -> Any:
        table.append(driver.host)
        narrate = driver.host.narrate

        def counted(events: Any) -> Any:
            lines = narrate(events)
            narrations.append([out.getvalue().count("\n"), driver.actions, len(lines)])
            return lines

        driver.host.narrate = counted  # type: ignore[method-assign]
        return real_run(driver)

    real_write = SaveSlot.write

    def write(slot: SaveSlot, saved: SavedGame) -> None:
        states[saved.actions] = json.loads(json.dumps(saved.state, sort_keys=True))
        if saves is not None:
            saves.append(json.loads(json.dumps(saved.to_json())))
        real_write(slot, saved)

    patches = [(play_mod, "build_parts", parts), (play_mod, "Dialogue", Recording),
               (Driver, "run", run), (SaveSlot, "write", write)]
    undo = [(owner, name, getattr(owner, name)) for owner, name, _ in patches]
    for owner, name, value in patches:
        setattr(owner, name, value)
    try:
        with redirect_stdout(out):
            code = cli.main(play_argv(game, seed))
    finally:
        for owner, name, value in undo:
            setattr(owner, name, value)
    data = Path(os.environ["TABLETOP_DATA_DIR"])
    logs = sorted((data / "saves").glob("*.jsonl"))
    log = [json.loads(x) for x in logs[0].read_text().splitlines()] if logs else []
    # The narration is counted when the host makes it; its lines follow at once.
    return {"game": game, "seed": seed, "code": code, "replies": replies,
            "transcript": out.getvalue().splitlines(), "narrations": narrations,
            "states": {str(k): v for k, v in states.items()}, "log": log}


@dataclass
class Reference:
    game: str
    seed: int
    replies: list[str]
    transcript: list[str]
    narrations: list[tuple[int, int, int]]
    states: dict[int, Any]
    log: list[dict[str, Any]]

    @property
    def actions(self) -> int:
        return max(self.states)


def reference(game: str, seed: int) -> Reference:
    """The reference game, played in a child process (PYTHONHASHSEED=0)."""
    with tempfile.TemporaryDirectory(prefix="kill-ref-") as tmp:
        proc = subprocess.run(
            [sys.executable, "-m", "tools.kill_harness", "reference", game, str(seed)],
            cwd=ROOT, env=child_env(Path(tmp)), capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"reference {game} seed {seed} failed: {proc.stderr[-2000:]}")
    data = json.loads(proc.stdout)
    return Reference(game, seed, data["replies"], data["transcript"],
                     [tuple(n) for n in data["narrations"]],
                     {int(k): v for k, v in data["states"].items()}, data["log"])


# -- one kill ---------------------------------------------------------------------------


@dataclass
class Trial:
    """What one kill found. ``lost``: actions the table was told that the resumed game
    does not hold (in its state or log); ``duplicated``: actions held twice."""

    game: str
    seed: int
    line: int
    delay_ms: float
    actions: int = 0
    announced: int = 0
    saved_unsaid: int = 0
    """Actions the killed game had saved but not begun to say (killed between the two)."""
    lost: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    tracebacks: int = 0

    @property
    def ok(self) -> bool:
        return not (self.lost or self.duplicated or self.problems or self.tracebacks)

    def __str__(self) -> str:
        what = "; ".join([*(f"lost {x}" for x in self.lost),
                          *(f"twice {x}" for x in self.duplicated), *self.problems])
        return (f"{self.game} kill after line {self.line} +{self.delay_ms:.1f} ms "
                f"(trial seed {self.seed}): {what or 'ok'}")


def _kill_after(proc: subprocess.Popen[str], line: int, delay_s: float) -> list[str]:
    assert proc.stdout is not None
    seen: list[str] = []
    while len(seen) < line:
        text = proc.stdout.readline()
        if not text:
            break
        seen.append(text.rstrip("\n"))
    if delay_s > 0:
        time.sleep(delay_s)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    seen += proc.stdout.read().splitlines()
    return seen


def _saved(data: Path) -> dict[str, Any] | None:
    path = data / "saves" / "current.json"
    if not path.exists():
        return None
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("n", "prompt", "actor", "info", "action", "events")
    return all(a.get(k) == b.get(k) for k in keys)


def trial(ref: Reference, seed: int, tmp: Path) -> Trial:
    """Kill one game at a point chosen by ``seed``, resume it and check it."""
    rng = random.Random(seed)
    line = rng.randint(1, max(1, len(ref.transcript)))
    delay_s = rng.choice((0.0, rng.uniform(0.0, 0.003), rng.uniform(0.0, 0.02)))
    result = Trial(ref.game, seed, line, delay_s * 1000)
    data = tmp / f"{ref.game}-{seed}"
    env = child_env(data)
    proc = subprocess.Popen([sys.executable, "-m", "voice.cli", *play_argv(ref.game, ref.seed)],
                            cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stderr is not None
    try:
        proc.stdin.write("".join(r + "\n" for r in ref.replies))
        proc.stdin.close()
    except BrokenPipeError:
        pass
    try:
        killed = _kill_after(proc, line, delay_s)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = proc.stderr.read()
    result.tracebacks += err.count("Traceback")
    if killed != ref.transcript[:len(killed)]:
        at = next(i for i, (a, b) in enumerate(zip(killed, ref.transcript, strict=False))
                  if a != b) if any(a != b for a, b in zip(killed, ref.transcript,
                                                          strict=False)) else len(ref.transcript)
        result.problems.append(f"the killed game's transcript left the reference at line {at}")
        return result
    resumed = subprocess.run([sys.executable, "-m", "voice.cli", "play", "--resume", "--asr",
                              "text", "--no-speech"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                             capture_output=True, text=True, timeout=120)
    result.tracebacks += resumed.stderr.count("Traceback")
    if result.tracebacks:
        result.problems.append(f"traceback: {(err + resumed.stderr)[-400:]}")
    saved = _saved(data)
    logs = sorted((data / "saves").glob("*.jsonl")) if (data / "saves").exists() else []
    log: list[dict[str, Any]] = []
    for path in logs:
        log += [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    if saved is not None:
        actions = int(saved["actions"])
        state = saved["state"]
    elif log:
        # A log but no save: the game was over (only its end clears the save), finished
        # by the killed process itself or by the resume.
        actions = ref.actions
        state = ref.states[actions]
    else:
        actions, state = 0, None
    result.actions = actions
    announced = [n for start, n, count in ref.narrations if count and len(killed) > start]
    result.announced = max(announced, default=0)
    result.saved_unsaid = sum(1 for start, n, count in ref.narrations
                              if count and n <= actions and len(killed) <= start)
    if state is not None and ref.states.get(actions) != json.loads(
            json.dumps(state, sort_keys=True)):
        result.problems.append(f"the resumed state after {actions} actions is not the "
                               "reference state")
    by_n = {r["n"]: r for r in ref.log}
    numbers = [r.get("n") for r in log]
    for n in sorted({x for x in numbers if numbers.count(x) > 1}):
        result.duplicated.append(f"log record of action {n}")
    for record in log:
        if record.get("n") not in by_n or not _same(record, by_n[record["n"]]):
            result.problems.append(f"log record {record.get('n')} differs from the reference")
        elif record["n"] > actions:
            result.problems.append(f"log record {record['n']} is beyond the state ({actions})")
    logged = set(numbers)
    for n in sorted(set(announced)):
        if n > actions:
            result.lost.append(f"action {n} (state has {actions})")
        elif n in by_n and n not in logged:
            result.lost.append(f"log record of action {n}")
    if ref.game == "wordup":
        _check_profiles(data, log, result)
    stale = [p.name for folder in (data, data / "saves", data / "profiles")
             if folder.exists() for p in folder.glob(".*.tmp")]
    if stale:
        result.problems.append(f"temporary files left after the resume: {', '.join(stale)}")
    return result


def _check_profiles(data: Path, log: list[dict[str, Any]], result: Trial) -> None:
    folder = data / "profiles"
    answers = {r["n"] for r in log if r.get("prompt") == "answer"}
    keys: list[str] = []
    for path in sorted(folder.glob("*.json")) if folder.exists() else []:
        keys += [str(r.get("key")) for r in json.loads(path.read_text())["results"]]
    if len(keys) != len(set(keys)):
        result.duplicated.append("a profile result")
    if len(keys) != len(answers):
        result.problems.append(f"profiles hold {len(keys)} results for {len(answers)} "
                               "logged answers")


def run(kills: int, seed: int, games: tuple[str, ...] = GAMES, ref_seed: int = 3
        ) -> Iterator[Trial]:
    """``kills`` trials spread over ``games`` (round robin), seeded by ``seed``."""
    refs = {game: reference(game, ref_seed) for game in games}
    with tempfile.TemporaryDirectory(prefix="kill-") as tmp:
        for k in range(kills):
            game = games[k % len(games)]
            yield trial(refs[game], seed * 100_003 + k, Path(tmp))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "reference":
        print(json.dumps(_reference(sys.argv[2], int(sys.argv[3]))))
        sys.exit(0)
    print("usage: python -m tools.kill_harness reference GAME SEED", file=sys.stderr)
    sys.exit(2)
