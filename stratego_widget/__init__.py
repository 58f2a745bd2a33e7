"""stratego_widget: every edition of Stratego as data, and a clickable board for notebooks.

The public surface is this module; implementation modules are one concept each.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random(sw.ruleset("barrage"), seed=1)
    >>> game.to_move, game.is_over
    ('red', False)
"""

from typing import TYPE_CHECKING

from .bots import HeuristicBot, RandomBot, play_game
from .engine import display as _display
from .engine.errors import (
    IllegalMoveError,
    ProtocolError,
    RecordError,
    RulesetError,
    SetupError,
    StrategoError,
    VariantError,
)
from .engine.game import Game
from .engine.moves import Move
from .engine.outcome import Outcome, Termination
from .engine.rulesets import Ruleset, option_names, ruleset, ruleset_names
from .engine.setups import (
    format_setup,
    parse_setup,
    preset_setup,
    preset_setups,
    random_setup,
    setup_area,
    validate_setup,
)
from .engine.variants import load_variant, save_variant, variant
from .formats.records import dump, load
from .formats.svg import board_svg as _board_svg
from .formats.svg import replay_svg as _replay_svg
from .widget.board_page import game_page as _game_page

__version__ = "0.1.0"

# The engine draws nothing itself: it is lent its picture and page makers here.
_display.register(board_svg=_board_svg, replay_svg=_replay_svg, game_page=_game_page)


if TYPE_CHECKING:  # seen by type checkers and editors; imported on first use at run time
    from .widget import StrategoWidget


def __getattr__(name: str) -> object:
    """Import the widget on first use: the engine alone loads no widget library.

    Example:
        >>> import stratego_widget as sw
        >>> sw.StrategoWidget.__name__
        'StrategoWidget'
    """
    if name == "StrategoWidget":
        from .widget import StrategoWidget

        return StrategoWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """Every public name, the lazily imported widget included (for completion in editors).

    Example:
        >>> "StrategoWidget" in dir(__import__("stratego_widget"))
        True
    """
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "Game",
    "HeuristicBot",
    "IllegalMoveError",
    "Move",
    "Outcome",
    "ProtocolError",
    "RandomBot",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SetupError",
    "StrategoError",
    "StrategoWidget",
    "Termination",
    "VariantError",
    "__version__",
    "dump",
    "format_setup",
    "load",
    "load_variant",
    "option_names",
    "parse_setup",
    "play_game",
    "preset_setup",
    "preset_setups",
    "random_setup",
    "ruleset",
    "ruleset_names",
    "save_variant",
    "setup_area",
    "validate_setup",
    "variant",
]
