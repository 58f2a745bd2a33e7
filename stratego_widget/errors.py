"""Typed errors. Every rejected call raises one of these and changes nothing.

All errors derive from :class:`StrategoError`, itself a :class:`ValueError`, so callers can catch
exactly what they mean (python-chess style).

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("barrage", seed=1)
    >>> try:
    ...     game.play("a1-a9")
    ... except sw.IllegalMoveError as error:
    ...     print(error.rule)
    no-piece
"""

from __future__ import annotations


class StrategoError(ValueError):
    """Base class of every error the package raises on bad input.

    Example:
        >>> issubclass(IllegalMoveError, StrategoError)
        True
    """


class IllegalMoveError(StrategoError):
    """A move the rules do not allow, or move text that cannot be read.

    ``rule`` is a stable identifier of the rule (for example ``"bomb-cannot-move"``), and the
    message is a sentence a learner understands, naming the rulebook section.

    Example:
        >>> error = IllegalMoveError("two-square", "Too many moves back and forth.")
        >>> error.rule
        'two-square'
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


class SetupError(StrategoError):
    """A setup that does not fit the army or the setup area.

    Example:
        >>> SetupError("setup-count", "Too many Bombs.").rule
        'setup-count'
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message


class RulesetError(StrategoError):
    """An unknown ruleset or option name, a meaningless combination, or a bad parameter.

    Example:
        >>> str(RulesetError("Unknown ruleset 'chess'."))
        "Unknown ruleset 'chess'."
    """


class RecordError(StrategoError):
    """A game record, position or board string that cannot be read.

    Example:
        >>> str(RecordError("Bad board string."))
        'Bad board string.'
    """
