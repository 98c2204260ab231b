"""`tabletop content import`: good lists become valid packs; every bad line is reported by number."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from content.load import load_wordup
from content.schema import Category, CrosswordClue, MissingWord, Spelling
from content.validate import validate_paths
from voice.cli import main
from voice.errors import UserError
from voice.learning.teacher_import import decode, import_list, read_rows

GOOD = """word,sentence,clue,definition
colour,What colour is your bike?,What red and blue are,how something looks
kitten,The kitten is asleep on my bed.,A young cat,a very young cat
bread,"I buy fresh bread, milk and eggs.",You make toast from it,
happy,,Feeling good,
"""

BAD = """word,sentence,clue
recieve,I receive a letter every week.,
flour,,

bread,I like fresh bred.,You make toast from it
ice cream,We ate ice cream.
dog,The dog chased the other dog.,A pet that barks
apple,An apple a day,A fruit,extra
tea,I drink ___ every morning.,
bread,Bread again.
banana,A banana is long.,A long yellow fruit (peeled)
cat,The cat sat.,A pet cat
"""


def _import(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str],
            *extra: str, name: str = "Class 3B") -> tuple[int, list[str], Path]:
    src = tmp_path / "list.csv"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "pack"
    code = main(["content", "import", str(src), "--level", "2", "--name", name,
                 "--out", str(out), *extra])
    return code, capsys.readouterr().out.splitlines(), out


def test_good_list_makes_a_pack_that_loads(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, folder = _import(tmp_path, GOOD, capsys)
    assert code == 0, out
    assert not [line for line in out if line.startswith("line ")]
    assert out[0] == ("made 4 Spelling, 3 Missing Word, 4 Crossword questions at level 2 "
                      "from 4 of 4 lines")
    assert "validator: 0 problems (1 files, 1 packs, 11 items, 0 cards)" in out
    assert out[-1] == f'play it with: tabletop play wordup --pack "{folder}"'
    assert validate_paths([folder]).ok
    questions = load_wordup(folder)
    spelling = [questions.question(2, Category.SPELLING, i) for i in range(4)]
    assert all(isinstance(s, Spelling) for s in spelling)
    assert spelling[0].answers == ("colour", "color")
    assert spelling[0].definition == "how something looks"
    assert isinstance(spelling[3], Spelling)
    assert spelling[3].sentence == "The word is happy."  # no sentence given: carrier sentence
    gaps = [questions.question(2, Category.MISSING_WORD, i) for i in range(3)]
    assert isinstance(gaps[2], MissingWord)
    assert gaps[2].sentence == "I buy fresh ___, milk and eggs." and gaps[2].letters == 5
    clue = questions.question(2, Category.CROSSWORD, 1)
    assert isinstance(clue, CrosswordClue)
    assert (clue.clue, clue.first_letter, clue.answers) == ("A young cat", "k", ("kitten",))
    # A word list makes no Multiple Choice: that stream comes from the shipped packs.
    shipped = load_wordup()
    assert questions.count(2, Category.MULTIPLE_CHOICE) == shipped.count(2, Category.MULTIPLE_CHOICE)
    assert questions.question(2, Category.MULTIPLE_CHOICE, 0).id.startswith("wu2-mc-")


def test_every_bad_line_is_reported_with_its_number(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, folder = _import(tmp_path, BAD, capsys)
    notes = [line for line in out if line.startswith("line ")]
    by_line: dict[int, list[str]] = {}
    for note in notes:
        number, _, message = note.partition(": ")
        by_line.setdefault(int(number.split()[1]), []).append(message)
    assert sorted(by_line) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    assert "not a word in the lexicon" in by_line[2][0] and "receive" in by_line[2][0]
    assert "sounds like flower" in by_line[3][0]
    assert by_line[4] == ["empty line, skipped"]
    assert "does not contain 'bread'" in by_line[5][0] and "'bred'" in by_line[5][0]
    assert "must be one word" in by_line[6][0]
    assert "2 times" in by_line[7][0]
    assert by_line[8][0].startswith("4 columns, at most 3 (word, sentence, clue)")
    assert "gap instead of the word" in by_line[9][0]
    assert "already on line 5" in by_line[10][0]
    assert "visual formatting" in by_line[11][0]
    assert "give the answer away" in by_line[12][0]
    # What was usable still makes a valid pack.
    assert code == 0
    assert validate_paths([folder]).ok
    questions = load_wordup(folder)
    assert questions.count(2, Category.SPELLING) == 3      # dog, banana, cat
    assert questions.count(2, Category.MISSING_WORD) == 3  # tea, banana, cat
    assert questions.count(2, Category.CROSSWORD) == 2     # bread, dog


def test_nothing_usable_exits_1_without_writing(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "bad.txt"
    src.write_text("qwxzzy\n\nflour\n", encoding="utf-8")
    out = tmp_path / "pack"
    code = main(["content", "import", str(src), "--level", "1", "--name", "x", "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 1
    assert "nothing usable" in captured.err
    assert captured.out.splitlines()[0].startswith("line 1: 'qwxzzy' is not a word")
    assert not out.exists()


def test_plain_lists_tab_and_semicolon(tmp_path: Path) -> None:
    plain = import_list("because\n# a comment\nfriend\n", level=1, name="Week 1")
    assert [i["word"] for i in plain.items] == ["because", "friend"]
    assert plain.lines == 2 and not plain.notes
    tabbed = import_list("kitten\tThe kitten sleeps.\tA young cat\n", level=1, name="t")
    assert [i["category"] for i in tabbed.items] == ["spelling", "missing_word", "crossword"]
    semi = import_list("kitten;The kitten sleeps.;A young cat\n", level=1, name="t")
    assert len(semi.items) == 3


def test_multi_line_quoted_cell_keeps_line_numbers() -> None:
    text = 'kitten,"The kitten\nsleeps.",\nqwxzzy,,\n'
    result = import_list(text, level=1, name="t")
    assert [str(n) for n in result.notes][0].startswith("line 3: 'qwxzzy'")
    assert result.items[0]["sentence"] == "The kitten sleeps."


def test_ids_name_the_source_line() -> None:
    result = import_list("word,clue\nkitten,A young cat\n\npuppy,A young dog\n", level=3,
                         name="Class 3B")
    assert [i["id"] for i in result.items] == [
        "class-3b-l2-sp", "class-3b-l2-cc", "class-3b-l4-sp", "class-3b-l4-cc"]
    assert result.pack_id == "teacher-class-3b"


def test_file_level_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(UserError, match="unknown column 'hint'"):
        import_list("word,hint\ncat,a pet\n", level=1, name="t")
    with pytest.raises(UserError, match="not UTF-8"):
        decode("caf\xe9,Un caf\xe9.\n".encode("latin-1"), "list.csv")
    with pytest.raises(UserError, match="spreadsheet workbook"):
        decode(b"PK\x03\x04rest", "list.xlsx")
    with pytest.raises(UserError, match="is empty"):
        decode(b"\n \n", "list.csv")
    src = tmp_path / "l.csv"
    src.write_text("cat\n", encoding="utf-8")
    assert main(["content", "import", str(src), "--level", "7", "--name", "x"]) == 2
    assert main(["content", "import", str(src), "--level", "two", "--name", "x"]) == 2
    assert main(["content", "import", str(tmp_path / "none.csv"), "--level", "1",
                 "--name", "x"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(e.startswith("tabletop: error: ") for e in err)


def test_default_folder_is_the_users_packs(data: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "l.csv"
    src.write_text("kitten,The kitten sleeps.,A young cat\n", encoding="utf-8")
    assert main(["content", "import", str(src), "--level", "1", "--name", "Class 3B"]) == 0
    written = data / "packs" / "class-3b" / "class-3b.toml"
    assert written.exists()
    assert f"pack written to {written}" in capsys.readouterr().out


def test_cli_entry_point_has_no_traceback(tmp_path: Path) -> None:
    src = tmp_path / "l.csv"
    src.write_text("word,hint\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "voice.cli", "content", "import", str(src),
                          "--level", "1", "--name", "x"], capture_output=True, text=True,
                         cwd=Path(__file__).resolve().parents[3], check=False)
    assert run.returncode == 1
    assert run.stderr.strip() == ("tabletop: error: line 1: unknown column 'hint' in the "
                                  "header (allowed: word, sentence, clue, definition)")


def test_header_only_counts(tmp_path: Path) -> None:
    rows, notes, count = read_rows("word,sentence\n")
    assert rows == [] and notes == [] and count == 0


def test_items_the_validator_rejects_are_dropped_and_reported_by_line(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import voice.learning.teacher_import as ti
    from content.schema import Problem

    real = ti.check_packs  # type: ignore[attr-defined]

    def stricter(packs, lexicon):  # type: ignore[no-untyped-def]
        extra = [Problem("imported", i.id, "a rule only the validator knows")
                 for p in packs for i in p.items if i.id == "t-l3-mw"]
        return real(packs, lexicon) + extra

    monkeypatch.setattr(ti, "check_packs", stricter)
    result = import_list("cat,The cat sat.\ndog,The dog sat.\n", level=1, name="t")
    assert [i["id"] for i in result.items] == ["t-l1-sp", "t-l1-mw", "t-l2-sp", "t-l2-mw"]
    result = import_list("\ncat,The cat sat.\ndog,The dog sat.\n", level=1, name="t")
    assert "t-l3-mw" not in [i["id"] for i in result.items]
    assert "t-l3-sp" in [i["id"] for i in result.items]
    assert [str(n) for n in result.notes] == [
        "line 1: empty line, skipped",
        "line 3: Missing Word: a rule only the validator knows: question left out"]


def test_spreadsheet_export_with_bom_and_crlf() -> None:
    data = "\ufeffword,sentence\r\nkitten,The kitten sleeps.\r\n\r\nqwxzzy,\r\n".encode()
    result = import_list(decode(data, "l.csv"), level=1, name="t")
    assert [i["id"] for i in result.items] == ["t-l2-sp", "t-l2-mw"]
    assert [str(n).split(":")[0] for n in result.notes] == ["line 3", "line 4"]


def test_two_lists_share_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "class"
    for name, word in (("Week 1", "kitten"), ("Week 2", "puppy")):
        src = tmp_path / f"{word}.txt"
        src.write_text(f"{word}\n", encoding="utf-8")
        assert main(["content", "import", str(src), "--level", "1", "--name", name,
                     "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["week-1.toml", "week-2.toml"]
    assert "validator: 0 problems (2 files, 2 packs, 2 items, 0 cards)" in capsys.readouterr().out
    assert load_wordup(out).count(1, Category.SPELLING) == 2


@pytest.mark.parametrize(("text", "message"), [
    ('word,sentence\ncat,"The cat sat.\ndog,The dog barked.\n',
     'line 2: a double quote (") opens a cell here and is never closed'),
    ('word,sentence\ncat,"The cat sat.\ndog,The dog barked.\nbird,"A bird sings."\n',
     'line 2: a double quote (") opens a cell here and closes only on line 4'),
    ("word,sentence\ncat,The cat sat.\ndog," + "x" * 200_000 + "\n",
     "line 3: a cell is longer than 131072 characters"),
])
def test_a_broken_quote_or_a_huge_cell_is_one_line_naming_its_line(
        text: str, message: str) -> None:
    with pytest.raises(UserError) as err:
        import_list(text, level=1, name="t")
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_a_row_run_into_a_quoted_cell_is_reported_not_dropped() -> None:
    result = import_list('word,sentence\ncat,"The cat sat.\ndog,The dog barked."\n'
                         "bird,A bird sings.\n", level=1, name="t")
    notes = [str(n) for n in result.notes]
    assert notes[0].startswith('line 2: a double quote (") opened on this line closes only '
                               "on line 3")
    assert {i["answers"][0] for i in result.items} == {"bird"}


@pytest.mark.parametrize("cell", ["=2+2", "+44 20", "-1", "@SUM(A1)", "=HYPERLINK(\"x\")"])
def test_a_cell_that_looks_like_a_formula_is_refused(cell: str) -> None:
    result = import_list(f"word,clue\ncat,{cell}\nkitten,A young cat\n", level=1, name="t")
    assert [str(n) for n in result.notes][0].startswith(f"line 2: the cell {cell!r} starts with")
    assert {i["answers"][0] for i in result.items} == {"kitten"}
    assert all(not str(v).startswith(("=", "+", "-", "@"))
               for item in result.items for v in item.values())
