"""stratego_widget: every edition of Stratego as data, and a clickable board for notebooks.

The public surface is this module; implementation modules are one concept each.

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random(sw.ruleset("barrage"), seed=1)
    >>> game.to_move, game.is_over
    ('red', False)
"""

from .bots import HeuristicBot, RandomBot, play_game
from .engine.errors import (
    IllegalMoveError,
    ProtocolError,
    RecordError,
    RulesetError,
    SetupError,
    StrategoError,
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
from .formats.records import dump, load

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    """Import the widget on first use, so the engine alone needs no front-end bundle.

    Example:
        >>> import stratego_widget as sw
        >>> sw.StrategoWidget.__name__
        'StrategoWidget'
    """
    if name == "StrategoWidget":
        from .widget import StrategoWidget

        return StrategoWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

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
    "__version__",
    "dump",
    "format_setup",
    "load",
    "option_names",
    "parse_setup",
    "play_game",
    "preset_setup",
    "preset_setups",
    "random_setup",
    "ruleset",
    "ruleset_names",
    "setup_area",
    "validate_setup",
]
