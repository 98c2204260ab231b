"""The judged fixture set: false accepts must be 0, false rejects under 3%.

Each line of tests/data/judge_cases.jsonl is a ``tabletop judge`` request plus
``expect``: what a careful human judge reading the transcript would decide.
Scoring follows the cost of each mistake in a voice game:

* false accept: the judge says "correct" where the truth is not correct, or
  "correct" with another value (a different option, other letters, number).
  The worst outcome: must be 0.
* false reject: the truth is "correct" and the judge says "wrong". Under 3%
  of the truly-correct cases.
* miss: the truth is "correct" and the judge says "unclear" (a cheap "did
  you say ...?"). Reported, and kept under 10% so that "unclear" everywhere
  cannot pass.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from voice.understanding.judge import KINDS, judge

CASES = Path(__file__).resolve().parents[2] / "data" / "judge_cases.jsonl"


def _cases() -> list[dict[str, Any]]:
    out = []
    for line in CASES.read_text(encoding="utf-8").splitlines():
        if line.strip():
            out.append(json.loads(line))
    return out


def _request(case: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in case.items() if k not in ("expect", "note")}


def test_fixture_set_is_big_and_covers_every_kind() -> None:
    cases = _cases()
    assert len(cases) >= 300
    kinds = Counter(c["kind"] for c in cases)
    assert set(kinds) == set(KINDS), kinds
    verdicts = Counter((c["kind"], c["expect"]["verdict"]) for c in cases)
    for kind in ("word", "choice", "spelling"):
        for verdict in ("correct", "wrong", "unclear"):
            assert verdicts[(kind, verdict)] >= 3, (kind, verdict)
    assert sum(isinstance(c["heard"], list) for c in cases) >= 15, "n-best lists"


def test_false_accepts_zero_false_rejects_under_three_percent() -> None:
    cases = _cases()
    false_accepts, false_rejects, misses, agree = [], [], [], 0
    truly_correct = 0
    for case in cases:
        want = case["expect"]
        got = judge(_request(case))
        if want["verdict"] == "correct":
            truly_correct += 1
        if got.verdict == "correct" and (
            want["verdict"] != "correct" or got.value != want["value"]
        ):
            false_accepts.append((case, got))
        elif want["verdict"] == "correct" and got.verdict == "wrong":
            false_rejects.append((case, got))
        elif want["verdict"] == "correct" and got.verdict == "unclear":
            misses.append((case, got))
        if got.verdict == want["verdict"] and (
            got.value == want["value"] or got.verdict == "unclear"
        ):
            agree += 1
    fa = len(false_accepts) / len(cases)
    fr = len(false_rejects) / truly_correct
    miss = len(misses) / truly_correct
    print(
        f"\njudge fixtures: {len(cases)} cases, {truly_correct} truly correct; "
        f"false accepts {len(false_accepts)} ({fa:.2%}), "
        f"false rejects {len(false_rejects)} ({fr:.2%}), "
        f"confirmations needed {len(misses)} ({miss:.2%}), agreement {agree / len(cases):.2%}"
    )
    for case, got in false_accepts + false_rejects:
        print("  ", case, "->", got)
    assert not false_accepts, false_accepts
    assert fr < 0.03, false_rejects
    assert miss < 0.10, misses


@pytest.mark.parametrize("case", _cases()[::7], ids=lambda c: f"{c['kind']}:{c['heard']}")
def test_sampled_cases_agree_with_the_human_verdict(case: dict[str, Any]) -> None:
    """A sample shown case by case, so a regression names the transcript."""
    want = case["expect"]
    got = judge(_request(case))
    if want["verdict"] == "correct":
        assert got.verdict in ("correct", "unclear")
    else:
        assert got.verdict != "correct"
    if got.verdict == want["verdict"] != "unclear":
        assert got.value == want["value"]
