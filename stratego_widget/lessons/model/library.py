"""Catalogs of lessons: the lessons that ship with the package (the library), in teaching
order, and a teacher's own course: a folder of lesson files.

A folder of lesson files (``*.toml``) is a course. It may hold a ``course.toml`` giving the
course's ``title`` (a table of languages), the order of its ``lessons`` (a list of ids) and
the ``languages`` every text of its lessons has (default English only; a text missing a
language shows English). Without ``course.toml`` the lessons are ordered by their ``course``
and ``order`` fields, then by file name. In a teacher's folder a lesson's ``course`` may be any
short name and its steps may leave out ``cite`` and ``quote``; the shipped lessons are held to
the library's standard (see :meth:`~stratego_widget.lessons.Lesson.from_text`). Every id a
lesson ``requires`` must be a lesson of the same catalog.

Example:
    >>> lessons = catalog()
    >>> list(lessons)[0]
    'pieces'
"""

from __future__ import annotations

import functools
import os
import pathlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from ...engine.reading import decode_text, parse_toml, read_text
from ...locales import LANGUAGES
from ..errors import LessonError
from .lesson import COURSES, MAX_FILE_BYTES, Lesson, check_languages
from .text import Text, bad_character, printable, shown

#: The package that holds the shipped lesson files, and their folder in it.
DATA_PACKAGE = "stratego_widget.lessons"
DATA = "data"
#: The file of a course folder that names the course and orders its lessons.
COURSE_FILE = "course.toml"
#: The most lesson files of a course folder.
MAX_LESSONS = 500
_COURSE_KEYS = ("title", "lessons", "languages")


def lesson_files(folder: str | os.PathLike[str] | None = None) -> list[Traversable]:
    """The lesson files of the package (``stratego_widget/lessons/data/*.toml``), or of a
    course ``folder`` (its ``*.toml`` files but ``course.toml``), by file name.

    Example:
        >>> all(f.name.endswith(".toml") for f in lesson_files())
        True
    """
    if folder is None:
        found: Iterable[Traversable] = resources.files(DATA_PACKAGE).joinpath(DATA).iterdir()
    else:
        path = pathlib.Path(folder)
        if not path.is_dir():
            raise LessonError("lesson-format", printable(
                f"{path}: a course is a folder of lesson files; this folder does not exist."))
        found = path.iterdir()
    return sorted((f for f in found if f.name.endswith(".toml") and f.name != COURSE_FILE
                   and f.is_file()), key=lambda f: f.name)


@dataclass(frozen=True)
class CourseFile:
    """What a folder's ``course.toml`` says: the course's ``title``, the ``lessons`` in their
    order (ids) and the ``languages`` every text has.

    Example:
        >>> info = CourseFile.from_text('title = "Bombs"\\nlessons = ["a", "b"]')
        >>> info.title.get("en"), info.lessons, info.languages
        ('Bombs', ('a', 'b'), ('en',))
    """

    title: Text
    lessons: tuple[str, ...] = ()
    languages: tuple[str, ...] = ("en",)

    @classmethod
    def from_text(cls, text: str, source: str = COURSE_FILE) -> CourseFile:
        """Read a ``course.toml``; a one-line LessonError (rule ``"lesson-format"``) naming the
        file and the field of any mistake.

        Example:
            >>> CourseFile.from_text('title = { en = "Mine" }\\nlessons = "a"')
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: course.toml: field 'lessons' must be a list of lesson ids, not 'a'.
        """
        data = parse_toml(text, error=LessonError, rule="lesson-format", source=source)

        def fail(name: str, problem: str) -> LessonError:
            return LessonError("lesson-format", printable(f"{source}: field '{name}' {problem}."))

        for key in data:
            if key not in _COURSE_KEYS:
                raise fail(str(key)[:80], f"is not a field of {COURSE_FILE}; fields: "
                           f"{', '.join(_COURSE_KEYS)}")
        languages = data.get("languages", ["en"])
        if not isinstance(languages, list) or "en" not in languages or not all(
                lang in LANGUAGES for lang in languages):
            raise fail("languages", f"must list languages among {', '.join(LANGUAGES)}, "
                       f"English among them, not {shown(languages)}")
        langs = check_languages(languages, source)
        title = data.get("title")
        if isinstance(title, str):
            title = {"en": title}
        if not isinstance(title, Mapping) or not title or not all(
                lang in LANGUAGES and isinstance(words, str) and words.strip()
                for lang, words in title.items()):
            raise fail("title", "must be a text, or a table of texts by language such as "
                       "{ en = \"...\", nl = \"...\" }")
        for lang, words in title.items():
            problem = bad_character(words)
            if problem is not None:
                raise fail(f"title.{lang}", problem)
        missing = [lang for lang in langs if lang not in title]
        if missing:
            raise fail("title", f"has no text in {', '.join(missing)}")
        lessons = data.get("lessons", [])
        if not isinstance(lessons, list) or len(lessons) > MAX_LESSONS or not all(
                isinstance(item, str) for item in lessons):
            raise fail("lessons", f"must be a list of lesson ids, not {shown(lessons)}")
        twice = sorted({item for item in lessons if lessons.count(item) > 1})
        if twice:
            raise fail("lessons", f"names {', '.join(twice)} twice")
        return cls(Text(dict(title)), tuple(lessons), langs)


def course_file(folder: str | os.PathLike[str]) -> CourseFile | None:
    """The ``course.toml`` of a course folder, or None when it has none.

    Example:
        >>> course_file("no-such-folder") is None
        True
    """
    path = pathlib.Path(folder) / COURSE_FILE
    if not path.is_file():
        return None
    text = read_text(path, limit=MAX_FILE_BYTES, error=LessonError, rule="lesson-format",
                     what="a course file")
    return CourseFile.from_text(text, source=f"{pathlib.Path(folder).name}/{COURSE_FILE}")


def _teaching_order(lesson: Lesson) -> tuple[int, str, int]:
    """Shipped course names in teaching order, other names after them by name; then order."""
    rank = COURSES.index(lesson.course) if lesson.course in COURSES else len(COURSES)
    return rank, lesson.course, lesson.order


def check_catalog(lessons: Iterable[Lesson], where: str) -> dict[str, Lesson]:
    """Lessons by id, in the order given, once each id is known to be unique and every id a
    lesson ``requires`` is one of them; else a one-line LessonError naming the file.

    Example:
        >>> lessons = catalog()
        >>> list(check_catalog(lessons.values(), "the library")) == list(lessons)
        True
    """
    found: dict[str, Lesson] = {}
    for lesson in lessons:
        if lesson.id in found:
            raise LessonError("lesson-format", printable(
                f"{lesson.source}: lesson id {lesson.id!r} is also used by "
                f"{found[lesson.id].source}."))
        found[lesson.id] = lesson
    for lesson in found.values():
        unknown = [item for item in lesson.requires if item not in found]
        if unknown:
            raise LessonError("lesson-format", printable(
                f"{lesson.source}: field 'requires' names {', '.join(map(repr, unknown))}, "
                f"which is not a lesson of {where}."))
    return found


@functools.cache
def _load() -> tuple[Lesson, ...]:
    lessons = [Lesson.from_text(decode_text(f.read_bytes(), error=LessonError,
                                            rule="lesson-format", source=f.name),
                                source=f.name, library=True)
               for f in lesson_files()]
    ordered = sorted(lessons, key=lambda x: (COURSES.index(x.course), x.order, x.id))
    return tuple(check_catalog(ordered, "the library").values())


def _load_folder(folder: pathlib.Path) -> dict[str, Lesson]:
    info = course_file(folder)
    languages = info.languages if info is not None else ("en",)
    files = lesson_files(folder)
    if len(files) > MAX_LESSONS:
        raise LessonError("lesson-format", f"{folder.name}: a course has at most "
                          f"{MAX_LESSONS} lesson files; this folder has {len(files)}.")
    lessons = [Lesson.from_file(f, languages=languages) for f in files]  # type: ignore[arg-type]
    by_file = sorted(lessons, key=lambda x: (*_teaching_order(x), x.source))
    found = check_catalog(by_file, f"the folder {folder.name}")
    if info is None:
        return found
    unknown = [item for item in info.lessons if item not in found]
    if unknown:
        raise LessonError("lesson-format", printable(
            f"{folder.name}/{COURSE_FILE}: field 'lessons' names "
            f"{', '.join(map(repr, unknown))}, which is not a lesson of the folder "
            f"(lessons: {', '.join(found)})."))
    listed = {item: found[item] for item in info.lessons}
    return listed | {key: lesson for key, lesson in found.items() if key not in listed}


def catalog(folder: str | os.PathLike[str] | None = None) -> dict[str, Lesson]:
    """Every shipped lesson by id, in teaching order (basics first, then editions, fast
    games, setup, options, repetition rules and strategy); files are read once. Given a
    ``folder``, the lessons of that course folder by id, in its own order (see the module's
    description), read each time.

    Example:
        >>> catalog()["scout"].title.get("en")
        'The Scout'
        >>> catalog("no-such-folder")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: no-such-folder: a course is a folder of lesson files; this folder does not exist.
    """
    if folder is None:
        return {lesson.id: lesson for lesson in _load()}
    if not isinstance(folder, (str, os.PathLike)):
        raise LessonError("lesson-format", f"A course folder is a path, not {shown(folder)}.")
    return _load_folder(pathlib.Path(folder))


def ids_beside(path: str | os.PathLike[str]) -> set[str]:
    """The lesson ids of the lesson files in the folder of the file ``path`` (read from their
    ``id`` field only, whatever else is wrong in them): what a lesson's ``requires`` may name.

    Example:
        >>> from stratego_widget.lessons.model.library import lesson_files
        >>> "scout" in ids_beside(str(lesson_files()[0]))
        True
    """
    found: set[str] = set()
    for file in lesson_files(pathlib.Path(path).parent):
        try:
            data: Mapping[str, Any] = parse_toml(
                read_text(file, limit=MAX_FILE_BYTES, error=LessonError,  # type: ignore[arg-type]
                          rule="lesson-format", what="a lesson file"),
                error=LessonError, rule="lesson-format", source=file.name)
        except LessonError:
            continue
        if isinstance(data.get("id"), str):
            found.add(data["id"])
    return found
