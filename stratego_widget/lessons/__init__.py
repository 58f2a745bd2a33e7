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

from .checker import CheckReport, check
from .class_summary import ClassSummary
from .editor_widget import LessonEditor
from .errors import LessonError
from .goals import Goal, parse_goal
from .keeper import progress_path
from .lesson import Lesson
from .library import catalog, lesson_files
from .progress import Progress
from .run import Feedback, LessonRun, StepState
from .steps import Reply, Step
from .text import Text
from .widget import Course, LessonWidget

__all__ = [
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
