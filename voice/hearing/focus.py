"""The player's words in an utterance with table talk around them: its loudest stretch.

The voice detector says where there is speech, not whose: a teammate's remark
just before or after a short answer ("three", "yes") joins the utterance, and the
decoder then writes both ("two happy house", "back two the five learn"). The player
answering is the one nearest the microphone, so their words are the loudest part of
the utterance; talk across the table arrives several dB lower.

:func:`loudest_stretch` keeps the run of loud windows around the loudest one (loud:
within FOCUS_DB of it, runs joined over gaps shorter than JOIN_S) with a margin each
side for the quiet edges of words (an "s", a "t"), and drops the rest. It is used only
for short complete answers (a number, a yes or no), whose words come in one run.
"""

from __future__ import annotations

import numpy as np

from voice.audio.clips import ASR_RATE_HZ

FRAME_S = 0.02
"""Level is measured over 20 ms frames."""
FOCUS_DB = 6.0
"""A frame within this many dB of the utterance's loudest frame is the player's speech."""
JOIN_S = 0.2
"""Loud runs closer than this (seconds) are one answer ("twenty ... one")."""
QUIET_DB = 12.0
"""Sound around the loud run this far under it is a quiet room's, left as it is."""
BEFORE_S, AFTER_S = 0.2, 0.25
"""Kept before and after the loud run (seconds): an answer's quiet first and last sounds."""


def loudest_stretch(samples: np.ndarray, rate_hz: int = ASR_RATE_HZ
                    ) -> tuple[np.ndarray, bool]:
    """``samples`` (float, mono) cut to the loud run around its loudest frame, with margins,
    and whether there was talk around it to leave out (False: returned as they were)."""
    n = max(1, round(FRAME_S * rate_hz))
    count = len(samples) // n
    if count < 2:
        return samples, False
    frames = samples[: count * n].astype(np.float64).reshape(count, n)
    level = 10 * np.log10(np.mean(frames ** 2, axis=1) + 1e-12)
    peak = int(np.argmax(level))
    loud = level >= level[peak] - FOCUS_DB
    join = max(1, round(JOIN_S / FRAME_S))
    first = last = peak
    gap = 0
    for k in range(peak + 1, count):  # forward from the peak, across short gaps
        gap = 0 if loud[k] else gap + 1
        if gap > join:
            break
        if loud[k]:
            last = k
    gap = 0
    for k in range(peak - 1, -1, -1):
        gap = 0 if loud[k] else gap + 1
        if gap > join:
            break
        if loud[k]:
            first = k
    start = max(0, first * n - round(BEFORE_S * rate_hz))
    end = min(len(samples), (last + 1) * n + round(AFTER_S * rate_hz))
    outside = np.concatenate([level[: start // n], level[-(-end // n):]])
    if not len(outside):
        return samples, True  # loud all through: nothing said clear of the rest
    if outside.max() < level[peak] - QUIET_DB:
        return samples, False  # a quiet room: nothing around the answer to leave out
    return samples[start:end], True


NOISY_SHARE = 0.5
"""room_too_loud: at least this share of a listen's windows were speech ..."""
NOISY_DB = 12.0
"""... and its loudest window is less than this many dB over its quietest fifth."""


def room_too_loud(levels_db: list[float], voiced: int) -> bool:
    """Whether a listen (each 32 ms window's level in dB, ``voiced`` of them speech) was in
    a room too loud to hear a player: talk all through it, and nothing said clear of it."""
    if len(levels_db) < 16 or voiced < NOISY_SHARE * len(levels_db):
        return False
    lv = np.asarray(levels_db)
    return float(lv.max() - np.percentile(lv, 20)) < NOISY_DB


QUIET_AROUND_DB = 25.0
"""quiet_around: how far under a word's loudest window the room before it and the pause
after it stay (dB). People's words on their own: nine in ten 28 dB or more; with other
people's talk 10 dB under them, the pause after a talk word was 13-16 dB under it."""


def quiet_around(levels_db: list[float], start: int, pause: int) -> bool:
    """Whether the windows of a listen (each 32 ms window's level in dB) before the utterance
    that starts at window ``start``, and its last ``pause`` windows (the pause after it so
    far), are QUIET_AROUND_DB under its loudest window: nobody else is talking."""
    if pause < 1 or start + pause >= len(levels_db):
        return False
    peak = max(levels_db[start:len(levels_db) - pause])
    quiet = [levels_db[-pause:]] + ([levels_db[:start]] if start else [])
    return all(peak - float(np.median(part)) >= QUIET_AROUND_DB for part in quiet)
