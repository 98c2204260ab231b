"""Saves damaged one field at a time (>= 1,000 per game), each resumed: tracebacks and memory.

Runs tools/fuzz_saves.py in a child process under an address-space limit and
prints its figures as JSON lines {"name", "value", "unit"}: mutations,
tracebacks and multi-line errors per game (target 0) and the peak memory.
``--seed`` reproduces a run; failures are listed on stderr.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mutations", type=int, default=1000, help="per game (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit-mb", type=int, default=2048)
    args = parser.parse_args()
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "tools.fuzz_saves", "--mutations",
                           str(args.mutations), "--seed", str(args.seed), "--limit-mb",
                           str(args.limit_mb)], cwd=ROOT, capture_output=True, text=True)
    bad = 0
    for line in proc.stdout.splitlines():
        if not line.startswith("{"):
            continue
        figures = json.loads(line)
        game = figures["game"]
        for key, unit in (("mutations", "mutations"), ("tracebacks", "tracebacks"),
                          ("multi_line_errors", "runs"), ("peak_rss_mb", "MB")):
            print(json.dumps({"name": f"fuzz_saves_{game}_{key}", "value": figures[key],
                              "unit": unit}))
        for failure in figures.get("failures", []):
            print(f"bench_fuzz_saves: {failure}", file=sys.stderr)
        if game == "all":
            bad = figures["tracebacks"] + figures["multi_line_errors"]
    print(json.dumps({"name": "fuzz_saves_seconds",
                      "value": round(time.perf_counter() - start, 1), "unit": "s"}))
    if proc.returncode not in (0, 1):
        print(proc.stderr[-2000:], file=sys.stderr)
        return 1
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
