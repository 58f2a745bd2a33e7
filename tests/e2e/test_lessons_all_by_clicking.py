"""Every lesson of the catalog solved by clicking only, on one board in a real JupyterLab and
Chromium (issue 22: "A browser test solves all lessons by clicking"): moves, strikes, spots
and rescues on the board (the rescue picker included, also for a rescue the rules refuse),
answers and placements in the panel, Next to the next step and, once a lesson is finished, to
the next lesson. Each solved step's result is on the board before the next step: the pieces
shown are those of the solved position, and the first solved step of every lesson is
photographed (``build/screenshots/lessons/``, which git ignores)."""

from __future__ import annotations

import os
import pathlib
from typing import Any

import pytest
from harness import TIMEOUT_MS, Notebook, occupied, wait_for

import stratego_widget as sw
from stratego_widget.lessons import catalog
from stratego_widget.lessons.playing.run import StepState, apply_action

# A sweep of minutes: `make test-full` (one lesson per edition is solved by clicking in
# `make test`: test_lessons_in_jupyterlab.py).
pytestmark = [pytest.mark.e2e, pytest.mark.full]

FOLDER = pathlib.Path(os.environ.get("STRATEGO_SCREENSHOTS", "build/screenshots")) / "lessons"


def lesson_testid(nb: Notebook, name: str) -> Any:
    return nb.page.locator(f'.sw-lesson-widget [data-testid="{name}"]').first


def click_and_wait(nb: Notebook, target: Any) -> None:
    serial = nb.serial()
    target.click()
    nb.wait_serial_above(serial)


def click_action(nb: Notebook, kind: str, action: str) -> None:
    """One action of a step's solution, done as a learner does it: by clicking."""
    if kind == "question":
        click_and_wait(nb, lesson_testid(nb, f"lesson-choice-{action}"))
        return
    if kind == "setup":
        piece, _, square = action.partition("@")
        tray = lesson_testid(nb, f"lesson-tray-{piece}")
        if tray.get_attribute("aria-pressed") != "true":
            tray.click()
        click_and_wait(nb, nb.square(square))
        return
    move = sw.Move.parse(action)
    nb.square(move.origin).click()
    if move.guess is not None:  # the Spotter: the picker names the rank
        nb.square(move.target).click()
        dialog = nb.page.locator('.sw-root [data-testid="spot-dialog"]')
        click_and_wait(nb, dialog.locator(f'[data-testid="choice-{move.guess}"]'))
        return
    click_and_wait(nb, nb.square(move.target))
    dialog = nb.page.locator('.sw-root [data-testid="rescue-dialog"]')
    if move.rescue is None:  # a rescue offered and not taken: the picker's decline
        if dialog.is_visible():
            click_and_wait(nb, dialog.locator('[data-testid="choice-cancel"]'))
        return
    # the rescue picker: the piece, then its square
    rescued, square = move.rescue
    dialog.locator(f'[data-testid="choice-{rescued}"]').click()
    click_and_wait(nb, nb.square(square))


def solved_squares(step: Any) -> set[str]:
    """The squares that hold a piece once the step's solution is played (the result)."""
    state = StepState.start(step)
    for action in step.solution:
        apply_action(state, action)
    return set(state.game.pieces())


def test_every_lesson_is_solved_by_clicking_on_one_board(open_notebook) -> None:
    lessons = list(catalog().values())
    nb = open_notebook("all-lessons.ipynb", "from stratego_widget.lessons import LessonWidget",
                       f"w = LessonWidget({lessons[0].id!r})\nw")
    panel = lesson_testid(nb, "lesson-panel")
    panel.wait_for(state="visible")
    FOLDER.mkdir(parents=True, exist_ok=True)
    for lesson in lessons:
        wait_for(nb.page,
            "title => document.querySelector('.sw-lesson-widget [data-testid=lesson-title]')"
            "?.textContent === title", arg=lesson.title.get("en"), timeout=TIMEOUT_MS)
        for step in lesson.steps:
            assert panel.get_attribute("data-lesson-step") == str(step.index)
            for action in step.solution:
                click_action(nb, step.kind, action)
            last = step.index == len(lesson.steps) - 1
            state = panel.get_attribute("data-lesson-state")
            assert state == ("finished" if last else "solved"), (
                lesson.id, step.index + 1, nb.python("print(w.lesson['feedback'])"))
            # The result is on the board before the next step: the solved position.
            if step.kind == "move":
                assert occupied(nb.page) == solved_squares(step), (lesson.id, step.index + 1)
            if step.index == 0:
                nb.page.locator(".sw-lesson-widget").first.screenshot(
                    path=str(FOLDER / f"{lesson.id}-{step.index + 1}.png"))
            if last:  # every step with three stars, before Next opens the next lesson
                assert nb.python("print(w.run.stars)") == str([3] * len(lesson.steps)), \
                    lesson.id
            if not (last and lesson is lessons[-1]):
                click_and_wait(nb, lesson_testid(nb, "lesson-next"))
    assert lesson_testid(nb, "lesson-next").is_disabled()  # the last lesson: nothing after it
    assert not nb.errors
