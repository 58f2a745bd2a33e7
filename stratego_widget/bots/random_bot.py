"""The random level: a uniformly random legal move.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> obs = Game.random("duel", seed=1).observation("red")
    >>> RandomBot(seed=5).choose(obs) in obs["legal_moves"]
    True
"""

from __future__ import annotations

from typing import Any

from .protocol import SeededBot, legal_moves_of

__all__ = ["RandomBot"]


class RandomBot(SeededBot):
    """Plays a uniformly random legal move.

    Example:
        >>> RandomBot(seed=1).choose({"legal_moves": ["a4-a5"]})
        'a4-a5'
    """

    def choose(self, observation: dict[str, Any]) -> str:
        """A random move of ``observation["legal_moves"]``."""
        return self.rng.choice(legal_moves_of(observation))
