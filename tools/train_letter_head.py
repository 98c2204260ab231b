"""Train the letter-name classifier (models/letter_head.npz) and record its SHA-256.

    .venv/bin/python tools/train_letter_head.py [--out models/letter_head.npz] [--check]

Each letter name is rendered by espeak-ng voices and (when installed: apt install
flite) flite voices, padded with the shared noise and heard through the game's
listening path (voice detector, endpointer, WhisperRecognizer._letter), exactly as
bench/bench_hearing.py hears it; the segment the recognizer classified is encoded
again and pooled (voice.hearing.asr.letter_head.features). A multinomial logistic
regression (L2, standardised features) is fitted by gradient descent in numpy.

The bench's voices (en-us, en-gb and en-gb-x-rp, every variant) are never used, so
its letter figures stay those of unseen voices. ``--check`` holds out each flite
voice in turn and prints how the head alone, the decoder alone and the two combined
name its letters. About 15 minutes on two cores.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from voice.hearing.asr.letter_head import LETTERS, LetterHead, features  # noqa: E402

ESPEAK_VOICES = ("en-gb-scotland", "en-gb-x-gbclan", "en-gb-x-gbcwmd", "en-029")
"""espeak-ng's English voices other than the bench's (en-us, en-gb, en-gb-x-rp)."""
ESPEAK_VARIANTS = ("", "m1", "m3", "m5", "f1", "f2", "f4", "klatt", "klatt3")
FLITE_VOICES = ("kal", "kal16", "awb", "rms", "slt")
RATES = (110, 140, 170)
"""Words per minute (espeak-ng); flite is stretched to match (150 wpm is its own pace)."""
C = 0.01
"""Inverse L2 strength, per sample (as scikit-learn's C): chosen on held-out voices."""


def voices() -> list[tuple[str, str, int]]:
    out = [("espeak", v + (f"+{var}" if var else ""), r)
           for v in ESPEAK_VOICES for var in ESPEAK_VARIANTS for r in RATES]
    if shutil.which("flite"):
        out += [("flite", v, r) for v in FLITE_VOICES for r in RATES]
    else:
        print("flite is not installed: training on espeak-ng voices only", file=sys.stderr)
    return out


def render(engine: str, voice: str, rate: int, letter: str, out: Path) -> None:
    if engine == "espeak":
        cmd = ["espeak-ng", "-m", "-v", voice, "-s", str(rate), "-w", str(out),
               f"<speak><say-as interpret-as='characters'>{letter}</say-as></speak>"]
    else:
        cmd = ["flite", "-voice", voice, "--setf", f"duration_stretch={150 / rate:.2f}",
               "-t", letter.upper() + ".", "-o", str(out)]
    subprocess.run(cmd, check=True, capture_output=True)


def examples() -> Iterator[tuple[str, int, np.ndarray, dict[str, float]]]:
    """(voice, letter index, features, the decoder's probabilities) per rendered letter."""
    import bench_hearing as bench

    from voice.audio.clips import read_wav
    from voice.hearing.asr.whisper import WhisperRecognizer

    rec = WhisperRecognizer()
    rec.letter_head = None  # the decoder's own probabilities, for --check
    heard: list[tuple[np.ndarray, dict[str, float]]] = []
    original = WhisperRecognizer._letter

    def spy(self: WhisperRecognizer, samples: np.ndarray, said_s: float | None = None):  # type: ignore[no-untyped-def]
        result = original(self, samples, said_s)
        heard.append((samples.copy(), dict(result.classes)))
        return result

    WhisperRecognizer._letter = spy  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as tmp:
        wav = Path(tmp) / "l.wav"
        for engine, voice, rate in voices():
            for i, letter in enumerate(LETTERS):
                render(engine, voice, rate, letter, wav)
                audio = read_wav(wav).to_rate(bench.RATE).samples
                heard.clear()
                bench.hear(rec, bench.padded(audio, f"{letter}names"), "spelling",
                           {"answer": letter}, [letter])
                if heard:
                    samples, probs = heard[-1]
                    encoded = np.array(rec._encode(samples))[0]
                    yield f"{engine}:{voice}:{rate}", i, features(encoded, samples), probs
            print(f"{engine} {voice} {rate}", file=sys.stderr, flush=True)


def fit(x: np.ndarray, y: np.ndarray, c: float = C, steps: int = 1500) -> LetterHead:
    """Multinomial logistic regression: mean log-loss + ||W||^2 / (2 c n), by Adam."""
    mean, scale = x.mean(0), x.std(0) + 1e-6
    z = (x - mean) / scale
    n, d = z.shape
    onehot = np.eye(len(LETTERS))[y]
    w, b = np.zeros((len(LETTERS), d)), np.zeros(len(LETTERS))
    lam = 1.0 / (c * n)
    m_w, v_w, m_b, v_b = (np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b))
    rate, beta1, beta2 = 0.01, 0.9, 0.999
    for t in range(1, steps + 1):
        logits = z @ w.T + b
        logits -= logits.max(1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(1, keepdims=True)
        g = (p - onehot) / n
        g_w, g_b = g.T @ z + lam * w, g.sum(0)
        for param, grad, m, v in ((w, g_w, m_w, v_w), (b, g_b, m_b, v_b)):
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            param -= rate * (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + 1e-8)
    return LetterHead(mean, scale, w, b)


def check(names: np.ndarray, x: np.ndarray, y: np.ndarray, dec: np.ndarray) -> None:
    """Hold out each flite voice (all rates) and print the letters it names."""
    from voice.hearing.asr.letter_head import combined
    base = np.array([n.rsplit(":", 1)[0] for n in names])
    for voice in sorted({b for b in base if b.startswith("flite")}):
        test = base == voice
        head = fit(x[~test], y[~test])
        right = {"decoder": 0, "head": 0, "combined": 0}
        for xi, yi, di in zip(x[test], y[test], dec[test], strict=True):
            hp = head.of_features(xi)
            dp = dict(zip(LETTERS, di, strict=True))
            for name, probs in (("decoder", dp), ("head", hp), ("combined", combined(dp, hp))):
                right[name] += max(probs, key=probs.__getitem__) == LETTERS[yi]
        print(voice, {k: round(float(v / test.sum()), 3) for k, v in right.items()}, flush=True)


def record_sha256(out: Path) -> str:
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    manifest = ROOT / "models" / "manifest.toml"
    text = manifest.read_text(encoding="utf-8")
    text, n = re.subn(r'(\[head\."letter-names"\][^\[]*?sha256 = ")[0-9a-f]*(")',
                      rf"\g<1>{digest}\g<2>", text)
    if n != 1:
        raise SystemExit(f"{manifest} has no [head.\"letter-names\"] sha256 line to update")
    manifest.write_text(text, encoding="utf-8")
    return digest


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "models" / "letter_head.npz")
    ap.add_argument("--check", action="store_true", help="hold out each flite voice, print")
    args = ap.parse_args()
    rows = list(examples())
    names = np.array([r[0] for r in rows])
    x = np.array([r[2] for r in rows])
    y = np.array([r[1] for r in rows])
    dec = np.array([[r[3].get(c, 0.0) for c in LETTERS] for r in rows])
    if args.check:
        check(names, x, y, dec)
    fit(x, y).save(str(args.out))
    print(f"{args.out}: {len(rows)} letters, sha256 {record_sha256(args.out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
