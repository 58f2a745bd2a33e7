"""The learner's progress file: a learner's file never breaks the class, saves at once keep
every attempt, the writer never writes what the reader refuses, one lesson id in two courses
keeps two records, boards in the browser merge what they store (issue 31)."""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import pathlib
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from project import PROJECT

from stratego_widget.lessons import LessonError, catalog
from stratego_widget.lessons.classroom.attempts import MAX_ATTEMPTS_KEPT, Attempt, StepRecord
from stratego_widget.lessons.classroom.keeper import ProgressKeeper
from stratego_widget.lessons.classroom.progress import Progress
from stratego_widget.lessons.classroom.progress_file import (
    MAX_FILE_ATTEMPTS,
    MAX_LESSONS_KEPT,
    MAX_PROGRESS_BYTES,
    MAX_STEP_RECORDS,
)
from stratego_widget.lessons.classroom.puzzle_records import (
    MAX_PUZZLE_RECORDS,
    PuzzleRecord,
    PuzzleRecords,
)
from stratego_widget.lessons.classroom.summary import ClassSummary
from stratego_widget.lessons.model.lesson import MAX_NAME, MAX_STEPS, Lesson
from stratego_widget.puzzles.rating import Rating

ROOT = PROJECT


def at(second: int, stars: int = 3, seconds: float = 5.0) -> Attempt:
    """An attempt started ``second`` seconds after 10:00 on 2026-11-26."""
    minute, sec = divmod(second, 60)
    hour, minute = divmod(minute, 60)
    return Attempt(f"2026-11-26T{10 + hour:02d}:{minute:02d}:{sec:02d}Z", seconds, stars > 0,
                   stars)


def file_with(steps: dict[str, object], lesson: str = "scout") -> str:
    record = {"fingerprint": "", "best": 3, "attempts": [], "due": None, "interval": 0}
    return json.dumps({"format": "stratego-widget-progress", "version": 2, "learner": "",
                       "lessons": {lesson: dict.fromkeys(steps, record)}})


# -- step keys ---------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["²", "٣", "３", "+1", "-1", "01", " 1", "1 ", "", "1000",
                                 "99999999999999999999", "100"])
def test_a_step_key_that_is_not_a_step_of_the_lesson_is_a_one_line_lesson_error(key: str) -> None:
    with pytest.raises(LessonError) as caught:
        Progress.from_json(file_with({key: None}))
    message = str(caught.value)
    assert caught.value.rule == "lesson-progress" and "\n" not in message
    assert "lessons.scout." in message and "step number" in message


def test_a_step_a_shipped_lesson_no_longer_has_is_left_out_and_the_rest_counts() -> None:
    size = len(catalog()["scout"].steps)
    read = Progress.from_json(file_with({"0": None, str(size): None, "99": None}))
    assert read.stars("scout") == [3]
    assert Progress.from_json(json.dumps({"scout": [3] * (size + 5)})).stars("scout") == [3] * size


def test_a_step_key_of_a_lesson_not_shipped_is_read_up_to_the_most_steps_a_lesson_has() -> None:
    assert Progress.from_json(file_with({str(MAX_STEPS - 1): None}, "mine/intro")).stars(
        "mine/intro")[-1] == 3
    with pytest.raises(LessonError, match="step number"):
        Progress.from_json(file_with({str(MAX_STEPS): None}, "mine/intro"))


def test_a_class_summary_leaves_out_a_file_with_a_strange_step_key(
        tmp_path: pathlib.Path) -> None:
    Progress({"scout": [3, 2]}, learner="Ada").save(tmp_path / "ada.json")
    (tmp_path / "bo.json").write_text(file_with({"²": None}), encoding="utf-8")
    summary = ClassSummary.from_folder(tmp_path)
    assert len(summary.learners) == 1 and summary.learners[0].startswith("Ada")
    (problem,) = summary.problems
    assert problem.startswith("bo.json: lessons.scout.") and "\n" not in problem


# -- two notebooks saving at once ----------------------------------------------------------------

STEPS = [(lesson.id, index) for lesson in catalog().values()
         for index in range(len(lesson.steps))][:40]


def _save_forty(path: str, worker: int) -> None:
    keeper = ProgressKeeper(path)
    lessons = catalog()
    for number, (lesson, index) in enumerate(STEPS):
        keeper.keep(lessons[lesson], index, at(number, seconds=float(worker * 100 + number)))
    assert keeper.problem is None, keeper.problem


def test_two_processes_saving_forty_attempts_each_keep_all_eighty(
        tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.json"
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_save_forty, args=(str(path), n)) for n in (1, 2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert [worker.exitcode for worker in workers] == [0, 0]
    kept = Progress.load(path)
    seconds = sorted(a.seconds for lesson, index in STEPS
                     for a in (kept.step_record(lesson, index) or StepRecord("")).attempts)
    assert seconds == sorted(float(w * 100 + n) for w in (1, 2) for n in range(40))


# -- sizes: the writer never writes what the reader refuses ------------------------------------------

def test_sixty_attempts_on_every_shipped_step_are_saved_and_read_back(
        tmp_path: pathlib.Path) -> None:
    progress = Progress(learner="Ada")
    lessons = list(catalog().values())
    for lesson in lessons:
        for index in range(len(lesson.steps)):
            for number in range(60):
                progress.record_attempt(lesson, index, at(number, stars=number % 4))
    path = tmp_path / "progress.json"
    progress.save(path)
    assert path.stat().st_size <= MAX_PROGRESS_BYTES
    again = Progress.load(path)
    assert again == progress and again.total() == progress.total()
    record = again.step_record(lessons[0], 0)
    assert record is not None and record.best == 3
    newest = [at(number, stars=number % 4) for number in range(60)][-MAX_ATTEMPTS_KEPT:]
    kept = sum(len(r.attempts) for steps in again.records.values() for r in steps.values())
    assert kept <= MAX_FILE_ATTEMPTS
    assert record.attempts == newest[-len(record.attempts):]


def test_the_read_limit_is_the_largest_file_the_writer_can_make() -> None:
    """Every field at its longest, every limit reached: the file fits the reader's limit, and
    nearly fills it (the limit is worked out from the caps, not guessed)."""
    slow = Attempt("2026-11-26T10:00:00Z", 2.2250738585072014e-308, False, 3, False,
                   1_000_000, 1_000_000, 1_000_000, False)
    progress = Progress(learner="\U0001f600" * 200)
    per_lesson = MAX_STEP_RECORDS // MAX_LESSONS_KEPT
    for n in range(MAX_LESSONS_KEPT):
        key = f"{n:0{MAX_NAME}d}/" + "k" * MAX_NAME
        progress.records[key] = {
            MAX_STEPS - 1 - i: StepRecord("f" * 64, [slow] * MAX_ATTEMPTS_KEPT, 3,
                                          "2026-11-26", 365) for i in range(per_lesson)}
    tiny = -2.2250738585072014e-308  # the longest a float is written (issue 36: puzzles)
    record = PuzzleRecord(Rating(tiny, -tiny, -tiny), 1_000_000, 1_000_000, 3, "2026-11-26",
                          27)
    progress.puzzles = PuzzleRecords(Rating(tiny, -tiny, -tiny), {
        f"{n:040d}": record for n in range(MAX_PUZZLE_RECORDS)})
    text = progress.to_json()
    assert MAX_PROGRESS_BYTES * 0.97 <= len(text.encode("utf-8")) <= MAX_PROGRESS_BYTES
    assert Progress.from_json(text) == progress


def test_the_browser_restore_message_takes_the_largest_progress() -> None:
    protocol = json.loads((ROOT / "stratego_widget" / "widget" / "protocol.json").read_text())
    assert protocol["values"]["progress_text"]["max_length"] == MAX_PROGRESS_BYTES


def test_a_long_first_form_file_is_refused_rather_than_saved_ever_larger(
        tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"scout": [3] * 300_000}), encoding="utf-8")
    with pytest.raises(LessonError, match=r"lessons\.scout"):
        Progress.load(path)
    many = {f"lesson-{n}": [3] * MAX_STEPS for n in range(MAX_STEP_RECORDS // MAX_STEPS + 1)}
    with pytest.raises(LessonError, match="steps"):
        Progress.from_json(json.dumps(many))


# -- odd files -------------------------------------------------------------------------------------

def test_a_fifo_at_the_progress_path_is_refused_at_once(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.json"
    os.mkfifo(path)
    outcome: list[object] = []
    reader = threading.Thread(target=lambda: outcome.append(ProgressKeeper(path).problem),
                              daemon=True)
    reader.start()
    reader.join(timeout=60)
    if reader.is_alive():  # hung on the FIFO: let it go, and fail
        with open(path, "wb"):
            pass
    assert outcome and isinstance(outcome[0], str) and "regular file" in outcome[0]
    assert "\n" not in outcome[0]


def test_a_save_removes_what_interrupted_saves_left_and_spares_a_save_under_way(
        tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.json"
    old, fresh = tmp_path / ".progress.json.ab12.tmp", tmp_path / ".progress.json.cd34.tmp"
    other = tmp_path / ".other.json.ef56.tmp"
    for leftover in (old, fresh, other):
        leftover.write_text("{")
    two_minutes_ago = time.time() - 120
    os.utime(old, (two_minutes_ago, two_minutes_ago))
    os.utime(other, (two_minutes_ago, two_minutes_ago))
    Progress({"scout": [3]}).save(path)
    assert not old.exists() and fresh.exists() and other.exists()


# -- one lesson id in two courses --------------------------------------------------------------------

def _course_lesson(course: str) -> Lesson:
    return dataclasses.replace(catalog()["scout"], id="intro", course=course)


def test_one_lesson_id_in_two_courses_keeps_two_records(tmp_path: pathlib.Path) -> None:
    first, second = _course_lesson("course-a"), _course_lesson("course-b")
    progress = Progress()
    progress.record_attempt(first, 0, at(0, stars=3))
    progress.record_attempt(second, 0, at(1, stars=0))
    progress.record_attempt(second, 1, at(2, stars=1))
    assert progress.stars(first)[:2] == [3, 0]
    assert progress.stars(second)[:2] == [0, 1]
    progress.save(tmp_path / "progress.json")
    again = Progress.load(tmp_path / "progress.json")
    assert again.stars(first)[:2] == [3, 0] and again.stars(second)[:2] == [0, 1]


def test_the_shipped_lessons_keep_their_key_and_an_older_file_still_counts() -> None:
    progress = Progress()
    progress.record_attempt(catalog()["scout"], 0, at(0))
    assert list(progress.to_data()["lessons"]) == ["scout"]
    older = Progress.from_json('{"intro": [3, 2]}')             # before records were by course
    mine = _course_lesson("course-a")
    assert older.stars(mine)[:2] == [3, 2]
    older.record_attempt(mine, 2, at(5, stars=1))
    assert older.stars(mine)[:3] == [3, 2, 1]
    assert older.stars("intro") == [3, 2]                       # the other course's, untouched


# -- merging (the browser: several boards, several tabs) -----------------------------------------------

def test_merging_keeps_every_attempt_of_both_sides_once() -> None:
    scout, miner = catalog()["scout"], catalog()["miner"]
    start = Progress(learner="Ada")
    start.record_attempt(scout, 0, at(0, stars=1))
    here, there = Progress.from_json(start.to_json()), Progress.from_json(start.to_json())
    here.record_attempt(scout, 0, at(10, stars=2))
    there.record_attempt(scout, 0, at(20, stars=3))
    there.record_attempt(miner, 0, at(30, stars=2))
    both = here.merged(there)
    record = both.step_record(scout, 0)
    assert record is not None and [a.stars for a in record.attempts] == [1, 2, 3]
    assert record.best == 3 and both.stars(miner)[0] == 2 and both.learner == "Ada"
    assert both.merged(there) == both and both.merged(here) == both
    assert there.merged(here) == both


def test_a_board_in_the_browser_merges_what_another_board_stored() -> None:
    keeper = ProgressKeeper("browser")
    keeper.restore("")
    keeper.keep(catalog()["scout"], 0, at(0, stars=3))
    other = Progress()
    other.record_attempt(catalog()["miner"], 0, at(5, stars=2))
    keeper.restore(other.to_json())                  # the other board stored: the storage event
    kept = Progress.from_json(keeper.browser_text() or "")
    assert kept.stars("scout") == [3] and kept.stars("miner") == [2]
    keeper.restore("{oops")                          # later junk changes nothing
    assert keeper.problem is None and Progress.from_json(keeper.browser_text() or "") == kept


def test_the_browser_code_keeps_the_same_limits_as_python() -> None:
    source = (ROOT / "js" / "lesson" / "course.ts").read_text(encoding="utf-8")
    assert f"MAX_ATTEMPTS_KEPT = {MAX_ATTEMPTS_KEPT};" in source
    assert f"MAX_FILE_ATTEMPTS = {MAX_FILE_ATTEMPTS:_};" in source


# -- anything at the reader and the writer -------------------------------------------------------------

STEP_KEYS = st.one_of(st.text(max_size=5), st.from_regex(r"[0-9]{1,4}", fullmatch=True),
                      st.sampled_from(["²", "٣", "01", "-0", "+3", "0", "3"]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["scout", "miner", "mine/intro", "bad key", "a" * 70]),
                       st.dictionaries(STEP_KEYS, st.just(None), max_size=4), max_size=3),
       st.integers(0, 3), st.binary(max_size=300))
def test_the_reader_raises_only_its_own_error(lessons: dict[str, dict[str, None]], cut: int,
                                              junk: bytes) -> None:
    record = {"fingerprint": "", "best": 1, "attempts": [], "due": None, "interval": 0}
    text = json.dumps({"format": "stratego-widget-progress", "version": 2, "learner": "",
                       "lessons": {k: dict.fromkeys(v, record) for k, v in lessons.items()}})
    for candidate in (text, text[:len(text) * cut // 4], junk.decode("utf-8", "replace"),
                      json.dumps({k: [int(c) % 4 for c in junk[:5]] for k in lessons})):
        try:
            Progress.from_json(candidate)
        except LessonError as error:
            assert "\n" not in str(error)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(list(catalog())), st.integers(0, 30),
                          st.integers(0, 3), st.integers(0, 40), st.floats(0, 1e9)),
                max_size=40),
       st.integers(1, 80), st.text(max_size=250))
def test_whatever_the_writer_writes_the_reader_reads_back(
        tries: list[tuple[str, int, int, int, float]], repeat: int, learner: str) -> None:
    lessons = catalog()
    progress = Progress(learner=learner)
    for lesson_id, step, stars, second, seconds in tries:
        lesson = lessons[lesson_id]
        for n in range(repeat if second % 7 == 0 else 1):
            progress.record_attempt(lesson, step % len(lesson.steps),
                                    at(second + n, stars=stars, seconds=seconds))
    text = progress.to_json()
    assert len(text) <= MAX_PROGRESS_BYTES
    again = Progress.from_json(text)
    assert again == progress and again.total() == progress.total()
    for key, steps in progress.records.items():
        for index, record in steps.items():
            read = again.records[key][index]
            assert read.best == record.best and len(read.attempts) <= MAX_ATTEMPTS_KEPT
            dates = [a.date for a in record.attempts]
            assert [a.date for a in read.attempts] == dates[len(dates) - len(read.attempts):]
