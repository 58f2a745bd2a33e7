"""Offline pages and replays: what a finished game's replay costs, and how big the pages are.

``python benchmarks/export_pages.py [--runs 5]`` prints two tables, each figure the median of
several runs:

- random classic games of 100, 300 and 1,000 plies: the time to build the replay of a game
  going on (as Red saw it) and of the finished game (paid once, on the move that ends the
  game; every piece then shows), its size as JSON, the size of ``widget.to_html``'s page, and
  the time and size of ``game.to_svg(animate=True)``;
- finished games of 1,000, 5,000 and 20,000 plies (random moves that avoid strikes, so that
  the game lasts; then Red resigns): the time and the peak of Python's memory to show the game
  (``StrategoWidget(game)``, which builds the replay the board keeps) and to export it
  (``game.to_html``), and the page's size. The peak is taken with ``tracemalloc`` in one more
  run of its own, as tracing slows the code it measures.

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from measure import median_seconds

import stratego_widget as sw
from stratego_widget.widget import StrategoWidget


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


def long_game_of(plies: int, seed: int) -> sw.Game:
    """A classic game of ``plies`` random moves that strike only when nothing else moves,
    then resigned by Red: a long finished game."""
    game = sw.Game.random(sw.ruleset("original", max_plies=plies + 1), seed=seed)
    rng = random.Random(seed)
    while game.ply < plies and not game.is_over:
        moves = game.legal_moves()
        quiet = [move for move in moves if not move.strike]
        game.play(rng.choice(quiet or moves))
    if not game.is_over:
        game.resign("red")
    return game


def peak_mb(action: Callable[[], object]) -> float:
    """The peak of Python's traced memory while ``action`` runs, in MB."""
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def replays(runs: int, folder: Path) -> None:
    print(f"{'plies':>6} {'frames ms':>10} {'ended ms':>9} {'frames KB':>10} {'page KB':>8} "
          f"{'svg ms':>7} {'svg KB':>7}")
    for plies in (100, 300, 1000):
        game = game_of(plies, seed=plies)
        widget = StrategoWidget(game, viewer="red")
        build = median_seconds(lambda w=widget: w.to_html(folder / "going.html"), runs)
        ended = game.copy()
        ended.resign("red")  # every piece shows: the views read both armies
        end = median_seconds(lambda g=ended: StrategoWidget(g, viewer="red").close(), runs)
        over = StrategoWidget(ended, viewer="red")
        frames = len(json.dumps(over.replay_frames, separators=(",", ":")))
        page = widget.to_html(folder / f"game-{plies}.html").stat().st_size
        svg_time = median_seconds(lambda g=game: g.to_svg(animate=True, viewer="red"), runs)
        svg = len(game.to_svg(animate=True, viewer="red"))
        print(f"{plies:>6} {build * 1000:>10.0f} {end * 1000:>9.0f} {frames / 1024:>10.0f} "
              f"{page / 1024:>8.0f} {svg_time * 1000:>7.0f} {svg / 1024:>7.0f}")


def long_games(runs: int, folder: Path) -> None:
    print(f"\nFinished long games ({runs} runs, median; peak in a traced run of its own)")
    print(f"{'plies':>6} {'show s':>7} {'show MB':>8} {'export s':>9} {'export MB':>10} "
          f"{'page KB':>8}")
    for plies in (1000, 5000, 20000):
        game = long_game_of(plies, seed=plies)
        path = folder / f"long-{plies}.html"

        def show(g: sw.Game = game) -> None:
            StrategoWidget(g, viewer="red").close()

        def export(g: sw.Game = game, p: Path = path) -> None:
            g.to_html(p)

        show_s, export_s = median_seconds(show, runs), median_seconds(export, runs)
        show_mb, export_mb = peak_mb(show), peak_mb(export)
        print(f"{game.ply:>6} {show_s:>7.2f} {show_mb:>8.1f} {export_s:>9.2f} "
              f"{export_mb:>10.1f} {path.stat().st_size / 1024:>8.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--long-runs", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    replays(args.runs, folder)
    long_games(args.long_runs, folder)


if __name__ == "__main__":
    main()
