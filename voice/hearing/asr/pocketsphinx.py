"""pocketsphinx 5 recognizer: the fallback that needs no download.

Its US English acoustic model, dictionary and language model ship inside the
pip wheel. Each grammar becomes a JSGF search (built once, then switched to);
words the dictionary lacks are left out with a warning. Utterances are cut with
pocketsphinx's voice-activity detector (an asymmetric endpointer, see listen). On synthetic and human speech it
is far less accurate than Vosk: use it constrained, never for free dictation.
"""

from __future__ import annotations

import re
import time
from typing import Any

import numpy as np

from voice.audio.clips import ASR_RATE_HZ
from voice.errors import UserError
from voice.hearing.asr.base import Alternative, Grammar, Recognition, allowed_sequence, keep_known
from voice.hearing.audio_in import AudioIn

_SAFE_WORD = re.compile(r"^[a-z][a-z']*$")
_FILLERS = {"<s>", "</s>", "<sil>", "(NULL)"}


def _load() -> Any:
    try:
        import pocketsphinx
    except (ImportError, OSError) as exc:
        raise UserError(f"pocketsphinx cannot be loaded ({exc}); use --asr text") from None
    return pocketsphinx


class PocketsphinxRecognizer:
    """pocketsphinx behind the :class:`~voice.hearing.asr.base.Recognizer` protocol."""

    name = "pocketsphinx"

    def __init__(self, alternatives: int = 3, end_silence_s: float = 0.5,
                 max_utterance_s: float = 20.0, word_insertion: float = 1e-3) -> None:
        ps = _load()
        started = time.perf_counter()
        self._ps = ps
        # The default word insertion probability (0.65) lets big grammars pad a
        # short answer with extra words ("two where are" for "twelve"); 1e-3
        # doubled exact matches on TTS words (8 -> 15 of 44), 1e-6 empties results.
        # bestpath=False: the lattice search after each utterance took 1-20 s on a
        # spelling (a looping grammar) in `tabletop demo`; the forward pass's best is used.
        self._decoder = ps.Decoder(loglevel="FATAL", wip=word_insertion, bestpath=False)
        self.load_s = time.perf_counter() - started
        """How long loading the model took (seconds)."""
        self.alternatives = alternatives
        self.end_silence_s = end_silence_s
        """Trailing silence that ends an utterance (seconds), like Vosk's 0.5 s rule."""
        self.max_utterance_s = max_utterance_s
        self._searches: dict[Grammar, tuple[str, tuple[str, ...]]] = {}

    def knows(self, word: str) -> bool:
        return bool(_SAFE_WORD.match(word)) and self._decoder.lookup_word(word) is not None

    def jsgf(self, grammar: Grammar) -> tuple[str, tuple[str, ...]]:
        """The JSGF text for ``grammar`` and the words left out."""
        kept, unknown = keep_known(grammar, self.knows, self.name)
        if not kept:
            raise UserError(f"none of the {len(grammar.phrases)} {grammar.kind!r} phrases are in "
                            f"pocketsphinx's English dictionary (e.g. {', '.join(unknown[:5])})")
        if grammar.repeat:
            # Only one-word items loop (letters, number words); whole phrases
            # (commands) are said once. A loop over 300 phrases made decoding
            # ~5x slower than real time.
            items = [p for p in kept if " " not in p]
            once = [p for p in kept if " " in p]
            rule = f"( {' | '.join(items)} )+" if items else ""
            if once:
                rule = f"{rule} | {' | '.join(once)}" if rule else " | ".join(once)
            rule = f"( {rule} )"
        else:
            rule = f"( {' | '.join(kept)} )"
        return f"#JSGF V1.0;\ngrammar tabletop;\npublic <answer> = {rule} ;\n", tuple(unknown)

    def _activate(self, grammar: Grammar) -> tuple[str, ...]:
        if grammar.free:
            self._decoder.activate_search("_default")
            return ()
        if grammar not in self._searches:
            text, dropped = self.jsgf(grammar)
            name = f"g{len(self._searches)}"
            self._decoder.add_jsgf_string(name, text)
            self._searches[grammar] = (name, dropped)
        name, dropped = self._searches[grammar]
        self._decoder.activate_search(name)
        return dropped

    def prepare(self, grammar: Grammar) -> None:
        self._activate(grammar)

    def listen(self, audio: AudioIn, grammar: Grammar, timeout_s: float = 8.0) -> Recognition:
        if audio.rate_hz != ASR_RATE_HZ:
            raise ValueError(f"pocketsphinx is fed {ASR_RATE_HZ} Hz audio, got {audio.rate_hz} Hz")
        dropped = self._activate(grammar)
        dec = self._decoder
        self._rng = np.random.default_rng(0)
        vad = self._ps.Vad(self._ps.Vad.LOOSE, ASR_RATE_HZ)
        nbytes = vad.frame_bytes
        frame_s = vad.frame_length
        # Asymmetric endpointing: speech starts after ~90 ms of voiced frames
        # (short words like "six" must not be missed), ends after end_silence_s
        # of unvoiced ones; a 300 ms pre-roll keeps the first consonant.
        start_frames = 3
        end_frames = max(1, round(self.end_silence_s / frame_s))
        preroll: list[bytes] = []
        preroll_max = round(0.3 / frame_s)
        voiced_run = 0
        silent_run = 0
        t = 0.0
        heard = False
        finished = False
        timed_out = False
        spent = 0.0
        final_call = 0.0
        speech_end: float | None = None
        alts: list[Alternative] = []
        cmn = ""
        while True:
            chunk = audio.read(nbytes // 2)
            if not chunk:
                break
            t += len(chunk) / 2 / ASR_RATE_HZ
            if len(chunk) < nbytes:
                chunk += b"\x00" * (nbytes - len(chunk))
            c0 = time.perf_counter()
            chunk = self._dither(chunk)
            voiced = vad.is_speech(chunk)
            if not heard:
                preroll.append(chunk)
                del preroll[:-preroll_max]
                voiced_run = voiced_run + 1 if voiced else 0
                if voiced_run >= start_frames:
                    heard = True
                    cmn = dec.get_cmn(False)
                    dec.start_utt()
                    dec.process_raw(b"".join(preroll), False, False)
            else:
                dec.process_raw(chunk, False, False)
                silent_run = 0 if voiced else silent_run + 1
                if silent_run >= end_frames:
                    dec.end_utt()
                    speech_end = t - silent_run * frame_s
                    alts = self._alternatives(grammar)
                    if alts:
                        finished = True
                    else:  # a noise, not words: keep waiting for speech
                        # and forget it: its cepstral mean would skew the next
                        # utterance (after noise-only utterances, words came
                        # back empty on the null sink)
                        dec.set_cmn(cmn)
                        heard, voiced_run, silent_run, preroll = False, 0, 0, []
                        speech_end = None
            final_call = time.perf_counter() - c0
            spent += final_call
            if finished:
                break
            if not heard and t >= timeout_s:
                timed_out = True
                break
            if t >= self.max_utterance_s:
                break
        if heard and not finished:
            c0 = time.perf_counter()
            dec.end_utt()
            speech_end = t - silent_run * frame_s
            final_call = time.perf_counter() - c0
            spent += final_call
        if not finished:
            alts = self._alternatives(grammar) if heard else []
            if heard and not alts:
                dec.set_cmn(cmn)
        return Recognition(
            alternatives=tuple(alts), engine=self.name, timed_out=timed_out or not alts,
            speech_end_ms=None if speech_end is None else speech_end * 1000,
            result_at_ms=t * 1000, decode_ms=spent * 1000, final_ms=final_call * 1000,
            dropped_words=dropped)

    def _dither(self, pcm: bytes) -> bytes:
        """Add a -84 dBFS noise floor (seeded, so results repeat).

        Digital silence (exact zeros, as in TTS renders and padded files) gives
        log(0) frame energies that derail the decoder: on TTS words, accuracy
        went from 24/52 to 41/52 with this floor. A real microphone's own
        noise is far above it, so live audio is unchanged in effect.
        """
        x = np.frombuffer(pcm, dtype="<i2").astype(np.int32)
        x += np.round(self._rng.normal(0.0, 2.0, len(x))).astype(np.int32)
        return np.clip(x, -32768, 32767).astype("<i2").tobytes()

    def _alternatives(self, grammar: Grammar) -> list[Alternative]:
        dec = self._decoder
        hyp = dec.hyp()
        if hyp is None or not hyp.hypstr.strip():
            return []
        words = [s for s in dec.seg() if s.word not in _FILLERS and not s.word.startswith("[")]
        confs = tuple(float(s.prob) for s in words)
        best = " ".join(hyp.hypstr.split())
        alts = [Alternative(best, sum(confs) / len(confs) if confs else None, float(hyp.score),
                            confs, allowed_sequence(best, grammar))]
        seen = {best}
        if grammar.repeat:
            return alts  # an n-best list over a looping grammar's lattice takes seconds
        try:
            for n in dec.nbest():
                if len(alts) >= self.alternatives:
                    break
                if n is None or not n.hypstr.strip():
                    continue
                text = " ".join(n.hypstr.split())
                if text not in seen:
                    seen.add(text)
                    alts.append(Alternative(text, None, float(n.score), (),
                                            allowed_sequence(text, grammar)))
        except (RuntimeError, ValueError, TypeError):  # no lattice for this utterance
            pass
        return alts
