"""Talking over the host: a simulated room, the real canceller, detector, recognizer and policy.

Builds a replayable corpus (same --seed, same corpus) and runs every trial through
the parts a game uses while the host speaks: the echo canceller (voice/audio/echo.py,
kept for the whole run of one room and level, as it is kept for a game), the overlap
listener (voice/hearing/overlap.py: Silero + endpointer + Whisper tiny.en with the
prompt's grammar and the commands) and the barge-in policy (voice/hosting/barge_in.py).

The corpus:

- the host's lines: sentences of voice/speaking/phrases/en.toml (fields filled in) and
  Word Up multiple-choice questions read with their options, rendered by the game's own
  TTS (voice/speaking/tts.py), lines of 2.5 s or more;
- rooms (pyroomacoustics, image source method): 4 shoebox rooms from 3x4 m to 8x6 m,
  RT60 0.2 / 0.4 / 0.6 / 0.8 s, loudspeaker 0.5-2 m from the microphone, each at 3
  playback levels (echo at the microphone -34 / -26 / -18 dBFS, the loudspeaker's soft
  clipping harder the louder) and a -60 dBFS noise floor;
- the players (../shared/speech, or --speech DIR with the same layout), from their own
  place in the room: commands ("stop", "go" = resume), answers (yes/no at a yes/no
  prompt, digits at a number prompt), other talk (words/unknown) and noise
  (words/silence), at a signal-to-echo ratio of -5, 0 or +5 dB, placed at a random
  moment so that they end before the line does.

Figures (JSON lines {"name", "value", "unit"}):

- self_stops / lines: lines with nobody speaking that the host's own voice stopped;
- command_stop_rate_0db / _m5db: commands that stopped the line and were the command said;
- answer_rate_0db: answers that stopped the line with the value said, taken at once or
  said back ("Did you say seven?", barge_in.TAKE_ANSWER) for the player's yes;
  answer_at_once_0db: those taken without being said back;
- wrong_accepted: answers taken (not said back) with another value than the one said, plus
  anything taken as an answer where nobody answered (echo, other talk, noise); an answer
  said back is taken only on the player's yes, which a wrong one does not get;
- false_stop_rate: other talk and noise that stopped the line;
- stop_ms_median / _p95: from the end of the player's command (the last 10 ms within
  35 dB of the clip's loudest) to the host falling silent: the endpointer's decision in
  audio time, plus the decode's wall time, plus one output block (20 ms);
- cpu_share: processor time of canceller + detector per second of the host's speech.

    .venv/bin/python bench/bench_barge_in.py [--seed 1] [--speech DIR] [--quick]
        [--canceller speexdsp|speexdsp-linear|webrtc|none] [--misses] [--trace]

``--canceller webrtc`` compares WebRTC AEC3 (needs the ``livekit`` wheel); the choice of
libspeexdsp in voice/audio/echo.py was made on that comparison.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import string
import sys
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from voice.audio.clips import ASR_RATE_HZ, read_wav  # noqa: E402
from voice.audio.echo import FRAME, SpeexCanceller  # noqa: E402
from voice.hearing.overlap import Overheard, OverlapListener, decoder_for  # noqa: E402
from voice.hosting.barge_in import (  # noqa: E402
    BargeInPolicy,
    Expectation,
    LineSpan,
    Verdict,
    forced_score,
    overlap_grammar,
)
from voice.hosting.voice_adapter import VoiceEars  # noqa: E402
from voice.reply_kind import ReplyKind  # noqa: E402

R = ASR_RATE_HZ
SERS = (-5, 0, 5)
LEVELS_DBFS = (-34.0, -26.0, -18.0)
DRIVE = {-34.0: 1.2, -26.0: 1.8, -18.0: 2.6}
"""Loudspeaker soft-clipping drive per level (tanh(d x) / tanh(d)): harder when louder."""
NOISE_DBFS = -60.0
ROOMS = (  # (name, size m, RT60 s, loudspeaker-mic distance m)
    ("small", (3.0, 4.0, 2.5), 0.2, 0.5),
    ("living", (5.0, 4.0, 2.7), 0.4, 1.0),
    ("kitchen", (6.0, 4.5, 2.7), 0.6, 1.5),
    ("hall", (8.0, 6.0, 3.0), 0.8, 2.0),
)
MIN_LINE_S = 2.5
OUT_BLOCK_MS = 20.0
"""The speaker's block (voice/speaking/audio_out.py): a stop reaches the device within it."""
COMMANDS = {"stop": "stop", "go": "resume"}
YESNO = {"yes": True, "no": False}
DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def emit(name: str, value: float, unit: str) -> None:
    print(json.dumps({"name": name, "value": round(value, 3), "unit": unit}), flush=True)


# -- the corpus -----------------------------------------------------------------------

class _Fill(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return {"name": "Ana", "team": "Red", "word": "ocean", "game": "Word Up", "n": "3",
                "count": "3", "score": "5", "tokens": "2", "points": "4", "total": "7",
                "said": "pond", "answer": "river", "winner": "Ben", "other": "Blue",
                "category": "Missing Word", "player": "Ben", "level": "2"}.get(key, "the blue one")


def host_texts(rng: random.Random, n_choice: int = 40) -> list[tuple[str, list[str]]]:
    """(sentence, options) the host says: phrase-file sentences (no options) and Word Up
    multiple-choice questions read with their options."""
    phrases = tomllib.loads((ROOT / "voice/speaking/phrases/en.toml").read_text("utf-8"))
    out: list[tuple[str, list[str]]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif isinstance(node, str) and len(node) >= 45 and "[[" not in node:
            out.append((string.Formatter().vformat(node, (), _Fill()), []))

    walk({k: v for k, v in phrases.items() if k != "pronounce"})
    items = []
    for pack in sorted((ROOT / "content/packs/wordup").glob("multiple-choice-l*.toml")):
        items += tomllib.loads(pack.read_text("utf-8"))["item"]
    for item in rng.sample(items, min(n_choice, len(items))):
        q = item["question"].replace("___", "blank")
        opts = [str(o) for o in item["options"]]
        listed = ", ".join(f"{'ABC'[i]}, {o}" for i, o in enumerate(opts[:3]))
        out.append((f"Ana, {q} Is it {listed}?", opts))
    return out


def room_rir(size: tuple[float, float, float], rt60: float, src: np.ndarray,
             mic: np.ndarray) -> np.ndarray:
    import pyroomacoustics as pra

    e_abs, order = pra.inverse_sabine(rt60, list(size))
    room = pra.ShoeBox(list(size), fs=R, materials=pra.Material(e_abs), max_order=min(order, 14))
    room.add_source(src)
    room.add_microphone(mic)
    room.compute_rir()
    return np.asarray(room.rir[0][0], dtype=np.float64)


@dataclass
class Room:
    name: str
    rt60: float
    speaker_rir: np.ndarray
    player_rirs: list[np.ndarray]


def make_rooms(rng: np.random.Generator) -> list[Room]:
    rooms = []
    for name, size, rt60, dist in ROOMS:
        mic = np.array([size[0] / 2, size[1] / 2, 0.8])
        speaker = mic + np.array([dist, 0.0, 0.2])
        players = []
        for _ in range(3):  # three seats round the table, 0.6-1.5 m from the microphone
            ang, r = rng.uniform(0, 2 * np.pi), rng.uniform(0.6, 1.5)
            seat = mic + np.array([r * np.cos(ang), r * np.sin(ang), 0.4])
            seat = np.clip(seat, 0.2, np.array(size) - 0.2)
            players.append(room_rir(size, rt60, seat, mic))
        rooms.append(Room(name, rt60, room_rir(size, rt60, speaker, mic), players))
    return rooms


def active_rms(x: np.ndarray) -> float:
    frames = x[: len(x) // 160 * 160].reshape(-1, 160)
    e = np.sqrt(np.mean(frames ** 2, axis=1))
    loud = e[e > e.max() * 10 ** (-30 / 20)] if len(e) else e
    return float(np.sqrt(np.mean(loud ** 2))) if len(loud) else 1e-9


def speech_end_s(x: np.ndarray) -> float:
    """End of the clip's speech: the last 10 ms frame within 35 dB of its loudest."""
    frames = x[: len(x) // 160 * 160].reshape(-1, 160)
    e = np.sqrt(np.mean(frames ** 2, axis=1)) + 1e-12
    loud = np.nonzero(e > e.max() * 10 ** (-35 / 20))[0]
    return float((loud[-1] + 1) * 160 / R) if len(loud) else len(x) / R


@dataclass
class Player:
    kind: str
    """command, answer, other, noise."""
    said: Any
    """The command's name, True/False, a digit, or None."""
    prompt: str
    """The prompt kind the trial is asked at."""
    audio: np.ndarray
    """float, 16 kHz, as said (before the room)."""
    path: str


def load_players(speech: Path, rng: random.Random, per_kind: int) -> dict[str, list[Player]]:
    def clips(folder: str, pattern: str = "*.wav") -> list[Path]:
        files = sorted((speech / folder).glob(pattern))
        if not files:
            sys.exit(f"error: no recordings in {speech / folder}; --speech DIR must have the "
                     "layout of ../shared/speech (words/stop, words/yes, digits, ...)")
        return files

    def load(p: Path) -> np.ndarray:
        return read_wav(p).to_rate(R).samples.astype(np.float64) / 32768.0

    out: dict[str, list[Player]] = {"command": [], "answer": [], "other": [], "noise": []}
    for word, cmd in COMMANDS.items():
        for p in rng.sample(clips(f"words/{word}"), per_kind // 2):
            out["command"].append(Player("command", cmd, rng.choice(
                ["yesno", "number", "choice", "command"]), load(p), str(p)))
    for word, value in YESNO.items():
        for p in rng.sample(clips(f"words/{word}"), per_kind // 4):
            out["answer"].append(Player("answer", value, "yesno", load(p), str(p)))
    for p in rng.sample(clips("digits"), per_kind // 2):
        out["answer"].append(Player("answer", int(p.name.split("_")[0]), "number", load(p),
                                    str(p)))
    # other words, less the ones that are answers or commands here (digits at a number prompt)
    others = [p for p in clips("words/unknown") if p.name.split("_")[0] not in DIGITS]
    for p in rng.choices(others, k=per_kind // 2):
        out["other"].append(Player("other", None, rng.choice(["yesno", "number", "choice"]),
                                   load(p), str(p)))
    for p in rng.sample(clips("words/silence"), per_kind // 2):
        noise = load(p)
        out["noise"].append(Player("noise", None, rng.choice(["yesno", "number", "choice"]),
                                   noise[: 2 * R], str(p)))
    return out


# -- running a trial ------------------------------------------------------------------

@dataclass
class Outcome:
    stopped: bool = False
    verdict: Verdict | None = None
    value: Any = None
    stop_ms: float | None = None
    heard: list[str] = field(default_factory=list)
    unsure: bool = False
    """An answer said back before it counts ("Did you say ten?"): a wrong one is not taken."""


def expectation(prompt: str, options: list[str]) -> tuple[Expectation, Any]:
    """The policy's view of the prompt a trial is asked at, and its grammar over the host."""
    kind, expected, request = prompt_of(prompt, options)
    return Expectation(kind, request), overlap_grammar(VoiceEars.grammar(kind, expected))


def prompt_of(prompt: str, options: list[str]) -> tuple[ReplyKind, list[str], dict[str, Any]]:
    """The prompt a trial is asked at, as the dialogue tells the ears: its kind, the answers
    expected, the judge's request."""
    if prompt == "yesno":
        return ReplyKind.YESNO, ["yes", "no"], {}
    if prompt == "number":
        return ReplyKind.NUMBER, [str(n) for n in range(13)], {"min": 0, "max": 12}
    if prompt == "choice":
        opts = options or ["ocean", "river", "pond"]
        return ReplyKind.CHOICE, opts, {"options": opts, "answer": 0}
    return ReplyKind.COMMAND, [], {}


def loudness(x: np.ndarray, kind: str) -> float:
    """The level a player's clip is set by: its speech's (active_rms), a noise's whole RMS."""
    return active_rms(x) if kind != "noise" else float(np.sqrt(np.mean(x ** 2))) + 1e-12


class Rig:
    """One room at one level: its canceller and listener live as long as a game would."""

    def __init__(self, make_canceller: Callable[[], Any], listener: OverlapListener,
                 policy: BargeInPolicy) -> None:
        self.canceller = make_canceller()
        self.listener = listener
        self.policy = policy
        self.cpu_s = 0.0
        self.host_s = 0.0

    def run(self, text: str, line_s: float, far: np.ndarray, near: np.ndarray,
            expect: Expectation, grammar: Any, player_end_s: float | None) -> Outcome:
        """Play one line: frame by frame through canceller and listener, until the policy
        stops it or the line (and 0.3 s of its echo) is over."""
        self.listener.reset()
        self.listener.expect(grammar)
        out = Outcome()
        far16 = np.clip(far * 32767, -32768, 32767).astype(np.int16)
        near16 = np.clip(near * 32767, -32768, 32767).astype(np.int16)
        vad0 = self.listener.vad_s
        end = min(len(near16), int((line_s + 0.3) * R)) // FRAME * FRAME
        for i in range(0, end, FRAME):
            c0 = time.thread_time()
            res = self.canceller.process(near16[i:i + FRAME], far16[i:i + FRAME])
            self.cpu_s += time.thread_time() - c0
            heard: Overheard | None = self.listener.feed(res, near16[i:i + FRAME])
            if heard is None:
                continue
            span = LineSpan(text, line_s, heard.start_s, heard.speech_end_s)
            best = heard.recognition.alternatives[:1]
            forced = forced_score(heard.recognition)
            decision = self.policy.decide(heard.recognition.heard, expect, span,
                                          best[0].confidence if best else None, forced)
            conf = [a.confidence for a in heard.recognition.alternatives][:1]
            out.heard.append(f"{'/'.join(heard.recognition.heard)} {conf} "
                             f"{'' if forced is None else f'{forced[0]}={forced[1]:.2f} '}-> {decision.why} "
                             f"@{heard.start_s:.2f}-{heard.speech_end_s:.2f} "
                             f"+{heard.decided_s - heard.speech_end_s:.2f}"
                             f"+{heard.decode_s:.2f}s {heard.residual_db:.1f}dB")
            if decision.stops:
                out.stopped, out.verdict, out.unsure = True, decision.verdict, decision.unsure
                u = decision.understood
                out.value = None if u is None else (u.command or u.value)
                if player_end_s is not None:
                    out.stop_ms = ((heard.decided_s - player_end_s + heard.decode_s) * 1000
                                   + OUT_BLOCK_MS)
                break
        self.cpu_s += self.listener.vad_s - vad0
        self.host_s += line_s
        return out


def cancellers(name: str) -> Callable[[], Any]:
    if name == "speexdsp":
        return SpeexCanceller
    if name == "speexdsp-linear":
        return lambda: SpeexCanceller(suppress=False)
    if name == "none":
        class Nothing:
            def process(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
                return near
        return Nothing
    if name == "webrtc":
        try:
            from livekit import rtc
        except ImportError:
            sys.exit("error: --canceller webrtc needs the livekit wheel (pip install livekit)")

        class WebRtc:
            def __init__(self) -> None:
                self.apm = rtc.AudioProcessingModule(echo_cancellation=True,
                                                     high_pass_filter=True)

            def process(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
                self.apm.process_reverse_stream(rtc.AudioFrame(far.tobytes(), R, 1, FRAME))
                frame = rtc.AudioFrame(near.tobytes(), R, 1, FRAME)
                self.apm.set_stream_delay_ms(0)
                self.apm.process_stream(frame)
                return np.frombuffer(bytes(frame.data), dtype=np.int16).copy()
        return WebRtc
    sys.exit(f"error: unknown canceller {name!r}; allowed: speexdsp, speexdsp-linear, "
             "webrtc, none")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speech", type=Path, default=ROOT.parent / "shared" / "speech",
                        help="human recordings, the layout of ../shared/speech")
    parser.add_argument("--canceller", default="speexdsp")
    parser.add_argument("--quick", action="store_true", help="a tenth of the corpus")
    parser.add_argument("--misses", action="store_true", help="print each trial gone wrong")
    parser.add_argument("--trace", action="store_true",
                        help="print every trial, with what was heard over the line and why")
    args = parser.parse_args()
    if not args.speech.is_dir():
        print(f"error: {args.speech} is not a folder; --speech DIR needs the layout of "
              "../shared/speech", file=sys.stderr)
        return 2
    from scipy.signal import fftconvolve

    from voice.hearing.asr.whisper import WhisperRecognizer
    from voice.speaking.tts import Pyttsx3Speaker

    rng = random.Random(args.seed)
    nrng = np.random.default_rng(args.seed)
    scale = 10 if args.quick else 1
    n_quiet = 300 // scale  # lines with nobody speaking, spread over every room and level
    per_kind = 60 // scale * 2  # players of each kind, per signal-to-echo ratio / 2
    started = time.perf_counter()
    speaker = Pyttsx3Speaker.with_phrases()
    lines = []
    for text, options in host_texts(rng):
        clip = speaker.render(text).to_rate(R)
        audio = clip.samples.astype(np.float64) / 32768.0
        if len(audio) / R >= MIN_LINE_S:
            lines.append((text, options, audio))
    rooms = make_rooms(nrng)
    players = {ser: load_players(args.speech, rng, per_kind) for ser in SERS}
    recognizer = WhisperRecognizer(alternatives=3)
    listener = OverlapListener(decoder_for(recognizer))
    policy = BargeInPolicy()
    make = cancellers(args.canceller)
    conditions = [(room, level) for room in rooms for level in LEVELS_DBFS]
    rigs = {(room.name, level): Rig(make, listener, policy) for room, level in conditions}
    trials: list[tuple[str, int | None, Player | None]] = [("quiet", None, None)] * n_quiet
    for ser in SERS:
        trials += [(p.kind, ser, p) for kind in players[ser].values() for p in kind]
    rng.shuffle(trials)

    tally: dict[str, list[int]] = {}
    stop_ms: list[float] = []
    wrong = 0
    self_stops = 0
    at_once = 0  # answers at 0 dB taken without being said back
    for n, (kind, ser, player) in enumerate(trials):
        room, level = conditions[n % len(conditions)]
        text, options, host = lines[rng.randrange(len(lines))]
        line_s = len(host) / R
        drive = DRIVE[level]
        far = np.concatenate([host, np.zeros(R)])
        echo = fftconvolve(np.tanh(drive * far) / np.tanh(drive), room.speaker_rir)[:len(far)]
        echo *= 10 ** (level / 20) / active_rms(echo[:len(host)])
        near = echo + nrng.normal(0, 10 ** (NOISE_DBFS / 20), len(echo))
        prompt = player.prompt if player else rng.choice(["yesno", "number", "choice",
                                                          "command"])
        expect, grammar = expectation(prompt, options)
        end_s: float | None = None
        if player is not None and ser is not None:
            voice = fftconvolve(player.audio, rng.choice(room.player_rirs))[:len(player.audio)
                                                                           + R // 4]
            voice *= 10 ** (level / 20) * 10 ** (ser / 20) / loudness(voice, kind)
            latest = max(0.2, line_s - len(voice) / R - 0.3)
            at = int(rng.uniform(0.15 * line_s, latest) * R)
            near[at:at + len(voice)] += voice[:len(near) - at]
            end_s = at / R + speech_end_s(player.audio)
        out = rigs[(room.name, level)].run(text, line_s, far, near, expect, grammar, end_s)
        key = f"{kind}_{ser}" if ser is not None else kind
        ok = False
        taken = out.verdict is Verdict.STOP_ANSWER and not out.unsure
        if kind == "quiet":
            self_stops += out.stopped
            wrong += taken
            ok = not out.stopped
        elif kind == "command":
            ok = out.verdict is Verdict.STOP_COMMAND and out.value == player.said  # type: ignore[union-attr]
            if ok and out.stop_ms is not None:
                stop_ms.append(out.stop_ms)
        elif kind == "answer":
            ok = out.verdict is Verdict.STOP_ANSWER and out.value == player.said  # type: ignore[union-attr]
            wrong += taken and not ok
            at_once += ok and not out.unsure and ser == 0
        else:
            ok = not out.stopped
            wrong += taken
        tally.setdefault(key, [0, 0])
        tally[key][0] += ok
        tally[key][1] += 1
        if args.trace or (args.misses and (not ok or kind == "command")):
            print(f"{'ok' if ok else 'miss'}: {key} end={end_s or 0:.2f} {room.name} {level:g} dBFS prompt={prompt} "
                  f"said={player.said if player else None} {player.path if player else ''} "
                  f"heard={out.heard} line={text[:50]!r}", file=sys.stderr)

    def rate(key: str) -> float:
        ok, total = tally.get(key, [0, 0])
        return ok / total if total else float("nan")

    false_ok = sum(tally.get(f"{k}_{s}", [0, 0])[0] for k in ("other", "noise") for s in SERS)
    false_n = sum(tally.get(f"{k}_{s}", [0, 0])[1] for k in ("other", "noise") for s in SERS)
    cpu = sum(r.cpu_s for r in rigs.values()) / max(1e-9, sum(r.host_s for r in rigs.values()))
    emit("self_stops", self_stops, "count")
    emit("lines", n_quiet, "count")
    emit("command_stop_rate_0db", rate("command_0"), "share")
    emit("command_stop_rate_m5db", rate("command_-5"), "share")
    emit("answer_rate_0db", rate("answer_0"), "share (taken at once, or said back and confirmed)")
    emit("answer_at_once_0db", at_once / max(1, tally.get("answer_0", [0, 1])[1]), "share")
    emit("wrong_accepted", wrong, "count")
    emit("false_stop_rate", (false_n - false_ok) / max(1, false_n), "share")
    emit("stop_ms_median", statistics.median(stop_ms) if stop_ms else float("nan"), "ms")
    emit("stop_ms_p95", float(np.percentile(stop_ms, 95)) if stop_ms else float("nan"), "ms")
    emit("cpu_share", cpu, "share of one core")
    print(json.dumps({"detail": {k: f"{v[0]}/{v[1]}" for k, v in sorted(tally.items())},
                      "canceller": args.canceller, "seed": args.seed,
                      "seconds": round(time.perf_counter() - started)}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
