"""What the widget tests compare before and after a message: the synced state and the game."""

from __future__ import annotations

import copy
from typing import Any

from stratego_widget.widget import StrategoWidget


def synced(widget: StrategoWidget) -> dict[str, Any]:
    """Everything synced, apart from the message and the serial (which count every answer)."""
    view = copy.deepcopy(widget.view)
    view.pop("message")
    view.pop("serial")
    return {"view": view, "rules": widget.rules, "lang": widget.lang,
            "numbering": widget.numbering, "interactive": widget.interactive}


def game_state(widget: StrategoWidget) -> tuple[str, int, Any] | None:
    """The game's position, history length and outcome (None before the armies are set)."""
    if widget.session.current_game is None:
        return None
    game = widget.game
    return game.position(), len(game.history), game.outcome
