"""How a game ended: :class:`Outcome` (who won) and :class:`Termination` (why).

Modelled on python-chess's ``Outcome``: ``game.outcome`` is ``None`` while the game goes on,
then an ``Outcome(winner, termination)``. ``winner`` is ``"red"``, ``"blue"`` or ``None`` for a
draw. The termination's value is the stable id used by translations and records (and by the
older ``game.result_reason``).

Example:
    >>> outcome = Outcome("red", Termination.FLAG_CAPTURED)
    >>> outcome.result(), outcome.termination.value
    ('red', 'flag-captured')
    >>> Outcome(None, Termination.AGREEMENT).result()
    'draw'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import StrategoError


class Termination(Enum):
    """Why a game ended.

    The first four are decided by the rules on the board; the others by the players or by a
    platform (a resignation, a draw agreed, a time-out, a simulation's move limit).

    Example:
        >>> Termination("no-moves") is Termination.CANNOT_MOVE
        True
    """

    FLAG_CAPTURED = "flag-captured"
    """The Flag was struck (or spotted, 2013): its captor wins."""
    FLAG_REACHED = "flag-reached"
    """Moving Flag (Original): a player moved their own Flag onto the enemy back row."""
    NO_MOVABLE_PIECES = "no-movable-pieces"
    """The side to move has no piece left that can move: it loses."""
    CANNOT_MOVE = "no-moves"
    """The side to move has movable pieces but none can move or strike (blocked, or stopped
    by the repetition rules): it loses."""
    NEITHER_CAN_MOVE = "neither-can-move"
    """Neither side can move; a draw only with the ruleset parameter
    ``both_cannot_move="draw"`` (by the letter of the rulebooks the side to move loses)."""
    RESIGNATION = "resigned"
    """A player gave up."""
    AGREEMENT = "draw-agreed"
    """The players agreed to a draw."""
    TIME_FORFEIT = "time-forfeit"
    """A player ran out of time on a platform with a clock (records from game servers)."""
    MOVE_LIMIT = "ply-limit"
    """The ruleset's ``max_plies`` was reached (simulations only): a draw."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: ``winner`` (``"red"``, ``"blue"`` or ``None`` for a draw) and why.

    Example:
        >>> Outcome("blue", Termination.RESIGNATION)
        Outcome(winner='blue', termination=<Termination.RESIGNATION: 'resigned'>)
    """

    winner: str | None
    termination: Termination

    def __post_init__(self) -> None:
        if self.winner not in ("red", "blue", None):
            raise StrategoError("outcome", f"An outcome's winner is 'red', 'blue' or None, "
                                f"not {self.winner!r}.")
        if not isinstance(self.termination, Termination):
            raise StrategoError("outcome", f"An outcome's termination is a Termination, "
                                f"not {self.termination!r}.")

    def result(self) -> str:
        """``"red"``, ``"blue"`` or ``"draw"``.

        Example:
            >>> Outcome(None, Termination.MOVE_LIMIT).result()
            'draw'
        """
        return self.winner or "draw"
