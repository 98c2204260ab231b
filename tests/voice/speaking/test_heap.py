"""The C heap's free memory goes back to the system after rendering ahead (speaking.heap)."""

from __future__ import annotations

import ctypes.util
import sys

import numpy as np

from voice.speaking.heap import give_back_free_memory


def _resident_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS"))


def test_free_memory_is_given_back_where_there_is_glibc() -> None:
    glibc = sys.platform.startswith("linux") and ctypes.util.find_library("c") is not None
    if not glibc:
        assert give_back_free_memory() is False  # nothing to do, and no error
        return
    # blocks under glibc's mmap threshold (96 KB each), every other one freed: holes the
    # heap holds on to (about 190 MB) until it is trimmed
    blocks = [np.ones(12_000) for _ in range(4_000)]
    del blocks[::2]
    held = _resident_kb()
    assert give_back_free_memory()
    assert _resident_kb() < held - 100_000, "the freed heap was not given back"
    del blocks
