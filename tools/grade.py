"""Check the Word Up grading rule: an item's level follows its target word's Zipf frequency.

Authoring-time only (needs `pip install wordfreq`, not a runtime dependency).
Usage: python -m tools.grade [PACK.toml ...]   (default: content/packs/wordup/*.toml)
Prints one line per item outside its band and a summary; exit 1 if any.
The bands are stated in content/FORMAT.md.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from typing import Any

from wordfreq import zipf_frequency

BANDS: dict[int, tuple[float, float]] = {
    1: (4.5, 99.0),
    2: (4.0, 4.5),
    3: (3.5, 4.0),
    4: (3.0, 3.5),
    5: (-1.0, 3.0),
}
TOLERANCE = 0.15
FUNCTION_WORD_ZIPF = 6.0


def _rarest(text: str) -> tuple[str, float]:
    words = [w for w in text.lower().replace("-", " ").split() if w.isalpha()]
    scored = [(w, zipf_frequency(w, "en")) for w in words]
    content = [s for s in scored if s[1] < FUNCTION_WORD_ZIPF] or scored
    return min(content, key=lambda s: s[1]) if content else (text, 0.0)


def target_zipf(item: dict[str, Any]) -> tuple[str, float]:
    """The word whose frequency sets the item's level, and its Zipf value."""
    if item.get("category") == "multiple_choice":
        return min((_rarest(o) for o in item.get("options", [])), key=lambda s: s[1])
    answers = item.get("answers") or [""]
    return _rarest(str(answers[0]))


def check(path: Path) -> list[str]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    problems = []
    for item in data.get("item", []):
        level = int(item.get("level", 0))
        if level not in BANDS:
            continue
        lo, hi = BANDS[level]
        word, z = target_zipf(item)
        if not (lo - TOLERANCE <= z < hi + TOLERANCE):
            problems.append(
                f"{path}:{item.get('id')}: target {word!r} has Zipf {z:.2f}, "
                f"level {level} needs {lo:.1f}-{hi:.1f}"
            )
    return problems


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted(Path("content/packs/wordup").glob("*.toml"))
    problems = [p for path in paths for p in check(path)]
    for line in problems:
        print(line)
    print(f"{len(problems)} item(s) outside their level band in {len(paths)} pack(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
