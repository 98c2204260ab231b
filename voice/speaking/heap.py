"""Giving the C heap's free memory back to the system, after a burst of rendering.

The natural voice renders clauses of every length on a background thread (onnxruntime
arrays of a few hundred kilobytes to tens of megabytes). glibc keeps what such a burst
frees in its heaps for the next allocation rather than returning it, so a game's resident
memory kept the peak of every burst. ``malloc_trim`` returns the free pages of every heap.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from collections.abc import Callable

_trim: Callable[[int], int] | None = None
_looked = False


def give_back_free_memory() -> bool:
    """Return the C heaps' free pages to the system (glibc's ``malloc_trim(0)``: a few
    milliseconds); False where there is no glibc (macOS, Windows, musl), which is harmless."""
    global _trim, _looked
    if not _looked:
        _looked = True
        name = ctypes.util.find_library("c") if sys.platform.startswith("linux") else None
        try:
            libc = ctypes.CDLL(name) if name else None
            fn = libc.malloc_trim if libc is not None else None
        except (OSError, AttributeError):
            fn = None
        if fn is not None:
            fn.argtypes = [ctypes.c_size_t]
            fn.restype = ctypes.c_int
            _trim = fn
    return bool(_trim(0)) if _trim is not None else False
