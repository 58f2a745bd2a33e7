"""The batch playouts' error: :class:`BatchError`.

Example:
    >>> BatchError("No such policy.").rule
    'batch'
"""

from __future__ import annotations

from ..engine.errors import StrategoError

__all__ = ["BatchError"]


class BatchError(StrategoError):
    """A batch that cannot be played as asked: an unknown policy or backend, a bad number of
    games, a ruleset the compiled kernel does not play, or no compiler installed.

    Example:
        >>> BatchError("No such policy.").rule
        'batch'
    """

    default_rule = "batch"


BatchError.__module__ = "stratego_widget.batch"
