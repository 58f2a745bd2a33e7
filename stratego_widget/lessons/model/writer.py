"""Lessons back to text: :func:`to_toml` writes a lesson (or a draft) as a lesson file.

The text is TOML in the layout of ``docs/lessons.md``: the lesson's fields, then one
``[[steps]]`` table per step with only the fields that differ from their defaults. Reading it
back with :meth:`~stratego_widget.lessons.Lesson.from_text` gives an equal lesson, field for
field. A draft being edited (:mod:`~stratego_widget.lessons.editor.session`) is a table in the shape of
the file, written by :func:`dumps` the same way.

No TOML library writes here: strings are written as TOML basic strings, every character TOML
does not allow there escaped (quotes, backslashes, control characters, DEL).

Example:
    >>> from stratego_widget.lessons import Lesson, catalog
    >>> lesson = catalog()["scout"]
    >>> Lesson.from_text(to_toml(lesson), source=lesson.source) == lesson
    True
    >>> print(dumps({"id": "x", "title": {"en": 'Say "hi"'}}))
    id = "x"
    title = { en = "Say \\"hi\\"" }
    <BLANKLINE>
"""

from __future__ import annotations

import errno
import math
import os
import pathlib
import re
import secrets
import shutil
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import LessonError
from .goals import (
    AllOf,
    Answer,
    AnyOf,
    Goal,
    Leave,
    Reach,
    Refused,
    Remains,
    Removed,
    Rescue,
    Reveal,
    SetupCheck,
    Survive,
    Win,
)
from .lesson import Lesson
from .steps import Reply, Step
from .text import Text

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}
#: The lesson fields written before the steps, in this order.
_LESSON_ORDER = ("id", "course", "order", "title", "summary", "ruleset", "params", "covers",
                 "requires")
#: The step fields, in the order a step table lists them.
_STEP_ORDER = ("kind", "ruleset", "params", "pieces", "revealed", "moved", "captured", "to_move",
               "tray", "area", "only", "instruction", "choices", "goal", "par", "solution",
               "alternatives", "replies", "opponent", "hint", "feedback", "success", "cite",
               "quote", "source")
#: Step fields written as one dotted key per entry (``feedback.diagonal = {...}``).
_DOTTED = ("feedback", "choices")


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, every character TOML forbids there escaped.

    Example:
        >>> print(toml_string('a "b"\\\\ c\\n\\x7f'))
        "a \\"b\\"\\\\ c\\n\\u007F"
    """
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def toml_key(key: str) -> str:
    """A table key: bare when TOML allows it, else quoted.

    Example:
        >>> toml_key("diagonal"), toml_key("b2-b5"), toml_key("*"), toml_key("")
        ('diagonal', 'b2-b5', '"*"', '""')
    """
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def toml_value(value: Any) -> str:
    """One value as inline TOML: text, whole or decimal number, true/false, list, table.

    Example:
        >>> toml_value({"en": "Hi", "n": [1, 2.5, True]})
        '{ en = "Hi", n = [1, 2.5, true] }'
        >>> toml_value(object())
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: A lesson file cannot hold a value of type object.
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(str(k))} = {toml_value(v)}"
                                for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise LessonError("lesson-format", f"A lesson file cannot hold a value of type "
                      f"{type(value).__name__}.")


def dumps(data: Mapping[str, Any]) -> str:
    """A lesson table (the shape of a lesson file) as TOML text: its fields one per line,
    then each of ``steps`` as a ``[[steps]]`` table (``feedback`` and ``choices`` as dotted
    keys, one line each).

    Example:
        >>> print(dumps({"id": "x", "steps": [{"par": 1, "feedback": {"b2-b5": {"en": "No."}}}]}))
        id = "x"
        <BLANKLINE>
        [[steps]]
        par = 1
        feedback.b2-b5 = { en = "No." }
        <BLANKLINE>
    """
    lines = [f"{toml_key(key)} = {toml_value(value)}"
             for key, value in _ordered(data, _LESSON_ORDER) if key != "steps"]
    for step in data.get("steps", ()):
        lines += ["", "[[steps]]"]
        for key, value in _ordered(step, _STEP_ORDER):
            if key in _DOTTED and isinstance(value, Mapping) and value:
                lines += [f"{toml_key(key)}.{toml_key(str(k))} = {toml_value(v)}"
                          for k, v in value.items()]
            else:
                lines.append(f"{toml_key(key)} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


def _ordered(data: Mapping[str, Any], order: Sequence[str]) -> list[tuple[str, Any]]:
    """The items of ``data``: the known keys in ``order`` first, then any others."""
    known = [(key, data[key]) for key in order if key in data]
    return known + [(key, value) for key, value in data.items() if key not in order]


def text_data(text: Text) -> dict[str, str]:
    """A text as its table of languages.

    Example:
        >>> text_data(Text({"en": "Hi", "nl": "Hoi"}))
        {'en': 'Hi', 'nl': 'Hoi'}
    """
    return dict(text.texts)


def goal_data(goal: Goal) -> Any:
    """A goal as the table a lesson file writes (what :func:`parse_goal` reads back).

    A goal of several checks that a table with several keys reads as one is written as that
    table; ``all`` and ``any`` otherwise.

    Example:
        >>> from stratego_widget.lessons import parse_goal
        >>> goal_data(parse_goal({"capture": "e6", "remains": "e5"}))
        {'capture': 'e6', 'remains': 'e5'}
        >>> goal_data(parse_goal({"any": [{"win": True}, {"survive": 3}]}))
        {'any': [{'win': True}, {'survive': 3}]}
    """
    if isinstance(goal, AnyOf):
        return {"any": [goal_data(g) for g in goal.goals]}
    if isinstance(goal, AllOf):
        parts = [goal_data(g) for g in goal.goals]
        keys = [key for part in parts for key in part]
        if len(parts) >= 2 and all(len(part) == 1 for part in parts) and \
                len(set(keys)) == len(keys):
            return {key: value for part in parts for key, value in part.items()}
        return {"all": parts}
    return _leaf_data(goal)


def _squares(targets: tuple[str, ...]) -> str | list[str]:
    return targets[0] if len(targets) == 1 else list(targets)


def _leaf_data(goal: Goal) -> dict[str, Any]:
    """One check as its one-key table."""
    if isinstance(goal, Removed):
        return {"capture" if goal.enemy else "removed": _squares(goal.targets)}
    squares: dict[type[Reach | Remains | Leave | Reveal], str] = {
        Reach: "reach", Remains: "remains", Leave: "leave", Reveal: "reveal"}
    if isinstance(goal, (Reach, Remains, Leave, Reveal)):
        return {squares[type(goal)]: _squares(goal.targets)}
    if isinstance(goal, Win):
        return {"win": goal.termination if goal.termination is not None else True}
    if isinstance(goal, Survive):
        return {"survive": goal.moves}
    if isinstance(goal, Refused):
        return {"refused": goal.rule}
    if isinstance(goal, Answer):
        return {"answer": goal.choice}
    if isinstance(goal, Rescue):
        return {"rescue": goal.kind if goal.kind is not None else True}
    if isinstance(goal, SetupCheck):
        return {goal.check: True}
    raise LessonError("lesson-format", f"The goal {goal.describe()!r} cannot be written to a "
                      "lesson file.")


def _reply_data(reply: Reply) -> str | dict[str, str]:
    if not reply.by_move and reply.default is not None:
        return reply.default
    table = dict(reply.by_move)
    if reply.default is not None:
        table["*"] = reply.default
    return table


def step_data(step: Step, lesson: Lesson) -> dict[str, Any]:
    """One step as its ``[[steps]]`` table: the fields that differ from their defaults.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> lesson = catalog()["scout"]
        >>> data = step_data(lesson.steps[0], lesson)
        >>> data["solution"], data["goal"], "kind" in data
        (['b2-b7'], {'capture': 'b7'}, False)
    """
    data: dict[str, Any] = {}
    if step.kind != "move":
        data["kind"] = step.kind
    if step.ruleset_spec != lesson.ruleset:
        data["ruleset"] = step.ruleset_spec
    if dict(step.params) != dict(lesson.params):
        data["params"] = dict(step.params)
    data["pieces"] = dict(step.pieces)
    for name in ("revealed", "moved", "tray", "area", "only"):
        if getattr(step, name):
            data[name] = list(getattr(step, name))
    if step.captured:
        data["captured"] = {side: list(kinds) for side, kinds in step.captured.items()}
    if step.to_move != "red":
        data["to_move"] = step.to_move
    data["instruction"] = text_data(step.instruction)
    if step.choices:
        data["choices"] = {key: text_data(text) for key, text in step.choices.items()}
    data["goal"] = goal_data(step.goal)
    data["par"] = step.par
    data["solution"] = list(step.solution)
    if step.alternatives:
        data["alternatives"] = [list(line) for line in step.alternatives]
    if step.replies:
        data["replies"] = [_reply_data(reply) for reply in step.replies]
    if step.opponent is not None:
        data["opponent"] = step.opponent
    if step.hint is not None:
        data["hint"] = text_data(step.hint)
    if step.feedback:
        data["feedback"] = {key: text_data(text) for key, text in step.feedback.items()}
    data["success"] = text_data(step.success)
    for name in ("cite", "quote"):
        value = getattr(step, name, None)
        if value:
            data[name] = value
    if step.source != step.rules.edition:
        data["source"] = step.source
    return data


def lesson_data(lesson: Lesson) -> dict[str, Any]:
    """A lesson as the table of its file (see :func:`dumps`).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> data = lesson_data(catalog()["scout"])
        >>> data["id"], data["ruleset"], data["steps"][0]["solution"]
        ('scout', 'original', ['b2-b7'])
    """
    data: dict[str, Any] = {"id": lesson.id, "course": lesson.course, "order": lesson.order,
                            "title": text_data(lesson.title)}
    if lesson.summary is not None:
        data["summary"] = text_data(lesson.summary)
    data["ruleset"] = lesson.ruleset
    if lesson.params:
        data["params"] = dict(lesson.params)
    data["covers"] = list(lesson.covers)
    requires = getattr(lesson, "requires", None)
    if requires:
        data["requires"] = list(requires) if isinstance(requires, (list, tuple)) else requires
    data["steps"] = [step_data(step, lesson) for step in lesson.steps]
    return data


def to_toml(lesson: Lesson) -> str:
    """A lesson as the text of its lesson file; ``Lesson.from_text`` reads it back equal.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> to_toml(catalog()["scout"]).startswith('id = "scout"')
        True
    """
    return dumps(lesson_data(lesson))


def write_text(path: str | os.PathLike[str], text: str, *, replace: bool = True) -> pathlib.Path:
    """Write ``text`` (UTF-8) to the file ``path`` whole or not at all, and return its path: the
    text is encoded first, then written to a new file beside it that is moved in its place
    (:func:`os.replace`), so a text that cannot be encoded, a full disk or a crash never leaves
    half a file. Missing folders are made. ``replace=False`` never writes over a file that
    exists (:class:`FileExistsError`). The new file has the usual permissions (the umask's),
    a file written over keeps its own. Errors are the file system's (:class:`OSError`) and
    :class:`UnicodeEncodeError`; nothing is left behind.

    Example:
        >>> import tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> write_text(folder / "new" / "x.toml", 'id = "x"\\n').read_text(encoding="utf-8")
        'id = "x"\\n'
        >>> try:
        ...     write_text(folder / "new" / "x.toml", "other", replace=False)
        ... except FileExistsError:
        ...     print("kept")
        kept
    """
    data = text.encode("utf-8")  # before anything is touched
    file = pathlib.Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    while True:
        temporary = file.with_name(f".{file.name}.{secrets.token_hex(4)}.tmp")
        try:
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        break
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if replace:
            if file.is_file():
                shutil.copymode(file, temporary)
            os.replace(temporary, file)
        else:
            _put_new(temporary, file)
    finally:
        temporary.unlink(missing_ok=True)
    return file


def _put_new(temporary: pathlib.Path, file: pathlib.Path) -> None:
    """Give ``temporary`` the name ``file`` unless a file has it (a hard link: one step, no
    time between the look and the write); where links are not allowed, look, then move."""
    try:
        os.link(temporary, file)
    except FileExistsError:
        raise
    except OSError as error:
        if error.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                               errno.EMLINK, errno.ENOSYS):
            raise
        if os.path.lexists(file):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(file)) from None
        os.replace(temporary, file)
