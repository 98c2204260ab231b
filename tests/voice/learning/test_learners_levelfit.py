"""Level fitting on scripted histories: the sheet's "about half right" rule."""

from __future__ import annotations

import json

import pytest

from voice.learning.level_fit import DEFAULT_POLICY, Fit, Policy


def _feed(fit: Fit, pattern: str) -> None:
    """``"RRW"``: right, right, wrong."""
    for c in pattern:
        fit.add(c == "R")


def test_no_offer_until_the_window_is_full() -> None:
    fit = Fit(2)
    _feed(fit, "R" * 11)
    assert fit.offer(turn=5) is None
    _feed(fit, "R")
    offer = fit.offer(turn=5)
    assert offer is not None and offer.direction == "up" and offer.to_level == 3
    assert (offer.right, offer.asked, offer.rate) == (12, 12, 1.0)
    assert offer.phrase_key == "learn.offer_harder"


@pytest.mark.parametrize(("pattern", "expected"), [
    ("RRRRRRRRRWWW", "up"),        # 9/12 = 0.75: on the threshold
    ("RRRRRRRRWWWW", None),        # 8/12: still fits
    ("RWRWRWRWRWRW", None),        # half right: the right level
    ("RRRWWWWWWWWW", "down"),      # 3/12 = 0.25
    ("RRRRWWWWWWWW", None),        # 4/12
    ("WWWWWWWWWWWW", "down"),
])
def test_thresholds(pattern: str, expected: str | None) -> None:
    fit = Fit(3)
    _feed(fit, pattern)
    offer = fit.offer(turn=1)
    assert (offer.direction if offer else None) == expected


def test_only_the_last_window_counts() -> None:
    fit = Fit(2)
    _feed(fit, "W" * 30 + "RRRRRRRRRRRR")
    assert fit.recent == [True] * 12
    offer = fit.offer(1)
    assert offer is not None and offer.direction == "up"


def test_no_move_past_the_ends_or_when_pinned() -> None:
    top, bottom = Fit(5), Fit(1)
    _feed(top, "R" * 12)
    _feed(bottom, "W" * 12)
    assert top.offer(1) is None and bottom.offer(1) is None
    pinned = Fit(3, pinned=True)
    _feed(pinned, "R" * 12)
    assert pinned.offer(1) is None
    pinned.unpin()
    assert pinned.offer(1) is not None


def test_declined_offer_waits_quiet_turns() -> None:
    fit = Fit(2)
    _feed(fit, "R" * 12)
    assert fit.offer(turn=10) is not None
    fit.decline(turn=10)
    for turn in range(10, 10 + DEFAULT_POLICY.quiet_turns):
        _feed(fit, "R")
        assert fit.offer(turn) is None, turn
    assert fit.offer(10 + DEFAULT_POLICY.quiet_turns) is not None


def test_accepting_moves_and_starts_a_fresh_window() -> None:
    fit = Fit(2)
    _feed(fit, "W" * 12)
    offer = fit.offer(3)
    assert offer is not None and offer.direction == "down" and offer.to_level == 1
    fit.accept(offer)
    assert fit.level == 1 and fit.recent == []
    assert fit.offer(4) is None
    with pytest.raises(ValueError):
        fit.accept(offer)  # the offer was from level 2


def test_scripted_game_up_then_settles() -> None:
    """A strong player placed too low climbs once per full window, then settles."""
    fit = Fit(1)
    # True ability: always right below level 3, half right at level 3.
    moves = []
    for turn in range(60):
        right = fit.level < 3 or turn % 2 == 0
        fit.add(right)
        offer = fit.offer(turn)
        if offer:
            fit.accept(offer)
            moves.append((turn, offer.to_level))
    assert moves == [(11, 2), (23, 3)]
    assert fit.level == 3


def test_from_history_and_json_round_trip() -> None:
    fit = Fit.from_history(4, [True] * 20, pinned=False)
    assert len(fit.recent) == 12
    fit.decline(7)
    again = Fit.from_json(json.loads(json.dumps(fit.to_json())))
    assert again == fit
    with pytest.raises(ValueError):
        Fit.from_json({"level": 2, "recent": [1, 0]})


def test_policy_and_level_are_checked() -> None:
    with pytest.raises(ValueError):
        Policy(up_at=0.3, down_at=0.5)
    with pytest.raises(ValueError):
        Fit(6)
    small = Fit(2, policy=Policy(window=4))
    _feed(small, "RRRR")
    assert small.offer(0) is not None
    with pytest.raises(ValueError):
        small.pin(0)
    small.pin(4)
    assert small.level == 4 and small.pinned and small.recent == []
