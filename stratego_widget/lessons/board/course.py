"""A course on a board: :class:`CourseSession`, the lessons of a course, their map and the
learner's progress around a lesson session.

The course session opens each lesson at the learner's first unsolved step, keeps every attempt
where the learner's progress lives (:mod:`stratego_widget.lessons.classroom.keeper`) and builds the
course map: the courses and their lessons with each step's best stars, what each lesson builds
on (shown, never a lock), the lesson being played and the one suggested next. Review plays the
steps due (see :mod:`stratego_widget.lessons.classroom.attempts`) one after the other, as one short
lesson. The map asks the learner's name once (kept in the progress, changeable) and hands the
progress in (:mod:`stratego_widget.lessons.classroom.hand_in`): the browser downloads the file and,
in Jupyter, it is written to the teacher's hand-in folder too. The map shows the assignments
the teacher set (:mod:`stratego_widget.lessons.classroom.assignments`: a course folder's
``assignments/*.toml``, or ``assignments=``): each one's items with their stars, the due date
and whether it is passed. The map's messages
(``course_open``, ``course_review``, ``progress_restore``, ``course_name``, ``course_hand_in``,
``course_puzzles``) are the course's; the others go to the lesson session. **Puzzles** plays
a round of puzzles on the board (:mod:`~stratego_widget.lessons.board.puzzle_round`: the
puzzles due for review, then new ones near the learner's rating), each a lesson move step. Pure Python: the course widget only
carries it.

Example:
    >>> session = CourseSession(progress=None)
    >>> session.lesson_session.run.lesson.id
    'pieces'
    >>> session.handle({"type": "course_open", "lesson": "scout"})
    >>> session.lesson_session.run.lesson.id, session.map()["courses"][0]["title"]
    ('scout', 'The basics')
"""

from __future__ import annotations

import dataclasses
import datetime
import os
import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ...puzzles.csvfile import shipped_puzzles
from ...puzzles.puzzle import Puzzle
from ...widget.protocol import short
from ..classroom.assignments import Assignment, course_assignments
from ..classroom.attempts import Attempt
from ..classroom.hand_in import hand_in_folder as hand_in_folder_of
from ..classroom.keeper import HandedIn, ProgressKeeper, Where, shown_path
from ..classroom.progress import Progress
from ..errors import LessonError
from ..model.lesson import Lesson
from ..model.library import catalog
from ..model.steps import Step
from ..model.text import Text, say
from ..playing.puzzle_lesson import PuzzleLesson
from ..playing.run import LessonRun
from .panel_types import (
    CourseMap,
    LessonState,
    MapAssignment,
    MapAssignmentItem,
    MapCourse,
    MapLearner,
    MapLesson,
)
from .puzzle_round import puzzle_round, puzzles_on_map
from .session import LessonSession, panel_handler

__all__ = ["COURSE_MESSAGES", "Assignments", "CourseSession", "ReviewLesson", "assignment_on_map",
           "course_lessons"]

#: The course's own messages (the others go to the lesson session).
COURSE_MESSAGES = ("course_open", "course_review", "progress_restore", "course_name",
                   "course_hand_in", "course_puzzles")

#: A review plays at most this many steps.
REVIEW_LENGTH = 5

Lessons = Mapping[str, Lesson] | str | os.PathLike[str] | None
Assignments = Sequence[Assignment | str | os.PathLike[str]] | None


@dataclass(frozen=True)
class ReviewLesson:
    """Steps of several lessons played as one short lesson; ``origins[i]`` is the lesson and
    the index of step ``i``.

    Example:
        >>> lesson = catalog()["scout"]
        >>> review = ReviewLesson((lesson.steps[1],), ((lesson, 1),))
        >>> review.id, review.title.get("en")
        ('review', 'Review: steps to play again')
    """

    steps: tuple[Step, ...]
    origins: tuple[tuple[Lesson, int], ...]
    id: str = "review"

    @property
    def title(self) -> Text:
        """The review's title in every language.

        Example:
            >>> ReviewLesson((), ()).title.get("fr")
            'Révision\xa0: étapes à rejouer'
        """
        return Text({lang: say("review-title", lang) for lang in ("en", "nl", "fr", "de")})


def course_lessons(lessons: Lessons) -> dict[str, Lesson]:
    """The lessons of a course by id in their order: the catalog (None), a folder of lesson
    files (a path), or the lessons given.

    Example:
        >>> list(course_lessons(None))[:2]
        ['pieces', 'officers']
    """
    if lessons is None:
        return catalog()
    if isinstance(lessons, (str, os.PathLike)):
        return catalog(lessons)
    return dict(lessons)


class CourseSession:
    """A course's lessons, the learner's progress and the lesson being played; see the
    module.

    ``lessons``: the catalog (None), a folder of lesson files, or lessons by id.
    ``progress``: where progress is kept (see :class:`ProgressKeeper`: ``"auto"``, a file,
    ``"browser"``, None). ``lesson``: the lesson to open first, by id, as a :class:`Lesson`
    (one not among ``lessons`` is a course of its own) or as a run to go on with; by default
    the first one not finished. ``step``: the step to open it at, the run counting this
    visit's stars (by default the learner's first unsolved step, with the stars earned); the
    panel (:meth:`state`) shows each step's best stars, the progress's or this visit's.
    ``hand_in_folder``: the folder **Hand in** writes the learner's file to, besides the
    download (by default ``$STRATEGO_WIDGET_HAND_IN``, else none). ``assignments``: what the
    map shows the learner, as :class:`Assignment` values or their files (by default a course
    folder's ``assignments/*.toml``, in name order; none for the shipped courses).

    Example:
        >>> session = CourseSession(progress=None, lesson="scout")
        >>> _ = session.lesson_session.propose("b2-b7")
        >>> session.keeper.progress.stars("scout")
        [3]
    """

    def __init__(self, lessons: Lessons = None, lang: str = "en", progress: Where = "auto",
                 lesson: Lesson | LessonRun | str | None = None, step: int | None = None,
                 numbering: str | None = None,
                 hand_in_folder: str | os.PathLike[str] | None = None,
                 assignments: Assignments = None,
                 puzzles: Sequence[Puzzle] | None = None) -> None:
        self.lessons = course_lessons(lessons)
        #: The puzzles the trainer picks from (the shipped set, read when first played,
        #: unless given).
        self.puzzle_set: Sequence[Puzzle] | None = puzzles
        #: The themes and editions the trainer's rounds keep to (empty: all).
        self.puzzle_filter: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        #: The assignments the map shows (see :mod:`~stratego_widget.lessons.classroom.assignments`).
        self.assignments = _assignments_of(lessons, self.lessons, assignments)
        self.hand_in_folder = hand_in_folder_of(hand_in_folder)
        #: The last hand-in (its file's text is what the browser downloads) and how many.
        self.handed: HandedIn | None = None
        self.hand_ins = 0
        self._refused: tuple[Literal["name", "hand-in-name", "hand-in-folder"], str] | None = None
        given = lesson.lesson if isinstance(lesson, LessonRun) else lesson
        if isinstance(given, (Lesson, ReviewLesson)) and self.lessons.get(given.id) is not given:
            self.lessons = {given.id: given} if isinstance(given, Lesson) else {}
        if not self.lessons and not isinstance(lesson, LessonRun):
            raise LessonError("lesson-unknown", "A course needs at least one lesson.")
        self.keeper = ProgressKeeper(progress)
        if isinstance(lesson, LessonRun):
            run = lesson
        else:
            first = self._lesson(lesson) if isinstance(lesson, str) else \
                lesson if lesson is not None else self._suggested()
            if step is not None:  # a board opened at a step: this visit's stars only
                run = first.start(language=lang)
                run.goto(step)
            else:  # where the learner stopped, with the stars already earned
                run = self.keeper.progress.resume(first, lang)
                if run.finished:
                    run.goto(0)
        self.lesson_session = LessonSession(run, lang, numbering=numbering,
                                            lessons=self.lessons)
        self.lesson_session.on_attempt(self._keep)
        self.lesson_session.following = self._next_round
        self._round: tuple[object, int, PuzzleLesson | None] | None = None
        self.board = self.lesson_session.board
        # The course's one router: the map's messages to the course, every other one to the
        # handler the lesson session's router declares for it (looked up once, here).
        self.router = self.lesson_session.router.with_routes({
            kind: panel_handler(self.board, handler) for kind, handler in (
                ("course_open", self._open_message), ("course_review", self._review_message),
                ("progress_restore", self._restore_message),
                ("course_name", self._name_message), ("course_hand_in", self._hand_in_message),
                ("course_puzzles", self._puzzles_message))})
        self._map: CourseMap | None = None
        self._map_key: tuple[str, str, str] = ("", "", "")

    # -- messages
    def handle(self, message: Any) -> None:
        """One browser message: the course's own here, the others to the lesson session.
        Never raises; a refusal shows on the board.

        Example:
            >>> session = CourseSession(progress=None)
            >>> session.handle({"type": "course_open", "lesson": "nope"})
            >>> session.board.message["rule"]
            'lesson-unknown'
        """
        self.router.route(message)

    def _open_message(self, message: dict[str, Any]) -> None:
        self.open(message["lesson"])

    def _review_message(self, _message: dict[str, Any]) -> None:
        self.review()

    def _restore_message(self, message: dict[str, Any]) -> None:
        self.keeper.restore(message["text"])
        self._map = None

    def _puzzles_message(self, _message: dict[str, Any]) -> None:
        self.open_puzzles(*self.puzzle_filter)

    def _name_message(self, message: dict[str, Any]) -> None:
        try:
            self.name_learner(message["name"])
        except LessonError as error:
            self._refused, self._map = ("name", str(error)), None

    def _hand_in_message(self, _message: dict[str, Any]) -> None:
        try:
            self.hand_in()
        except LessonError as error:
            code: Literal["hand-in-name", "hand-in-folder"] = \
                "hand-in-name" if error.rule == "hand-in-name" else "hand-in-folder"
            self._refused, self._map = (code, str(error)), None

    def name_learner(self, name: str) -> None:
        """Keep the learner's name in the progress (the map asks for it once and can change
        it); a name that is empty, too long or holds control characters raises LessonError
        and changes nothing.

        Example:
            >>> session = CourseSession(progress=None)
            >>> session.name_learner("Ada"); session.map()["learner"]["name"]
            'Ada'
        """
        self.keeper.name_learner(name)
        self._refused, self._map = None, None

    def hand_in(self) -> HandedIn:
        """Hand the learner's progress in: the file named after the learner, for the browser
        to download, written to :attr:`hand_in_folder` too (in Jupyter). An attempt begun at
        the step being played is kept first (left unfinished), so the teacher sees what was
        tried so far; playing on begins a new one. No name yet, or a folder that is not there
        or cannot be written, raises LessonError and writes nothing.

        Example:
            >>> session = CourseSession(progress=None); session.name_learner("Ada")
            >>> session.hand_in().file, session.map()["learner"]["file"]
            ('Ada.json', 'Ada.json')
        """
        if self.keeper.progress.learner.strip():  # no name: refused below, nothing kept
            self.lesson_session.leave()
        handed = self.keeper.hand_in(self.hand_in_folder)
        self.handed, self.hand_ins = handed, self.hand_ins + 1
        self._refused, self._map = None, None
        return handed

    def open(self, lesson: str, step: int | None = None) -> None:
        """Play ``lesson`` (an id of the course) from ``step`` (by default the learner's first
        unsolved step), with the stars already earned.

        Example:
            >>> session = CourseSession(progress=None)
            >>> session.open("miner"); session.lesson_session.run.lesson.id
            'miner'
        """
        chosen = self._lesson(lesson)
        run = self.keeper.progress.resume(chosen, self.lesson_session.run.language)
        if step is not None or run.finished:  # a finished lesson opens at its start again
            run.goto(step or 0)
        self.lesson_session.open(run)
        self._map = None

    def _lesson(self, lesson_id: str) -> Lesson:
        if lesson_id not in self.lessons:
            raise LessonError("lesson-unknown", f"No lesson {short(lesson_id)} in this course; "
                              f"lessons: {', '.join(self.lessons)}.")
        return self.lessons[lesson_id]

    def review(self) -> None:
        """Play the steps due for review (at most five), as one short lesson.

        Example:
            >>> session = CourseSession(progress=None)
            >>> session.review()
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: Nothing to review now: a step lost, or solved with fewer than three stars, comes back the next day.
        """
        due = self.keeper.progress.due(self.lessons.values(), limit=REVIEW_LENGTH)
        if not due:
            raise LessonError("course-review", "Nothing to review now: a step lost, or "
                              "solved with fewer than three stars, comes back the next day.")
        origins = tuple((self.lessons[lesson_id], index) for lesson_id, index in due)
        review = ReviewLesson(tuple(lesson.steps[index] for lesson, index in origins), origins)
        self.lesson_session.open(LessonRun(review, self.lesson_session.run.language))
        self._map = None

    def open_puzzles(self, themes: Sequence[str] = (), rulesets: Sequence[str] = ()) -> None:
        """Play a round of puzzles (see :func:`puzzle_round`) of ``themes`` and ``rulesets``
        (each empty: all; kept for the map's **Puzzles** button). None left: LessonError.

        Example:
            >>> session = CourseSession(progress=None)
            >>> session.open_puzzles(rulesets=["barrage"])
            >>> session.lesson_session.run.lesson.id, session.map()["puzzles"]["playing"]
            ('puzzles', True)
        """
        if self.puzzle_set is None:
            self.puzzle_set = shipped_puzzles()
        chosen = puzzle_round(self.keeper.progress, self.puzzle_set, themes, rulesets)
        self.puzzle_filter = (tuple(themes), tuple(rulesets))
        self.lesson_session.open(LessonRun(chosen, self.lesson_session.run.language))
        self._map = None

    def _next_round(self, lesson: object) -> PuzzleLesson | None:
        """After a finished round of puzzles, the next one (picked once the round is done;
        None when none is left)."""
        if not isinstance(lesson, PuzzleLesson) or not self.lesson_session.run.finished:
            return None
        attempts = self.keeper.progress.puzzles.attempt_count()
        if self._round is None or self._round[0] is not lesson or self._round[1] != attempts:
            try:
                following: PuzzleLesson | None = puzzle_round(
                    self.keeper.progress, self.puzzle_set or (), *self.puzzle_filter)
            except LessonError:
                following = None
            self._round = (lesson, attempts, following)
        return self._round[2]

    def state(self) -> LessonState:
        """The lesson panel (the synced ``lesson`` trait), each step showing its best stars:
        those the learner's progress holds (earlier visits, other boards) or this visit's. The
        run's own stars and its total stay this visit's.

        Example:
            >>> from stratego_widget.lessons.classroom.attempts import Attempt
            >>> session = CourseSession(progress=None, lesson="scout", step=0)
            >>> session.keeper.keep(catalog()["scout"], 1,
            ...                     Attempt("2026-11-26T10:00:00Z", 5.0, True, 2))
            >>> session.state()["panel"]["stars"], session.lesson_session.run.stars
            ([0, 2, 0, 0], [0, 0, 0, 0])
        """
        state = self.lesson_session.state()
        lesson = self.lesson_session.run.lesson
        if isinstance(lesson, (ReviewLesson, PuzzleLesson)):
            return state
        earned = self.keeper.progress.stars(lesson)
        panel = state["panel"]
        best = [max(mine, kept) for mine, kept in zip(panel["stars"], earned, strict=True)]
        return {**state, "panel": {**panel, "stars": best}}

    # -- the map
    def map(self) -> CourseMap:
        """The course map in the learner's language (rebuilt after each attempt).

        Example:
            >>> course = CourseSession(progress=None).map()
            >>> course["courses"][0]["lessons"][0]["id"], course["stars"]
            ('pieces', 0)
        """
        lang = self.lesson_session.run.language
        current = self.lesson_session.run.lesson
        today = datetime.datetime.now(datetime.UTC).date()
        key = (lang, current.id, today.isoformat())
        if self._map is not None and self._map_key == key:
            return self._map
        progress = self.keeper.progress
        suggested = self._suggested()
        courses: dict[str, MapCourse] = {}
        last: Lesson | None = None
        for lesson in self.lessons.values():
            stars = progress.stars(lesson)
            # What a lesson builds on: its own ``requires``; else the first lesson of a course
            # builds on the last lesson (the checkpoint) of the course before.
            requires = list(getattr(lesson, "requires", ()) or (
                [last.id] if last is not None and lesson.course not in courses else []))
            last = lesson
            state: Literal["new", "started", "done"] = (
                "done" if stars and all(stars) else "started" if any(stars) else "new")
            entry: MapLesson = {"id": lesson.id, "title": lesson.title.get(lang),
                                "stars": stars, "requires": requires, "state": state,
                                "current": lesson is current,
                                "suggested": lesson is suggested}
            course = courses.setdefault(lesson.course, {
                "id": lesson.course, "title": _course_title(lesson.course, lang),
                "lessons": []})
            course["lessons"].append(entry)
        # The total counts what the map shows: a notebook's own lesson (a quiz) is kept in
        # the progress but is not on the map, where it could not be opened again.
        shown = sum(sum(entry["stars"]) for course in courses.values()
                    for entry in course["lessons"])
        self._map = {"courses": list(courses.values()), "stars": shown,
                     "possible": 3 * sum(len(x.steps) for x in self.lessons.values()),
                     "review": len(progress.due(self.lessons.values(), limit=REVIEW_LENGTH)),
                     "reviewing": isinstance(current, ReviewLesson),
                     "place": self.keeper.place, "problem": self.keeper.problem,
                     "learner": self._learner(),
                     "assignments": [assignment_on_map(assignment, progress, lang, today)
                                     for assignment in self.assignments],
                     "puzzles": puzzles_on_map(progress, isinstance(current, PuzzleLesson),
                                               today)}
        self._map_key = key
        return self._map

    def _learner(self) -> MapLearner:
        """The learner's name and the last hand-in, as the map shows them."""
        handed = self.handed
        refused, detail = self._refused if self._refused is not None else (None, "")
        return {"name": self.keeper.progress.learner,
                "file": handed.file if handed is not None else "",
                "folder": shown_path(handed.folder) if handed is not None and
                handed.folder is not None else "",
                "refused": refused, "detail": detail}

    def _suggested(self) -> Lesson:
        """The first lesson not finished, in the course's order (the last when all are)."""
        progress = self.keeper.progress
        return next((lesson for lesson in self.lessons.values()
                     if not all(progress.stars(lesson))), list(self.lessons.values())[-1])

    def _keep(self, run: LessonRun, index: int, attempt: Attempt) -> None:
        lesson = run.lesson
        if isinstance(lesson, ReviewLesson):
            origin, origin_index = lesson.origins[index]
            self.keeper.keep(origin, origin_index, dataclasses.replace(attempt, review=True))
        else:
            self.keeper.keep(lesson, index, attempt)
        self._map = None


def _assignments_of(given: Lessons, lessons: Mapping[str, Lesson],
                    assignments: Assignments) -> list[Assignment]:
    """The assignments a course shows: those given (values, or files read against the
    course), else a course folder's own."""
    if assignments is None:
        return course_assignments(given, lessons) if isinstance(given, (str, os.PathLike)) \
            else []
    return [item if isinstance(item, Assignment) else
            Assignment.load(pathlib.Path(item), lessons=lessons) for item in assignments]


def assignment_on_map(assignment: Assignment, progress: Progress, lang: str,
                    today: datetime.date) -> MapAssignment:
    """An assignment as the learner's map shows it on ``today``.

    Example:
        >>> week = Assignment.from_text('title = "W"\\nsteps = ["scout:2"]\\npass = 50\\n'
        ...                             'due = 2026-12-04')
        >>> shown = assignment_on_map(week, Progress({"scout": [0, 2]}), "nl",
        ...                         datetime.date(2026, 12, 1))
        >>> shown["items"][0]["title"], shown["items"][0]["state"], shown["passed"]
        ('De Verkenner', 'passed', True)
    """
    shown = assignment.for_learner(progress, today)
    items: list[MapAssignmentItem] = []
    for item, status in zip(assignment.items, shown.items, strict=True):
        state: Literal["passed", "done", "not-yet"] = (
            "passed" if status.passed else "done" if status.done else "not-yet")
        items.append({"lesson": status.lesson, "title": item.lesson.title.get(lang),
                      "steps": list(status.steps),
                      "whole": item.label == item.lesson.id,
                      "stars": status.stars, "possible": status.possible, "state": state})
    return {"title": shown.title, "due": shown.due, "overdue": shown.overdue,
            "passed": shown.passed, "late": shown.late, "points": shown.points,
            "maximum": shown.maximum, "pass_percent": shown.pass_percent, "items": items}


def _course_title(course: str, lang: str) -> str:
    """A shipped course's title in ``lang``; a course of one's own is named as it is."""
    try:
        return say(f"course-{course}", lang)
    except KeyError:
        return course
