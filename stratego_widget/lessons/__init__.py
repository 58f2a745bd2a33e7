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
from .classroom.summary import ClassSummary
from .editor.widget import LessonEditor
from .errors import LessonError
from .model.goals import Goal, parse_goal
from .classroom.keeper import progress_path
from .model.lesson import Lesson
from .model.library import catalog, lesson_files
from .classroom.progress import Progress
from .playing.run import Feedback, LessonRun, StepState
from .model.steps import Reply, Step
from .model.text import Text
from .board.widget import Course, LessonWidget

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
