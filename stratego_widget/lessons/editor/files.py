"""The editor's lesson files: a file opened as a lesson or, when it is not one yet, as a draft,
and a draft written as a lesson file whole or not at all.

Every refusal is one line of :class:`~stratego_widget.lessons.LessonError` (rule
``"lesson-editor"``) and leaves the file as it was.

Example:
    >>> import tempfile
    >>> from .draft import new_draft
    >>> path = save_draft(new_draft(), pathlib.Path(tempfile.mkdtemp()) / "x.toml")
    >>> read_draft(path)["id"]
    'my-lesson'
"""

from __future__ import annotations

import copy
import pathlib
import tomllib
from collections.abc import Mapping
from typing import Any

from ...engine.reading import check_text, parse_toml, read_text
from ..errors import LessonError
from ..model.lesson import COURSES, MAX_FILE_BYTES, MAX_STEPS, Lesson
from ..model.library import COURSE_FILE
from ..model.text import printable
from ..model.writer import write_text
from .draft import draft_text, new_step
from .form import MARKS, RULE, refusal


def read_draft(path: str | pathlib.Path,
               languages: tuple[str, ...] = ("en",)) -> Lesson | dict[str, Any]:
    """The lesson file at ``path`` as a lesson in ``languages``, else (a draft the editor
    saved, not a lesson yet) as a draft; a file that is neither is refused.

    Example:
        >>> import tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "x.toml"
        >>> _ = path.write_text('id = "x"\\n[[steps]]\\npieces = { a1 = "red flag" }\\n')
        >>> read_draft(path)["steps"][0]["pieces"]
        {'a1': 'red flag'}
    """
    text = read_text(path, limit=MAX_FILE_BYTES, error=LessonError, rule=RULE,
                     what="a lesson file")
    name = pathlib.Path(path).name
    try:
        return Lesson.from_text(text, source=name, languages=languages)
    except LessonError:
        return shaped(parse_toml(text, error=LessonError, rule=RULE, source=name), name)


def save_draft(draft: Mapping[str, Any], path: str | pathlib.Path | None, *,
               opened: pathlib.Path | None = None, overwrite: bool = False) -> pathlib.Path:
    """Write ``draft`` as a ``.toml`` lesson file (to ``path``, else ``<lesson id>.toml`` in
    the working folder) and return the path written.

    The file is written whole or not at all (a new file beside it, moved in its place), and a
    missing folder is made. A file that exists is written over only when it is ``opened`` (the
    file the editor opened or saved), or with ``overwrite=True``; never ``course.toml``, the
    file of a course folder's course. A text no file can hold (a lone surrogate, as a browser
    may send) is refused, naming its field.

    Example:
        >>> import contextlib, tempfile
        >>> from .draft import new_draft
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> with contextlib.chdir(folder):
        ...     print(save_draft(new_draft(), None).name)
        my-lesson.toml
        >>> save_draft(new_draft(), folder / "my-lesson.toml")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: my-lesson.toml exists and is not the file this editor opened: give another file, or save(path, overwrite=True) to write over it.
        >>> save_draft(new_draft(), "notes.txt")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: No file to save to: give a path ending in .toml.
    """
    target = pathlib.Path(path) if path is not None else None
    lesson_id = str(draft.get("id", ""))
    if target is None and lesson_id.replace("-", "").isalnum() and lesson_id.isascii():
        target = pathlib.Path(f"{lesson_id}.toml")
    if target is None or target.suffix != ".toml":
        raise refusal("No file to save to: give a path ending in .toml.")
    if target.name == COURSE_FILE:
        raise refusal(f"A lesson is not saved as {COURSE_FILE}: that file names a course "
                      "folder's course; give another file name.")
    problem = unwritable(draft)
    if problem is not None:
        raise refusal(printable(f"Cannot save {target.name}: {problem}."))
    mine = opened is not None and _same_file(opened, target)
    try:
        write_text(target, draft_text(draft), replace=overwrite or mine)
    except FileExistsError:
        raise refusal(printable(
            f"{target.name} exists and is not the file this editor opened: give another "
            "file, or save(path, overwrite=True) to write over it.")) from None
    except OSError as error:
        raise refusal(printable(f"Cannot write {target.name}: "
                                f"{error.strerror or error}.")) from None
    return target


def _same_file(one: pathlib.Path, other: pathlib.Path) -> bool:
    """Whether two paths name the same file (the same path, or the same file on disk)."""
    try:
        return one.resolve() == other.resolve() or one.samefile(other)
    except OSError:
        return False


def unwritable(draft: Mapping[str, Any]) -> str | None:
    """Where the draft holds a text no file can hold (a lone surrogate, in a value or a
    key), as words naming the step and the field; None when every text can be written.

    Example:
        >>> unwritable({"steps": [{"hint": {"en": "ok"}}, {"hint": {"en": "\\ud800"}}]})
        "step 2, field 'hint.en' holds '\\\\ud800' at position 1, which no file can hold (a lone surrogate)"
    """
    todo: list[tuple[tuple[str, ...], Any]] = [((), draft)]
    while todo:
        path, value = todo.pop()
        texts = [(path, value)] if isinstance(value, str) else \
            [((*path, str(key)), str(key)) for key in value] if isinstance(value, Mapping) \
            else []
        for where, text in texts:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError as error:
                return (f"{_field_name(where)} holds {text[error.start]!r} at position "
                        f"{error.start + 1}, which no file can hold (a lone surrogate)")
        if isinstance(value, Mapping):
            todo.extend(((*path, str(key)), item) for key, item in value.items())
        elif isinstance(value, list):
            todo.extend(((*path, str(n)), item) for n, item in enumerate(value))
    return None


def _field_name(path: tuple[str, ...]) -> str:
    """The words naming the value at ``path`` in a draft: ``step 2, field 'hint.en'``."""
    if path[:1] == ("steps",) and len(path) > 1 and path[1].isdigit():
        return f"step {int(path[1]) + 1}, field {'.'.join(path[2:]) or 'steps'!r}"
    return f"field {'.'.join(path)!r}"


def shaped(data: Any, source: str) -> dict[str, Any]:
    """A draft read from a file that is not a lesson yet, in the shape the editor needs (a
    table with a list of step tables, each with a table of pieces), else LessonError; the
    data given is not changed.

    Example:
        >>> shaped({"steps": []}, "x.toml")["id"], shaped({}, "x.toml")["steps"] == [new_step()]
        ('my-lesson', True)
        >>> shaped({"steps": [{"pieces": []}]}, "x.toml")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: x.toml: step 1, field 'pieces' must be a table of squares.
    """
    if not isinstance(data, dict):
        raise refusal(f"{source}: a lesson draft is a TOML table.")
    data = copy.deepcopy(data)
    steps = data.get("steps", [])
    if not isinstance(steps, list) or len(steps) > MAX_STEPS or not all(
            isinstance(step, dict) for step in steps):
        raise refusal(f"{source}: 'steps' must be a list of at most {MAX_STEPS} [[steps]] tables.")
    for n, step in enumerate(steps, 1):
        pieces = step.get("pieces", {})
        if not isinstance(pieces, dict) or not all(isinstance(v, str) for v in pieces.values()):
            raise refusal(f"{source}: step {n}, field 'pieces' must be a table of squares.")
        for name in MARKS:
            marks = step.get(name, [])
            if not isinstance(marks, list) or not all(isinstance(v, str) for v in marks):
                raise refusal(f"{source}: step {n}, field {name!r} must be a list of squares.")
    data["steps"] = steps or [new_step()]
    data.setdefault("id", "my-lesson")
    data.setdefault("ruleset", "original")
    check_text(draft_text(data), limit=MAX_FILE_BYTES, error=LessonError, rule=RULE,
               source=source, what="a lesson is TOML text")
    return data


#: The most lesson files of a folder read for the courses they name.
MAX_FOLDER_FILES = 200


def folder_courses(path: str | pathlib.Path | None, current: Any = None) -> list[str]:
    """The courses a lesson may go in, for the editor's picker: the shipped courses, then
    those the lesson files beside ``path`` name (at most :data:`MAX_FOLDER_FILES` files;
    a file that cannot be read is passed over), then ``current``, the draft's own.

    Example:
        >>> import tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> _ = (folder / "a.toml").write_text('course = "spies"\\n')
        >>> folder_courses(folder / "new.toml", "mine")[-2:]
        ['spies', 'mine']
    """
    found = list(COURSES)
    if path is not None:
        folder = pathlib.Path(path).parent
        try:
            files = sorted(folder.glob("*.toml"))[:MAX_FOLDER_FILES]
        except OSError:
            files = []
        for file in files:
            try:
                if file.stat().st_size > MAX_FILE_BYTES:
                    continue
                course = tomllib.loads(file.read_text("utf-8")).get("course")
            except (OSError, ValueError, RecursionError):
                continue
            if isinstance(course, str) and course.replace("-", "").isalnum() \
                    and len(course) <= 64 and course not in found:
                found.append(course)
    if isinstance(current, str) and current and current not in found:
        found.append(current)
    return found
