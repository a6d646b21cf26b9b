"""Small timing helpers for the benchmarks (real time, even under a frozen test clock)."""

from __future__ import annotations

import time
from collections.abc import Callable

# Kept inside a dict: freezegun swaps module-level references to the clock, not these.
_REAL = {"perf_counter": time.perf_counter, "thread_time": time.thread_time}


def real_perf_counter() -> float:
    """The machine's own perf counter."""
    return _REAL["perf_counter"]()


def thread_cpu() -> float:
    """Seconds of CPU this thread has used: what it did, not how long a busy machine made it
    wait (the event loop's own work, whatever else runs beside it)."""
    return _REAL["thread_time"]()


def per_call_us(fn: Callable[[], object], repeat: int = 5, number: int = 2000) -> float:
    """Best-of-`repeat` mean time of one call, in microseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = real_perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (real_perf_counter() - start) / number)
    return best * 1e6


class Stopwatch:
    """Wall seconds of a block: `with Stopwatch() as sw: ...; sw.seconds`."""

    seconds: float = 0.0

    def __enter__(self) -> Stopwatch:
        self._start = real_perf_counter()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.seconds = real_perf_counter() - self._start
