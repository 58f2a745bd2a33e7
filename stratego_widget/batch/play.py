"""Batch playouts: many games of one ruleset between two batch policies, on either backend.

:func:`play_batch` deals each game with the engine's own random setups
(:meth:`Game.random <stratego_widget.engine.game.Game.random>` with the game's seed) and plays
it to the end, either in the compiled kernel (:mod:`.kernel`, numba) or on the pure-Python
engine (:mod:`.pure`). Both backends draw the same random numbers and list the legal moves in
the engine's order, so they play the same games move by move.

Example:
    >>> rows = play_batch("barrage", games=2, seed=1, backend="python")
    >>> [sorted(row) for row in rows][0]
    ['blue', 'deal', 'game', 'plies', 'red', 'ruleset', 'seed', 'strikes', 'termination', 'winner']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..engine.game import Game
from ..engine.rulesets import Ruleset, ruleset
from . import backend as backends
from . import pure
from .backend import BACKENDS, compiled_available
from .deals import deal, deal_fingerprint, fresh, seeds
from .errors import BatchError
from .policies import POLICIES

__all__ = ["BACKENDS", "DEFAULT_MAX_PLIES", "BatchError", "compiled_available", "deal",
           "deal_fingerprint", "fresh", "play_batch", "play_moves", "seeds"]

#: The ply cap of a ruleset that has none (a game reaching it is a draw, ``ply-limit``).
DEFAULT_MAX_PLIES = 5000


def _rules(rules: Ruleset | str) -> Ruleset:
    rs = ruleset(rules)
    return rs if rs.max_plies is not None else rs.with_params(max_plies=DEFAULT_MAX_PLIES)


def _policies(policy: str | Sequence[str]) -> tuple[str, str]:
    pair = (policy, policy) if isinstance(policy, str) else tuple(policy)
    if len(pair) != 2 or any(not isinstance(name, str) or name not in POLICIES
                             for name in pair):
        raise BatchError("batch", f"A batch policy is one of {', '.join(POLICIES)} (or a pair "
                         f"of them, Red's then Blue's), not {policy!r}.")
    return pair[0], pair[1]


def _start(rules: Ruleset, start: Game) -> Game:
    """A fresh game of ``rules`` (with its ply cap) in the start position of ``start``."""
    if (not isinstance(start, Game) or replace(start.rules, max_plies=rules.max_plies) != rules
            or start.ply or start.is_over):
        raise BatchError("batch-start", f"A batch starts from a game of {rules.spec} that has "
                         "not begun (no ply played, not over).")
    return fresh(rules, start)


def play_moves(rules: Ruleset | str, seed: int, game: int = 0, policy: str | Sequence[str]
               = "random", backend: str = "auto", start: Game | None = None) -> list[int]:
    """The move codes of game ``game`` of a batch, as played by ``backend`` (for checking
    one backend against the other, and for replaying a batch game on the engine).

    ``start`` plays from a position of your own (a game of ``rules`` with no ply played yet,
    for example from :meth:`Game.from_pieces <stratego_widget.engine.game.Game.from_pieces>`)
    instead of the game's random deal; the game itself is not changed.

    Example:
        >>> rules = ruleset("barrage", max_plies=20)
        >>> codes = play_moves(rules, seed=3, backend="python")
        >>> game = Game.random(rules, seed=seeds(3, 0)[0])
        >>> for code in codes:
        ...     game.play_code(code)
        >>> game.ply == len(codes)
        True
    """
    rs = _rules(rules)
    pair = _policies(policy)
    setup, stream = seeds(seed, game)
    begin = deal(rs, setup) if start is None else _start(rs, start)
    if backends.choose_backend(rs, backend, "play_moves")[0] == "python":
        return list(pure.play_game(begin, stream, pair, record=True).moves)
    kernel = backends.kernel()
    results, moves = kernel.play_games(rs, [begin.state], [stream], POLICIES[pair[0]],
                                       POLICIES[pair[1]], True)
    return [int(code) for code in moves[0, :int(results[0, 2])]]


def play_batch(rules: Ruleset | str, games: int, seed: int = 0,
               policy: str | Sequence[str] = "random", backend: str = "auto",
               first: int = 0) -> list[dict[str, Any]]:
    """Play ``games`` games of ``rules`` (games ``first`` to ``first + games - 1`` of the
    batch of seed ``seed``) and return one row per game.

    ``policy`` is ``"random"``, ``"beginner"`` or ``"heuristic"``, or a pair (Red's, Blue's).
    ``backend``: ``"compiled"`` (the numba kernel; raises :class:`BatchError` without numba or
    for a ruleset it does not play), ``"python"`` (the engine), or ``"auto"`` (compiled when it can be).
    A ruleset without ``max_plies`` is capped at :data:`DEFAULT_MAX_PLIES` (a draw).

    Each row has the columns of a study's table: ``ruleset``, ``game``, ``seed`` (of the
    setups), ``red``, ``blue``, ``winner`` (``"red"``, ``"blue"`` or ``"draw"``),
    ``termination``, ``plies``, ``strikes`` and ``deal`` (a fingerprint of the setups).

    Example:
        >>> rows = play_batch("barrage", games=3, seed=7, policy=("heuristic", "random"),
        ...                   backend="python")
        >>> [row["game"] for row in rows], rows[0]["red"], rows[0]["plies"] > 0
        ([0, 1, 2], 'heuristic', True)
    """
    rs = _rules(rules)
    pair = _policies(policy)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise BatchError("batch", f"The number of games is a whole number >= 0, not {games!r}.")
    if isinstance(seed, bool) or not isinstance(seed, int) or isinstance(first, bool) \
            or not isinstance(first, int) or first < 0:
        raise BatchError("batch", "A batch's seed and first game are whole numbers.")
    chosen = backends.choose_backend(rs, backend)[0]
    numbers = range(first, first + games)
    dealt = [(number, *seeds(seed, number)) for number in numbers]
    starts = [deal(rs, setup) for _, setup, _ in dealt]
    deals = [deal_fingerprint(game) for game in starts]
    results: list[tuple[str, str, int, int]] = []
    if chosen == "python":
        for game, (_, _, stream) in zip(starts, dealt, strict=True):
            result = pure.play_game(game, stream, pair)
            results.append((result.winner, result.termination, result.plies, result.strikes))
    elif dealt:
        kernel = backends.kernel()
        table, _moves = kernel.play_games(
            rs, [game.state for game in starts], [stream for _, _, stream in dealt],
            POLICIES[pair[0]], POLICIES[pair[1]], False)
        names = ("red", "blue")
        for winner, ending, plies, strikes in table.tolist():
            results.append((names[winner] if winner >= 0 else "draw",
                            kernel.TERMINATIONS[ending], plies, strikes))
    return [
        {"ruleset": rs.spec, "game": number, "seed": setup, "red": pair[0], "blue": pair[1],
         "winner": winner, "termination": termination, "plies": plies, "strikes": strikes,
         "deal": deal}
        for (number, setup, _), deal, (winner, termination, plies, strikes)
        in zip(dealt, deals, results, strict=True)
    ]
