"""``tabletop judge``: JSON lines in, one JSON line out per input, in order."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _run(stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "voice.cli", "judge", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_the_issue_examples() -> None:
    lines = [
        {"kind": "word", "accepted": ["fled", "flew"], "heard": "i think it's fled"},
        {"kind": "choice", "options": ["borrow", "lend", "steal"], "answer": "borrow", "heard": "the first one"},
        {"kind": "spelling", "answer": "colour", "variants": ["color"], "heard": "see oh el oh you are"},
        {"kind": "yesno", "heard": "yeah go on"},
        {"kind": "number", "heard": "seven"},
        {"kind": "command", "heard": "say that again"},
        {"kind": "word", "accepted": ["fled"], "heard": ["fed", "fled"]},
    ]
    proc = _run("".join(json.dumps(x) + "\n" for x in lines))
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert out == [
        {"verdict": "correct", "value": "fled"},
        {"verdict": "correct", "value": 0},
        {"verdict": "correct", "value": "colour"},
        {"verdict": "correct", "value": True},
        {"verdict": "correct", "value": 7},
        {"verdict": "correct", "value": "repeat"},
        {"verdict": "unclear", "value": "fled"},
    ]


def test_malformed_lines_get_an_error_and_the_batch_goes_on() -> None:
    stdin = "\n".join(
        [
            '{"kind": "yesno", "heard": "yes"}',
            "not json at all",
            '{"kind": "riddle", "heard": "x"}',
            '["a", "list"]',
            '{"kind": "word", "accepted": "fled", "heard": "fled"}',
            "",
            '{"kind": "number", "heard": "twelve"}',
        ]
    )
    proc = _run(stdin + "\n")
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(out) == 7  # the blank line gets its line too: output stays in step
    assert out[0] == {"verdict": "correct", "value": True}
    assert out[1]["error"].startswith("not JSON")
    assert "unknown kind 'riddle'" in out[2]["error"]
    assert "JSON object" in out[3]["error"]
    assert "'accepted'" in out[4]["error"]
    assert out[5] == {"error": "empty line; give one JSON request per line"}
    assert out[6] == {"verdict": "correct", "value": 12}
    assert proc.stderr == ""


def test_an_empty_variants_list_is_valid_input() -> None:
    line = {"kind": "spelling", "answer": "neighbour", "variants": [],
            "heard": "n e i g h b o u r"}
    proc = _run(json.dumps(line) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"verdict": "correct", "value": "neighbour"}
    bad = {"kind": "spelling", "answer": "neighbour", "variants": "neighbor", "heard": "n"}
    assert "'variants' must be a list of strings" in json.loads(_run(json.dumps(bad) + "\n").stdout)["error"]


def test_a_different_word_one_letter_away_is_not_the_answer() -> None:
    lines = [{"kind": "word", "accepted": ["desert"], "heard": "dessert", "typed": True},
             {"kind": "word", "accepted": ["flour"], "heard": "flower"},
             {"kind": "word", "accepted": ["colour"], "heard": "color"}]
    out = [json.loads(x) for x in _run("".join(json.dumps(x) + "\n" for x in lines)).stdout.splitlines()]
    assert out == [{"verdict": "wrong", "value": "dessert"},
                   {"verdict": "correct", "value": "flour"},
                   {"verdict": "correct", "value": "colour"}]


def test_a_command_at_an_answer_prompt_is_reported() -> None:
    proc = _run('{"kind": "word", "accepted": ["fled"], "heard": "what\'s the score"}\n')
    assert json.loads(proc.stdout) == {"verdict": "unclear", "value": None, "command": "score"}


def test_confidence_flag_adds_confidence_and_heard() -> None:
    proc = _run('{"kind": "word", "accepted": ["fled"], "heard": ["", "fled"]}\n', "--confidence")
    assert json.loads(proc.stdout) == {
        "verdict": "correct", "value": "fled", "confidence": 1.0, "heard": "fled"
    }


def test_other_commands_do_not_import_the_judge() -> None:
    """Every `tabletop` command builds the parser: judge.py must not load the judging code."""
    code = (
        "import sys, voice.cli; voice.cli.build_parser(); "
        "print(any(m.startswith(('voice.understanding.judge', 'voice.understanding.answer_match')) for m in sys.modules))"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.stdout.strip() == "False", proc.stderr


def test_each_verdict_comes_back_before_the_next_line_is_sent() -> None:
    """A dialogue can drive one long-lived judge process line by line."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "voice.cli", "judge"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for heard, value in (("yes", True), ("nope", False), ("yeah go on", True)):
            proc.stdin.write(json.dumps({"kind": "yesno", "heard": heard}) + "\n")
            proc.stdin.flush()
            assert json.loads(proc.stdout.readline()) == {"verdict": "correct", "value": value}
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert proc.returncode == 0


def test_hostile_lines_get_one_error_line_each_and_the_batch_goes_on() -> None:
    good = '{"kind": "yesno", "heard": "yes"}'
    big = json.dumps({"kind": "colour", "options": ["red", "ab " * 66_667], "heard": "zz"})
    lines = [
        "[" * 60_000,  # deep nesting
        "[" * 100_000,  # deep and too long
        big,  # a 200,000-character option
        json.dumps({"kind": "colour", "options": ["red", "ab " * 5000], "heard": "zz"}),
        json.dumps({"kind": "word", "accepted": ["x"] * 101, "heard": "x"}),
        json.dumps({"kind": "yesno", "heard": "yes " * 400}),
    ]
    stdin = "".join(f"{line}\n{good}\n" for line in lines).encode() + b"\xff\xfe\n" + good.encode()
    proc = subprocess.run([sys.executable, "-m", "voice.cli", "judge"], input=stdin,
                          capture_output=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and proc.stderr == b""
    out = [json.loads(x) for x in proc.stdout.decode().splitlines()]
    assert len(out) == 2 * len(lines) + 2
    assert out[1::2] == [{"verdict": "correct", "value": True}] * (len(lines) + 1)
    errors = [o["error"] for o in out[0::2]]
    assert errors[0].startswith("nested too deeply")
    assert errors[1] == "line is 100000 bytes long; at most 65536"
    assert errors[2] == f"line is {len(big)} bytes long; at most 65536"
    assert errors[3] == "'options' entry 2 is 15000 characters long; at most 1000"
    assert errors[4] == "'accepted' has 101 entries; at most 100"
    assert errors[5] == "'heard' is 1600 characters long; at most 1000"
    assert errors[6] == "not UTF-8 text (byte 1)"


def test_a_long_option_is_still_chosen_by_its_words() -> None:
    # Choosing by text looks for a run of words only where its first word is (it was
    # quadratic in a long option's length); bench/bench_judge.py measures the growth.
    from voice.understanding.choice import _has_run, choose

    long = "ab " * 80_000
    assert choose(["red", long], "zz")[0] is None
    assert choose(["red", long + "cat dog"], "cat dog")[0] == 1
    assert choose(["red", long], "the red one")[0] == 0
    hay = ["a", "b", "a", "b", "c"]
    assert _has_run(hay, ["a", "b", "c"]) and _has_run(hay, ["c"])
    assert not _has_run(hay, ["b", "a", "c"]) and not _has_run(hay, [])
    assert not _has_run(["a"], ["a", "a"])
