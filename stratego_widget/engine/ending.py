"""How a game ends other than by a strike: a side to move that cannot move, or an ending the
players declare (a resignation, an agreed draw, a time-out).

A strike that takes a Flag, and a Flag that reaches the back row, are decided where the move
is made (:meth:`~stratego_widget.engine.position.Position.make`); the two endings here are
what :class:`~stratego_widget.engine.game.Game` asks about when no move is left
(:func:`no_move_outcome`) and when it is told the game is over (:func:`check_declared`).

Example:
    >>> from stratego_widget.engine.outcome import Outcome, Termination
    >>> check_declared(Outcome("red", Termination.RESIGNATION)) is None
    True
"""

from __future__ import annotations

from . import pieces as P
from .errors import IllegalMoveError
from .movegen import generate
from .outcome import Outcome, Termination
from .position import Position

#: Terminations a player or platform may declare with :meth:`Game.end
#: <stratego_widget.Game.end>`; the others are decided by the rules on the board.
DECLARED = frozenset({Termination.RESIGNATION, Termination.AGREEMENT, Termination.TIME_FORFEIT})


#: Terminations found because the side to move can neither move nor strike.
NO_MOVE = frozenset({Termination.NO_MOVABLE_PIECES, Termination.CANNOT_MOVE,
                     Termination.NEITHER_CAN_MOVE})


def may_pass(outcome: Outcome | None) -> bool:
    """Whether a lesson may pass (``Game.pass_turn``, a lesson device) after ``outcome``: while
    the game goes on, or when it ended only because the side to move cannot move.

    Example:
        >>> may_pass(None), may_pass(Outcome("red", Termination.CANNOT_MOVE))
        (True, True)
        >>> may_pass(Outcome("red", Termination.FLAG_CAPTURED))
        False
    """
    return outcome is None or outcome.termination in NO_MOVE


def no_move_outcome(position: Position, player: int) -> Outcome:
    """The outcome when ``player``, to move, can neither move nor strike.

    Every rulebook: that player loses. With ``both_cannot_move="draw"``, a position where the
    opponent could not move either is a draw instead.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> position = Position(ruleset("original"), {0: (P.RED, P.FLAG), 99: (P.BLUE, P.SCOUT)})
        >>> no_move_outcome(position, P.RED)
        Outcome(winner='blue', termination=<Termination.NO_MOVABLE_PIECES: 'no-movable-pieces'>)
    """
    winner = P.PLAYER_NAMES[1 - player]
    if not any(position.square[pid] >= 0 and position.kind[pid] in position.movable
               for pid in position.pieces[player]):
        termination = Termination.NO_MOVABLE_PIECES
    else:
        termination = Termination.CANNOT_MOVE
    if generate(position, 1 - player):
        return Outcome(winner, termination)
    if position.rules.both_cannot_move == "draw":
        return Outcome(None, Termination.NEITHER_CAN_MOVE)
    return Outcome(winner, Termination.NEITHER_CAN_MOVE)


def check_declared(outcome: Outcome) -> None:
    """Refuse an outcome that players cannot declare: one the board decides, an agreed draw
    with a winner, or a resignation or time-out without one (an IllegalMoveError).

    Example:
        >>> check_declared(Outcome(None, Termination.RESIGNATION))
        Traceback (most recent call last):
        ...
        stratego_widget.IllegalMoveError: A resigned game has a winner.
    """
    if outcome.termination not in DECLARED:
        raise IllegalMoveError(
            "game-end", f"{outcome.termination.value} is decided by the rules on the board; "
            "a game can only be ended by resignation, agreement or time-out.")
    if outcome.termination is Termination.AGREEMENT and outcome.winner is not None:
        raise IllegalMoveError("game-end", "An agreed draw has no winner.")
    if outcome.termination is not Termination.AGREEMENT and outcome.winner is None:
        raise IllegalMoveError("game-end", f"A {outcome.termination.value} game has a winner.")


__all__ = ["DECLARED", "check_declared", "no_move_outcome"]
