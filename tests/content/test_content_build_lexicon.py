"""The lexicon build rules (tools/build_lexicon.py) on small made-up inputs,
and the shipping of its output as package data."""

from __future__ import annotations

import fnmatch
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # tools/ is a checkout-only package, not installed
    sys.path.insert(0, str(ROOT))

from tools.build_lexicon import (  # noqa: E402
    VARIANT_RULES,
    group,
    homophone_groups,
    read_extra,
    read_scowl,
    rewrite,
)


def test_rewrite_finds_american_spellings_in_one_or_two_steps() -> None:
    american = {"color", "colorize", "center", "analyze", "traveled", "purer", "porer"}
    assert rewrite("colour", VARIANT_RULES, american) == {"color"}
    assert rewrite("colourise", VARIANT_RULES, american) == {"colorize"}
    assert rewrite("centre", VARIANT_RULES, american) == {"center"}
    assert rewrite("travelled", VARIANT_RULES, american) == {"traveled"}
    assert rewrite("colourise", VARIANT_RULES, american, steps=1) == set()
    # Two partners: the build leaves such a word out as ambiguous.
    assert rewrite("pourer", VARIANT_RULES, american) == {"purer", "porer"}
    assert rewrite("kitten", VARIANT_RULES, american) == set()


def test_group_joins_pairs_british_first() -> None:
    assert group([("anaesthetise", "anesthetize"), ("anaesthetise", "anaesthetize"),
                  ("colour", "color")]) == [
        ["anaesthetise", "anesthetize", "anaesthetize"], ["colour", "color"]]


def test_homophone_groups_skip_variants_letters_and_rare_words() -> None:
    by_sound = {
        "F L AW1 ER0": {"flour", "flower", "flowr"},
        "K AH1 L ER0": {"colour", "color"},
        "S IY1": {"sea", "see", "c"},
        "N AY1 T": {"night", "knight"},
    }
    candidates = {"flour", "flower", "colour", "color", "sea", "see", "c", "night"}
    variant_of = {"colour": "colour", "color": "colour"}
    assert homophone_groups(by_sound, candidates, variant_of) == [
        ["flour", "flower"], ["sea", "see"]]


def test_read_scowl_keeps_the_smallest_size(tmp_path: Path) -> None:
    (tmp_path / "english-words.10").write_text("cat\ndog\n")
    (tmp_path / "english-words.35").write_text("dog\nemu\n")
    (tmp_path / "english-words.80").write_text("quagga\n")
    assert read_scowl("english-words", 70, tmp_path) == {"cat": 10, "dog": 10, "emu": 35}


def test_built_files_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["content.lexicon"]
    data = [p.name for p in (ROOT / "content" / "lexicon").iterdir()
            if p.is_file() and p.suffix != ".py"]
    assert {"words.txt.gz", "proper.txt.gz", "variants.tsv", "homophones.txt"} <= set(data)
    for name in data:
        assert any(fnmatch.fnmatch(name, pat) for pat in patterns), name
    total = sum((ROOT / "content" / "lexicon" / n).stat().st_size for n in data)
    assert total < 3_000_000


def test_extra_words_are_read_without_comments(tmp_path: Path) -> None:
    path = tmp_path / "extra.txt"
    path.write_text("# a comment\ntreehouse\n\nrockpool  # British\n", encoding="utf-8")
    assert read_extra(path) == ["treehouse", "rockpool"]
    assert read_extra(tmp_path / "missing.txt") == []


def test_the_shipped_lexicon_has_the_extra_words() -> None:
    from content.lexicon import load_lexicon

    lexicon = load_lexicon()
    extra = read_extra()
    assert {"maths", "treehouse", "pinecone", "rockpool", "waterslide", "jetpack",
            "handprint"} <= set(extra)
    assert [w for w in extra if not lexicon.is_word(w, proper=False)] == []
