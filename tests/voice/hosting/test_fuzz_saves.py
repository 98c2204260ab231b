"""Saves damaged one field at a time resume in one line or keep working (short run).

The long run, at least 1,000 mutations per game, is bench/bench_fuzz_saves.py;
tools/fuzz_saves.py says how saves are damaged. The fuzzer runs in a child
process under a 2 GB address-space limit, so a reader that allocated without
bound would fail there as a MemoryError (a traceback) instead of taking the
machine. A failure names the game, the save and the field.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow
def test_single_field_damage_to_saves_never_gives_a_traceback(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "tools.fuzz_saves", "--mutations", "60", "--seed", "16",
         "--limit-mb", "2048"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={"PATH": "/usr/bin:/bin", "TABLETOP_DATA_DIR": str(tmp_path),
             "PYTHONHASHSEED": "0", "HOME": str(tmp_path)})
    lines = [json.loads(x) for x in result.stdout.splitlines() if x.startswith("{")]
    assert lines, result.stderr[-2000:]
    total = lines[-1]
    assert total["mutations"] == 180
    failures = [f for line in lines for f in line.get("failures", [])]
    assert total["tracebacks"] == 0 and total["multi_line_errors"] == 0, "\n".join(failures)
    games = {line["game"]: line for line in lines[:-1]}
    # Both outcomes occur: damage refused in one line (1), harmless damage played on (0).
    assert all(set(g["exit_codes"]) == {"0", "1"} for g in games.values())
    assert total["peak_rss_mb"] < 1024
