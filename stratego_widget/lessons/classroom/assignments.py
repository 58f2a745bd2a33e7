"""Assignments: lessons and steps a teacher sets, with a pass threshold, hint penalties and an
optional due date, and each learner's progress scored against them.

An assignment is a small TOML file kept with the course (in its ``assignments/`` folder, so
that the course's lesson files stay lessons)::

    title = "Week 3: the Scout and the Miner"
    lessons = ["scout", "miner"]        # every step of these lessons
    steps = ["spy:2"]                   # single steps, "lesson:step", counted from 1
    pass = 70                           # percent of the points needed to pass
    due = 2026-12-04                    # optional: a date (the whole day, UTC)
    points = 10                         # optional: the maximum (else 3 a step, the stars)
    hint_stars = [3, 3, 2, 2, 1]        # optional: most stars after 0, 1, 2, 3, 4+ hints

A step earns its stars (0 to 3). The lesson board already counts hints in the stars
(:func:`~stratego_widget.lessons.playing.run.stars_for`: the first hint is free, the second
and third cap a step at two stars, the fourth at one), and :data:`BOARD_HINT_STARS` is that
rule; ``hint_stars`` can only be as strict or stricter (a step's stars are then the best of its
attempts, each capped by the hints seen in it). Points are ``points`` times the share of the
stars earned; a learner passes at ``pass`` percent of the stars; a pass that came only from
attempts after the due date is ``late``. A file that is not an assignment raises a one-line
``LessonError`` (rule ``lesson-assignment``) naming the file and the field.

Example:
    >>> assignment = Assignment.from_text('title = "Scout"\\nlessons = ["scout"]\\npass = 50')
    >>> score = assignment.score(Progress({"scout": [3, 2, 1]}))
    >>> score.points, score.maximum, score.passed, score.status
    (6.0, 12.0, True, 'passed')
"""

from __future__ import annotations

import datetime
import os
import pathlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard

from ...engine.reading import parse_toml, read_text
from ..errors import LessonError
from ..model.lesson import Lesson
from ..model.library import catalog
from .attempts import StepRecord
from .class_files import clean
from .progress import Progress

__all__ = ["ASSIGNMENTS_FOLDER", "BOARD_HINT_STARS", "MAX_ASSIGNMENT_BYTES", "Assignment",
           "AssignmentItem", "AssignmentScore", "ItemStatus", "LearnerAssignment",
           "course_assignments"]

#: The most stars a step earns after 0, 1, 2, 3 and 4 or more hints, as the lesson board counts
#: them (``stars_for``): the default of an assignment's ``hint_stars``, and its loosest.
BOARD_HINT_STARS = (3, 3, 2, 2, 1)
#: The folder of a course's assignments, beside its lesson files.
ASSIGNMENTS_FOLDER = "assignments"
#: The largest assignment file read.
MAX_ASSIGNMENT_BYTES = 64_000
_FIELDS = ("title", "lessons", "steps", "pass", "due", "points", "hint_stars")


@dataclass(frozen=True)
class AssignmentItem:
    """One thing set: a ``lesson`` and its ``steps`` (counted from 1; every step for a lesson
    set whole).

    Example:
        >>> AssignmentItem(catalog()["scout"], (2,)).label
        'scout:2'
    """

    lesson: Lesson
    steps: tuple[int, ...]

    @property
    def label(self) -> str:
        """The item as the file writes it: the lesson's id, or ``lesson:step``.

        Example:
            >>> AssignmentItem(catalog()["scout"], (1, 2, 3, 4)).label
            'scout'
        """
        whole = self.steps == tuple(range(1, len(self.lesson.steps) + 1))
        return self.lesson.id if whole else f"{self.lesson.id}:{','.join(map(str, self.steps))}"


@dataclass(frozen=True)
class AssignmentScore:
    """A learner scored against an assignment: ``points`` of ``maximum`` (rounded to two
    decimals), ``stars`` of ``possible``, ``passed``, ``late`` (passed only with attempts after
    the due date), ``on_time_points`` (the points by the due date; ``points`` without one),
    ``steps_done`` (steps with a star) of ``steps``.

    Example:
        >>> AssignmentScore("Ada", 7.5, 10.0, 9, 12, True, True, 5.0, 4, 4).status
        'passed late'
    """

    learner: str
    points: float
    maximum: float
    stars: int
    possible: int
    passed: bool
    late: bool
    on_time_points: float
    steps_done: int
    steps: int

    @property
    def status(self) -> str:
        """``"passed"``, ``"passed late"`` or ``"not yet"``.

        Example:
            >>> AssignmentScore("Bo", 0.0, 10.0, 0, 12, False, False, 0.0, 0, 4).status
            'not yet'
        """
        return ("passed late" if self.late else "passed") if self.passed else "not yet"

    @property
    def percent(self) -> float:
        """The share of the points, in percent, rounded to one decimal.

        Example:
            >>> AssignmentScore("Bo", 2.0, 3.0, 2, 3, False, False, 2.0, 1, 1).percent
            66.7
        """
        return round(100 * self.points / self.maximum, 1) if self.maximum else 0.0


@dataclass(frozen=True)
class ItemStatus:
    """How far a learner is with one item: ``lesson`` (its id), ``steps`` (from 1), ``stars``
    of ``possible`` (as the assignment counts them), ``done`` when every step has a star,
    ``passed`` when it is done with the assignment's pass threshold of its stars.

    Example:
        >>> ItemStatus("scout", (1, 2), 3, 6, False).to_data()["done"]
        False
    """

    lesson: str
    steps: tuple[int, ...]
    stars: int
    possible: int
    done: bool
    passed: bool = False

    def to_data(self) -> dict[str, Any]:
        """The item as JSON data.

        Example:
            >>> ItemStatus("scout", (2,), 3, 3, True).to_data()["steps"]
            [2]
        """
        return {"lesson": self.lesson, "steps": list(self.steps), "stars": self.stars,
                "possible": self.possible, "done": self.done, "passed": self.passed}


@dataclass(frozen=True)
class LearnerAssignment:
    """What a learner's course map needs of an assignment: its ``title``, the ``items`` with
    what is done, the ``due`` date (ISO, or None), ``overdue`` (not passed and the due date
    gone), ``passed``, and the ``points`` of ``maximum``; ``late``: passed only with attempts
    after the due date; ``pass_percent``: the share of the stars that passes.

    Example:
        >>> LearnerAssignment("Week 3", (), None, False, False, 0.0, 10.0).to_data()["due"] is None
        True
    """

    title: str
    items: tuple[ItemStatus, ...]
    due: str | None
    overdue: bool
    passed: bool
    points: float
    maximum: float
    late: bool = False
    pass_percent: float = 0.0

    def to_data(self) -> dict[str, Any]:
        """The value as JSON data (for the course map).

        Example:
            >>> LearnerAssignment("W", (), "2026-12-04", True, False, 0.0, 3.0).to_data()["overdue"]
            True
        """
        return {"title": self.title, "items": [item.to_data() for item in self.items],
                "due": self.due, "overdue": self.overdue, "passed": self.passed,
                "points": self.points, "maximum": self.maximum, "late": self.late,
                "pass_percent": self.pass_percent}


@dataclass(frozen=True)
class Assignment:
    """Lessons and steps set together; see the module. Read one with :meth:`load` or
    :meth:`from_text`.

    Example:
        >>> Assignment.from_text('title = "W"\\nsteps = ["scout:2"]\\npass = 100').maximum
        3.0
    """

    title: str
    items: tuple[AssignmentItem, ...]
    pass_percent: float
    due: datetime.date | None = None
    points: float | None = None
    hint_stars: tuple[int, ...] = BOARD_HINT_STARS

    # -- reading
    @classmethod
    def load(cls, path: str | pathlib.Path,
             lessons: Mapping[str, Lesson] | None = None) -> Assignment:
        """The assignment in the TOML file at ``path``; ``lessons``: the course (the shipped
        catalog when None). A file that is not an assignment raises ``LessonError``.

        Example:
            >>> import tempfile
            >>> path = pathlib.Path(tempfile.mkdtemp()) / "week-3.toml"
            >>> _ = path.write_text('title = "Week 3"\\nlessons = ["scout"]\\npass = 70')
            >>> Assignment.load(path).title
            'Week 3'
        """
        where = pathlib.Path(path)
        text = read_text(where, limit=MAX_ASSIGNMENT_BYTES, error=LessonError,
                         rule="lesson-assignment", what="an assignment file")
        return cls.from_text(text, source=where.name, lessons=lessons)

    @classmethod
    def from_text(cls, text: str, source: str = "assignment",
                  lessons: Mapping[str, Lesson] | None = None) -> Assignment:
        """The assignment written in the TOML ``text``; errors name ``source`` and the field.

        Example:
            >>> Assignment.from_text('title = "W"\\nlessons = ["nope"]\\npass = 70')
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: assignment: lessons[0] 'nope' is not a lesson of the course.
        """
        data = parse_toml(text, error=LessonError, rule="lesson-assignment", source=source)
        course = catalog() if lessons is None else lessons

        def fail(message: str) -> LessonError:
            return LessonError("lesson-assignment", clean(f"{source}: {message}", 300))

        unknown = [key for key in data if key not in _FIELDS]
        if unknown:
            raise fail(f"{clean(unknown[0], 40)!r} is not a field of an assignment (its fields: "
                       f"{', '.join(_FIELDS)}).")
        title = data.get("title")
        if not isinstance(title, str) or not title.strip() or len(title) > 120:
            raise fail("title must be text of 1 to 120 characters.")
        items = _items(data, course, fail)
        threshold = data.get("pass")
        if not _number(threshold) or not 0 <= threshold <= 100:
            raise fail(f"pass must be a percent from 0 to 100, not {clean(str(threshold), 20)!r}.")
        due = data.get("due")
        if due is not None and (not isinstance(due, datetime.date)
                                or isinstance(due, datetime.datetime)):
            raise fail(f"due must be a date such as 2026-12-04 (no quotes), not "
                       f"{clean(str(due), 30)!r}.")
        maximum = data.get("points")
        if maximum is not None and (not _number(maximum) or not 0 < maximum <= 10_000):
            raise fail(f"points must be a number above 0 and at most 10000, not "
                       f"{clean(str(maximum), 20)!r}.")
        hint_stars = data.get("hint_stars", list(BOARD_HINT_STARS))
        if not isinstance(hint_stars, list) or len(hint_stars) != len(BOARD_HINT_STARS) or \
                not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 3
                        for s in hint_stars):
            raise fail("hint_stars must be five whole numbers from 0 to 3: the most stars "
                       "after 0, 1, 2, 3 and 4 or more hints.")
        looser = next((i for i, (s, board) in enumerate(zip(hint_stars, BOARD_HINT_STARS,
                                                             strict=True)) if s > board), None)
        if looser is not None:
            raise fail(f"hint_stars[{looser}] is {hint_stars[looser]}, but the board already "
                       f"gives at most {BOARD_HINT_STARS[looser]} after {looser} hints; an "
                       "assignment can only be stricter.")
        return cls(title.strip(), items, float(threshold), due,
                   None if maximum is None else float(maximum), tuple(hint_stars))

    # -- scoring
    @property
    def step_count(self) -> int:
        """How many steps are set (a step set twice counts once).

        Example:
            >>> Assignment.from_text('title = "W"\\nlessons = ["scout"]\\npass = 1').step_count
            4
        """
        return len(self._steps())

    @property
    def maximum(self) -> float:
        """The most points: ``points``, else three a step.

        Example:
            >>> Assignment.from_text('title = "W"\\nsteps = ["scout:1"]\\npass = 1\\npoints = 5').maximum
            5.0
        """
        return self.points if self.points is not None else 3.0 * self.step_count

    def score(self, progress: Progress, learner: str = "") -> AssignmentScore:
        """``progress`` scored against the assignment (``learner``: the name to give it; the
        progress's own by default).

        Example:
            >>> late = Assignment.from_text('title = "W"\\nsteps = ["scout:1"]\\npass = 100\\n'
            ...                             'due = 2026-12-01')
            >>> from stratego_widget.lessons.classroom.attempts import Attempt
            >>> progress = Progress()
            >>> _ = progress.record_attempt(catalog()["scout"], 0,
            ...                             Attempt("2026-12-02T08:00:00Z", 9.0, True, 3))
            >>> late.score(progress).status
            'passed late'
        """
        steps = self._steps()
        cutoff = None if self.due is None else self.due.isoformat()
        stars = on_time = done = 0
        for lesson, index in steps:
            record = progress.step_record(lesson, index - 1)
            earned = self._stars(record, None)
            stars += earned
            done += earned > 0
            on_time += earned if cutoff is None else self._stars(record, cutoff)
        possible = 3 * len(steps)
        passed = self._passes(stars, possible)
        return AssignmentScore(
            learner or progress.learner, self._points(stars, possible), self.maximum, stars,
            possible, passed, passed and not self._passes(on_time, possible),
            self._points(on_time, possible), done, len(steps))

    def for_learner(self, progress: Progress,
                    today: datetime.date | None = None) -> LearnerAssignment:
        """What a learner's course map shows of the assignment: each item with its stars and
        whether it is done, the due date, whether it is overdue on ``today``.

        Example:
            >>> week = Assignment.from_text('title = "W"\\nlessons = ["scout"]\\n'
            ...                             'steps = ["spy:1"]\\npass = 50\\ndue = 2026-12-04')
            >>> shown = week.for_learner(Progress({"scout": [3, 3, 3, 3]}),
            ...                          today=datetime.date(2026, 12, 5))
            >>> [(item.lesson, item.done) for item in shown.items], shown.passed, shown.overdue
            ([('scout', True), ('spy', False)], True, False)
        """
        statuses = []
        for item in self.items:
            earned = [self._stars(progress.step_record(item.lesson, step - 1), None)
                      for step in item.steps]
            possible = 3 * len(item.steps)
            statuses.append(ItemStatus(item.lesson.id, item.steps, sum(earned), possible,
                                       all(earned),
                                       all(earned) and self._passes(sum(earned), possible)))
        score = self.score(progress)
        day = today or datetime.datetime.now(datetime.UTC).date()
        return LearnerAssignment(self.title, tuple(statuses),
                                 None if self.due is None else self.due.isoformat(),
                                 self.due is not None and day > self.due and not score.passed,
                                 score.passed, score.points, score.maximum, score.late,
                                 self.pass_percent)

    def _steps(self) -> list[tuple[Lesson, int]]:
        seen: dict[tuple[str, int], tuple[Lesson, int]] = {}
        for item in self.items:
            for step in item.steps:
                seen.setdefault((item.lesson.id, step), (item.lesson, step))
        return list(seen.values())

    def _stars(self, record: StepRecord | None, cutoff: str | None) -> int:
        """A step's stars as the assignment counts them: the best stars when the board's hint
        rule applies; else the best attempt, capped by its hints. With ``cutoff`` (an ISO
        date) only attempts made by the end of that day count. A record without attempts
        (a file of the first form) counts its best stars, on time."""
        if record is None:
            return 0
        if not record.attempts or (cutoff is None and self.hint_stars == BOARD_HINT_STARS):
            return record.best
        last = len(self.hint_stars) - 1
        return max((min(a.stars, self.hint_stars[min(a.hints, last)]) for a in record.attempts
                    if a.solved and (cutoff is None or a.date[:10] <= cutoff)), default=0)

    def _passes(self, stars: int, possible: int) -> bool:
        return possible > 0 and 100 * stars >= self.pass_percent * possible

    def _points(self, stars: int, possible: int) -> float:
        return round(self.maximum * stars / possible, 2) if possible else 0.0


def course_assignments(folder: str | os.PathLike[str],
                       lessons: Mapping[str, Lesson] | None = None) -> list[Assignment]:
    """The assignments kept with the course in ``folder``: every ``*.toml`` of its
    ``assignments/`` folder, in name order, each checked against the course's ``lessons``
    (the shipped catalog when None); none when there is no such folder. A file that is not
    an assignment raises ``LessonError`` naming it.

    Example:
        >>> import tempfile
        >>> course = pathlib.Path(tempfile.mkdtemp())
        >>> course_assignments(course)
        []
        >>> (course / "assignments").mkdir()
        >>> _ = (course / "assignments" / "week-1.toml").write_text(
        ...     'title = "Week 1"\\nsteps = ["scout:1"]\\npass = 50')
        >>> [week.title for week in course_assignments(course)]
        ['Week 1']
    """
    where = pathlib.Path(folder) / ASSIGNMENTS_FOLDER
    if not where.is_dir():
        return []
    return [Assignment.load(path, lessons=lessons) for path in sorted(where.glob("*.toml"))
            if path.is_file()]


def _number(value: object) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and value == value


def _items(data: dict[str, Any], course: Mapping[str, Lesson],
           fail: Any) -> tuple[AssignmentItem, ...]:
    """The lessons and steps the file sets, each checked against the course."""
    items: list[AssignmentItem] = []
    for field in ("lessons", "steps"):
        values = data.get(field, [])
        if not isinstance(values, list) or len(values) > 500:
            raise fail(f"{field} must be a list of at most 500 texts.")
        for number, value in enumerate(values):
            where = f"{field}[{number}]"
            if not isinstance(value, str):
                raise fail(f"{where} must be text, not {clean(str(value), 20)!r}.")
            lesson_id, colon, step_text = value.partition(":") if field == "steps" else \
                (value, "", "")
            lesson = course.get(lesson_id)
            if lesson is None:
                raise fail(f"{where} {clean(lesson_id, 40)!r} is not a lesson of the course.")
            if field == "lessons":
                items.append(AssignmentItem(lesson, tuple(range(1, len(lesson.steps) + 1))))
                continue
            count = len(lesson.steps)
            if not colon or not step_text.isascii() or not step_text.isdigit() or \
                    not 1 <= int(step_text[:4]) <= count:
                raise fail(f"{where} must be \"{lesson.id}:N\" with a step N from 1 to {count}, "
                           f"not {clean(value, 40)!r}.")
            items.append(AssignmentItem(lesson, (int(step_text),)))
    if not items:
        raise fail("lessons or steps must set at least one lesson or step.")
    return tuple(items)
