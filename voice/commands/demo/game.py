"""``tabletop demo``: a whole game with simulated players speaking to the real app.

Nothing is faked between the players and the product: each reply is
rendered by the real TTS (espeak-ng through pyttsx3), resampled to 16 kHz and
fed to the real recognizer with the prompt's grammar, and the app runs its
real Dialogue, Driver and game host, speaking through the real TTS too. So
the demo measures what a table would feel: recognition of spoken replies and
the time from the end of a player's audio to the first audio of the app's
answer.

Where time is counted: audio in memory is fed to the recognizer as fast as it
decodes, so the recognizer's end-of-speech silence takes no time, and the
decodes it makes while that silence passes (on a live microphone, in real
time) follow one another. The reply is timed as a live microphone would time
it: the silence, then the part of the last decode that outlasted it
(``Recognition.final_ms``), then the app's own work up to its first clip. With
``--loopback`` the reply is played into the sound system and recorded from its
monitor, so the silence and the decodes run in real time, as at a table.

The app's reply is "ready" when its first clip is rendered and handed to the
speaker (:class:`ReplyMeter`): the dialogue's own latency list is taken
before the mouth renders, so it would leave out the TTS.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TextIO

import numpy as np

from voice.audio.clips import ASR_RATE_HZ, Clip
from voice.commands.demo.players import PlayerPolicy, Utterance, spoken_letters
from voice.errors import UsageError
from voice.games import game_module
from voice.hearing.asr.base import Recognizer
from voice.hosting.dialogue import Dialogue
from voice.hosting.driver import Driver
from voice.hosting.exchange import Ask, Heard
from voice.hosting.host import PlayOptions
from voice.hosting.session import SaveSlot, data_dir, rng_from_json
from voice.hosting.text_adapter import Transcript
from voice.hosting.voice_adapter import VoiceEars
from voice.reply_kind import ReplyKind
from voice.speaking.audio_out import AudioOut, MemorySink, Playback
from voice.speaking.phrases import Phrases
from voice.speaking.tts import Pyttsx3Speaker, ReadingSpeaker, VoiceSettings
from voice.speaking.voices import VoiceKind, open_speaker

if TYPE_CHECKING:
    from voice.audio.null_sink import NullSink

GAMES = ("wordup", "sportleisure", "wordstreet")

TEAMS = [("Red", ["Anna", "Ben"]), ("Blue", ["Carl", "Dora"])]


@dataclass(frozen=True)
class DemoSetup:
    """A short game of one kind: who plays, which variant, and how it is described."""

    options: Callable[[int], PlayOptions]
    note: str
    """What the first transcript line says about the shortened game."""
    names: Callable[[PlayOptions], list[str]]


SETUPS: dict[str, DemoSetup] = {
    "wordup": DemoSetup(
        lambda seed: PlayOptions("wordup", players=[("Anna", 2), ("Ben", 3)],
                                 variant={"tokens": "1"}, seed=seed),
        "Word Up, shorter game: one token of each colour wins (--variant tokens=1)",
        lambda o: [n for n, _ in o.players]),
    "sportleisure": DemoSetup(
        lambda seed: PlayOptions("sportleisure", teams=TEAMS, variant={"first": "Red"},
                                 seed=seed),
        "Best of Sport and Leisure, full game as the sheet has it (Red plays first)",
        lambda o: [n for n, _ in o.teams]),
    "wordstreet": DemoSetup(
        lambda seed: PlayOptions("wordstreet", teams=TEAMS,
                                 variant={"quick": "2", "timer": "5", "first": "Red"},
                                 seed=seed),
        "Word on the Street Junior, quick play: 2 turns a team, 5-second timer",
        lambda o: [n for n, _ in o.teams]),
}

PLAYER_VOICE = "gmw/en-us"
"""The simulated players' espeak-ng voice (American; the host speaks British English)."""
HOST_VOICE = "gmw/en"
PLAYER_LEVEL_DBFS = -35.0
"""Loudness of a player's voice at the microphone (RMS, dBFS): a voice across a table.
(Whisper raises a segment quieter than -26 dBFS peak before decoding, so a farther
voice is heard too; a repeat varies by up to 6 dB either way.)"""
MAX_REPLIES = 400
"""A guard: after this many replies the players leave (the game is saved as quit)."""


class _Speaker(Pyttsx3Speaker):
    """A speaker with a fixed voice, whose id is looked up once.

    ``Pyttsx3Speaker._voice_id`` lists the voices while holding the engine
    lock, which ``list_voices`` takes again (a deadlock when a voice is set).
    """

    def __init__(self, voice: str, out: AudioOut | None = None, **kw: Any) -> None:
        super().__init__(out, VoiceSettings(voice=voice), **kw)
        self._vid = voice

    def _voice_id(self) -> str | None:
        return self._vid


# -- latency -----------------------------------------------------------------------------


class ReplyMeter:
    """End of a player's audio -> first clip of the app's reply ready to play (ms)."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.pending: float | None = None
        self.latencies_ms: list[float] = []
        self._reply: Reply | None = None

    def heard(self, end_s: float, reply: Reply | None = None) -> None:
        self.pending = end_s
        self._reply = reply

    def ready(self) -> None:
        if self.pending is not None:
            ms = (self.clock() - self.pending) * 1000.0
            self.latencies_ms.append(ms)
            if self._reply is not None:
                self._reply.latency_ms = ms
            self.pending = None


class MeteredOut:
    """The app's speaker: notes when each clip is ready, then plays it (or keeps it)."""

    def __init__(self, meter: ReplyMeter, inner: AudioOut | None = None) -> None:
        self.meter = meter
        self.inner: AudioOut = inner if inner is not None else MemorySink()

    def play(self, clip: Clip) -> Playback:
        self.meter.ready()
        if isinstance(self.inner, MemorySink):
            pb = Playback(clip.duration_s)
            pb._done.set()
            return pb
        return self.inner.play(clip)


# -- the players' side -----------------------------------------------------------------


LEAD_S = 0.3
"""Silence before a player's reply (seconds): a microphone is open before anyone speaks,
and without it the first word's onset is lost to the voice detector's pre-roll (Alpha,
the first word of a spelling, was heard as D)."""


class TimedSource:
    """A clip fed to a recognizer as if live, noting when its last voiced sample was read."""

    def __init__(self, clip: Clip, clock: Callable[[], float], tail_s: float = 1.0,
                 lead_s: float = LEAD_S) -> None:
        self.rate_hz = ASR_RATE_HZ
        lead = np.zeros(int(lead_s * ASR_RATE_HZ), dtype=np.int16)
        speech = np.concatenate([lead, clip.to_rate(ASR_RATE_HZ).samples])
        self._speech_bytes = len(speech) * 2
        self.speech_s = len(speech) / ASR_RATE_HZ
        """Length of the audio up to the end of the voice (seconds), before the silence
        that follows."""
        pad = np.zeros(int(tail_s * ASR_RATE_HZ), dtype=np.int16)
        self._pcm = np.concatenate([speech, pad]).astype("<i2").tobytes()
        self._pos = 0
        self._clock = clock
        self.end_s: float | None = None

    def read(self, frames: int) -> bytes:
        chunk = self._pcm[self._pos:self._pos + frames * 2]
        self._pos += len(chunk)
        if self.end_s is None and self._pos >= self._speech_bytes:
            self.end_s = self._clock()
        return chunk

    def close(self) -> None:
        self._pos = len(self._pcm)


def at_level(clip: Clip, dbfs: float) -> Clip:
    """The clip scaled to an RMS loudness of ``dbfs``, its silent ends trimmed."""
    x = clip.samples.astype(np.float64)
    loud = np.nonzero(np.abs(x) > 300)[0]
    if len(loud):
        pad = clip.rate_hz // 100
        x = x[max(0, loud[0] - pad): loud[-1] + pad]
    rms = float(np.sqrt(np.mean(x * x))) if len(x) else 0.0
    if rms > 0:
        x *= (10 ** (dbfs / 20) * 32768.0) / rms
    return Clip(np.clip(np.round(x), -32768, 32767).astype(np.int16), clip.rate_hz)


@dataclass
class Reply:
    """One spoken reply and how it was understood."""

    said: str
    heard: tuple[str, ...]
    recognised: bool
    kind: str = ""
    latency_ms: float | None = None
    """End of this reply's audio to the app's first clip after it (milliseconds)."""


class DemoDialogue(Dialogue):
    """The real dialogue, which also lets the players see the Ask being asked."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.asks: list[Ask] = []

    def ask(self, ask: Ask) -> Any:
        self.asks.append(ask)
        try:
            return super().ask(ask)
        finally:
            self.asks.pop()

    def meaning(self, ask: Ask | None, nbest: Sequence[str]) -> tuple[Any, ...]:
        """What the app makes of ``nbest`` at ``ask``: (command, verdict, value)."""
        heard = Heard(tuple(nbest))
        if ask is None:
            from voice.understanding.judge import parse_command
            text = " ".join(nbest[0].split()) if nbest else ""
            return ("bare", parse_command(text) if text else None, text)
        intent = self._intent(ask, heard)
        if intent is not None:
            return ("intent", intent.value)
        u = self._understand(ask, heard)
        return (u.command, u.verdict, _plain(u.value))


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _plain(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    return value


class SimulatedEars:
    """The table: players who speak their replies into the real recognizer."""

    def __init__(self, recognizer: Recognizer, voice: Pyttsx3Speaker, policy: PlayerPolicy,
                 meter: ReplyMeter, *, clock: Callable[[], float] = time.perf_counter,
                 loopback: Loopback | None = None, max_replies: int = MAX_REPLIES) -> None:
        self.recognizer = recognizer
        self.voice = voice
        self.policy = policy
        self.meter = meter
        self.clock = clock
        self.loopback = loopback
        self.max_replies = max_replies
        self.dialogue: DemoDialogue | None = None
        self.replies: list[Reply] = []
        self._again = 0

    def listen(self, kind: ReplyKind, expected: Sequence[str], timeout_s: float) -> Heard:
        if len(self.replies) >= self.max_replies:
            return Heard(("quit",), self.clock(), ended=True)
        dialogue = self.dialogue
        ask = dialogue.asks[-1] if dialogue is not None and dialogue.asks else None
        if ask is not None and ask.expect != kind:
            ask = None  # a listen of its own inside the Ask (pause, brainstorm)
        utterance = self.policy.reply(kind, expected, ask)
        level = self._level(utterance)
        clip = at_level(self.render(utterance), level)
        if self.loopback is not None:
            heard, end_s = self.loopback.hear(self.recognizer, clip, kind, expected, timeout_s)
        else:
            source = TimedSource(clip, self.clock)
            ears = VoiceEars(self.recognizer, source)  # the game's own listening path
            heard = ears.listen(kind, expected, timeout_s)
            returned = self.clock()
            end_s = source.end_s if source.end_s is not None else returned
            rec = ears.last
            if rec is not None and rec.alternatives:
                # Timed as on a live microphone: the silence that ends the reply passes in
                # real time, and the decodes made during it run while it does, so only the
                # part that outlasted it (final_ms) delays the reply. In memory the silence
                # takes no time and the decodes follow one another: the reply is timed from
                # the end of the voiced audio as if that silence had passed.
                waited_s = max(0.0, rec.result_at_ms / 1000.0 - source.speech_s)
                end_s = returned - waited_s - rec.final_ms / 1000.0
        nbest = heard.nbest
        recognised = True
        if dialogue is not None:
            meant = dialogue.meaning(ask, (utterance.text,))
            recognised = bool(nbest) and dialogue.meaning(ask, nbest) == meant
        self.policy.last_recognised = recognised
        self.policy.last_said = utterance.text
        reply = Reply(utterance.text, nbest, recognised, kind)
        self.replies.append(reply)
        if not recognised and dialogue is not None:
            dialogue.transcript("said", utterance.text)
        if nbest:
            self.meter.heard(end_s, reply)
        # as the ears heard it (unsure, noisy: what the host says back or asks about)
        return replace(heard, end_s=end_s, timed_out=not nbest)

    def _level(self, utterance: Utterance) -> float:
        """People say a thing again a little differently: a repeat is slower and louder or softer.

        Without this a reply the recognizer mishears is misheard the same way every time
        (a mishearing taken for a command does not use up a try, so that would never end).
        """
        last = self.replies[-1].said if self.replies else None
        self._again = self._again + 1 if utterance.text == last else 0
        self.voice.settings.rate = ("normal", "slow", "fast")[self._again % 3]
        if not self._again:
            return PLAYER_LEVEL_DBFS
        return PLAYER_LEVEL_DBFS + self.policy.rng.uniform(-6.0, 6.0)

    def render(self, utterance: Utterance) -> Clip:
        if not utterance.spelled:
            return self.voice.render(utterance.text)
        # the word first where the player names it, then a breath before its letters
        parts: list[Clip] = ([self.voice.render(utterance.named), Clip.silence(0.6, 22050)]
                             if utterance.named else [])
        if self.policy.spell_style == "names":
            return Clip.join([*parts, self.voice.render_spelled(utterance.spelled)], 22050)
        # NATO words one by one with a pause, as people spell with them (about half a
        # second between words; a letter's end is heard after 0.3 s).
        for word in spoken_letters(utterance.spelled, "nato").split():
            parts += [self.voice.render(word), Clip.silence(0.45, 22050)]
        return Clip.join(parts, 22050)


# -- loopback through the sound system ---------------------------------------------------


PLAYER_SOUND = 300
"""A recorded sample louder than this (of 32,768) is the player's voice: the silence of a
null sink's monitor is 0, and the players' clips are cut where they fall under 300."""


class Loopback:
    """Players' audio played on an output and recorded from its monitor (PulseAudio).

    The player's end of speech is the last loud sample the microphone received, as for the
    in-memory players (the last voiced sample read): the output's own end (its finished
    callback) comes while its buffer still plays, about 75 ms before the sound ends."""

    def __init__(self, output: str | int | None, monitor: str | int | None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        from voice.audio.devices import MicGate
        from voice.hearing.audio_in import MicSource
        from voice.speaking.audio_out import SpeakerOut
        self.gate = MicGate(tail_s=0.0)
        self.out = SpeakerOut(output)
        self.mic = MicSource(monitor, self.gate)
        self.clock = clock

    def hear(self, recognizer: Recognizer, clip: Clip, kind: ReplyKind, expected: Sequence[str],
             timeout_s: float) -> tuple[Heard, float]:
        """What the recognizer heard of ``clip`` played on the output, and when the player's
        last sound reached the microphone (the demo's clock; the reply is timed from it)."""
        self._drain()
        lead = Clip.silence(0.3, clip.rate_hz)
        last_sound: list[float] = []
        started = self.clock()

        def heard_block(block: bytes, _captured: float) -> None:
            samples = np.frombuffer(block, dtype=np.int16)
            loud = np.flatnonzero(np.abs(samples) > PLAYER_SOUND)
            if loud.size:  # the block has just arrived: its last loud sample, that long ago
                at = self.clock() - (len(samples) - 1 - loud[-1]) / self.mic.device_rate_hz
                if at > started:
                    last_sound.append(at)

        self.mic.tap = heard_block
        pb = self.out.play(Clip.join([lead, clip], clip.rate_hz))
        try:
            heard = VoiceEars(recognizer, self.mic).listen(kind, expected, timeout_s)
        finally:
            self.mic.tap = None
        pb.wait(30)
        return heard, last_sound[-1] if last_sound else self.clock()

    def close(self) -> None:
        self.mic.close()

    def _drain(self) -> None:
        """Forget audio recorded while nobody was listening (the app's own speech)."""
        q = self.mic._queue
        while not q.empty():
            q.get_nowait()
        self.mic._buf = b""


def open_loopback(output: str | int | None,
                  monitor: str | int | None) -> tuple[Loopback, NullSink | None]:
    """The loopback on the given devices, or on the system's default ones; with no sound
    server at all (no output device), on a private PulseAudio null sink started for the
    game, which the caller stops. An AudioError says in one line how to start one."""
    from voice.audio.clips import AudioError
    from voice.audio.null_sink import NullSink
    try:
        return Loopback(output, monitor), None
    except AudioError as exc:
        if output is not None or monitor is not None or "no output device" not in str(exc):
            raise
    sink = NullSink(f"tabletop_demo_{os.getpid()}").start()
    print(f"tabletop: no sound server; the demo plays into a private PulseAudio null sink "
          f"({sink.sink}), stopped when it ends", file=sys.stderr, flush=True)
    try:
        return Loopback("pulse", "pulse"), sink
    except AudioError:
        sink.stop()
        raise


# -- running a game ------------------------------------------------------------------------


@dataclass
class DemoResult:
    """Figures of one demo game."""

    game: str
    turns: int
    replies: list[Reply]
    latencies_ms: list[float]
    winners: list[str]
    seconds: float
    """Wall-clock time of the whole game (seconds)."""
    quit: bool = False
    dialogue_latencies_ms: list[float] = field(default_factory=list)

    @property
    def recognised(self) -> int:
        return sum(r.recognised for r in self.replies)

    def latencies(self, spelled: bool) -> list[float]:
        """Reply latencies (ms) after spellings, or after every other answer.

        A spelling ends only when no new letter comes for a second (a speller
        pauses between letters), so its replies are timed apart from answers
        the prompt makes complete (a yes/no, a number, an option, a word).
        """
        return [r.latency_ms for r in self.replies
                if r.latency_ms is not None and (r.kind == ReplyKind.SPELLING) == spelled]

    @property
    def median_ms(self) -> float:
        answers = self.latencies(spelled=False)
        return statistics.median(answers) if answers else 0.0

    @property
    def p90_ms(self) -> float:
        return percentile(self.latencies(spelled=False), 90)

    def figures(self) -> str:
        winner = "+".join(self.winners) if self.winners else "none"
        spelled = self.latencies(spelled=True)
        spelling = f"{statistics.median(spelled):.0f}" if spelled else "none"
        return (f"turns={self.turns} recognised={self.recognised}/{len(self.replies)} "
                f"median_ms={self.median_ms:.0f} p90_ms={self.p90_ms:.0f} "
                f"spelling_median_ms={spelling} winner={winner}")


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, int(np.ceil(pct / 100 * len(ordered))))
    return ordered[rank - 1]


def build_recognizer(asr: str) -> tuple[Recognizer, str]:
    from voice.hearing.asr import select
    if asr == "text":
        raise UsageError("the demo speaks to a recognizer; --asr takes auto, vosk or whisper")
    recognizer, reason = select.open_recognizer(
        asr, note=lambda text: print(f"tabletop: {text}", file=sys.stderr, flush=True))
    if recognizer.name == "text":
        raise UsageError(f"no speech recognizer for the demo: {reason}")
    return recognizer, recognizer.name


def run_demo(game: str, seed: int, **kw: Any) -> DemoResult:
    """Play one short game of ``game`` with simulated players; print its transcript.

    The simulated players' saves and learner profiles go to a temporary data
    folder, never the user's.
    """
    before = os.environ.get("TABLETOP_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="tabletop-demo-") as tmp:
        os.environ["TABLETOP_DATA_DIR"] = tmp
        try:
            return _run_demo(game, seed, **kw)
        finally:
            if before is None:
                os.environ.pop("TABLETOP_DATA_DIR", None)
            else:
                os.environ["TABLETOP_DATA_DIR"] = before


def _run_demo(game: str, seed: int, *, asr: str = "auto", p_correct: float = 0.7,
             loopback: bool = False, out: TextIO | None = None,
             spell_style: str = "nato", recognizer: Recognizer | None = None,
             output: str | int | None = None, monitor: str | int | None = None,
             voice: VoiceKind = VoiceKind.ESPEAK) -> DemoResult:
    if game not in SETUPS:
        raise UsageError(f"unknown game {game!r} for demo; allowed: {', '.join(GAMES)}")
    if not 0.0 <= p_correct <= 1.0:
        raise UsageError(f"--p-correct must be between 0 and 1, got {p_correct}")
    engine = "given"
    if recognizer is None:
        recognizer, engine = build_recognizer(asr)
    else:
        engine = getattr(recognizer, "name", engine)
    setup = SETUPS[game]
    options = setup.options(seed)
    rng = random.Random(seed)
    host = game_module(game).new_host(options, rng)
    names = setup.names(options)
    transcript = Transcript(out)
    where = "through the sound system (loopback)" if loopback else "audio in memory"
    print(f"DEMO {setup.note}; seed {seed}; {engine}, {where}; host's voice {voice}; players right "
          f"{p_correct:.0%} of the time", file=transcript.out, flush=True)

    meter = ReplyMeter()
    lb, own_sink = open_loopback(output, monitor) if loopback else (None, None)
    app_out: AudioOut | None = None
    if lb is not None:
        app_out = lb.out
    mouth_speaker: ReadingSpeaker
    if voice is VoiceKind.NATURAL:
        mouth_speaker, _ = open_speaker(voice, MeteredOut(meter, app_out),
                                        note=lambda line: print(line, file=transcript.out),
                                        game=game)
    else:
        mouth_speaker = _Speaker(HOST_VOICE, MeteredOut(meter, app_out),
                                 pronounce=Phrases.load().pronounce)
    from voice.hosting.voice_adapter import VoiceMouth
    mouth = VoiceMouth(mouth_speaker)
    policy = PlayerPolicy(random.Random(seed * 7919 + 1), p_correct, spell_style)
    ears = SimulatedEars(recognizer, _Speaker(PLAYER_VOICE), policy, meter, loopback=lb)
    dialogue = DemoDialogue(mouth, ears, Phrases.load(), host, transcript=transcript)
    ears.dialogue = dialogue
    if game == "wordstreet":
        table = dialogue  # the host in play, also after a resume
        policy.wordstreet_words = lambda: _street_words(table.table)
    host.verbose = dialogue.settings.verbose
    started = time.perf_counter()
    try:
        outcome, turns, host = _play(game, host, dialogue, ears, rng)
    finally:
        if lb is not None:
            lb.close()
        if own_sink is not None:
            own_sink.stop()
    seconds = time.perf_counter() - started
    winners = [names[i] for i in outcome.winners if 0 <= i < len(names)]
    result = DemoResult(game, turns, ears.replies, meter.latencies_ms, winners, seconds,
                        outcome.quit, list(dialogue.latencies_ms))
    print(result.figures(), file=transcript.out, flush=True)
    return result


def _play(game: str, host: Any, dialogue: DemoDialogue, ears: SimulatedEars,
          rng: random.Random) -> tuple[Any, int, Any]:
    """Run the game; when a reply misheard as "quit" saved it, the table resumes it."""
    slot = SaveSlot(data_dir() / "saves")
    outcome = Driver(host, dialogue, rng, slot=slot).run()
    turns = outcome.turns
    while outcome.quit and len(ears.replies) < ears.max_replies and slot.exists():
        # A reply misheard as "quit" saved the game: the table resumes it, as
        # people would with `tabletop play --resume`.
        dialogue.transcript("said", "(the table resumes the game)")
        saved = slot.read()
        host = game_module(game).load_host(saved.setup, saved.state)
        host.verbose = dialogue.settings.verbose
        dialogue.table = host
        rng = rng_from_json(saved.rng)
        outcome = Driver(host, dialogue, rng, slot=slot, actions=saved.actions).run()
        turns = outcome.turns
    return outcome, turns, host


def _street_words(host: Any) -> list[str]:
    """Words that fit the Word on the Street card in play (its accepted answers)."""
    try:
        st = host.engine
        return list(host.deck.side(int(st.card), st.settings.side).accept)
    except (AttributeError, TypeError, ValueError):
        return []

