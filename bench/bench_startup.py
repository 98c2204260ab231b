"""Load time: from typing ``tabletop play`` to the host's first words and first question.

A real ``tabletop play`` (voice mode, the default recognizer, real TTS) runs on
a private PulseAudio null sink (voice/audio/null_sink.py), so it has a
microphone and a speaker. The time runs from the process start to the first
transcript line (printed as the host starts to say it): with no flags that
line is the first question ("Which game would you like to play?"); with
--players it is the welcome, and the questions come after the narration.
The process is then stopped. Target: at most 3 s to the first question
(issue 14). Prints JSON lines {"name", "value", "unit"}.

    .venv/bin/python bench/bench_startup.py [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voice.audio.null_sink import NullSink  # noqa: E402

COMMANDS = {
    "play_by_voice.first_question": ["play", "--seed", "1"],
    "play_wordup_players.first_words": ["play", "wordup", "--players", "Ana:2,Ben:3",
                                        "--seed", "1"],
}


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 3), "unit": unit}), flush=True)


def first_line_s(argv: list[str], data: str) -> float | None:
    """Seconds from spawning ``tabletop ARGV`` to the host's first line (None: none in 60 s)."""
    exe = Path(sys.executable).with_name("tabletop")
    env = dict(os.environ, TABLETOP_DATA_DIR=data, PYTHONUNBUFFERED="1")
    started = time.perf_counter()
    proc = subprocess.Popen([str(exe), *argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        assert proc.stdout is not None
        deadline = started + 60
        for line in proc.stdout:
            if line.startswith("HOST:"):
                return time.perf_counter() - started
            if time.perf_counter() > deadline:
                break
        return None
    finally:
        proc.kill()
        proc.wait(10)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    with NullSink(f"tabletop_bench_{os.getpid()}"):
        for name, argv in COMMANDS.items():
            times = []
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as data:
                    t = first_line_s(argv, data)
                if t is None:
                    emit(f"startup.{name}", -1, "s: no question within 60 s")
                    break
                times.append(t)
            if times:
                emit(f"startup.{name}.median", statistics.median(times),
                     "s from the process start")
                emit(f"startup.{name}.max", max(times), "s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
