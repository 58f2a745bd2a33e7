"""The pure-Python batch backend: the batch policies playing on the engine itself.

This is the reference the compiled kernel is checked against, and the fallback where no
compiler is installed (as in the browser). Each game is the engine's own
:meth:`Game.random <stratego_widget.engine.game.Game.random>` deal, played through the kernel
path (:meth:`~stratego_widget.engine.game.Game.legal_codes` and
:meth:`~stratego_widget.engine.game.Game.play_code`), one SplitMix64 number per ply.

Example:
    >>> game = Game.random("barrage", seed=1)
    >>> result = play_game(game, 2, ("random", "random"))
    >>> result.plies == game.ply, result.winner == game.outcome.result()
    (True, True)
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine.game import Game
from ..engine.moves import STRIKE_BIT
from .policies import (
    HEURISTIC,
    POLICIES,
    RANDOM,
    WORTH,
    beginner_pick,
    heuristic_pick,
    random_pick,
    splitmix,
    strike_table,
)

__all__ = ["GameResult", "play_game"]


class GameResult(NamedTuple):
    """One finished batch game: ``winner`` (``"red"``, ``"blue"`` or ``"draw"``), the
    termination id, plies, strikes, and the move codes played (when recorded, else ``()``).

    Example:
        >>> GameResult("red", "flag-captured", 10, 2, ()).strikes
        2
    """

    winner: str
    termination: str
    plies: int
    strikes: int
    moves: tuple[int, ...]


def play_game(game: Game, stream: int, policies: tuple[str, str],
              record: bool = False) -> GameResult:
    """Play ``game`` to its end on the engine with the policies of Red and Blue, random
    numbers from the SplitMix64 state ``stream``.

    The game's ruleset should have a ``max_plies`` (a random game may be long).

    Example:
        >>> game = Game.random("barrage", seed=3)
        >>> play_game(game, 4, ("heuristic", "random"), record=True).moves[:1] != ()
        True
    """
    rules = game.rules
    position = game.state
    kinds = (POLICIES[policies[0]], POLICIES[policies[1]])
    outcomes = strike_table(rules)
    width = rules.width
    scores = [0] * 4096
    played: list[int] = []
    strikes = 0
    while True:
        codes = game.legal_codes()
        if not codes:
            break
        stream, number = splitmix(stream)
        r = number >> 1
        p = position.to_move
        if len(codes) > len(scores):  # pragma: no cover - no army has that many moves
            scores = [0] * len(codes)
        if kinds[p] == RANDOM:
            code = random_pick(codes, len(codes), r)
        elif kinds[p] == HEURISTIC:
            code = heuristic_pick(codes, len(codes), r, p, position.board, position.kind,
                                  position.owner, position.known, position.moved, width,
                                  outcomes, WORTH, scores)
        else:
            code = beginner_pick(codes, len(codes), r, p, position.board, position.kind,
                                 position.owner, position.known, width, outcomes, WORTH,
                                 scores)
        if code & STRIKE_BIT:
            strikes += 1
        if record:
            played.append(code)
        game.play_code(code)
    outcome = game.outcome
    assert outcome is not None  # the loop ends only when the game does
    return GameResult(outcome.result(), outcome.termination.value, game.ply, strikes,
                      tuple(played))
