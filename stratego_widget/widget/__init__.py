"""The notebook board: the anywidget class, the synced view, and the setup phase.

Example:
    >>> from stratego_widget.widget import StrategoWidget
    >>> StrategoWidget(ruleset="duel", setup="random", seed=1).game.piece_count("blue")
    10
"""

from .board import StrategoWidget

__all__ = ["StrategoWidget"]
