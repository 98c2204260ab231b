"""``tabletop say TEXT... [--voice V] [--rate R] [--out FILE.wav]``: speak as the host would.

Each TEXT is one line, read exactly as the game reads it (the same speaker, the
phrases file's pronunciations, ``___`` gaps as "mmm", ``C-A-T`` spelled letter by
letter), out loud or into one WAV file. Users try a voice with it; tests and
benchmarks render with it. The voice and rate default to the remembered ones
(``tabletop play --voice/--rate``); saying does not change what is remembered.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from voice.audio.clips import Clip
from voice.errors import UsageError, UserError

LINE_GAP_S = 0.5
"""Silence between two lines written to one WAV file (seconds)."""


def register(sub: Any) -> None:
    p = sub.add_parser("say", help="speak lines (or write them to a WAV file) as the host would",
                       description="Speak each TEXT as one line, exactly as the host says it.")
    p.add_argument("text", nargs="+", metavar="TEXT", help="a line to say (one per argument)")
    p.add_argument("--voice", default=None,
                   help="natural or espeak (default: the one remembered by tabletop play)")
    p.add_argument("--rate", default=None, help="slow, normal or fast (default: remembered)")
    p.add_argument("--out", default=None, metavar="FILE.wav",
                   help="write the speech to this WAV file instead of playing it")
    p.add_argument("--output", default=None, help="output device name or index")
    p.set_defaults(func=run)


def writable(path: Path) -> Path:
    """``path`` if a WAV file can be written there, else one line saying why not."""
    if path.is_dir():
        raise UserError(f"--out {path}: is a folder; give a file name like speech.wav")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise UserError(f"--out {path}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UserError(f"--out {path}: cannot write there (permission denied)")
    return path


def run(args: argparse.Namespace) -> int:
    from voice.hosting.play import RATES, load_settings, load_voice
    from voice.hosting.voice_adapter import VoiceMouth
    from voice.speaking.audio_out import AudioOut, SpeakerOut, WavSink
    from voice.speaking.tts import VoiceSettings
    from voice.speaking.voices import open_speaker, parse_voice

    voice = parse_voice(args.voice) if args.voice is not None else load_voice()
    rate = args.rate if args.rate is not None else load_settings().rate
    if rate not in RATES:
        raise UsageError(f"--rate {rate!r}: allowed {', '.join(RATES)}")
    if any(not line.strip() for line in args.text):
        raise UsageError("an empty TEXT: give the words to say")
    out_path = writable(Path(args.out)) if args.out else None
    out: AudioOut = WavSink(out_path) if out_path is not None else SpeakerOut(args.output)

    def note(text: str) -> None:
        print(f"tabletop: {text}", file=sys.stderr, flush=True)

    speaker, _ = open_speaker(voice, out, VoiceSettings(rate=rate), note=note, ahead=False)
    mouth = VoiceMouth(speaker)
    for i, line in enumerate(args.text):
        if i and isinstance(out, WavSink):  # a breath between lines, as in a game
            out.play(Clip.silence(LINE_GAP_S, out.rate_hz))
        mouth.say(line)
    if isinstance(out, WavSink):
        try:
            out.close()
        except OSError as exc:
            raise UserError(f"--out {out_path}: cannot write it ({exc.strerror or exc})") from None
        print(f"wrote {out_path}")
    return 0
