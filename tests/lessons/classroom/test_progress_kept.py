"""A learner's attempts are counted, kept between visits without any code from the learner, and
bring missed steps back for review; a corrupt or foreign progress file is refused and never
overwritten (issue: the classroom)."""

from __future__ import annotations

import dataclasses
import datetime
import json
import pathlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stratego_widget.lessons import LessonError, LessonWidget, Progress, catalog
from stratego_widget.lessons.board.course import CourseSession
from stratego_widget.lessons.board.widget import Course
from stratego_widget.lessons.classroom.attempts import REVIEW_INTERVALS, Attempt, StepRecord
from stratego_widget.lessons.classroom.keeper import PROGRESS_ENV, ProgressKeeper, progress_path
from stratego_widget.lessons.model.lesson import Lesson

DAY = datetime.date(2026, 11, 26)


def attempt(solved: bool = True, stars: int = 3, **fields: object) -> Attempt:
    return Attempt("2026-11-26T10:00:00Z", 10.0, solved, stars if solved else 0, **fields)


# -- what an attempt counts ---------------------------------------------------------------------

def test_an_attempt_counts_refusals_wrong_answers_hints_and_time() -> None:
    session = CourseSession(progress=None, lesson="scout")
    seen: list[tuple[int, Attempt]] = []
    session.lesson_session.on_attempt(lambda run, step, a: seen.append((step, a)))
    lesson = session.lesson_session
    lesson.propose("b2-c3")          # diagonal: refused
    lesson.propose("b2-b9")          # a jump: refused
    lesson.hint()
    lesson.hint()                    # a second hint costs a star
    lesson.propose("b2-b7")
    (step, kept), = seen
    assert step == 0 and kept.solved and not kept.failed
    assert (kept.refusals, kept.wrong_answers, kept.hints) == (2, 0, 2)
    assert kept.stars == lesson.run.stars[0] < 3
    assert kept.seconds >= 0 and kept.date.endswith("Z")
    assert session.keeper.progress.step_record("scout", 0).attempts == [kept]


def test_a_wrong_answer_is_counted_as_one() -> None:
    session = CourseSession(progress=None, lesson="spy")
    seen: list[Attempt] = []
    session.lesson_session.on_attempt(lambda run, step, a: seen.append(a))
    step = session.lesson_session.run.step
    wrong = next(choice for choice in step.choices if choice != step.solution[0])
    session.handle({"type": "lesson_answer", "choice": wrong})
    session.handle({"type": "lesson_answer", "choice": step.solution[0]})
    assert [(a.wrong_answers, a.refusals, a.solved) for a in seen] == [(1, 0, True)]


def test_leaving_a_step_after_trying_keeps_an_unsolved_attempt_and_idle_steps_keep_none() -> None:
    session = CourseSession(progress=None, lesson="scout")
    session.handle({"type": "lesson_goto", "step": 1})   # step 1 untouched: nothing kept
    assert session.keeper.progress.records.get("scout", {}) == {}
    session.lesson_session.propose("a1-a2")             # anything: the learner acted
    session.handle({"type": "lesson_goto", "step": 2})
    record = session.keeper.progress.step_record("scout", 1)
    assert record is not None and [a.solved for a in record.attempts] == [False]


def test_a_lost_step_is_an_attempt_that_failed_and_comes_back_the_next_day() -> None:
    lesson_id, index, move = _a_losing_move()
    session = CourseSession(progress=None, lesson=lesson_id, step=index)
    feedback = session.lesson_session.propose(move)
    assert feedback.failed
    record = session.keeper.progress.step_record(lesson_id, index)
    assert record is not None and record.attempts[-1].failed and not record.attempts[-1].solved
    assert record.due == (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
    session.handle({"type": "lesson_retry"})              # a new attempt: nothing more kept yet
    assert len(record.attempts) == 1


def _a_losing_move() -> tuple[str, int, str]:
    """A move step of the catalog and a first move that loses it."""
    from stratego_widget.lessons.playing.run import LessonRun
    for lesson in catalog().values():
        for index, step in enumerate(lesson.steps):
            if step.kind != "move":
                continue
            game = LessonRun(lesson, step=index).game
            assert game is not None
            for move in game.legal_moves():
                if LessonRun(lesson, step=index).propose(str(move)).failed:
                    return lesson.id, index, str(move)
    raise AssertionError("no step of the catalog can be lost in one move")


# -- review ------------------------------------------------------------------------------------

def test_review_comes_sooner_after_a_miss_and_later_after_each_clean_solve() -> None:
    record = StepRecord("f")
    record.add(attempt(stars=1, hints=3), DAY)
    assert (record.interval, record.due) == (1, "2026-11-27")
    days = [record.interval]
    today = DAY
    for _ in REVIEW_INTERVALS:
        today = datetime.date.fromisoformat(record.due or "2099-01-01")
        record.add(attempt(), today)
        days.append(record.interval)
    assert days == [1, 3, 9, 27, 0] and record.due is None
    record.add(attempt(solved=False, failed=True), today)
    assert record.interval == 1


def test_a_clean_first_solve_never_comes_back() -> None:
    record = StepRecord("f")
    record.add(attempt(), DAY)
    assert record.due is None and not record.is_due(DAY + datetime.timedelta(days=400))


def test_the_course_review_plays_the_due_steps_and_keeps_them_under_their_own_lesson(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = CourseSession(progress=None, lesson="scout")
    lesson = catalog()["scout"]
    session.keeper.progress.record_attempt(lesson, 2, attempt(stars=1, hints=3),
                                           DAY - datetime.timedelta(days=3))
    assert session.map()["review"] == 1
    session.handle({"type": "course_review"})
    run = session.lesson_session.run
    assert run.lesson.id == "review" and run.lesson.steps == (lesson.steps[2],)
    assert session.map()["reviewing"]
    solution = lesson.steps[2].solution
    for action in solution:
        session.lesson_session.propose(action)
    record = session.keeper.progress.step_record(lesson, 2)
    assert record is not None and record.attempts[-1].review and record.attempts[-1].clean
    assert record.interval == 3 and session.map()["review"] == 0


def test_nothing_to_review_is_said_on_the_board_and_changes_nothing() -> None:
    session = CourseSession(progress=None, lesson="scout")
    before = session.lesson_session.state()
    session.handle({"type": "course_review"})
    assert session.board.message["rule"] == "course-review"
    assert session.lesson_session.state() == before


# -- an edited lesson ----------------------------------------------------------------------------

def test_a_changed_step_starts_afresh_and_the_others_keep_their_stars() -> None:
    lesson = catalog()["scout"]
    progress = Progress()
    for index in range(len(lesson.steps)):
        progress.record_attempt(lesson, index, attempt())
    changed_step = dataclasses.replace(lesson.steps[1], par=lesson.steps[1].par + 1)
    reworded = dataclasses.replace(lesson.steps[2], success=lesson.steps[3].success)
    edited = dataclasses.replace(lesson, steps=(lesson.steps[0], changed_step, reworded,
                                                *lesson.steps[3:]))
    assert progress.stars(edited) == [3, 0, 3, 3]
    assert progress.next_step(edited) == 1
    progress.record_attempt(edited, 1, attempt(stars=2))
    assert progress.stars(edited)[1] == 2 and progress.stars(lesson)[1] == 0


# -- the file, kept by itself ------------------------------------------------------------------------

def test_a_lesson_board_keeps_progress_in_the_documented_file_without_any_code(
        tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "kept" / "progress.json"
    monkeypatch.setenv(PROGRESS_ENV, str(path))
    assert progress_path() == path
    widget = LessonWidget("scout")
    widget.handle({"type": "move", "from": "b2", "to": "b7"})
    assert Progress.load(path).stars("scout") == [3]
    # a later visit: the course opens at the first unsolved step, with the stars earned
    again = Course()
    assert again.progress.stars("scout") == [3]
    again.open_lesson("scout")
    assert again.lesson["panel"]["step"] == 1 and again.lesson["panel"]["stars"][0] == 3
    assert again.course["place"].endswith("progress.json")


def test_two_boards_at_once_both_keep_their_attempts(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.json"
    first, second = LessonWidget("scout", progress=path), LessonWidget("miner", progress=path)
    first.propose("b2-b7")
    second.propose(catalog()["miner"].steps[0].solution[0])
    kept = Progress.load(path)
    assert kept.stars("scout")[:1] == [3] and kept.stars("miner")[:1] != [0]


@pytest.mark.parametrize("content", [
    b"{not json", b"[1, 2]", b'{"format": "someone-else", "version": 2}',
    b'{"format": "stratego-widget-progress", "version": 2, "learner": "", "lessons": '
    b'{"scout": {"0": {"fingerprint": "x", "best": 9, "attempts": [], "due": null, '
    b'"interval": 0}}}}',
    b"\xff\xfe", b"[" * 50_000,
])
def test_a_corrupt_or_foreign_file_is_refused_and_never_overwritten(
        tmp_path: pathlib.Path, content: bytes) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    widget = LessonWidget("scout", progress=path)
    problem = widget.course["problem"]
    assert problem and "\n" not in problem and "progress.json" in problem
    widget.propose("b2-b7")
    assert path.read_bytes() == content                     # never overwritten
    assert widget.progress.stars("scout") == [3]            # kept for this board


def test_a_progress_file_that_cannot_be_written_is_said_and_the_board_goes_on(
        tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "a-file-not-a-folder"
    folder.write_text("x")
    widget = LessonWidget("scout", progress=folder / "progress.json")
    assert widget.propose("b2-b7").solved
    assert widget.course["problem"] and "not saved" in widget.course["problem"]


# -- the browser's storage (JupyterLite) -----------------------------------------------------------

def test_in_the_browser_progress_goes_to_the_browser_and_comes_back() -> None:
    widget = LessonWidget("scout", progress="browser")
    assert widget.progress_mode == "browser" and widget.progress_text is None
    widget.propose("b2-b7")                              # before the browser answered
    stored = Progress({"miner": [3, 3]}).to_json()
    widget.handle({"type": "progress_restore", "text": stored})
    kept = Progress.from_json(widget.progress_text or "")
    assert kept.stars("miner") == [3, 3] and kept.stars("scout") == [3]


def test_corrupt_browser_storage_is_refused_and_never_overwritten() -> None:
    widget = LessonWidget("scout", progress="browser")
    widget.handle({"type": "progress_restore", "text": '{"format": 1}'})
    assert widget.progress_text is None and widget.course["problem"]
    widget.propose("b2-b7")
    assert widget.progress_text is None


def test_a_progress_restore_of_the_wrong_shape_is_refused_by_the_protocol() -> None:
    widget = LessonWidget("scout", progress="browser")
    before = dict(widget.lesson)
    widget.handle({"type": "progress_restore", "text": ["x"]})
    assert widget.view["message"]["rule"] == "protocol-value"
    assert widget.lesson == before


# -- the map --------------------------------------------------------------------------------------

def test_the_map_shows_every_lesson_once_with_stars_prerequisites_and_the_next_lesson() -> None:
    lessons = catalog()
    course = Course(progress=None)
    ids = [lesson["id"] for c in course.course["courses"] for lesson in c["lessons"]]
    assert ids == list(lessons)
    first = course.course["courses"][0]["lessons"]
    assert first[0]["suggested"] and first[0]["current"] and first[0]["requires"] == []
    assert all(lesson["requires"] == [] for lesson in first)
    # a course builds on the checkpoint that ends the course before it
    second = course.course["courses"][1]["lessons"]
    assert second[0]["requires"] == [first[-1]["id"]] and "checkpoint" in first[-1]["id"]
    assert course.course["possible"] == 3 * sum(len(x.steps) for x in lessons.values())
    for _ in range(len(lessons["pieces"].steps)):
        step = course.run.step
        assert step is not None
        for action in step.solution:
            course.propose(action)
        course.handle({"type": "lesson_next"})
    entry = course.course["courses"][0]["lessons"][0]
    assert entry["state"] == "done" and all(entry["stars"])
    assert course.course["courses"][0]["lessons"][1]["suggested"]


def test_course_open_refuses_an_unknown_lesson_and_changes_nothing() -> None:
    course = Course(progress=None)
    before = (dict(course.lesson), dict(course.course))
    course.handle({"type": "course_open", "lesson": "no-such-lesson"})
    assert course.view["message"]["rule"] == "lesson-unknown"
    assert (course.lesson, course.course) == before


def test_the_map_speaks_the_learners_language() -> None:
    course = Course(progress=None, lang="de")
    assert course.course["courses"][0]["title"] == "Die Grundlagen"
    course.lang = "fr"
    assert course.course["courses"][0]["title"] == "Les bases"


def test_a_course_of_given_lessons_has_its_own_order_and_next_lesson() -> None:
    lessons = catalog()
    mine: dict[str, Lesson] = {key: lessons[key] for key in ("miner", "scout")}
    course = Course(mine, progress=None)
    assert [lesson["id"] for lesson in course.course["courses"][0]["lessons"]] == \
        ["miner", "scout"]
    assert course.lesson_session.next_lesson() is lessons["scout"]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 3), st.booleans(), st.integers(0, 4)), max_size=12))
def test_any_attempts_round_trip_through_the_file(tries: list[tuple[int, bool, int]]) -> None:
    lesson = catalog()["scout"]
    progress = Progress(learner="Ada")
    for stars, failed, step in tries:
        index = step % len(lesson.steps)
        progress.record_attempt(lesson, index, Attempt(
            "2026-11-26T10:00:00Z", 1.5, stars > 0 and not failed, stars if not failed else 0,
            failed=failed, hints=stars))
    again = Progress.from_json(progress.to_json())
    assert again == progress
    assert again.total() == sum(max([s for s, f, st_ in tries if not f and s > 0
                                     and st_ % len(lesson.steps) == i] or [0])
                                for i in range(len(lesson.steps)))
    assert json.loads(progress.to_json())["format"] == "stratego-widget-progress"


def test_the_first_file_form_is_still_read_and_require_reports_what_is_missing() -> None:
    progress = Progress.from_json('{"scout": [3, 2, 0, 0]}')
    progress.require("scout", stars=2, step=2)
    with pytest.raises(AssertionError, match="step 2 has 2 of the 3 stars"):
        progress.require("scout", stars=3, step=2)
    with pytest.raises(AssertionError, match="steps 3 and 4 have none"):
        progress.require("scout")


def test_an_unknown_step_number_is_a_lesson_error() -> None:
    with pytest.raises(LessonError, match="steps 0 to"):
        Progress().record_attempt(catalog()["scout"], 99, attempt())


def test_keeper_modes() -> None:
    assert ProgressKeeper(None).place == ""
    assert ProgressKeeper("browser").place == "browser"


def test_a_lesson_board_opened_at_a_step_counts_this_visits_stars_only(
        tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.json"
    LessonWidget("scout", progress=path).propose("b2-b7")
    again = LessonWidget("scout", progress=path)
    assert again.run.stars[0] == 0 and again.progress.stars("scout") == [3]
    again.handle({"type": "move", "from": "b2", "to": "c3"})    # refused
    again.propose("b2-b7")
    assert again.run.stars[0] == 2 and Progress.load(path).stars("scout") == [3]
