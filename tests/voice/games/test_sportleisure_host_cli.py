"""`tabletop play sportleisure` as a process: killed mid-game, resumed with identical state."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
START = ["play", "sportleisure", "--teams", "Red:Ana,Ben;Blue:Cy,Di", "--variant", "first=Red",
         "--asr", "text", "--no-speech", "--seed", "7"]


def _env(data: Path) -> dict[str, str]:
    return dict(os.environ, TABLETOP_DATA_DIR=str(data), PYTHONPATH=str(ROOT))


def _save(data: Path) -> dict[str, Any] | None:
    path = data / "saves" / "current.json"
    if not path.exists():
        return None
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def test_killed_mid_game_resumes_with_identical_state(tmp_path: Path) -> None:
    data = tmp_path / "data"
    proc = subprocess.Popen([sys.executable, "-m", "voice.cli", *START], cwd=ROOT, env=_env(data),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdin is not None
        # "no" is a wrong answer at a question and "no card" at a card window: always progress.
        proc.stdin.write("no\n" * 5)
        proc.stdin.flush()
        deadline = time.monotonic() + 30
        saved = _save(data)
        while (saved is None or int(saved["actions"]) < 6) and time.monotonic() < deadline:
            time.sleep(0.05)
            saved = _save(data)
        assert saved is not None and int(saved["actions"]) >= 6, "the game did not get going"
        time.sleep(0.3)  # the process now waits for a sixth line
        proc.kill()
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    before = _save(data)
    assert before is not None and before["game"] == "sportleisure"

    resumed = subprocess.run([sys.executable, "-m", "voice.cli", "play", "--resume", "--asr",
                              "text", "--no-speech"], cwd=ROOT, env=_env(data),
                             input="whose turn is it\n", capture_output=True, text=True,
                             timeout=60)
    assert resumed.returncode == 0, resumed.stderr
    assert "Welcome back to Best of Sport and Leisure" in resumed.stdout
    assert "turn to answer" in resumed.stdout
    after = _save(data)
    assert after is not None
    assert after["state"] == before["state"] and after["rng"] == before["rng"]

    more = subprocess.run([sys.executable, "-m", "voice.cli", "play", "--resume", "--asr", "text",
                           "--no-speech"], cwd=ROOT, env=_env(data), input="no\nno\n",
                          capture_output=True, text=True, timeout=60)
    assert more.returncode == 0, more.stderr
    later = _save(data)
    assert later is not None and int(later["actions"]) > int(before["actions"]), "it plays on"
