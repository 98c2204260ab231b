"""Talking over the host on real sound devices: a slice of bench_barge_in.py's corpus
through a private PulseAudio null sink.

The simulated room (bench_barge_in.py) hands the canceller each echo with the exact samples
that made it. A game hands it what its speaker played, placed against what its microphone
captured, through a sound server. This runs the game's own wiring (``talk_over.build``:
SpeakerOut writing the far end, MicSource, FarEnd placing and following the echo,
libspeexdsp, the overlap listener, the policy) on a null sink: the host reads each line
into the sink; a player's recording (../shared/speech, or --speech DIR) is played into the
same sink by ``paplay``, another program as a person is another source, as loud as the
host (0 dB signal-to-echo) at a random moment of the line; the microphone is the sink's
monitor. The sink is a digital loopback with no room: this measures placing, timing and
the live path, and bench_barge_in.py measures rooms.

Figures (JSON lines {"name", "value", "unit"}), as bench_barge_in.py's with a
``devices_`` prefix: devices_self_stops / devices_lines (lines with nobody speaking),
devices_command_stop_rate_0db, devices_answer_rate_0db, devices_wrong_accepted,
devices_false_stop_rate, devices_stop_ms_median / _p95 (from the end of the player's
command to the host falling silent, both found in what the microphone captured: the
player's clip by its correlation, the host's voice where it ends once the clip is taken
out).

    .venv/bin/python bench/bench_barge_in_devices.py [--seed 1] [--speech DIR] [--quiet N]
        [--per-kind N] [--voice espeak|natural] [--misses]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_barge_in import (  # noqa: E402
    MIN_LINE_S,
    ROOT,
    Player,
    active_rms,
    emit,
    host_texts,
    load_players,
    loudness,
    prompt_of,
    speech_end_s,
)

from voice.audio.clips import ASR_RATE_HZ, Clip, write_wav  # noqa: E402
from voice.hosting.barge_in import Verdict  # noqa: E402
from voice.reply_kind import ReplyKind  # noqa: E402

R = ASR_RATE_HZ


class Microphone:
    """What the microphone captured during a trial, with the time each block was captured."""

    def __init__(self, source: Any, talk_tap: Any) -> None:
        self._blocks: list[tuple[bytes, float]] = []
        self._lock = threading.Lock()

        def tap(block: bytes, captured_s: float) -> None:
            with self._lock:
                self._blocks.append((block, captured_s))
            talk_tap(block, captured_s)

        source.tap = tap

    def clear(self) -> None:
        with self._lock:
            self._blocks = []

    def stop_ms(self, clip: np.ndarray, speech_end: float) -> float | None:
        """From the end of the player's speech (``speech_end`` s into ``clip``, int16 at
        16 kHz) to the host falling silent, both found in what the microphone captured: the
        clip by its correlation, the host as the last 10 ms of what is left with the clip
        taken out that is within 30 dB of its loudest (the sink adds the two exactly)."""
        with self._lock:
            mic = np.frombuffer(b"".join(b for b, _ in self._blocks), dtype="<i2")
        mic = mic.astype(np.float64)
        ref = clip.astype(np.float64)
        if len(mic) < len(ref):
            return None
        size = 1 << int(np.ceil(np.log2(len(mic) + len(ref))))
        corr = np.fft.irfft(np.fft.rfft(mic, size) * np.conj(np.fft.rfft(ref, size)), size)
        k = int(np.argmax(corr[: len(mic) - len(ref) + 1]))
        host = mic.copy()
        host[k:k + len(ref)] -= ref
        frames = host[: len(host) // 160 * 160].reshape(-1, 160)
        level = np.sqrt(np.mean(frames ** 2, axis=1))
        loud = np.nonzero(level > level.max() * 10 ** (-30 / 20))[0]
        if not len(loud):
            return None
        return ((loud[-1] + 1) * 160 - (k + speech_end * R)) / R * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speech", type=Path, default=ROOT.parent / "shared" / "speech",
                        help="human recordings, the layout of ../shared/speech")
    parser.add_argument("--quiet", type=int, default=10, help="lines with nobody speaking")
    parser.add_argument("--per-kind", type=int, default=8,
                        help="commands, and answers, said over the host (half as much talk "
                             "and noise)")
    parser.add_argument("--voice", default="espeak", help="the host's voice: espeak or natural")
    parser.add_argument("--misses", action="store_true",
                        help="print each trial gone wrong, and what was heard over each line")
    args = parser.parse_args()
    if not args.speech.is_dir():
        print(f"error: {args.speech} is not a folder; --speech DIR needs the layout of "
              "../shared/speech", file=sys.stderr)
        return 2
    if args.misses:  # what the listener heard over each line, and why it did or did not stop
        import logging
        logging.basicConfig(format="%(message)s")
        logging.getLogger("tabletop.talk_over").setLevel(logging.INFO)
    paplay = shutil.which("paplay")
    if paplay is None:
        print("error: no paplay (Debian: apt-get install pulseaudio-utils) to play the "
              "players' voices into the null sink", file=sys.stderr)
        return 2
    from voice.audio.clips import AudioError
    from voice.audio.null_sink import NullSink

    try:
        with NullSink():
            return run(args, paplay)
    except AudioError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def run(args: argparse.Namespace, paplay: str) -> int:
    from voice.audio.devices import MicGate
    from voice.hearing.asr.whisper import WhisperRecognizer
    from voice.hosting.talk_over import build
    from voice.speaking.voices import VoiceKind

    started = time.perf_counter()
    rng = random.Random(args.seed)
    notes: list[str] = []
    mouth, ears = build(WhisperRecognizer(alternatives=3), MicGate(tail_s=0.3),
                        input_device="pulse", output_device="pulse", rate="normal",
                        headphones=False, note=notes.append, cut_line=lambda part: part,
                        voice=VoiceKind(args.voice), game="wordup")
    talk = mouth.talk
    mic = Microphone(ears.inner.audio, talk.heard_block)
    lines = []
    for text, options in host_texts(rng, n_choice=20):
        host = mouth.speaker.render(text).to_rate(R).samples
        if len(host) / R >= MIN_LINE_S:
            lines.append((text, options, host))
    players = load_players(args.speech, rng, args.per_kind)
    trials: list[tuple[str, Player | None]] = [("quiet", None)] * args.quiet
    trials += [(p.kind, p) for kind in players.values() for p in kind]
    rng.shuffle(trials)
    ears.expect(ReplyKind.COMMAND, [], {})
    for text, _, _ in lines[:2]:
        mouth.say(text)  # as in a game, the canceller has heard the host before

    tally: dict[str, list[int]] = {}
    stop_ms: list[float] = []
    wrong = self_stops = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n, (kind, player) in enumerate(trials):
            text, options, host = lines[rng.randrange(len(lines))]
            line_s = len(host) / R
            prompt = player.prompt if player else rng.choice(["yesno", "number", "choice",
                                                              "command"])
            reply, expected, request = prompt_of(prompt, options)
            ears.expect(reply, expected, request)
            talk.take()
            talk.decision = None
            mic.clear()
            clip16: np.ndarray | None = None
            helper: threading.Thread | None = None
            if player is not None:
                level = active_rms(host / 32768.0)
                gain = level / loudness(player.audio, kind)
                clip16 = np.clip(player.audio * gain * 32767, -32768, 32767).astype(np.int16)
                wav = Path(tmp) / f"p{n}.wav"
                write_wav(wav, Clip(clip16, R))
                at_s = rng.uniform(0.15 * line_s, max(0.2, line_s - len(clip16) / R - 0.6))
                began = time.monotonic()

                def play(wav: Path = wav, at_s: float = at_s, began: float = began) -> None:
                    time.sleep(max(0.0, began + at_s - time.monotonic()))
                    subprocess.run([paplay, str(wav)], timeout=15, check=False)

                helper = threading.Thread(target=play, daemon=True)
                helper.start()
            mouth.say(text)
            if helper is not None:
                helper.join(15)
            time.sleep(0.3)
            decision = talk.decision
            talk.take()
            stops = decision is not None and decision.stops
            verdict = decision.verdict if decision is not None and stops else None
            u = decision.understood if decision is not None else None
            value = None if u is None else (u.command or u.value)
            taken = verdict is Verdict.STOP_ANSWER and not (decision and decision.unsure)
            ok = False
            if kind == "quiet":
                self_stops += stops
                wrong += taken
                ok = not stops
            elif kind == "command" and player is not None:
                ok = verdict is Verdict.STOP_COMMAND and value == player.said
                if ok and clip16 is not None:
                    took = mic.stop_ms(clip16, speech_end_s(player.audio))
                    if took is not None:
                        stop_ms.append(took)
            elif kind == "answer" and player is not None:
                ok = verdict is Verdict.STOP_ANSWER and value == player.said
                wrong += taken and not ok
            else:
                ok = not stops
                wrong += taken
            tally.setdefault(kind, [0, 0])
            tally[kind][0] += ok
            tally[kind][1] += 1
            if args.misses and not ok:
                print(f"miss: {kind} prompt={prompt} said={player.said if player else None} "
                      f"{player.path if player else ''} heard={decision.heard if decision else ()} "
                      f"({decision.why if decision else 'nothing'}) line={text[:50]!r}",
                      file=sys.stderr)
    talk.close()
    ears.inner.audio.close()

    def rate(key: str) -> float:
        ok, total = tally.get(key, [0, 0])
        return ok / total if total else float("nan")

    false = [tally.get(k, [0, 0]) for k in ("other", "noise")]
    false_n = sum(t[1] for t in false)
    emit("devices_self_stops", self_stops, "count")
    emit("devices_lines", args.quiet, "count")
    emit("devices_command_stop_rate_0db", rate("command"), "share")
    emit("devices_answer_rate_0db", rate("answer"), "share (taken at once, or said back)")
    emit("devices_wrong_accepted", wrong, "count")
    emit("devices_false_stop_rate", (false_n - sum(t[0] for t in false)) / max(1, false_n),
         "share")
    emit("devices_stop_ms_median", statistics.median(stop_ms) if stop_ms else float("nan"),
         "ms")
    emit("devices_stop_ms_p95", float(np.percentile(stop_ms, 95)) if stop_ms else float("nan"),
         "ms")
    print(json.dumps({"detail": {k: f"{v[0]}/{v[1]}" for k, v in sorted(tally.items())},
                      "seed": args.seed, "voice": args.voice, "seconds": round(time.perf_counter() - started)}),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
