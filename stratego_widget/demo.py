"""A bot game in the terminal: ``python -m stratego_widget``.

Two built-in bots (``--red`` and ``--blue``: any level) play each other from random setups;
the board is printed as text after every move (Red in upper case, Blue in lower case, ``~~``
lakes, ``..`` face-down pieces when the board is shown from one side).

Example:
    >>> import io
    >>> out = io.StringIO()
    >>> main(["--ruleset", "duel", "--seed", "1", "--max-plies", "4", "--quiet"], out=out)
    0
    >>> "Result:" in out.getvalue()
    True
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from .bots import LEVELS, make_bot
from .engine.errors import StrategoError
from .engine.game import Game
from .engine.notation import board_text
from .engine.rulesets import ruleset


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Play and print one bot game; return the exit code."""
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m stratego_widget",
                                     description="Two built-in bots play a game of Stratego.")
    parser.add_argument("--ruleset", default="original", help="e.g. original+rescue")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--red", default="heuristic", choices=LEVELS)
    parser.add_argument("--blue", default="random", choices=LEVELS)
    parser.add_argument("--max-plies", type=int, default=2000)
    parser.add_argument("--delay", type=float, default=0.0, help="seconds between moves")
    parser.add_argument("--viewer", default="both", choices=["both", "red", "blue"])
    parser.add_argument("--quiet", action="store_true", help="print only the final board")
    args = parser.parse_args(argv)
    try:
        rules = ruleset(args.ruleset, max_plies=args.max_plies)
    except StrategoError as error:
        parser.error(str(error))
    game = Game.random(rules, seed=args.seed)
    bots = {"red": make_bot(args.red, args.seed), "blue": make_bot(args.blue, args.seed)}
    print(f"{rules.title}: {args.red} bot (Red) against {args.blue} bot (Blue)", file=out)
    while not game.is_over:
        mover = game.to_move
        move = game.play(bots[mover].choose(game.observation(mover, history=False)))
        if not args.quiet:
            print(f"\n{game.ply}. {mover} {move}", file=out)
            print(board_text(game.state, viewer=args.viewer), file=out)
            time.sleep(args.delay)
    if args.quiet:
        print(board_text(game.state, viewer=args.viewer), file=out)
    print(f"\nResult: {game.winner} ({game.result_reason}) after {game.ply} plies", file=out)
    return 0
