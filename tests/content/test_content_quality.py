"""The teacher's checks of content/quality.py, each firing on a small bad pack."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_helpers import header

from content.lexicon import Lexicon
from content.quality import shares_stem, starts_with_vowel_sound
from content.validate import _is_shipped, shipped_root, validate_paths


def item(category: str, fields: str, item_id: str, level: int = 1) -> str:
    return f'\n[[item]]\nid = "{item_id}"\nlevel = {level}\ncategory = "{category}"\n{fields}\n'


def problems(tmp_path: Path, body: str, lexicon: Lexicon, **kw: bool) -> list[str]:
    (tmp_path / "p.toml").write_text(header("t-pack", "wordup") + body, encoding="utf-8")
    report = validate_paths([tmp_path], lexicon=lexicon, **kw)
    return [f"{p.where}: {p.message}" for p in report.problems]


# --- a / an ------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["apple", "hour", "honest", "umbrella", "unusual", "egg",
                                  "x-ray", "island", "heir"])
def test_words_that_take_an(word: str) -> None:
    assert starts_with_vowel_sound(word)


@pytest.mark.parametrize("word", ["pear", "uniform", "unicorn", "university", "one", "useful",
                                  "European", "t-shirt", "house", "eucalyptus"])
def test_words_that_take_a(word: str) -> None:
    assert not starts_with_vowel_sound(word)


def test_article_before_the_gap_must_fit_every_answer(tmp_path: Path, lexicon: Lexicon) -> None:
    body = (item("missing_word", 'sentence = "A ___ is a small orange fruit like a peach."\n'
                 'letters = 7\nanswers = ["apricot"]', "t-1")
            + item("missing_word", 'sentence = "I made a mistake, so I used an ___."\n'
                   'letters = 6\nanswers = ["eraser", "rubber"]', "t-2")
            + item("missing_word", 'sentence = "An ___ is a small orange fruit."\n'
                   'letters = 7\nanswers = ["apricot"]', "t-3"))
    found = problems(tmp_path, body, lexicon)
    assert found == [
        "t-1: 'A' before the gap does not fit the answer 'apricot' (it takes 'an'): "
        "rewrite the sentence or drop the answer",
        "t-2: 'an' before the gap does not fit the answer 'rubber' (it takes 'a'): "
        "rewrite the sentence or drop the answer",
    ]


# --- giveaways -------------------------------------------------------------------------


@pytest.mark.parametrize("answer,word,stem", [
    ("salty", "salt", "salt"), ("lightning", "light", "light"),
    ("toothpaste", "toothbrush", "tooth"), ("sunny", "sun", "sun"),
    ("snowflakes", "flakes", "flakes"), ("painter", "paint", "paint"),
])
def test_shared_stems(lexicon: Lexicon, answer: str, word: str, stem: str) -> None:
    assert shares_stem(answer, word, lexicon) == stem


@pytest.mark.parametrize("answer,word", [
    ("carpet", "car"), ("heart", "hear"), ("someone", "something"), ("island", "is"),
    ("plane", "plan"), ("mother", "other"),
])
def test_unrelated_words_share_no_stem(lexicon: Lexicon, answer: str, word: str) -> None:
    assert shares_stem(answer, word, lexicon) is None


def test_question_must_not_contain_the_answer_stem(tmp_path: Path, lexicon: Lexicon) -> None:
    body = (item("missing_word", 'sentence = "I squeezed some ___ onto my toothbrush."\n'
                 'letters = 10\nanswers = ["toothpaste"]', "t-1")
            + item("multiple_choice", 'question = "Food with too much salt in it is..."\n'
                   'options = ["juicy", "bland", "salty"]\nanswers = ["salty"]', "t-2")
            + item("crossword", 'clue = "Flashes of light in a storm."\nfirst_letter = "l"\n'
                   'answers = ["lightning"]', "t-3")
            # Every option shares the question's word: it tells them apart no better.
            + item("multiple_choice", 'question = "If it is raining cats and dogs, there is..."\n'
                   'options = ["very heavy rain", "no rain", "a light drizzle"]\n'
                   'answers = ["very heavy rain"]', "t-4")
            + item("crossword", 'clue = "A soft covering for the floor."\nfirst_letter = "c"\n'
                   'answers = ["carpet"]', "t-5"))
    found = problems(tmp_path, body, lexicon)
    assert found == [
        "t-1: the question word 'toothbrush' gives away the answer 'toothpaste' "
        "(both have 'tooth')",
        "t-2: the question word 'salt' gives away the answer 'salty' (both have 'salt')",
        "t-3: the question word 'light' gives away the answer 'lightning' (both have 'light')",
    ]


# --- across items ------------------------------------------------------------------------


REPEATS = (
    item("crossword", 'clue = "Something you buy for less than its usual price."\n'
         'first_letter = "b"\nanswers = ["bargain"]', "t-cc-1", level=3)
    + item("missing_word", 'sentence = "These shoes were half price. What a ___!"\n'
           'letters = 7\nanswers = ["bargain"]', "t-mw-1", level=3)
    + item("multiple_choice", 'question = "Which of these is a good price?"\n'
           'options = ["a bargain", "a rip-off", "a fortune"]\nanswers = ["a bargain"]',
           "t-mc-1", level=3)
    + item("spelling", 'word = "bargain"\nsentence = "It was a real bargain."\n'
           'answers = ["bargain"]', "t-sp-1", level=4)
    + item("multiple_choice", 'question = "I am good ___ maths."\noptions = ["at", "in", "on"]\n'
           'answers = ["at"]', "t-mc-2")
    + item("multiple_choice", 'question = "We met ___ the weekend."\noptions = ["at", "in", "by"]\n'
           'answers = ["at"]', "t-mc-3")
)


def test_an_answer_word_once_per_level_in_shipped_packs(tmp_path: Path,
                                                        lexicon: Lexicon) -> None:
    found = problems(tmp_path, REPEATS, lexicon, shipped_rules=True)
    assert found == [
        "t-mw-1: the answer 'bargain' is already asked at level 3 by t-cc-1 (crossword): "
        "each answer word at most once per level",
        "t-mc-1: the answer 'bargain' is already asked at level 3 by t-cc-1 (crossword): "
        "each answer word at most once per level",
    ]


def test_a_users_folder_may_repeat_a_word(tmp_path: Path, lexicon: Lexicon) -> None:
    """A teacher's import asks one word as Spelling, Missing Word and Crossword on purpose."""
    assert problems(tmp_path, REPEATS, lexicon) == []


def test_shipped_rules_are_on_for_the_shipped_packs(tmp_path: Path) -> None:
    assert _is_shipped(shipped_root())
    assert _is_shipped(shipped_root() / "wordup")
    assert not _is_shipped(tmp_path)


def test_clue_must_not_repeat_a_multiple_choice_definition(tmp_path: Path,
                                                           lexicon: Lexicon) -> None:
    body = (item("multiple_choice",
                 'question = "Which word means to breathe noisily while you are asleep?"\n'
                 'options = ["sneeze", "snore", "sulk"]\nanswers = ["snore"]', "t-mc-1")
            + item("crossword", 'clue = "To breathe noisily while you are asleep."\n'
                   'first_letter = "s"\nanswers = ["snore"]', "t-cc-1", level=2)
            + item("multiple_choice",
                   'question = "Which word means to shake because you are cold?"\n'
                   'options = ["shiver", "nod", "wink"]\nanswers = ["shiver"]', "t-mc-2")
            + item("crossword", 'clue = "To shake because you are cold or afraid."\n'
                   'first_letter = "s"\nanswers = ["shiver"]', "t-cc-2")
            + item("crossword", 'clue = "To make a noise while sleeping."\n'
                   'first_letter = "s"\nanswers = ["snore"]', "t-cc-3"))
    found = problems(tmp_path, body, lexicon)
    assert found == [
        "t-cc-1: the clue is word for word the definition in t-mc-1: write a different clue",
        "t-cc-2: the clue is nearly word for word the definition in t-mc-2: "
        "write a different clue",
    ]


# --- Sport and Leisure -------------------------------------------------------------------


def test_sport_answers_must_not_only_repeat_the_question(tmp_path: Path,
                                                          lexicon: Lexicon) -> None:
    texts = ("What is the shallow channel along each side of the lane called?",
             "What is the flat board behind the hoop called?",
             "To blur water, should the shutter speed be slow or fast?",
             "Which boxer won Olympic gold in 1960 as Cassius Clay?")
    answers = (["gutter", "channel"], ["backboard", "board"], ["slow", "a slow shutter"],
               ["Muhammad Ali", "Cassius Clay"])
    body = '\n[[card]]\nid = "t-sl-1"\nkind = "pot_luck"\n'
    for colour, text, accepted in zip(("purple", "green", "yellow", "red"), texts, answers,
                                      strict=True):
        listed = ", ".join(f'"{a}"' for a in accepted)
        body += f'\n[[card.question]]\ncolour = "{colour}"\ntext = "{text}"\nanswers = [{listed}]\n'
    (tmp_path / "p.toml").write_text(header("t-sl", "sportleisure") + body, encoding="utf-8")
    found = [f"{p.where}: {p.message}"
             for p in validate_paths([tmp_path], lexicon=lexicon).problems]
    assert found == [
        "t-sl-1: question 1 (purple): answer 'channel' only repeats words of the question",
        "t-sl-1: question 2 (green): answer 'board' only repeats words of the question",
        "t-sl-1: question 4 (red): answer 'Cassius Clay' only repeats words of the question",
    ]
