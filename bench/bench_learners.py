"""Speed of the learner features on the paths a player or teacher waits for.

- ``help_parse_us``: parse one pronunciation-help utterance (runs on every
  unclear reply in the dialogue); target well under 1 ms.
- ``help_reply_us``: answer one help request at a Spelling question
  (lexicon sound-alikes included); target under 1 ms.
- ``profile_save_ms`` / ``profile_load_ms``: a profile at the result cap
  (5,000 results, 500 missed words), saved between turns; target < 50 ms.
- ``report_ms``: render that profile's HTML report; target < 100 ms.
- ``import_lines_per_s``: teacher list import, validator pass included, on a
  list of 200 lines built from shipped Spelling items; target > 500 lines/s.
- ``profile_kb``: size of the capped profile file.

Prints JSON lines {"name", "value", "unit"}.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from content.lexicon import load_lexicon  # noqa: E402
from content.load import load_wordup  # noqa: E402
from content.schema import Category, Spelling  # noqa: E402
from voice.learning.profiles import MAX_MISSED, MAX_RESULTS, Profile, ProfileStore  # noqa: E402
from voice.learning.pronounce_help import help_for, parse_help  # noqa: E402
from voice.learning.report import render  # noqa: E402
from voice.learning.teacher_import import import_list  # noqa: E402


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 3), "unit": unit}))


def per_call(fn, n: int) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n


def main() -> None:
    lexicon = load_lexicon()
    questions = load_wordup()
    items = [questions.question(level, cat, i) for level in range(1, 6) for cat in Category
             for i in range(70)]
    utterances = ["how do you say borrow", "what does that mean", "spell the word friend",
                  "say it slowly please", "the answer is kitten", "what is the meaning of ill"]
    n = 2000
    emit("help_parse_us", per_call(lambda: [parse_help(u) for u in utterances], n)
         / len(utterances) * 1e6, "us")
    spelling = next(i for i in items if isinstance(i, Spelling))
    requests = [r for u in utterances if (r := parse_help(u)) is not None]
    emit("help_reply_us", per_call(lambda: [help_for(spelling, r, lexicon=lexicon)
                                            for r in requests], n) / len(requests) * 1e6, "us")

    profile = Profile("Bench Player", 3)
    for k in range(MAX_RESULTS + MAX_MISSED):
        item = items[k % len(items)]
        if k < MAX_MISSED:
            item = type(item)(**{**item.__dict__, "answers": (f"w{k}", *item.answers[1:])})
        profile.record(item, k % 3 == 0, 1.7e9 + k * 30.0)
    with tempfile.TemporaryDirectory() as tmp:
        store = ProfileStore(Path(tmp))
        path = store.save(profile)
        emit("profile_kb", path.stat().st_size / 1024, "KiB")
        emit("profile_save_ms", per_call(lambda: store.save(profile), 20) * 1e3, "ms")
        emit("profile_load_ms", per_call(lambda: store.load("bench player"), 20) * 1e3, "ms")
    emit("report_ms", per_call(lambda: render(profile, generated_at=1.8e9), 20) * 1e3, "ms")

    rows = [f'{i.word},"{i.sentence}",' for i in items if isinstance(i, Spelling)][:200]
    text = "word,sentence,clue\n" + "\n".join(rows) + "\n"
    seconds = per_call(lambda: import_list(text, level=3, name="bench", lexicon=lexicon), 5)
    emit("import_lines_per_s", len(rows) / seconds, "lines/s")


if __name__ == "__main__":
    main()
