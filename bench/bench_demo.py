"""``tabletop demo`` figures: reply latency, recognition and game time per game and recognizer.

Runs the demo (real TTS replies into the real recognizer, audio in memory)
for each game on the embedded Whisper tiny.en, and on Vosk when
TABLETOP_VOSK_MODEL names an English model. Prints JSON lines {"name", "value",
"unit"}. A reply's latency runs from the end of the player's voice, with the
endpointer's trailing silence counted as if it passed in real time, to the
app's first clip of its reply; answers and spellings are reported apart (a
spelling waits a second for a further letter). Targets on this kind of
machine: answers median <= 700 ms and p90 <= 1000 ms, a demo game under 180 s.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice.commands.demo.game import GAMES, percentile, run_demo  # noqa: E402


def _emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 3), "unit": unit}), flush=True)


def _english_vosk() -> Path | None:
    path = os.environ.get("TABLETOP_VOSK_MODEL")
    if not path:
        return None
    p = Path(path)
    name = p.name.lower()
    return p if p.is_dir() and ("-en-" in name or name.endswith("-en")) else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    args = ap.parse_args()
    logging.disable(logging.WARNING)
    engines = ["whisper"] + (["vosk"] if _english_vosk() else [])
    for engine in engines:
        for game in GAMES:
            lat: list[float] = []
            spelled: list[float] = []
            ok = spoken = 0
            seconds = []
            for seed in args.seeds:
                r = run_demo(game, seed, asr=engine, out=io.StringIO())
                lat += r.latencies(spelled=False)
                spelled += r.latencies(spelled=True)
                ok += r.recognised
                spoken += len(r.replies)
                seconds.append(r.seconds)
            base = f"demo_{game}_{engine}"
            _emit(f"{base}_median_reply_ms", percentile(lat, 50), "ms")
            _emit(f"{base}_p90_reply_ms", percentile(lat, 90), "ms")
            if spelled:
                _emit(f"{base}_spelling_median_reply_ms", percentile(spelled, 50), "ms")
                _emit(f"{base}_spelling_p90_reply_ms", percentile(spelled, 90), "ms")
            _emit(f"{base}_recognised", ok / spoken if spoken else 0.0, "fraction")
            _emit(f"{base}_game_s_max", max(seconds), "s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
