"""The talk-over mouth and ears around the listener (the listening itself: test_barge_in_room)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from voice.audio.clips import Clip
from voice.audio.echo import FarEnd
from voice.hearing.asr.base import Grammar, Recognition
from voice.hearing.overlap import OverlapListener
from voice.hosting.barge_in import BargeInPolicy, Decision, Verdict
from voice.hosting.dialogue import Dialogue
from voice.hosting.exchange import Ask, Heard, Line
from voice.hosting.talk_over import TalkOver, TalkOverEars, TalkOverMouth, cut_text
from voice.speaking.audio_out import Playback
from voice.speaking.phrases import Phrases
from voice.speaking.tts import Pyttsx3Speaker
from voice.understanding.judge import Understood


def _nothing(samples: np.ndarray, grammar: Grammar) -> Recognition:
    return Recognition()


class CutOut:
    """Plays nothing; on the first ``cuts`` clips it does what the talk-over worker does
    when a player cuts in a second into the line. ``streamed``: each clip is the head of a
    line four times as long, whose rest is still being rendered (the natural voice)."""

    def __init__(self, talk: TalkOver, decision: Decision, cuts: int = 1,
                 streamed: bool = False) -> None:
        self.talk, self.decision, self.cuts = talk, decision, cuts
        self.streamed = streamed
        self.played: list[Clip] = []

    def play(self, clip: Clip) -> Playback:
        self.played.append(clip)
        pb = Playback(clip.duration_s,
                      expected_s=4 * clip.duration_s if self.streamed else None)
        cut = self.cuts > 0
        self.cuts -= 1

        def later() -> None:  # while the mouth waits for the line, as the worker does
            if cut:
                self.talk.decision = self.decision
                self.talk.cut_at_s = 1.0
                self.talk.pending = Heard(self.decision.heard)
                self.talk.skipping = True
            pb._done.set()

        threading.Timer(0.05, later).start()
        return pb


def _rig(command: str, cuts: int = 1, streamed: bool = False
         ) -> tuple[TalkOver, TalkOverMouth, CutOut, list[str]]:
    talk = TalkOver(FarEnd(), OverlapListener(_nothing), BargeInPolicy(), None)
    decision = Decision(Verdict.STOP_COMMAND, (command,), "command",
                        Understood("unclear", None, 0.9, command, command=command))
    notes: list[str] = []
    out = CutOut(talk, decision, cuts, streamed)
    mouth = TalkOverMouth(Pyttsx3Speaker(out), talk, notes.append, lambda s: f"[{s} ...]")
    return talk, mouth, out, notes


LINE = "Ana, which word means a large body of salt water? Is it ocean, river or pond?"


def test_a_cut_line_is_shown_where_it_stopped_and_the_rest_waits_for_the_reply() -> None:
    talk, mouth, out, notes = _rig("stop")
    mouth.say(LINE)
    mouth.say("Is it A, ocean?")  # the rest of the question is not read
    try:
        assert len(out.played) == 1
        assert len(notes) == 1 and notes[0].startswith("[Ana") and notes[0] != f"[{LINE} ...]"
        ears = TalkOverEars(None, talk)
        assert ears.listen("choice", [], 5.0).nbest == ("stop",)  # heard first
        assert talk.pending is None
        mouth.say("Next line.")
        assert len(out.played) == 2  # once the reply is heard, the host reads again
    finally:
        talk.close()


def test_a_new_question_is_read_though_a_command_over_narration_waits() -> None:
    talk, mouth, out, notes = _rig("score")
    mouth.say("Ana moves to square seven and collects a token.")
    mouth.say("And that ends the turn.")  # the rest of the narration is skipped
    talk.expect("yesno", ["yes", "no"])  # the dialogue asks its next question
    mouth.say("Ben, do you want to roll?")
    try:
        assert len(out.played) == 2 and talk.pending is not None
    finally:
        talk.close()


def test_repeat_over_a_line_starts_it_again_whole() -> None:
    talk, mouth, out, notes = _rig("repeat")
    mouth.say(LINE)
    try:
        assert len(out.played) == 2 and out.played[0] is not out.played[1]
        assert len(notes) == 1 and talk.pending is None  # carried out by the mouth itself
    finally:
        talk.close()


def test_a_line_said_as_it_renders_is_cut_where_it_was_in_the_whole_line() -> None:
    # The natural voice plays a line's first clause while the rest renders: the cut is
    # placed in the whole line's estimated length, not in the first clause's.
    talk, mouth, out, notes = _rig("stop", streamed=True)
    mouth.say(LINE)
    try:
        head_s = out.played[0].duration_s
        assert notes == [f"[{cut_text(LINE, 4 * head_s, 1.0)} ...]"]
        assert notes != [f"[{cut_text(LINE, head_s, 1.0)} ...]"]
    finally:
        talk.close()


def test_the_microphone_is_heard_until_the_line_has_really_ended() -> None:
    # A streamed line may outlast its first estimate: what the microphone takes is heard
    # over the host until the line ends (and ECHO_AFTER_S after), not until the estimate.
    now = [100.0]
    talk = TalkOver(FarEnd(), OverlapListener(_nothing), BargeInPolicy(), None,
                    clock=lambda: now[0])
    try:
        talk.line_started("a line rendered as it plays", lambda: 1.0, lambda: None)
        assert talk._heard_until(now[0] + 5.0)  # past the estimate, still playing
        now[0] += 6.0
        talk.line_ended()
        assert talk._heard_until(now[0] + 0.3)
        assert not talk._heard_until(now[0] + 1.0)
    finally:
        talk.close()


def test_the_rest_of_a_line_played_in_a_new_stream_is_placed_anew() -> None:
    # The natural voice plays a line's first clause and its rest as two output streams,
    # whose lags to the microphone differ: the reference is placed again for the rest, as
    # for a new line (a misplaced reference makes the canceller diverge and leak the host).
    import time

    from voice.audio.clips import ASR_RATE_HZ as RATE
    from voice.audio.echo import SpeexCanceller

    far = FarEnd()
    talk = TalkOver(far, OverlapListener(_nothing), BargeInPolicy(), SpeexCanceller())
    voice = np.random.default_rng(0).normal(0, 3000, 4 * RATE).astype(np.int16)
    t0 = time.monotonic()
    far.stream_started()
    far.write(t0, voice[:2 * RATE])
    talk.line_started("a line said in two streams", lambda: 4.0, lambda: None)

    def hear(lo_s: float, hi_s: float, lag_s: float) -> None:
        for k in range(int(lo_s * RATE), int(hi_s * RATE), 320):
            block = voice[max(0, k - int(lag_s * RATE)):][:320]
            talk.heard_block(block.tobytes(), t0 + k / RATE)

    def placed(n: int) -> bool:
        for _ in range(250):
            if len(talk.lags_s) >= n:
                return True
            time.sleep(0.02)
        return False

    try:
        hear(0.0, 2.0, 0.1)  # the first stream's echo, 0.1 s late
        assert placed(1)
        far.stream_started()  # the rest: a new stream, 0.25 s late
        far.write(t0 + 2.0, voice[2 * RATE:])
        hear(2.0, 4.0, 0.25)
        assert placed(2), talk.lags_s
    finally:
        talk.close()


def test_the_part_said_ends_on_a_whole_word() -> None:
    assert cut_text("one two three four", 4.0, 2.0) == "one two"
    assert cut_text("one two three four", 4.0, 9.0) == "one two three four"
    assert cut_text("one two", 0.0, 1.0) == "one two"


class ExpectingEars:
    def __init__(self) -> None:
        self.expected: list[tuple[str, list[str]]] = []

    def expect(self, kind: str, expected: Sequence[str], request: Any) -> None:
        self.expected.append((kind, list(expected)))

    def listen(self, kind: str, expected: Sequence[str], timeout_s: float) -> Heard:
        return Heard(("yes",))


class Mouth:
    def say(self, text: str) -> None: ...

    def spell(self, word: str) -> None: ...

    def set_rate(self, preset: str) -> None: ...


class Table:
    def status(self, what: str, asker: str) -> list[Line]:
        return []


def test_the_dialogue_says_which_prompt_is_asked_while_it_reads_it() -> None:
    ears = ExpectingEars()
    dialogue = Dialogue(Mouth(), ears, Phrases.load(), Table())
    got = dialogue.ask(Ask(say=[Line("common.confirm_quit")], expect="yesno", addressee="Ana"))
    assert got.value is True
    assert ears.expected == [("yesno", ["yes", "no"]), ("command", [])]


def test_the_echo_stays_where_the_reference_was_placed_for_the_whole_line() -> None:
    # Blocks reach the worker late by however long their callback waited (here 80 ms for
    # the first second, then 0-80 ms). The reference placed after the first second must
    # stay AHEAD_S before its echo for the rest of the line: the filter learns the echo
    # where it is, and a reference that wanders 20-40 ms (the null sink, before) makes it
    # learn again and let the host through.
    import time

    from voice.audio.clips import ASR_RATE_HZ as RATE
    from voice.audio.echo import AHEAD_S, measured_lag_s

    class Recording:
        def __init__(self) -> None:
            self.near: list[np.ndarray] = []
            self.far: list[np.ndarray] = []

        def process(self, near: np.ndarray, far: np.ndarray) -> np.ndarray:
            self.near.append(near.copy())
            self.far.append(far.copy())
            return near

    rng = np.random.default_rng(1)
    far, canceller = FarEnd(), Recording()
    talk = TalkOver(far, OverlapListener(_nothing), BargeInPolicy(), canceller)  # type: ignore[arg-type]
    voice = rng.normal(0, 3000, 5 * RATE).astype(np.int16)
    early = int(0.12 * RATE)  # heard 120 ms before its stamp, as on the null sink
    t0 = time.monotonic()
    far.stream_started()
    far.write(t0, voice)
    talk.line_started("a line", lambda: 5.0, lambda: None)
    try:
        for k in range(0, 4 * RATE, 320):
            late_s = 0.08 if k < RATE else float(rng.uniform(0.0, 0.08))
            block = voice[k + early:k + early + 320]
            talk.heard_block(block.tobytes(), t0 + k / RATE + late_s)
        for _ in range(250):
            if len(canceller.near) >= (3 * RATE) // 160:
                break
            time.sleep(0.02)
        near, played = np.concatenate(canceller.near), np.concatenate(canceller.far)
        half = len(near) // 2
        for lo, hi in ((0, half), (half, len(near))):
            lag = measured_lag_s(near[lo:hi], played[lo:hi])
            assert lag == pytest.approx(AHEAD_S, abs=0.002), (lo, lag)
    finally:
        talk.close()


def test_closing_waits_for_the_worker() -> None:
    # A worker cut off inside the voice detector at interpreter exit aborts the process
    # ("terminate called without an active exception"): close waits for it.
    talk = TalkOver(FarEnd(), OverlapListener(_nothing), BargeInPolicy(), None)
    talk.close()
    assert not talk._worker.is_alive()
