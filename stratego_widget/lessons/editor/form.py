"""The editor's form: the fields a teacher types, the texts they may hold, and how a goal, a
par and a text of the form are read from what was typed and shown again.

Every refusal is :class:`~stratego_widget.lessons.LessonError` with rule ``"lesson-editor"``
(:func:`refusal`) and one line naming the field.

Example:
    >>> goal_table('capture = "b7"'), par_value(" 3 ")
    ({'capture': 'b7'}, 3)
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from ..errors import LessonError
from ..model.goal_reading import parse_goal
from ..model.lesson import MAX_PAR, MAX_TEXT
from ..model.text import bad_character, printable, shown
from ..model.writer import dumps

#: The rule id of every refusal of the editor.
RULE = "lesson-editor"
#: The step texts the form edits (English; the other languages of an opened lesson stay).
TEXT_FIELDS = ("instruction", "hint", "success")
#: Every field of the form: the texts, then the goal, par, citation and quote.
FORM_FIELDS = (*TEXT_FIELDS, "goal", "par", "cite", "quote")
#: The marks a piece may carry at the start of a step.
MARKS = ("revealed", "moved")
#: The form's fields that may hold several lines (the others are one line).
_LINES_FIELDS = ("instruction", "hint", "success", "goal", "quote", "the feedback")


def refusal(message: str) -> LessonError:
    """The editor's refusal: a LessonError with rule ``"lesson-editor"`` and ``message``.

    Example:
        >>> refusal("Not recording.").rule
        'lesson-editor'
    """
    return LessonError(RULE, message)


def text_value(value: Any, name: str) -> str:
    """``value`` if it is a text the field ``name`` may hold, else a one-line LessonError
    naming the field (a control character, a lone surrogate, a line break in a one-line
    field, or too long a text).

    Example:
        >>> text_value("Two lines:\\nthe second.", "hint")
        'Two lines:\\nthe second.'
        >>> text_value("Two\\nlines", "cite")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: Cite holds the line break or tab '\\n' at position 4; it is one line of text.
    """
    if not isinstance(value, str):
        raise refusal(f"{name.capitalize()} must be text, not {type(value).__name__}.")
    if len(value) > MAX_TEXT:
        raise refusal(f"{name.capitalize()} has {len(value):,} characters; a text has at most "
                      f"{MAX_TEXT:,}.")
    problem = bad_character(value, one_line=name not in _LINES_FIELDS)
    if problem is not None:
        raise refusal(printable(f"{name.capitalize()} {problem}."))
    return value


def texts(value: Any) -> dict[str, str]:
    """A draft text as its table of languages (a single string is English; anything else:
    none).

    Example:
        >>> texts("Go."), texts({"en": "Go.", "nl": "Ga."}), texts(3)
        ({'en': 'Go.'}, {'en': 'Go.', 'nl': 'Ga.'}, {})
    """
    if isinstance(value, str):
        return {"en": value}
    if isinstance(value, Mapping):
        return {str(k): str(v) for k, v in value.items() if isinstance(v, str)}
    return {}


def goal_table(text: str) -> dict[str, Any]:
    """A goal typed in the form (``capture = "b7"`` or ``{ capture = "b7" }``) as its table,
    else a LessonError saying why it is no usable goal.

    Example:
        >>> goal_table('{ reach = "e5", survive = 2 }')
        {'reach': 'e5', 'survive': 2}
    """
    inner = text.strip()
    if inner.startswith("{") and inner.endswith("}"):
        inner = inner[1:-1]
    try:
        data = tomllib.loads("goal = { " + inner.replace("\n", " ") + " }")["goal"]
    except tomllib.TOMLDecodeError:
        raise refusal(f"The goal {shown(text)} is not a goal table such as capture = \"b7\".") \
            from None
    try:
        parse_goal(data)
    except ValueError as error:
        raise refusal(f"The goal is not usable: {error}.") from None
    return dict(data)


def goal_text(goal: Mapping[str, Any]) -> str:
    """A goal table as the form shows it.

    Example:
        >>> goal_text({"reach": "e5", "survive": 2})
        'reach = "e5", survive = 2'
    """
    text = dumps(dict(goal)).strip()
    return ", ".join(line for line in text.splitlines() if line)


def par_value(text: str) -> int:
    """The par typed in the form: a whole number from 1 to the largest par, else LessonError.

    Example:
        >>> par_value("0")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: Par is a whole number from 1 to 100, not 0.
    """
    try:
        par = int(text.strip())
    except ValueError:
        raise refusal(f"Par is a whole number from 1 to {MAX_PAR}, not {shown(text)}.") from None
    if not 1 <= par <= MAX_PAR:
        raise refusal(f"Par is a whole number from 1 to {MAX_PAR}, not {par}.")
    return par
