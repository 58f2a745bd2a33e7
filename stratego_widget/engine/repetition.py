"""The repetition rules: the two-square rule and Original's more-squares (chasing) rule.

**Two-square rule.** Only consecutive moves of one piece by its player count, whatever the
opponent does. ``Ruleset.two_square_limit`` is how many moves back and forth are allowed (see
its docstring for the two readings of the rulebooks' wording). For Scouts, the ``"path"``
reading treats a move as part of the back-and-forth when it reverses the previous move along the
same line and ends inside the stretch already travelled (d4-d7, d7-d4, then d4-d6 repeats);
``"endpoints"`` only compares the two end squares. The player who started shuttling reaches the
limit first, so must stop first (Original's wording), without any extra bookkeeping.

**More-squares rule** (Original only). A chase starts when a piece moves next to enemy pieces;
it continues while the opponent moves the threatened piece away and the chaser follows it next
to it again. The chaser may not play a chasing move that recreates a position that already
occurred during the chase, except moving straight back to the square it came from on its
previous turn.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.from_pieces("original", {"a1": "red flag", "e1": "red major",
    ...                                         "j10": "blue flag", "j1": "blue scout"})
    >>> for text in ["e1-e2", "j1-j2", "e2-e1", "j2-j1", "e1-e2", "j1-j2"]:
    ...     _ = game.play(text)
    >>> game.is_legal("e2-e1")
    False
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .moves import MOVE, SPOT

if TYPE_CHECKING:
    from .game import Game

_PID, _CODE = 1, 0


@dataclass(frozen=True, slots=True)
class Chase:
    """A chase in progress: the chasing piece, the threatened pieces and the positions seen.

    ``positions`` are hashes of the positions after each chasing move; ``evaded`` is true once
    the opponent moved the threatened piece away; ``came_from`` is the square the chaser left on
    its last move.

    Example:
        >>> Chase(3, frozenset({44}), (123,), False, 10).evaded
        False
    """

    chaser: int
    chased: frozenset[int]
    positions: tuple[int, ...]
    evaded: bool
    came_from: int


def two_square_forbidden(game: Game, p: int) -> tuple[int, frozenset[int]] | None:
    """The squares the two-square rule forbids for player ``p``'s last-moved piece.

    Returns ``(square of that piece, forbidden target squares)`` or ``None``.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.from_pieces("onyx-2009", {"a1": "red flag", "e1": "red major",
        ...                                          "j10": "blue flag", "j1": "blue scout"})
        >>> for text in ["e1-e2", "j1-j2", "e2-e1", "j2-j1"]:
        ...     _ = game.play(text)
        >>> sq, forbidden = two_square_forbidden(game, 0)
        >>> [game.rules.geometry.name(s) for s in forbidden]
        ['e2']
    """
    history = game._history
    i = len(history) - (2 if game._to_move == p else 1)
    if i < 0:
        return None
    limit = game.rules.two_square_limit
    pid = history[i][_PID]
    current = game._square[pid]
    if current < 0:
        return None
    chain: list[tuple[int, int]] = []  # newest first
    here = current
    while i >= 0 and len(chain) < limit:
        entry = history[i]
        code = entry[_CODE]
        origin, target = code & 127, code >> 7 & 127
        if entry[_PID] != pid or target != here or origin == target:
            break
        chain.append((origin, target))
        here = origin
        i -= 2
    if len(chain) < limit:
        return None
    width = game._width
    if game.rules.two_square_scout == "path":
        forbidden = _path_forbidden(chain, current, width)
        if forbidden is not None:
            return current, forbidden
    ends = {chain[0][0], chain[0][1]}
    if all({origin, target} == ends for origin, target in chain):
        return current, frozenset({chain[0][0]})
    return None


def _path_forbidden(chain: list[tuple[int, int]], current: int, width: int
                    ) -> frozenset[int] | None:
    """Path reading: moves alternating along one line forbid the stretch already travelled."""
    same_rank = all(o // width == t // width for o, t in chain)
    same_file = all(o % width == t % width for o, t in chain)
    if not (same_rank or same_file):
        return None
    line = {o // width if same_rank else o % width for o, _ in chain}
    if len(line) != 1:
        return None
    step = 1 if same_rank else width
    signs = [1 if t > o else -1 for o, t in chain]
    if any(a == b for a, b in itertools.pairwise(signs)):
        return None
    low = min(min(o, t) for o, t in chain)
    high = max(max(o, t) for o, t in chain)
    direction = -signs[0] * step  # reversing the last move
    forbidden = []
    sq = current + direction
    while low <= sq <= high:
        forbidden.append(sq)
        sq += direction
    return frozenset(forbidden)


def chase_forbidden(game: Game, p: int) -> tuple[int, frozenset[int]] | None:
    """The targets the more-squares rule forbids for player ``p``'s chasing piece.

    Example:
        >>> import stratego_widget as sw
        >>> chase_forbidden(sw.Game.random("original", seed=1), 0) is None
        True
    """
    chase = game._chase
    if chase is None or not chase.evaded or game._owner[chase.chaser] != p:
        return None
    square = game._square
    chaser_sq = square[chase.chaser]
    (chased,) = chase.chased
    chased_sq = square[chased]
    if chaser_sq < 0 or chased_sq < 0:
        return None
    neighbours = game._geo.neighbours
    board = game._board
    base = game._hash ^ game._zkey(chase.chaser, chaser_sq)
    forbidden = frozenset(
        t for t in neighbours[chased_sq]
        if t != chase.came_from and board[t] == 0
        and (base ^ game._zkey(chase.chaser, t)) in chase.positions
    )
    return (chaser_sq, forbidden) if forbidden else None


def filter_moves(game: Game, p: int, codes: list[int]) -> list[int]:
    """Remove the moves the repetition rules forbid for player ``p``.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("barrage", seed=1)
        >>> filter_moves(game, 0, [1, 2]) == [1, 2]
        True
    """
    rules = [two_square_forbidden(game, p)]
    if game.rules.more_squares_rule:
        rules.append(chase_forbidden(game, p))
    active = [rule for rule in rules if rule is not None and rule[1]]
    if not active:
        return codes
    kept = codes
    for origin, forbidden in active:
        kept = [
            code for code in kept
            if (code & 127) != origin or (code >> 7 & 127) not in forbidden
            or ((code >> 14 & 3) == SPOT and (code >> 7 & 127) == origin)
        ]
    return kept


def update_chase(game: Game, p: int, pid: int, origin: int, action: int,
                 outcome: str | None) -> Chase | None:
    """The chase after player ``p`` moved piece ``pid`` (called by the game after each ply).

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.from_pieces("original", {"a1": "red flag", "e4": "red major",
        ...                                         "j10": "blue flag", "e6": "blue captain"})
        >>> _ = game.play("e4-e5")
        >>> game._chase is not None
        True
    """
    if action != MOVE:
        return None
    chase = game._chase
    target = game._square[pid]
    board, owner = game._board, game._owner
    neighbours = game._geo.neighbours
    if chase is not None:
        if not chase.evaded and owner[chase.chaser] != p and pid in chase.chased:
            return Chase(chase.chaser, frozenset({pid}), chase.positions, True,
                         chase.came_from)
        if chase.evaded and pid == chase.chaser:
            (chased,) = chase.chased
            chased_sq = game._square[chased]
            if chased_sq >= 0 and chased_sq in neighbours[target]:
                return Chase(pid, chase.chased, (*chase.positions, game._hash), False, origin)
    threatened = frozenset(
        board[t] for t in neighbours[target] if board[t] > 0 and owner[board[t]] != p
    )
    if threatened:
        return Chase(pid, threatened, (game._hash,), False, origin)
    return None
