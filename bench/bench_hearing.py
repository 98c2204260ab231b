"""How well the game hears people: ../shared/speech through the game's own listening path.

Each recording is padded as a microphone stream would be (0.6 s of quiet room
noise before, 1 s after), then heard exactly as at the table: the voice
adapter's ears (the prompt's grammar or vocabulary, the engine's endpointer or
voice detector, letters through pauses) and the judge the dialogue uses.

Per engine found (Vosk when TABLETOP_VOSK_MODEL names a model, the embedded
Whisper tiny.en), in a process of its own
so its memory is its own, it prints JSON lines {"name", "value", "unit"}:

- digits heard at a number prompt (0-9), yes/no at a yes/no prompt, stop/go
  at a yes/no prompt (as the commands "stop" and "resume") -- % understood;
- other words and background noise at a yes/no and at a number prompt: % that
  gave a yes/no, a number or a command (false_accepts), and apart, % taken as an
  answer (false_accepts.answers: the issues' "taken as an answer", target <= 2 %)
  and as a command (false_accepts.commands: "bye" is quit, which the host asks
  about first; "what" is repeat); the digit words among the "other words" are
  right answers at the number prompt and are counted as such;
- spelled words rendered now by espeak-ng voices (letter names and NATO
  words, right and misspelled): % of right spellings understood, and how many
  misspellings were accepted (target 0);
- every letter said alone by those voices, as a letter name and as a NATO
  word: % heard (target 90 %);
- end of speech to result (median, p90) on the clock of a live microphone
  (bench/_live_clock.py): the audio comes at its own pace, the listener's work moves
  the clock on, and a listener that falls behind the speaker is late by as much;
- the human letters and spellings (../shared/speech/letters, spelled) and free
  words (words/unknown at a word prompt, its own word accepted): per set, of the
  right answers, % taken at once, after one confirmation ("Did you say X?", "Was
  that B or D?", answered as the speaker meant: bench/_hearing_sets.py settle),
  judged wrong, and asked again; and % of wrong answers judged right, each clip
  heard again against another answer (a letter against a sound-alike, a spelled
  name against a one-letter misspelling, a word against another word), and for
  free words how often such a wrong answer was asked about ("Did you say <the
  right answer>?", free_words.wrong.confirmations: the speaker says no; for digits,
  digits.wrong.confirmations, a wrong number asked about). Spelled
  names also give the letter error rate (Levenshtein distance over letters; all of
  them, and only those heard as letters, leaving out a name said whole) and
  the end of speech to result (median); with them, said_then_spelled: each word of
  four letters or more of words/unknown said by its speaker, then spelled by a
  voice of letters/ (a player naming the word first), right and misspelt;
- load time, peak memory, and the run's own duration.

The digits use half of the takes (every speaker and digit, takes 10-19) so a
run stays under 10 minutes on two cores; --all uses every take. --sets runs only
some sets (digits, words, espeak, letters, spelled, free). --babble DB mixes
table talk under every clip (three clips of other people's words that are no
answer at the prompt and one of noise, from ../shared/speech/words, each DB
below the speaker, with a fixed seed) and prints every figure again, named
hearing.ENGINE.babble_DBdb.*.

    .venv/bin/python bench/bench_hearing.py [--engine whisper] [--all] [--misses]
        [--sets spelled,letters] [--babble 10]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench._hearing_sets import (  # noqa: E402
    Babble,
    free_words,
    letter_errors,
    letters_human,
    misspelt,
    other_letter,
    said_then_spelled,
    settle,
    spelled_human,
)

SPEECH = Path(os.environ.get("TABLETOP_SPEECH_DIR", ROOT.parent / "shared" / "speech"))
RATE = 16000
LEAD_S, TAIL_S = 0.6, 1.0
NOISE_DBFS = -55.0
DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
SPELL_WORDS = ("necessary", "separate", "neighbour", "rhythm", "receive", "believe", "weird",
               "colour", "tomorrow", "because")
MISSPELT = ("necesary", "seperate", "nieghbour", "rythm", "recieve", "beleive", "wierd",
            "collour", "tommorow", "becuase")
VARIANTS = {"neighbour": ["neighbor"], "colour": ["color"]}
NATO = {"a": "alpha", "b": "bravo", "c": "charlie", "d": "delta", "e": "echo", "f": "foxtrot",
        "g": "golf", "h": "hotel", "i": "india", "j": "juliet", "k": "kilo", "l": "lima",
        "m": "mike", "n": "november", "o": "oscar", "p": "papa", "q": "quebec", "r": "romeo",
        "s": "sierra", "t": "tango", "u": "uniform", "v": "victor", "w": "whiskey",
        "x": "x-ray", "y": "yankee", "z": "zulu"}
VOICES = (("en-us", 130), ("en-gb", 160), ("en-gb-x-rp", 140))


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 3), "unit": unit}), flush=True)


# -- the recordings, padded as a live stream -------------------------------------------


@dataclass(frozen=True)
class Item:
    path: Path
    kind: str
    """digit, yes, no, stop, go, unknown, silence."""
    label: str | None
    """The word said (None for noise)."""


def items(all_takes: bool) -> list[Item]:
    out = []
    for p in sorted((SPEECH / "digits").glob("*.wav")):
        digit, _, take = p.stem.split("_")
        if all_takes or 10 <= int(take) <= 19:
            out.append(Item(p, "digit", DIGITS[int(digit)]))
    for kind in ("yes", "no", "stop", "go", "unknown", "silence"):
        for p in sorted((SPEECH / "words" / kind).glob("*.wav")):
            label = p.stem.split("_")[0] if kind == "unknown" else (None if kind == "silence"
                                                                     else kind)
            out.append(Item(p, kind, label))
    return out


_NOISE: list[np.ndarray] = []


def _noise(n: int, key: str) -> np.ndarray:
    """Real room noise (words/silence), scaled to NOISE_DBFS, chosen by the file name."""
    from voice.audio.clips import read_wav

    if not _NOISE:
        for p in sorted((SPEECH / "words" / "silence").glob("*.wav")):
            x = read_wav(p).to_rate(RATE).samples.astype(np.float64)
            rms = float(np.sqrt(np.mean(x ** 2)))
            if rms > 1.0:
                _NOISE.append(x / rms)
    pick = zlib.crc32(key.encode())
    parts, got = [], 0
    while got < n:
        part = _NOISE[pick % len(_NOISE)]
        parts.append(part)
        got += len(part)
        pick += 7919
    return np.concatenate(parts)[:n] * (32768 * 10 ** (NOISE_DBFS / 20))


def padded(samples: np.ndarray, key: str, tail_s: float = TAIL_S) -> np.ndarray:
    lead = _noise(int(LEAD_S * RATE), key + "<")
    tail = _noise(int(tail_s * RATE), key + ">")
    return np.clip(np.concatenate([lead, samples.astype(np.float64), tail]),
                   -32768, 32767).astype(np.int16)


# -- hearing one recording as the game does --------------------------------------------


@dataclass
class Heard:
    value: object
    """What the judge understood (bool, int, letters), or None."""
    command: str | None
    latency_ms: float | None
    result: Any = None
    """The judge's Understood (None when nothing was heard)."""
    noisy: bool = False
    """The ears found the room too loud to hear anyone (Heard.noisy)."""
    unsure: bool = False
    """The ears heard the answer through talk: the host confirms it (Heard.unsure)."""


def hear(recognizer: object, audio: np.ndarray, kind: str, request: dict[str, object],
         expected: list[str]) -> Heard:
    from bench._live_clock import LiveClock
    from voice.audio.clips import Clip
    from voice.hosting.voice_adapter import VoiceEars
    from voice.understanding.judge import judge

    mic = LiveClock(Clip(audio, RATE))
    ears = VoiceEars(recognizer, mic)  # type: ignore[arg-type]
    heard = ears.listen(kind, expected, timeout_s=5.0)
    heard_s, read_s = mic.now_s(), mic.read_s()
    rec = ears.last
    latency = None
    if rec is not None and rec.alternatives and rec.speech_end_ms is not None:
        # the listener has read the audio up to where it decided (result_at_ms, counted
        # from the start of its last listen): the speech ended that much audio before
        speech_end_s = read_s - max(0.0, rec.result_at_ms - rec.speech_end_ms) / 1000
        latency = max(0.0, heard_s - speech_end_s) * 1000
    if not heard.nbest:
        return Heard(None, None, latency, None, heard.noisy, heard.unsure)
    result = judge({"kind": kind, "heard": list(heard.nbest), **request})
    if result.command is not None:
        return Heard(None, result.command, latency, result, heard.noisy, heard.unsure)
    if result.verdict == "unclear":
        return Heard(None, None, latency, result, heard.noisy, heard.unsure)
    if heard.unsure and kind in ("number", "yesno"):  # confirmed, not taken at once
        return Heard(None, None, latency, result, heard.noisy, heard.unsure)
    return Heard(result.value, None, latency, result, heard.noisy, heard.unsure)


def doubted(h: Heard, kind: str) -> object:
    """The number or yes/no the host asks about ("Did you say seven?"; the dialogue's own
    rule, reply_doubts.doubtful_reply), or None: a speaker who meant it says yes, and it is
    taken."""
    from voice.hosting.exchange import Ask
    from voice.hosting.exchange import Heard as Ears
    from voice.hosting.reply_doubts import doubtful_reply
    from voice.reply_kind import ReplyKind

    r = h.result
    if r is None or not doubtful_reply(Ask([], ReplyKind(kind), ""), Ears((), unsure=h.unsure), r):
        return None
    return r.value


NUMBER = {"min": 0, "max": 9}
NUMBER_EXPECTED = [str(n) for n in range(10)]


def spellings() -> Iterator[tuple[str, str, bool, np.ndarray]]:
    """(target, the letters said: the target or its misspelling, style, audio) for each
    word, style and espeak voice."""
    from voice.audio.clips import read_wav

    with tempfile.TemporaryDirectory() as tmp:
        for n, (right, wrong) in enumerate(zip(SPELL_WORDS, MISSPELT, strict=True)):
            voice, wpm = VOICES[n % len(VOICES)]
            for said in (right, wrong):
                for style in ("names", "nato"):
                    if style == "names":
                        body = " ".join(f"<say-as interpret-as='characters'>{c}</say-as>"
                                        "<break time='350ms'/>" for c in said)
                    else:
                        body = " ".join(f"{NATO[c]}<break time='250ms'/>" for c in said)
                    out = Path(tmp) / "s.wav"
                    subprocess.run(["espeak-ng", "-m", "-v", voice, "-s", str(wpm), "-w", str(out),
                                    f"<speak>{body}</speak>"], check=True, capture_output=True)
                    yield right, said, style, read_wav(out).to_rate(RATE).samples


def letters_alone() -> Iterator[tuple[str, str, np.ndarray]]:
    """(letter, style, audio): every letter said alone, as a letter name and as its NATO
    word, by each espeak-ng voice."""
    from voice.audio.clips import read_wav

    with tempfile.TemporaryDirectory() as tmp:
        for voice, wpm in VOICES:
            for c in "abcdefghijklmnopqrstuvwxyz":
                for style in ("names", "nato"):
                    body = (f"<say-as interpret-as='characters'>{c}</say-as>"
                            if style == "names" else NATO[c])
                    out = Path(tmp) / "l.wav"
                    subprocess.run(["espeak-ng", "-m", "-v", voice, "-s", str(wpm), "-w",
                                    str(out), f"<speak>{body}</speak>"],
                                   check=True, capture_output=True)
                    yield c, style, read_wav(out).to_rate(RATE).samples


# -- one engine ----------------------------------------------------------------------------


SETS = ("digits", "words", "espeak", "letters", "spelled", "free")
"""--sets: digits (digits/), words (words/: yes/no, stop/go, other words and noise at a
yes/no and a number prompt), espeak (spellings and letters said now by espeak-ng voices),
letters (letters/), spelled (spelled/, and words/unknown said then spelled by letters/), free
(words/unknown at a word prompt)."""
SPELLING_TAIL_S = 3.0
"""Quiet after a spelling or a letter of the human sets (seconds): longer than any pause
that may end a spelling, so the stream's end never decides when it ended and the end of
speech to result is the game's own."""


def bad_when_taken(what: str) -> bool:
    """A tally that counts mistakes (a false accept, a wrong answer judged right)."""
    return what.startswith("false_accepts") or what.endswith(("wrong_number", "wrong_answer",
                                                     "wrong_judged_right", "misspellings"))


class Run:
    """One engine's tallies: JSON lines out at the end, misses to stderr as they come."""

    def __init__(self, name: str, misses: bool) -> None:
        self.name = name
        self.misses = misses
        self.tally: dict[str, list[int]] = {}
        self.outcomes: dict[str, dict[str, int]] = {}

    def count(self, what: str, ok: bool, item: object = None) -> None:
        self.tally.setdefault(what, [0, 0])
        self.tally[what][0] += ok
        self.tally[what][1] += 1
        if self.misses and ok == bad_when_taken(what):
            print(f"{'taken' if ok else 'missed'} {what}: {item}", file=sys.stderr)

    def outcome(self, what: str, out: object, item: object = None) -> None:
        """A right answer's fate at the host (``out``: an Outcome)."""
        key = getattr(out, "value", str(out))
        tally = self.outcomes.setdefault(what, {})
        tally[key] = tally.get(key, 0) + 1
        if self.misses and key != "at_once":
            print(f"{key} {what}: {item}", file=sys.stderr)

    def emit_outcomes(self) -> None:
        for what, tally in sorted(self.outcomes.items()):
            total = sum(tally.values())
            for key in ("at_once", "confirmed", "judged_wrong", "asked_again"):
                emit(f"{self.name}.{what}.{key}", 100.0 * tally.get(key, 0) / max(1, total),
                     "% of right answers")
            more = tally.get("more_confirmations", 0)
            if more:
                emit(f"{self.name}.{what}.more_confirmations", 100.0 * more / total,
                     "% of right answers")
            emit(f"{self.name}.{what}.count", total, "recordings")


def run_engine(engine: str, all_takes: bool, misses: bool, limit: int = 0,
               sets: tuple[str, ...] = SETS, babble_db: float | None = None) -> None:
    from voice.audio.clips import read_wav

    started = time.perf_counter()
    import models
    from voice.hearing.asr.select import Choice, build
    path = os.environ.get(models.ENV_VAR) if engine == "vosk" else None
    recognizer = build(Choice(engine, "bench", Path(path) if path else None))
    load_s = time.perf_counter() - started
    name = f"hearing.{engine}" + ("" if babble_db is None else f".babble_{babble_db:g}db")
    emit(f"{name}.load", load_s, "s")
    run = Run(name, misses)
    count = run.count
    latencies: list[float] = []

    def read(p: Path) -> np.ndarray:
        return read_wav(p).to_rate(RATE).samples

    babble = None if babble_db is None else Babble(SPEECH, babble_db, RATE, read)

    def stream(samples: np.ndarray, key: str, not_words: frozenset[str] = frozenset(),
               tail_s: float = TAIL_S) -> np.ndarray:
        """A clip padded as a microphone stream, with table talk under it if asked."""
        out = padded(samples, key, tail_s)
        return out if babble is None else babble.under(out, samples, key, not_words)

    chosen = [i for i in items(all_takes)
              if ("digits" if i.kind == "digit" else "words") in sets]
    if limit:
        chosen = chosen[::max(1, len(chosen) // limit)]
    for item in chosen:
        audio = stream(read(item.path), item.path.name, frozenset({item.label or ""}))
        if item.kind == "digit":
            h = hear(recognizer, audio, "number", NUMBER, NUMBER_EXPECTED)
            count("digits", h.value == DIGITS.index(item.label), (item.path.name, h))
            count("digits.confirmed", doubted(h, "number") == DIGITS.index(item.label),
                  (item.path.name, h))
            # a wrong number asked about ("Did you say three?" for a four: the speaker says no)
            count("digits.wrong.confirmations", doubted(h, "number") not in (None, DIGITS.index(item.label)),
                  (item.path.name, h))
            count("digits.too_loud", h.noisy, (item.path.name, h))
            count("digits.wrong_number", h.value is not None
                  and h.value != DIGITS.index(item.label), (item.path.name, h))
        elif item.kind in ("yes", "no"):
            h = hear(recognizer, audio, "yesno", {}, ["yes", "no"])
            count("yesno", h.value == (item.kind == "yes"), (item.path.name, h))
            count("yesno.confirmed", doubted(h, "yesno") == (item.kind == "yes"), (item.path.name, h))
            count("yesno.wrong_answer", h.value is not None
                  and h.value != (item.kind == "yes"), (item.path.name, h))
        elif item.kind in ("stop", "go"):
            h = hear(recognizer, audio, "yesno", {}, ["yes", "no"])
            want = "stop" if item.kind == "stop" else "resume"
            count("commands", h.command == want, (item.path.name, h))
        else:
            h = hear(recognizer, audio, "yesno", {}, ["yes", "no"])
            count("false_accepts", h.value is not None or h.command is not None,
                  (item.path.name, "yesno", h))
            count("false_accepts.answers", h.value is not None, (item.path.name, "yesno", h))
            count("false_accepts.commands", h.command is not None, (item.path.name, "yesno", h))
            count("false_accepts.confirmations", doubted(h, "yesno") is not None,
                  (item.path.name, "yesno", h))
            h2 = hear(recognizer, audio, "number", NUMBER, NUMBER_EXPECTED)
            if item.label in DIGITS:
                count("digits_other_speakers", h2.value == DIGITS.index(item.label),
                      (item.path.name, h2))
            else:
                count("false_accepts", h2.value is not None or h2.command is not None,
                      (item.path.name, "number", h2))
                count("false_accepts.answers", h2.value is not None,
                      (item.path.name, "number", h2))
                count("false_accepts.commands", h2.command is not None,
                      (item.path.name, "number", h2))
                count("false_accepts.confirmations", doubted(h2, "number") is not None,
                      (item.path.name, "number", h2))
            continue  # no one answered: no reply to time
        if h.latency_ms is not None:
            latencies.append(h.latency_ms)
    accepted_wrong = 0
    if "espeak" in sets:
        for target, said, style, audio in spellings():
            request: dict[str, object] = {"answer": target}
            accepted = {target, *VARIANTS.get(target, [])}
            if target in VARIANTS:
                request["variants"] = VARIANTS[target]
            h = hear(recognizer, stream(audio, f"{target}{style}{said == target}"), "spelling",
                     request, sorted(accepted))
            outcome = settle(h.result, said, accepted, "spelling", h.unsure)
            if said == target:
                run.outcome(f"espeak_spelled_{style}", outcome, (target, style, h))
            elif outcome.taken:
                accepted_wrong += 1
                print(f"MISSPELLING ACCEPTED: {target} ({style})", file=sys.stderr)
        for c, style, audio in letters_alone():
            h = hear(recognizer, stream(audio, f"{c}{style}"), "spelling", {"answer": c}, [c])
            run.outcome(f"espeak_letters_{style}", settle(h.result, c, {c}, "spelling", h.unsure),
                        (c, style, h))
    if "letters" in sets:
        for clip in letters_human(SPEECH):
            audio = stream(read(clip.path), f"{clip.voice}/{clip.path.name}",
                           tail_s=SPELLING_TAIL_S)
            what = f"letters_human_{clip.style}"
            h = hear(recognizer, audio, "spelling", {"answer": clip.letter}, [clip.letter])
            run.outcome(what, settle(h.result, clip.letter, {clip.letter}, "spelling", h.unsure),
                        (clip.voice, clip.path.name, h))
            other = other_letter(clip.letter)
            h = hear(recognizer, audio, "spelling", {"answer": other}, [other])
            count(f"{what}.wrong_judged_right",
                  settle(h.result, clip.letter, {other}, "spelling", h.unsure).taken,
                  (clip.voice, clip.path.name, "as", other, h))
    if "spelled" in sets:
        errors = letters = 0
        read_errors = read_letters = 0  # over the clips heard as letters
        spelled_latencies: list[float] = []
        for sc in spelled_human(SPEECH):
            audio = stream(read(sc.path), sc.path.name, tail_s=SPELLING_TAIL_S)
            target = sc.letters
            h = hear(recognizer, audio, "spelling", {"answer": target}, [target])
            run.outcome("spelled_human", settle(h.result, target, {target}, "spelling", h.unsure),
                        (sc.name, h))
            heard = h.result.value if h.result is not None and h.result.command is None else ""
            errors += letter_errors(str(heard or ""), target)
            letters += len(target)
            if heard:
                read_errors += letter_errors(str(heard), target)
                read_letters += len(target)
            if h.latency_ms is not None:
                spelled_latencies.append(h.latency_ms)
            wrong = misspelt(target)
            h = hear(recognizer, audio, "spelling", {"answer": wrong}, [wrong])
            taken = settle(h.result, target, {wrong}, "spelling", h.unsure).taken
            count("spelled_human.misspellings", taken, (sc.name, "as", wrong, h))
            if taken:
                print(f"MISSPELLING ACCEPTED: {sc.name} as {wrong}", file=sys.stderr)
        emit(f"{name}.spelled_human.letter_error", 100.0 * errors / max(1, letters),
             "% of letters wrong, missing or extra")
        emit(f"{name}.spelled_human.letter_error.heard_as_letters",
             100.0 * read_errors / max(1, read_letters),
             "% of letters wrong, over the names heard as letters (not a name said whole)")
        if spelled_latencies:
            emit(f"{name}.spelled_human.end_of_speech_to_result.median",
                 statistics.median(spelled_latencies), "ms")
        for word, said in said_then_spelled(SPEECH, read, RATE):
            # the word said before its letters is no letter of the spelling
            audio = stream(said, f"said_then_spelled/{word}", tail_s=SPELLING_TAIL_S)
            h = hear(recognizer, audio, "spelling", {"answer": word}, [word])
            run.outcome("said_then_spelled", settle(h.result, word, {word}, "spelling",
                                                    h.unsure), (word, h))
            wrong = misspelt(word)
            h = hear(recognizer, audio, "spelling", {"answer": wrong}, [wrong])
            count("said_then_spelled.misspellings",
                  settle(h.result, word, {wrong}, "spelling", h.unsure).taken,
                  (word, "as", wrong, h))
    free_latencies: dict[str, list[float]] = {"right": [], "wrong": []}
    if "free" in sets:
        for wc in free_words(SPEECH):
            audio = stream(read(wc.path), wc.path.name, frozenset({wc.word, wc.other}))
            h = hear(recognizer, audio, "word", {"accepted": [wc.word]}, [wc.word])
            run.outcome("free_words", settle(h.result, wc.word, {wc.word}, "word", h.unsure),
                        (wc.path.name, h))
            if h.latency_ms is not None:
                free_latencies["right"].append(h.latency_ms)
            h = hear(recognizer, audio, "word", {"accepted": [wc.other]}, [wc.other])
            if h.latency_ms is not None:
                free_latencies["wrong"].append(h.latency_ms)
            count("free_words.wrong_judged_right",
                  settle(h.result, wc.word, {wc.other}, "word", h.unsure).taken,
                  (wc.path.name, "as", wc.other, h))
            # a wrong answer the host asks about ("Did you say <the right answer>?")
            count("free_words.wrong.confirmations", h.result is not None
                  and (h.result.verdict == "unclear" or h.unsure) and h.result.value == wc.other,
                  (wc.path.name, "as", wc.other, h))
    for what, (good, total) in sorted(run.tally.items()):
        unit = ("% taken as an answer or command" if what == "false_accepts"
                else "% taken as an answer" if what == "false_accepts.answers"
                else "% taken as a command" if what == "false_accepts.commands"
                else "% asked \"Did you say ...?\"" if what.endswith("confirmations")
                else "% taken after one confirmation" if what.endswith("confirmed")
                else "% taken (must be 0)" if bad_when_taken(what) else "%")
        emit(f"{name}.{what}", 100.0 * good / max(1, total), unit)
        emit(f"{name}.{what}.count", total, "recordings")
    run.emit_outcomes()
    if "espeak" in sets:
        emit(f"{name}.misspellings_accepted", accepted_wrong, "spellings")
    for answer, values in free_latencies.items():
        if values:  # a right answer mostly ends at its early decode; a wrong one waits
            emit(f"{name}.free_words.{answer}.end_of_speech_to_result.median",
                 statistics.median(values), "ms")
    if latencies:
        emit(f"{name}.end_of_speech_to_result.median", statistics.median(latencies), "ms")
        emit(f"{name}.end_of_speech_to_result.p90",
             float(np.percentile(latencies, 90)), "ms")
    emit(f"{name}.peak_memory", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, "MB")
    emit(f"{name}.bench_time", time.perf_counter() - started, "s")


def engines() -> list[str]:
    import importlib.util

    import models
    found = []
    if os.environ.get(models.ENV_VAR):
        found.append("vosk")
    if importlib.util.find_spec("faster_whisper") is not None:
        found.append("whisper")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", help="one engine (default: every one found, each in its "
                                         "own process)")
    parser.add_argument("--all", action="store_true", help="every digit take (slower)")
    parser.add_argument("--misses", action="store_true", help="list what was not understood")
    parser.add_argument("--limit", type=int, default=0, help="about this many recordings, "
                        "evenly spread (a quick look; the figures need the whole set)")
    parser.add_argument("--sets", default=",".join(SETS),
                        help=f"comma-separated sets to run (default all: {','.join(SETS)})")
    parser.add_argument("--babble", type=float, default=None, metavar="DB",
                        help="mix table talk (three other people's words and a noise) under "
                             "each clip, DB below the speaker")
    args = parser.parse_args()
    sets = tuple(s.strip() for s in args.sets.split(",") if s.strip())
    unknown = [s for s in sets if s not in SETS]
    if unknown or not sets:
        print(f"bench_hearing: unknown set {', '.join(unknown) or '(none)'}; "
              f"allowed: {', '.join(SETS)}", file=sys.stderr)
        return 2
    if args.babble is not None and not 0 <= args.babble <= 60:
        print(f"bench_hearing: --babble takes 0 to 60 (dB below the speaker), "
              f"got {args.babble:g}", file=sys.stderr)
        return 2
    if not SPEECH.is_dir():
        print(f"bench_hearing: no recordings at {SPEECH} (set TABLETOP_SPEECH_DIR)",
              file=sys.stderr)
        return 1
    if args.engine:
        from voice.errors import UserError
        try:
            run_engine(args.engine, args.all, args.misses, args.limit, sets, args.babble)
        except UserError as exc:  # no model, a damaged one: one line, as the game says it
            print(f"bench_hearing: {exc}", file=sys.stderr)
            return 1
        return 0
    extra = ["--all"] if args.all else []
    extra += ["--misses"] if args.misses else []
    extra += ["--sets", ",".join(sets), "--limit", str(args.limit)]
    extra += ["--babble", f"{args.babble:g}"] if args.babble is not None else []
    for engine in engines():
        code = subprocess.call([sys.executable, __file__, "--engine", engine, *extra])
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
