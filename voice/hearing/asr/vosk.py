"""Vosk (Kaldi) recognizer: streaming 16 kHz audio, one cached decoder per grammar.

Facts this adapter is built on (checked against vosk 0.3.45):
- A grammar is a JSON list of phrases, written with ``ensure_ascii=False``;
  \\u-escaped words are taken literally and silently dropped.
- Words missing from the model are dropped by Vosk with only a log line, so
  each is checked first with ``vosk_model_find_word`` (-1 = unknown) and left
  out with a warning here.
- "[unk]" lets off-list speech come out as "[unk]" instead of being forced
  onto an allowed word. Some models (the Korean one) lack it; then only the
  post-check (:attr:`Alternative.in_grammar`) guards against forced matches.
- Building a recognizer costs tens of ms (a grammar) to ~1 s (the full
  graph); one is kept per grammar and ``Reset()`` between utterances. Word
  times keep counting across ``Reset()``, so the frames fed are tracked here.
- ``SetMaxAlternatives`` gives n-best with raw scores; ``SetWords`` alone gives
  per-word confidences. They do not combine, so ``alternatives=1`` means
  "one result with word confidences".
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import models
from voice.audio.clips import ASR_RATE_HZ
from voice.errors import UserError
from voice.hearing.asr.base import (
    UNK,
    Alternative,
    Grammar,
    Recognition,
    allowed_sequence,
    keep_known,
    listen_spelled,
)
from voice.hearing.audio_in import AudioIn
from voice.hearing.endpoint import SPELLING_PAUSE_S
from voice.reply_kind import ReplyKind

log = logging.getLogger("tabletop.asr.vosk")

CHUNK_MS = 100
"""Audio fed per call (milliseconds): small enough for a quick endpoint."""


def load_vosk() -> Any:
    try:
        import vosk
    except (ImportError, OSError) as exc:
        raise UserError(f"the vosk package cannot be loaded ({exc}); "
                        "reinstall it or use --asr whisper") from None
    vosk.SetLogLevel(-1)
    return vosk


def _load_model(vosk: Any, path: Path) -> Any:
    """vosk.Model, with Kaldi's own error lines kept off the terminal and put in one message.

    Kaldi prints "ERROR (VoskAPI:...)" lines straight to the process's stderr
    (SetLogLevel does not stop them) before Vosk raises a bare Exception.
    """
    with tempfile.TemporaryFile() as caught:
        saved = os.dup(2)
        os.dup2(caught.fileno(), 2)
        try:
            return vosk.Model(str(path))
        except Exception as exc:  # vosk raises a bare Exception
            os.dup2(saved, 2)
            caught.seek(0)
            why = _kaldi_error(caught.read().decode("utf-8", "replace")) or str(exc)
            error = UserError(f"Vosk could not load the model in {path}: {why}; download it "
                              "again (`tabletop models download`)")
            error.why = why  # type: ignore[attr-defined]
            raise error from None
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def _kaldi_error(text: str) -> str:
    """The first Kaldi ERROR line's message, printable and short ("" if none)."""
    for line in text.splitlines():
        m = re.search(r"ERROR \(.*?:\d+\)\s*(.*)", line)
        if m:
            msg = "".join(c if c.isascii() and c.isprintable() else "?" for c in m.group(1))
            return msg[:120].rstrip(". ")
    return ""


def probe_load(path: Path, timeout_s: float = 120.0) -> str | None:
    """Load the model in a separate process: None if it loads, else why not (one line).

    A separate process, because a damaged model must not take the caller down
    with it and the model's memory is given back at once.
    """
    code = ("import sys; from pathlib import Path; from voice.errors import UserError\n"
            "from voice.hearing.asr.vosk import _load_model, load_vosk\n"
            "try:\n    _load_model(load_vosk(), Path(sys.argv[1]))\n"
            "except UserError as e:\n    print(getattr(e, 'why', e)); sys.exit(3)\n")
    try:
        proc = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                              text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return f"loading took over {timeout_s:g} s"
    if proc.returncode == 0:
        return None
    out = (proc.stdout or proc.stderr).strip().splitlines()
    return out[-1] if out else f"the loader stopped with code {proc.returncode}"


def check_model_dir(path: Path) -> list[str]:
    """What is missing from a Vosk model folder ([] when it looks complete)."""
    problems = []
    if not path.is_dir():
        return [f"{path} is not a folder"]
    if not (path / "am" / "final.mdl").is_file():
        problems.append("am/final.mdl missing")
    if not (path / "conf" / "model.conf").is_file():
        problems.append("conf/model.conf missing")
    graph = path / "graph"
    if not ((graph / "HCLr.fst").is_file() and (graph / "Gr.fst").is_file()) \
            and not (graph / "HCLG.fst").is_file():
        problems.append("graph/ has neither HCLr.fst+Gr.fst nor HCLG.fst")
    return problems


def supports_grammar(path: Path) -> bool:
    """Runtime grammars need the lookahead graph (HCLr.fst + Gr.fst)."""
    return (path / "graph" / "HCLr.fst").is_file() and (path / "graph" / "Gr.fst").is_file()


@dataclass
class _Decoder:
    rec: Any
    fed_s: float = 0.0
    """Audio given to this recognizer since it was built (seconds): Vosk word
    times count from there, even across Reset()."""
    dropped: tuple[str, ...] = ()
    phrases: tuple[str, ...] = ()


class VoskRecognizer:
    """Vosk behind the :class:`~voice.hearing.asr.base.Recognizer` protocol."""

    name = "vosk"

    def __init__(self, model_path: str | Path, alternatives: int = 3,
                 max_utterance_s: float = 20.0) -> None:
        self.model_path = Path(model_path)
        problems = check_model_dir(self.model_path)
        if problems:
            raise UserError(f"not a usable Vosk model: {self.model_path}: {'; '.join(problems)}")
        expected = models.read_checksums(self.model_path)
        if expected is not None:
            changed = models.checksum_problems(self.model_path, expected)
            if changed:
                raise UserError(f"the Vosk model in {self.model_path} is damaged: "
                                f"{'; '.join(changed[:3])}; download it again "
                                "(`tabletop models download`)")
        vosk = load_vosk()
        started = time.perf_counter()
        self._model = _load_model(vosk, self.model_path)
        self.load_s = time.perf_counter() - started
        """How long loading the model took (seconds)."""
        self._vosk = vosk
        self.alternatives = alternatives
        self.max_utterance_s = max_utterance_s
        self.grammars_supported = supports_grammar(self.model_path)
        self.has_unk = self.knows(UNK)
        if not self.has_unk:
            log.info("vosk: model %s has no [unk] word: off-list speech cannot be rejected by "
                     "the decoder; results are post-checked against the grammar instead",
                     self.model_path)
        if not self.grammars_supported:
            log.warning("vosk: model %s has a static graph and ignores grammars",
                        self.model_path)
        self._decoders: dict[Grammar, _Decoder] = {}

    def knows(self, word: str) -> bool:
        return int(self._model.vosk_model_find_word(word)) != -1

    def grammar_json(self, grammar: Grammar) -> tuple[str, tuple[str, ...]]:
        """The JSON phrase list Vosk gets for ``grammar``, and the words left out."""
        kept, unknown = keep_known(grammar, self.knows, self.name)
        if not kept:
            raise UserError(f"none of the {len(grammar.phrases)} '{grammar.kind}' phrases are in "
                            f"the vocabulary of the Vosk model in {self.model_path} "
                            f"(e.g. {', '.join(unknown[:5])}); is it the right language?")
        if self.has_unk:
            kept.append(UNK)
        return json.dumps(kept, ensure_ascii=False), tuple(unknown)

    def _decoder(self, grammar: Grammar) -> _Decoder:
        dec = self._decoders.get(grammar)
        if dec is not None:
            dec.rec.Reset()
            return dec
        if grammar.free or not self.grammars_supported:
            rec = self._vosk.KaldiRecognizer(self._model, ASR_RATE_HZ)
            dropped: tuple[str, ...] = ()
        else:
            text, dropped = self.grammar_json(grammar)
            rec = self._vosk.KaldiRecognizer(self._model, ASR_RATE_HZ, text)
        if self.alternatives > 1:
            rec.SetMaxAlternatives(self.alternatives)
        rec.SetWords(True)
        dec = _Decoder(rec, dropped=dropped, phrases=grammar.phrases)
        self._decoders[grammar] = dec
        return dec

    def prepare(self, grammar: Grammar) -> None:
        """Build (and cache) the decoder for a grammar before it is needed."""
        self._decoder(grammar)

    def listen(self, audio: AudioIn, grammar: Grammar, timeout_s: float = 8.0) -> Recognition:
        if audio.rate_hz != ASR_RATE_HZ:
            raise ValueError(f"Vosk is fed {ASR_RATE_HZ} Hz audio, got {audio.rate_hz} Hz")
        if grammar.kind == ReplyKind.SPELLING:
            # Vosk ends an utterance at its model's own pauses: a spelling is its
            # utterances joined until the spelling's pause passes with no new letter.
            return listen_spelled(self._listen_once, audio, grammar, timeout_s,
                                  gap_s=SPELLING_PAUSE_S)
        return self._listen_once(audio, grammar, timeout_s)

    def _listen_once(self, audio: AudioIn, grammar: Grammar, timeout_s: float = 8.0
                     ) -> Recognition:
        dec = self._decoder(grammar)
        rec = dec.rec
        start_fed = dec.fed_s
        frames = ASR_RATE_HZ * CHUNK_MS // 1000
        heard_at: float | None = None
        t = 0.0
        spent = 0.0
        final_call = 0.0
        raw: str | None = None
        timed_out = False
        while True:
            chunk = audio.read(frames)
            if not chunk:
                break
            t += len(chunk) / 2 / ASR_RATE_HZ
            dec.fed_s += len(chunk) / 2 / ASR_RATE_HZ
            c0 = time.perf_counter()
            ended = rec.AcceptWaveform(chunk)
            if ended:
                raw = rec.Result()
            else:
                partial = json.loads(rec.PartialResult()).get("partial", "")
            final_call = time.perf_counter() - c0
            spent += final_call
            if ended:
                if _has_words(raw):
                    break
                raw = None  # the endpointer closed on silence: keep waiting
            elif partial and heard_at is None:
                heard_at = t
            if heard_at is None and t >= timeout_s:
                timed_out = True
                break
            if t >= self.max_utterance_s:
                break
        if raw is None and not timed_out:
            c0 = time.perf_counter()
            raw = rec.FinalResult()
            final_call = time.perf_counter() - c0
            spent += final_call
        result = json.loads(raw) if raw else {}
        alts, end_s = self._alternatives(result, grammar)
        if not alts:
            timed_out = timed_out or heard_at is None
        return Recognition(
            alternatives=tuple(alts), engine=self.name, timed_out=timed_out,
            speech_end_ms=None if end_s is None else (end_s - start_fed) * 1000,
            result_at_ms=t * 1000, decode_ms=spent * 1000, final_ms=final_call * 1000,
            dropped_words=dec.dropped)

    def _alternatives(self, result: dict[str, Any],
                      grammar: Grammar) -> tuple[list[Alternative], float | None]:
        end_s: float | None = None
        if "alternatives" in result:
            raw = [a for a in result["alternatives"] if a.get("text", "").strip()]
            scores = [float(a.get("confidence", 0.0)) for a in raw]
            top = max(scores, default=0.0)
            weights = [math.exp(s - top) for s in scores]
            total = sum(weights) or 1.0
            alts = []
            for a, s, w in zip(raw, scores, weights, strict=True):
                text = " ".join(a["text"].split())
                words = a.get("result") or []
                if words and end_s is None:
                    end_s = float(words[-1]["end"])
                alts.append(Alternative(text, w / total, s, (),
                                        allowed_sequence(text, grammar)))
            return alts, end_s
        text = " ".join(result.get("text", "").split())
        if not text:
            return [], None
        words = result.get("result") or []
        confs = tuple(float(w.get("conf", 0.0)) for w in words)
        if words:
            end_s = float(words[-1]["end"])
        mean = sum(confs) / len(confs) if confs else None
        return [Alternative(text, mean, None, confs, allowed_sequence(text, grammar))], end_s


def _has_words(raw: str | None) -> bool:
    if not raw:
        return False
    result = json.loads(raw)
    if "alternatives" in result:
        return any(a.get("text", "").strip() for a in result["alternatives"])
    return bool(result.get("text", "").strip())
