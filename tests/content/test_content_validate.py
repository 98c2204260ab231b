"""Every validator rule: a small broken pack makes it fire with the right file:id line."""

from __future__ import annotations

from pathlib import Path

import pytest
from content_helpers import (
    BLOCKLIST,
    BLUE,
    ORANGE,
    WORDUP_ITEMS,
    header,
    sl_card,
    ws_card,
)

from content.lexicon import Lexicon
from content.validate import DATED_WORDING, display_path, shipped_root, validate_paths


def check(folder: Path, lexicon: Lexicon) -> list[str]:
    return [str(p) for p in validate_paths([folder], lexicon=lexicon).problems]


def write(tmp_path: Path, game: str, body: str, name: str = "p.toml",
          pack_id: str = "t-pack", licence: str = "CC-BY-4.0") -> Path:
    path = tmp_path / name
    path.write_text(header(pack_id, game, licence) + body, encoding="utf-8")
    return path


def item(category: str, fields: str, item_id: str = "t-x", level: int = 1) -> str:
    return f'\n[[item]]\nid = "{item_id}"\nlevel = {level}\ncategory = "{category}"\n{fields}\n'


def test_good_packs_pass(good_packs: Path, lexicon: Lexicon) -> None:
    report = validate_paths([good_packs], lexicon=lexicon)
    assert report.problems == []
    assert report.ok
    assert report.summary().startswith("0 problems (4 files, 4 packs, 5 items, 4 cards)")


MW = 'sentence = "I drink a glass of ___ every day."\nletters = 4\n'

WORDUP_CASES = [
    ("missing_word", 'sentence = "I drink milk."\nletters = 4\nanswers = ["milk"]',
     "sentence must contain the gap ___ exactly once, found 0"),
    ("missing_word", 'sentence = "I ___ a ___."\nletters = 4\nanswers = ["milk"]',
     "sentence must contain the gap ___ exactly once, found 2"),
    ("missing_word", MW + 'answers = ["milk", "juice"]',
     "answer 'juice' has 5 letters, letters says 4"),
    ("missing_word", MW + 'answers = ["milk", "mlik"]',
     "answer 'mlik': 'mlik' is not a word in the lexicon"),
    ("missing_word", MW + 'answers = ["milk", "Milk"]', "answer 'Milk' is listed twice"),
    ("missing_word", MW + 'answers = []', "field 'answers' is empty"),
    ("crossword", 'clue = "A young cat."\nfirst_letter = "c"\nanswers = ["kitten"]',
     "answer 'kitten' does not start with first_letter 'c'"),
    ("crossword", 'clue = "A young cat."\nfirst_letter = "ki"\nanswers = ["kitten"]',
     "first_letter must be one letter, not 'ki'"),
    ("multiple_choice", 'question = "Pick one."\noptions = ["cold", "hot"]\nanswers = ["cold"]',
     "options must hold exactly 3 choices, not 2"),
    ("multiple_choice",
     'question = "Pick one."\noptions = ["cold", "hot", "Cold"]\nanswers = ["cold"]',
     "options must be 3 different choices"),
    ("multiple_choice",
     'question = "Pick one."\noptions = ["cold", "hot", "wet"]\nanswers = ["warm"]',
     "answer 'warm' is not one of the options"),
    ("multiple_choice",
     'question = "Pick one."\noptions = ["cold", "hot", "wet"]\nanswers = ["cold", "hot"]',
     "multiple choice takes exactly one answer, not 2"),
    ("multiple_choice",
     'question = "Pick one."\noptions = ["go out", "go blorf", "go in"]\n'
     'answers = ["go blorf"]',
     "answer 'go blorf': 'blorf' is not a word in the lexicon"),
    ("spelling", 'word = "kitten"\nsentence = "The cat had babies."\nanswers = ["kitten"]',
     "sentence must contain the word 'kitten'"),
    ("spelling", 'word = "flour"\nsentence = "Bake a cake with it."\nanswers = ["flour"]',
     "sentence must contain 'flour': it sounds like flower"),
    ("spelling", 'word = "colour"\nsentence = "What colour is it?"\nanswers = ["colour"]',
     "answers lack the American spelling color of 'colour'"),
    ("spelling", 'word = "kitten"\nsentence = "A kitten."\nanswers = ["kitty", "kitten"]',
     "answers must start with the word 'kitten', not 'kitty'"),
    ("spelling", 'word = "kitten"\nsentence = "A kitten."\nanswers = ["kitten"]\nhint = "x"',
     "unknown field 'hint'"),
    ("spelling", 'word = "kitten"\nanswers = ["kitten"]', "field 'sentence' is missing"),
    ("spelling", 'word = 7\nsentence = "A kitten."\nanswers = ["kitten"]',
     "field 'word' must be a string, not a number"),
]


@pytest.mark.parametrize(("category", "fields", "message"), WORDUP_CASES)
def test_wordup_rule_fires(tmp_path: Path, lexicon: Lexicon, category: str, fields: str,
                           message: str) -> None:
    path = write(tmp_path, "wordup", item(category, fields))
    problems = check(tmp_path, lexicon)
    assert any(p.startswith(f"{path}:t-x: {message}") for p in problems), problems


def test_good_variants_of_each_wordup_case_pass(tmp_path: Path, lexicon: Lexicon) -> None:
    """The rules do not fire on the nearby correct items (so the cases above are meaningful)."""
    write(tmp_path, "wordup", item("missing_word", MW + 'answers = ["milk", "wine"]')
          + item("spelling", 'word = "flour"\nsentence = "Flour makes bread."\n'
                 'answers = ["flour"]', "t-y")
          + item("spelling", 'word = "color"\nsentence = "My color."\nanswers = ["color"]',
                 "t-z"))
    assert check(tmp_path, lexicon) == []


def test_item_field_problems(tmp_path: Path, lexicon: Lexicon) -> None:
    body = (item("crossword", 'clue = "A young cat."\nfirst_letter = "k"\nanswers = ["kitten"]',
                 "t-a", level=6)
            + item("crossword", 'clue = "x"\nfirst_letter = "k"\nanswers = ["kitten"]', "Bad_Id")
            + item("wordsearch", 'answers = ["kitten"]', "t-c")
            + '\n[[item]]\nlevel = "1"\ncategory = "crossword"\nclue = "x"\n'
              'first_letter = "k"\nanswers = ["kitten"]\n')
    path = write(tmp_path, "wordup", body)
    problems = check(tmp_path, lexicon)
    assert f"{path}:t-a: level 6 is out of range (allowed: 1-5)" in problems
    assert f"{path}:Bad_Id: id 'Bad_Id' must use only a-z, 0-9 and '-'" in problems
    assert any(p.startswith(f"{path}:t-c: category 'wordsearch' is unknown") for p in problems)
    assert f"{path}:item[4]: field 'id' is missing" in problems
    assert f"{path}:item[4]: field 'level' must be a whole number, not a string" in problems


def test_header_problems(tmp_path: Path, lexicon: Lexicon) -> None:
    path = write(tmp_path, "wordup", WORDUP_ITEMS, licence="CC BY 4.0")
    problems = check(tmp_path, lexicon)
    assert problems == [f"{path}:pack: licence 'CC BY 4.0' is not a known SPDX id "
                        "(e.g. CC-BY-4.0, CC0-1.0, MIT; or LicenseRef-...)"]
    path.write_text(header("t", "wordup").replace('licence = "CC-BY-4.0"\n', "")
                    + WORDUP_ITEMS)
    assert check(tmp_path, lexicon) == [f"{path}:pack: field 'licence' is missing"]
    path.write_text(WORDUP_ITEMS)
    assert check(tmp_path, lexicon) == [f"{path}:pack: the [pack] header table is missing"]
    path.write_text(header("t", "chess") + WORDUP_ITEMS)
    assert check(tmp_path, lexicon) == [
        f"{path}:pack: game 'chess' is unknown (allowed: wordup, sportleisure, wordstreet)"]


def test_licence_ref_is_allowed(tmp_path: Path, lexicon: Lexicon) -> None:
    write(tmp_path, "wordup", WORDUP_ITEMS, licence="LicenseRef-Own-Terms")
    assert check(tmp_path, lexicon) == []


def test_toml_syntax_error_names_the_line(tmp_path: Path, lexicon: Lexicon) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(header("t", "wordup") + '\n[[item]]\nid = "t-1\n')
    problems = check(tmp_path, lexicon)
    assert len(problems) == 1
    assert problems[0].startswith(f"{path}:10: TOML syntax error")


def test_duplicate_ids_across_packs(tmp_path: Path, lexicon: Lexicon) -> None:
    write(tmp_path, "wordup", WORDUP_ITEMS, "a.toml", "t-one")
    second = write(tmp_path, "wordup", WORDUP_ITEMS.replace("t-mw-1", "t-mw-9"), "b.toml",
                   "t-one")
    problems = check(tmp_path, lexicon)
    first = tmp_path / "a.toml"
    assert f"{second}:pack: pack id 't-one' is also used by {first}" in problems
    assert f"{second}:t-cc-1: id is also used in {first}" in problems
    assert not any(":t-mw-9:" in p for p in problems)


def test_retired_ids_are_never_used_again(tmp_path: Path, lexicon: Lexicon) -> None:
    retiring = header("t-one", "wordup").replace(
        'attribution', 'retired = ["t-old-1", "t-mw-1"]\nattribution')
    (tmp_path / "a.toml").write_text(retiring + WORDUP_ITEMS, encoding="utf-8")
    problems = check(tmp_path, lexicon)
    assert problems == [f"{tmp_path / 'a.toml'}:t-mw-1: id was retired in {tmp_path / 'a.toml'}: "
                        "a withdrawn id is never used again; take a new one"]


def test_retired_ids_are_checked(tmp_path: Path, lexicon: Lexicon) -> None:
    for name, pack_id in (("a.toml", "t-one"), ("b.toml", "t-two")):
        text = header(pack_id, "wordup").replace(
            'attribution', 'retired = ["t-old-1", "Bad id"]\nattribution')
        items = WORDUP_ITEMS.replace('id = "t-', f'id = "{pack_id}-')
        (tmp_path / name).write_text(text + items, encoding="utf-8")
    problems = check(tmp_path, lexicon)
    assert f"{tmp_path / 'a.toml'}:pack: retired id 'Bad id' must use only a-z, 0-9 and '-'" \
        in problems
    assert (f"{tmp_path / 'b.toml'}:pack: retired id 't-old-1' is listed twice "
            f"(also in {tmp_path / 'a.toml'})") in problems


# --- Sport and Leisure ------------------------------------------------------------


SL_CASES = [
    (sl_card("t-x", colours=("purple", "green", "yellow")),
     "a card needs exactly 4 [[card.question]] tables, not 3"),
    (sl_card("t-x", colours=("purple", "yellow", "green", "red")),
     "question 2: colour 'yellow' is out of order"),
    (sl_card("t-x", "common_theme"), "a common_theme card needs a theme"),
    (sl_card("t-x", "pot_luck", 'theme = "Balls"'),
     "theme is only for common_theme cards, this one is pot_luck"),
    (sl_card("t-x", "picture", 'scene = ""'), "a picture card needs a scene"),
    (sl_card("t-x", "picture", 'scene = "A goal."'),
     "scene has 1 sentences, a picture scene needs 2-3"),
    (sl_card("t-x", "picture", 'scene = "A. B. C! D?"'),
     "scene has 4 sentences, a picture scene needs 2-3"),
    (sl_card("t-x", "pot_luck", 'scene = "A goal. A net."'),
     "scene is only for picture cards, this one is pot_luck"),
    (sl_card("t-x", "quiz"), "kind 'quiz' is unknown"),
    (sl_card("t-x").replace('answers = ["badminton"]', "answers = []", 1),
     "question 1: field 'answers' is empty"),
    (sl_card("t-x", texts=("Who won?", "Who lost?", "Who won?", "Who drew?")),
     "question 3: same text as t-x question 1"),
    (sl_card("t-x").replace('answers = ["badminton"]', 'answers = ["11"]', 1),
     "question 1 (purple): answer '11' also needs its spelled-out form 'eleven'"),
    (sl_card("t-x").replace('answers = ["badminton"]', 'answers = ["twenty-one"]', 1),
     "question 1 (purple): answer 'twenty-one' also needs its digits '21'"),
]


@pytest.mark.parametrize(("body", "message"), SL_CASES)
def test_sportleisure_rule_fires(tmp_path: Path, lexicon: Lexicon, body: str,
                                 message: str) -> None:
    path = write(tmp_path, "sportleisure", body)
    problems = check(tmp_path, lexicon)
    assert any(p.startswith(f"{path}:t-x: {message}") for p in problems), problems


@pytest.mark.parametrize("wording", ["current", "currently", "latest", "this year", "reigning",
                                     "record holder", "nowadays", "at the moment"])
def test_dated_wording_is_flagged(tmp_path: Path, lexicon: Lexicon, wording: str) -> None:
    assert wording in DATED_WORDING
    texts = ("Who won in 1966?", f"Who is the {wording} champion?".replace("the at", "at"),
             "Which sport uses a net?", "How many players?")
    path = write(tmp_path, "sportleisure", sl_card("t-x", texts=texts))
    problems = check(tmp_path, lexicon)
    assert problems == [f"{path}:t-x: question 2 (green): {wording!r} dates the fact; "
                        "state it for a given year instead"]


def test_dated_wording_needs_whole_words(tmp_path: Path, lexicon: Lexicon) -> None:
    texts = ("Which sport has a currency of points?", "Who is the most decorated rower?",
             "In 1990, who won?", "What is a currant?")
    write(tmp_path, "sportleisure", sl_card("t-x", texts=texts))
    assert check(tmp_path, lexicon) == []


# --- Word on the Street -----------------------------------------------------------


WS_CASES = [
    (ws_card("t-x", blue=BLUE[:14]), "blue: accept has 14 words, needs at least 15"),
    (ws_card("t-x", blue=[*BLUE, "sand dollar"]),
     "blue: 'sand dollar' must be one lower-case word"),
    (ws_card("t-x", orange=[*ORANGE, "Sunny"]), "orange: 'Sunny' must be one lower-case word"),
    (ws_card("t-x", orange=[*ORANGE, "blorfy"]), "orange: 'blorfy' is not a word in the lexicon"),
    (ws_card("t-x", blue=[*BLUE, "idiot"]), "blue: 'idiot' is on the blocklist"),
    (ws_card("t-x", blue=[*BLUE, "sand"]), "blue: 'sand' is listed twice"),
    (ws_card("t-x").split("[card.orange]")[0], "field 'orange' is missing"),
    (ws_card("t-x") + ws_card("t-y").replace("weather t-y", "weather t-x"),
     "orange: same text as t-x orange"),
]


@pytest.mark.parametrize(("body", "message"), WS_CASES)
def test_wordstreet_rule_fires(tmp_path: Path, lexicon: Lexicon, body: str,
                               message: str) -> None:
    path = write(tmp_path, "wordstreet", body + BLOCKLIST)
    problems = check(tmp_path, lexicon)
    card_id = "t-y" if "same text" in message else "t-x"
    assert any(p.startswith(f"{path}:{card_id}: {message}") for p in problems), problems


def test_wordstreet_accepts_hyphenated_and_names(tmp_path: Path, lexicon: Lexicon) -> None:
    write(tmp_path, "wordstreet", ws_card("t-x", blue=[*BLUE, "ice-cream", "paris"]) + BLOCKLIST)
    assert check(tmp_path, lexicon) == []


def test_wordstreet_needs_a_blocklist(tmp_path: Path, lexicon: Lexicon) -> None:
    path = write(tmp_path, "wordstreet", ws_card("t-x"))
    assert check(tmp_path, lexicon) == [
        f"{path}:blocklist: no blocklist found: add content/packs/wordstreet/blocklist.toml"]
    extra = validate_paths([tmp_path], lexicon=lexicon, extra_blocklist={"shell"}).problems
    assert [str(p) for p in extra] == [f"{path}:t-x: blue: 'shell' is on the blocklist"]


def test_blocklist_entries_are_checked(tmp_path: Path, lexicon: Lexicon) -> None:
    path = write(tmp_path, "wordstreet", '\n[blocklist]\nwords = ["rude", "Rude ", "rude"]\n')
    assert check(tmp_path, lexicon) == [
        f"{path}:blocklist: 'Rude ' must be lower case without spaces around it",
        f"{path}:blocklist: 'rude' is listed twice",
    ]


def test_empty_folder_is_a_problem(tmp_path: Path, lexicon: Lexicon) -> None:
    assert check(tmp_path, lexicon) == [f"{tmp_path}:pack: no .toml pack files found here"]


def test_shipped_files_are_named_from_the_project_root() -> None:
    path = shipped_root() / "wordup" / "x.toml"
    assert display_path(path) == "content/packs/wordup/x.toml"


# --- Spoken text (all games) ------------------------------------------------------


def test_visual_formatting_is_flagged_in_every_game(tmp_path: Path, lexicon: Lexicon) -> None:
    wu = write(tmp_path, "wordup", item("crossword", 'clue = "A young cat (pet)."\n'
                                        'first_letter = "k"\nanswers = ["kitten"]'), "wu.toml",
               "t-wu")
    sl = write(tmp_path, "sportleisure", sl_card(
        "t-sl", texts=("Who won?", "Which *two* teams?", "Who lost?", "Who drew?")),
        "sl.toml", "t-sl")
    ws = write(tmp_path, "wordstreet", ws_card("t-ws", blue_category="A pet / animal")
               + BLOCKLIST, "ws.toml", "t-ws")
    assert sorted(check(tmp_path, lexicon)) == sorted([
        f"{wu}:t-x: has visual formatting '(', ')' that cannot be spoken",
        f"{sl}:t-sl: question 2 (green): has visual formatting '*' that cannot be spoken",
        f"{ws}:t-ws: blue: category has visual formatting '/' that cannot be spoken",
    ])


def test_overlong_sentence_is_flagged(tmp_path: Path, lexicon: Lexicon) -> None:
    clue = " ".join(["very"] * 29) + " small cat."
    path = write(tmp_path, "wordup", item("crossword", f'clue = "{clue}"\nfirst_letter = "k"\n'
                                          'answers = ["kitten"]'))
    assert check(tmp_path, lexicon) == [
        f"{path}:t-x: has a sentence of 31 words, too long to follow by ear (at most 30)"]


def test_numbers_with_both_forms_pass(tmp_path: Path, lexicon: Lexicon) -> None:
    body = (sl_card("t-x")
            .replace('answers = ["badminton"]', 'answers = ["11", "eleven"]', 1)
            .replace('answers = ["badminton"]', 'answers = ["twenty one", "21"]', 1)
            .replace('answers = ["badminton"]', 'answers = ["1966"]', 1))
    write(tmp_path, "sportleisure", body)
    assert check(tmp_path, lexicon) == []


def test_bad_id_still_gets_its_other_checks(tmp_path: Path, lexicon: Lexicon) -> None:
    path = write(tmp_path, "wordup", item("crossword", 'clue = "A cat."\nfirst_letter = "c"\n'
                                          'answers = ["kitten"]', "Bad Id"))
    assert check(tmp_path, lexicon) == [
        f"{path}:Bad Id: id 'Bad Id' must use only a-z, 0-9 and '-'",
        f"{path}:Bad Id: answer 'kitten' does not start with first_letter 'c'",
    ]
