"""The lessons that ship with the package (the library), in teaching order.

Example:
    >>> lessons = catalog()
    >>> list(lessons)[0]
    'pieces'
"""

from __future__ import annotations

import functools
from importlib import resources
from importlib.resources.abc import Traversable

from ..engine.reading import decode_text
from .errors import LessonError
from .lesson import COURSES, Lesson

DATA = "data"


def lesson_files() -> list[Traversable]:
    """The lesson files of the package (``stratego_widget/lessons/data/*.toml``).

    Example:
        >>> all(f.name.endswith(".toml") for f in lesson_files())
        True
    """
    folder = resources.files(__package__).joinpath(DATA)
    return sorted((f for f in folder.iterdir() if f.name.endswith(".toml")),
                  key=lambda f: f.name)


@functools.cache
def _load() -> tuple[Lesson, ...]:
    lessons = [Lesson.from_text(decode_text(f.read_bytes(), error=LessonError,
                                            rule="lesson-format", source=f.name),
                                source=f.name)
               for f in lesson_files()]
    seen: dict[str, str] = {}
    for lesson in lessons:
        if lesson.id in seen:
            raise LessonError("lesson-format", f"{lesson.source}: lesson id {lesson.id!r} is "
                              f"also used by {seen[lesson.id]}.")
        seen[lesson.id] = lesson.source
    return tuple(sorted(lessons, key=lambda x: (COURSES.index(x.course), x.order, x.id)))


def catalog() -> dict[str, Lesson]:
    """Every shipped lesson by id, in teaching order (basics first, then editions, fast
    games, setup, options, repetition rules and strategy). Files are read once.

    Example:
        >>> catalog()["scout"].title.get("en")
        'The Scout'
    """
    return {lesson.id: lesson for lesson in _load()}
