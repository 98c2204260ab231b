"""A spelling heard whole with Whisper: every letter, at the speller's own pace.

People spell with 0.2-0.5 s between letters, say a name as two runs with a longer pause
between them, and run letters together when they are sure. Two kinds of evidence hear
them, and each checks the other:

- **the letters one by one**: each run of speech between pauses (an *island*) is heard as
  a letter as soon as it ends (:mod:`voice.hearing.asr.whisper_letters`: NATO words, the
  letter names' classifier and the encoder's letter head), while the speller goes on;
- **the stretch whole**: all of it decoded at once after a letter prompt, which writes
  most spellings as letters ("S O R A Y A ...") even where the speller ran letters
  together, with each letter's runner-up.

The two are read together in :mod:`voice.hearing.asr.spelling_runs` (which letters stand,
and which are asked about: "Was that B or D?"). Where no reading
spells an accepted answer, a beam search of the stretch adds its close readings as
runner-ups (a first letter the greedy decode dropped), which the host asks about too.
Where the whole decode wrote words (NATO words, a word said instead of letters), the
letter reader reads both; where it wrote a few words among many letters (talk under the
speller: "A R J U 10"), the stretch is decoded again as letters only
(:func:`letters_among_talk`) and said back before it is judged wrong, with the first
decode's letters (the talk's words left out) as a runner-up; where it stopped after a
letter or two that the runs heard many of (:func:`stopped_short`), the runs' letters come
first. Letters come no faster than letter names can be said (SHORTEST_LETTER_S): more
letters than that in the runs' speech were a name said whole that the letter prompt wrote
as letters, and the stretch is decoded again as what was said, for the host to ask for the
letters.

When a spelling is over: no new letter within :data:`~voice.hearing.endpoint.SPELLING_PAUSE_S`
(UNFINISHED_PAUSE_S, there too, while it has fewer letters than the answer: a pause between
the two words of a name does not end it), a done word ("done", "that's it"), or as many
letters as the longest accepted spelling (``Grammar.verify``) and a short pause with no
letter after them (:func:`complete_pause`: a letter more is heard). The answer is known
only to stop listening, and to tell the answer's word said before its letters ("Follow: F,
O, L, L, O, W"; :func:`word_of_answer`: a run longer than a word takes to say is letters
run together; "Thank, Tango, Hotel ...", :func:`words_as_letters`) from a letter; never to
read the letters, so a misspelling is heard as said.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from content.spoken_words import NATO_WORDS
from voice.audio.clips import ASR_RATE_HZ
from voice.hearing.asr.base import (
    DONE_WORDS,
    Alternative,
    Grammar,
    Recognition,
    allowed_sequence,
)
from voice.hearing.asr.spelling_runs import (
    Island,
    Slot,
    alternatives,
    fused,
    island_slots,
    spelled_in_nato,
    sure_letter,
    unlooped,
)
from voice.hearing.asr.whisper_words import (
    LETTER_SOUNDS,
    LETTERS,
    SPELLING_WORDS,
    nato_letter,
    spelled_letters,
    spelling_word,
    transcript_words,
)
from voice.hearing.endpoint import (
    SPELLING_PAUSE_S,
    UNFINISHED_PAUSE_S,
    Endpointer,
    EndpointPolicy,
    outlasted_ms,
)
from voice.hearing.vad import WINDOW_S
from voice.hearing.vad import windows as audio_windows
from voice.reply_kind import ReplyKind

if TYPE_CHECKING:
    from voice.hearing.asr.whisper import WhisperRecognizer
    from voice.hearing.asr.whisper_letters import Decoded
    from voice.hearing.audio_in import AudioIn

STRETCH_PROMPT = "Spelled letter by letter: N E C"
"""The whole stretch's prompt: letters written one by one, spaced. Over 35 people spelling
their names (shared/speech/spelled), whole names right: 12 with this prompt, 11 with the
comma-separated "N, E, C" and 11 with the whole alphabet (which it tends to continue)."""
PROMPT_LETTERS = tuple(STRETCH_PROMPT.split(":")[1].lower().split())
"""The prompt's own letters ("n e c"): what the decoder writes back when it makes out no
letters in the stretch (NATO words said fast, a stretch of noise), so no reading of it."""
STRETCH_LEAD_S = 0.5
"""Silence put before and after the stretch for its decode (seconds): the first letter
is not lost to the decoder's start."""
STRETCH_TOKENS = 96
"""New tokens for a whole stretch: a long name with its commas and a space each."""
COMPLETE_PAUSE_S = 0.6
"""A spelling with as many letters as the answer is over once this much silence (seconds)
follows its last letter, or PACE_TIMES the speller's own pause between letters where that
is longer (complete_pause), not at once: a letter more ("j u m p p" for jump) would
otherwise go unheard, and the answer's letters be taken for a misspelling."""
PACE_TIMES = 1.6
"""How many times a speller's typical pause between runs (their median) ends a spelling
that has the answer's letters. 35 people spelling names: pauses between runs 0.38 s median,
0.45 s at the 75th percentile (0.64 s at the 90th, with the pauses between two names)."""
COMPLETE_MAX_S = 1.0
"""The longest wait for a letter more, however slowly the speller went (seconds)."""
NEAR_END = 2
"""From half the answer's letters, or this many short of them, each run's end is followed
by a decode of the whole stretch, to see whether the spelling is complete (the runs' own
count is often off: letters run together are heard as a word)."""
SPELLING_MAX_S = 40.0
"""The longest spelling (seconds from its first letter): a long name spelled slowly."""
LETTER_SPEECH_S = 0.5
"""Speech per letter name (seconds) by which a run's length counts its letters, whatever
its decode wrote ("a" for Arjun's "A-R-J-U-N" run together in 2.7 s), for NEAR_END only:
an over-count costs one decode of the stretch, an under-count a wait of UNFINISHED_PAUSE_S
(35 people spelling names: 0.27-0.70 s of speech per letter)."""
STRAY_S = 0.3
"""A first run shorter than this (seconds), no letter surely heard in it, may be a click, a
breath or a cough before the speller begins (a letter name lasts 0.3-0.5 s): the pause
after it ends no spelling before the timeout, and a run more than UNFINISHED_PAUSE_S after it
starts the spelling afresh."""
STRAY_P = 0.5
"""A stray run's letter is under this probability (0-1) by the letter classifier."""


def letters_heard(islands: list[Island]) -> int:
    """How many letters the islands so far spell ("double f" two; a word said instead none)."""
    words = spelled_letters([w for i in islands
                             for w in transcript_words(i.decoded.text, ReplyKind.SPELLING)])
    count = 0
    for k, word in enumerate(words):
        if len(word) == 1 or word in LETTER_SOUNDS - {"double"}:
            count += 2 if k > 0 and words[k - 1] == "double" else 1
    return count


def letters_only(text: str) -> str:
    """``text``'s letters, lower case, nothing else ("Grey-Thompson" -> "greythompson")."""
    return "".join(c for c in text.lower() if c in LETTERS)


def answer_letters(grammar: Grammar) -> list[str]:
    """The accepted spellings as their letters only."""
    return [letters_only(v) for v in grammar.verify]


def longest_answer(grammar: Grammar) -> int | None:
    """Letters in the longest accepted spelling (None: no answer is known)."""
    longest = max((sum(c in LETTERS for c in v) for v in grammar.verify), default=0)
    return longest or None


def letters_by_time(islands: list[Island]) -> int:
    """The fewest letters the islands' runs hold by their length (LETTER_SPEECH_S)."""
    return sum(int((i.end_s - i.start_s) / LETTER_SPEECH_S) for i in islands)


def ends_with_done(islands: list[Island]) -> bool:
    words = transcript_words(islands[-1].decoded.text, ReplyKind.SPELLING) if islands else []
    said = " ".join(words)
    return any(said.endswith(d) for d in DONE_WORDS)


def listen_spelling(rec: WhisperRecognizer, audio: AudioIn, grammar: Grammar,
                    timeout_s: float) -> Recognition:
    """Hear one whole spelling from ``audio`` (see the module docstring)."""
    policy = EndpointPolicy.for_letter()
    ends = Endpointer(policy, WINDOW_S)
    rec.fresh_stream(audio)
    preroll = max(1, round(policy.preroll_s / WINDOW_S))
    need = longest_answer(grammar)
    windows: list[np.ndarray] = []
    islands: list[Island] = []
    spent, final_ms = 0.0, 0.0
    so_far = 0  # letters heard so far, by the islands or the whole stretch
    early: Decoded | None = None  # the run in progress, heard during its pause
    early_at = 0.0
    # the spelling read once it had the answer's letters (alternatives, the decode's ms,
    # when it was read in seconds), said once no further letter follows
    finished: tuple[list[Alternative], float, float] | None = None
    said_whole: Island | None = None  # the answer's word, said before its letters
    n = 0
    for window in audio_windows(audio):
        c0 = time.perf_counter()
        windows.append(window)
        utt = ends.feed(n * WINDOW_S, rec.speech_probability(window))
        n += 1
        spent += time.perf_counter() - c0
        if finished is not None:
            if ends.in_speech:
                finished = None  # a letter more than the answer has: the spelling goes on
            elif n * WINDOW_S - islands[-1].end_s >= complete_pause(islands):
                return _finished(rec, finished, islands, n, spent)
        if ends.in_speech and early is not None and ends.silence_s < policy.early_s:
            early = None  # the speller went on: that was half a run
        if (ends.in_speech and early is None and ends.start_s is not None
                and ends.silence_s >= policy.early_s):
            # The run is heard while the rest of its pause passes (LETTER_EARLY_S into
            # it; a letter said alone is heard on this cut of the run too).
            first = max(0, round(ends.start_s / WINDOW_S) - preroll)
            early = rec.letter(np.concatenate(windows[first:]),
                               n * WINDOW_S - ends.silence_s - ends.start_s)
            early_at = n * WINDOW_S
            spent += early.decode_ms / 1000
        if utt is not None:
            if early is not None:
                # only the part of its decode that outlasted the pause delays the reply
                decoded, early = early, None
                final_ms = outlasted_ms(decoded.decode_ms, early_at, utt.decided_s)
            else:
                first = max(0, round(utt.start_s / WINDOW_S) - preroll)
                decoded = rec.letter(np.concatenate(windows[first:]),
                                     utt.speech_end_s - utt.start_s)
                spent += decoded.decode_ms / 1000
                final_ms = decoded.decode_ms
            said_s = utt.speech_end_s - utt.start_s
            if not islands and said_whole is None and word_of_answer(decoded.word, grammar,
                                                                  said_s):
                # the word said before its letters ("Neighbour: N, E, I, ..."): no letter
                said_whole = Island(utt.start_s, utt.speech_end_s, decoded)
            elif transcript_words(decoded.text, ReplyKind.SPELLING):
                if (_stray_only(islands, need)
                        and utt.start_s - islands[0].end_s >= UNFINISHED_PAUSE_S):
                    islands, so_far = [], 0  # the speller began only now
                islands.append(Island(utt.start_s, utt.speech_end_s, decoded))
                if ends_with_done(islands):
                    break
                so_far = max(so_far, letters_heard(islands))
                if (need is not None
                        and max(so_far, letters_by_time(islands)) >= min(need - NEAR_END,
                                                                         need // 2)):
                    # Near as many letters as the answer: the whole stretch says whether
                    # that is all (an island may be heard as two letters, or two as one).
                    c0 = time.perf_counter()
                    alts, whole_letters, encoded = _whole(rec, windows, islands, preroll,
                                                          grammar)
                    complete = bool(alts) and whole_letters >= need
                    if complete:
                        alts = with_runner_ups(rec, encoded, alts, grammar)
                    whole_ms = (time.perf_counter() - c0) * 1000
                    spent += whole_ms / 1000
                    so_far = max(so_far, whole_letters)
                    if complete:  # said once no letter follows (COMPLETE_PAUSE_S)
                        finished = (alts, final_ms + whole_ms, n * WINDOW_S)
        if (said_whole is not None and not islands and not ends.in_speech
                and n * WINDOW_S - said_whole.end_s >= UNFINISHED_PAUSE_S):
            islands = [said_whole]  # no letters followed: the word was said instead
            break
        stray = _stray_only(islands, need)
        if ((not islands or stray) and said_whole is None and not ends.in_speech
                and n * WINDOW_S >= timeout_s):
            return Recognition(engine=rec.name, timed_out=True,
                               result_at_ms=n * WINDOW_S * 1000, decode_ms=spent * 1000)
        pause = SPELLING_PAUSE_S
        if need is not None and so_far < need:
            pause = UNFINISHED_PAUSE_S  # letters still to come: a longer pause between names
        if (islands and not stray and not ends.in_speech
                and n * WINDOW_S - islands[-1].end_s >= pause):
            break
        if n * WINDOW_S >= (islands[0].start_s if islands else timeout_s) + SPELLING_MAX_S:
            break
    if finished is not None and not ends.in_speech:
        return _finished(rec, finished, islands, n, spent)
    last = ends.finish(n * WINDOW_S) if ends.in_speech else None
    if last is not None:
        first = max(0, round(last.start_s / WINDOW_S) - preroll)
        decoded = rec.letter(np.concatenate(windows[first:]), last.speech_end_s - last.start_s)
        spent += decoded.decode_ms / 1000
        if transcript_words(decoded.text, ReplyKind.SPELLING):
            islands.append(Island(last.start_s, last.speech_end_s, decoded))
    if not islands and said_whole is not None:
        islands = [said_whole]
    if not islands:
        return Recognition(engine=rec.name, timed_out=True, result_at_ms=n * WINDOW_S * 1000,
                           decode_ms=spent * 1000)
    started = time.perf_counter()
    alts, _, encoded = _whole(rec, windows, islands, preroll, grammar)
    alts = with_runner_ups(rec, encoded, alts, grammar)
    whole_ms = (time.perf_counter() - started) * 1000
    return _heard(rec, alts, islands, n, spent + whole_ms / 1000, final_ms + whole_ms)


WORD_LIKE = 80.0
"""rapidfuzz ratio (0-100) at which a word said in a spelling is the answer's word
("neighbor" for "neighbour": 94)."""
WORD_FROM = 4
"""Letters from which an answer said before its spelling may be heard a little off
(WORD_LIKE); a shorter one must be heard as written ("cut"). A letter's name is never
taken for it (Decoded.word leaves out "bee", "tea", "age" ...)."""


WORD_SAID_S = 1.0
"""A word said whole takes less speech than this (seconds), or than its letters' names run
together (SHORTEST_LETTER_S each) where that is longer: a longer run decoded as the answer's
word was its letters ("Arjun" written for A-R-J-U-N run together in 2.7 s)."""


def word_of_answer(word: str, grammar: Grammar, speech_s: float = 0.0) -> bool:
    """Whether ``word`` (a run's Decoded.word, ``speech_s`` long) is an accepted answer said
    whole."""
    from rapidfuzz import fuzz

    said = letters_only(word)
    # a run longer than the answer holds its first letter too ("marvin m"): not set aside
    return len(said) > 1 and any(
        (said == a or (len(a) >= WORD_FROM and len(said) <= len(a)
                       and fuzz.ratio(said, a) >= WORD_LIKE))
        and speech_s < max(WORD_SAID_S, len(a) * SHORTEST_LETTER_S)
        for a in answer_letters(grammar))


def answer_first(words: list[str], grammar: Grammar) -> bool:
    """Whether a run's ``words`` start with an accepted answer said whole, more words after
    it (its letters)."""
    return len(words) > 1 and word_of_answer(words[0], grammar)


def words_as_letters(text: str, grammar: Grammar) -> str:
    """A decode that wrote words, as the letter reader should read it: NATO words as their
    letters (a decoder's loop cut to one), other words as they are, and the answer's word
    said before its letters kept whole ("Thank, Tango, Hotel ...": "thank" sounds enough like
    Tango to be read as a T, and the spelling as T-T-H-A-N-K)."""
    words = transcript_words(text, ReplyKind.SPELLING)
    said = words[:1] if answer_first(words, grammar) else []
    letters = unlooped([Slot(w, {}) for w in spelled_letters(words[len(said):])])
    return " ".join([*said, *(s.letter for s in letters)])


def complete_pause(islands: list[Island]) -> float:
    """The silence after the last run that ends a spelling with the answer's letters
    (seconds): COMPLETE_PAUSE_S, or PACE_TIMES the speller's median pause between runs (the
    lower one of an even count: a pause between two names is no pace), whichever is longer,
    and at most COMPLETE_MAX_S."""
    gaps = sorted(b.start_s - a.end_s for a, b in zip(islands, islands[1:], strict=False))
    gaps = [g for g in gaps if g > 0]
    pace = PACE_TIMES * gaps[(len(gaps) - 1) // 2] if gaps else 0.0
    return min(COMPLETE_MAX_S, max(COMPLETE_PAUSE_S, pace))


def _finished(rec: WhisperRecognizer, finished: tuple[list[Alternative], float, float],
              islands: list[Island], n: int, spent_s: float) -> Recognition:
    """The spelling read when it had the answer's letters, now that no letter followed:
    only the part of its decode that outlasted the wait delays the reply."""
    alts, decode_ms, at_s = finished
    return _heard(rec, alts, islands, n, spent_s, outlasted_ms(decode_ms, at_s, n * WINDOW_S))


def _stray_only(islands: list[Island], need: int | None) -> bool:
    """Whether the one run heard so far may be no letter but a click or a cough (STRAY_S),
    where the answer has more than one letter."""
    if len(islands) != 1 or need == 1:
        return False
    island = islands[0]
    probs = island.decoded.classes
    return (island.end_s - island.start_s < STRAY_S and bool(probs)
            and max(probs.values()) < STRAY_P)


SURE_SPELLING = 0.45
"""A reading whose least sure letter is under this probability (0-1), or that the letter
reader read from words, was heard weakly (Recognition.unsure): one that spells no accepted
answer is said back before it is judged wrong. 35 people spelling names with talk 10 dB
under them: 14 of the 17 right spellings read wrong were under it (the rest 0.49-0.69);
on clean speech 2 of the 4 (Niko's K, heard as C at 0.79, is not)."""


def weakly_heard(alts: list[Alternative]) -> bool:
    """Whether the best reading was heard weakly (SURE_SPELLING)."""
    return bool(alts) and (alts[0].confidence is None or alts[0].confidence < SURE_SPELLING)


def _heard(rec: WhisperRecognizer, alts: list[Alternative], islands: list[Island], n: int,
           spent_s: float, final_ms: float) -> Recognition:
    return Recognition(alternatives=tuple(alts), engine=rec.name,
                       speech_end_ms=islands[-1].end_s * 1000, result_at_ms=n * WINDOW_S * 1000,
                       decode_ms=spent_s * 1000, final_ms=final_ms, unsure=weakly_heard(alts))


def letters_in(text: str) -> int:
    """Letters a transcript of single letters spells (words count none)."""
    return sum(len(w) == 1 for w in text.split())


def _whole(rec: WhisperRecognizer, windows: list[np.ndarray], islands: list[Island],
           preroll: int, grammar: Grammar) -> tuple[list[Alternative], int, Any]:
    """The stretch decoded whole and read with the islands' letters; how many letters
    were surely heard (whether the spelling may be over): the fused reading's, or where the
    whole decode wrote words, the fewer of its letters and the islands'; and the stretch's
    encoding where it was read as letters (None where the decoder wrote words)."""
    first = max(0, round(islands[0].start_s / WINDOW_S) - preroll)
    last = min(len(windows), round(islands[-1].end_s / WINDOW_S) + preroll)
    lead = np.zeros(round(STRETCH_LEAD_S * ASR_RATE_HZ), dtype=np.float32)
    samples = np.concatenate([lead, *windows[first:last], lead])
    in_nato = spelled_in_nato(islands)
    if in_nato is not None:
        return (alternatives(in_nato, grammar) + word_said_first(in_nato, islands, grammar),
                len(in_nato), None)
    encoded = rec.encode_stretch(samples)
    whole = rec.stretch_letters(encoded, STRETCH_PROMPT, STRETCH_TOKENS)
    # the free decode's letters without the talk's words, where it wrote talk among them
    talk_left_out = letters_among_talk(whole) if isinstance(whole, str) else ""
    if talk_left_out:
        whole = rec.stretch_letters_only(encoded, STRETCH_PROMPT, STRETCH_TOKENS) or whole
    joined = " ".join(t for t in (island_text(i, grammar) for i in islands) if t)
    if (isinstance(whole, list)
            and tuple(s.letter for s in unlooped(whole)) == PROMPT_LETTERS
            and tuple(joined.split()) != PROMPT_LETTERS):
        # the decoder echoed its prompt ("n e c n e c ..."): the runs' letters are all
        # there is
        whole = ""
    if isinstance(whole, list) and stopped_short(len(unlooped(whole)), letters_heard(islands)):
        # the decoder stopped after a letter or two (talk before the speller, then a
        # pause) where the runs heard many: read as words are, the runs' letters first,
        # and said back before they are judged wrong
        whole = " ".join(s.letter for s in whole)
    if isinstance(whole, list):
        if whole and not spelling_word(joined.split()):
            letters = fused(whole, islands)
            if not said_as_letters(letters, islands):
                # a name said whole, which the letter prompt wrote as letters ("b n g c t r
                # g" for "Benji Chatterjee"): what was said, for the host to ask for letters
                instead = " ".join(transcript_words(rec.stretch_said(encoded),
                                                    ReplyKind.SPELLING))
                return ([Alternative(instead, None, None, (), False)] if _unknown(instead)
                        else []), 0, None
            alts = (alternatives(letters, grammar) + said_instead(letters, islands)
                    + word_said_first(letters, islands, grammar))
            if talk_left_out:
                # letters read past talk: said back before they are judged wrong, and the
                # free decode's letters without the talk (a talk word may have been
                # forced into a letter) a runner-up, for the host to ask about
                alts = [replace(a, confidence=None) for a in alts]
                if all(a.text != talk_left_out for a in alts):
                    alts.append(Alternative(talk_left_out, None, None, (),
                                            allowed_sequence(talk_left_out, grammar)))
            return alts, len(letters), encoded
        whole_text = " ".join(s.letter for s in unlooped(whole))
    else:  # NATO words as their letters ("in the" for India), other words as words
        whole_text = words_as_letters(whole, grammar)
    # The whole decode wrote words: NATO words (which the islands hear one by one better:
    # it adds and drops some), a word said instead of letters, "double f", "as in". The
    # letter reader reads both hearings; the islands' first where they are all letters.
    # One run heard as a letter, which the whole decode wrote as a word, was a word said
    # whole ("backward", read as W by the letter classifier, which must name a letter),
    # unless it was surely a NATO word (which the letter prompt garbles: "web back") or
    # the answer is one letter (a letter said alone is heard better alone).
    sure = (island_slots(islands[0]) if len(islands) == 1 and sure_letter(islands[0])
            and not _unknown(joined) else [])
    if sure:
        # a NATO word heard as one, as sure as it was ("web back" for Quebec, "X-ray" in the
        # whole decode, is no runner-up)
        return alternatives(sure, grammar), len(sure), None
    texts = [whole_text, joined]
    if not _unknown(joined) and (len(islands) > 1 or not _unknown(whole_text)
                                   or sure_letter(islands[0]) or longest_answer(grammar) == 1):
        texts.reverse()
    return [Alternative(t, None, None, (), allowed_sequence(t, grammar))
            for t in dict.fromkeys(t for t in texts if t)], min(letters_in(whole_text),
                                                                letters_in(joined)), None


RUNNER_UP_GAP = 0.1
"""A beam reading of the stretch this close to the best one (mean log-probability per token,
natural log) is a runner-up, for the host to ask about; the readings that put back a first
letter the greedy decode dropped were 0.02-0.07 below the best (35 people spelling names)."""


def with_runner_ups(rec: WhisperRecognizer, encoded: Any, alts: list[Alternative],
                    grammar: Grammar) -> list[Alternative]:
    """``alts`` and, where none of them spells an accepted answer, the stretch's other
    readings by a beam search (the host asks about them; none is ever taken unasked). Not
    where the decoder wrote words (``encoded`` None): a word said whole is no spelling."""
    if encoded is None or not grammar.verify:
        return alts
    answers = set(answer_letters(grammar))
    if any(a.text.replace(" ", "") in answers for a in alts):
        return alts
    present = {a.text for a in alts}
    more = [text for text, gap in rec.stretch_runner_ups(encoded, STRETCH_PROMPT,
                                                        STRETCH_TOKENS)
            if gap <= RUNNER_UP_GAP and text not in present]
    return [*alts, *(Alternative(t, None, None, (), allowed_sequence(t, grammar))
                     for t in dict.fromkeys(more))]


SHORTEST_LETTER_S = 0.22
"""Speech per letter (seconds) below which letters read from a stretch were no letter names
but a word said whole: a letter name is a syllable of its own, even run together (35 people
spelling names: 0.27-0.70 s of speech per letter), and a name has fewer syllables than
letters ("Benji Chatterjee" said in 1.3 s, written as 7 letters: 0.18 s each)."""
RATE_FROM = 3
"""Letters from which their rate tells (the voice detector's cut of one or two short letter
names, an espeak "F" of 0.2 s, is too tight to time them by)."""


def said_instead(letters: list[Slot], islands: list[Island]) -> list[Alternative]:
    """The word a lone run was decoded as, where one letter was read from it: a runner-up
    for the judge, which then confirms the letter ("Did you say T?"). Richard's "Papa" alone,
    0.35 s of speech, was written "tapper" and classified T (0.85) by the letter classifier,
    which must name a letter; on one CPU the whole decode wrote the word too, on another it
    wrote T, and a T asked for was taken unasked."""
    if len(islands) != 1 or len(letters) != 1 or islands[0].decoded.nato:
        return []
    word = islands[0].decoded.word
    return [Alternative(word, None, None, (), False)] if _unknown(word) else []


def word_said_first(letters: list[Slot], islands: list[Island], grammar: Grammar
                    ) -> list[Alternative]:
    """The reading without its first letter, where that letter is a first run's that was
    decoded as a word (no letter's name and no NATO word: "sunk" for "thank", said before
    T-H-A-N-K and read as S), with more runs after it: a runner-up, for the host to ask about
    ("Did you spell T-H-A-N-K?") rather than judge the spelling wrong for a word said first
    that was heard as another (the answer's word heard as itself is set aside before:
    word_of_answer)."""
    first = islands[0]
    if (len(islands) < 2 or len(letters) < 2 or first.decoded.nato
            or not _unknown(first.decoded.word)
            or [s.letter for s in island_slots(first)] != [letters[0].letter]):
        return []
    rest = " ".join(s.letter for s in letters[1:])
    return [Alternative(rest, None, None, (), allowed_sequence(rest, grammar))]


def said_as_letters(letters: list[Slot], islands: list[Island]) -> bool:
    """Whether the islands' speech is long enough for ``letters`` to be letter names."""
    speech_s = sum(i.end_s - i.start_s for i in islands)
    return len(letters) < RATE_FROM or speech_s / len(letters) >= SHORTEST_LETTER_S


SHORT_BY = 3
"""stopped_short: a whole decode with at least this many letters fewer than the runs ..."""
SHORT_SHARE = 0.5
"""... and fewer than this share of them, stopped before the speller did."""


def stopped_short(decoded: int, runs: int) -> bool:
    """Whether a whole stretch's decode of ``decoded`` letters lost most of the ``runs``
    letters its runs were heard as one by one (Norah's N-O-R-A-H C-H-O after another
    person's "Marvin" was decoded "M", and judged wrong)."""
    return runs - decoded >= SHORT_BY and decoded < SHORT_SHARE * runs


TALK_WORDS_PER_LETTER = 0.5
"""letters_among_talk: at most this many words that spell nothing per letter ..."""
TALK_LETTERS_FROM = 3
"""... among at least this many letters."""


def letters_among_talk(text: str) -> str:
    """The letters of a whole stretch's free decode ``text`` without the words among them
    that spell nothing, where it is letters with a few such words ("h a r l o w s m i t at
    w", "stay a p e r e i r a three": talk under the speller written in, to be decoded again
    as letters only); "" otherwise: where it holds NATO words or spelling words ("double"),
    which a letters-only decode would lose, or is a name said whole ("nicholas shaw": words
    more than letters)."""
    words = transcript_words(text, ReplyKind.SPELLING)
    if any(w in SPELLING_WORDS or w in NATO_WORDS for w in words):
        return ""
    letters = [w for w in words if len(w) == 1]
    talk = _unknown(" ".join(words))
    among = 0 < talk <= TALK_WORDS_PER_LETTER * len(letters) and len(letters) >= TALK_LETTERS_FROM
    return " ".join(letters) if among else ""


def island_text(island: Island, grammar: Grammar) -> str:
    """An island as the letter reader should read it: its letters, or what was said ("" for
    a word said whole that was read as one letter: the whole decode has its words). NATO
    words said right after the answer's word keep the word (words_as_letters)."""
    slots = island_slots(island)
    said = island.decoded.word.split()[:2]
    if (slots and island.decoded.nato and answer_first(said, grammar)
            and nato_letter(said[0]) == slots[0].letter):
        return " ".join([said[0], *(slot.letter for slot in slots[1:])])
    if slots:
        return " ".join(slot.letter for slot in slots)
    words = transcript_words(island.decoded.text, ReplyKind.SPELLING)
    return "" if len(words) == 1 and len(words[0]) == 1 else " ".join(words)


def _unknown(text: str) -> int:
    """Words of ``text`` that are neither letters nor spelling words (more: less a spelling)."""
    return sum(len(w) > 1 and w not in LETTER_SOUNDS and w not in SPELLING_WORDS
               for w in spelled_letters(text.split()))
