"""Giving the C heap's free memory back to the system, after a burst of rendering.

The natural voice renders clauses of every length on a background thread (onnxruntime
arrays of a few hundred kilobytes to tens of megabytes). glibc keeps what such a burst
frees in its heaps for the next allocation rather than returning it, so a game's resident
memory kept the peak of every burst. ``malloc_trim`` returns the free pages of every heap.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
from typing import Any


@functools.cache
def _malloc_trim() -> Any | None:
    """glibc's ``malloc_trim``, or None where there is no glibc (macOS, Windows, musl)."""
    name = ctypes.util.find_library("c") if sys.platform.startswith("linux") else None
    try:
        trim = ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None
    if trim is not None:
        trim.argtypes = [ctypes.c_size_t]
        trim.restype = ctypes.c_int
    return trim


def give_back_free_memory() -> bool:
    """Return the C heaps' free pages to the system (``malloc_trim(0)``: a few
    milliseconds); False where there is no glibc, which is harmless."""
    trim = _malloc_trim()
    return bool(trim(0)) if trim is not None else False
