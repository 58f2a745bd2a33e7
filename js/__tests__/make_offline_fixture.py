"""Write the state the offline replay tests start from (fixtures/offline.json), from Python.

A short Duel game as Red saw it, ended by Red's resignation, so the board keeps its whole replay
in ``replay_frames``. Run ``python js/__tests__/make_offline_fixture.py`` after changing the
synced state's shape; ``tests/export/test_export.py`` checks the file is current.
"""

from __future__ import annotations

import copy
import json
import pathlib
import random
from typing import Any

import stratego_widget as sw
from stratego_widget.widget import StrategoWidget

PATH = pathlib.Path(__file__).parent / "fixtures" / "offline.json"


def finished() -> StrategoWidget:
    """A Duel game of a few random moves, then Red resigns."""
    widget = StrategoWidget(sw.Game.random("duel", seed=4), viewer="red")
    rng = random.Random(4)
    for _ in range(6):
        widget.play(rng.choice(widget.game.legal_moves()))
    widget.handle({"type": "resign"})
    return widget


def state() -> dict[str, Any]:
    widget = finished()
    keys = ("view", "view_patch", "rules", "lang", "numbering", "replay_frames")
    saved = copy.deepcopy({key: getattr(widget, key) for key in keys})
    # What Python shows at each replay index, for the front end to match.
    saved["expected"] = [{"pieces": view["pieces"], "replay": view["replay"]}
                         for view in widget.replay_views()]
    return saved


def as_text() -> str:
    return json.dumps(state(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    PATH.write_text(as_text())
