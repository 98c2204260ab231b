"""Voice activity: Silero VAD (the ONNX model faster-whisper ships) run on a live stream.

One speech probability per 32 ms window (512 samples at 16 kHz), each window
seen with the 64 samples before it and the network's state carried over, as
Silero is meant to run on a stream. Measured on these 2 cores: median 0.14 ms
a window (0.4 % of a core), and the streamed probabilities equal
faster-whisper's batched ones within 0.011.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from voice.audio.clips import ASR_RATE_HZ
from voice.errors import UserError

if TYPE_CHECKING:
    from voice.hearing.audio_in import AudioIn

WINDOW = 512
"""Samples per window at 16 kHz (32 ms): the size Silero v6 takes."""
WINDOW_S = WINDOW / ASR_RATE_HZ
CONTEXT = 64
"""Samples of the previous window each window is seen with."""


def windows(audio: AudioIn) -> Iterator[np.ndarray]:
    """``audio`` in the detector's windows (WINDOW samples, float32 in -1..1), until it ends."""
    pending = b""
    while True:
        chunk = audio.read(WINDOW - len(pending) // 2)
        if not chunk:
            return
        pending += chunk
        if len(pending) < WINDOW * 2:
            continue
        yield np.frombuffer(pending, dtype="<i2").astype(np.float32) / 32768.0
        pending = b""


def _session() -> Any:
    try:
        import onnxruntime
        from faster_whisper.utils import get_assets_path
    except ImportError as exc:
        raise UserError(f"the voice detector cannot be loaded ({exc}); reinstall "
                        "tabletop-voice (pip install -e .) or use --asr text") from None
    path = os.path.join(get_assets_path(), "silero_vad_v6.onnx")
    opts = onnxruntime.SessionOptions()
    opts.inter_op_num_threads = 1
    opts.intra_op_num_threads = 1
    opts.log_severity_level = 4
    try:
        return onnxruntime.InferenceSession(path, providers=["CPUExecutionProvider"],
                                            sess_options=opts)
    except Exception as exc:  # onnxruntime raises its own exception types
        raise UserError(f"the voice detector model {path} cannot be loaded ({exc}); "
                        "reinstall faster-whisper") from None


class SileroVad:
    """Speech probability of each 32 ms window of a stream; ``reset`` between utterances."""

    def __init__(self) -> None:
        self._session = _session()
        self.reset()

    def reset(self) -> None:
        self._h = np.zeros((1, 1, 128), dtype=np.float32)
        self._c = np.zeros((1, 1, 128), dtype=np.float32)
        self._context = np.zeros((1, CONTEXT), dtype=np.float32)

    def probability(self, window: np.ndarray) -> float:
        """0-1 that the 512 samples (float32, -1..1) are speech."""
        win = window.astype(np.float32, copy=False).reshape(1, WINDOW)
        inp = np.concatenate([self._context, win], axis=1)
        out, self._h, self._c = self._session.run(None, {"input": inp, "h": self._h,
                                                         "c": self._c})
        self._context = win[:, -CONTEXT:]
        return float(np.asarray(out).reshape(-1)[0])
