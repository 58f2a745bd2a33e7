"""What the benchmarks share: how a figure is taken (medians of repeated runs, percentiles).

The scripts run as ``python benchmarks/<name>.py``, so this folder is on ``sys.path`` and they
import it as ``measure``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(action: Callable[[], object], runs: int) -> float:
    """The median wall-clock time of ``runs`` calls of ``action``, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` 0.95 for p95)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]
