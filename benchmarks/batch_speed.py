"""Batch playouts against the reference: random plies per second per core, in one run.

For classic (``original``) and Barrage with every repetition rule on (the two-square rule and
the more-squares rule), one process, medians of several runs. Every figure is plies per second
of this process's CPU time (one core): on a shared machine, time spent waiting for a core is
left out, for our paths and the reference alike.

* ``engine api`` and ``engine kernel``: the pure-Python engine through ``legal_moves()``/
  ``play()`` and through ``legal_codes()``/``play_code()`` (as ``benchmarks/run_all.py``);
* ``batch python``: ``play_batch(backend="python")``, the batch policies on the engine;
* ``batch compiled``: ``play_batch(backend="compiled")``, deals, kernel and rows, as a user
  calls it; ``compiled kernel`` is the kernel alone on games dealt beforehand, and
  ``compiled heuristic`` is ``play_batch`` with the heuristic policy on both sides;
* ``reference env``: J.B. Lanier's numba engine (github.com/JBLanier/stratego_env) driven as
  its environment is meant to be, a valid-move mask and the next state per ply from Python;
  ``reference jit``: the same functions called from one compiled loop (its fastest use).

The reference is not part of this project: point ``STRATEGO_ENV_SRC`` at a checkout of it (the
folder holding its ``stratego_env`` package; it needs only numpy and numba), or install it so
that ``stratego_env`` imports. Without it the reference rows are left out. The paths are
measured in turn within each run; a ratio (``batch compiled`` end to end, and the kernel alone,
over each reference row) is the median of the ratios within each run.

Run with ``make bench-batch`` (or ``python benchmarks/batch_speed.py --runs 5 --seconds 2``).
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time
import types
from collections.abc import Callable
from typing import Any

from run_all import playouts  # the engine's own playout benchmark

import stratego_widget as sw
from stratego_widget.batch import backend as batch_backend
from stratego_widget.batch import compiled_available, play_batch, seeds

RULESETS = {"classic": "original", "barrage": "barrage"}
MAX_PLIES = 5000


def batch_measure(spec: str, seconds: float, backend: str,
                  policy: str = "random") -> Callable[[], tuple[int, float]]:
    """play_batch for about ``seconds``, in chunks of games; each call continues the batch."""
    rules = sw.ruleset(spec, max_plies=MAX_PLIES)
    chunk = 20 if backend == "compiled" else 2
    state = {"next": 0}

    def measure() -> tuple[int, float]:
        plies = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            rows = play_batch(rules, chunk, seed=1, policy=policy, backend=backend,
                              first=state["next"])
            state["next"] += chunk
            plies += sum(row["plies"] for row in rows)
        return plies, time.process_time() - start

    return measure


def kernel_measure(spec: str, games: int) -> Callable[[], tuple[int, float]]:
    """The compiled kernel alone, on ``games`` games dealt before the clock starts."""
    rules = sw.ruleset(spec, max_plies=MAX_PLIES)
    kernel = batch_backend.kernel()
    state = {"next": 0}

    def measure() -> tuple[int, float]:
        numbers = range(state["next"], state["next"] + games)
        state["next"] += games
        dealt = [seeds(1, number) for number in numbers]
        starts = [sw.Game.random(rules, seed=setup).state for setup, _ in dealt]
        streams = [stream for _, stream in dealt]
        start = time.process_time()
        results, _ = kernel.play_games(rules, starts, streams, 0, 0, False)
        return int(results[:, 2].sum()), time.process_time() - start

    return measure


def engine_measure(spec: str, seconds: float, api: bool) -> Callable[[], tuple[int, float]]:
    """The engine's own playouts (benchmarks/run_all.py), timed by this process's CPU time."""
    state = {"seed": 0}

    def measure() -> tuple[int, float]:
        state["seed"] += 1
        wall, cpu = time.perf_counter(), time.process_time()
        rate, _games = playouts(spec, seconds, api, seed=state["seed"])
        plies = round(rate * (time.perf_counter() - wall))  # its rate is per wall second
        return plies, time.process_time() - cpu

    return measure


# ------------------------------------------------------------------------------- reference


def load_reference() -> Any | None:
    """J.B. Lanier's engine modules, or None when it is not available."""
    source = os.environ.get("STRATEGO_ENV_SRC")
    if source:
        # Its package __init__ imports the gym environment (gym, socketio, ...); only the
        # numba core is measured, so the package is registered without running it.
        package = types.ModuleType("stratego_env")
        package.__path__ = [os.path.join(source, "stratego_env")]
        sys.modules.setdefault("stratego_env", package)
    try:
        env = importlib.import_module("stratego_env.game.stratego_procedural_env")
        impl = importlib.import_module("stratego_env.game.stratego_procedural_impl")
        config = importlib.import_module("stratego_env.game.config")
    except ImportError as error:
        print(f"reference engine not found ({error}); set STRATEGO_ENV_SRC, see "
              "benchmarks/README.md")
        return None
    return types.SimpleNamespace(env=env, impl=impl, config=config)


class Reference:
    """Random games on the reference engine for one of its configurations."""

    def __init__(self, ref: Any, name: str) -> None:
        import numpy as np

        self.np = np
        config = {"classic": ref.config.STANDARD_STRATEGO_CONFIG,
                  "barrage": ref.config.BARRAGE_STRATEGO_CONFIG}[name]
        self.rows, self.columns = config["rows"], config["columns"]
        self.env = ref.env.StrategoProceduralEnv(self.rows, self.columns)
        self.obstacles = np.zeros((self.rows, self.columns), np.int64)
        for r, c in config["obstacle_locations"]:
            self.obstacles[r, c] = 1
        self.army = np.array([piece.value for piece, count in config["piece_amounts"].items()
                              for _ in range(count)], np.int64)
        self.home = config["initial_state_usable_rows"] * self.columns
        self.rng = np.random.default_rng(0)
        self.impl = ref.impl
        self.loop = _compiled_loop(ref.impl)

    def setup(self) -> Any:
        """A random setup: the army shuffled over the home rows."""
        cells = self.np.zeros(self.rows * self.columns, self.np.int64)
        places = self.rng.permutation(self.home)[:len(self.army)]
        cells[places] = self.army
        return cells.reshape(self.rows, self.columns)

    def new_state(self) -> Any:
        return self.env.create_initial_state(self.obstacles, self.setup(), self.setup(),
                                             MAX_PLIES)

    def measure_env(self, seconds: float, observe: bool = False
                    ) -> Callable[[], tuple[int, float]]:
        """Its environment's loop, a valid-move mask and the next state per ply; with
        ``observe``, its partially observable observation of the player to move built too."""
        env, np, rng = self.env, self.np, self.rng

        def measure() -> tuple[int, float]:
            plies = 0
            start = time.process_time()
            while time.process_time() - start < seconds:
                state, player = self.new_state(), 1
                while not env.get_game_ended(state, player):
                    if observe:
                        env.get_partially_observable_observation(state, player)
                    valid = np.flatnonzero(env.get_valid_moves_as_1d_mask(state, player))
                    action = valid[rng.integers(len(valid))]
                    state, player = env.get_next_state(state, player, action)
                    plies += 1
            return plies, time.process_time() - start

        return measure

    def measure_jit(self, seconds: float) -> Callable[[], tuple[int, float]]:
        env = self.env

        def measure() -> tuple[int, float]:
            plies = 0
            start = time.process_time()
            while True:  # at least one game (the first call compiles the loop)
                plies += self.loop(self.new_state(), env.action_size, env._mpapsp,
                                   int(self.rng.integers(1 << 30)))
                if time.process_time() - start >= seconds:
                    break
            return plies, time.process_time() - start

        return measure


def _compiled_loop(impl: Any) -> Callable[..., int]:
    """One random game in a numba loop over the reference's own compiled functions."""
    import numpy as np
    from numba import njit

    valid_mask, next_state = impl._get_valid_moves_as_1d_mask, impl._get_next_state
    ended = impl._get_game_ended

    @njit
    def loop(state: Any, action_size: int, per_square: int, seed: int) -> int:
        np.random.seed(seed)
        player = 1
        plies = 0
        while ended(state, player) == 0.0:
            valid = np.flatnonzero(valid_mask(state, player, action_size, per_square))
            action = valid[np.random.randint(len(valid))]
            state = next_state(state, player, action, action_size, per_square, False)
            player = -player
            plies += 1
        return plies

    return loop  # type: ignore[no-any-return]


# ------------------------------------------------------------------------------------ main


def compiled_references() -> dict[str, Reference]:
    """The reference engine for each ruleset, its loop compiled; empty when it is not installed."""
    ref = load_reference()
    references: dict[str, Reference] = {}
    if ref is not None:
        for name in RULESETS:
            references[name] = Reference(ref, name)
            references[name].measure_jit(0.0)()  # compiles its loop
    return references


#: A benchmark row: a label, and for (ruleset name, spec) a measure returning (plies, seconds).
Row = tuple[str, Callable[[str, str], Callable[[], tuple[int, float]]]]


def round_robin(rows: list[Row], runs: int) -> dict[tuple[str, str], list[float]]:
    """Plies per second for each (row label, ruleset name), ``runs`` times. Each run measures
    every path once, so a busy moment on a shared machine slows all of them alike."""
    measures = {(label, name): make(name, spec) for label, make in rows
                for name, spec in RULESETS.items()}
    rates: dict[tuple[str, str], list[float]] = {key: [] for key in measures}
    for _ in range(runs):
        for key, measure in measures.items():
            plies, seconds = measure()
            rates[key].append(plies / seconds)
    return rates


def ratio_line(rates: dict[tuple[str, str], list[float]], ours: str, other: str, width: int,
               digits: int = 1) -> str:
    """One line of ``ours / other`` for each ruleset: the median of the ratios within each run."""
    ratios = "".join(
        f"{statistics.median(a / b for a, b in zip(rates[ours, name], rates[other, name], strict=True)):>13.{digits}f}x"
        for name in RULESETS)
    return f"{ours + ' / ' + other:<{width}}{ratios}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds per run")
    args = parser.parse_args(argv)
    if not compiled_available():
        sys.exit("the compiled batch path needs numba: pip install stratego-widget[fast]")
    print("warming up (compiled code is loaded from numba's cache, or compiled once)")
    play_batch("barrage", 1, backend="compiled")
    references = compiled_references()
    print(f"plies per second of CPU time (one core), median of {args.runs} runs of "
          f"{args.seconds:g} s (cap {MAX_PLIES} plies a game)\n")
    header = f"{'path':<18}" + "".join(f"{name:>14}" for name in RULESETS)
    print(header)
    print("-" * len(header))
    rows: list[Row] = [
        ("engine api", lambda _n, spec: engine_measure(spec, args.seconds, True)),
        ("engine kernel", lambda _n, spec: engine_measure(spec, args.seconds, False)),
        ("batch python", lambda _n, spec: batch_measure(spec, args.seconds, "python")),
        ("batch compiled", lambda _n, spec: batch_measure(spec, args.seconds, "compiled")),
        ("compiled kernel", lambda _n, spec: kernel_measure(spec, 200)),
        ("compiled heuristic",
         lambda _n, spec: batch_measure(spec, args.seconds, "compiled", "heuristic")),
    ]
    if references:
        rows += [("reference env", lambda name, _s: references[name].measure_env(args.seconds)),
                 ("reference jit", lambda name, _s: references[name].measure_jit(args.seconds))]
    # Ratios are the medians of the ratios within each run.
    rates = round_robin(rows, args.runs)
    for label, _make in rows:
        print(f"{label:<18}" + "".join(f"{statistics.median(rates[label, name]):>14,.0f}"
                                       for name in RULESETS))
    print()
    for reference in ("reference env", "reference jit"):
        if (reference, "classic") not in rates:
            continue
        for ours in ("batch compiled", "compiled kernel"):
            print(ratio_line(rates, ours, reference, 36))


if __name__ == "__main__":
    main()
