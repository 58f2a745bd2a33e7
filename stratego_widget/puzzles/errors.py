"""The puzzles' typed error: a one-line :class:`PuzzleError` naming the field or row it refuses.

Example:
    >>> error = PuzzleError("puzzle-csv", "puzzles.csv, row 3: Rating is a whole number, not 'x'.")
    >>> error.rule, isinstance(error, ValueError)
    ('puzzle-csv', True)
"""

from __future__ import annotations

from ..engine.errors import StrategoError

__all__ = ["PuzzleError"]


class PuzzleError(StrategoError):
    """Bad input to the puzzle miner, its verification or its CSV file (nothing is changed).

    Example:
        >>> PuzzleError("The sample count is a whole number >= 1.").rule
        'puzzle'
    """

    default_rule = "puzzle"
