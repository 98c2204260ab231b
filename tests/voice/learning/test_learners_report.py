"""Progress reports: the HTML is parsed and its chart, tables and missed words checked."""

from __future__ import annotations

import datetime as dt
from html.parser import HTMLParser
from pathlib import Path

import pytest
from learner_items import CHOICE, CLUE, GAP_ITEM, SPELL

from voice.cli import main
from voice.learning.profiles import Profile, ProfileStore
from voice.learning.report import BAR_W, render, write_report

T0 = dt.datetime(2026, 3, 2, 12, 0, tzinfo=dt.UTC).timestamp()
DAY = 86400.0


class Page(HTMLParser):
    """Collects bars, table cells by table id, and the svg/title structure."""

    def __init__(self) -> None:
        super().__init__()
        self.bars: dict[str, int] = {}
        self.tables: dict[str, list[list[str]]] = {}
        self.table: str | None = None
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.tags: list[str] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags.append(tag)
        if tag == "rect" and a.get("class") == "bar":
            self.bars[str(a["data-category"])] = int(str(a["width"]))
        elif tag == "table":
            self.table = str(a.get("id"))
            self.tables[self.table] = []
        elif tag == "tr" and self.table:
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []
        elif tag == "title" and not self.title:
            self._in_title = True

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr" and self.row is not None and self.table:
            self.tables[self.table].append(self.row)
            self.row = None
        elif tag == "table":
            self.table = None
        elif tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        if self._in_title:
            self.title += data


def _page(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


def _profile() -> Profile:
    p = Profile("Ana <script>", 2, pinned=True)
    for i, right in enumerate([True, True, False, True]):       # spelling 3 of 4
        p.record(SPELL, right, T0 + i)
    p.record(GAP_ITEM, False, T0 + DAY)                        # missing word 0 of 1
    p.record(CLUE, True, T0 + DAY + 1)                         # crossword 1 of 2
    p.record(CLUE, False, T0 + DAY + 2)
    return p


def test_chart_and_tables_match_the_profile() -> None:
    html = render(_profile(), generated_at=T0 + 2 * DAY, tz=dt.UTC)
    page = _page(html)
    assert page.title == "Word Up progress: Ana <script>"
    assert "<script>" not in html  # the name is escaped
    assert page.bars == {"missing_word": 0, "crossword": round(BAR_W / 2),
                         "multiple_choice": 0, "spelling": round(BAR_W * 3 / 4)}
    assert page.tables["by-category"][1:] == [
        ["Missing Word", "0", "1"], ["Crossword Clues", "1", "2"],
        ["Multiple Choice", "0", "0"], ["Spelling", "3", "4"]]
    assert page.tables["by-day"][0][-1] == "All"
    assert page.tables["by-day"][1:] == [
        ["2026-03-02", "", "", "", "3 of 4", "3 of 4"],
        ["2026-03-03", "0 of 1", "1 of 2", "", "", "1 of 3"]]
    missed = page.tables["missed"]
    assert missed[0] == ["Word", "Sentence", "Category", "Missed on"]
    assert [r[:3] for r in missed[1:]] == [
        ["kitten", "A young cat. Kitten.", "Crossword Clues"],
        ["week", "There are seven days in a week.", "Missing Word"],
        ["flour", "Mix the flour with two eggs.", "Spelling"]]
    assert "svg" in page.tags and "set by the teacher" in html


def test_since_limits_the_chart_to_one_game() -> None:
    page = _page(render(_profile(), generated_at=T0, since=T0 + DAY, tz=dt.UTC))
    assert page.bars["spelling"] == 0
    assert page.tables["by-category"][4] == ["Spelling", "0", "0"]


def test_empty_profile_renders() -> None:
    page = _page(render(Profile("Ben", 1), generated_at=T0, tz=dt.UTC))
    assert set(page.bars.values()) == {0}
    assert "missed" not in page.tables


def test_write_and_command(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = ProfileStore()
    profile = _profile()
    profile.record(CHOICE, False, T0 + 3 * DAY)
    store.save(profile)
    path = write_report(profile, generated_at=T0, folder=data / "r")
    assert path.parent == data / "r" and path.suffix == ".html"
    assert main(["report", "  ana <SCRIPT>"]) == 0
    printed = Path(capsys.readouterr().out.strip())
    assert printed == data / "reports" / path.name
    page = _page(printed.read_text(encoding="utf-8"))
    assert page.tables["missed"][1][0] == "borrow it"
    assert main(["report", "nobody"]) == 1
    assert "stored players: Ana <script>" in capsys.readouterr().err


def test_damaged_profile_is_reported_by_the_command(
        data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = data / "profiles"
    folder.mkdir(parents=True)
    (folder / "ana.json").write_text("{broken", encoding="utf-8")
    assert main(["report", "Ana"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("tabletop: error: the profile of Ana was damaged")
    assert (folder / "ana.json.damaged-1").exists()
