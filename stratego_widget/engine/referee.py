"""The referee's view of a position: every piece where it stands, and each side's pieces left
on the board and taken off it, every rank shown.

:class:`~stratego_widget.engine.game.Game` answers ``piece_at``, ``pieces``, ``piece_count``
and ``captured`` from here; what a *player* may see is
:mod:`~stratego_widget.engine.observation`'s.

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> from stratego_widget.engine.position import Position
    >>> position = Position(ruleset("original"), {0: (P.RED, P.FLAG), 99: (P.BLUE, P.SCOUT)},
    ...                     captured=[(P.BLUE, P.MARSHAL)])
    >>> piece_on(position, "j10"), pieces_left(position, "blue"), pieces_taken(position, "blue")
    (('blue', 'scout'), 1, ['marshal'])
"""

from __future__ import annotations

from . import pieces as P
from .position import Position


def piece_on(position: Position, square: str) -> tuple[str, str] | None:
    """The ``(player, kind)`` on a square, or ``None``.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> piece_on(Position(ruleset("original"), {0: (P.RED, P.FLAG)}), "a1")
        ('red', 'flag')
    """
    pid = position.board[position.geometry.index(square)]
    if pid <= 0:
        return None
    return P.PLAYER_NAMES[position.owner[pid]], P.KIND_NAMES[position.kind[pid]]


def pieces_on_board(position: Position) -> dict[str, tuple[str, str]]:
    """Every piece on the board as ``(player, kind)``, by square name.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> position = Position(ruleset("original"), {0: (P.RED, P.FLAG), 99: (P.BLUE, P.SCOUT)})
        >>> pieces_on_board(position)
        {'a1': ('red', 'flag'), 'j10': ('blue', 'scout')}
    """
    geo, owner, kind = position.geometry, position.owner, position.kind
    return {
        geo.name(sq): (P.PLAYER_NAMES[owner[pid]], P.KIND_NAMES[kind[pid]])
        for sq, pid in enumerate(position.board) if pid > 0
    }


def pieces_left(position: Position, player: str) -> int:
    """How many pieces ``player`` still has on the board.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> position = Position(ruleset("original"), {0: (P.RED, P.FLAG), 99: (P.BLUE, P.SCOUT)})
        >>> pieces_left(position, "red")
        1
    """
    square = position.square
    return sum(1 for pid in position.pieces[P.player_from_name(player)] if square[pid] >= 0)


def pieces_taken(position: Position, player: str) -> list[str]:
    """The kinds of ``player``'s pieces that are off the board, strongest first.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> position = Position(ruleset("original"), {},
        ...                     captured=[(P.RED, P.SCOUT), (P.RED, P.MARSHAL)])
        >>> pieces_taken(position, "red")
        ['marshal', 'scout']
    """
    p = P.player_from_name(player)
    kinds = sorted((position.kind[pid] for pid in position.pieces[p] if position.square[pid] < 0),
                   reverse=True)
    return [P.KIND_NAMES[k] for k in kinds]


__all__ = ["piece_on", "pieces_left", "pieces_on_board", "pieces_taken"]
