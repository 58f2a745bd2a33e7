"""A lesson's moves without a browser: what ``LessonSession`` costs per move handled.

Plays 200 moves as the browser sends them (``{"type": "move", ...}`` to
``LessonSession.handle``) on the Scout lesson's second step: an accepted move that does not
solve the step, then Retry, a hundred times, and a refused diagonal move a hundred times. The
first run fills the outlook kept per position, as a learner's first try does; the figures are
the medians of five runs after it. Prints figures; it asserts nothing.

    .venv/bin/python benchmarks/lesson_moves.py
"""

from __future__ import annotations

import statistics
import time

from stratego_widget.lessons.board.session import LessonSession

MOVES = 200
RUNS = 5


def one_run() -> tuple[float, float]:
    """Microseconds per accepted move (with its Retry) and per refused move."""
    session = LessonSession("scout", step=1)
    start = time.perf_counter()
    for _ in range(MOVES // 2):
        session.handle({"type": "move", "from": "c2", "to": "b2"})
        session.handle({"type": "lesson_retry"})
    accepted = (time.perf_counter() - start) / (MOVES // 2) * 1e6
    start = time.perf_counter()
    for _ in range(MOVES // 2):
        session.handle({"type": "move", "from": "c2", "to": "d3"})
    refused = (time.perf_counter() - start) / (MOVES // 2) * 1e6
    return accepted, refused


def main() -> None:
    """Run the benchmark and print its medians."""
    one_run()  # the outlooks found once, as for a learner's first try
    runs = [one_run() for _ in range(RUNS)]
    print(f"LessonSession.handle, {MOVES} moves, medians of {RUNS} runs:")
    print(f"  accepted move + Retry: {statistics.median(r[0] for r in runs):8.1f} µs")
    print(f"  refused move:          {statistics.median(r[1] for r in runs):8.1f} µs")


if __name__ == "__main__":
    main()
