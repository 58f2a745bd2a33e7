"""The replay a page without a kernel can step through: the view at every ply, as a patch chain.

A live board asks Python for each replayed position (the ``replay`` message). A saved notebook
or an exported page has no Python, so a board whose game is over keeps the whole replay in the
synced trait ``replay_frames``: the view at the first recorded position and, for each recorded
move, the patch (the same patch format as ``view_patch``) that turns the view before it into
the next. The front end (``js/board/offline.ts``) rebuilds the views from it. Each view is the one the
replay control shows to that viewer, so the frames hold nothing the viewer may not see; the
move list, the same in every frame, is left out (the board's ``view`` has it).

The frames are the same in every language: each sentence (a battle's, the result's, the
``next`` line's) is a number into ``texts[lang]``, a short table of the distinct sentences in
every language. A language switch picks another table; nothing is built again, unless the
frames hold a text of the board's own (a lesson's instruction: :attr:`FrameBuilder.one_language`).

Frames are built from the last position back to the first (:class:`FrameBuilder`), keeping one
view and the patches: memory and time grow with the number of moves, not with its square.

Example:
    >>> views = [{"serial": 1, "pieces": {"d4": "rX"}, "targets": {}, "spots": {},
    ...           "moves": ["d4-d5"], "replay": {"index": 0, "length": 1}},
    ...          {"serial": 2, "pieces": {"d5": "rX+"}, "targets": {}, "spots": {},
    ...           "moves": ["d4-d5"], "replay": {"index": 1, "length": 1}}]
    >>> builder = FrameBuilder()
    >>> for view in reversed(views):  # the last position first
    ...     builder.add_earlier(view)
    >>> frames = builder.frames()
    >>> frames["length"], frames["start"]["pieces"], frames["steps"][0]["pieces"]
    (1, {'d4': 'rX'}, {'d5': 'rX+', 'd4': None})
    >>> [view["pieces"] for view in frame_views(frames)]
    [{'d4': 'rX'}, {'d5': 'rX+'}]
"""

from __future__ import annotations

import copy
from typing import Any

from ..locales import LANGUAGES, NEXT_STEPS, battle_sentence, next_sentence, result_sentence
from .view import apply_patch, view_patch

__all__ = ["LEFT_OUT", "FrameBuilder", "frame_views"]

#: View fields a frame leaves out: the same in every frame (``moves``) or the live board's own.
LEFT_OUT = ("moves", "serial", "message")

#: A sentence as the arguments that write it: ("battle", attacker, defender, outcome),
#: ("result", winner, reason), ("next", step id, side), or ("text", a text of the board's own,
#: such as a lesson's instruction, the same in every language).
SentenceKey = tuple[str, ...]


def _write(key: SentenceKey, lang: str) -> str:
    """The sentence ``key`` stands for, in ``lang``."""
    kind, *args = key
    if kind == "battle":
        attacker, defender, outcome = args
        return battle_sentence(attacker, defender or None, outcome, lang)
    if kind == "result":
        return result_sentence(args[0], args[1], lang)
    if kind == "next":
        return next_sentence(args[0], args[1], lang)
    return args[0]


class FrameBuilder:
    """Collects a replay's views from the last position back to the first and keeps only the
    patches between them (and the first view), with the sentences as numbers into ``texts``.

    Example:
        >>> builder = FrameBuilder()
        >>> builder.add_earlier({"pieces": {"d5": "rX+"}, "targets": {}, "spots": {},
        ...                      "next": {"id": "over", "text": "…"}, "to_move": "blue"})
        >>> builder.add_earlier({"pieces": {"d4": "rX"}, "targets": {}, "spots": {},
        ...                      "next": {"id": "over", "text": "…"}, "to_move": "blue"})
        >>> frames = builder.frames()
        >>> frames["length"], frames["start"]["next"], frames["texts"]["en"][0][:9]
        (1, {'id': 'over', 'text': 0}, 'Game over')
    """

    def __init__(self) -> None:
        self._later: dict[str, Any] | None = None
        self._steps: list[dict[str, Any]] = []
        self._sentences: dict[SentenceKey, int] = {}

    def add_earlier(self, view: dict[str, Any]) -> None:
        """Add the view one position before the one added last (the last position first)."""
        view = self._neutral(view)
        if self._later is not None:
            patch = view_patch({**view, "serial": 0, "moves": []},
                               {**self._later, "serial": 1, "moves": []}, 0)
            self._steps.append({key: value for key, value in patch.items()
                                if key not in ("from", "serial")})
        self._later = view

    def frames(self) -> dict[str, Any]:
        """``{"length": n, "start": first view, "steps": [patch, ...], "texts": {lang:
        [sentence, ...]}}``, or ``{}`` when no view was added."""
        if self._later is None:
            return {}
        return {"length": len(self._steps), "start": copy.deepcopy(self._later),
                "steps": self._steps[::-1],
                "texts": {lang: [_write(key, lang) for key in self._sentences]
                          for lang in LANGUAGES}}

    @property
    def one_language(self) -> bool:
        """Whether the frames hold a text of the board's own (a lesson's instruction), which
        is in one language only: such frames are built again for another language.

        Example:
            >>> builder = FrameBuilder()
            >>> builder.add_earlier({"pieces": {}, "targets": {}, "spots": {}, "to_move": "red",
            ...                      "next": {"id": "lesson", "text": "Take the Flag."}})
            >>> builder.one_language
            True
        """
        return any(key[0] == "text" for key in self._sentences)

    def _number(self, key: SentenceKey) -> int:
        return self._sentences.setdefault(key, len(self._sentences))

    def _battle(self, battle: dict[str, Any]) -> dict[str, Any]:
        key = ("battle", battle["attacker"]["kind"], battle["defender"]["kind"] or "",
               battle["outcome"])
        return {**battle, "sentence": self._number(key)}

    def _neutral(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` without the left-out fields, its sentences as numbers."""
        view = {key: value for key, value in view.items() if key not in LEFT_OUT}
        if view.get("battle"):
            view["battle"] = self._battle(view["battle"])
        if view.get("battles"):
            view["battles"] = [self._battle(battle) for battle in view["battles"]]
        if view.get("result"):
            result = view["result"]
            view["result"] = {**result, "sentence": self._number(
                ("result", result["winner"], result["reason"]))}
        if view.get("next"):
            step, text = view["next"]["id"], view["next"]["text"]
            key = ("next", step, view["to_move"]) if step in NEXT_STEPS else ("text", text)
            view["next"] = {"id": step, "text": self._number(key)}
        return view


def _written(view: dict[str, Any], texts: list[str]) -> None:
    """Put the sentences of ``texts`` in place of their numbers in ``view`` (in place)."""
    for battle in ([view["battle"]] if view.get("battle") else []) + view.get("battles", []):
        battle["sentence"] = texts[battle["sentence"]]
    if view.get("result"):
        view["result"]["sentence"] = texts[view["result"]["sentence"]]
    if view.get("next"):
        view["next"]["text"] = texts[view["next"]["text"]]


def frame_views(frames: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    """The views of :meth:`FrameBuilder.frames` again (without the left-out fields), the first
    position first, with their sentences in ``lang``.

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
        _written(shown, frames["texts"][lang])
    return views
