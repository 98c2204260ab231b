"""The embedded default recognizer for real: Whisper tiny.en on human recordings
(tests/data/speech), through the game's ears and judge, and spelled words rendered now
by espeak-ng voices. Figures on the whole shared set: bench/bench_hearing.py."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest
from spelling_helpers import right_when_asked

import models
from voice.audio.clips import Clip, read_wav
from voice.errors import UserError
from voice.hearing.asr import whisper, whisper_letters
from voice.hearing.asr.base import Alternative, Grammar
from voice.hearing.asr.whisper import WhisperRecognizer
from voice.hearing.asr.whisper_words import NATO as NATO_WORDS
from voice.hearing.asr.whisper_words import (
    first_letter_words,
    looping,
    nato_reading,
    spelled_letters,
    transcript_words,
)
from voice.hearing.audio_in import MemorySource
from voice.hosting.voice_adapter import VoiceEars
from voice.reply_kind import ReplyKind
from voice.understanding.judge import judge

pytestmark = pytest.mark.slow

CLIPS = Path(__file__).resolve().parents[2] / "data" / "speech"


@pytest.fixture(scope="module")
def rec() -> WhisperRecognizer:
    return WhisperRecognizer()


def _padded(clip: Clip) -> MemorySource:
    """As a microphone stream: quiet noise before and after (seeded)."""
    rng = np.random.default_rng(0)
    audio = clip.to_rate(16000).samples.astype(np.float64)
    lead, tail = rng.normal(0, 12, 9600), rng.normal(0, 12, 16000)
    return MemorySource(Clip(np.concatenate([lead, audio, tail]).astype(np.int16), 16000),
                        tail_s=0.0)


def _hear(rec: WhisperRecognizer, path: Path, kind: str, expected: list[str],
          **request: object) -> object:
    ears = VoiceEars(rec, _padded(read_wav(path)))
    heard = ears.listen(kind, expected, timeout_s=5.0)
    if not heard.nbest:
        return None
    result = judge({"kind": kind, "heard": list(heard.nbest), **request})
    return ("command", result.command) if result.command else (
        result.value if result.verdict != "unclear" else None)


@contextmanager
def _decodes_timed(rec: WhisperRecognizer) -> Iterator[list[float]]:
    """Each decode's own time (ms), in order, while the block runs."""
    decodes: list[float] = []
    real = rec._decode

    def timed(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = real(*args, **kwargs)
        decodes.append(result.decode_ms)
        return result

    rec._decode = timed  # type: ignore[method-assign]
    try:
        yield decodes
    finally:
        del rec._decode


def _clips(prefix: str) -> list[Path]:
    found = sorted(CLIPS.glob(f"{prefix}_*.wav"))
    assert found, f"no {prefix} clips in {CLIPS}"
    return found


def test_loads_the_packaged_weights_checked_and_warm(rec: WhisperRecognizer) -> None:
    folder, entry = whisper.embedded_model_dir()
    assert models.checksum_problems(folder, entry.sha256) == []
    assert set(entry.sha256) == {"config.json", "model.bin", "tokenizer.json", "vocabulary.txt"}
    assert 0 < rec.load_s < 30


def test_a_damaged_weight_file_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    folder, entry = whisper.embedded_model_dir()
    copy = tmp_path / "model"
    shutil.copytree(folder, copy)
    (copy / "config.json").write_text("{}")
    monkeypatch.setattr(models.EmbeddedModel, "path", lambda self: copy)
    with pytest.raises(UserError, match="damaged: config.json has changed") as err:
        WhisperRecognizer()
    assert "\n" not in str(err.value)
    (copy / "model.bin").unlink()
    with pytest.raises(UserError, match="model.bin is missing"):
        whisper.embedded_model_dir()


def test_yes_and_no_from_people(rec: WhisperRecognizer) -> None:
    got = [_hear(rec, p, "yesno", ["yes", "no"]) for p in [*_clips("yes"), *_clips("no")]]
    assert got == [True] * 3 + [False] * 3


def test_digits_from_six_speakers(rec: WhisperRecognizer) -> None:
    paths = _clips("digit")
    got = [_hear(rec, p, "number", [str(n) for n in range(10)], min=0, max=9) for p in paths]
    want = [int(p.name.split("_")[1]) for p in paths]
    assert sum(g == w for g, w in zip(got, want, strict=True)) >= len(want) - 1, (got, want)


def test_a_quiet_digit_is_heard_at_a_number_prompt(rec: WhisperRecognizer) -> None:
    """A take too quiet for the yes/no prompt's start of speech (0.5) to open on it."""
    path = CLIPS / "quiet_digit_2_george_18.wav"
    assert _hear(rec, path, "number", [str(n) for n in range(10)], min=0, max=9) == 2


def test_stop_and_go_are_commands(rec: WhisperRecognizer) -> None:
    stops, goes = _clips("stop"), _clips("go")
    got = [_hear(rec, p, "yesno", ["yes", "no"]) for p in [*stops, *goes]]
    want = [("command", "stop")] * len(stops) + [("command", "resume")] * len(goes)
    assert sum(g == w for g, w in zip(got, want, strict=True)) >= len(want) - 1, got


def test_noise_gives_nothing_and_other_words_no_answer(rec: WhisperRecognizer) -> None:
    for path in _clips("silence"):
        for kind, expected in (("yesno", ["yes", "no"]), ("number", ["1", "2", "3"])):
            ears = VoiceEars(rec, _padded(read_wav(path)))
            heard = ears.listen(kind, expected, timeout_s=3.0)
            assert heard.nbest == () and heard.timed_out, (path.name, kind)  # nothing invented
    taken = [(path.name, kind) for path in _clips("unknown")
             for kind, expected in (("yesno", ["yes", "no"]),
                                    ("number", [str(n) for n in range(1, 13)]))
             if _hear(rec, path, kind, expected) is not None]
    # 8 chances; one "backward" is written "but good": a yes by another word, heard
    # unsure, so asked again (bench_hearing.py counts false accepts on the whole set)
    assert taken == [], taken


def test_a_free_answer_written_as_other_words_is_found_for_the_host_to_confirm(
        rec: WhisperRecognizer) -> None:
    """A person's "Marvin" that the free decode writes "more than": the accepted answer,
    checked against the audio, comes back as the runner-up, and the judge asks."""
    clip = CLIPS / "unknown_marvin_587f3271_nohash_0.wav"
    heard = VoiceEars(rec, _padded(read_wav(clip))).listen("word", ["marvin"], timeout_s=5.0)
    assert heard.nbest[0] != "marvin" and "marvin" in heard.nbest[1:], heard.nbest
    verdict = judge({"kind": "word", "heard": list(heard.nbest), "accepted": ["marvin"]})
    assert (verdict.verdict, verdict.value) == ("unclear", "marvin")
    # answers that do not sound like it are not offered
    other = VoiceEars(rec, _padded(read_wav(clip))).listen("word", ["sheila", "happy", "tree"],
                                                           timeout_s=5.0)
    assert not set(other.nbest) & {"sheila", "happy", "tree"}, other.nbest
    # nor at all when the transcript already names an accepted answer
    said = VoiceEars(rec, _padded(read_wav(CLIPS / "unknown_bed_0ea0e2f4_nohash_1.wav")))
    assert said.listen("word", ["bed", "bird"], timeout_s=5.0).nbest == ("bed",)


def test_a_free_answer_found_by_the_check_is_taken_or_confirmed_never_judged_wrong(
        rec: WhisperRecognizer) -> None:
    """A person's "learn" that the free decode writes "Lauren.": the forced check finds
    "learn". A second decode with a prompt that names no answer writes "learn" alone on one
    CPU (taken at once) and "Lauren" again on another (CTranslate2's int8 arithmetic differs
    between them): then the host asks "Did you say learn?". Judged against another word (the
    bench's pairing, the next word of the set) it is never taken."""
    clip = CLIPS / "unknown_learn_1acc97de_nohash_3.wav"
    heard = VoiceEars(rec, _padded(read_wav(clip))).listen("word", ["learn"], timeout_s=5.0)
    assert "lauren" in heard.nbest and "learn" in heard.nbest, heard
    verdict = judge({"kind": "word", "heard": list(heard.nbest), "accepted": ["learn"]})
    assert verdict.value == "learn" and verdict.verdict in ("correct", "unclear"), verdict
    assert (verdict.verdict == "correct") == (heard.nbest[0] == "learn" and not heard.unsure)
    other = VoiceEars(rec, _padded(read_wav(clip))).listen("word", ["marvin"], timeout_s=5.0)
    wrong = judge({"kind": "word", "heard": list(other.nbest), "accepted": ["marvin"]})
    assert wrong.verdict != "correct", other.nbest


def test_an_answer_the_check_found_and_written_again_alone_is_the_best_reading(
        rec: WhisperRecognizer) -> None:
    """The decisions after the two decodes of "learn" above, on either CPU: written alone
    again (recheck), the accepted answer is the best reading, heard surely; written as the
    other word again, the transcript stays first and the answer is its runner-up."""
    from dataclasses import replace

    from voice.hearing.asr.whisper_letters import Decoded
    from voice.hearing.asr.whisper_sure import unsure

    grammar = Grammar(ReplyKind.WORD, (), verify=("learn",))
    again = Decoded(" Lauren.", -0.65, {}, 1.0, verified="learn", verified_lp=-1.73,
                    recheck=" Learn.")
    alts = rec._alternatives(again, grammar)
    assert [a.text for a in alts][:2] == ["learn", "lauren"] and not unsure(again, alts, grammar)
    twice = replace(again, recheck=" Lauren")
    alts = rec._alternatives(twice, grammar)
    assert [a.text for a in alts][:2] == ["lauren", "learn"]


def test_written_alone_is_the_answer_whole_and_nothing_else() -> None:
    from voice.hearing.asr.whisper_sure import written_alone
    assert written_alone(" Bed.", "bed", ReplyKind.WORD)
    assert written_alone(" New York.", "new york", ReplyKind.WORD)
    assert not written_alone(" Bed bed.", "bed", ReplyKind.WORD)
    assert not written_alone(" Bad.", "bed", ReplyKind.WORD)
    assert not written_alone(" New.", "new york", ReplyKind.WORD)
    assert not written_alone(None, "bed", ReplyKind.WORD)


def test_a_live_stream_ends_soon_after_a_short_answer(rec: WhisperRecognizer) -> None:
    ears = VoiceEars(rec, _padded(read_wav(_clips("yes")[0])))
    ears.listen("yesno", ["yes", "no"], timeout_s=5.0)
    last = ears.last
    assert last is not None and last.speech_end_ms is not None
    # the endpointer decides 0.2 s (+ one 32 ms window) after the speech, not at the end
    # of the 1 s of tail
    assert 150 <= last.result_at_ms - last.speech_end_ms <= 320


def test_an_option_is_decoded_while_its_trailing_silence_passes(rec: WhisperRecognizer) -> None:
    """On a live microphone the last 0.1 s of the silence that ends an option is real time:
    the decode started before it, so the reply does not wait for it as well."""
    for path in _clips("stop")[:2]:
        ears = VoiceEars(rec, _padded(read_wav(path)))
        assert ears.listen("choice", ["stop", "go", "borrow"], timeout_s=5.0).nbest == ("stop",)
        last = ears.last
        assert last is not None and last.decode_ms > 20
        assert last.final_ms < last.decode_ms - 20, (last.final_ms, last.decode_ms)


def test_a_yes_or_a_number_is_decoded_while_its_trailing_silence_passes(
        rec: WhisperRecognizer) -> None:
    """A yes/no or a number is decoded 0.1 s after its loud part, and heard surely it ends
    at 0.2 s: the reply waits for only the part of that decode still running then."""
    overlapped = []
    with _decodes_timed(rec) as decodes:
        for path, kind, expected in (
                *((p, "yesno", ["yes", "no"]) for p in _clips("yes")),
                *((p, "number", [str(n) for n in range(10)]) for p in _clips("digit"))):
            decodes.clear()
            ears = VoiceEars(rec, _padded(read_wav(path)))
            assert ears.listen(kind, expected, timeout_s=5.0).nbest, path.name
            last = ears.last
            assert last is not None and decodes, path.name
            overlapped.append(last.final_ms < decodes[-1] - 20)
    assert sum(overlapped) >= len(overlapped) - 2, overlapped


def test_a_word_answer_ends_without_waiting_for_a_second_word_unless_one_may_follow(
        rec: WhisperRecognizer) -> None:
    """A free answer may have more words, so its utterance waits 0.45 s of silence; once
    what was said is one accepted answer whole, or surely another word in a quiet room, the
    player is done and it ends at 0.2 s. The start of an accepted answer waits."""
    def waited_ms(accepted: list[str]) -> float:
        ears = VoiceEars(rec, _padded(read_wav(CLIPS / "unknown_bed_0ea0e2f4_nohash_1.wav")))
        assert ears.listen("word", accepted, timeout_s=5.0).nbest == ("bed",)
        last = ears.last
        assert last is not None and last.speech_end_ms is not None
        return last.result_at_ms - last.speech_end_ms

    assert waited_ms(["bed", "bird"]) <= 260
    assert waited_ms(["happy"]) <= 260  # a wrong answer, said plainly: judged as soon
    assert waited_ms(["bed time"]) >= 450  # "time" may follow
    assert waited_ms([]) >= 450  # no accepted answers (a team's own word): any may follow


def test_a_whole_word_answer_is_decoded_while_the_pause_after_it_passes(
        rec: WhisperRecognizer) -> None:
    """Decoded after 0.1 s of silence, a whole answer ends at 0.2 s: on a live microphone the
    decode ran while the pause passed, so the reply waits for little or none of it. One not
    whole then is decoded again at 0.2 s (the first decode had less of the pause to go by)."""
    with _decodes_timed(rec) as decodes:
        for accepted, count in ((["bed"], 1), (["bed time"], 2)):
            decodes.clear()
            ears = VoiceEars(rec, _padded(read_wav(CLIPS / "unknown_bed_0ea0e2f4_nohash_1.wav")))
            assert ears.listen("word", accepted, timeout_s=5.0).nbest[0] == "bed"
            last = ears.last
            assert last is not None and len(decodes) == count, (accepted, len(decodes))
            if count == 1:  # part of the decode ran while the pause passed
                assert last.final_ms < decodes[0], (last.final_ms, decodes)


def test_a_wrong_word_ends_early_only_when_written_surely_and_whole() -> None:
    grammar = Grammar.of(ReplyKind.WORD, [], verify=("doubling cube", "bed"))

    def decoded(lp: float = -0.3, **kw: object) -> whisper_letters.Decoded:
        return whisper_letters.Decoded(text="x", avg_logprob=lp, classes={}, decode_ms=50.0,
                                       **kw)  # type: ignore[arg-type]

    def alts(text: str) -> list[Alternative]:
        return [Alternative(text, None, -0.3, (), True)]

    assert whisper.complete_other(decoded(), alts("cricket"), grammar)
    assert whisper.complete_other(decoded(), alts("table tennis"), grammar)
    assert not whisper.complete_other(decoded(), alts("bed"), grammar)  # accepted: complete_answer
    assert not whisper.complete_other(decoded(), alts("doubling"), grammar)  # "cube" may follow
    assert not whisper.complete_other(decoded(), alts("it's the"), grammar)  # goes on
    assert not whisper.complete_other(decoded(), alts("twenty"), grammar)
    assert not whisper.complete_other(decoded(-1.2), alts("no"), grammar)  # half a word?
    assert not whisper.complete_other(decoded(crowded=True), alts("cricket"), grammar)
    # the forced check found "bed": ended now, it is said back all the sooner
    assert whisper.complete_other(decoded(verified="bed"), alts("bad"), grammar)
    assert not whisper.complete_other(
        decoded(), alts("cricket"), Grammar.of(ReplyKind.WORD, [], verify=()))
    assert not whisper.complete_other(
        decoded(), alts("cricket"), Grammar.of(ReplyKind.NAME, [], verify=("bed",)))


def test_an_answer_the_next_word_could_go_on_is_not_complete() -> None:
    grammar = Grammar.of(ReplyKind.WORD, [], verify=("twenty", "twenty five", "bed"))
    decoded = whisper_letters.Decoded(text="twenty", avg_logprob=-0.1, classes={},
                                      decode_ms=50.0)

    def alts(text: str) -> list[Alternative]:
        return [Alternative(text, None, -0.1, (), True)]

    assert not whisper.complete_answer(decoded, alts("twenty"), grammar)
    assert whisper.complete_answer(decoded, alts("bed"), grammar)
    assert not whisper.complete_answer(decoded, alts("bed time"), grammar)
    crowded = whisper_letters.Decoded(text="bed", avg_logprob=-0.1, classes={},
                                      decode_ms=50.0, crowded=True)
    assert not whisper.complete_answer(crowded, alts("bed"), grammar)  # talk around it


# -- spelled answers stay letters -------------------------------------------------------

NATO = dict(zip("abcdefghijklmnopqrstuvwxyz", NATO_WORDS, strict=True))


def _spelled(word: str, style: str, voice: str, wpm: int, tmp: Path) -> Clip:
    if style == "names":
        body = " ".join(f"<say-as interpret-as='characters'>{c}</say-as><break time='400ms'/>"
                        for c in word)
    else:
        body = " ".join(f"{NATO[c]}<break time='300ms'/>" for c in word)
    out = tmp / f"{word}-{style}-{voice}-{wpm}.wav"
    subprocess.run(["espeak-ng", "-m", "-v", voice, "-s", str(wpm), "-w", str(out),
                    f"<speak>{body}</speak>"], check=True, capture_output=True)
    return read_wav(out)


@pytest.mark.parametrize("voice, wpm", [("en-us", 130), ("en-gb", 165), ("en-gb-x-rp", 145)])
def test_a_misspelling_is_never_judged_right(rec: WhisperRecognizer, tmp_path: Path,
                                             voice: str, wpm: int) -> None:
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    for target, said in (("necessary", "necesary"), ("receive", "recieve"),
                         ("neighbour", "nieghbour")):
        for style in ("names", "nato"):
            ears = VoiceEars(rec, _padded(_spelled(said, style, voice, wpm, tmp_path)))
            heard = ears.listen("spelling", [target], timeout_s=5.0)
            result = judge({"kind": "spelling", "heard": list(heard.nbest) or [""],
                            "answer": target})
            assert result.verdict != "correct", (said, style, voice, heard.nbest)


def test_nato_spellings_are_heard(rec: WhisperRecognizer, tmp_path: Path) -> None:
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    right = 0
    for word in ("rhythm", "tomorrow", "colour", "weird", "receive"):
        ears = VoiceEars(rec, _padded(_spelled(word, "nato", "en-gb-x-rp", 140, tmp_path)))
        heard = ears.listen("spelling", [word], timeout_s=5.0)
        result = judge({"kind": "spelling", "heard": list(heard.nbest) or [""],
                        "answer": word})
        # right at once, or its letters heard right with a sound-alike the recognizer also
        # weighed, asked about ("Was that C or B?") and kept by the speller's reply
        right += right_when_asked(result, word)
    assert right >= 4  # the clearest espeak voice; bench_hearing.py measures all three


def test_nato_words_said_quickly_one_by_one_are_heard(rec: WhisperRecognizer,
                                                     tmp_path: Path) -> None:
    """The demo's way of spelling: each word its own render at espeak's usual 175 wpm,
    0.45 s apart. Said that quickly, India ("in the") and Sierra ("see you everybody")
    last under 0.46 s, and were read as the letter names N and C."""
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    parts = []
    for word in ("mike", "india", "sierra", "tango"):
        out = tmp_path / f"{word}.wav"
        subprocess.run(["espeak-ng", "-v", "en-us", "-s", "175", "-w", str(out), word],
                       check=True, capture_output=True)
        parts += [read_wav(out).to_rate(16000), Clip.silence(0.45, 16000)]
    ears = VoiceEars(rec, _padded(Clip.join(parts, 16000)))
    heard = ears.listen("spelling", ["mist"], timeout_s=5.0)
    assert judge({"kind": "spelling", "heard": list(heard.nbest) or [""],
                  "answer": "mist"}).verdict == "correct", heard.nbest


def test_a_letter_is_heard_again_with_its_bursts_lifted() -> None:
    t = np.arange(1600) / 16000
    low = np.sin(2 * np.pi * 100 * t).astype(np.float32) * 0.5
    high = np.sin(2 * np.pi * 4000 * t).astype(np.float32) * 0.5
    low_out, high_out = whisper_letters.emphasised(low), whisper_letters.emphasised(high)
    assert low_out.dtype == np.float32 and len(low_out) == len(low)
    assert np.max(np.abs(low_out)) == pytest.approx(0.5, rel=1e-5)  # the level is kept
    mixed = whisper_letters.emphasised(low + high)
    # a 100 Hz hum falls well under a 4 kHz burst once emphasised
    assert np.abs(np.fft.rfft(mixed)[10]) < 0.1 * np.abs(np.fft.rfft(mixed)[400])
    assert np.abs(np.fft.rfft(high_out)[400]) > 0  # and nothing becomes silence
    assert not np.any(whisper_letters.emphasised(np.zeros(10, dtype=np.float32)))


def test_transcripts_become_the_game_s_words() -> None:
    assert transcript_words(" Three, three, three.", "number") == ["three"]
    assert transcript_words(" 7.", "number") == ["seven"]
    assert transcript_words(" Now.", "yesno") == ["no"]
    assert transcript_words(" N-E-C-E.", "spelling") == ["n", "e", "c", "e"]
    assert transcript_words(" Necessary.", "spelling") == ["necessary"]  # a word stays a word
    assert transcript_words(" S, S, S, S, S", "spelling") == ["s"] * 5  # letters stay
    # a free answer written over and over is the decoder looping (demo: "train" x 7)
    assert transcript_words(" train train train train train train train", "word") == ["train"]
    assert transcript_words(" Banana, banana, banana.", "name") == ["banana"]
    assert transcript_words(" Bye bye.", "word") == ["bye", "bye"]  # said twice, kept
    assert transcript_words(" the cat the cat the cat", "word") == ["the", "cat"] * 3


def test_a_line_whisper_invents_is_no_answer(rec: WhisperRecognizer) -> None:
    """ "Thank you for watching." (for "thankful" in the demo) is asked again, not refused
    as more than one word; a real answer that merely contains "thank you" is kept."""
    grammar = Grammar("word")
    invented_line = whisper.Decoded(" Thank you for watching.", -0.4, {}, 1.0)
    assert rec._alternatives(invented_line, grammar) == []
    kept = rec._alternatives(whisper.Decoded(" Thank you.", -0.4, {}, 1.0), grammar)
    assert [a.text for a in kept] == ["thank you"]
    assert looping(["mike"] * 9, 0.8)  # more than anyone says in 0.8 s: the decoder looping
    assert not looping(["l", "l", "l"], 1.2)  # said: a misspelling is never shortened
    assert looping(["delta", "delta"], 0.55)  # one Delta written twice
    assert not looping(["lima", "lima"], 0.7)  # a double l said in one breath
    assert not looping(["l", "l"], 0.4)
    # compared as letters: a loop of one NATO word written two ways, or in two parts
    assert looping(["juliett", "juliet", "juliet", "juliet"], 0.51)
    assert looping(["x", "ray", "x", "ray"], 0.58)
    assert not looping(["x", "ray", "x", "ray"], 1.2)  # a double x, said
    assert first_letter_words(["x", "ray", "x", "ray"]) == ["x", "ray"]
    assert first_letter_words(["juliett", "juliet"]) == ["juliett"]
    assert spelled_letters(["lima", "lima"]) == ["l", "l"]  # a double l
    assert spelled_letters(["whiskey", "echo", "in", "the", "romeo"]) == ["w", "e", "i", "r"]
    assert spelled_letters(["rode", "o", "yankee", "gulf"]) == ["r", "y", "g"]
    assert spelled_letters(["november", "necessary"]) == ["n", "necessary"]
    assert nato_reading(["in", "the"], {"i": 0.2, "n": 0.1}) == ("i", {"i": 1.0, "n": 0.1})
    assert nato_reading(["in", "the", "bravo"], {}) == ("i b", {})
    assert nato_reading(["in", "the", "end"], {}) is None  # left to the letter classifier
    # one NATO word the decoder wrote as two ("X-ray") is as sure as one written as one
    assert nato_reading(["x", "ray"], {"x": 0.3, "s": 0.2}) == ("x", {"x": 1.0, "s": 0.2})
    assert nato_reading(["x", "ray", "romeo"], {}) == ("x r", {})
    assert nato_reading(["and"], {}) is None
    # a letter's name as written is that letter, never the NATO word it shares letters
    # with ("why" is as near "whiskey" as the cutoff: Y said alone was read as W)
    for name in ("why", "are", "hey", "sea", "each"):
        assert nato_reading([name], {}) is None, name
    assert spelled_letters(["why", "echo"]) == ["why", "e"]  # the letter reader reads "why"
    assert spelled_letters(["oh", "scar"]) == ["o"]  # Oscar written in two
