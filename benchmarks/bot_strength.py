"""Bot strength: one level against another over many seeded games, with a 95% interval.

Plays ``--games`` games of ``--ruleset`` between ``--bot`` and ``--against`` (colours
alternated: even games the bot plays Red), from seeded random sensible setups, on a process
pool. Prints the bot's win rate with its 95% Wilson interval, draws (the ply cap counts as a
draw, so not a win), how games ended, and the bot's time per move (median and 95th
percentile, measured around ``choose`` alone). Figures are printed, never asserted.

Run with ``make bench-bots`` (200 classic games, strong against heuristic) or, for example,
``python benchmarks/bot_strength.py --games 40 --ruleset barrage --against random``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from measure import percentile

from stratego_widget.bots import LEVELS, make_bot, play_game
from stratego_widget.experiments.stats import wilson_interval


class Timed:
    """A bot wrapper recording how long each ``choose`` takes."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.reads_history = getattr(bot, "reads_history", True)
        self.times: list[float] = []

    def choose(self, observation: dict[str, Any]) -> str:
        start = time.perf_counter()
        move: str = self.bot.choose(observation)
        self.times.append(time.perf_counter() - start)
        return move


def one_game(job: tuple[str, str, str, int, int]) -> tuple[int, str, str | None, str, int,
                                                            list[float]]:
    """Play game ``index``; return (index, the bot's colour, winner, reason, plies, times)."""
    ruleset, bot, against, index, max_plies = job
    side = "red" if index % 2 == 0 else "blue"
    timed = Timed(make_bot(bot, seed=index))
    other = make_bot(against, seed=1_000_000 + index)
    red, blue = (timed, other) if side == "red" else (other, timed)
    game = play_game(ruleset, red, blue, seed=index, max_plies=max_plies)
    return index, side, game.winner, game.result_reason or "", game.ply, timed.times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="strong", choices=LEVELS)
    parser.add_argument("--against", default="heuristic", choices=LEVELS)
    parser.add_argument("--ruleset", default="original")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--max-plies", type=int, default=3000)
    parser.add_argument("--start", type=int, default=0, help="first game index (seed)")
    args = parser.parse_args()
    jobs = [(args.ruleset, args.bot, args.against, index, args.max_plies)
            for index in range(args.start, args.start + args.games)]
    wins = draws = 0
    endings: Counter[str] = Counter()
    plies: list[int] = []
    times: list[float] = []
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for done, (index, side, winner, reason, ply, moves) in enumerate(
                pool.map(one_game, jobs), start=1):
            drawn = winner in ("draw", None)
            wins += winner == side
            draws += drawn
            endings[f"{'draw' if drawn else 'won' if winner == side else 'lost'} "
                    f"({reason})"] += 1
            plies.append(ply)
            times.extend(moves)
            print(f"game {index}: {args.bot} as {side}, winner {winner}, {reason}, {ply} plies"
                  f"  [{wins}/{done} won]", flush=True)
    low, high = wilson_interval(wins, len(jobs))
    print(f"\n{args.bot} vs {args.against}, {args.ruleset}, {len(jobs)} games "
          f"(colours alternated, seeds {args.start}..{args.start + len(jobs) - 1}):")
    print(f"  won {wins}/{len(jobs)} = {wins / len(jobs):.1%}, 95% interval "
          f"{low:.1%} .. {high:.1%}; draws {draws}")
    for ending, count in endings.most_common():
        print(f"  {ending}: {count}")
    print(f"  plies per game: median {statistics.median(plies):.0f}")
    print(f"  {args.bot} time per move over {len(times)} moves: median "
          f"{statistics.median(times) * 1000:.1f} ms, p95 {percentile(times, 0.95) * 1000:.1f} ms, "
          f"max {max(times) * 1000:.1f} ms")
    print(f"  wall time {time.perf_counter() - started:.0f} s with {args.workers} workers")


if __name__ == "__main__":
    main()
