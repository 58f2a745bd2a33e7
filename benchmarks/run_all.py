"""Engine speed: random playouts and legal-move generation for every game, as medians.

Prints, per game, plies per second and games per second of random playouts, and legal-move
generations per second, each the median of several runs. Two paths are measured:

* ``kernel``: the engine's internal move codes (``legal_codes``/``play_code``), what a batch
  simulation or a bot search would use;
* ``api``: the public ``legal_moves()``/``play()`` with readable ``Move`` objects.

Run with ``make bench`` (or ``python benchmarks/run_all.py --runs 5 --seconds 2``). Figures
depend on the machine: compare them as ratios on one machine, never against a threshold.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import stratego_widget as sw
from stratego_widget.bots import HeuristicBot
from stratego_widget.engine.movegen import generate


def playouts(spec: str, seconds: float, api: bool, seed: int = 0) -> tuple[float, float]:
    """Random games for about ``seconds``; return (plies/s, games/s)."""
    rng = random.Random(seed)
    plies = games = 0
    start = time.perf_counter()
    rules = sw.ruleset(spec, max_plies=5000)
    while time.perf_counter() - start < seconds:
        game = sw.Game.random(rules, seed=rng.getrandbits(32))
        if api:
            while moves := game.legal_moves():
                game.play(rng.choice(moves))
        else:
            while codes := game.legal_codes():
                game.play_code(rng.choice(codes))
        plies += game.ply
        games += 1
    elapsed = time.perf_counter() - start
    return plies / elapsed, games / elapsed


def generations(spec: str, seconds: float, seed: int = 0) -> float:
    """Legal-move generations per second over positions from a random game."""
    rng = random.Random(seed)
    game = sw.Game.random(spec, seed=seed)
    positions = []
    for _ in range(200):
        codes = game.legal_codes()
        if not codes:
            break
        positions.append(game.copy())
        game.play_code(rng.choice(codes))
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for position in positions:
            generate(position.state, position.state.to_move)
            count += 1
    return count / (time.perf_counter() - start)


def bot_replies(runs: int) -> list[float]:
    """Heuristic-bot reply times (ms) in classic mid-games: observation plus choice."""
    times = []
    for seed in range(runs):
        game = sw.Game.random("original", seed=seed)
        rng = random.Random(seed)
        for _ in range(150):  # random moves to reach a mid-game
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        bot = HeuristicBot(seed)
        for _ in range(20):
            if game.is_over:
                break
            start = time.perf_counter()
            move = bot.choose(game.observation(game.to_move))
            times.append((time.perf_counter() - start) * 1000)
            game.play(move)
    return times


def median_of(runs: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median taken)")
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--games", nargs="*", default=sw.ruleset_names())
    args = parser.parse_args()
    print(f"medians of {args.runs} runs of {args.seconds:g} s each, one core, pure Python")
    print(f"{'game':<22} {'kernel plies/s':>15} {'games/s':>9} {'api plies/s':>12} "
          f"{'generations/s':>14}")
    for spec in args.games:
        kernel = [playouts(spec, args.seconds, api=False, seed=i) for i in range(args.runs)]
        api = [playouts(spec, args.seconds, api=True, seed=i) for i in range(args.runs)]
        gens = median_of(args.runs, lambda spec=spec: generations(spec, args.seconds))
        print(f"{spec:<22} {statistics.median(p for p, _ in kernel):>15,.0f} "
              f"{statistics.median(g for _, g in kernel):>9.1f} "
              f"{statistics.median(p for p, _ in api):>12,.0f} {gens:>14,.0f}", flush=True)
    replies = sorted(bot_replies(12))
    p95 = replies[int(0.95 * (len(replies) - 1))]
    print(f"heuristic bot reply, classic mid-game: median {statistics.median(replies):.2f} ms, "
          f"p95 {p95:.2f} ms over {len(replies)} replies")


if __name__ == "__main__":
    main()
