"""Pronunciation check of the natural voice: every pack word and letter, heard back.

Each word the host may say on its own (Word Up answers, options and spelling words,
Sport and Leisure answers, Word on the Street categories) is rendered once in the
natural voice, in the sentence "The answer was WORD.", and heard back by the project's
recognizer (Whisper tiny.en, free
decoding). A word it does not hear back is rendered by espeak-ng too: only a word
espeak-ng gets across and the natural voice does not is the voice's fault (others
are the recognizer's). Letters A-Z are rendered at each rate in both voices and heard
as a spelling, as the game hears them: a letter counts only where it is heard at once
(a "Was that D or B?" is a miss), and each letter goes to the voice that says it so.

Prints one JSON line per finding, then the suggested contents of
``voice/speaking/phrases/natural.toml`` (the fixes, reviewed by hand). Slow: run it
niced, once, after a change of voice (``--sample N`` for a quick look).

    nice -n 10 .venv/bin/python -m tools.check_natural_voice [--sample 200] [--no-words]
        [--part K/N]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Iterable

import numpy as np

from content.load import load_packs
from content.schema import Game, MultipleChoice, Spelling
from voice.audio.clips import Clip
from voice.hearing.asr.base import Grammar, normalise
from voice.hearing.asr.whisper import WhisperRecognizer
from voice.hearing.audio_in import MemorySource
from voice.hosting.voice_adapter import VoiceEars
from voice.speaking.audio_out import MemorySink
from voice.speaking.natural import NaturalFixes, NaturalSpeaker, load_fixes
from voice.speaking.tts import LETTER_NAMES, Pyttsx3Speaker, ReadingSpeaker
from voice.understanding.judge import judge

CARRIER = "The answer was {word}."
"""How the host says a game word (as in wordup.wrong): in a sentence, not alone. Said
alone, the natural voice's words last 0.25-0.45 s (espeak-ng's 0.6-0.85 s) and the
recognizer's free decoding misses many short ones in either voice."""
MORE_CARRIERS = ("Say {word} again.", "The next word is {word}, I think.")
"""Where a word is missed in CARRIER, two more sentences: the recognizer's language model
writes "accused" after "the answer was" and "one" for "went", in either voice, so a word
is the voice's fault only when it is missed in most sentences that espeak-ng's is heard in."""


def pack_words() -> list[str]:
    """Every word of two letters or more the host may say from the shipped packs."""
    words: set[str] = set()

    def add(text: str) -> None:
        words.update(w.lower() for w in re.findall(r"[A-Za-z']+", text) if len(w) > 1)

    for game in Game:
        for pack in load_packs(game):
            for item in pack.items:
                for answer in item.answers:
                    add(answer)
                if isinstance(item, MultipleChoice):
                    for option in item.options:
                        add(option)
                if isinstance(item, Spelling):
                    add(item.word)
            for card in pack.cards:
                questions = getattr(card, "questions", None)
                if questions is not None:
                    for q in questions:
                        add(q.answers[0])
                else:
                    add(card.blue.category)  # type: ignore[union-attr]
                    add(card.orange.category)  # type: ignore[union-attr]
    return sorted(words)


def heard_as(rec: WhisperRecognizer, clip: Clip) -> str:
    samples = clip.to_rate(16000).samples.astype(np.float32) / 32768
    return normalise(rec.transcribe(samples, Grammar("free")).text)


US_SPELLING = (("our", "or"), ("ise", "ize"), ("isi", "izi"), ("ogue", "og"),
               ("gement", "gment"), ("tre", "ter"), ("ll", "l"))
"""The recognizer writes American spellings ("judgment", "colored"): a word heard so is
heard."""


def us_spelling(word: str) -> str:
    for british, american in US_SPELLING:
        word = word.replace(british, american)
    return word


def said(word: str, heard: str) -> bool:
    """Whether ``word`` is among the words heard (in either spelling), or two heard words make
    it ("handle bars")."""
    words = [us_spelling(w) for w in heard.split()]
    joined = {a + b for a, b in zip(words, words[1:], strict=False)}
    word = us_spelling(word)
    return word in words or word.replace("'", "") in joined


def letter_heard(rec: WhisperRecognizer, clip: Clip, letter: str) -> str:
    """The letter, where the game hears it at once as a spelling of it; else what it heard,
    doubts joined by "/" ("d/b": the host would ask "Was that D or B?"), "" for nothing."""
    src = MemorySource(Clip.join([Clip.silence(0.3, 16000), clip.to_rate(16000)], 16000),
                       tail_s=1.5)
    nbest = VoiceEars(rec, src).listen("spelling", [letter], timeout_s=5.0).nbest
    ok = judge({"kind": "spelling", "heard": list(nbest) or [""], "answer": letter})
    return letter if ok.verdict == "correct" else "/".join(nbest)


def emit(**fields: object) -> None:
    print(json.dumps(fields), flush=True)


def check_words(rec: WhisperRecognizer, natural: ReadingSpeaker, espeak: ReadingSpeaker,
                words: Iterable[str]) -> list[str]:
    fixes = []
    for word in words:
        heard = heard_as(rec, natural.render(CARRIER.format(word=word)))
        if said(word, heard):
            continue
        naturals = [heard, *(heard_as(rec, natural.render(c.format(word=word)))
                             for c in MORE_CARRIERS)]
        others = [heard_as(rec, espeak.render(c.format(word=word)))
                  for c in (CARRIER, *MORE_CARRIERS)]
        right = sum(said(word, h) for h in naturals), sum(said(word, h) for h in others)
        fault = ("natural" if right[0] * 2 < len(naturals) and right[1] * 2 > len(others)
                 else "neither" if right[0] * 2 > len(naturals) else "recognizer")
        emit(kind="word", word=word, natural=naturals, espeak=others, fault=fault)
        if fault == "natural":
            fixes.append(word)
    return fixes


RATES = ("slow", "normal", "fast")


def check_letters(rec: WhisperRecognizer, natural: NaturalSpeaker, espeak: ReadingSpeaker
                  ) -> dict[str, list[str]]:
    """Who says each letter (a letter is rendered without the voice's variation, so one
    render is what the game plays): the natural voice where it is heard at once at every
    rate; else espeak-ng where it is; else the natural voice said slowly (the same audio at
    every rate: SLOW_LETTER_SCALE) where that is heard; else the voice heard at more rates.
    Returns the letters for natural.toml's espeak_letters and slow_letters."""
    out: dict[str, list[str]] = {"espeak_letters": [], "slow_letters": []}
    slowly = NaturalSpeaker(MemorySink(), voice=natural.voice,
                            fixes=NaturalFixes(slow_letters=frozenset(LETTER_NAMES)))
    for letter, name in LETTER_NAMES.items():
        heard = {}
        for who, speaker in (("natural", natural), ("espeak", espeak)):
            for rate in RATES:
                speaker.settings.rate = rate
                heard[f"{who}_{rate}"] = letter_heard(rec, speaker.render_spelled(letter),
                                                      letter)
            speaker.settings.rate = "normal"
        heard["natural_slowly"] = letter_heard(rec, slowly.render_spelled(letter), letter)
        right = {who: sum(heard[f"{who}_{r}"] == letter for r in RATES)
                 for who in ("natural", "espeak")}
        choice = ("natural" if right["natural"] == len(RATES)
                  else "espeak" if right["espeak"] == len(RATES)
                  else "slow" if heard["natural_slowly"] == letter
                  else "espeak" if right["espeak"] > right["natural"] else "natural")
        emit(kind="letter", letter=letter, name=name, heard=heard, choice=choice)
        if choice != "natural":
            out[f"{choice}_letters"].append(letter)
    return out


def part(spec: str, parser: argparse.ArgumentParser) -> tuple[int, int]:
    """``K/N`` as two numbers with 1 <= K <= N, or the parser's one-line error."""
    try:
        k, n = (int(x) for x in spec.split("/"))
    except ValueError:
        parser.error(f"--part {spec}: expected K/N, such as 1/2")
    if not 1 <= k <= n:
        parser.error(f"--part {spec}: K must be between 1 and N")
    return k, n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=0, help="check N random words (0: all)")
    parser.add_argument("--no-letters", action="store_true", help="check the words only")
    parser.add_argument("--no-words", action="store_true", help="check the letters only")
    parser.add_argument("--words", default="",
                        help="check these words (comma-separated) instead of the packs'")
    parser.add_argument("--part", default="1/1", metavar="K/N",
                        help="check the K-th of N equal parts of the words (one per core)")
    parser.add_argument("--no-fixes", action="store_true",
                        help="check the voice without the fixes already in natural.toml")
    args = parser.parse_args(argv)
    started = time.monotonic()
    rec = WhisperRecognizer()
    espeak = Pyttsx3Speaker(MemorySink())
    fixes = load_fixes()
    natural = NaturalSpeaker(MemorySink(), fallback=espeak,
                             fixes=None if args.no_fixes else fixes)
    # the letters are checked in each voice as it is, without the letter fixes
    letters = ({} if args.no_letters
               else check_letters(rec, NaturalSpeaker(MemorySink()), espeak))
    words = ([] if args.no_words else args.words.split(",") if args.words
             else pack_words())
    if args.sample:
        words = sorted(random.Random(1).sample(words, min(args.sample, len(words))))
    k, n = part(args.part, parser)
    words = words[k - 1::n]
    bad = check_words(rec, natural, espeak, words)
    emit(kind="summary", words=len(words), natural_fault=len(bad), letter_fixes=letters,
         seconds=round(time.monotonic() - started))
    print("\n# suggested voice/speaking/phrases/natural.toml entries", file=sys.stderr)
    for field, chosen in letters.items():
        print(f"{field} = {json.dumps(chosen)}", file=sys.stderr)
    print(f"espeak_words = {json.dumps(bad)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
