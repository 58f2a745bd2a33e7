"""Lessons on the live board in a real JupyterLab and Chromium: one lesson per edition solved by
clicking, a wrong click explained next to its square, and a hint."""

from __future__ import annotations

import json
from typing import Any

import pytest
from harness import TIMEOUT_MS, Notebook, wait_for

import stratego_widget as sw
from stratego_widget.lessons import catalog

pytestmark = pytest.mark.e2e

#: One lesson per edition, each played from its first step to its last.
EDITIONS = {
    "classic-1961": "classic-1961",
    "onyx-2009": "onyx-2009",
    "hasbro-1999": "hasbro-1999",
    "sci-fi-2013": "sci-fi-2013",
    "original": "original",
}


def panel(nb: Notebook) -> Any:
    return nb.page.locator('[data-testid="lesson-panel"]').first


def lesson_testid(nb: Notebook, name: str) -> Any:
    return nb.page.locator(f'.sw-lesson-widget [data-testid="{name}"]').first


def answered(nb: Notebook, serial: int) -> None:
    """Wait until Python's answer to the last click is drawn."""
    nb.wait_serial_above(serial)


def click_action(nb: Notebook, kind: str, action: str) -> None:
    """Do one solution action of a step by clicking, as a learner would."""
    serial = nb.serial()
    if kind == "question":
        lesson_testid(nb, f"lesson-choice-{action}").click()
    elif kind == "setup":
        piece, _, square = action.partition("@")
        tray = lesson_testid(nb, f"lesson-tray-{piece}")
        if tray.get_attribute("aria-pressed") != "true":
            tray.click()
        nb.square(square).click()
    else:
        move = sw.Move.parse(action)
        nb.square(move.origin).click()
        nb.square(move.target).click()
        if move.guess is not None:  # the Spotter: name the rank in the spot dialog
            dialog = nb.page.locator('.sw-root [data-testid="spot-dialog"]')
            dialog.locator(f'[data-testid="choice-{move.guess}"]').click()
    answered(nb, serial)


def wrong_click(lesson_id: str) -> tuple[int, str, str, str, str]:
    """A step, a piece and a square next to it diagonally that the step refuses, with the
    feedback the lesson gives (worked out here, without the browser)."""
    lesson = catalog()[lesson_id]
    for step in lesson.steps:
        if step.kind != "move":
            continue
        run = lesson.start("en")
        run.goto(step.index)
        game = run.game
        assert game is not None
        origin = sw.Move.parse(step.solution[0]).origin
        file, rank = origin[0], int(origin[1:])
        for df, dr in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            target = f"{chr(ord(file) + df)}{rank + dr}"
            try:
                game.rules.geometry.index(target)
            except (sw.StrategoError, ValueError, KeyError, IndexError):
                continue
            piece = game.piece_at(target)
            if target in game.rules.lakes or (piece is not None and piece[0] == step.learner):
                continue
            feedback = run.propose(f"{origin}-{target}")
            assert not feedback.accepted
            return step.index, origin, target, feedback.rule or "", feedback.text
    raise AssertionError(f"no move step in {lesson_id}")


#: ``make test`` solves the Original's lesson by clicking (the clicks are the same in every
#: edition; each edition's lessons are solved without a browser in the Python tests);
#: ``make test-full`` every edition's (and every lesson, in test_lessons_all_by_clicking.py).
IN_MAKE_TEST = ("original",)


@pytest.mark.parametrize("edition", [
    edition if edition in IN_MAKE_TEST else pytest.param(edition, marks=pytest.mark.full)
    for edition in EDITIONS])
def test_a_lesson_per_edition_solved_by_clicking(open_notebook, edition: str) -> None:
    lesson_id = EDITIONS[edition]
    lesson = catalog()[lesson_id]
    nb = open_notebook(f"lesson-{edition}.ipynb",
                       "from stratego_widget.lessons import LessonWidget",
                       f"w = LessonWidget({lesson_id!r})\nw")
    root = panel(nb)
    root.wait_for(state="visible")
    assert root.get_attribute("data-lesson-step") == "0"
    assert root.get_attribute("data-lesson-state") == "playing"
    assert lesson_testid(nb, "lesson-title").inner_text() == lesson.title.get("en")
    wrong_step, origin, target, rule, text = wrong_click(lesson_id)
    for step in lesson.steps:
        if step.index:  # the solved step stays on the board until Next (issue 22)
            serial = nb.serial()
            lesson_testid(nb, "lesson-next").click()
            answered(nb, serial)
        wait_for(nb.page,
            "n => document.querySelector('[data-testid=lesson-panel]')?.dataset.lessonStep"
            " === String(n)", arg=step.index, timeout=TIMEOUT_MS)
        assert root.get_attribute("data-lesson-kind") == step.kind
        assert lesson_testid(nb, "lesson-instruction").inner_text() == \
            step.instruction.get("en")
        if step.index == wrong_step:
            # A wrong click: refused, explained next to the clicked square, nothing moved.
            before = nb.python("print(w.game.position())")
            serial = nb.serial()
            nb.square(origin).click()
            nb.square(target).click()
            answered(nb, serial)
            bubble = lesson_testid(nb, "lesson-bubble")
            bubble.wait_for(state="visible")
            assert bubble.get_attribute("data-square") == target
            assert bubble.inner_text() == text
            feedback = lesson_testid(nb, "lesson-feedback")
            assert feedback.get_attribute("data-rule") == rule
            assert feedback.get_attribute("data-accepted") == "false"
            assert nb.python("print(w.game.position())") == before
            assert root.get_attribute("data-lesson-state") == "playing"
            # A hint: the first one is free (no star lost).
            serial = nb.serial()
            lesson_testid(nb, "lesson-hint").click()
            answered(nb, serial)
            hint = json.loads(nb.python(
                "import json; print(json.dumps(w.lesson['feedback']))"))
            assert hint["kind"] == "hint" and hint["hint"] == 1
            assert feedback.get_attribute("data-kind") == "hint"
            assert feedback.inner_text().startswith(hint["text"])
        for action in step.solution:
            click_action(nb, step.kind, action)
        state = root.get_attribute("data-lesson-state")
        assert state == ("finished" if step.index == len(lesson.steps) - 1 else "solved"), (
            step.index, nb.python("print(w.lesson['feedback'])"))
    # The wrong click cost that step a star (issue 22); every other step earned three.
    stars = [2 if index == wrong_step else 3 for index in range(len(lesson.steps))]
    assert nb.python("print(w.run.finished, w.run.stars)") == f"True {stars}"
    total = 3 * len(lesson.steps)
    assert lesson_testid(nb, "lesson-progress").inner_text() == \
        f"Lesson finished: {sum(stars)} of {total} stars"
    assert not nb.errors


def test_a_setup_lesson_by_clicking_with_retry_and_next(open_notebook) -> None:
    lesson = catalog()["setup-flag"]
    nb = open_notebook("lesson-setup.ipynb",
                       "from stratego_widget.lessons import LessonWidget",
                       "w = LessonWidget('setup-flag', step=1)\nw")
    root = panel(nb)
    root.wait_for(state="visible")
    step = lesson.steps[1]
    assert root.get_attribute("data-lesson-kind") == "setup"
    area = nb.page.locator(".sw-lesson-widget .sw-lesson-area")
    assert sorted(area.evaluate_all("cells => cells.map(c => c.dataset.square)")) == \
        sorted(step.setup_squares)
    # One piece placed, then Retry empties the board again.
    click_action(nb, "setup", step.solution[0])
    assert nb.python("print(w.run.state.placements)") == repr(
        {step.solution[0].split("@")[1]: step.solution[0].split("@")[0]})
    serial = nb.serial()
    lesson_testid(nb, "lesson-retry").click()
    answered(nb, serial)
    assert nb.python("print(w.run.state.placements)") == "{}"
    for action in step.solution:
        click_action(nb, "setup", action)
    # The solved step stays, with its result, until Next (issue 22).
    assert root.get_attribute("data-lesson-step") == "1"
    assert root.get_attribute("data-lesson-state") == "solved"
    serial = nb.serial()
    lesson_testid(nb, "lesson-next").click()
    answered(nb, serial)
    assert root.get_attribute("data-lesson-step") == "2"
    assert root.get_attribute("data-lesson-state") == "playing"
    # Next skips a step without stars.
    serial = nb.serial()
    lesson_testid(nb, "lesson-next").click()
    answered(nb, serial)
    assert root.get_attribute("data-lesson-step") == "3"
    assert nb.python("print(w.run.stars)") == str([0, 3] + [0] * (len(lesson.steps) - 2))
    assert lesson_testid(nb, "lesson-step-1").get_attribute("data-stars") == "3"
    assert not nb.errors
