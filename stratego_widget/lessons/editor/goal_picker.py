"""The editor's goal picker: a step's goal made of checks picked from a list, each with a
value in plain words (``e5 f6``, ``flag-captured``, ``3``) instead of a TOML table.

Every goal check of the lesson model is offered (:data:`MOVE_CHECKS` for a move step,
:data:`SETUP_CHECKS` for a setup step; a question's ``answer`` is set by choosing the right
answer). Several checks make a goal that needs them all, as a table with several keys does in
a lesson file. Every refusal is a one-line
:class:`~stratego_widget.lessons.LessonError` (rule ``"lesson-editor"``) naming the check.

Example:
    >>> check_value("reach", "e5 f6"), check_value("win", "flag-captured")
    (['e5', 'f6'], 'flag-captured')
    >>> goal_checks({"reach": ["e5", "f6"], "survive": 2})
    [{'check': 'reach', 'value': 'e5 f6'}, {'check': 'survive', 'value': '2'}]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import pieces as P
from ..model.goal_reading import MAX_SURVIVE
from ..model.goal_reading import SETUP_CHECKS as SETUP_GOALS
from ..model.text import shown
from .form import refusal

#: The checks whose value is one square or several (the pieces that start there).
SQUARE_CHECKS: tuple[str, ...] = ("reach", "capture", "removed", "remains", "leave", "reveal")
#: Every check a move step's goal may use, in the order the picker offers them.
MOVE_CHECKS: tuple[str, ...] = (*SQUARE_CHECKS, "win", "survive", "refused", "rescue")
#: The checks of a setup step (each is ``true``).
SETUP_CHECKS: tuple[str, ...] = SETUP_GOALS
#: How a game may be won, for ``win`` (empty: won in any way).
WIN_WAYS: tuple[str, ...] = ("flag-captured", "flag-reached", "no-movable-pieces", "no-moves")
#: The rule ids of the engine's refusals of a move, for ``refused``.
REFUSALS: tuple[str, ...] = (
    "no-piece", "not-your-piece", "immovable", "lake", "occupied", "no-move", "cannot-strike",
    "diagonal", "one-square", "jump", "scout-move-and-strike", "captain", "two-square",
    "more-squares", "spot", "rescue")


def checks_for(kind: str) -> tuple[str, ...]:
    """The goal checks the picker offers for a step of ``kind`` (a question has none: its
    goal is the right answer).

    Example:
        >>> checks_for("setup")[:2], checks_for("question")
        (('placed', 'flag_back_row'), ())
    """
    return {"move": MOVE_CHECKS, "setup": SETUP_CHECKS}.get(kind, ())


def check_value(check: str, text: str) -> Any:
    """The value of goal check ``check`` from the picker's words ``text``, as a lesson file
    holds it; a LessonError naming the check when the words do not fit it.

    Example:
        >>> check_value("capture", "b7"), check_value("win", ""), check_value("survive", " 2 ")
        ('b7', True, 2)
        >>> check_value("survive", "two")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: The goal 'survive' takes a number of moves from 1 to 1,000, not 'two'.
    """
    words = text.replace(",", " ").split()
    if check in SQUARE_CHECKS:
        if not words:
            raise refusal(f"The goal {check!r} needs a square, such as e5 (or several: e5 f6).")
        squares = [word.lower() for word in words]
        return squares[0] if len(squares) == 1 else squares
    if check == "win":
        if not words or words == ["any"]:
            return True
        if len(words) == 1 and words[0] in WIN_WAYS:
            return words[0]
        raise refusal(f"The goal 'win' takes one of {', '.join(WIN_WAYS)} (or nothing: won in "
                      f"any way), not {shown(text)}.")
    if check == "survive":
        if len(words) == 1 and words[0].isdigit() and 1 <= int(words[0]) <= MAX_SURVIVE:
            return int(words[0])
        raise refusal(f"The goal 'survive' takes a number of moves from 1 to {MAX_SURVIVE:,}, "
                      f"not {shown(text)}.")
    if check == "refused":
        if len(words) == 1 and words[0] in REFUSALS:
            return words[0]
        raise refusal(f"The goal 'refused' takes a rule id ({', '.join(REFUSALS)}), not "
                      f"{shown(text)}.")
    if check == "rescue":
        if not words:
            return True
        if len(words) == 1 and words[0] in P.KIND_NAMES:
            return words[0]
        raise refusal(f"The goal 'rescue' takes a piece (or nothing: any piece), not "
                      f"{shown(text)}.")
    if check in SETUP_CHECKS:
        if words and words != ["true"]:
            raise refusal(f"The goal {check!r} takes no value, not {shown(text)}.")
        return True
    raise refusal(f"There is no goal check {shown(check)}; checks: "
                  f"{', '.join((*MOVE_CHECKS, *SETUP_CHECKS))}.")


def value_text(value: Any) -> str:
    """A goal check's value in the picker's words (``True``: nothing).

    Example:
        >>> value_text(["e5", "f6"]), value_text(True), value_text(3)
        ('e5 f6', '', '3')
    """
    if value is True:
        return ""
    if isinstance(value, list):
        return " ".join(str(item) for item in value)
    return str(value)


def goal_checks(goal: Any) -> list[dict[str, str]]:
    """A step's goal as the picker lists it: each check and its value in words (a goal
    written with ``all`` or ``any`` in a file is listed as it is, to be kept or removed).

    Example:
        >>> goal_checks({"capture": "b7"}), goal_checks(None)
        ([{'check': 'capture', 'value': 'b7'}], [])
    """
    if not isinstance(goal, Mapping):
        return []
    return [{"check": str(check), "value": value_text(value)} for check, value in goal.items()]
