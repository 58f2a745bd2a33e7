"""The shape of a lesson board's ``lesson`` trait: the panel, its state and the last feedback.

Python builds it (:mod:`stratego_widget.lessons.session`); the front end's TypeScript types are
generated from this module with the board's own (see :mod:`stratego_widget.widget.view_types`).

Example:
    >>> sorted(LessonState.__annotations__)
    ['feedback', 'next_lesson', 'panel', 'state', 'total']
"""

from __future__ import annotations

from typing import Literal, TypedDict

from ..widget.view_types import Side


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


class LessonFeedback(TypedDict):
    """What the last action got: a refusal with its rule, a solved step, a hint; ``square``
    is where it is shown (the clicked target)."""

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


class LessonState(TypedDict):
    """The synced ``lesson`` trait."""

    panel: LessonPanel
    state: Literal["playing", "solved", "lost", "finished"]
    feedback: LessonFeedback | None
    total: int
    next_lesson: str | None
