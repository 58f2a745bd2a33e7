"""Write the JSON states the JS tests start from, straight from the Python widget.

Run ``python js/__tests__/make_fixtures.py`` after changing the synced state's shape, so the
front-end tests keep exercising exactly what Python sends.
"""

from __future__ import annotations

import copy
import json
import pathlib
from typing import Any

import stratego_widget as sw
from stratego_widget.widget import StrategoWidget

HERE = pathlib.Path(__file__).parent / "fixtures"


def fixtures() -> dict[str, StrategoWidget]:
    """The widgets whose synced state the front-end tests start from, by name."""
    made = {}
    made["play"] = ( StrategoWidget(sw.Game.random("barrage", seed=1), opponent="random", seed=1))
    made["setup"] = StrategoWidget(ruleset="duel", opponent="random", seed=1)
    hotseat = StrategoWidget(sw.Game.random("barrage", seed=2), viewer="hotseat")
    hotseat.play(str(hotseat.game.legal_moves()[0]))
    made["handover"] = hotseat
    spot = StrategoWidget(sw.Game.from_pieces("sci-fi-2013", {
        "e2": "red spotter", "a1": "red flag", "e4": "blue miner", "j8": "blue flag"}))
    made["spot"] = spot
    rescue = StrategoWidget(sw.Game.from_pieces("original+rescue", {
        "e9": "red major", "a1": "red flag", "j10": "blue flag", "a10": "blue scout"},
        captured={"red": ["general"]}))
    rescue.handle({"type": "move", "from": "e9", "to": "e10"})
    made["rescue"] = rescue
    return made


def state_of(widget: StrategoWidget) -> dict[str, Any]:
    keys = ("view", "view_patch", "rules", "lang", "numbering")
    return copy.deepcopy({key: getattr(widget, key) for key in keys})


def as_text(widget: StrategoWidget) -> str:
    """A widget's synced state as the fixture file holds it."""
    return json.dumps(state_of(widget), indent=1, sort_keys=True) + "\n"


def sequence() -> dict[str, Any]:
    """A hot-seat game as the browser receives it: the state it opens with, then each patch
    Python sends with the whole view Python holds after it (moves, hand-overs, a strike, undo,
    replay, a language switch, a rejected move, a new game)."""
    widget = StrategoWidget(sw.Game.random("duel", seed=5), viewer="hotseat")
    start = state_of(widget)
    steps: list[dict[str, Any]] = []
    widget.observe(lambda change: steps.append(
        {"patch": copy.deepcopy(change["new"]), "view": copy.deepcopy(widget.view)}),
        names="view_patch")

    def move(strike: bool = False) -> None:
        options = sorted((o, t, a) for o, ts in widget.view["targets"].items()
                         for t, a in ts.items())
        wanted = [x for x in options if (x[2] == "strike") == strike] or options
        origin, target, _ = wanted[-1] if strike else wanted[0]
        widget.handle({"type": "move", "from": origin, "to": target})
        widget.handle({"type": "handover"})

    for _ in range(3):
        move()
    while widget.game.ply < 30 and not any(widget.game.captured(s) for s in ("red", "blue")):
        move(strike=True)  # forward until a strike
    widget.handle({"type": "undo"})
    widget.handle({"type": "handover"})
    widget.handle({"type": "replay", "index": 1})
    widget.handle({"type": "replay", "index": widget.game.ply})
    widget.lang = "nl"
    widget.handle({"type": "move", "from": "a1", "to": "j10"})
    move(strike=True)
    move()
    widget.handle({"type": "new_game"})
    return {"start": start, "steps": steps}


def sequence_text() -> str:
    return json.dumps(sequence(), indent=1, sort_keys=True) + "\n"


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name, widget in fixtures().items():
        (HERE / f"{name}.json").write_text(as_text(widget))
    (HERE / "sequence.json").write_text(sequence_text())


if __name__ == "__main__":
    main()
