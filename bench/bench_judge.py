"""Judgements per second through ``tabletop judge`` (one process, many lines).

Spawns the command once and feeds it the judged fixture set
(tests/data/judge_cases.jsonl) repeated to ``--lines`` requests, then a
cold set where every word question is new (no cached answer forms), and how
the time to choose among options grows with a long option's length. Prints
JSON lines {"name", "value", "unit"}. Targets: >= 5,000 judgements/s; an
option 8 times longer takes well under 24 times as long (linear: about 8;
it was quadratic, 64).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "data" / "judge_cases.jsonl"


def _requests() -> list[dict[str, Any]]:
    out = []
    for line in CASES.read_text(encoding="utf-8").splitlines():
        if line.strip():
            case = json.loads(line)
            case.pop("expect", None)
            case.pop("note", None)
            out.append(case)
    return out


def _run(lines: list[str]) -> tuple[float, float]:
    """(seconds from start to the first output line, seconds for the whole batch)."""
    payload = "".join(lines).encode()
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "voice.cli", "judge"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(payload[: payload.index(b"\n") + 1])
    proc.stdin.flush()
    proc.stdout.readline()
    first = time.perf_counter() - start
    def feed() -> None:
        assert proc.stdin is not None
        proc.stdin.write(payload[payload.index(b"\n") + 1 :])
        proc.stdin.close()

    writer = threading.Thread(target=feed)
    writer.start()
    count = 1 + sum(1 for _ in proc.stdout)
    writer.join()
    proc.wait()
    total = time.perf_counter() - start
    if count != len(lines) or proc.returncode != 0:
        raise SystemExit(f"bench_judge: got {count} answers for {len(lines)} lines (exit {proc.returncode})")
    return first, total


def _long_option_growth() -> float:
    """Time to choose with an option of 80,000 words over one of 10,000 (best of 3)."""
    from voice.understanding.choice import choose

    def cost(n: int) -> float:
        start = time.perf_counter()
        choose(["red", "ab " * n], "zz")
        return time.perf_counter() - start

    cost(1000)
    small = min(cost(10_000) for _ in range(3))
    large = min(cost(80_000) for _ in range(3))
    return large / small


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lines", type=int, default=50_000, help="requests per run (default 50000)")
    args = parser.parse_args()
    base = _requests()
    warm = [json.dumps(base[i % len(base)]) + "\n" for i in range(args.lines)]
    first, total = _run(warm)
    steady = (args.lines - 1) / (total - first)
    print(json.dumps({"name": "judge_startup_to_first_verdict", "value": round(first * 1000, 1), "unit": "ms"}))
    print(json.dumps({"name": "judge_throughput_fixture_mix", "value": round(steady), "unit": "judgements/s"}))
    print(json.dumps({"name": "judge_throughput_fixture_mix_incl_startup", "value": round(args.lines / total), "unit": "judgements/s"}))
    cold = []
    for i in range(args.lines // 5):
        req = dict(base[i % len(base)])
        if req["kind"] == "word":
            req["accepted"] = [*req["accepted"], f"zq{i}"]  # a new question: nothing cached
        cold.append(json.dumps(req) + "\n")
    first, total = _run(cold)
    print(json.dumps({"name": "judge_throughput_new_questions", "value": round((len(cold) - 1) / (total - first)), "unit": "judgements/s"}))
    growth = _long_option_growth()
    print(json.dumps({"name": "judge_long_option_8x_length_time_ratio", "value": round(growth, 1), "unit": "x"}))
    return 0 if growth < 24 else 1


if __name__ == "__main__":
    sys.exit(main())
