"""Batch playouts: many random, beginner or heuristic games of one ruleset, fast.

:func:`play_batch` plays whole games in a compiled kernel (numba, the extra ``fast``) or, where
no compiler is installed, on the pure-Python engine, which stays the reference: both backends
play the same games move by move for the same seed (a differential test checks it).

Example:
    >>> from stratego_widget.batch import play_batch
    >>> rows = play_batch("barrage", games=2, seed=0, policy="heuristic", backend="python")
    >>> len(rows), rows[0]["termination"] in {"flag-captured", "no-moves",
    ...                                       "no-movable-pieces", "ply-limit"}
    (2, True)
"""

from .backend import BACKENDS, choose_backend, compiled_available
from .errors import BatchError
from .extras import MissingExtraError, require
from .play import DEFAULT_MAX_PLIES, deal, deal_fingerprint, play_batch, play_moves, seeds
from .policies import POLICIES

__all__ = ["BACKENDS", "DEFAULT_MAX_PLIES", "POLICIES", "BatchError", "MissingExtraError",
           "choose_backend", "compiled_available", "deal", "deal_fingerprint", "play_batch",
           "play_moves", "require", "seeds"]
