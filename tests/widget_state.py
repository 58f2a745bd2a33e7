"""What the widget tests compare before and after a message: the synced state and the game."""

from __future__ import annotations

import copy
import json
from typing import Any

from stratego_widget.engine.pieces import KIND_LETTERS, kind_from_name
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


def check_no_leak(widget: StrategoWidget, view: dict[str, Any]) -> None:
    """Assert that ``view`` shows its viewer no rank the rules hide from them."""
    viewer = view["viewer"]
    truth = widget.game.pieces()
    json.dumps(view)  # plain data
    if viewer == "both" or view["revealed"]:  # the referee, or the game is over
        assert all(code[1] != "?" for code in view["pieces"].values())
        return
    if viewer == "hidden":
        assert all(code[1] == "?" for code in view["pieces"].values())
        assert view["battle"] is None and view["targets"] == {}
        assert all(kind is None for side in view["captured"].values() for kind in side)
        return
    seen = widget.game.observation(viewer)
    for square, code in view["pieces"].items():
        _owner, kind = truth[square]
        shown = seen["board"][square]["kind"]
        if shown is None:
            assert code[1] == "?", (square, code)
        else:
            assert code[1] == KIND_LETTERS[kind_from_name(kind)], (square, code)
    assert view["captured"] == seen["captured"]
    battle = view["battle"]
    if battle is not None:
        last = seen["history"][-1]["strike"]
        assert battle["defender"]["kind"] == last["defender"]
        assert battle["attacker"]["kind"] == last["attacker"]
