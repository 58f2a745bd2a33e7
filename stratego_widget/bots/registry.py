"""The bot levels by name: the one place a name such as ``"strong"`` becomes a bot.

Every caller that accepts a bot name (the board's ``opponent=``, studies, the command lines)
resolves it here, so every level is accepted everywhere.

Example:
    >>> LEVELS
    ('random', 'beginner', 'heuristic', 'strong')
    >>> type(make_bot("strong", seed=1)).__name__
    'StrongBot'
"""

from __future__ import annotations

from ..engine.errors import StrategoError
from .beginner import BeginnerBot
from .heuristic import HeuristicBot
from .protocol import Bot, SeededBot
from .random_bot import RandomBot
from .strong import StrongBot

__all__ = ["BOTS", "LEVELS", "check_level", "make_bot"]

#: Every built-in level, weakest first, and the class that plays it.
BOTS: dict[str, type[SeededBot]] = {
    "random": RandomBot,
    "beginner": BeginnerBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}
LEVELS: tuple[str, ...] = tuple(BOTS)


def check_level(name: object) -> str:
    """``name`` if it names a level; else a :class:`StrategoError` (rule ``"bot"``) listing them.

    Example:
        >>> check_level("clever")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: Unknown bot 'clever'; built-in bots: random, beginner, heuristic, strong.
    """
    if not isinstance(name, str) or name not in BOTS:
        raise StrategoError("bot", f"Unknown bot {name!r}; built-in bots: {', '.join(LEVELS)}.")
    return name


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A built-in bot by level name, seeded.

    Example:
        >>> type(make_bot("heuristic", seed=1)).__name__
        'HeuristicBot'
    """
    bot: Bot = BOTS[check_level(name)](seed=seed)  # type: ignore[assignment]
    return bot
