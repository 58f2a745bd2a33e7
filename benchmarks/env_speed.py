"""The Gymnasium environment's speed: steps per second with random actions drawn from the
mask, beside J.B. Lanier's environment, in one run.

``ours``: :class:`stratego_widget.env.StrategoEnv` for classic (``original``) and Barrage, the
setups random, the other side the random bot; each step is one agent move (observation planes
and mask built) plus the bot's answer, so a step is about two plies. ``reference env``: J.B.
Lanier's numba engine (github.com/JBLanier/stratego_env) driven as its environment is meant to
be, a valid-move mask and the next state per ply from Python (see ``benchmarks/batch_speed.py``
for how it is found: ``STRATEGO_ENV_SRC``); it has no observation planes in that loop, so it
counts plies. ``compiled vector``: :class:`stratego_widget.env.CompiledVectorEnv` with
``NUM_ENVS`` games, the other side the random batch policy, one random legal action per game
and step (``sample_actions``), observations built; its figure counts the steps of all games
together (a step is about two plies). ``compiled vector, mask read``: the same, the agent
reading its whole mask each step (a random choice among the marked actions, in numpy), with
the compact action layout and with the flat one: what a masked policy head pays for the
layout's width. Figures are per second of this process's CPU time, the median of ``--runs``
runs; without the reference its row says "not found".

Run with ``python benchmarks/env_speed.py --runs 5 --seconds 2``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
from batch_speed import Reference, load_reference

from stratego_widget.env import CompiledVectorEnv, StrategoEnv

RULESETS = {"classic": "original", "barrage": "barrage"}
#: Games stepped together by the compiled vector environment.
NUM_ENVS = 64


def ours(spec: str, seconds: float, seed: int) -> tuple[int, int, float]:
    """Mask-sampled steps for ``seconds`` of CPU time: (steps, plies, seconds)."""
    env = StrategoEnv(spec, opponent="random", setup="random")
    rng = np.random.default_rng(seed)
    steps = plies = 0
    start = time.process_time()
    obs, info = env.reset(seed=seed)
    while time.process_time() - start < seconds:
        obs, _, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if terminated or truncated:
            plies += info["ply"]
            obs, info = env.reset()
    plies += info["ply"]
    return steps, plies, time.process_time() - start


def compiled(spec: str, seconds: float, seed: int) -> tuple[int, float]:
    """Random legal steps of all ``NUM_ENVS`` games for ``seconds`` of CPU time (the first,
    compiling or loading, step left out): (steps, seconds)."""
    envs = CompiledVectorEnv(spec, num_envs=NUM_ENVS, opponent="random", seed=seed)
    rng = np.random.default_rng(seed)
    envs.reset()
    envs.step(envs.sample_actions(rng))
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        envs.step(envs.sample_actions(rng))
        steps += NUM_ENVS
    return steps, time.process_time() - start


def compiled_masked(spec: str, seconds: float, seed: int, layout: str) -> tuple[int, float]:
    """As :func:`compiled`, each game's action drawn from its observed mask (``layout``
    the action layout): (steps, seconds)."""
    envs = CompiledVectorEnv(spec, num_envs=NUM_ENVS, opponent="random", seed=seed,
                             action_layout=layout)
    rng = np.random.default_rng(seed)
    obs, _ = envs.reset()
    obs, *_ = envs.step(envs.sample_actions(rng))
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        mask = obs["action_mask"]
        actions = (rng.random(mask.shape, np.float32) * mask).argmax(axis=1)
        obs, *_ = envs.step(actions)
        steps += NUM_ENVS
    return steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    ref = load_reference()
    print(f"{'path':<28}{'classic':>16}{'barrage':>16}")
    steps_row, plies_row, ref_row, vector_row = [], [], [], []
    masked_rows: dict[str, list[float]] = {"compact": [], "flat": []}
    for name, spec in RULESETS.items():
        step_rates, ply_rates = [], []
        for run in range(args.runs):
            steps, plies, spent = ours(spec, args.seconds, seed=run)
            step_rates.append(steps / spent)
            ply_rates.append(plies / spent)
        steps_row.append(statistics.median(step_rates))
        vector_rates = []
        for run in range(args.runs):
            steps, spent = compiled(spec, args.seconds, seed=run)
            vector_rates.append(steps / spent)
        vector_row.append(statistics.median(vector_rates))
        for layout, row in masked_rows.items():
            rates = []
            for run in range(args.runs):
                steps, spent = compiled_masked(spec, args.seconds, seed=run, layout=layout)
                rates.append(steps / spent)
            row.append(statistics.median(rates))
        plies_row.append(statistics.median(ply_rates))
        if ref is not None:
            measure = Reference(ref, name).measure_env(args.seconds)
            rates = []
            for _ in range(args.runs):
                done, spent = measure()
                rates.append(done / spent)
            ref_row.append(statistics.median(rates))
    print(f"{'ours (steps/s)':<28}" + "".join(f"{rate:>16,.0f}" for rate in steps_row))
    print(f"{'ours (plies/s)':<28}" + "".join(f"{rate:>16,.0f}" for rate in plies_row))
    print(f"{'compiled vector (steps/s)':<28}"
          + "".join(f"{rate:>16,.0f}" for rate in vector_row))
    for layout, row in masked_rows.items():
        print(f"{'mask read, ' + layout:<28}" + "".join(f"{rate:>16,.0f}" for rate in row))
    if ref_row:
        print(f"{'reference env (plies/s)':<28}" + "".join(f"{rate:>16,.0f}" for rate in ref_row))
    else:
        print(f"{'reference env':<28}{'not found':>16}{'not found':>16}")


if __name__ == "__main__":
    main()
