"""Finding a lesson among a board's lessons (the catalog, or a course of one's own, by id in
their order): one by its id (:func:`catalog_lesson`) and the one after another
(:func:`lesson_after`), which Next opens once a lesson is finished.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> lesson_after(catalog(), catalog_lesson("scout", catalog())).id
    'rivers'
"""

from __future__ import annotations

from collections.abc import Mapping

from ...widget.protocol import short
from ..errors import LessonError
from ..model.lesson import Lesson


def catalog_lesson(lesson_id: str, lessons: Mapping[str, Lesson]) -> Lesson:
    """The lesson ``lesson_id`` of ``lessons``; a LessonError (``lesson-unknown``) listing
    them.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> catalog_lesson("scout", catalog()).id
        'scout'
        >>> catalog_lesson("nope", {})
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: No lesson 'nope'; lessons: .
    """
    if lesson_id not in lessons:
        raise LessonError("lesson-unknown", f"No lesson {short(lesson_id)}; lessons: "
                          f"{', '.join(lessons)}.")
    return lessons[lesson_id]


def lesson_after(lessons: Mapping[str, Lesson], current: object) -> Lesson | None:
    """The lesson after ``current`` in ``lessons``' order (None for the last one, or a lesson
    that is not among them: one's own).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> lessons = catalog()
        >>> lesson_after(lessons, lessons["scout"]).id, lesson_after({}, lessons["scout"])
        ('rivers', None)
    """
    ordered = list(lessons.values())
    index = next((i for i, lesson in enumerate(ordered) if lesson is current), None)
    return ordered[index + 1] if index is not None and index + 1 < len(ordered) else None
