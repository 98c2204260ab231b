"""The echo canceller (libspeexdsp, for real) and the played-audio timeline it is fed from."""

from __future__ import annotations

import numpy as np
import pytest

from voice.audio.clips import ASR_RATE_HZ
from voice.audio.echo import AHEAD_S, FRAME, FarEnd, SpeexCanceller, available, measured_lag_s

R = ASR_RATE_HZ


def _db(x: np.ndarray) -> float:
    return 10 * float(np.log10(np.mean(x.astype(np.float64) ** 2) + 1e-9))


@pytest.fixture(scope="module")
def speexdsp() -> None:
    why = available()
    if why is not None:
        pytest.skip(why)


def test_the_canceller_takes_out_an_echo_it_is_fed_and_keeps_a_voice(speexdsp: None) -> None:
    rng = np.random.default_rng(1)
    played = (rng.standard_normal(6 * R) * 3000).astype(np.int16)
    room = np.zeros(800)
    room[[40, 300, 790]] = [0.6, -0.3, 0.1]  # a direct path and two reflections
    echo = np.convolve(played.astype(np.float64), room)[:len(played)]
    voice = np.zeros(len(played))
    voice[5 * R:] = np.sin(np.arange(R) * 2 * np.pi * 440 / R) * 2000  # the last second
    near = np.clip(echo + voice, -32768, 32767).astype(np.int16)
    out = SpeexCanceller().run(near, played)
    settled = slice(3 * R, 5 * R)  # echo alone, once the filter has learnt the room
    assert _db(echo[settled]) - _db(out[settled]) > 20
    said = slice(5 * R, 6 * R)
    assert _db(out[said]) > _db(voice[said]) - 10  # the voice is still there
    with pytest.raises(ValueError, match="160 samples"):
        SpeexCanceller().process(near[:100], played[:100])


def test_the_timeline_gives_what_played_at_a_time_and_silence_elsewhere() -> None:
    far = FarEnd(lead_s=0.0)
    block = np.arange(1, FRAME + 1, dtype=np.int16)
    far.write(10.0, block)
    assert np.array_equal(far.read(10.0, FRAME), block)
    half = far.read(10.0 + FRAME / 2 / R, FRAME)
    assert np.array_equal(half[:FRAME // 2], block[FRAME // 2:]) and not half[FRAME // 2:].any()
    assert not far.read(20.0, FRAME).any()
    assert far.playing(10.0) and not far.playing(11.0)
    ahead = FarEnd(lead_s=0.05)
    ahead.write(10.0, block)
    assert np.array_equal(ahead.read(10.05, FRAME), block)  # read a little before capture


def test_the_lag_of_an_echo_is_measured_and_the_reference_placed_by_it() -> None:
    rng = np.random.default_rng(2)
    played = rng.standard_normal(2 * R)
    late = np.concatenate([np.zeros(1600), played])[:2 * R] * 0.5  # heard 100 ms later
    assert measured_lag_s(late, played) == pytest.approx(0.1, abs=1e-3)
    early = np.concatenate([played[800:], np.zeros(800)])  # heard 50 ms early
    assert measured_lag_s(early, played) == pytest.approx(-0.05, abs=1e-3)
    assert measured_lag_s(np.zeros(2 * R), played) is None
    assert measured_lag_s(rng.standard_normal(2 * R), played) is None  # someone else
    far = FarEnd(lead_s=0.0)
    far.write(100.0, (played * 3000).astype(np.int16))
    mic = np.concatenate([played[800:], np.zeros(800)])
    assert far.calibrate(mic, 100.0) == pytest.approx(-0.05, abs=1e-3)
    # the reference is then read so that the echo comes AHEAD_S after it (the filter can
    # only take out an echo of what it was fed before)
    assert measured_lag_s(mic, far.read(100.0, len(mic))) == pytest.approx(AHEAD_S, abs=1e-3)
    late_far = FarEnd(lead_s=0.0)
    late_far.write(100.0, (played * 3000).astype(np.int16))
    assert late_far.calibrate(late, 100.0) == pytest.approx(0.1, abs=1e-3)
    assert measured_lag_s(late, late_far.read(100.0, len(late))) == pytest.approx(AHEAD_S,
                                                                                 abs=1e-3)


def test_an_echo_that_moves_within_a_line_is_followed_and_talk_over_it_is_not() -> None:
    rng = np.random.default_rng(3)
    played = (rng.standard_normal(4 * R) * 3000).astype(np.int16)
    far = FarEnd(lead_s=0.0)
    far.write(100.0, played)
    placed = far.read(101.0, R)  # the reference for a second of microphone at 101 s
    # the echo moved 7 ms later (a block lost on the way): AHEAD_S + 7 ms after it
    mic = np.concatenate([np.zeros(int(AHEAD_S * R) + 112), placed])[:R]
    assert far.track(mic, 101.0) == pytest.approx(0.007, abs=1e-4)
    assert measured_lag_s(mic, far.read(101.0, R)) == pytest.approx(AHEAD_S, abs=1e-4)
    assert far.track(mic, 101.0) == 0.0  # where it is now: the lead stays
    lead = far.lead_s
    talk = mic + rng.standard_normal(R) * 6000  # a player louder than the echo
    assert far.track(talk, 101.0) is None and far.lead_s == lead


def test_a_stopped_line_is_silence_in_the_timeline_from_where_it_stopped() -> None:
    far = FarEnd(lead_s=0.0)
    far.write(10.0, np.full(R, 1000, dtype=np.int16))
    far.cut(10.5)
    assert far.read(10.4, FRAME).all() and not far.read(10.5, FRAME).any()
    far.cut(9.0)
    assert not far.read(10.0, FRAME).any()
