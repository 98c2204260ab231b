"""Learners' definitions (content/definitions.py): the shipped file parses, every line
traces back to WordNet 3.0, and the validator reports a line that does not."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from content.definitions import (
    check_definitions,
    definition_problems,
    definitions_path,
    learner_form,
    load_definitions,
    parse_definitions,
)
from content.load import load_packs
from content.schema import MultipleChoice, Spelling
from content.wordnet import WordNet, open_wordnet

WN = open_wordnet()
needs_wordnet = pytest.mark.skipif(WN is None, reason="WordNet (Debian wordnet-base) "
                                   "is not installed; tools/system-deps.sh installs it")


def test_learner_form_keeps_the_first_clause_without_asides() -> None:
    gloss = ('a member of the genus Canis (probably descended from the common wolf) '
             'that has been domesticated; occurs in many breeds; "the dog barked"')
    assert learner_form(gloss) == "a member of the genus Canis that has been domesticated"


def test_malformed_lines_are_named() -> None:
    text = ("# comment\n"
            "puppy\tn:01322604\ta young dog\n"
            "puppy\tn:01322604\ta young dog\n"
            "Two Words\tn:1\ta (marked) thing\n"
            "lonely\tn:01322604\n")
    entries, problems = parse_definitions(text)
    assert [e.word for e in entries] == ["puppy", "puppy", "Two Words"]
    def on(line: int) -> str:
        return " | ".join(m for n, m in problems if n == line)
    assert "already defined on line 2" in on(3)
    assert "one lower-case word" in on(4) and "must look like n:02084071" in on(4)
    assert "cannot be read aloud" in on(4)
    assert "3 tab-separated fields" in on(5)


def test_shipped_definitions_parse_and_cover_question_words() -> None:
    entries, problems = parse_definitions(definitions_path().read_text(encoding="utf-8"))
    assert problems == []
    assert len(entries) >= 1000
    heard: set[str] = set()
    for pack in load_packs("wordup"):
        for item in pack.items:
            texts = [item.text] + (list(item.options) if isinstance(item, MultipleChoice) else [])
            if isinstance(item, Spelling):
                texts.append(item.word)
            heard |= {w.lower() for t in texts for w in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)?", t)}
    # Only words a player hears in a question are defined.
    assert {e.word for e in entries} <= heard
    assert load_definitions()["puppy"] == "a young dog"


@needs_wordnet
def test_shipped_definitions_trace_back_to_wordnet() -> None:
    assert WN is not None
    assert definition_problems(WN) == []


@needs_wordnet
def test_a_definition_not_in_wordnet_is_a_problem(tmp_path: Path) -> None:
    wn: WordNet | None = WN
    assert wn is not None
    path = tmp_path / "definitions.tsv"
    path.write_text("puppy\tn:01322604\ta small dog that bites\n"
                    "kitten\tn:01322604\ta young dog\n"
                    "lemon\tn:99999999\ta fruit\n", encoding="utf-8")
    problems = [str(p) for p in definition_problems(wn, path)]
    assert len(problems) == 3
    assert "line 1" in problems[0] and "expected 'a young dog'" in problems[0]
    assert "line 2" in problems[1] and "'kitten' is not a word of synset" in problems[1]
    assert "line 3" in problems[2] and "not in WordNet 3.0" in problems[2]
    entries, _ = parse_definitions(path.read_text(encoding="utf-8"))
    assert len(check_definitions(entries, wn)) == 3


def test_builder_rules_for_a_learner() -> None:
    build = pytest.importorskip("tools.build_definitions",
                                reason="authoring extras (wordfreq) not installed")
    assert build.circular({"produce", "laughter"}, {"laugh"})
    assert build.circular({"express", "by", "nodding"}, {"nod"})
    assert not build.circular({"a", "person", "who", "operates", "farm"}, {"farmer"})
    assert build.plain("a young dog")
    assert not build.plain("a gliding joint between the distal ends of the tibia")  # rare words
    assert not build.plain("one " * 15)  # too long
    assert not build.plain("dog")  # one word is not a definition
    assert not build.plain("have sexual intercourse with")  # never read to a child


@needs_wordnet
def test_builder_keeps_only_the_usual_sense() -> None:
    build = pytest.importorskip("tools.build_definitions",
                                reason="authoring extras (wordfreq) not installed")
    wn = WN
    assert wn is not None
    counts = build.tag_counts(wn)
    dog = wn.synsets("dog", "n")
    assert build.usual("dog", dog[0], wn, counts)  # the domestic dog
    assert not build.usual("dog", dog[1], wn, counts)  # "a dull unattractive unpleasant girl"


def test_validate_says_when_definitions_were_not_traced(monkeypatch: pytest.MonkeyPatch) -> None:
    import content.validate as validate

    monkeypatch.setattr(validate, "open_wordnet", lambda: None)
    report = validate.validate_paths([validate.shipped_root()])
    assert report.ok
    assert report.summary().endswith("; definitions not traced to WordNet (install wordnet-base)")
