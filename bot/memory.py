"""The process's allocator, tuned for a bot that renders images. glibc's malloc keeps the memory
of freed image buffers: its mmap threshold grows to the largest buffer freed so far, after which
image-sized buffers come from the heap and stay there, fragmented between smaller objects that
outlive them. Measured with benchmarks/cluster.py, 500 open matches that each posted a table
left a bot at 227 MB. Every `TRIM_EVERY_S` the free pages go back to the system
(`malloc_trim`, which also releases pages inside the heap), and the render threads share two
arenas instead of glibc's eight per core. A fixed mmap threshold would do it too, but costs the
page faults of a fresh mapping for every image (+30 % CPU per click, measured).

Python's own collector is told to leave what start-up made alone: with 500 open matches a full
collection walked some 200,000 objects for 60 ms, a pause every click in flight waited out. It
also collects the young generation after 10,000 allocations instead of 700: a click allocates
thousands of short-lived objects (a V2 card's components, its parse), and at the default a full
collection came every few seconds (Kero, 200 open matches: 16 full passes of ~100 ms in 55 s;
1 at 10,000, and the collector's time 2.6 s → 1.1 s).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import gc
import logging
import os
import sys
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, Final

log = logging.getLogger(__name__)

ARENA_MAX: Final = 2
"""Heaps the render threads may spread over (glibc's default is 8 per core)."""
TRIM_EVERY_S: Final = 15.0
"""How often freed memory is given back (a trim of a 200 MB heap takes a few ms)."""
TASK_NAME: Final = "tablero-malloc-trim"
YOUNG_THRESHOLD: Final = 10_000
"""Allocations (less deallocations) of tracked objects between young-generation collections;
the older generations keep Python's default ratios (10, 10)."""
_M_ARENA_MAX: Final = -8
_OWN_SETTINGS: Final = ("MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_")


@cache
def _libc() -> Any | None:
    """glibc, or None (another platform or C library: nothing to tune); loaded once."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.mallopt, libc.malloc_trim  # noqa: B018 - both exist in glibc only
    except (OSError, AttributeError):
        return None
    return libc


def tune_allocator(environ: Mapping[str, str] = os.environ) -> bool:
    """Two arenas (glibc only, and not where the host tuned malloc through glibc's environment
    variables itself); True if applied."""
    libc = _libc()
    if libc is None or any(name in environ for name in _OWN_SETTINGS):
        return False
    return bool(libc.mallopt(_M_ARENA_MAX, ARENA_MAX) == 1)


def trim() -> bool:
    """Give the free pages of every arena back to the system; True if some were."""
    libc = _libc()
    return libc is not None and bool(libc.malloc_trim(0))


async def trim_forever(every_s: float = TRIM_EVERY_S) -> None:
    """`trim` every `every_s` seconds, off the event loop, until cancelled."""
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(every_s)
        await loop.run_in_executor(None, trim)


def freeze_startup_objects() -> None:
    """Collect once, then move everything alive to the permanent generation: the imports, the
    catalogs and the rebuilt matches live as long as the process, and the collector's full
    passes no longer walk them (what start-up freezes and later drops is freed by reference
    counting as ever; only a cycle among such objects would stay). From then on the young
    generation is collected every `YOUNG_THRESHOLD` allocations."""
    gc.collect()
    gc.freeze()
    _, *ratios = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, *ratios)


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """No garbage collection inside: start-up's rebuild makes millions of objects that live on,
    and the collector's full passes walked them again and again (10,000 open matches: 1.4 s of
    a 5 s rebuild). Back on afterwards, unless it was off before."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
