"""What the variant lab costs on top of the study it plays.

Prints medians of several runs (never asserted): the same two-ruleset study played by
``Study.play(workers=1)`` and by ``VariantLab.run(wait=True)`` (one game at a time, the
progress after each game, the plots and comparison redrawn at most once a second and at the
end), their ratio, one redraw of the plots (the summary, the figure, its PNG), and loading a finished game onto
the board (playing it again from its seed and making the board).

    python benchmarks/variant_lab.py [--games 100] [--runs 3]
"""

from __future__ import annotations

import argparse
import io

from measure import median_seconds

from stratego_widget.experiments import Study, VariantLab


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per ruleset")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    settings = {"red": "heuristic", "blue": "random", "games": args.games, "seed": 0,
                "max_plies": 600}

    def make_lab() -> VariantLab:
        lab = VariantLab("barrage", **settings)
        lab.configure(options=["aggressor-advantage"])
        return lab

    rulesets = make_lab().rulesets()
    study = median_seconds(lambda: Study(rulesets, **settings).play(workers=1), args.runs)
    played = median_seconds(lambda: make_lab().run(wait=True), args.runs)
    lab = make_lab()
    lab.run(wait=True)
    assert lab.study is not None

    def draw() -> None:  # what a redraw does: the summary, the figure, its PNG
        assert lab.study is not None
        lab.study.plot().savefig(io.BytesIO(), format="png", dpi=72)

    redraw = median_seconds(draw, args.runs)
    rows = lab.rows()
    longest = max(rows, key=lambda row: row["plies"])
    select = median_seconds(lambda: lab.select(longest["ruleset"], longest["game"]), args.runs)
    total = 2 * args.games
    print(f"Barrage against Barrage + Aggressor Advantage, heuristic against random, "
          f"{total} games, medians of {args.runs} runs")
    print(f"  Study.play(workers=1)      {study:8.2f} s   {total / study:7.1f} games/s")
    print(f"  VariantLab.run(wait=True)  {played:8.2f} s   {total / played:7.1f} games/s")
    print(f"  lab / study                {played / study:8.2f}")
    print(f"  one redraw of the plots      {1000 * redraw:8.1f} ms")
    print(f"  select the longest game ({longest['plies']} plies) onto the board "
          f"{1000 * select:8.1f} ms")


if __name__ == "__main__":
    main()
