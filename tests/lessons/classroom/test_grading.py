"""Grading hooks: ``Progress.require``, ``require_course`` and ``points``, and the hook run
through otter-grader's own checker on a passing and a failing progress file."""

from __future__ import annotations

import importlib.metadata
import json
import pathlib
import subprocess
import sys
import textwrap

import pytest
from project import PROJECT

from stratego_widget.lessons import LessonError, catalog
from stratego_widget.lessons.classroom import grading
from stratego_widget.lessons.classroom.attempts import Attempt
from stratego_widget.lessons.classroom.grading import points, require_course
from stratego_widget.lessons.classroom.progress import Progress

FAST_GAMES = [lesson for lesson in catalog().values() if lesson.course == "fast-games"]


# -- Progress.require -------------------------------------------------------------------------

def test_require_passes_when_every_step_has_the_stars() -> None:
    Progress({"scout": [3, 3, 2, 2]}).require("scout", stars=2)
    Progress({"scout": [1, 1, 1, 1]}).require("scout")


def test_require_says_which_steps_are_short_and_which_have_none() -> None:
    with pytest.raises(AssertionError) as error:
        Progress({"scout": [3, 1]}).require("scout", stars=2)
    assert str(error.value) == ("lesson 'scout': step 2 has 1 of the 2 stars asked for; "
                                "steps 3 and 4 have none.")


def test_require_one_step_counted_from_one() -> None:
    progress = Progress({"scout": [3, 0, 2]})
    progress.require("scout", stars=2, step=3)
    with pytest.raises(AssertionError, match=r"^lesson 'scout': step 2 has none\.$"):
        progress.require("scout", step=2)
    with pytest.raises(AssertionError, match="has steps 1 to 4, not 5"):
        progress.require("scout", step=5)


def test_require_a_lesson_never_played() -> None:
    with pytest.raises(AssertionError, match=r"steps 1, 2, 3 and 4 have none"):
        Progress().require("scout")


def test_require_counts_a_changed_step_as_not_played() -> None:
    progress = Progress()
    record = progress.record_attempt(catalog()["scout"], 0,
                                     Attempt("2026-11-26T10:00:00Z", 10.0, True, 3))
    record.fingerprint = "changed-step"
    with pytest.raises(AssertionError, match="steps 1, 2, 3 and 4 have none"):
        progress.require("scout")


def test_require_refuses_a_lesson_it_does_not_know() -> None:
    # The learner's file names the lesson and claims stars on it: the step count comes from
    # the lessons, never from the file, so an unknown lesson fails closed.
    claimed = Progress({"no-such-lesson": [3, 3]})
    for progress in (claimed, Progress()):
        with pytest.raises(LessonError) as error:
            progress.require("no-such-lesson")
        assert error.value.rule == "lesson-unknown"
        assert str(error.value) == "Unknown lesson 'no-such-lesson'."
    with pytest.raises(LessonError, match="Unknown lesson 'scout'"):
        Progress({"scout": [3, 3, 3, 3]}).require("scout", lessons={"spy": catalog()["spy"]})
    assert claimed.records.keys() == {"no-such-lesson"}    # the progress is as before


def test_require_counts_the_lessons_steps_not_the_files() -> None:
    # A file with more steps than the lesson has gains nothing; one with fewer is short.
    Progress({"scout": [3] * 4 + [0] * 6}).require("scout", stars=3)
    with pytest.raises(AssertionError, match="has steps 1 to 4, not 7"):
        Progress({"scout": [3] * 10}).require("scout", step=7)


# -- grading helpers --------------------------------------------------------------------------

def test_points_is_the_share_of_steps_with_the_stars() -> None:
    progress = Progress({"scout": [3, 2, 1, 0]})
    assert points(progress, "scout", stars=2, total=10) == 5.0
    assert points(progress, "scout") == 0.75
    assert points(Progress(), "scout", total=4) == 0.0
    # Issue 34: two of four steps of 10/3 points printed 1.6666666666666667.
    assert repr(points(Progress({"scout": [3, 3]}), "scout", total=10 / 3)) == "1.67"
    with pytest.raises(LessonError, match="stars is a whole number from 1 to 3"):
        points(progress, "scout", stars=4)
    with pytest.raises(LessonError, match="Unknown lesson 'nope'"):
        points(progress, "nope")


def test_require_course_checks_every_lesson_of_the_course() -> None:
    done = Progress({lesson.id: [3] * len(lesson.steps) for lesson in FAST_GAMES})
    require_course(done, "fast-games", stars=3)
    half = Progress({lesson.id: [3] * len(lesson.steps) for lesson in FAST_GAMES[1:]}
                    | {FAST_GAMES[0].id: [3, 1]})
    with pytest.raises(AssertionError) as error:
        require_course(half, "fast-games", stars=2)
    assert str(error.value).startswith(f"course 'fast-games': lesson '{FAST_GAMES[0].id}': "
                                       "step 2 has 1 of the 2 stars asked for, step 3 has none")
    with pytest.raises(LessonError, match="No lesson belongs to the course 'cooking'"):
        require_course(done, "cooking")


def test_require_course_takes_a_teachers_own_lessons() -> None:
    mine = {"scout": catalog()["scout"]}
    require_course(Progress({"scout": [2, 2, 2, 2]}), "basics", stars=2, lessons=mine)
    with pytest.raises(AssertionError, match="lesson 'scout' has not been played"):
        require_course(Progress(), "basics", lessons=mine)


# -- what grading rests on ---------------------------------------------------------------------

def test_a_file_written_by_one_cell_passes_every_check_so_the_docs_say_so(
        tmp_path: pathlib.Path) -> None:
    # Progress is self-reported: a version-2 file with attempts and the steps' real
    # fingerprints, written without playing, passes every check. The docs must say so.
    forged = Progress(learner="Mallory")
    for lesson in catalog().values():
        for index in range(len(lesson.steps)):
            forged.record_attempt(lesson, index, Attempt("2026-11-26T10:00:00Z", 40.0, True, 3))
    forged.save(tmp_path / "mallory.json")
    loaded = Progress.load(tmp_path / "mallory.json")
    loaded.require("scout", stars=3)
    for course in {lesson.course for lesson in catalog().values()}:
        require_course(loaded, course, stars=3)
    assert points(loaded, "scout", stars=3, total=10) == 10.0
    root = PROJECT
    for text in (grading.__doc__ or "", (root / "README.md").read_text(encoding="utf-8"),
                 (root / "docs" / "classroom.md").read_text(encoding="utf-8")):
        flat = " ".join(text.split())
        assert "self-reported" in flat and "plain JSON" in flat and "edit" in flat
        assert "formative" in flat and ("not exams" in flat or "not for exams" in flat)


# -- otter-grader -----------------------------------------------------------------------------

#: An otter-grader test file in the OK format: the grader's test cell loads the learner's
#: progress file and asks for two stars on every step of the Scout lesson.
OK_TEST = textwrap.dedent('''\
    OK_FORMAT = True
    test = {
        "name": "scout",
        "points": 2,
        "suites": [{
            "cases": [{
                "code": ">>> from stratego_widget.lessons import Progress\\n"
                        ">>> Progress.load(progress_file).require('scout', stars=2)\\n",
                "hidden": False,
                "locked": False,
            }],
            "scored": True, "setup": "", "teardown": "", "type": "doctest",
        }],
    }
    ''')

#: What a learner's notebook runs: otter's checker on the test, in the learner's namespace.
CHECK = textwrap.dedent('''\
    import json, sys
    from otter.check.notebook import Notebook

    grader = Notebook(tests_dir="tests")
    result = grader.check("scout", global_env={"progress_file": sys.argv[1]})
    print(json.dumps({"passed": result.passed_all, "score": result.score,
                      "possible": result.possible, "report": repr(result)}))
    ''')


def otter_check(folder: pathlib.Path, progress_file: str) -> dict[str, object]:
    run = subprocess.run([sys.executable, "check.py", progress_file], cwd=folder,
                         capture_output=True, text=True, timeout=120, check=True)
    result: dict[str, object] = json.loads(run.stdout.strip().splitlines()[-1])
    return result


def test_the_hook_runs_through_otter_grader(tmp_path: pathlib.Path) -> None:
    assert importlib.metadata.version("otter-grader")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "scout.py").write_text(OK_TEST, encoding="utf-8")
    (tmp_path / "check.py").write_text(CHECK, encoding="utf-8")
    Progress({"scout": [3, 2, 2, 3]}, learner="Ada").save(tmp_path / "ada.json")
    Progress({"scout": [3, 1]}, learner="Bo").save(tmp_path / "bo.json")

    passing = otter_check(tmp_path, "ada.json")
    assert passing["passed"] is True and passing["score"] == passing["possible"] == 2
    assert "All test cases passed" in str(passing["report"])

    failing = otter_check(tmp_path, "bo.json")
    assert failing["passed"] is False and failing["score"] == 0
    assert ("AssertionError: lesson 'scout': step 2 has 1 of the 2 stars asked for; "
            "steps 3 and 4 have none.") in str(failing["report"])
