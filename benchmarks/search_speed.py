"""Search speed: clones and resampled worlds per second, at several depths of a game.

``python benchmarks/search_speed.py [--runs 5]`` prints, for classic (``original``) and
Barrage games played at random to ply 0, 100 and 300 (or their end):

- ``Game.copy`` per second (the engine's own copy, history included);
- ``python_stratego`` ``state.clone()`` per second (OpenSpiel's clone, which copies the
  state's ``SpielMatch``: the engine game's copy and the small lists) and, beside it, a plain
  ``copy.deepcopy`` of the engine game (what the clone cost before);
- ``resample_from_infostate`` per second (a world with the same history, the hidden ranks
  drawn again, every ply replayed).

Each figure is the median of several runs; figures, never thresholds.
"""

from __future__ import annotations

import argparse
import copy
import random
import time

from measure import median_seconds

import stratego_widget.openspiel as sw_openspiel
from stratego_widget.bots.resample import resample_from_infostate
from stratego_widget.engine.game import Game


def played(spec: str, plies: int, seed: int = 1) -> Game:
    rng = random.Random(seed)
    game = Game.random(spec, seed=seed)
    while game.ply < plies and not game.is_over:
        game.play_code(rng.choice(game.legal_codes()))
    return game


def per_second(action, runs: int, seconds: float = 0.2) -> float:
    """Calls of ``action`` per second: the median over ``runs`` of a loop of ``seconds``."""
    count = 1
    start = time.perf_counter()
    while time.perf_counter() - start < seconds / 4:
        action()
        count += 1
    batch = max(1, count * 4)
    return batch / median_seconds(lambda: [action() for _ in range(batch)], runs)


def spiel_state(spec: str, game: Game):
    """A python_stratego state whose chance outcomes and moves give ``game``."""
    import pyspiel

    sw_openspiel.register()
    spiel = pyspiel.load_game("python_stratego", {"ruleset": spec, "max_plies": 5000})
    state = spiel.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        outcomes, odds = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, odds)[0])
    while state.game.ply < game.ply and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':<10}{'ply':>5}{'Game.copy/s':>14}{'clone()/s':>12}{'deepcopy/s':>12}"
          f"{'resample/s':>12}")
    for spec in ("original", "barrage"):
        for plies in (0, 100, 300):
            game = played(spec, plies)
            state = spiel_state(spec, game)
            rng = random.Random(2)
            print(f"{spec:<10}{game.ply:>5}"
                  f"{per_second(game.copy, args.runs):>14,.0f}"
                  f"{per_second(state.clone, args.runs):>12,.0f}"
                  f"{per_second(lambda g=game: copy.deepcopy(g), args.runs, 0.1):>12,.0f}"
                  f"{per_second(lambda g=game, r=rng: resample_from_infostate(g, 'red', r), args.runs, 0.3):>12,.0f}")


if __name__ == "__main__":
    main()
