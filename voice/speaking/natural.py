"""The natural voice: Piper's en_US-joe-medium (:mod:`voice.speaking.piper`), the host's
reading styles said in it clause by clause.

Speed is Piper's ``length_scale``: longer phonemes, same pitch, so "slow" and "say it
slowly" sound like the same person speaking carefully, not a tape played slowly.

Everything is said clause by clause: a clause is rendered once and kept in a bounded
cache (:class:`ClipCache`), keyed by its exact text and speed, so a line whose
clauses were heard or prepared before starts from memory, and a changed phrase can
never play an old render. :class:`NaturalSpeaker` renders ahead, on a background
thread at low priority, the letters and every fixed clause of the phrases file while
players think; a new line starts playing as soon as its first clause is ready.
"""

from __future__ import annotations

import atexit
import itertools
import logging
import queue
import subprocess
import threading
import time
import tomllib
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from voice.audio.clips import Clip
from voice.audio.devices import MicGate
from voice.errors import UserError
from voice.speaking.audio_out import AudioOut, Playback
from voice.speaking.clauses import Clause, clauses, words_apart
from voice.speaking.heap import give_back_free_memory
from voice.speaking.piper import PiperVoice, trimmed, with_low_priority
from voice.speaking.tts import (
    HUMMED_M,
    LETTER_NAMES,
    ReadingSpeaker,
    VoiceSettings,
    apply_pronounce,
)

log = logging.getLogger("tabletop.natural")

TRIM_EVERY = 32
"""Lines rendered ahead between two returns of the heap's free memory (speaking.heap), and
always when the queue runs dry: a game with the natural voice and Whisper, 100 s from the
start, peaked at 611 MB resident with none."""
LENGTH_SCALES = {"normal": 1.0, "slow": 1.5, "fast": 0.75}
"""Piper's length_scale per rate preset (phoneme duration factor), set so that lines take
about as much longer or shorter as espeak-ng's 130 / 175 / 210 words per minute make them
(x1.35, x0.83): a line's length is not proportional to the scale (measured on a 6-word
line: 2.14 s at 1.0, 2.64 s at 1.35, 1.90 s at 0.83)."""

HUM_IPA = "mːː"
"""The "mmm" of a Missing Word gap, as phonemes (espeak's ``[[m::::]]`` for this voice)."""
HUM_STRETCH = 3.0
"""The hum is said this much slower than the words: 0.6 s of voiced "mmm" at normal
speed (at 1.0 it is a 0.3 s blip, easily missed)."""

LETTER_STRETCH = 1.5
"""Letters are said this much slower than words, and without the voice's random variation
(the same letter is always the same audio). Said alone at word speed they last 0.2-0.3 s
and the recognizer took about 8 of 26 for others (B as V, C as T, A as W, varying from
render to render); slower and fixed, 5 (C, E, L, P, Y: those are in natural.toml)."""
SLOW_LETTER_SCALE = 2.7
"""Piper's length scale for the fixes file's slow letters, at every rate (1.8 times the
slow rate's): the natural voice's G is heard as G at once from this length, as T or G
below it."""

NAME_LETTERS = {name: letter for letter, name in LETTER_NAMES.items()}


class ClipCache:
    """Rendered clauses by (text, speed), least recently used dropped first.

    Bounded by the total audio it holds, so a long game cannot grow memory; keyed by
    the exact text said, so an edited phrase is a new key and never plays stale audio.
    """

    def __init__(self, max_s: float = 1200.0) -> None:
        self.max_s = max_s
        """Most audio kept (seconds; 1,200 s of 22,050 Hz int16 is 53 MB): the phrases
        file's fixed clauses, rendered ahead, are about 560 s at normal speed (1,508
        words), and the game's own lines need room beside them."""
        self._clips: OrderedDict[tuple[str, float], Clip] = OrderedDict()
        self._held_s = 0.0
        self._lock = threading.Lock()

    def get(self, key: tuple[str, float]) -> Clip | None:
        with self._lock:
            clip = self._clips.get(key)
            if clip is not None:
                self._clips.move_to_end(key)
            return clip

    def put(self, key: tuple[str, float], clip: Clip) -> None:
        with self._lock:
            old = self._clips.pop(key, None)
            if old is not None:
                self._held_s -= old.duration_s
            self._clips[key] = clip
            self._held_s += clip.duration_s
            while self._held_s > self.max_s and len(self._clips) > 1:
                _, dropped = self._clips.popitem(last=False)
                self._held_s -= dropped.duration_s

    @property
    def held_s(self) -> float:
        """Audio held now (seconds)."""
        return self._held_s

    def __len__(self) -> int:
        return len(self._clips)

    def __contains__(self, key: object) -> bool:
        return key in self._clips


@dataclass(frozen=True)
class NaturalFixes:
    """Where the natural voice is not understood, and what says it instead
    (``voice/speaking/phrases/natural.toml``, made by ``tools/check_natural_voice.py``)."""

    espeak_letters: frozenset[str] = frozenset()
    """Letters (a-z) spelled by espeak-ng."""
    slow_letters: frozenset[str] = frozenset()
    """Letters (a-z) this voice says slowly (:data:`SLOW_LETTER_SCALE`) whatever the rate
    (said shorter, the recognizer hears another letter)."""
    espeak_words: frozenset[str] = frozenset()
    """Words (lower case) said by espeak-ng, wherever they are in a line (each is made a
    clause of its own: :func:`words_apart`)."""
    respell: Mapping[str, str] = field(default_factory=dict)
    """Word -> a spelling the natural voice says right."""


def load_fixes() -> NaturalFixes:
    """The shipped fixes file."""
    text = resources.files("voice.speaking.phrases").joinpath("natural.toml").read_text(
        encoding="utf-8")
    data = tomllib.loads(text)
    return NaturalFixes(frozenset(str(x).lower() for x in data.get("espeak_letters", [])),
                        frozenset(str(x).lower() for x in data.get("slow_letters", [])),
                        frozenset(str(x).lower() for x in data.get("espeak_words", [])),
                        {str(k).lower(): str(v) for k, v in data.get("respell", {}).items()})


_VOICE: PiperVoice | None = None
_VOICE_LOCK = threading.Lock()


def shared_voice() -> PiperVoice:
    """The one loaded voice of the process (63 MB of weights; loading takes ~0.5 s)."""
    global _VOICE
    with _VOICE_LOCK:
        if _VOICE is None:
            _VOICE = PiperVoice()
        return _VOICE


class NaturalSpeaker(ReadingSpeaker):
    """The reading styles of :class:`ReadingSpeaker` in the natural voice, clause by clause.

    ``fallback`` (an espeak-ng speaker) says a line this voice cannot say.
    """

    def __init__(self, out: AudioOut | None = None, settings: VoiceSettings | None = None,
                 pronounce: Mapping[str, str] | None = None, gate: MicGate | None = None,
                 clock: Callable[[], float] = time.monotonic, *,
                 voice: PiperVoice | None = None, cache: ClipCache | None = None,
                 fallback: ReadingSpeaker | None = None,
                 fixes: NaturalFixes | None = None) -> None:
        self.fixes = fixes or NaturalFixes()
        super().__init__(out, settings, {**(pronounce or {}), **self.fixes.respell}, gate, clock)
        self.voice = voice or shared_voice()
        self.cache = cache or ClipCache()
        self.fallback = fallback
        self._ahead: queue.PriorityQueue[tuple[int, int, int, str]] = queue.PriorityQueue()
        self._queued = itertools.count()
        self._batches = itertools.count()
        self._worker: threading.Thread | None = None
        self._closing = threading.Event()
        self._lines: set[threading.Thread] = set()
        """Threads playing a line whose rest may still be rendering."""
        _SPEAKERS.add(self)

    @staticmethod
    def with_phrases(out: AudioOut | None = None, settings: VoiceSettings | None = None,
                     lang: str = "en", *, ahead: bool = True, game: str | None = None,
                     **kw: Any) -> NaturalSpeaker:
        """A speaker with the phrases file's ``[pronounce]`` table and the fixes file;
        ``ahead``: the letters and the phrases' fixed clauses queued to render ahead (of
        ``game``'s phrases and the common ones; None: of every game's)."""
        from voice.speaking.phrases import Phrases

        phrases = Phrases.load(lang)
        speaker = NaturalSpeaker(out, settings, phrases.pronounce, fixes=load_fixes(), **kw)
        if ahead:
            speaker.prepare_letters()
            speaker.prepare(fixed_lines(phrases.templates, game), soon=False)
        return speaker

    @property
    def length_scale(self) -> float:
        return LENGTH_SCALES[self.settings.rate]

    # -- rendering --------------------------------------------------------------------

    def _clauses(self, text: str) -> list[Clause]:
        """The clauses ``text`` (pronunciations applied) is said in, the fixes' words apart."""
        apart = self.fixes.espeak_words if self.fallback is not None else frozenset()
        return words_apart(clauses(text), apart)

    def _render_raw(self, text: str) -> Clip:
        return self._render_clauses(self._clauses(text))

    def _render_clauses(self, parts: list[Clause], stretch: float = 1.0) -> Clip:
        """The clauses joined by their pauses; in espeak-ng's voice (one warning) when this
        voice cannot say one of them."""
        try:
            return self._join(parts, self._clips(parts, stretch))
        except UserError as exc:
            if self.fallback is None:
                raise
            text = " ".join(c.text + c.punct for c in parts)
            log.warning("the natural voice cannot say %r (%s); espeak-ng says it", text[:60], exc)
            return self.fallback._render_raw(text).to_rate(self.voice.rate_hz)

    def _clips(self, parts: list[Clause], stretch: float = 1.0, *,
               ahead: bool = False) -> list[Clip]:
        """Each clause's audio, from the cache or rendered now (one espeak-ng run for all),
        ``stretch`` times slower than the rate says (``ahead``: rendered ahead)."""
        scale = self.length_scale * stretch
        found = [self.cache.get((c.text + c.punct, scale)) for c in parts]
        missing = [i for i, clip in enumerate(found) if clip is None and parts[i].text != HUMMED_M]
        ipa = dict(zip(missing, self.voice.phonemes([parts[i].text for i in missing]),
                       strict=True))
        out: list[Clip] = []
        for i, (part, clip) in enumerate(zip(parts, found, strict=True)):
            if clip is None:
                if self.fallback is not None and part.text.lower() in self.fixes.espeak_words:
                    clip = trimmed(self.fallback._render_raw(part.text + part.punct)
                                   .to_rate(self.voice.rate_hz))
                elif part.text == HUMMED_M:
                    clip = self.voice.synthesize(HUM_IPA, part.punct, scale * HUM_STRETCH,
                                                 ahead=ahead)
                else:
                    clip = self.voice.synthesize(ipa[i], part.punct, scale, ahead=ahead)
                self.cache.put((part.text + part.punct, scale), clip)
            out.append(clip)
        return out

    def _join(self, parts: list[Clause], clips: list[Clip]) -> Clip:
        rate = self.voice.rate_hz
        pieces: list[Clip] = []
        for i, (part, clip) in enumerate(zip(parts, clips, strict=True)):
            pieces.append(clip)
            if i < len(parts) - 1:
                pieces.append(Clip.silence(part.pause_s * self.length_scale, rate))
        return Clip.join(pieces, rate)

    def _letter(self, name: str) -> Clip:
        """A letter name, said slower than words (:data:`LETTER_STRETCH`), or by espeak-ng
        or slowly at every rate where the fixes file says this voice's letter is not
        understood otherwise."""
        letter = NAME_LETTERS.get(name)
        if self.fallback is not None and letter in self.fixes.espeak_letters:
            return self.fallback._letter(name).to_rate(self.voice.rate_hz)
        scale = self.length_scale * LETTER_STRETCH
        if letter in self.fixes.slow_letters:
            scale = SLOW_LETTER_SCALE
        key = (name, scale, self.settings.voice)
        if key not in self._letters:
            ipa = self.voice.phonemes([name])[0]
            clip = self.voice.synthesize(ipa, ".", scale, varied=False)
            self._letters[key] = trimmed(clip, floor=300)
        return self._letters[key]

    def cached(self, text: str) -> bool:
        """Whether every clause of ``text`` (as it would be said) is in memory."""
        scale = self.length_scale
        return all((c.text + c.punct, scale) in self.cache
                   for c in self._clauses(apply_pronounce(text, self.pronounce)))

    # -- rendering ahead ---------------------------------------------------------------

    def prepare(self, lines: Iterable[str], *, soon: bool = True) -> None:
        """Render these lines' clauses in the background, at low priority, into the cache;
        lines wanted ``soon`` (the game's next lines) before the phrases file's fixed
        clauses, the latest first: the game's newest guess at what it says next counts
        (in the in-memory Word Up demo, a reply waited behind 150-200 clauses queued for
        questions never asked)."""
        batch = next(self._batches)
        self._queue(lines, (0, -batch) if soon else (1, batch))

    def prepare_letters(self) -> None:
        """The letter names at the current speed, for spelling without a wait: before any
        line (a spelling is read back letter by letter, and each letter is short)."""
        self._queue((f"\0letter {name}" for name in LETTER_NAMES.values()), (-1, 0))

    def _queue(self, lines: Iterable[str], rank: tuple[int, int]) -> None:  # lowest first
        for line in lines:
            self._ahead.put((*rank, next(self._queued), line))
        if self._worker is None or not self._worker.is_alive():
            self._worker = threading.Thread(target=self._render_ahead, daemon=True,
                                            name="natural-voice-ahead")
            self._worker.start()

    def close(self) -> None:
        """Stop rendering ahead, waiting for the clause being rendered (onnxruntime must not
        be running when the interpreter shuts down: it aborts the process)."""
        self._closing.set()
        self.stop()
        for thread in [self._worker, *self._lines]:
            if thread is not None and thread is not threading.current_thread():
                thread.join(10.0)

    def _render_ahead(self) -> None:
        with_low_priority()
        rendered = 0
        while not self._closing.is_set():
            try:
                *_, line = self._ahead.get(timeout=1.0)
            except queue.Empty:
                return
            try:
                if line.startswith("\0letter "):
                    self._letter(line.removeprefix("\0letter "))
                else:
                    parts = self._clauses(apply_pronounce(line, self.pronounce))
                    self._clips([c for c in parts if "{" not in c.text], ahead=True)
            except (UserError, OSError, subprocess.SubprocessError) as exc:
                log.info("natural voice: cannot render ahead %r: %s", line[:40], exc)
            rendered += 1
            if self._ahead.empty() or rendered % TRIM_EVERY == 0:
                give_back_free_memory()

    # -- saying -----------------------------------------------------------------------

    def say(self, text: str) -> Playback:
        """Say a line; an uncached line starts playing as soon as its first clause is ready."""
        parts = self._clauses(apply_pronounce(text, self.pronounce))
        scale = self.length_scale
        if len(parts) < 2 or all((c.text + c.punct, scale) in self.cache for c in parts):
            return self.play(self.render(text))
        first = self._render_clauses(parts[:1])
        head = Clip.join([first, Clip.silence(parts[0].pause_s * scale, first.rate_hz)],
                         first.rate_hz)
        # the whole line's length until its rest is rendered: the first clause's speech in
        # proportion to the characters, and every clause's pause
        share = len(parts[0].text) / max(1, sum(len(c.text) for c in parts))
        estimate = (first.duration_s / max(share, 1e-3)
                    + sum(c.pause_s for c in parts) * scale)
        return self._play_stream(head, lambda: self._render_clauses(parts[1:]), estimate)

    def _play_stream(self, head: Clip, rest: Callable[[], Clip], expected_s: float) -> Playback:
        """Play ``head`` now and ``rest()`` (rendered meanwhile) right after it, as one line
        (``expected_s``: the whole line's length, estimated until the rest is rendered)."""
        self.stop()
        self.gate.speech_started()
        line = Playback(head.duration_s, expected_s=expected_s)
        current: list[Playback] = []
        halted = threading.Event()

        def halt() -> None:
            halted.set()
            for pb in current:
                pb.stop()

        line._stopper = halt

        def run() -> None:
            try:
                first = self.out.play(head)
                current.append(first)
                try:
                    tail: Clip | None = rest()
                except (UserError, OSError, subprocess.SubprocessError) as exc:
                    log.warning("natural voice: %s", exc)  # the line stops after its head
                    tail = None
                line.expected_s = head.duration_s + (tail.duration_s if tail else 0.0)
                first.wait()
                line.first_audio_s = first.first_audio_s
                if tail is not None and not halted.is_set():
                    second = self.out.play(tail)
                    current.append(second)
                    line.duration_s += tail.duration_s
                    second.wait()
            finally:
                line._done.set()
                self.gate.speech_ended(self._clock())
                self._lines.discard(threading.current_thread())

        self._current = line
        thread = threading.Thread(target=run, daemon=True, name="natural-voice-line")
        self._lines.add(thread)
        thread.start()
        return line


_SPEAKERS: weakref.WeakSet[NaturalSpeaker] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    for speaker in list(_SPEAKERS):
        speaker.close()


GAME_SECTIONS = frozenset({"wordup", "sportleisure", "wordstreet"})
"""The phrases file's sections that belong to one game each: the games of
``voice.hosting.host.GAME_TITLES``, which this layer cannot import (a test keeps the two
the same)."""


def fixed_lines(templates: Mapping[str, list[str]], game: str | None = None) -> list[str]:
    """Every variant of every phrase the host may say in ``game`` (None: in any game), the
    shortest first: the replies said most often ("Right!", "Not quite.") are short, and are
    ready within seconds of the start instead of after a minute of longer lines. Their
    clauses with a ``{field}`` are left out when rendering ahead (a name or a score is only
    known when it is said)."""
    def said_in_game(key: str) -> bool:
        section = key.split(".")[0]
        return game is None or section == game or section not in GAME_SECTIONS

    return sorted((variant for key, variants in templates.items() if said_in_game(key)
                   for variant in variants), key=len)
