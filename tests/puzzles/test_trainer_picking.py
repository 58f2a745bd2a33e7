"""The puzzle trainer's picking and the learner's puzzle records (issue 36, part B)."""

from __future__ import annotations

import datetime
import json
import pathlib

import pytest

from stratego_widget.lessons import LessonError, Progress
from stratego_widget.lessons.classroom.attempts import Attempt
from stratego_widget.lessons.classroom.puzzle_records import PuzzleRecord, PuzzleRecords
from stratego_widget.puzzles import Puzzle, PuzzleError
from stratego_widget.puzzles.picking import pick_puzzles, puzzle_filter
from stratego_widget.puzzles.rating import Rating

EMPTY = "F9/10/10/10/10/10/10/10/10/9f r 0"
DAY = datetime.date(2026, 11, 26)
SOLVED = Attempt("2026-11-26T10:00:00Z", 12.0, True, 3)
MISSED = Attempt("2026-11-26T10:00:00Z", 30.0, False, 0, failed=True)


def puzzle(puzzle_id: str, rating: int, ruleset: str = "barrage",
           themes: tuple[str, ...] = ("escape",)) -> Puzzle:
    return Puzzle(puzzle_id, ruleset, EMPTY, ("a1-a2",), rating, themes=themes)


SET = [puzzle("p0900", 900), puzzle("p1450", 1450), puzzle("p1560", 1560),
       puzzle("p1800", 1800, "original", ("spy-takes-marshal",)),
       puzzle("p2300", 2300, "original", ("scout-probe", "escape"))]


def ids(puzzles: list[Puzzle]) -> list[str]:
    return [p.puzzle_id for p in puzzles]


def test_the_pick_is_the_puzzles_near_the_rating_nearest_first() -> None:
    assert ids(pick_puzzles(SET, 1500, count=5)) == ["p1450", "p1560"]


def test_the_window_widens_when_none_is_left_in_it() -> None:
    played = {"p1450", "p1560"}
    assert ids(pick_puzzles(SET, 1500, played=played)) == ["p1800"]
    assert ids(pick_puzzles(SET, 1500, count=5, played=played | {"p1800"})) == ["p0900"]
    assert pick_puzzles(SET, 1500, played=ids(SET)) == []


def test_themes_and_editions_filter_the_pick() -> None:
    assert ids(pick_puzzles(SET, 1500, themes=["spy-takes-marshal"])) == ["p1800"]
    assert ids(pick_puzzles(SET, 1500, count=5, rulesets=["original"])) == ["p1800"]
    assert ids(puzzle_filter(SET, themes=["escape"], rulesets=["original"])) == ["p2300"]
    with pytest.raises(PuzzleError, match="'themes'"):
        puzzle_filter(SET, themes="escape")


def test_the_learner_s_moved_puzzle_ratings_are_what_the_pick_reads() -> None:
    assert ids(pick_puzzles(SET, 1500, ratings={"p2300": 1500})) == ["p2300"]


def test_a_missed_puzzle_comes_back_for_review_and_lowers_the_rating() -> None:
    records = PuzzleRecords()
    records.record_attempt("p1450", 1450, MISSED, DAY)
    assert records.due(DAY) == []
    assert records.due(DAY + datetime.timedelta(days=1)) == ["p1450"]
    assert records.rating.rating < 1500 and records.records["p1450"].rating.rating > 1450
    records.record_attempt("p1450", 1450, SOLVED, DAY + datetime.timedelta(days=1))
    assert records.records["p1450"].due == "2026-11-30"  # three days on: the spaced review
    assert (records.solved_count(), records.attempt_count()) == (1, 2)


def test_a_solve_with_a_hint_is_a_miss_for_the_rating_an_unfinished_one_not_rated() -> None:
    records = PuzzleRecords()
    records.record_attempt("a", 1500, Attempt("2026-11-26T10:00:00Z", 9.0, True, 2, hints=2))
    assert records.rating.rating < 1500
    before = records.rating
    records.record_attempt("b", 1500, Attempt("2026-11-26T10:00:00Z", 9.0, False, 0))
    assert records.rating == before and records.records["b"].attempts == 1


def test_the_puzzles_are_kept_in_the_progress_file(tmp_path: pathlib.Path) -> None:
    progress = Progress({"scout": [3]}, learner="Ada")
    progress.puzzles.record_attempt("p1450", 1450, MISSED, DAY)
    path = tmp_path / "progress.json"
    progress.save(path)
    again = Progress.load(path)
    assert again == progress and again.puzzles == progress.puzzles
    assert again.puzzles.records["p1450"].due == "2026-11-27"


def test_a_file_written_before_puzzles_is_still_read_and_written_the_same() -> None:
    old = Progress({"scout": [3]}, learner="Ada")
    assert "puzzles" not in old.to_data()
    read = Progress.from_json(old.to_json())
    assert read.puzzles == PuzzleRecords() and read.to_json() == old.to_json()


@pytest.mark.parametrize(("change", "field"), [
    (lambda s: s.update(rating=[1500, -1, 0.06]), "puzzles.rating"),
    (lambda s: s["records"]["p1"].update(solved=5), "puzzles.records.p1.solved"),
    (lambda s: s["records"]["p1"].update(due="tomorrow"), "puzzles.records.p1.due"),
    (lambda s: s["records"].update({"bad id!": s["records"]["p1"]}), "puzzles.records.bad id!"),
    (lambda s: s.update(extra=1), "puzzles must have exactly"),
])
def test_bad_puzzle_data_is_a_one_line_error_naming_the_field(
        tmp_path: pathlib.Path, change: object, field: str) -> None:
    progress = Progress()
    progress.puzzles = PuzzleRecords(Rating(), {"p1": PuzzleRecord(Rating(1400), 2, 1)})
    data = progress.to_data()
    change(data["puzzles"])  # type: ignore[operator]
    path = tmp_path / "progress.json"
    text = json.dumps(data)
    path.write_text(text)
    with pytest.raises(LessonError) as error:
        Progress.load(path)
    assert field in str(error.value) and "\n" not in str(error.value)
    assert error.value.rule == "lesson-progress" and path.read_text() == text


def test_two_copies_of_the_puzzles_merge() -> None:
    here, there = Progress(), Progress()
    here.puzzles.record_attempt("a", 1500, SOLVED, DAY)
    there.puzzles.record_attempt("b", 1500, MISSED, DAY)
    there.puzzles.record_attempt("b", 1500, MISSED, DAY)
    both = here.merged(there)
    assert sorted(both.puzzles.records) == ["a", "b"]
    assert both.puzzles.rating == there.puzzles.rating
