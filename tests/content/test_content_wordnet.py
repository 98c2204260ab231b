"""The WordNet 3.0 reader (content/wordnet.py) on the installed Debian database."""

from __future__ import annotations

import pytest

from content.wordnet import WordNet, open_wordnet, split_gloss

WN = open_wordnet()
needs_wordnet = pytest.mark.skipif(WN is None, reason="WordNet (Debian wordnet-base) "
                                   "is not installed; tools/system-deps.sh installs it")


@pytest.fixture(scope="module")
def wn() -> WordNet:
    assert WN is not None
    return WN


def test_split_gloss() -> None:
    assert split_gloss('a sweet fruit; "she ate a pear"; "pears are green"') == (
        "a sweet fruit", ("she ate a pear", "pears are green"))
    assert split_gloss("no examples here") == ("no examples here", ())


@needs_wordnet
def test_synsets_in_sense_order(wn: WordNet) -> None:
    dog = wn.synsets("dog", "n")[0]
    assert dog.id == "n:02084071"
    assert dog.lexname == "noun.animal"
    assert "domestic dog" in dog.lemmas
    assert dog.definition.startswith("a member of the genus Canis")
    assert dog.examples == ("the dog barked all night",)
    assert wn.synset(dog.id) == dog


@needs_wordnet
def test_synset_lookup_rejects_offsets_not_at_a_line(wn: WordNet) -> None:
    assert wn.synset("n:02084072") is None
    assert wn.synset("n:99999999") is None
    assert wn.synset("dog") is None


@needs_wordnet
def test_pointers_reach_hypernyms_and_hyponyms(wn: WordNet) -> None:
    dog = wn.synsets("dog", "n")[0]
    parents = [wn.synset(t) for t in dog.targets("@")]
    assert any(p is not None and "canine" in p.lemmas for p in parents)
    puppy = wn.synsets("puppy", "n")[0]
    assert puppy.id in dog.targets("~")


@needs_wordnet
def test_base_forms(wn: WordNet) -> None:
    assert ("mouse", "n") in wn.base_forms("mice")
    assert ("hiccup", "n") in wn.base_forms("hiccups")
    assert ("run", "v") in wn.base_forms("running")
    assert wn.base_forms("qwzx") == []
