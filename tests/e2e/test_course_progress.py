"""The course map in a real JupyterLab and Chromium: a lesson opened from the map and solved by
clicking, its stars kept without any code from the learner, still there after the notebook is
closed (its kernel shut down) and opened again; the map by keyboard, and axe-core on it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from harness import Notebook, run_axe, set_theme

from stratego_widget.lessons import catalog

pytestmark = pytest.mark.e2e

COURSE = "from stratego_widget.lessons import Course\nCourse()"


def part(nb: Notebook, name: str) -> Any:
    return nb.page.locator(f'.sw-lesson-widget [data-testid="{name}"]').first




def test_stars_earned_by_clicking_are_there_after_the_notebook_is_closed_and_reopened(
        open_notebook) -> None:
    scout = catalog()["scout"]
    nb = open_notebook("course.ipynb", COURSE, ready='[data-testid="course-map"]:not([hidden])')
    assert part(nb, "course-map").is_visible()
    assert part(nb, "course-lesson-pieces").get_attribute("aria-current") == "true"
    part(nb, "course-lesson-scout").click()
    nb.page.wait_for_selector('[data-testid="lesson-panel"][data-lesson="scout"]')
    assert not part(nb, "course-map").is_visible()
    move = scout.steps[0].solution[0]
    serial = nb.serial()
    origin, target = move.split("-")
    nb.square(origin).click()
    nb.square(target).click()
    nb.wait_serial_above(serial)
    nb.page.wait_for_selector('[data-testid="lesson-panel"][data-lesson-state="solved"]')
    part(nb, "course-map-button").click()
    label = part(nb, "course-lesson-scout").get_attribute("aria-label")
    assert label == f"The Scout: 3 of {3 * len(scout.steps)} stars"
    place = part(nb, "course-place").text_content() or ""
    assert place.startswith("Your progress is saved in") and place.endswith("progress.json")
    assert nb.errors == []
    nb.close()  # as a learner does at the end of a visit: its kernel goes

    again = open_notebook("course.ipynb", COURSE,
                          ready='[data-testid="course-map"]:not([hidden])')
    assert part(again, "course-lesson-scout").get_attribute("aria-label") == label
    stars = part(again, "course-stars").text_content() or ""
    assert stars.startswith("3 of ")
    # The scout lesson opens at the first step not solved yet.
    part(again, "course-lesson-scout").click()
    again.page.wait_for_selector('[data-testid="lesson-panel"][data-lesson="scout"]'
                                 '[data-lesson-step="1"]')
    assert again.errors == []


def test_the_map_by_keyboard_and_axe_in_light_and_dark(open_notebook) -> None:
    nb = open_notebook("course-keys.ipynb", COURSE, viewport=(1366, 768),
                       ready='[data-testid="course-map"]:not([hidden])')
    # From the map's Back button, Tab reaches the lessons (Review, with nothing due, is
    # disabled), and Enter opens one.
    part(nb, "course-back").focus()
    nb.page.keyboard.press("Tab")
    focused = nb.page.evaluate("() => document.activeElement?.dataset?.testid")
    assert focused == "course-lesson-pieces"
    nb.page.keyboard.press("Tab")
    nb.page.keyboard.press("Enter")
    nb.page.wait_for_selector('[data-testid="lesson-panel"][data-lesson="officers"]')
    part(nb, "course-map-button").click()
    nb.page.keyboard.press("Escape")
    assert not part(nb, "course-map").is_visible()
    part(nb, "course-map-button").click()
    for theme in ("light", "dark"):
        set_theme(nb.page, theme)
        result = run_axe(nb.page, ".sw-lesson-widget")
        assert result["violations"] == [], json.dumps(result["violations"], indent=1)[:2000]
    set_theme(nb.page, "light")
    # At 1366x768 the map fits the notebook's width: nothing scrolls sideways.
    wide = nb.page.evaluate(
        "() => { const m = document.querySelector('.sw-course');"
        " return m.scrollWidth - m.clientWidth; }")
    assert wide <= 1
    assert nb.errors == []
