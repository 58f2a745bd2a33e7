"""What a bot is: anything with ``choose(observation) -> move text``, and the seeded base class
the built-in levels share.

A bot sees exactly what its player may see: :meth:`Bot.choose` receives the player's
observation (``game.observation(player)``, see :mod:`stratego_widget.engine.observation`) and
returns one of its ``legal_moves`` as text. Nothing else of the game reaches it, so a bot
cannot cheat.

Example:
    >>> class FirstMove:
    ...     def choose(self, observation):
    ...         return observation["legal_moves"][0]
    >>> from stratego_widget.engine.game import Game
    >>> FirstMove().choose(Game.random("duel", seed=1).observation("red"))
    'j1-j2'
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..engine.errors import IllegalMoveError

__all__ = ["Bot", "SeededBot", "legal_moves_of"]


class Bot(Protocol):
    """Anything with a ``choose(observation) -> move text`` method can play."""

    def choose(self, observation: dict[str, Any]) -> str:
        """Pick one of ``observation["legal_moves"]``."""
        ...


def legal_moves_of(observation: dict[str, Any]) -> list[str]:
    """The legal moves listed in an observation; raises when there is none to choose from.

    Example:
        >>> legal_moves_of({"legal_moves": []})
        Traceback (most recent call last):
        ...
        stratego_widget.IllegalMoveError: There is no legal move to choose from.
    """
    moves: list[str] = observation["legal_moves"]
    if not moves:
        raise IllegalMoveError("no-legal-move", "There is no legal move to choose from.")
    return moves


class SeededBot:
    """What the built-in levels share: a seeded random number generator.

    ``reads_history`` says whether the bot looks at ``observation["history"]``, or how many of
    its last plies (a number); the built-in levels do not, so a caller may ask for the cheaper
    observation without it.

    Example:
        >>> SeededBot(seed=3).reads_history
        False
    """

    reads_history = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)  # the bot's own generator: its seed replays its games
