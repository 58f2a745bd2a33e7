"""Write the JSON states the lesson panel's tests start from, straight from the lesson widget.

Run ``python js/__tests__/make_lesson_fixtures.py`` after changing the ``lesson`` trait's shape,
so the front-end tests keep reading exactly what Python sends.
"""

from __future__ import annotations

import copy
import json
import pathlib
from typing import Any

from stratego_widget.lessons import LessonWidget

HERE = pathlib.Path(__file__).parent / "lesson_fixtures"
KEYS = ("view", "view_patch", "rules", "lang", "numbering", "lesson")


def fixtures() -> dict[str, LessonWidget]:
    """The lesson widgets whose synced state the panel's tests start from, by name."""
    refused = LessonWidget("scout")
    refused.handle({"type": "move", "from": "b2", "to": "c3"})  # a diagonal, refused
    question = LessonWidget("spy")
    setup = LessonWidget("setup-flag")
    solved = LessonWidget("scout")
    solved.handle({"type": "move", "from": "b2", "to": "b7"})
    finished = LessonWidget("spy")
    for step in finished.run.lesson.steps:
        for action in step.solution:
            finished.propose(action)
    solved_fr = LessonWidget("scout", lang="fr")  # the Original rulebook's own French
    solved_fr.handle({"type": "move", "from": "b2", "to": "b7"})
    english_only = LessonWidget("classic-1961", lang="de")  # a rulebook printed in English
    for action in english_only.run.lesson.steps[0].solution:
        english_only.propose(action)
    return {"refused": refused, "question": question, "setup": setup, "solved": solved,
            "finished": finished, "solved_fr": solved_fr, "english_only": english_only}


def state_of(widget: LessonWidget) -> dict[str, Any]:
    return copy.deepcopy({key: getattr(widget, key) for key in KEYS})


def as_text(widget: LessonWidget) -> str:
    """A widget's synced state as the fixture file holds it."""
    return json.dumps(state_of(widget), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name, widget in fixtures().items():
        (HERE / f"{name}.json").write_text(as_text(widget), encoding="utf-8")
