"""The replay a page without a kernel can step through: the view at every ply, as a patch chain.

A live board asks Python for each replayed position (the ``replay`` message). A saved notebook
or an exported page has no Python, so a board whose game is over keeps the whole replay in the
synced trait ``replay_frames``: the view at ply 0 and, for each later ply, the patch (the same
patch format as ``view_patch``) that turns the view before it into the next. The front end
(``js/offline.ts``) rebuilds the views from it. Each view is the one the replay control shows
to that viewer, so the frames hold nothing the viewer may not see; the move list, the same in
every frame, is left out (the board's ``view`` has it).

Example:
    >>> views = [{"serial": 1, "pieces": {"d4": "rX"}, "targets": {}, "spots": {},
    ...           "moves": ["d4-d5"], "replay": {"index": 0, "length": 1}},
    ...          {"serial": 2, "pieces": {"d5": "rX+"}, "targets": {}, "spots": {},
    ...           "moves": ["d4-d5"], "replay": {"index": 1, "length": 1}}]
    >>> frames = replay_frames(views)
    >>> frames["length"], frames["start"]["pieces"], frames["steps"][0]["pieces"]
    (1, {'d4': 'rX'}, {'d5': 'rX+', 'd4': None})
    >>> [view["pieces"] for view in frame_views(frames)]
    [{'d4': 'rX'}, {'d5': 'rX+'}]
"""

from __future__ import annotations

import copy
from itertools import pairwise
from typing import Any

from .view import apply_patch, view_patch

#: View fields a frame leaves out: the same in every frame (``moves``) or the live board's own.
LEFT_OUT = ("moves", "serial", "message")


def replay_frames(views: list[dict[str, Any]]) -> dict[str, Any]:
    """The views at plies 0…n as ``{"length": n, "start": view 0, "steps": [patch, ...]}``.

    Each step is a ``view_patch`` without its serials; the views share one move list (that of
    the first view is kept). An empty list gives ``{}`` (no replay).

    Example:
        >>> replay_frames([])
        {}
    """
    if not views:
        return {}
    moves = views[0].get("moves", [])
    steps = []
    for before, after in pairwise(views):
        patch = view_patch({**before, "serial": 0, "moves": moves},
                           {**after, "serial": 1, "moves": moves}, len(moves))
        steps.append({key: value for key, value in patch.items()
                      if key not in ("from", "serial")})
    start = {key: value for key, value in views[0].items() if key not in LEFT_OUT}
    return {"length": len(views) - 1, "start": copy.deepcopy(start), "steps": steps}


def frame_views(frames: dict[str, Any]) -> list[dict[str, Any]]:
    """The views of :func:`replay_frames` again (without the left-out fields), ply 0 first.

    The front end does the same; tests use this to check what a page can show.

    Example:
        >>> frame_views({})
        []
    """
    if not frames:
        return []
    view = copy.deepcopy(frames["start"])
    view["serial"] = 0
    views = [copy.deepcopy(view)]
    for number, step in enumerate(frames["steps"]):
        apply_patch(view, {**step, "from": number, "serial": number + 1})
        views.append(copy.deepcopy(view))
    for shown in views:
        shown.pop("serial")
    return views
