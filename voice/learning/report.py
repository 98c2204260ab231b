"""A player's progress report: one self-contained HTML file per player.

A teacher or parent opens it in any browser, offline: a small bar chart of
right answers by category (inline SVG, no scripts, no external files), the
same figures as a table for screen readers, results by day, and the words
the player missed with the sentences they were heard in, to practise. It is
built only from the stored profile, so ``tabletop report NAME`` makes the
same file again at any time.
"""

from __future__ import annotations

import datetime as dt
from html import escape
from pathlib import Path

from content.schema import CATEGORY_COLOURS, Category
from voice.hosting.session import atomic_write_text, data_dir
from voice.learning.profiles import CategoryTally, Profile, profile_slug

CATEGORY_NAMES = {
    Category.MISSING_WORD: "Missing Word",
    Category.CROSSWORD: "Crossword Clues",
    Category.MULTIPLE_CHOICE: "Multiple Choice",
    Category.SPELLING: "Spelling",
}
LEVEL_NAMES = {1: "Elementary", 2: "Lower Intermediate", 3: "Intermediate",
               4: "Upper Intermediate", 5: "Advanced"}
BAR_FILL = {"orange": "#e8772e", "green": "#3a9a4a", "blue": "#2f6fc0", "yellow": "#e0b400"}

# Chart geometry, in SVG user units (pixels at 100% zoom).
LABEL_W, BAR_W, ROW_H, BAR_H, PAD = 140, 260, 34, 22, 8
MISSED_SHOWN = 100
"""Most recent missed words listed; older ones stay in the profile."""

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 46em; color: #222; }
h1 { margin-bottom: 0.2em; } .level { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { text-align: left; padding: 0.3em 0.8em; border-bottom: 1px solid #ddd; }
td.word { font-weight: bold; }
"""


def _day(at: float, tz: dt.tzinfo | None) -> str:
    return dt.datetime.fromtimestamp(at, tz).date().isoformat()


def bar_chart(tallies: dict[str, CategoryTally]) -> str:
    """Right answers as a share of questions asked, one bar per category."""
    cats = list(Category)
    height = PAD * 2 + ROW_H * len(cats)
    width = LABEL_W + BAR_W + 120
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title">',
             '<title id="chart-title">Share of right answers by category</title>']
    for i, cat in enumerate(cats):
        tally = tallies.get(cat.value, CategoryTally())
        y = PAD + i * ROW_H
        rate = tally.rate
        length = round(BAR_W * (rate or 0.0))
        colour = BAR_FILL[CATEGORY_COLOURS[cat]]
        figure = f"{tally.right} of {tally.asked}" if tally.asked else "not asked yet"
        parts += [
            f'<text x="0" y="{y + BAR_H - 6}" font-size="14">{CATEGORY_NAMES[cat]}</text>',
            f'<rect x="{LABEL_W}" y="{y}" width="{BAR_W}" height="{BAR_H}" fill="#eee"/>',
            f'<rect class="bar" data-category="{cat.value}" x="{LABEL_W}" y="{y}" '
            f'width="{length}" height="{BAR_H}" fill="{colour}"/>',
            f'<text x="{LABEL_W + BAR_W + 8}" y="{y + BAR_H - 6}" font-size="14">{figure}</text>',
        ]
    parts.append("</svg>")
    return "\n".join(parts)


def render(profile: Profile, *, generated_at: float, since: float | None = None,
           tz: dt.tzinfo | None = None) -> str:
    """The report's HTML. ``since`` limits the chart to one game (seconds since the
    epoch); ``generated_at`` is printed as the report date; ``tz`` for dates (local
    time when None)."""
    tallies = profile.tallies(since)
    name = escape(profile.name)
    level = f"Level {profile.level} ({LEVEL_NAMES[profile.level]})"
    if profile.pinned:
        level += ", set by the teacher"
    scope = "this game" if since is not None else "all games"
    rows = "\n".join(
        f"<tr><td>{CATEGORY_NAMES[c]}</td><td>{tallies[c.value].right}</td>"
        f"<td>{tallies[c.value].asked}</td></tr>" for c in Category)
    body = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Word Up progress: {name}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{name}</h1>",
        f'<p class="level">{escape(level)}. Report made {_day(generated_at, tz)}.</p>',
        f"<h2>Right answers by category ({scope})</h2>",
        bar_chart(tallies),
        '<table id="by-category"><tr><th>Category</th><th>Right</th><th>Asked</th></tr>',
        rows, "</table>",
        *_by_day(profile, tz),
        *_missed(profile, tz),
        "</body></html>",
    ]
    return "\n".join(body) + "\n"


def _by_day(profile: Profile, tz: dt.tzinfo | None) -> list[str]:
    """Right out of asked per day and category: progress over time."""
    days: dict[str, dict[str, CategoryTally]] = {}
    for r in profile.results:
        row = days.setdefault(_day(r.at, tz), {c.value: CategoryTally() for c in Category})
        for key in (r.category, "all"):
            tally = row.setdefault(key, CategoryTally())
            tally.asked += 1
            tally.right += r.correct
    if not days:
        return ["<h2>Results by day</h2>", "<p>No questions answered yet.</p>"]

    def cell(t: CategoryTally) -> str:
        return f"<td>{t.right} of {t.asked}</td>" if t.asked else "<td></td>"

    head = "".join(f"<th>{CATEGORY_NAMES[c]}</th>" for c in Category)
    rows = [f"<tr><td>{d}</td>" + "".join(cell(row[c.value]) for c in Category)
            + cell(row["all"]) + "</tr>" for d, row in sorted(days.items())]
    return ["<h2>Results by day</h2>",
            f'<table id="by-day"><tr><th>Day</th>{head}<th>All</th></tr>', *rows, "</table>"]


def _missed(profile: Profile, tz: dt.tzinfo | None) -> list[str]:
    if not profile.missed:
        return ["<h2>Words to practise</h2>", "<p>No missed words. Well done!</p>"]
    rows = [
        f'<tr><td class="word">{escape(m.word)}</td><td>{escape(m.sentence)}</td>'
        f"<td>{CATEGORY_NAMES[Category(m.category)]}</td><td>{_day(m.at, tz)}</td></tr>"
        for m in reversed(profile.missed[-MISSED_SHOWN:])
    ]
    return ["<h2>Words to practise</h2>",
            '<table id="missed"><tr><th>Word</th><th>Sentence</th><th>Category</th>'
            "<th>Missed on</th></tr>", *rows, "</table>"]


def report_path(name: str, folder: Path | None = None) -> Path:
    """``<data_dir>/reports/<slug>.html`` unless another folder is given."""
    return (folder if folder is not None else data_dir() / "reports") / \
        f"{profile_slug(name)}.html"


def write_report(profile: Profile, *, generated_at: float, since: float | None = None,
                 folder: Path | None = None) -> Path:
    """Write the report atomically and return its path (for the end-of-game message)."""
    path = report_path(profile.name, folder)
    atomic_write_text(path, render(profile, generated_at=generated_at, since=since))
    return path
