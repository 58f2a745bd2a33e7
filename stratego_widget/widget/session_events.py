"""Who a board tells of what happens on it: the callbacks after each move, at the game's end and
before the bot's turn.

A :class:`~stratego_widget.widget.session.BoardSession` keeps one :class:`Listeners` (its
``on_move``, ``on_game_end`` and ``on_bot_turn`` add to it) and tells it as the game goes. A
callback that fails is logged (in the log the board gives) and the others still run: a
learner's callback must not break the board.

Example:
    >>> listeners = Listeners(logging.getLogger("board"))
    >>> listeners.bot_turns.append(lambda: 1 / 0)   # fails: logged, not raised
    >>> listeners.bot_turn()
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ..engine.game import Game
from ..engine.moves import Move

__all__ = ["Listeners"]


class Listeners:
    """The callbacks of one board: ``moves`` (``callback(move, game)`` after every move),
    ``ends`` (``callback(game)`` when the game ends) and ``bot_turns`` (``callback()`` before
    the bot thinks); a failing one is told in ``log``.

    Example:
        >>> listeners, seen = Listeners(logging.getLogger("board")), []
        >>> listeners.ends.append(seen.append)
        >>> game = Game.random("duel", seed=1); game.resign("red")
        >>> listeners.ended(game); seen == [game]
        True
    """

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self.moves: list[Callable[[Move, Game], Any]] = []
        self.ends: list[Callable[[Game], Any]] = []
        self.bot_turns: list[Callable[[], Any]] = []

    def moved(self, move: Move, game: Game) -> None:
        """Tell every move callback of ``move``, played in ``game``.

        Example:
            >>> listeners, seen = Listeners(logging.getLogger("board")), []
            >>> listeners.moves.append(lambda move, game: seen.append(str(move)))
            >>> listeners.moved(Move.parse("d4-d5"), Game.random("duel", seed=1)); seen
            ['d4-d5']
        """
        for callback in self.moves:
            self._call(callback, move, game)

    def ended(self, game: Game) -> None:
        """Tell every end callback that ``game`` is over (see the class's example)."""
        for callback in self.ends:
            self._call(callback, game)

    def bot_turn(self) -> None:
        """Tell every bot-turn callback that the bot is about to think.

        Example:
            >>> listeners, seen = Listeners(logging.getLogger("board")), []
            >>> listeners.bot_turns.append(lambda: seen.append("bot"))
            >>> listeners.bot_turn(); seen
            ['bot']
        """
        for callback in self.bot_turns:
            self._call(callback)

    def _call(self, callback: Callable[..., Any], *args: Any) -> None:
        try:
            callback(*args)
        except Exception:  # a learner's callback must not break the board; say so in the log
            self.log.exception("stratego widget: callback %r failed", callback)
