"""The shape of a lesson board's ``lesson`` trait: the panel, its state and the last feedback.

Python builds it (:mod:`stratego_widget.lessons.board.session`); the front end's TypeScript types are
generated from this module with the board's own (see :mod:`stratego_widget.widget.view_types`).

Example:
    >>> sorted(LessonState.__annotations__)
    ['feedback', 'next_lesson', 'panel', 'state', 'total']
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


class LessonState(TypedDict):
    """The synced ``lesson`` trait."""

    panel: LessonPanel
    state: Literal["playing", "solved", "lost", "finished"]
    feedback: LessonFeedback | None
    total: int
    next_lesson: str | None


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


class CourseMap(TypedDict):
    """The synced ``course`` trait of a course board: the map, the stars, the steps due for
    review, and where progress is kept (``place``: a file, ``"browser"``, or ``""``) or why
    it cannot be (``problem``)."""
    courses: list[MapCourse]
    stars: int
    possible: int
    review: int
    reviewing: bool
    place: str
    problem: str | None
