"""Studies against the reference: random plies per second through ``Study(...).run(workers=1)``.

For classic (``original``: the two-square rule and the more-squares rule both on, as its
rulebook has them) and Barrage, random against random, one process, medians of several runs.
Every figure is plies per second of this process's CPU time (one core), as in
``benchmarks/batch_speed.py``:

* ``study engine``: ``Study(..., path="engine").run(workers=1)``, the bots on the engine (the
  path every study took before studies played batch policies in the compiled kernel);
* ``study auto``: ``Study(...).run(workers=1)`` as a user calls it (the compiled kernel where
  numba is installed; the line the study prints says which path it took);
* ``study 1 worker (wall)`` and ``study 2 workers (wall)``: ``workers=1`` and ``workers=2`` in
  plies per second of wall-clock time (their ratio is about 2 on two idle cores, less when
  other jobs share the cores); ``study 2 workers (cpu)`` counts the CPU time of the parent and
  of both worker processes: equal to ``study auto`` when the pool costs nothing on top;
* ``compiled kernel``: the numba kernel alone on games dealt before the clock starts
  (``batch_speed.py``'s measure), what a study's compiled path does per ply;
* ``gymnasium env``: plies (the agent's move and the bot's reply) per second of
  ``stratego_widget.env.StrategoEnv`` stepped with random masked actions against the random
  bot (``env_speed.py``'s measure; needs the ``rl`` extra, left out without it);
* ``reference env`` and ``reference jit``: J.B. Lanier's numba engine through its environment
  and from one compiled loop (its fastest use), measured by ``batch_speed.py``'s own code when
  ``STRATEGO_ENV_SRC`` points at a checkout of it (see benchmarks/README.md).

Each run plays a fresh study (new seed) of at least ``--seconds`` seconds of games; the ratios
are the medians of the ratios within each run. Run with
``python benchmarks/study_speed.py --runs 5 --seconds 2``.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from collections.abc import Callable

from batch_speed import (
    MAX_PLIES,
    RULESETS,
    Row,
    compiled_references,
    kernel_measure,
    ratio_line,
    round_robin,
)

import stratego_widget as sw
from stratego_widget.batch import compiled_available
from stratego_widget.experiments import Study


def cpu_with_children() -> float:
    """CPU seconds of this process and of its finished child processes (a pool's workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def study_measure(spec: str, seconds: float, path: str, workers: int = 1,
                  wall: bool = False) -> Callable[[], tuple[int, float]]:
    """Studies of ``spec`` through ``Study.run``, more games each time until ``seconds``."""
    rules = sw.ruleset(spec, max_plies=MAX_PLIES)
    state = {"seed": 0, "games": 4}

    def measure() -> tuple[int, float]:
        clock = time.perf_counter if wall else cpu_with_children
        while True:
            state["seed"] += 1
            study = Study({spec: rules}, red="random", blue="random", games=state["games"],
                          seed=state["seed"], path=path)
            start = clock()
            table = study.run(workers=workers, progress=False)
            spent = clock() - start
            if spent >= seconds:
                return int(table["plies"].sum()), spent
            state["games"] = max(state["games"] * 2, int(state["games"] * seconds / spent)
                                 if spent > 0 else state["games"] * 2)

    return measure


def env_measure(seconds: float) -> Callable[[str], Callable[[], tuple[int, float]]] | None:
    """The Gymnasium environment's plies per second (``env_speed.py``), or None without the
    ``rl`` extra."""
    try:
        from env_speed import ours
    except ImportError:
        print("gymnasium env: left out (pip install stratego-widget[rl])")
        return None
    runs = {"next": 0}

    def for_ruleset(spec: str) -> Callable[[], tuple[int, float]]:
        def measure() -> tuple[int, float]:
            runs["next"] += 1
            _steps, plies, spent = ours(spec, seconds, seed=runs["next"])
            return plies, spent
        return measure

    return for_ruleset


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per run")
    parser.add_argument("--no-workers", action="store_true",
                        help="leave out the two-worker row (it needs two idle cores)")
    args = parser.parse_args(argv)
    if not compiled_available():
        sys.exit("the compiled path needs numba: pip install stratego-widget[fast]")
    print("warming up (compiled code is loaded from numba's cache, or compiled once)")
    for spec in RULESETS.values():
        study = Study([spec], red="random", blue="random", games=1, max_plies=MAX_PLIES)
        study.run(workers=1, progress=False)
        print(" ", study.path_line())
    references = compiled_references()
    print(f"plies per second of CPU time (one core), median of {args.runs} runs of at least "
          f"{args.seconds:g} s (cap {MAX_PLIES} plies a game)\n")
    rows: list[Row] = [
        ("study engine", lambda _n, spec: study_measure(spec, args.seconds, "engine")),
        ("study auto", lambda _n, spec: study_measure(spec, args.seconds, "auto")),
        ("compiled kernel", lambda _n, spec: kernel_measure(spec, 200)),
    ]
    environment = env_measure(args.seconds)
    if environment is not None:
        rows.append(("gymnasium env", lambda _n, spec: environment(spec)))
    if references:
        rows += [("reference env", lambda name, _s: references[name].measure_env(args.seconds)),
                 ("reference jit", lambda name, _s: references[name].measure_jit(args.seconds))]
    if not args.no_workers:
        rows += [
            ("study 1 worker wall",
             lambda _n, spec: study_measure(spec, args.seconds, "auto", 1, wall=True)),
            ("study 2 workers wall",
             lambda _n, spec: study_measure(spec, args.seconds, "auto", 2, wall=True)),
            ("study 2 workers cpu",
             lambda _n, spec: study_measure(spec, args.seconds, "auto", 2)),
        ]
    rates = round_robin(rows, args.runs)
    header = f"{'path':<22}" + "".join(f"{name:>14}" for name in RULESETS)
    print(header)
    print("-" * len(header))
    for label, _make in rows:
        short = label.removesuffix(" wall").removesuffix(" cpu")
        unit = f" ({label.rpartition(' ')[2]})" if short != label else ""
        print(f"{short + unit:<22}"
              + "".join(f"{statistics.median(rates[label, name]):>14,.0f}"
                        for name in RULESETS))
    print()
    pairs = [("study auto", "study engine"), ("study auto", "compiled kernel")]
    pairs += [(ours, reference) for ours in ("study auto", "compiled kernel", "gymnasium env")
              for reference in ("reference env", "reference jit")
              if references and (ours != "gymnasium env" or environment is not None)]
    if not args.no_workers:
        pairs += [("study 2 workers wall", "study 1 worker wall"),
                  ("study 2 workers cpu", "study auto")]
    for ours, other in pairs:
        print(ratio_line(rates, ours, other, 44, digits=2))


if __name__ == "__main__":
    main()
