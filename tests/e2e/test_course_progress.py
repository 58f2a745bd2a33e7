"""The course map in a real JupyterLab and Chromium: a lesson opened from the map and solved by
clicking, its stars kept without any code from the learner, still there after the notebook is
closed (its kernel shut down) and opened again; the map by keyboard (the learner's name typed
and saved with Enter), the assignment the teacher set (its due date overdue, each item's state
in words, a button to its lesson), Hand in (the browser's download and the teacher's hand-in
folder, read by ClassSummary), and axe-core on it."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest
from harness import Notebook, run_axe, set_theme, wait_for

from stratego_widget.lessons import ClassSummary, Progress, catalog

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


def focused(nb: Notebook) -> str | None:
    return nb.page.evaluate("() => document.activeElement?.dataset?.testid")


def test_the_map_by_keyboard_hand_in_and_axe_in_light_and_dark(open_notebook, lab) -> None:
    folder = lab.root / "handed-in"   # the class's shared folder, named by the teacher
    folder.mkdir(exist_ok=True)
    # The teacher's assignment (issue 34), due on a day gone, on steps no test here plays.
    (lab.root / "week-3.toml").write_text(
        'title = "Week 3"\nlessons = ["miner"]\nsteps = ["spy:1"]\npass = 70\n'
        'due = 2026-01-10\n', encoding="utf-8")
    nb = open_notebook("course-keys.ipynb", COURSE.replace(
        "Course()", 'Course(hand_in_folder="handed-in", assignments=["week-3.toml"])'),
                       viewport=(1366, 768), ready='[data-testid="course-map"]:not([hidden])')
    # From the map's Back button, Tab reaches the name field: the name is typed and Enter
    # keeps it (issue 34); then the lessons (Review, with nothing due, is disabled), and
    # Enter opens one.
    part(nb, "course-back").focus()
    nb.page.keyboard.press("Tab")
    assert focused(nb) == "course-name"
    nb.page.keyboard.type("Ada Lovelace")
    nb.page.keyboard.press("Enter")
    wait_for(nb.page,
        "(node) => node.textContent === 'Progress of Ada Lovelace'",
        arg=part(nb, "course-name-ask").element_handle())
    nb.page.keyboard.press("Tab")
    assert focused(nb) == "course-name-save"
    # The assignment, above the lessons: its due date overdue, what passes, each item a
    # button that says its stars and state (then the lessons).
    assert part(nb, "course-assignment-0").locator("h3").text_content() == "Assignment: Week 3"
    assert part(nb, "course-assignment-0-due").text_content() == "Due January 10, 2026: overdue"
    assert (part(nb, "course-assignment-0-status").text_content() or "").startswith(
        "Not passed yet: 0 of 12 points; 70% of the stars passes")
    nb.page.keyboard.press("Tab")
    assert focused(nb) == "course-assignment-0-item-0"
    assert (part(nb, "course-assignment-0-item-0").text_content() or "").endswith(
        "The Miner and the Bombs, every step: 0 of 9 stars, not yet")
    nb.page.keyboard.press("Tab")
    assert focused(nb) == "course-assignment-0-item-1"
    nb.page.keyboard.press("Tab")  # the puzzles' entry, then the lessons
    assert focused(nb) == "course-puzzles"
    nb.page.keyboard.press("Tab")
    assert focused(nb) == "course-lesson-pieces"
    nb.page.keyboard.press("Tab")
    nb.page.keyboard.press("Enter")
    nb.page.wait_for_selector('[data-testid="lesson-panel"][data-lesson="officers"]')
    part(nb, "course-map-button").click()
    nb.page.keyboard.press("Escape")
    assert not part(nb, "course-map").is_visible()
    part(nb, "course-map-button").click()
    # Hand in: the browser downloads the learner's file, written to the hand-in folder too,
    # and the map says where it went; the teacher's summary reads it with the learner's name.
    with nb.page.expect_download() as download:
        part(nb, "course-hand-in").click()
    assert download.value.suggested_filename == "Ada Lovelace.json"
    text = pathlib.Path(download.value.path()).read_text(encoding="utf-8")
    assert Progress.from_json(text).learner == "Ada Lovelace"
    wait_for(nb.page,
        "(node) => node.textContent.startsWith('Ada Lovelace.json is handed in to handed-in')",
        arg=part(nb, "course-handed").element_handle())
    assert (folder / "Ada Lovelace.json").read_text(encoding="utf-8") == text
    summary = ClassSummary.from_folder(folder)
    assert summary.problems == [] and [row["learner"] for row in summary.totals()] == \
        ["Ada Lovelace"]
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
