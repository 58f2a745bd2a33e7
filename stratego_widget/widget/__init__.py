"""The notebook board: the session (the state machine), its view, its pages and the widget.

The widget class is imported on first use, so the session and the pages load no widget
library (they run where there is none).

Example:
    >>> from stratego_widget.widget import StrategoWidget
    >>> StrategoWidget(ruleset="duel", setup="random", seed=1).game.piece_count("blue")
    10
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # seen by type checkers and editors; imported on first use at run time
    from .board import StrategoWidget


def __getattr__(name: str) -> object:
    """Import the widget on first use.

    Example:
        >>> import stratego_widget.widget as widget
        >>> widget.StrategoWidget.__name__
        'StrategoWidget'
    """
    if name == "StrategoWidget":
        from .board import StrategoWidget

        return StrategoWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["StrategoWidget"]
