"""Assignments and the gradebook (issue 34): a class scored against an assignment file, checked
against figures counted by hand, the Canvas and Moodle CSV read back by pandas, no cell a
spreadsheet could run, and a one-line error naming the field for a malformed file.

The assignment: every step of the Scout (4 steps) and step 1 of the Spy, 10 points, pass at
60% of the 15 stars (9), due 2026-12-01.

- Ada (on time): the Scout's four steps with 3 stars, the Spy's step with 2 (two hints):
  14 stars, 9.33 points, passed.
- Bo: Scout step 1 with 3 stars on time, step 2 with 3 and step 3 with 1 (four hints) late:
  7 stars, 4.67 points, not yet.
- "=Cy" (a name a spreadsheet would run): the Scout's four steps with 3 stars, late: 12 stars,
  8 points, passed late.
- dee (a file of the first form, best stars only): the Scout's steps 1 and 2 with 3 stars:
  6 stars, 4 points, not yet.

With ``hint_stars = [3, 2, 1, 1, 0]``: Ada's Spy step counts 1 star (13 stars, 8.67 points),
Bo's Scout step 3 none (6 stars, 4 points).
"""

from __future__ import annotations

import datetime
import io
import pathlib

import pandas
import pytest

from stratego_widget.lessons import ClassSummary, LessonError, catalog
from stratego_widget.lessons.classroom.assignments import Assignment
from stratego_widget.lessons.classroom.attempts import Attempt
from stratego_widget.lessons.classroom.progress import Progress

WEEK = """title = "Week 3"
lessons = ["scout"]
steps = ["spy:1"]
pass = 60
due = 2026-12-01
points = 10
"""
ON_TIME, LATE = "2026-11-30T15:00:00Z", "2026-12-02T09:00:00Z"


def the_class(folder: pathlib.Path) -> ClassSummary:
    scout, spy = catalog()["scout"], catalog()["spy"]
    ada = Progress(learner="Ada")
    for step in range(4):
        ada.record_attempt(scout, step, Attempt(ON_TIME, 20.0, True, 3))
    ada.record_attempt(spy, 0, Attempt(ON_TIME, 40.0, True, 2, hints=2))
    bo = Progress(learner="Bo")
    bo.record_attempt(scout, 0, Attempt(ON_TIME, 20.0, True, 3))
    bo.record_attempt(scout, 1, Attempt(LATE, 20.0, True, 3))
    bo.record_attempt(scout, 2, Attempt(LATE, 90.0, True, 1, hints=4))
    cy = Progress(learner="=Cy")
    for step in range(4):
        cy.record_attempt(scout, step, Attempt(LATE, 20.0, True, 3))
    ada.save(folder / "ada.json")
    bo.save(folder / "bo.json")
    cy.save(folder / "cy.json")
    (folder / "dee.json").write_text('{"scout": [3, 3]}', encoding="utf-8")
    return ClassSummary.from_folder(folder)


def test_the_class_is_scored_as_counted_by_hand(tmp_path: pathlib.Path) -> None:
    summary = the_class(tmp_path)
    table = summary.grades(Assignment.from_text(WEEK))
    assert [(s.learner, s.stars, s.possible, s.points, s.maximum, s.status, s.on_time_points)
            for s in table.scores] == [
        ("Ada", 14, 15, 9.33, 10.0, "passed", 9.33),
        ("Bo", 7, 15, 4.67, 10.0, "not yet", 2.0),
        ("=Cy", 12, 15, 8.0, 10.0, "passed late", 0.0),
        ("dee", 6, 15, 4.0, 10.0, "not yet", 4.0)]
    assert "Ada      9.33    10       93.3  5/5         passed" in repr(table)


def test_stricter_hint_penalties_cap_each_attempt(tmp_path: pathlib.Path) -> None:
    strict = Assignment.from_text(WEEK + "hint_stars = [3, 2, 1, 1, 0]\n")
    scores = the_class(tmp_path).grades(strict).scores
    assert [(s.learner, s.stars, s.points) for s in scores] == [
        ("Ada", 13, 8.67), ("Bo", 6, 4.0), ("=Cy", 12, 8.0), ("dee", 6, 4.0)]


def test_the_canvas_csv_reads_back_with_the_hand_counted_points(tmp_path: pathlib.Path) -> None:
    text = the_class(tmp_path).grades(Assignment.from_text(WEEK)).csv(
        "canvas", ids={"Ada": "s-001", "Bo": "s-002"})
    frame = pandas.read_csv(io.StringIO(text), keep_default_na=False)
    assert list(frame.columns) == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                                   "Week 3"]
    assert frame.loc[0, "Student"] == "Points Possible" and float(frame.loc[0, "Week 3"]) == 10
    points = dict(zip(frame["Student"][1:], frame["Week 3"][1:].astype(float), strict=True))
    assert points == {"Ada": 9.33, "Bo": 4.67, "'=Cy": 8.0, "dee": 4.0}
    assert list(frame["SIS User ID"][1:]) == ["s-001", "s-002", "", ""]


def test_the_moodle_csv_reads_back_with_the_hand_counted_points(tmp_path: pathlib.Path) -> None:
    text = the_class(tmp_path).grades(Assignment.from_text(WEEK)).csv("moodle")
    frame = pandas.read_csv(io.StringIO(text), keep_default_na=False)
    assert list(frame.columns) == ["Full name", "ID number", "Week 3", "Feedback"]
    assert list(frame["Week 3"]) == [9.33, 4.67, 8.0, 4.0]
    assert list(frame["Feedback"]) == ["passed: 9.33 of 10 points", "not yet: 4.67 of 10 points",
                                       "passed late: 8 of 10 points", "not yet: 4 of 10 points"]


@pytest.mark.parametrize("form", ["canvas", "moodle"])
def test_no_gradebook_cell_starts_a_formula(form: str) -> None:
    names = ["=HYPERLINK(\"http://x\",\"y\")", "+1", "-2", "@SUM(A1)", "\tTab", "\rx"]
    summary = ClassSummary({name: Progress({"scout": [3]}) for name in names})
    week = Assignment.from_text('title = "=cmd|calc"\nlessons = ["scout"]\npass = 50')
    text = summary.grades(week).csv(form, ids={"+1": "=2+2"})
    frame = pandas.read_csv(io.StringIO(text), keep_default_na=False, dtype=str)
    cells = [*frame.columns, *(cell for row in frame.itertuples(index=False) for cell in row)]
    assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@", "\t", "\r"))]
    assert "'=HYPERLINK(\"http://x\",\"y\")" in cells and "'=2+2" in cells


def test_a_learners_map_sees_items_done_and_the_due_date() -> None:
    scout = catalog()["scout"]
    bo = Progress()
    bo.record_attempt(scout, 0, Attempt(ON_TIME, 20.0, True, 3))
    week = Assignment.from_text(WEEK)
    shown = week.for_learner(bo, today=datetime.date(2026, 12, 2))
    assert [(item.lesson, item.steps, item.stars, item.possible, item.done)
            for item in shown.items] == [("scout", (1, 2, 3, 4), 3, 12, False),
                                         ("spy", (1,), 0, 3, False)]
    assert (shown.due, shown.overdue, shown.passed, shown.points) == ("2026-12-01", True,
                                                                      False, 2.0)
    assert not week.for_learner(bo, today=datetime.date(2026, 12, 1)).overdue
    assert shown.to_data()["items"][1] == {"lesson": "spy", "steps": [1], "stars": 0,
                                           "possible": 3, "done": False, "passed": False}


def test_an_assignment_file_is_loaded(tmp_path: pathlib.Path) -> None:
    (tmp_path / "week-3.toml").write_text(WEEK, encoding="utf-8")
    week = Assignment.load(tmp_path / "week-3.toml")
    assert (week.title, week.step_count, week.maximum, week.pass_percent, str(week.due)) == (
        "Week 3", 5, 10.0, 60.0, "2026-12-01")
    assert [item.label for item in week.items] == ["scout", "spy:1"]


@pytest.mark.parametrize(("text", "message"), [
    ('lessons = ["scout"]\npass = 50', "week.toml: title must be text"),
    ('title = "W"\npass = 50', "week.toml: lessons or steps must set at least one"),
    ('title = "W"\nlessons = ["nope"]\npass = 50',
     "week.toml: lessons[0] 'nope' is not a lesson of the course."),
    ('title = "W"\nsteps = ["scout:9"]\npass = 50',
     'week.toml: steps[0] must be "scout:N" with a step N from 1 to 4, not \'scout:9\'.'),
    ('title = "W"\nsteps = ["scout"]\npass = 50', "week.toml: steps[0] must be \"scout:N\""),
    ('title = "W"\nlessons = ["scout"]', "week.toml: pass must be a percent from 0 to 100"),
    ('title = "W"\nlessons = ["scout"]\npass = 150', "week.toml: pass must be a percent"),
    ('title = "W"\nlessons = ["scout"]\npass = 50\ndue = "next week"',
     "week.toml: due must be a date such as 2026-12-04"),
    ('title = "W"\nlessons = ["scout"]\npass = 50\npoints = 0', "week.toml: points must be"),
    ('title = "W"\nlessons = ["scout"]\npass = 50\nhint_stars = [3, 3, 3, 2, 1]',
     "week.toml: hint_stars[2] is 3, but the board already gives at most 2 after 2 hints"),
    ('title = "W"\nlessons = ["scout"]\npass = 50\nhint_stars = [3]',
     "week.toml: hint_stars must be five whole numbers"),
    ('title = "W"\nlessons = ["scout"]\npass = 50\ndeadline = 2026-12-01',
     "week.toml: 'deadline' is not a field of an assignment"),
    ('title = "W"\nlessons = ["scout"', "week.toml: not valid TOML"),
])
def test_a_malformed_file_names_the_field_in_one_line(tmp_path: pathlib.Path, text: str,
                                                      message: str) -> None:
    (tmp_path / "week.toml").write_text(text, encoding="utf-8")
    with pytest.raises(LessonError) as raised:
        Assignment.load(tmp_path / "week.toml")
    assert raised.value.rule == "lesson-assignment"
    assert str(raised.value).startswith(message) and "\n" not in str(raised.value)


def test_an_unknown_gradebook_form_is_named(tmp_path: pathlib.Path) -> None:
    table = the_class(tmp_path).grades(Assignment.from_text(WEEK))
    with pytest.raises(LessonError, match="form must be one of canvas, moodle, not 'excel'"):
        table.csv("excel")


def test_the_page_shows_each_learners_score(tmp_path: pathlib.Path) -> None:
    page = the_class(tmp_path).to_html(tmp_path / "class.html",
                                       assignments=[Assignment.from_text(WEEK)])
    assert "<h2>Assignment: Week 3</h2>" in page
    assert "<td>Ada</td><td>9.33</td><td>10</td><td>93.3</td><td>5/5</td><td>passed</td>" in page
    assert "<td>=Cy</td><td>8</td><td>10</td><td>80.0</td><td>4/5</td><td>passed late</td>" in page
    assert (tmp_path / "class.html").read_text(encoding="utf-8") == page
