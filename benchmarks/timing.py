"""Shared timing for the benchmarks: run a workload several times, keep the best and the median."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def rates(work: Callable[[], int], repeats: int) -> tuple[float, float]:
    """(best, median) of `work`'s items per second over `repeats` runs; `work` returns its count."""
    measured = []
    for _ in range(repeats):
        started = time.perf_counter()
        done = work()
        measured.append(done / (time.perf_counter() - started))
    return max(measured), statistics.median(measured)
