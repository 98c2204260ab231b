"""A letter-name classifier on Whisper's encoder: the second opinion for B, D, E, P, T, V.

Whisper tiny.en's decoder, asked for one letter after the alphabet, confuses the
E-set (B/D/E/G/P/T/V/Z) and M/N: on espeak-ng and flite voices it named about 65 %
of letter names said alone, almost every miss with the right letter second. The
encoder's frames still tell them apart: a linear classifier (multinomial logistic
regression) on the frames of the spoken letter, pooled, names 77-99 % of them on
voices it was not trained on (tools/train_letter_head.py). The two are combined
as a geometric mean, so neither alone decides a letter the other finds unlikely.

The weights (``models/letter_head.npz``) are this project's own, trained by that
tool on letter names rendered by espeak-ng and flite voices (never the bench's
voices); the manifest records their SHA-256, checked when they are loaded.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from importlib import resources

import numpy as np

import models

LETTERS = "abcdefghijklmnopqrstuvwxyz"
FRAME = 320
"""Samples per encoder frame (20 ms at 16 kHz): where a sample falls in the encoding."""
SPEECH_SHARE = 0.1
"""A frame is speech when its RMS is at least this share of the loudest frame's: the span
pooled runs from the first such frame to the last (the segment has pre-roll and pause)."""
HEAD_FILE = "letter_head.npz"

log = logging.getLogger(__name__)


def speech_span(samples: np.ndarray) -> tuple[int, int]:
    """The encoder frames [start, end) that hold the spoken letter."""
    n = max(1, len(samples) // FRAME)
    frames = samples[:n * FRAME].astype(np.float64)
    if len(frames) < n * FRAME:
        return 0, n
    rms = np.sqrt(np.mean(frames.reshape(n, FRAME) ** 2, axis=1) + 1e-12)
    loud = np.flatnonzero(rms > rms.max() * SPEECH_SHARE)
    return (int(loud[0]), int(loud[-1]) + 1) if len(loud) else (0, n)


def features(encoded: np.ndarray, samples: np.ndarray) -> np.ndarray:
    """The encoder frames of the letter (``encoded``: frames x width, the segment starting at
    frame 0), pooled four ways: the mean of the span, of its first third (the consonant that
    tells B from D), of the rest (the vowel), and the maximum."""
    start, end = speech_span(samples)
    end = max(1, min(end, encoded.shape[0]))
    start = min(start, end - 1)
    span = encoded[start:end]
    third = max(1, (end - start) // 3)
    rest = span[third:] if len(span) > third else span
    return np.concatenate([span.mean(0), span[:third].mean(0), rest.mean(0), span.max(0)])


@dataclass(frozen=True)
class LetterHead:
    """Standardise, then a linear layer and softmax over the 26 letters."""

    mean: np.ndarray
    """Per-feature mean of the training set (width 4 x encoder width)."""
    scale: np.ndarray
    """Per-feature standard deviation of the training set."""
    weights: np.ndarray
    """26 x features."""
    bias: np.ndarray
    """26."""

    def probs(self, encoded: np.ndarray, samples: np.ndarray) -> dict[str, float]:
        """Letter -> probability for one letter name (encoding and the samples it came from)."""
        return self.of_features(features(encoded, samples))

    def of_features(self, x: np.ndarray) -> dict[str, float]:
        """Letter -> probability for one letter's pooled :func:`features`."""
        z = self.weights @ ((x - self.mean) / self.scale) + self.bias
        p = np.exp(z - z.max())
        p /= p.sum()
        return {c: float(v) for c, v in zip(LETTERS, p, strict=True)}

    def save(self, path: str) -> None:
        np.savez(path, mean=self.mean.astype(np.float32), scale=self.scale.astype(np.float32),
                 weights=self.weights.astype(np.float32), bias=self.bias.astype(np.float32))

    @staticmethod
    def from_bytes(data: bytes) -> LetterHead:
        with np.load(io.BytesIO(data), allow_pickle=False) as f:
            head = LetterHead(f["mean"], f["scale"], f["weights"], f["bias"])
        if (head.weights.shape != (len(LETTERS), len(head.mean))
                or head.bias.shape != (len(LETTERS),)):
            raise ValueError(f"weights of shape {head.weights.shape}, expected "
                             f"{len(LETTERS)} x {len(head.mean)}")
        return head


def combined(decoder: dict[str, float], head: dict[str, float]) -> dict[str, float]:
    """The decoder's and the head's letter probabilities, as a normalised geometric mean."""
    mixed = {c: float(np.sqrt(max(decoder.get(c, 0.0), 1e-6) * max(head.get(c, 0.0), 1e-6)))
             for c in LETTERS}
    total = sum(mixed.values())
    return {c: v / total for c, v in mixed.items()}


def load_shipped() -> LetterHead | None:
    """The shipped head, checked against the manifest's SHA-256; None (and one warning)
    when it is missing or damaged: letters are then heard by the decoder alone."""
    import hashlib
    expected = models.letter_head_sha256()
    try:
        data = resources.files(models.__name__).joinpath(HEAD_FILE).read_bytes()
    except (FileNotFoundError, OSError):
        log.warning("the letter-name classifier (models/%s) is missing; letters are heard "
                    "less well; reinstall tabletop-voice (pip install -e .)", HEAD_FILE)
        return None
    if hashlib.sha256(data).hexdigest() != expected:
        log.warning("the letter-name classifier (models/%s) is damaged (its SHA-256 is not "
                    "the manifest's); letters are heard less well; reinstall tabletop-voice",
                    HEAD_FILE)
        return None
    try:
        return LetterHead.from_bytes(data)
    except (ValueError, KeyError, OSError) as exc:
        log.warning("the letter-name classifier (models/%s) cannot be read (%s); letters are "
                    "heard less well", HEAD_FILE, exc)
        return None
