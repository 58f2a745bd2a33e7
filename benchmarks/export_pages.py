"""Offline pages and replays: what a finished game's replay costs, and how big the pages are.

``python benchmarks/export_pages.py [--runs 5]`` plays random classic games to 100, 300 and
1,000 plies and prints, each the median of several runs: the time to build the replay of a
game going on (``to_html``, as Red saw it) and of the finished game (``replay_frames``, paid
once, on the move that ends the game; every piece then shows), its size as JSON, the size of ``widget.to_html``'s page, and the
time and size of ``game.to_svg(animate=True)``. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
from pathlib import Path

from measure import median_seconds

import stratego_widget as sw
from stratego_widget.widget import StrategoWidget
from stratego_widget.widget.replay import replay_frames


def game_of(plies: int, seed: int) -> sw.Game:
    """A random classic game of exactly ``plies`` plies (random setups and moves)."""
    while True:
        game = sw.Game.random(sw.ruleset("original", max_plies=plies + 1), seed=seed)
        rng = random.Random(seed)
        while game.ply < plies and not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        if game.ply == plies:
            return game
        seed += 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    print(f"{'plies':>6} {'frames ms':>10} {'ended ms':>9} {'frames KB':>10} {'page KB':>8} "
          f"{'svg ms':>7} {'svg KB':>7}")
    for plies in (100, 300, 1000):
        game = game_of(plies, seed=plies)
        widget = StrategoWidget(game, viewer="red")
        build = median_seconds(lambda w=widget: replay_frames(w.replay_views()), args.runs)
        ended = game.copy()
        ended.resign("red")  # every piece shows: the views read both armies
        over = StrategoWidget(ended, viewer="red")
        end = median_seconds(lambda w=over: replay_frames(w.replay_views()), args.runs)
        frames = len(json.dumps(replay_frames(widget.replay_views()), separators=(",", ":")))
        page = widget.to_html(folder / f"game-{plies}.html").stat().st_size
        svg_time = median_seconds(lambda g=game: g.to_svg(animate=True, viewer="red"), args.runs)
        svg = len(game.to_svg(animate=True, viewer="red"))
        print(f"{plies:>6} {build * 1000:>10.0f} {end * 1000:>9.0f} {frames / 1024:>10.0f} "
              f"{page / 1024:>8.0f} "
              f"{svg_time * 1000:>7.0f} {svg / 1024:>7.0f}")


if __name__ == "__main__":
    main()
