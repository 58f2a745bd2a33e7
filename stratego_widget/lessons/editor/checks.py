"""What the editor checks: the live check of a draft the panel shows after every change, the
three answers it leads with, and each browser message against protocol.json.

Example:
    >>> from .draft import new_draft
    >>> lesson, items = live_check(new_draft(), 0)
    >>> lesson is None, items[0]["check"], summary(items)["solvable"]
    (True, 'format', None)
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from typing import Any

from ...engine.errors import ProtocolError
from ...widget.protocol import PROTOCOL, check_message
from ..checker import check
from ..errors import LessonError
from ..model.lesson import Lesson
from .draft import draft_text
from .form import refusal

#: The browser's messages to the editor (protocol.json's ``editor_messages``).
EDITOR_MESSAGES: dict[str, dict[str, dict[str, Any]]] = PROTOCOL["editor_messages"]


def live_check(draft: Mapping[str, Any], index: int, *, source: str = "<draft>",
               languages: tuple[str, ...] = ("en",),
               rulebooks: str | pathlib.Path | None = None) -> tuple[Lesson | None, list[dict[str, Any]]]:
    """The draft read as a lesson in ``languages`` (None while it is not one) and the check's
    findings about the lesson and step ``index`` (``step``, ``check``, ``ok`` (None: not
    checked), ``message``), or one ``format`` item saying why the draft is not a lesson yet.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> from stratego_widget.lessons.model.writer import lesson_data
        >>> lesson, items = live_check(lesson_data(catalog()["scout"]), 0)
        >>> lesson.id, {item["check"]: item["ok"] for item in items}["solution"]
        ('scout', True)
    """
    try:
        lesson = Lesson.from_text(draft_text(draft), source=source, languages=languages)
    except LessonError as error:
        return None, [{"step": 0, "check": "format", "ok": False, "message": str(error)}]
    report = check(lesson, rulebooks=rulebooks)  # in the lesson's languages
    return lesson, [{"step": item.step, "check": item.check, "ok": item.ok,
                     "message": item.message} for item in report.items
                    if item.step in (0, index + 1)]


def summary(items: list[dict[str, Any]]) -> dict[str, bool | None]:
    """The three answers the panel leads with, from the live check's ``items``: ``solvable``
    (the solution meets the goal within par), ``start`` (the goal is not met at the start)
    and ``hints`` (the hints lie on a solution); None where it was not checked.

    Example:
        >>> summary([{"check": "solution", "ok": True}, {"check": "par", "ok": False}])
        {'solvable': False, 'start': None, 'hints': None}
    """
    found = {item["check"]: item["ok"] for item in items}
    solvable = None if "solution" not in found else bool(found["solution"] and found.get("par"))
    return {"solvable": solvable, "start": found.get("start"), "hints": found.get("hints")}


def check_editor_message(message: Any) -> str:
    """Check a browser message against protocol.json's ``editor_messages`` (with the board's
    own checker, :func:`~stratego_widget.widget.protocol.check_message`); return its type or
    raise LessonError (rule ``"lesson-editor"``) saying what is wrong.

    Example:
        >>> check_editor_message({"type": "editor_record"})
        'editor_record'
        >>> check_editor_message({"type": "editor_mark", "square": "e4", "mark": "hidden"})
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: The 'editor_mark' message's 'mark' ('hidden') must be one of revealed, moved.
    """
    try:
        return check_message(message, None, known=EDITOR_MESSAGES)
    except ProtocolError as error:
        raise refusal(error.message) from None
