"""Write the JSON states the JS tests start from, straight from the Python widget.

Run ``python js/__tests__/make_fixtures.py`` after changing the synced state's shape, so the
front-end tests keep exercising exactly what Python sends.
"""

from __future__ import annotations

import json
import pathlib

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


def as_text(widget: StrategoWidget) -> str:
    """A widget's synced state as the fixture file holds it."""
    state = {key: getattr(widget, key) for key in ("view", "rules", "lang", "numbering")}
    return json.dumps(state, indent=1, sort_keys=True) + "\n"


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name, widget in fixtures().items():
        (HERE / f"{name}.json").write_text(as_text(widget))


if __name__ == "__main__":
    main()
