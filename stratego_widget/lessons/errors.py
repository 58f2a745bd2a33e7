"""The error a lesson raises: :class:`LessonError`, with a ``rule`` id like every error here.

Example:
    >>> error = LessonError("lesson-format", "scout.toml: step 2, field 'par': must be >= 1.")
    >>> error.rule, isinstance(error, ValueError)
    ('lesson-format', True)
"""

from __future__ import annotations

from ..engine.errors import StrategoError


class LessonError(StrategoError):
    """A lesson file or text that cannot be read, or a lesson used in a way it does not allow.

    ``rule`` is ``"lesson-format"`` for a file that does not fit the format (the message names
    the file, the step and the field), ``"lesson-unknown"`` for an unknown lesson id and
    ``"lesson-rulebooks"`` for a rulebook folder the checker cannot read.

    Example:
        >>> LessonError("A lesson needs steps.").rule
        'lesson'
    """

    default_rule = "lesson"


LessonError.__module__ = "stratego_widget.lessons"
