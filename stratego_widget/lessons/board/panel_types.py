"""The shape of a lesson board's ``lesson`` trait: the panel, its state and the last feedback.

Python builds it (:mod:`stratego_widget.lessons.board.session`); the front end's TypeScript types are
generated from this module with the board's own (see :mod:`stratego_widget.widget.view_types`).

Example:
    >>> sorted(LessonState.__annotations__)
    ['feedback', 'hint_cost', 'hint_marks', 'hints', 'next_lesson', 'panel', 'state', 'total']
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ...widget.view_types import Side


class Choice(TypedDict):
    """One answer of a question step."""

    id: str
    text: str


class LessonPanel(TypedDict):
    """The lesson panel (:meth:`~stratego_widget.lessons.LessonRun.panel`)."""

    lesson: str
    title: str
    language: str
    step: int
    steps: int
    finished: bool
    kind: Literal["move", "question", "setup"] | None
    learner: Side | None
    instruction: str
    choices: list[Choice]
    tray: list[str]
    area: list[str]
    par: int | None
    actions: int
    hints: int
    stars: list[int]
    three_stars: str


class ReviewPoint(TypedDict):
    """One point of an army's review: its id, ``good``, ``advice`` or ``warning``, the
    squares the board marks and its text."""

    id: str
    severity: Literal["good", "advice", "warning"]
    squares: list[str]
    text: str


class LessonFeedback(TypedDict):
    """What the last action got: a refusal with its rule, a solved step, a hint; ``square``
    is where it is shown (the clicked target); ``review``: a whole army's review (a solved
    setup step), each point's squares marked on the board."""

    id: int
    kind: Literal["move", "answer", "place", "hint"]
    text: str
    rule: str | None
    accepted: bool
    solved: bool
    failed: bool
    stars: int
    reply: str | None
    cite: str | None
    quote: str | None
    quote_language: str | None
    square: str | None
    hint: int
    review: list[ReviewPoint]


class HintShown(TypedDict):
    """One hint the learner asked for at this step, kept in the panel's list: its ``number``
    in the list, its ``level`` (1 a sentence, 2 the piece, 3 the square, 4 the move), its
    text, the most ``stars`` the step can still earn after it and ``cost``, that said in
    words."""

    number: int
    level: int
    text: str
    stars: int
    cost: str


class HintMark(TypedDict):
    """A square the hints mark on the board: the piece to use (``piece``), where it goes
    (``area``), or the move (``from`` and ``to``); ``hint``: the number of the hint that
    marks it (the newest where two mark the same square)."""

    square: str
    mark: Literal["piece", "area", "from", "to"]
    hint: int


class LessonState(TypedDict):
    """The synced ``lesson`` trait; ``hints``: the hints asked for at this step (the newest
    last), ``hint_marks``: their squares on the board, ``hint_cost``: what the next hint costs
    ("" when no hint can be asked)."""

    panel: LessonPanel
    state: Literal["playing", "solved", "lost", "finished"]
    feedback: LessonFeedback | None
    total: int
    next_lesson: str | None
    hints: list[HintShown]
    hint_marks: list[HintMark]
    hint_cost: str


class MapLesson(TypedDict):
    """A lesson on the course map: its best stars per step, what it builds on (shown, never a
    lock), and whether it is the one played or the one suggested next."""
    id: str
    title: str
    stars: list[int]
    requires: list[str]
    state: Literal["new", "started", "done"]
    current: bool
    suggested: bool


class MapCourse(TypedDict):
    """A course of the map (basics, editions, ...) and its lessons in teaching order."""
    id: str
    title: str
    lessons: list[MapLesson]


class MapLearner(TypedDict):
    """The learner on the course map: ``name`` ("" until given), the ``file`` handed in last
    ("" none yet), the ``folder`` it was written to ("" the download only, or none yet), and
    why the last name or hand-in was refused (``refused``: ``"name"``, ``"hand-in-name"`` or
    ``"hand-in-folder"``, with its one-line ``detail``)."""
    name: str
    file: str
    folder: str
    refused: Literal["name", "hand-in-name", "hand-in-folder"] | None
    detail: str


class MapAssignmentItem(TypedDict):
    """One item of an assignment on the map: a lesson (its ``lesson`` id and ``title``), its
    ``steps`` set (from 1; ``whole``: every step of the lesson), the ``stars`` earned of
    ``possible``, and its ``state``: ``"passed"`` (every step has a star and the stars reach
    the pass threshold), ``"done"`` (every step has a star) or ``"not-yet"``."""
    lesson: str
    title: str
    steps: list[int]
    whole: bool
    stars: int
    possible: int
    state: Literal["passed", "done", "not-yet"]


class MapAssignment(TypedDict):
    """An assignment the teacher set, as the learner's map shows it: its ``title``, ``due``
    date (ISO, or None), ``overdue`` (not passed and the due date gone), ``passed`` (``late``:
    only after the due date), the ``points`` of ``maximum``, the ``pass_percent`` of the stars
    that passes, and its ``items``."""
    title: str
    due: str | None
    overdue: bool
    passed: bool
    late: bool
    points: float
    maximum: float
    pass_percent: float
    items: list[MapAssignmentItem]


class MapPuzzles(TypedDict):
    """The puzzle trainer on the map: the learner's Glicko-2 ``rating`` and its
    ``deviation`` (rounded), the puzzles ``solved``, the ``attempts``, the puzzles ``due`` for
    review, and whether a round is being played (``playing``)."""
    rating: int
    deviation: int
    solved: int
    attempts: int
    due: int
    playing: bool


class CourseMap(TypedDict):
    """The synced ``course`` trait of a course board: the map, the stars, the steps due for
    review, and where progress is kept (``place``: a file, ``"browser"``, or ``""``) or why
    it cannot be (``problem``), the learner's name and hand-in (``learner``), the
    assignments the teacher set (``assignments``) and the puzzle trainer (``puzzles``)."""
    courses: list[MapCourse]
    stars: int
    possible: int
    review: int
    reviewing: bool
    place: str
    problem: str | None
    learner: MapLearner
    assignments: list[MapAssignment]
    puzzles: MapPuzzles
