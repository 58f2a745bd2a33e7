"""Write the JSON states the lesson panel's tests start from, straight from the lesson widget.

Run ``python js/__tests__/make_lesson_fixtures.py`` after changing the ``lesson`` trait's shape,
so the front-end tests keep reading exactly what Python sends.
"""

from __future__ import annotations

import copy
import datetime
import json
import pathlib
from typing import Any

from stratego_widget.lessons import LessonWidget
from stratego_widget.lessons.board.widget import Course
from stratego_widget.lessons.classroom.attempts import Attempt

HERE = pathlib.Path(__file__).parent / "lesson_fixtures"
KEYS = ("view", "view_patch", "rules", "lang", "numbering", "lesson", "course", "start_with_map",
        "progress_mode", "progress_text")


def fixtures() -> dict[str, LessonWidget]:
    """The lesson widgets whose synced state the panel's tests start from, by name."""
    refused = LessonWidget("scout", progress=None)
    refused.handle({"type": "move", "from": "b2", "to": "c3"})  # a diagonal, refused
    question = LessonWidget("spy", progress=None)
    setup = LessonWidget("setup-flag", progress=None)
    solved = LessonWidget("scout", progress=None)
    solved.handle({"type": "move", "from": "b2", "to": "b7"})
    finished = LessonWidget("spy", progress=None)
    for step in finished.run.lesson.steps:
        for action in step.solution:
            finished.propose(action)
    solved_fr = LessonWidget("scout", lang="fr", progress=None)  # the Original rulebook's own French
    solved_fr.handle({"type": "move", "from": "b2", "to": "b7"})
    english_only = LessonWidget("classic-1961", lang="de", progress=None)  # a rulebook printed in English
    for action in english_only.run.lesson.steps[0].solution:
        english_only.propose(action)
    hinted = LessonWidget("scout", progress=None)  # three hints: the sentence, the piece, the square
    for _ in range(3):
        hinted.handle({"type": "lesson_hint"})
    course = Course(progress=None, lang="nl")  # the map: one lesson done, one step to review
    for step in course.run.lesson.steps:
        for action in step.solution:
            course.propose(action)
        course.handle({"type": "lesson_next"})
    course.progress.record_attempt(course.course_session.lessons["scout"], 1, Attempt(
        "2026-11-20T10:00:00Z", 30.0, True, 1, hints=3), datetime.date(2026, 11, 20))
    course.open_lesson("scout")
    return {"course": course, "refused": refused, "question": question, "setup": setup, "solved": solved,
            "finished": finished, "solved_fr": solved_fr, "english_only": english_only, "hinted": hinted}


def state_of(widget: LessonWidget) -> dict[str, Any]:
    return copy.deepcopy({key: getattr(widget, key) for key in KEYS})


def as_text(widget: LessonWidget) -> str:
    """A widget's synced state as the fixture file holds it."""
    return json.dumps(state_of(widget), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name, widget in fixtures().items():
        (HERE / f"{name}.json").write_text(as_text(widget), encoding="utf-8")
