"""The endpointer's silence count, which the listeners' early decodes go by."""

from __future__ import annotations

import pytest

from voice.hearing.endpoint import Endpointer, EndpointPolicy

WINDOW_S = 0.032


def test_a_new_utterance_starts_with_no_silence_behind_it() -> None:
    """The spelling listener decodes a run once its pause passes early_s; a silence count
    carried from the last run's pause made it decode the next run at its first window too
    (the pre-roll alone, heard as a letter and thrown away)."""
    ends = Endpointer(EndpointPolicy.for_letter(), WINDOW_S)
    probs = [0.9] * 10 + [0.0] * 12  # a run, then its pause: the run ends
    ended = [ends.feed(n * WINDOW_S, p) for n, p in enumerate(probs)]
    assert any(u is not None for u in ended)
    assert ends.silence_s >= EndpointPolicy.for_letter().early_s
    ends.feed(len(probs) * WINDOW_S, 0.9)  # the next run's first window
    assert ends.in_speech and ends.silence_s == 0.0


def test_silence_is_counted_from_the_last_speech_window() -> None:
    ends = Endpointer(EndpointPolicy.for_letter(), WINDOW_S)
    for n, p in enumerate([0.9] * 5 + [0.0] * 3):
        ends.feed(n * WINDOW_S, p)
    assert abs(ends.silence_s - 3 * WINDOW_S) < 1e-9


def test_only_the_part_of_a_decode_the_pause_did_not_cover_delays_the_reply() -> None:
    from voice.hearing.endpoint import outlasted_ms

    assert outlasted_ms(300.0, 1.0, 1.1) == pytest.approx(200.0)  # begun 0.1 s before
    assert outlasted_ms(80.0, 1.0, 1.5) == 0.0  # over before the pause was
