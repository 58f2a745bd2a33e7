"""Self-play and environment speed against J.B. Lanier's environment, plies per second, one run.

Every figure is plies per second of this process's CPU time (one core), the median of
``--runs`` runs of ``--seconds`` each, for classic (``original``) and Barrage, every path
measured in turn within each run:

* ``self-play compiled``: :class:`stratego_widget.env.CompiledSelfPlayEnv` with ``--envs``
  games, both sides a masked random agent that reads its whole mask each ply (the marked
  actions of all games found in one numpy pass, one drawn uniformly per game), observations
  built for the side to move every ply;
* ``StrategoEnv``: one agent against the random bot, observation planes and mask built for
  every agent move, the agent drawing from its mask (both sides' plies counted);
* ``StrategoAEC``: PettingZoo self-play, each ply the acting agent's observation and a draw
  from its mask;
* ``reference env``: J.B. Lanier's numba engine (github.com/JBLanier/stratego_env) driven as
  its environment is meant to be, a valid-move mask and the next state per ply from Python;
  ``reference env + obs``: the same with its partially observable observation of the player
  to move built every ply (as its multi-agent environment does); ``reference jit``: its
  functions called from one numba loop (its fastest loop, no observation).

The reference is not part of this project: point ``STRATEGO_ENV_SRC`` at a checkout of it (the
folder holding its ``stratego_env`` package; it needs only numpy and numba), see
``benchmarks/README.md``. Without it, its rows say "not measured" and the ratios are taken
against the figure the project's issue quotes for its environment (34,000–37,000 plies/s on
one core), printed as quoted, not measured.

Run with ``python benchmarks/selfplay_speed.py --runs 3 --seconds 2``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import numpy as np
from batch_speed import Reference, load_reference

from stratego_widget.env import CompiledSelfPlayEnv, StrategoAEC, StrategoEnv

RULESETS = {"classic": "original", "barrage": "barrage"}
#: The reference environment's figure quoted by the issue (plies/s, one core), when it is absent.
QUOTED_REFERENCE = 34_000

Measure = Callable[[], tuple[int, float]]


def masked_random(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row of ``mask`` drawn uniformly among its marked ones (0 for a row with
    none), reading the whole mask.

    Example:
        >>> masked_random(np.array([[0, 1, 1], [1, 0, 0]], np.int8),
        ...               np.random.default_rng(0)).tolist()[1]
        0
    """
    games, width = mask.shape
    marked = np.flatnonzero(mask.view(np.bool_))
    counts = np.bincount(marked // width, minlength=games)
    starts = np.cumsum(counts) - counts
    picks = np.minimum((rng.random(games) * counts).astype(np.int64), np.maximum(counts - 1, 0))
    if not len(marked):
        return np.zeros(games, np.int64)
    chosen = marked[np.minimum(starts + picks, len(marked) - 1)] - np.arange(games) * width
    return np.where(counts > 0, chosen, 0)


def selfplay(spec: str, seconds: float, seed: int, envs: int) -> Measure:
    """Masked random self-play on the compiled path: (plies, seconds)."""
    games = CompiledSelfPlayEnv(spec, num_envs=envs, seed=seed)
    rng = np.random.default_rng(seed)
    obs, _ = games.reset()
    obs, *_ = games.step(games.sample_actions(rng))  # compiled or loaded before the clock

    def measure() -> tuple[int, float]:
        nonlocal obs
        plies = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            obs, _, _, _, infos = games.step(masked_random(obs["action_mask"], rng))
            plies += envs - int(infos["autoreset"].sum())
        return plies, time.process_time() - start

    return measure


def single(spec: str, seconds: float, seed: int) -> Measure:
    """StrategoEnv against the random bot, the agent reading its mask: (plies, seconds)."""
    env = StrategoEnv(spec, opponent="random", setup="random")
    rng = np.random.default_rng(seed)

    def measure() -> tuple[int, float]:
        plies = 0
        start = time.process_time()
        obs, info = env.reset(seed=seed)
        while time.process_time() - start < seconds:
            obs, _, terminated, truncated, info = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if terminated or truncated:
                plies += info["ply"]
                obs, info = env.reset()
        return plies + info["ply"], time.process_time() - start

    return measure


def aec(spec: str, seconds: float, seed: int) -> Measure:
    """StrategoAEC in self-play, each ply the acting agent's observation: (plies, seconds)."""
    env = StrategoAEC(spec, setup="random")
    rng = np.random.default_rng(seed)

    def measure() -> tuple[int, float]:
        plies = 0
        start = time.process_time()
        env.reset(seed=seed)
        while time.process_time() - start < seconds:
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.reset()
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            plies += 1
        return plies, time.process_time() - start

    return measure


def median_rate(measure: Measure, runs: int) -> float:
    rates = []
    for _ in range(runs):
        plies, spent = measure()
        rates.append(plies / spent)
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--envs", type=int, default=256)
    args = parser.parse_args()
    ref = load_reference()
    rows: dict[str, list[float]] = {}
    for name, spec in RULESETS.items():
        paths: dict[str, Measure] = {
            "self-play compiled": selfplay(spec, args.seconds, 1, args.envs),
            "StrategoEnv": single(spec, args.seconds, 1),
            "StrategoAEC": aec(spec, args.seconds, 1)}
        if ref is not None:
            reference = Reference(ref, name)
            paths["reference env"] = reference.measure_env(args.seconds)
            paths["reference env + obs"] = reference.measure_env(args.seconds, observe=True)
            jit = reference.measure_jit(args.seconds)
            jit()  # compiles its loop
            paths["reference jit"] = jit
        for path, measure in paths.items():
            rows.setdefault(path, []).append(median_rate(measure, args.runs))
    print(f"{'plies per second (one core)':<34}{'classic':>12}{'barrage':>12}")
    for path, rates in rows.items():
        print(f"{path:<34}" + "".join(f"{rate:>12,.0f}" for rate in rates))
    if ref is None:
        print(f"{'reference env':<34}{'not measured':>12}{'not measured':>12}")
        print(f"{'reference env, QUOTED':<34}" + f"{QUOTED_REFERENCE:>12,}" * 2
              + "   (the issue's figure, not measured here)")
        base = {"reference env": [float(QUOTED_REFERENCE)] * 2,
                "reference env + obs": [float(QUOTED_REFERENCE)] * 2}
    else:
        base = {key: rows[key] for key in ("reference env", "reference env + obs",
                                           "reference jit")}
    print()
    ratios = [("self-play compiled", "reference env"),
              ("self-play compiled", "reference jit"),
              ("StrategoEnv", "reference env + obs"), ("StrategoAEC", "reference env + obs")]
    for ours, theirs in ratios:
        if theirs in base:
            print(f"{ours + ' / ' + theirs:<48}" + "".join(
                f"{a / b:>10.2f}x" for a, b in zip(rows[ours], base[theirs], strict=True)))


if __name__ == "__main__":
    main()
