"""Damage saved games one field at a time and resume each: no traceback, bounded memory.

``python -m tools.fuzz_saves --mutations N --seed S [--games ...]`` plays each
game once through the real command line (tools/kill_harness.py's reference
players) to collect its save files, then for N mutations per game takes one
of those saves, changes one field (or the whole file) and runs
``tabletop play --resume`` in this process with a few typed replies
(including "that was wrong" and "undo", which read the saved undo snapshot).

Each run must end with exit code 0 (it kept working) or 1 (one ``tabletop:
error:`` line), never an exception out of the command line, never more than
one error line. Prints one JSON summary line per game and a total:
mutations, tracebacks, multi-line errors, exit codes, peak memory (max RSS).
Run it in a child process with an address-space limit (``--limit-mb``) so a
mutation that makes a reader allocate without bound fails as a MemoryError
(counted as a traceback) instead of eating the machine.

Mutations are seeded: ``--seed`` reproduces a run, and each failure prints
the game, the base save and the field path.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

REPLIES = ["that was wrong", "whats the score", "aunt", "yes", "orange", "c a t",
           "we're ready", "no", "undo", "red", "seven", "pass"]
"""Typed after the resume: overrule/undo, status, an answer, choices, spelling, a vote."""

DEEP = 100_000


def _values(rng: random.Random, old: Any) -> list[Any]:
    """Replacement values for one field: every JSON type, edge numbers, sizes."""
    out: list[Any] = [None, True, False, 0, -1, 1, 7, 2**31, 10**9, -(10**9), 10**30, 1.5,
                      -0.5, float("inf"), float("nan"), "", "x", "wordup", "ÿ" * 3,
                      "A" * 5000, [], [0], [None], ["x"], [[]], {}, {"x": 1}, [0] * 20_000]
    if isinstance(old, bool):
        out.append(not old)
    elif isinstance(old, int):
        out += [old + 1, old - 1, -old, old * 1000, str(old), float(old)]
    elif isinstance(old, float):
        out += [int(old), str(old), -old]
    elif isinstance(old, str):
        out += [old.upper(), old[:-1], old + old, old * 300, [old], {old: old}]
    elif isinstance(old, list):
        if old:
            out += [old[:-1], old[1:], old + old[-1:], list(reversed(old)), old * 50,
                    [old], dict(enumerate(old)), old[0]]
    elif isinstance(old, dict):
        out += [list(old), list(old.values()), {k: None for k in old}]
    return out


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field of the save (lists sampled: the first, second and last elements)."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        picks = sorted({0, 1, len(data) - 1} & set(range(len(data))))
        for i in picks:
            yield from _paths(data[i], (*prefix, i))


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


@dataclass
class Mutation:
    base: int
    path: tuple[Any, ...]
    how: str
    text: str

    def __str__(self) -> str:
        where = "/".join(str(p) for p in self.path) or "(the whole file)"
        return f"save {self.base}, {where}: {self.how}"


def mutate(rng: random.Random, saves: list[dict[str, Any]], base: int) -> Mutation:
    """One single-field change to ``saves[base]`` (or the whole file's text)."""
    data = json.loads(json.dumps(saves[base]))
    roll = rng.random()
    if roll < 0.04:
        text = json.dumps(data)
        how, new = rng.choice([
            ("the file is null", "null"), ("the file is a list", "[]"),
            ("the file is a string", '"save"'), ("cut short", text[: rng.randrange(len(text))]),
            ("deep nesting", "[" * DEEP + "]" * DEEP),
            ("deep nesting in an object", '{"a":' * DEEP + "1" + "}" * DEEP),
            ("bytes that are not UTF-8", text[:50] + "\udcff" + text[50:]),
            ("empty", ""),
        ])
        return Mutation(base, (), how, new)
    paths = [p for p in _paths(data) if p]
    path = rng.choice(paths)
    parent = _get(data, path[:-1])
    key = path[-1]
    old = parent[key]
    if roll < 0.12:
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
        how = "removed"
    elif roll < 0.16:
        parent[key] = _deep()
        how = "deeply nested"
    elif roll < 0.19 and isinstance(parent, dict):
        parent[f"extra_{rng.randrange(100)}"] = rng.choice(_values(rng, old))
        how = "an extra key beside it"
    else:
        new = rng.choice(_values(rng, old))
        parent[key] = new
        shown = json.dumps(new)
        how = f"set to {shown[:60]}{'...' if len(shown) > 60 else ''}"
    return Mutation(base, path, how, _dumps(data))


def _deep() -> Any:
    value: Any = 1
    for _ in range(DEEP):
        value = [value]
    return value


def _dumps(data: Any) -> str:
    try:
        return json.dumps(data)
    except RecursionError:
        # json.dumps cannot write it: write the nesting by hand around a marker.
        marker = "\x00DEEP\x00"
        text = json.dumps(_replace_deep(data, marker))
        return text.replace(json.dumps(marker), "[" * DEEP + "1" + "]" * DEEP)


def _replace_deep(data: Any, marker: str) -> Any:
    if isinstance(data, list) and len(data) == 1 and isinstance(data[0], list):
        depth, probe = 0, data
        while isinstance(probe, list) and len(probe) == 1 and depth < 1000:
            probe, depth = probe[0], depth + 1
        if depth >= 1000:
            return marker
    if isinstance(data, dict):
        return {k: _replace_deep(v, marker) for k, v in data.items()}
    if isinstance(data, list):
        return [_replace_deep(v, marker) for v in data]
    return data


@dataclass
class Summary:
    game: str
    mutations: int = 0
    tracebacks: int = 0
    multi_line: int = 0
    codes: dict[int, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    growth: list[str] = field(default_factory=list)
    """Mutations after which the peak memory grew by more than 50 MB."""


def _cache_content() -> None:
    """Load packs and phrases once: thousands of resumes read the same shipped files."""
    import functools

    import content.load as load
    from voice.speaking.phrases import Phrases

    cached = functools.lru_cache(maxsize=32)(load.load_packs)
    load.load_packs = cached  # type: ignore[assignment]
    phrases = functools.lru_cache(maxsize=4)(Phrases.load)
    Phrases.load = staticmethod(phrases)  # type: ignore[method-assign]


def resume_once(data: Path, text: str, replies: list[str]) -> tuple[int | None, str, str]:
    """Write ``text`` as the save and run ``tabletop play --resume``; (code, stderr, error)."""
    from voice.cli import main

    saves = data / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    (saves / "current.json").write_text(text, encoding="utf-8", errors="surrogateescape")
    os.environ["TABLETOP_DATA_DIR"] = str(data)
    err, out = io.StringIO(), io.StringIO()
    real_stdin = sys.stdin
    sys.stdin = io.StringIO("".join(r + "\n" for r in replies))
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code: int | None = main(["play", "--resume", "--asr", "text", "--no-speech"])
        return code, err.getvalue(), ""
    except SystemExit as exc:
        return int(exc.code or 0), err.getvalue(), ""
    except BaseException:  # noqa: BLE001 - counting what escapes is the point
        return None, err.getvalue(), traceback.format_exc(limit=-6)
    finally:
        sys.stdin = real_stdin


def fuzz_game(game: str, mutations: int, seed: int, tmp: Path,
              note: Callable[[str], None] = lambda s: None) -> Summary:
    from tools.kill_harness import _reference

    os.environ["TABLETOP_DATA_DIR"] = str(tmp / f"{game}-ref")
    saves: list[dict[str, Any]] = []
    with redirect_stderr(io.StringIO()):
        _reference(game, 3, saves)
    usable = [s for s in saves if s["actions"] > 0]
    rng = random.Random(f"{seed}-{game}")
    summary = Summary(game)
    for k in range(mutations):
        base = rng.randrange(len(usable))
        m = mutate(rng, usable, base)
        data = tmp / f"{game}-{k}"
        before = peak_rss_mb()
        code, err, tb = resume_once(data, m.text, REPLIES[: rng.randint(0, len(REPLIES))])
        summary.mutations += 1
        if peak_rss_mb() - before > 50:
            summary.growth.append(f"{game} {m}: peak memory {before:.0f} -> "
                                  f"{peak_rss_mb():.0f} MB")
        errors = [line for line in err.splitlines() if line.startswith("tabletop: error:")]
        if tb or code not in (0, 1):
            summary.tracebacks += 1
            summary.failures.append(f"{game} {m}: {tb.strip().splitlines()[-1] if tb else code}")
            note(f"{game} {m}\n{tb}")
        elif len(errors) > 1 or (code == 1 and len(errors) != 1) or "Traceback" in err:
            summary.multi_line += 1
            summary.failures.append(f"{game} {m}: {err.strip()[:300]}")
        summary.codes[code or 0] = summary.codes.get(code or 0, 0) + 1
        _rmtree(data)
    return summary


def _rmtree(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)


def peak_rss_mb() -> float:
    """This process's peak resident memory. /proc's VmHWM where there is one: ru_maxrss
    also counts the parent's memory at fork (Linux keeps it across exec), so under
    pytest it reported the test process's 1.2 GB, not the fuzzer's 90 MB."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except (OSError, ValueError, IndexError):
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mutations", type=int, default=1000, help="per game (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="wordup,sportleisure,wordstreet")
    parser.add_argument("--limit-mb", type=int, default=2048,
                        help="address-space limit of this process (0: none)")
    args = parser.parse_args()
    if args.limit_mb:
        limit = args.limit_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    _cache_content()
    total = Summary("all")
    with tempfile.TemporaryDirectory(prefix="fuzz-saves-") as tmp:
        for game in args.games.split(","):
            s = fuzz_game(game, args.mutations, args.seed, Path(tmp),
                          note=lambda text: print(text, file=sys.stderr, flush=True))
            print(json.dumps({"game": game, "mutations": s.mutations,
                              "tracebacks": s.tracebacks, "multi_line_errors": s.multi_line,
                              "exit_codes": s.codes, "failures": s.failures[:20],
                              "memory_growth": s.growth[:20],
                              "peak_rss_mb": round(peak_rss_mb(), 1)}), flush=True)
            total.mutations += s.mutations
            total.tracebacks += s.tracebacks
            total.multi_line += s.multi_line
    print(json.dumps({"game": "all", "mutations": total.mutations,
                      "tracebacks": total.tracebacks, "multi_line_errors": total.multi_line,
                      "peak_rss_mb": round(peak_rss_mb(), 1)}), flush=True)
    return 0 if total.tracebacks == total.multi_line == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
