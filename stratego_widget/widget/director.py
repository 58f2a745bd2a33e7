"""What may run a board: a :class:`Director` (a lesson) and its answer to a move, a
:class:`Ruling`.

The board (:class:`~stratego_widget.widget.session.BoardSession`) stays the one owner of its
state and the director of its own: the board asks, the director answers with a value (a move
accepted with the position to show next, or refused with the rule and the words), and never
calls back into the board.

Example:
    >>> Ruling.refuse("diagonal", "Pieces never move diagonally.").rule
    'diagonal'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..engine.game import Game
from ..engine.moves import Move

__all__ = ["Director", "Ruling"]


@dataclass(frozen=True)
class Ruling:
    """A director's answer to a move: ``accepted`` (``game``: the position the board shows
    next, a game the board then owns, for ``viewer``; None: the board keeps its own) or refused
    by ``rule``, with ``text`` saying why (the director explains it; the board stays as it
    was).

    Example:
        >>> Ruling.refuse("diagonal", "Pieces never move diagonally.").accepted
        False
        >>> Ruling.accept().game is None
        True
    """

    accepted: bool
    game: Game | None = None
    viewer: str | None = None
    rule: str | None = None
    text: str = ""

    @classmethod
    def accept(cls, game: Game | None = None, viewer: str | None = None) -> Ruling:
        """The move is taken; the board shows ``game`` for ``viewer`` next (when given).

        Example:
            >>> Ruling.accept(viewer="red").viewer
            'red'
        """
        return cls(True, game, viewer)

    @classmethod
    def refuse(cls, rule: str, text: str) -> Ruling:
        """The move is refused by ``rule``: ``text`` says why.

        Example:
            >>> Ruling.refuse("lake", "Not into the lake.").rule
            'lake'
        """
        return cls(False, rule=rule, text=text)


class Director(Protocol):
    """What a board asks of whatever runs it (a lesson): the board stays the one owner of its
    state, the director of its own.

    Example:
        >>> class Free:  # a director that lets every legal move be played
        ...     reveals_at_end = True
        ...     def accepts_moves(self): return True
        ...     def instruction(self): return None
        ...     def judge(self, move): return Ruling.refuse("illegal", "Not here.")
        ...     def rescue_offer(self, game, move): return None
        >>> from stratego_widget.widget.session import BoardSession
        >>> session = BoardSession(Game.random("duel", seed=1), director=Free())
        >>> session.handle({"type": "move", "from": "a1", "to": "a2"}), session.game.ply
        (None, 0)
    """

    @property
    def reveals_at_end(self) -> bool:
        """Whether a finished game shows every rank (a lesson's positions never do)."""
        ...  # pragma: no cover - a protocol

    def accepts_moves(self) -> bool:
        """Whether the learner may move on the board now."""
        ...  # pragma: no cover - a protocol

    def instruction(self) -> str | None:
        """What the learner is asked to do now, in place of the board's own sentence."""
        ...  # pragma: no cover - a protocol

    def judge(self, move: Move) -> Ruling:
        """The director's answer to ``move``: accepted (with the position to show next) or
        refused (the director explains why; the board stays as it was)."""
        ...  # pragma: no cover - a protocol

    def rescue_offer(self, game: Game, move: Move) -> tuple[list[str], list[str]] | None:
        """The kinds and squares the rescue choice offers after ``move`` (a lesson about a
        refused rescue offers those the rules refuse too, so that they can be tried and
        explained); None: the rules' own offer."""
        ...  # pragma: no cover - a protocol
