"""Reading a class's progress files for the teacher's summary, within caps: how many files,
how many bytes in all, and what is kept of each file (:data:`MAX_OTHER_LESSONS`), so that what
the summary holds follows the bytes it reads; and how a learner is named after the file it came
from. The summary itself is :class:`~stratego_widget.lessons.classroom.summary.ClassSummary`.

Example:
    >>> import tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> Progress({"scout": [3]}, learner="Bob").save(folder / "zed.json")
    >>> progresses, problems = read_class_files(class_folder_files(folder))
    >>> [progress.learner for progress in progresses], problems
    (['Bob  [zed.json]'], [])
"""

from __future__ import annotations

import json
import pathlib
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from ...engine.reading import parse_json, read_text
from ..errors import LessonError
from ..model.lesson import Lesson
from ..model.library import catalog
from .attempts import MAX_ATTEMPTS_KEPT
from .progress import Progress
from .progress_file import MAX_PROGRESS_BYTES

#: The most progress files one summary reads (a folder with more is refused).
MAX_LEARNERS = 1000
#: The most bytes of progress files one summary reads in all (each file is at most
#: :data:`~stratego_widget.lessons.classroom.progress_file.MAX_PROGRESS_BYTES`); files past it are left out.
MAX_CLASS_BYTES = 64_000_000
#: What the summary keeps of one file, applied as the file is read so that what it keeps
#: follows the bytes it reads: the lessons of the course, each with its steps (none past the
#: lesson's last) and each step with its newest
#: :data:`~stratego_widget.lessons.classroom.attempts.MAX_ATTEMPTS_KEPT` attempts, and the names (not
#: the records) of at most this many lessons that are not in the course.
MAX_OTHER_LESSONS = 100
_NAME_KEPT = 120   # characters of a name a file states, shown with the file's name beside it
_FILE_KEPT = 250   # characters of that file's name
_SOURCE = "  ["    # what comes between a learner's name and the file it came from
#: The longest learner's name the summary keeps: a stated name, and the file it came from.
NAME_LIMIT = _NAME_KEPT + len(_SOURCE) + 2 * _FILE_KEPT + 2


def read_class_files(paths: Iterable[str | pathlib.Path],
                     lessons: Mapping[str, Lesson] | None = None,
                     strict: bool = False) -> tuple[list[Progress], list[str]]:
    """The progress in the files at ``paths``, each named as the summary shows its learner,
    and one line for each file left out. A learner is shown by the name in the file when it
    is the file's name without ``.json`` (see :func:`same_name`: ``"Ada"`` in ``ada.json``),
    by the file's name when the ``learner`` field is blank; any other name a file
    states is the learner's word, so the file it came from is shown beside it: ``Bob
    [zed.json]`` (brackets and backslashes in that file's name get a backslash; files of the
    same name in two folders are shown with their folder). A file that is missing or not
    progress is left out with a line (``strict``: raises the :class:`LessonError`).

    Example:
        >>> import tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> _ = (folder / "bo.json").write_text('{"format": "stratego-widget-progress"}')
        >>> read_class_files([folder / "bo.json"])
        ([], ['bo.json: version must be 2, not None; left out.'])
    """
    files = [pathlib.Path(path) for path in paths]
    if len(files) > MAX_LEARNERS:
        raise LessonError("lesson-summary", f"A class summary reads at most {MAX_LEARNERS} "
                          f"progress files, not {len(files)}.")
    found: list[tuple[str, Progress, pathlib.Path]] = []
    course = catalog() if lessons is None else lessons
    problems: list[str] = []
    budget = MAX_CLASS_BYTES
    for file in files:
        name = clean(file.name)
        try:
            if not file.is_file():
                raise LessonError("lesson-progress", f"{name}: " + (
                    "this is not a file." if file.exists() else "there is no such file."))
            size = file.stat().st_size
            if size > budget:
                raise LessonError("lesson-progress", f"{name}: the class's files pass "
                                  f"{MAX_CLASS_BYTES:,} bytes in all.")
            progress, dropped = _read_within_caps(file, course)
        except (LessonError, OSError) as error:
            if strict:
                if isinstance(error, LessonError):
                    raise
                raise LessonError("lesson-progress", f"{name}: cannot be read.") from None
            message = str(error) if isinstance(error, LessonError) else \
                f"{name}: cannot be read."
            problems.append(f"{message.rstrip('.')}; left out.")
            continue
        budget -= min(size, MAX_PROGRESS_BYTES)
        if dropped:
            problems.append(f"{name}: read in part: {dropped:,} records past the "
                            "summary's caps (lessons not in the course past "
                            f"{MAX_OTHER_LESSONS}, steps past a lesson's last, attempts "
                            f"before a step's newest {MAX_ATTEMPTS_KEPT}) left out.")
        found.append((clean(progress.learner), progress, file))
    shown = [_from_file(name, file) for name, _, file in found]
    twice = Counter(shown)
    named = [(_from_file(name, file, with_folder=True) if twice[label] > 1 else label,
              progress) for (name, progress, file), label in zip(found, shown, strict=True)]
    return _named(named), problems


def class_folder_files(folder: str | pathlib.Path) -> list[pathlib.Path]:
    """The ``*.json`` files in ``folder``, sorted; a LessonError when it is not a folder.

    Example:
        >>> class_folder_files("no-such-class")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: no-such-class: a class is a folder of progress files; this folder does not exist.
    """
    where = pathlib.Path(folder)
    if not where.is_dir():
        raise LessonError("lesson-summary", f"{clean(where.name)}: a class is a folder of "
                          "progress files; this folder does not exist.")
    return sorted(path for path in where.glob("*.json") if path.is_file())


def clean(text: str, limit: int = 200) -> str:
    """``text`` on one line, without control characters, and at most ``limit`` characters.

    Example:
        >>> clean("  Ada\\tLovelace ")
        'Ada Lovelace'
    """
    return "".join(c if c.isprintable() else " " for c in str(text)[:limit]).strip()


def cut(text: str, size: int) -> str:
    """``text`` cut to ``size`` characters, the last one an ellipsis when it was longer.

    Example:
        >>> cut("Marshal", 4)
        'Mar…'
    """
    return text if len(text) <= size else text[:size - 1] + "…"


def source_label(name: str, size: int) -> str:
    """A learner's name as the summary shows it cut to ``size`` characters, but never the
    file it came from (see :func:`read_class_files`).

    Example:
        >>> source_label("Bartholomew  [zed.json]", 4)
        'Bar…  [zed.json]'
    """
    stated, source, file = name.rpartition(_SOURCE)
    if not source or not name.endswith("]"):
        return cut(name, size)
    return f"{cut(stated, size)}{source}{file}"


def same_name(name: str, stem: str) -> bool:
    """Whether a learner's ``name`` and a file's ``stem`` (its name without ``.json``) name
    the same learner: equal, or equal once both are case-folded and stripped of accents and of every
    character that is not a letter or a digit (spaces, dashes, dots, underscores). Such a
    learner is shown by the name alone; the file is shown beside any other name.

    Example:
        >>> same_name("Ada", "ada"), same_name("Zoë van Dijk", "zoe-van-dijk")
        (True, True)
        >>> same_name("Bob", "zed"), same_name("", "zed")
        (False, False)
    """
    return name == stem or (bool(_name_key(name)) and _name_key(name) == _name_key(stem))


def _name_key(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text)
    return "".join(c for c in plain.casefold() if c.isalnum() and not unicodedata.combining(c))


def _named(found: list[tuple[str, Progress]]) -> list[Progress]:
    """Progress objects named as the summary calls them (a file's name for a learner without
    one in the file)."""
    named = []
    for name, progress in found:
        if progress.learner == name:
            named.append(progress)
        else:
            copy = Progress(progress.records, learner=name)
            named.append(copy)
    return named


def _read_within_caps(file: pathlib.Path, course: Mapping[str, Lesson]) -> tuple[Progress, int]:
    """The progress in ``file`` as the summary keeps it (see :data:`MAX_OTHER_LESSONS`), and
    how many records past the caps were left out. The caps are applied to the parsed file
    before any record is made; what is kept is then checked as :meth:`Progress.from_json`
    checks a file. A lesson's key is its id, or ``course/id`` for the lesson's own course."""
    text = read_text(file, limit=MAX_PROGRESS_BYTES, error=LessonError, rule="lesson-progress",
                     what="a progress file")
    data = parse_json(text, error=LessonError, rule="lesson-progress", source=file.name)
    first_form = isinstance(data, dict) and "format" not in data and all(
        isinstance(v, list) for v in data.values())
    lessons = data if first_form else data.get("lessons") if isinstance(data, dict) else None
    if not isinstance(lessons, dict):
        return Progress.from_json(text, source=file.name), 0   # not progress: refused there
    del text
    kept: dict[str, Any] = {}
    dropped = others = 0
    for key, steps in lessons.items():
        lesson = course.get(key.rpartition("/")[2]) if isinstance(key, str) else None
        if lesson is None or key not in (lesson.id, f"{lesson.course}/{lesson.id}"):
            # Not in the course: its name is listed (other_lessons), its records not kept.
            if others < MAX_OTHER_LESSONS:
                kept[key] = [] if first_form else {}
                others += 1
            else:
                dropped += 1
        elif first_form:
            kept[key] = steps[:len(lesson.steps)]
            dropped += len(steps) - len(kept[key])
        elif isinstance(steps, dict):
            kept[key] = {}
            for index, value in steps.items():
                if _past_last(index, len(lesson.steps)):
                    dropped += 1
                    continue
                attempts = value.get("attempts") if isinstance(value, dict) else None
                if isinstance(attempts, list) and len(attempts) > MAX_ATTEMPTS_KEPT:
                    dropped += len(attempts) - MAX_ATTEMPTS_KEPT
                    value = value | {"attempts": attempts[-MAX_ATTEMPTS_KEPT:]}
                kept[key][index] = value
        else:
            kept[key] = steps   # not a progress file: the reader names the field
    within = kept if first_form else data | {"lessons": kept}
    return Progress.from_json(json.dumps(within, ensure_ascii=False, separators=(",", ":")),
                              source=file.name), dropped


def _past_last(index: object, steps: int) -> bool:
    """Whether ``index`` is a step number (ASCII digits) past the last of ``steps`` steps."""
    return isinstance(index, str) and index.isascii() and index.isdigit() and (
        len(index) > 4 or int(index) >= steps)


def _from_file(stated: str, file: pathlib.Path, with_folder: bool = False) -> str:
    """How the summary shows the learner of ``file`` whose ``learner`` field is ``stated``:
    the stated name when it is the file's name without ``.json`` (:func:`same_name`), that
    file's name when the field is blank, else the stated
    name and then, after ``_SOURCE``, the file's name (with its folder's when asked) with a
    backslash before each bracket and backslash. No bracket is left bare in that file's name,
    so the last ``_SOURCE`` of what is shown always starts the file's name, and no file can
    show itself as another."""
    stem = clean(file.stem, limit=_FILE_KEPT)
    name = stated or stem
    if same_name(name, stem) and stem == file.stem and not with_folder and \
            not set(stem) & set("[]"):
        return cut(name, _NAME_KEPT)
    where = f"{file.parent.name}/{file.name}" if with_folder else file.name
    escaped = clean(where, limit=_FILE_KEPT).replace("\\", "\\\\").replace(
        "[", "\\[").replace("]", "\\]")
    return f"{cut(name, _NAME_KEPT)}{_SOURCE}{escaped}]"
