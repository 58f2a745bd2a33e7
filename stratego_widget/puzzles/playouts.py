"""Playouts: many positions played to their end by the batch heuristic policy on both sides.

The path is the batch package's own choice (:func:`~stratego_widget.batch.choose_backend`):
the compiled kernel where numba is installed and the kernel plays the ruleset, the engine
otherwise. A playout starts from the pieces of a position (what is known and has moved
included) with no history, and is capped (a draw when reached) at :func:`playout_plies`: at
least :data:`PLAYOUT_PLIES` plies, :data:`PLIES_PER_PIECE` per piece on the board in a bigger
position (a classic middle game needs well over a thousand plies of the heuristic to end).

Example:
    >>> from stratego_widget.engine.game import Game
    >>> start = Game.random("barrage", seed=1).state
    >>> winners = play_out("barrage", [start, start], [1, 2], backend="python")
    >>> len(winners), set(winners) <= {-1, 0, 1}
    (2, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from ..batch import choose_backend
from ..batch.backend import kernel
from ..batch.deals import fresh
from ..batch.policies import POLICIES
from ..batch.pure import play_game
from ..engine.game import Game
from ..engine.position import Position
from ..engine.rulesets import Ruleset, ruleset

__all__ = ["PLAYOUT_PLIES", "PLAYOUT_POLICY", "PLIES_PER_PIECE", "play_out", "playout_plies",
           "playout_rules"]

#: The shortest cap of a playout, in plies from its start (a playout reaching it is a draw).
PLAYOUT_PLIES = 800
#: The cap of a playout per piece on the board, when that is more.
PLIES_PER_PIECE = 40
#: The batch policy both sides play in a playout (the strongest batch policy).
PLAYOUT_POLICY = "heuristic"
_WINNERS = {"red": 0, "blue": 1, "draw": -1}


def playout_plies(position: Position) -> int:
    """The cap of a playout from ``position``: :data:`PLAYOUT_PLIES`, or
    :data:`PLIES_PER_PIECE` per piece on the board when that is more.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> playout_plies(Game.random("barrage", seed=1).state)
        800
        >>> playout_plies(Game.random("original", seed=1).state)
        3200
    """
    pieces = sum(1 for pid in position.board if pid > 0)
    return max(PLAYOUT_PLIES, PLIES_PER_PIECE * pieces)


def playout_rules(rules: Ruleset | str, plies: int = PLAYOUT_PLIES) -> Ruleset:
    """``rules`` with the playout cap as its ``max_plies``.

    Example:
        >>> playout_rules("barrage").max_plies
        800
    """
    return ruleset(rules).with_params(max_plies=plies)


def play_out(rules: Ruleset | str, starts: Sequence[Position], streams: Sequence[int],
             backend: str = "auto", plies: int = PLAYOUT_PLIES) -> list[int]:
    """Play each start to its end (``streams``: one SplitMix64 state each); the winners, 0
    Red, 1 Blue, -1 a draw (the cap reached included). ``backend`` as
    :func:`~stratego_widget.batch.choose_backend` takes it.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> start = Game.random("duel", seed=3).state
        >>> play_out("duel", [start], [7], backend="python") == play_out(
        ...     "duel", [start], [7], backend="python")
        True
    """
    rs = playout_rules(rules, plies)
    if not starts:
        return []
    policy = POLICIES[PLAYOUT_POLICY]
    if choose_backend(rs, backend, "play_out")[0] == "compiled":
        results, _moves = kernel().play_games(rs, list(starts), list(streams), policy, policy,
                                              False)
        return [int(winner) for winner in results[:, 0].tolist()]
    pair = (PLAYOUT_POLICY, PLAYOUT_POLICY)
    return [_WINNERS[play_game(fresh(rs, Game.from_state(start)), stream, pair).winner]
            for start, stream in zip(starts, streams, strict=True)]
