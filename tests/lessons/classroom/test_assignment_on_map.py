"""The assignment on the learner's course map (issue 34): found beside a course's lessons (its
``assignments/`` folder) or given with ``assignments=``; each item's lesson title, steps,
stars and state (passed, done, not yet), the due date and overdue, the points; a bad file is
one line naming it."""

from __future__ import annotations

import datetime
import pathlib
import shutil

import pytest
from project import PROJECT

from stratego_widget.lessons import Assignment, LessonError, catalog
from stratego_widget.lessons.board.course import CourseSession, assignment_on_map
from stratego_widget.lessons.classroom.attempts import Attempt
from stratego_widget.lessons.classroom.progress import Progress

EXAMPLE = PROJECT / "tests" / "data" / "course_example"

WEEK = """title = "Week 3: the Scout"
lessons = ["scout"]
steps = ["spy:1", "miner:2"]
pass = 60
due = 2026-12-04
points = 10
"""


def learner_file(tmp_path: pathlib.Path, *solved: tuple[str, int, int, str]) -> pathlib.Path:
    """A progress file with a solved attempt at each (lesson, step from 1, stars, date)."""
    progress = Progress()
    for lesson, step, stars, date in solved:
        progress.record_attempt(catalog()[lesson], step - 1,
                                Attempt(f"{date}T10:00:00Z", 20.0, True, stars))
    path = tmp_path / "progress.json"
    progress.save(path)
    return path


def test_the_map_shows_each_item_with_its_stars_and_state(tmp_path: pathlib.Path) -> None:
    week = tmp_path / "week-3.toml"
    week.write_text(WEEK, encoding="utf-8")
    session = CourseSession(progress=None, lang="nl", assignments=[week])
    assert session.map()["assignments"][0]["items"][0] == {
        "lesson": "scout", "title": "De Verkenner", "steps": [1, 2, 3, 4], "whole": True,
        "stars": 0, "possible": 12, "state": "not-yet"}
    # Every step of the Scout, 4 of 12 stars: done; the Spy's step, 3 of 3: passed.
    played = learner_file(tmp_path, *[("scout", step, 1, "2026-12-01") for step in (1, 2, 3, 4)],
                          ("spy", 1, 3, "2026-12-01"))
    session = CourseSession(progress=played, lang="nl", assignments=[week])
    shown = session.map()["assignments"][0]
    assert [(item["lesson"], item["steps"], item["whole"], item["stars"], item["state"])
            for item in shown["items"]] == [
        ("scout", [1, 2, 3, 4], True, 4, "done"),
        ("spy", [1], False, 3, "passed"),
        ("miner", [2], False, 0, "not-yet")]
    # 7 of 18 stars: 3.89 of 10 points, not passed at 60%; the date is the file's (whether
    # it is overdue depends on today: the last test).
    assert (shown["title"], shown["due"], shown["passed"], shown["late"], shown["points"],
            shown["maximum"], shown["pass_percent"]) == \
        ("Week 3: the Scout", "2026-12-04", False, False, 3.89, 10.0, 60.0)


def test_passed_after_the_due_date_is_late_and_not_overdue(tmp_path: pathlib.Path) -> None:
    session = CourseSession(progress=learner_file(tmp_path, ("spy", 1, 3, "2026-02-01")),
                            assignments=[Assignment.from_text(
                                'title = "Spy"\nsteps = ["spy:1"]\npass = 100\n'
                                'due = 2026-01-10')])
    shown = session.map()["assignments"][0]
    assert (shown["passed"], shown["late"], shown["overdue"]) == (True, True, False)


def test_a_course_folder_shows_its_assignments_folder(tmp_path: pathlib.Path) -> None:
    course = tmp_path / "my-course"
    shutil.copytree(EXAMPLE, course)
    (course / "assignments").mkdir()
    (course / "assignments" / "b.toml").write_text(
        'title = "Second"\nsteps = ["miner-bomb:1"]\npass = 50', encoding="utf-8")
    (course / "assignments" / "a.toml").write_text(
        'title = "First"\nlessons = ["far-scout", "miner-bomb"]\npass = 50', encoding="utf-8")
    session = CourseSession(course, progress=None)
    assert [shown["title"] for shown in session.map()["assignments"]] == ["First", "Second"]
    first = session.map()["assignments"][0]
    assert first["due"] is None and first["overdue"] is False
    assert [item["title"] for item in first["items"]] == ["A Scout goes far", "A Miner's job"]
    session.lesson_session.propose("b2-b7")              # far-scout solved by a move
    assert [item["state"] for item in session.map()["assignments"][0]["items"]] == \
        ["passed", "not-yet"]
    # The shipped course has no folder: no assignment unless one is given.
    assert CourseSession(progress=None).map()["assignments"] == []
    assert CourseSession(course, progress=None, assignments=[]).map()["assignments"] == []


def test_a_bad_assignment_file_is_one_line_naming_it(tmp_path: pathlib.Path) -> None:
    course = tmp_path / "my-course"
    shutil.copytree(EXAMPLE, course)
    (course / "assignments").mkdir()
    (course / "assignments" / "week.toml").write_text(
        'title = "W"\nlessons = ["scout"]\npass = 50', encoding="utf-8")
    with pytest.raises(LessonError) as raised:
        CourseSession(course, progress=None)
    assert str(raised.value) == "week.toml: lessons[0] 'scout' is not a lesson of the course."
    assert "\n" not in str(raised.value)


def test_overdue_is_the_day_after_the_due_date_when_not_passed() -> None:
    week = Assignment.from_text(WEEK)
    before = assignment_on_map(week, Progress(), "en", datetime.date(2026, 12, 4))
    after = assignment_on_map(week, Progress(), "en", datetime.date(2026, 12, 5))
    assert (before["overdue"], after["overdue"]) == (False, True)
