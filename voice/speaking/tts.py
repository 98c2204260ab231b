"""Speech out: pyttsx3 renders to a clip, :mod:`voice.speaking.audio_out` plays it.

Rendering first (``save_to_file``, ~10 ms a sentence with espeak-ng) and
playing second is what lets the app know when speech ends, stop it at once
("stop", "repeat", a key) and keep the microphone deaf while it talks;
pyttsx3's own ``say()`` blocks and cannot be stopped reliably.

The reading styles the games need live here too: a Missing Word sentence with
its gap said as "mmm" (or "dot dot dot", "blank", a hum), a word spelled letter
by letter with real pauses, rate presets, and the ``[pronounce]`` table from
the phrases file for words the engine says badly.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import io
import logging
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from voice.audio.clips import Clip, read_wav, tone
from voice.audio.devices import MicGate
from voice.errors import UsageError, UserError
from voice.speaking.audio_out import AudioOut, MemorySink, Playback

RATES_WPM = {"normal": 175, "slow": 130, "fast": 210}
"""Rate presets (words per minute; espeak-ng's own default is 175)."""

GAP_STYLES = ("mmm", "dot dot dot", "blank", "hum")
"""How the gap of a Missing Word sentence is said."""

GAP_MARK = re.compile(r"_{2,}")

log = logging.getLogger("tabletop.tts")

# Letter names spelled so espeak-ng says the letter, checked with `espeak-ng -x`
# ("ay" comes out as "eye", "eff" as "E F F"); a [pronounce] entry can override.
LETTER_NAMES = {
    "a": "A", "b": "bee", "c": "see", "d": "dee", "e": "ee", "f": "ef", "g": "gee",
    "h": "aitch", "i": "eye", "j": "jay", "k": "kay", "l": "el", "m": "em", "n": "en",
    "o": "oh", "p": "pee", "q": "cue", "r": "ar", "s": "ess", "t": "tee", "u": "you",
    "v": "vee", "w": "double you", "x": "ex", "y": "why", "z": "zed",
}
HUMMED_M = "[[m::::]]"
"""espeak-ng phoneme input for a long hummed "mmm" (the letters "mmm" come out as "em em em")."""


@dataclass
class VoiceSettings:
    """How the host reads."""

    rate: str = "normal"
    """A key of :data:`RATES_WPM`."""
    voice: str | None = None
    """An engine voice id or name (``tabletop devices`` does not list these; pyttsx3 does)."""
    gap: str = "mmm"
    """One of :data:`GAP_STYLES`."""
    letter_pause_ms: int = 350
    """Silence between spelled letters (milliseconds)."""
    gap_hum_hz: float = 220.0
    """Pitch of the hum gap (Hertz)."""
    gap_hum_ms: int = 700
    """Length of the hum gap (milliseconds)."""

    def __post_init__(self) -> None:
        if self.rate not in RATES_WPM:
            raise UsageError(f"unknown rate {self.rate!r}; allowed: {', '.join(RATES_WPM)}")
        if self.gap not in GAP_STYLES:
            raise UsageError(f"unknown gap style {self.gap!r}; allowed: {', '.join(GAP_STYLES)}")


PHONEME_INPUT = re.compile(r"(\[\[[^\]]*\]\])")
"""espeak-ng phoneme input inside a line (:data:`HUMMED_M`): sounds, not words."""


def apply_pronounce(text: str, table: Mapping[str, str]) -> str:
    """Replace whole words (any case) by their respellings from ``[pronounce]``; phoneme
    input (the gap's ``[[m::::]]``) is left alone, so a gap line can be respelled whole."""
    if not table:
        return text
    keys = sorted(table, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(re.escape(k) for k in keys) + r")\b", re.IGNORECASE)
    lower = {k.lower(): v for k, v in table.items()}
    return "".join(piece if PHONEME_INPUT.fullmatch(piece)
                   else pattern.sub(lambda m: lower[m.group(0).lower()], piece)
                   for piece in PHONEME_INPUT.split(text))


def letter_names(word: str) -> list[str]:
    """The word as spoken letter names; spaces and hyphens become a longer pause ("")."""
    out: list[str] = []
    for ch in word.lower():
        if ch in LETTER_NAMES:
            out.append(LETTER_NAMES[ch])
        elif ch in " -" and out and out[-1] != "":
            out.append("")
        elif ch.isdigit():
            out.append(ch)
    return out


def split_gap(sentence: str) -> tuple[str, str]:
    """The text before and after the ``___`` gap of a Missing Word sentence."""
    parts = GAP_MARK.split(sentence, maxsplit=1)
    if len(parts) != 2:
        raise ValueError(f"a Missing Word sentence needs one ___ gap: {sentence!r}")
    return parts[0].strip(), parts[1].strip()


def missing_word_pieces(sentence: str, then: str, style: str) -> list[str | None]:
    """What is rendered, in order, to say a Missing Word sentence with its gap in ``style``
    (:data:`GAP_STYLES`): texts the voice says (``[pronounce]`` applied when rendered) and
    ``None`` where the hum tone plays (the "hum" style; every other style's gap is words
    or phonemes in one text with the words either side).

    Saying a gap line and rendering it ahead both take their texts from here, so the
    clauses rendered ahead are exactly the ones the line is said in."""
    before, after = split_gap(sentence)
    if style == "hum":
        rest = " ".join(x for x in (after, then) if x)
        return [*([before] if before else []), None, *([rest] if rest else [])]
    gap = {"mmm": HUMMED_M, "dot dot dot": "dot dot dot", "blank": "blank"}[style]
    text = f"{before}, {gap}, {after}"
    if then:
        text = text.rstrip(" ,") + ". " + then
    return [text]


class Speaker(Protocol):
    """Anything that can talk: render text to a clip, say it, stop at once."""

    def render(self, text: str) -> Clip: ...

    def say(self, text: str) -> Playback: ...

    def stop(self) -> None: ...


_ENGINE: Any = None
_DEFAULT_VOICE: str | None = None
_ENGINE_LOCK = threading.RLock()


def _engine() -> Any:
    """The one pyttsx3 engine of the process (making one is slow; espeak allows one anyway)."""
    global _ENGINE
    if _ENGINE is None:
        try:
            import pyttsx3
            _ENGINE = pyttsx3.init()
            atexit.register(_release_engine)
            global _DEFAULT_VOICE
            _DEFAULT_VOICE = _ENGINE.getProperty("voice")
        except Exception as exc:  # pyttsx3 raises whatever its driver raises
            raise UserError(f"no speech engine: {exc}; install espeak-ng "
                            "(Debian: apt-get install espeak-ng) or play with text only") from None
    return _ENGINE


def _release_engine() -> None:
    """Drop the engine while the interpreter is still whole.

    pyttsx3's driver proxy cleans up in ``__del__``; left to interpreter
    shutdown, that runs after its modules are torn down and prints a
    traceback on every exit.
    """
    global _ENGINE
    _ENGINE = None
    gc.collect()


_SCRATCH: Path | None = None


def _scratch() -> Path:
    """One temporary folder for renders (used under the engine lock), removed at exit."""
    global _SCRATCH
    if _SCRATCH is None:
        _SCRATCH = Path(tempfile.mkdtemp(prefix="tabletop-tts-"))
        atexit.register(shutil.rmtree, _SCRATCH, True)
    return _SCRATCH


def list_voices() -> list[tuple[str, str]]:
    """(id, name) of every voice the engine has."""
    with _ENGINE_LOCK:
        return [(v.id, v.name) for v in _engine().getProperty("voices")]


class ReadingSpeaker:
    """The reading styles every voice shares, on top of one way to render plain text.

    A voice engine supplies ``_render_raw`` (text, pronunciations already applied, to a
    clip); spelling, Missing Word gaps, playing with the mic gate and stopping are the
    same whichever engine speaks, so the host sounds the same in either voice.
    """

    def __init__(self, out: AudioOut | None = None, settings: VoiceSettings | None = None,
                 pronounce: Mapping[str, str] | None = None, gate: MicGate | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.out: AudioOut = out if out is not None else MemorySink()
        self.settings = settings or VoiceSettings()
        self.pronounce = dict(pronounce or {})
        self.gate = gate or MicGate()
        self._clock = clock
        self._current: Playback | None = None
        self._letters: dict[tuple[str, str | float, str | None], Clip] = {}
        """(letter name, rate preset or the natural voice's length scale, voice) -> audio."""

    def _render_raw(self, text: str) -> Clip:
        raise NotImplementedError

    def render(self, text: str) -> Clip:
        """Text to audio, with ``[pronounce]`` applied; no sound is played."""
        return self._render_raw(apply_pronounce(text, self.pronounce))

    def render_spelled(self, word: str) -> Clip:
        """The word letter by letter, each letter its own render, joined by real silence."""
        s = self.settings
        parts: list[Clip] = []
        rate = 0
        for name in letter_names(word):
            if name == "":
                parts.append(Clip.silence(2 * s.letter_pause_ms / 1000, rate or 22050))
                continue
            clip = self._letter(name)
            rate = clip.rate_hz
            if parts and parts[-1].samples.any():
                parts.append(Clip.silence(s.letter_pause_ms / 1000, rate))
            parts.append(clip)
        return Clip.join(parts, rate or 22050)

    def _letter(self, name: str) -> Clip:
        key = (name, self.settings.rate, self.settings.voice)
        if key not in self._letters:
            self._letters[key] = _trim(self.render(name))
        return self._letters[key]

    def render_missing_word(self, sentence: str, then: str = "") -> Clip:
        """A Missing Word sentence with its ``___`` gap said in the chosen style.

        ``then`` is what follows (the letter count, worded by the phrases file).
        """
        pieces = missing_word_pieces(sentence, then, self.settings.gap)
        said = [self.render(p) if p is not None else None for p in pieces]
        rate = next((c.rate_hz for c in said if c is not None), 22050)
        parts: list[Clip] = []
        for clip in said:
            if clip is not None:
                parts.append(clip)
                continue
            hum = tone(self.settings.gap_hum_hz, self.settings.gap_hum_ms / 1000, rate)
            parts += [Clip.silence(0.1, rate), hum, Clip.silence(0.15, rate)]
        return Clip.join(parts, rate)

    def gap_texts(self, sentence: str, then: str = "") -> list[str]:
        """The texts the voice renders to say this Missing Word sentence in the current
        gap style (:meth:`render_missing_word`), for rendering them ahead."""
        return [p for p in missing_word_pieces(sentence, then, self.settings.gap)
                if p is not None]

    # -- playing ---------------------------------------------------------------------

    def play(self, clip: Clip) -> Playback:
        """Play a clip (stopping any current one) with the mic gated until it ends plus a tail."""
        self.stop()
        self.gate.speech_started()
        pb = self.out.play(clip)
        self._current = pb

        def reopen() -> None:
            pb.wait()
            self.gate.speech_ended(self._clock())

        if pb.done:
            reopen()
        else:
            threading.Thread(target=reopen, daemon=True).start()
        return pb

    def prepare(self, lines: Iterable[str]) -> None:
        """Render ``lines`` ahead of saying them: nothing here (espeak-ng renders a line in
        tens of milliseconds; the natural voice renders ahead)."""

    def say(self, text: str) -> Playback:
        return self.play(self.render(text))

    def spell(self, word: str) -> Playback:
        return self.play(self.render_spelled(word))

    def missing_word(self, sentence: str, then: str = "") -> Playback:
        return self.play(self.render_missing_word(sentence, then))

    def stop(self) -> None:
        """Silence at once (a "stop" or "repeat" mid-sentence)."""
        if self._current is not None:
            self._current.stop()
            self._current = None


class Pyttsx3Speaker(ReadingSpeaker):
    """pyttsx3 (espeak-ng) rendering + :class:`AudioOut` playback + the mic gate."""

    def __init__(self, out: AudioOut | None = None, settings: VoiceSettings | None = None,
                 pronounce: Mapping[str, str] | None = None, gate: MicGate | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(out, settings, pronounce, gate, clock)
        if self.settings.voice:
            self._check_voice(self.settings.voice)

    @staticmethod
    def with_phrases(out: AudioOut | None = None, settings: VoiceSettings | None = None,
                     lang: str = "en", **kw: Any) -> Pyttsx3Speaker:
        """A speaker using the ``[pronounce]`` table of the phrases file."""
        from voice.speaking.phrases import Phrases
        return Pyttsx3Speaker(out, settings, Phrases.load(lang).pronounce, **kw)

    def _check_voice(self, voice: str) -> None:
        voices = list_voices()
        if not any(voice.lower() in (vid.lower(), name.lower()) for vid, name in voices):
            sample = ", ".join(vid for vid, _ in voices[:8])
            raise UsageError(f"unknown voice {voice!r}; e.g. {sample} ({len(voices)} voices)")

    def _voice_id(self) -> str | None:
        want = self.settings.voice
        if not want:
            return None
        for vid, name in list_voices():
            if want.lower() in (vid.lower(), name.lower()):
                return vid
        return None

    @property
    def rate_wpm(self) -> int:
        return RATES_WPM[self.settings.rate]

    def _render_raw(self, text: str) -> Clip:
        path = _scratch() / "render.wav"
        with _ENGINE_LOCK:
            engine = _engine()
            driver = getattr(getattr(engine, "proxy", None), "_driver", None)
            # pyttsx3's queue (engine.setProperty + runAndWait) ends each loop with
            # espeak_Cancel, which can drop a pending rate change or the render
            # itself (measured: rates stuck after 3 changes, ~1 render in 25
            # empty). Talking to its espeak driver directly avoids the Cancel.
            direct = driver is not None and hasattr(driver, "startLoop") and \
                hasattr(driver, "save_to_file")
            target: Any = driver if direct else engine
            vid = self._voice_id() or _DEFAULT_VOICE
            if vid:  # before the rate: choosing a voice resets espeak's rate
                target.setProperty("voice", vid)
            target.setProperty("rate", self.rate_wpm)
            for _ in range(3):
                with contextlib.redirect_stdout(io.StringIO()):  # the driver prints "Audio saved"
                    target.save_to_file(text, str(path))
                    if driver is not None and direct:
                        driver.startLoop()
                    else:
                        engine.runAndWait()
                clip = read_wav(path)
                if len(clip.samples) or not text.strip():
                    break
                log.info("tts: empty render of %r, trying again", text[:40])
            return clip


def _trim(clip: Clip, floor: int = 300) -> Clip:
    """Cut leading/trailing near-silence so spelled-letter pauses are the ones we set."""
    loud = (abs(clip.samples.astype("int32")) > floor).nonzero()[0]
    if len(loud) == 0:
        return clip
    pad = clip.rate_hz // 100
    return Clip(clip.samples[max(0, loud[0] - pad): loud[-1] + pad], clip.rate_hz)


@dataclass
class PrintSpeaker:
    """Text-only speech for deaf or hard-of-hearing players and scripted tests."""

    lines: list[str] = field(default_factory=list)
    echo: Callable[[str], None] | None = print

    def render(self, text: str) -> Clip:
        return Clip.silence(0.0, 16000)

    def say(self, text: str) -> Playback:
        self.lines.append(text)
        if self.echo:
            self.echo(text)
        pb = Playback(0.0)
        pb._done.set()
        return pb

    def stop(self) -> None:
        return None
