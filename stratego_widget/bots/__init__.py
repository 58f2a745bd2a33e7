"""Built-in players in levels: ``"random"``, ``"beginner"``, ``"heuristic"`` and ``"strong"``.

A bot sees exactly what its player may see (:mod:`.protocol`); every level is seeded and
named in one registry (:mod:`.registry`). The levels: :mod:`.random_bot`, :mod:`.beginner`
(learner-friendly mistakes), :mod:`.heuristic` (one-move scoring) and :mod:`.strong` (a search
over samples of the hidden ranks, drawn by :mod:`.belief`). :func:`play_game` plays a whole
game between two bots.

Example:
    >>> game = play_game("barrage", make_bot("heuristic", seed=1), RandomBot(seed=2), seed=3)
    >>> game.is_over
    True
"""

from __future__ import annotations

from .beginner import BeginnerBot
from .heuristic import HeuristicBot
from .match import play_game
from .protocol import Bot, SeededBot
from .random_bot import RandomBot
from .registry import BOTS, LEVELS, check_level, make_bot
from .strong import StrongBot

__all__ = ["BOTS", "LEVELS", "BeginnerBot", "Bot", "HeuristicBot", "RandomBot", "SeededBot",
           "StrongBot", "check_level", "make_bot", "play_game"]
