"""Lessons: small, checkable steps that teach every edition, fast game and optional rule.

A lesson is data (one TOML file per lesson in ``stratego_widget/lessons/data/``, format in
``docs/lessons.md``), played without a browser through :class:`LessonRun` and checked by
:func:`check` (also the console command ``stratego-lesson check FILE...``), and played on the
live board with :class:`LessonWidget`.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> lessons = catalog()
    >>> lesson = lessons["scout"]
    >>> run = lesson.start(language="en")
    >>> fb = run.propose("b2-b7")
    >>> fb.accepted, fb.solved, run.step_index
    (True, True, 1)
"""

from typing import TYPE_CHECKING

from .checker import CheckReport, check
from .classroom.assignments import Assignment
from .classroom.keeper import progress_path
from .classroom.progress import Progress
from .classroom.summary import ClassSummary
from .errors import LessonError
from .model.goal_reading import parse_goal
from .model.goals import Goal
from .model.lesson import Lesson
from .model.library import catalog, lesson_files
from .model.steps import Reply, Step
from .model.text import Text
from .playing.run import Feedback, LessonRun, StepState

if TYPE_CHECKING:  # seen by type checkers and editors; imported on first use at run time
    from .board.puzzle_trainer import PuzzleTrainer
    from .board.widget import Course, LessonWidget
    from .editor.widget import LessonEditor

#: The widgets, imported on first use: the lessons, their checker and the classroom load no
#: widget library (the ``stratego-lesson`` command, a grading script, Pyodide without a board).
_WIDGETS = {"Course": "board.widget", "LessonWidget": "board.widget",
            "LessonEditor": "editor.widget", "PuzzleTrainer": "board.puzzle_trainer"}


def __getattr__(name: str) -> object:
    """Import a lesson widget on first use.

    Example:
        >>> import stratego_widget.lessons as lessons
        >>> lessons.LessonWidget.__name__
        'LessonWidget'
    """
    if name in _WIDGETS:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_WIDGETS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """Every public name, the lazily imported widgets included.

    Example:
        >>> "Course" in dir(__import__("stratego_widget.lessons").lessons)
        True
    """
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "Assignment",
    "CheckReport",
    "ClassSummary",
    "Course",
    "Feedback",
    "Goal",
    "Lesson",
    "LessonEditor",
    "LessonError",
    "LessonRun",
    "LessonWidget",
    "Progress",
    "PuzzleTrainer",
    "Reply",
    "Step",
    "StepState",
    "Text",
    "catalog",
    "check",
    "lesson_files",
    "parse_goal",
    "progress_path",
]
