"""Shared timing for the benchmarks: run a workload several times, keep the best and the median;
summarise response times by percentile."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def rates(work: Callable[[], int], repeats: int) -> tuple[float, float]:
    """(best, median) of `work`'s items per second over `repeats` runs; `work` returns its count."""
    measured = []
    for _ in range(repeats):
        started = time.perf_counter()
        done = work()
        measured.append(done / (time.perf_counter() - started))
    return max(measured), statistics.median(measured)


def percentiles(times: list[float]) -> dict[str, Any]:
    """Count, p50, p99 and max of some response times (ms), rounded for a report."""
    ordered = sorted(times)
    if not ordered:
        return {"count": 0}
    return {
        "count": len(ordered),
        "p50_ms": round(statistics.median(ordered), 2),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 2),
        "max_ms": round(ordered[-1], 2),
    }
