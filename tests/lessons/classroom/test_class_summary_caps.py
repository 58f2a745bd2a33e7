"""The class summary reads a learner's file within caps (lessons, steps, attempts), so what it
keeps follows the bytes it reads, whatever a hostile file holds; a file read in part says so."""

from __future__ import annotations

import json
import pathlib

from stratego_widget.lessons import ClassSummary, catalog
from stratego_widget.lessons.classroom.attempts import MAX_ATTEMPTS_KEPT
from stratego_widget.lessons.classroom.class_files import MAX_OTHER_LESSONS
from stratego_widget.lessons.classroom.progress import Progress
from stratego_widget.lessons.classroom.progress_file import MAX_PROGRESS_BYTES

ATTEMPT = {"date": "2026-11-26T10:00:00Z", "seconds": 1, "solved": True, "stars": 3,
           "failed": False, "refusals": 0, "wrong_answers": 0, "hints": 0, "review": False}


def record(attempts: int) -> dict[str, object]:
    return {"fingerprint": "", "best": 3, "due": None, "interval": 0,
            "attempts": [ATTEMPT] * attempts}


def kept(summary: ClassSummary, learner: str) -> tuple[int, int, int]:
    """The lessons, the most steps of a lesson and the most attempts of a step kept."""
    records = summary.progress[learner].records
    return (len(records), max((len(steps) for steps in records.values()), default=0),
            max((len(r.attempts) for steps in records.values() for r in steps.values()),
                default=0))


def test_a_large_hostile_file_is_read_within_the_caps(tmp_path: pathlib.Path) -> None:
    scout = catalog()["scout"]
    lessons: dict[str, object] = {"scout": {str(i): record(1000) for i in range(4)}
                                  | {str(i): record(0) for i in range(4, 100)}}
    lessons |= {f"x{i}": {} for i in range(5000)}
    text = json.dumps({"format": "stratego-widget-progress", "version": 2, "learner": "",
                       "lessons": lessons})
    assert len(text) < MAX_PROGRESS_BYTES
    (tmp_path / "big.json").write_text(text, encoding="utf-8")
    first_form = {"scout": [3] * 200_000} | {f"y{i}": [3, 3] for i in range(5000)}
    (tmp_path / "first.json").write_text(json.dumps(first_form), encoding="utf-8")
    assert (tmp_path / "first.json").stat().st_size < MAX_PROGRESS_BYTES

    summary = ClassSummary.from_folder(tmp_path)
    assert summary.learners == ["big", "first"]
    big_lessons, big_steps, big_attempts = kept(summary, "big")
    assert big_lessons <= 1 + MAX_OTHER_LESSONS
    assert big_steps <= len(scout.steps) and big_attempts == MAX_ATTEMPTS_KEPT
    first_lessons, first_steps, _ = kept(summary, "first")
    assert first_lessons <= 1 + MAX_OTHER_LESSONS and first_steps <= len(scout.steps)
    assert len(summary.other_lessons) <= 2 * MAX_OTHER_LESSONS
    # What is kept is still counted right: every step of the Scout, three stars.
    assert [t["stars"] for t in summary.totals()] == [12, 12]
    assert [t["attempts"] for t in summary.totals()] == [4 * MAX_ATTEMPTS_KEPT, 0]
    assert len(summary.problems) == 2
    assert all(line.startswith(("big.json: read in part", "first.json: read in part"))
               and "\n" not in line for line in summary.problems)


def test_a_file_within_the_caps_is_read_whole(tmp_path: pathlib.Path) -> None:
    lessons = {"scout": {str(i): record(MAX_ATTEMPTS_KEPT) for i in range(4)}}
    lessons |= {f"x{i}": {} for i in range(MAX_OTHER_LESSONS)}
    (tmp_path / "ok.json").write_text(json.dumps(
        {"format": "stratego-widget-progress", "version": 2, "learner": "", "lessons": lessons}),
        encoding="utf-8")
    summary = ClassSummary.from_folder(tmp_path)
    assert summary.problems == []
    assert kept(summary, "ok") == (1 + MAX_OTHER_LESSONS, 4, MAX_ATTEMPTS_KEPT)
    assert len(summary.other_lessons) == MAX_OTHER_LESSONS
    # A lesson outside the course is named, never counted as read in part.
    (tmp_path / "ok.json").unlink()
    Progress({"scout": [3, 3, 3, 3], "miner": [2]}).save(tmp_path / "bo.json")
    only_spy = ClassSummary.from_folder(tmp_path, lessons={"spy": catalog()["spy"]})
    assert only_spy.problems == [] and only_spy.lessons == []
    assert only_spy.other_lessons == ["miner", "scout"]
