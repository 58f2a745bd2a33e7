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
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import LessonError
from ..model.goal_reading import parse_goal
from ..model.lesson import MAX_PAR, MAX_TEXT
from ..model.opponents import OPPONENTS
from ..model.text import bad_character, printable, shown
from ..model.writer import dumps

#: The rule id of every refusal of the editor.
RULE = "lesson-editor"
#: The step texts the form edits (English; the other languages of an opened lesson stay).
TEXT_FIELDS = ("instruction", "hint", "success")
#: Every field of the form: the texts, then the goal, par, citation and quote, then a move
#: step's other answers, the opponent's scripted replies and the opponent.
FORM_FIELDS = (*TEXT_FIELDS, "goal", "par", "cite", "quote", "alternatives", "replies",
               "opponent")
#: The marks a piece may carry at the start of a step.
MARKS = ("revealed", "moved")
#: The form's fields that may hold several lines (the others are one line).
_LINES_FIELDS = ("instruction", "hint", "success", "goal", "quote", "the feedback",
                 "alternatives", "replies", "tray")


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


def _actions(line: str, field: str) -> list[str]:
    """The actions of one line of the form (moves or placements, apart), each one word."""
    actions = line.replace(",", " ").split()
    if len(actions) > MAX_PAR:
        raise refusal(f"{field.capitalize()}: a line has at most {MAX_PAR} actions.")
    return actions


def alternatives_value(text: str) -> list[list[str]]:
    """A step's other answers typed in the form: one answer a line, its actions apart.

    Example:
        >>> alternatives_value("b2-b5 b5-b7\\n\\nb2-c2 c2-c7")
        [['b2-b5', 'b5-b7'], ['b2-c2', 'c2-c7']]
    """
    return [_actions(line, "alternatives") for line in text.splitlines() if line.strip()]


def alternatives_text(value: Any) -> str:
    """A step's other answers as the form shows them (the reverse of
    :func:`alternatives_value`).

    Example:
        >>> alternatives_text([["b2-b5", "b5-b7"], ["b2-c2"]])
        'b2-b5 b5-b7\\nb2-c2'
    """
    if not isinstance(value, list):
        return ""
    return "\n".join(" ".join(str(action) for action in line) for line in value
                     if isinstance(line, list))


def replies_value(text: str) -> list[str | dict[str, str]]:
    """The opponent's scripted replies typed in the form: one a line, for the learner's
    first move, second, ...: a move, ``pass``, or answers keyed by the learner's move
    (``b2-b5=j9-j8, *=pass``; ``*`` answers any other move).

    Example:
        >>> replies_value("pass\\nb2-b5=j9-j8, *=pass")
        ['pass', {'b2-b5': 'j9-j8', '*': 'pass'}]
        >>> replies_value("b2-b5=")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: Replies: 'b2-b5=' is not learner's move=reply, such as b2-b5=j9-j8.
    """
    replies: list[str | dict[str, str]] = []
    for line in (line.strip() for line in text.splitlines()):
        if not line:
            continue
        if "=" not in line:
            words = line.split()
            if len(words) != 1:
                raise refusal(f"Replies: {shown(line)} is one move or pass a line, or answers "
                              "keyed by the learner's move (b2-b5=j9-j8, *=pass).")
            replies.append(words[0])
            continue
        table: dict[str, str] = {}
        for part in (part.strip() for part in line.split(",")):
            move, _, reply = (word.strip() for word in part.partition("="))
            if not move or not reply or " " in move or " " in reply:
                raise refusal(f"Replies: {shown(part)} is not learner's move=reply, such as "
                              "b2-b5=j9-j8.")
            table[move] = reply
        replies.append(table)
    if len(replies) > MAX_PAR:
        raise refusal(f"Replies: a step has at most {MAX_PAR} replies.")
    return replies


def replies_text(value: Any) -> str:
    """The scripted replies as the form shows them (the reverse of :func:`replies_value`).

    Example:
        >>> replies_text(["pass", {"b2-b5": "j9-j8", "*": "pass"}])
        'pass\\nb2-b5=j9-j8, *=pass'
    """
    if not isinstance(value, list):
        return ""
    return "\n".join(", ".join(f"{k}={v}" for k, v in item.items())
                     if isinstance(item, Mapping) else str(item) for item in value)


def opponent_value(text: str) -> str | None:
    """The opponent picked in the form (a bot level or a lesson policy); empty: none.

    Example:
        >>> opponent_value("chase"), opponent_value("")
        ('chase', None)
    """
    name = text.strip()
    if not name:
        return None
    if name not in OPPONENTS:
        raise refusal(f"The opponent is one of {', '.join(OPPONENTS)}, not {shown(name)}.")
    return name


#: The form's fields that hold lists, each with how its text is read.
LIST_FIELDS: Mapping[str, Callable[[str], list[Any]]] = {
    "alternatives": alternatives_value, "replies": replies_value}
