"""Spoken time warnings for the classroom timed game."""

from __future__ import annotations

import pytest

from voice.hosting.time_warnings import due, is_up, marks_for, passed


def _run(length_s: float, times: list[float]) -> list[tuple[float, str]]:
    """What a driver asking between turns at ``times`` would say."""
    said: set[int] = set()
    out = []
    for t in times:
        warning = due(length_s, t, said)
        if warning is not None:
            out.append((t, warning.key))
            said |= passed(length_s, t)
    return out


def test_twenty_minute_game() -> None:
    times = [float(t) for t in range(0, 1300, 30)]
    assert _run(1200, times) == [
        (900.0, "learn.time_left_minutes"),
        (1140.0, "learn.time_left_one_minute"),
        (1200.0, "learn.time_up"),
    ]


def test_each_warning_once_even_when_asked_often() -> None:
    said: set[int] = set()
    count = 0
    for t in range(900, 1000):
        warning = due(1200, t, said)
        if warning:
            count += 1
            assert warning.fields == {"minutes": 5, "seconds": 300}
            said |= passed(1200, t)
    assert count == 1


def test_a_long_turn_skips_to_the_latest_mark() -> None:
    # The 5-minute mark passed during a long turn and 1 minute is left: say only that.
    assert _run(1200, [0, 890, 1150, 1210]) == [
        (1150, "learn.time_left_one_minute"), (1210, "learn.time_up")]
    # The whole end passed in one turn: only "time is up".
    assert _run(600, [0, 100, 700]) == [(700, "learn.time_up")]


def test_short_games_skip_marks_that_do_not_fit() -> None:
    assert marks_for(180) == [60, 0]
    assert marks_for(300) == [60, 0]
    assert marks_for(30) == [0]
    assert _run(180, [0, 60, 120, 180]) == [(120, "learn.time_left_one_minute"),
                                            (180, "learn.time_up")]
    with pytest.raises(ValueError):
        marks_for(0)


def test_custom_marks_and_seconds() -> None:
    warning = due(600, 571, marks_s=(30,))
    assert warning is not None and warning.key == "learn.time_left_seconds"
    assert warning.fields["seconds"] == 30
    assert due(600, 100, marks_s=(120, 30)) is None
    assert due(600, 481, marks_s=(120,)).key == "learn.time_left_minutes"  # type: ignore[union-attr]


def test_is_up() -> None:
    assert not is_up(600, 599.9)
    assert is_up(600, 600)
