"""The names a lesson step's ``opponent`` may have, checked when a lesson is read: the bot
levels and the lesson policies (what each policy plays is
:mod:`stratego_widget.lessons.playing.opponents`).

Example:
    >>> "chase" in OPPONENTS and "random" in OPPONENTS
    True
"""

from __future__ import annotations

from ...bots.registry import LEVELS
from ..errors import LessonError

__all__ = ["OPPONENTS", "POLICIES", "check_opponent"]

#: The lesson format's own policies (see the module's text).
POLICIES: tuple[str, ...] = ("capture", "chase", "guard-flag", "defend")
#: Every name a step's ``opponent`` may have: the bot levels, then the policies.
OPPONENTS: tuple[str, ...] = (*LEVELS, *POLICIES)


def check_opponent(name: object) -> str:
    """``name`` if it names an opponent, else a :class:`LessonError` (``lesson-opponent``).

    Example:
        >>> check_opponent("chase")
        'chase'
        >>> check_opponent("clever")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: Unknown opponent 'clever'; a step's opponent is one of random, beginner, heuristic, strong, capture, chase, guard-flag, defend.
    """
    if not isinstance(name, str) or name not in OPPONENTS:
        raise LessonError("lesson-opponent", f"Unknown opponent {name!r}; a step's opponent is "
                          f"one of {', '.join(OPPONENTS)}.")
    return name
