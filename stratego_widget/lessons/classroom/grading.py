"""Grading hooks for the classroom tools teachers use (otter-grader, nbgrader).

Graders check Python state: a test cell loads the learner's progress file and asks for stars.
:meth:`Progress.require <stratego_widget.lessons.classroom.progress.Progress.require>` checks one lesson;
:func:`require_course` checks every lesson of a course, and :func:`points` gives partial
credit (the share of a lesson's steps with enough stars). A check that fails raises an
AssertionError whose message says what is missing, which the grader shows the learner. A
lesson the lessons do not have raises ``LessonError("lesson-unknown", ...)``: a lesson's steps
are counted from the lesson, never from the learner's file.

Progress is self-reported. The file is plain JSON kept on the learner's machine (or in their
browser), and nothing signs it: a learner can edit it, and one cell that writes a progress file
passes every check here. These hooks suit formative use (practice, feedback, a nudge to finish
a course), not exams or grades that count.

Example:
    >>> progress = Progress({"scout": [3, 3, 2, 0]})
    >>> points(progress, "scout", stars=2, total=4)
    3.0
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import LessonError
from ..model.lesson import Lesson
from ..model.library import catalog
from .progress import Progress

__all__ = ["points", "require_course"]


def _lesson(lessons: Mapping[str, Lesson] | None, lesson: str) -> Lesson:
    found = (catalog() if lessons is None else lessons).get(lesson)
    if found is None:
        raise LessonError("lesson-unknown", f"Unknown lesson {str(lesson)[:60]!r}.")
    return found


def _stars_asked(stars: object) -> int:
    if not isinstance(stars, int) or isinstance(stars, bool) or not 1 <= stars <= 3:
        raise LessonError("lesson-grading", f"stars is a whole number from 1 to 3, not "
                          f"{str(stars)[:20]!r}.")
    return stars


def points(progress: Progress, lesson: str, stars: int = 1, total: float = 1.0,
           lessons: Mapping[str, Lesson] | None = None) -> float:
    """Partial credit: ``total`` times the share of the steps of ``lesson`` with at least
    ``stars`` stars, rounded to two decimals (steps changed since they were played count as
    not played). ``lessons``: the course (the shipped catalog when None).

    Example:
        >>> points(Progress({"scout": [3, 1]}), "scout", stars=1, total=10)
        5.0
        >>> points(Progress({"scout": [3, 3]}), "scout", total=10 / 3)
        1.67
    """
    asked = _stars_asked(stars)
    found = _lesson(lessons, lesson)
    earned = progress.stars(found)
    if not earned:
        return 0.0
    return round(total * sum(1 for s in earned if s >= asked) / len(earned), 2)


def require_course(progress: Progress, course: str, stars: int = 1,
                   lessons: Mapping[str, Lesson] | None = None) -> None:
    """Check that every lesson of ``course`` (the lessons whose ``course`` it is, such as
    ``"basics"``) has at least ``stars`` stars on every step; an AssertionError lists the
    lessons and steps short of it. ``lessons``: the course's lessons (the shipped catalog
    when None).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> done = Progress({lesson.id: [3] * len(lesson.steps) for lesson in catalog().values()
        ...                  if lesson.course == "fast-games"})
        >>> require_course(done, "fast-games", stars=3)
        >>> require_course(Progress({"scout": [3, 3, 3, 3]}), "basics")
        Traceback (most recent call last):
        ...
        AssertionError: course 'basics': lesson 'pieces' has not been played; lesson 'officers' has not been played; lesson 'strike' has not been played; lesson 'spy' has not been played; lesson 'rivers' has not been played; lesson 'miner' has not been played; lesson 'numbering' has not been played; lesson 'basics-checkpoint' has not been played.
    """
    asked = _stars_asked(stars)
    chosen = [lesson for lesson in (catalog() if lessons is None else lessons).values()
              if lesson.course == course]
    if not chosen:
        raise LessonError("lesson-unknown", f"No lesson belongs to the course "
                          f"{str(course)[:60]!r}.")
    parts = []
    for lesson in chosen:
        earned = progress.stars(lesson)
        if not any(earned):
            parts.append(f"lesson {lesson.id!r} has not been played")
            continue
        short = [f"step {i + 1} has {s} of the {asked} stars asked for"
                 for i, s in enumerate(earned) if 0 < s < asked]
        missing = [str(i + 1) for i, s in enumerate(earned) if s == 0]
        if missing:
            names = " and ".join(", ".join(missing).rsplit(", ", 1))
            plural = len(missing) > 1
            short.append(f"step{'s' if plural else ''} {names} ha{'ve' if plural else 's'} none")
        if short:
            parts.append(f"lesson {lesson.id!r}: {', '.join(short)}")
    if parts:
        raise AssertionError(f"course {course!r}: {'; '.join(parts)}.")
