"""A learner's puzzles: the learner's Glicko-2 rating, and each puzzle tried, in the progress.

:class:`PuzzleRecords` is the progress file's ``puzzles`` section: the learner's
:class:`~stratego_widget.puzzles.rating.Rating` and, by puzzle id, a :class:`PuzzleRecord`:
how often it was tried and solved, its best stars, its own rating as this learner's attempts
moved it, and its review schedule, the lessons' spaced review
(:class:`~stratego_widget.lessons.classroom.attempts.StepRecord`: a puzzle missed comes back
the next day, then 3, 9 and 27 days after each clean solve). An attempt solved with three
stars is a game the learner won against the puzzle; one lost, or solved with a hint or a
mistake, a game the puzzle won; one left unfinished is not rated. A file written before
puzzles has no such section: no puzzles yet.

Example:
    >>> import datetime
    >>> from stratego_widget.lessons.classroom.attempts import Attempt
    >>> records = PuzzleRecords()
    >>> missed = Attempt("2026-11-26T10:00:00Z", 20.0, False, 0, failed=True)
    >>> records.record_attempt("ab12cd34", 1500, missed, datetime.date(2026, 11, 26))
    >>> round(records.rating.rating) < 1500, records.due(datetime.date(2026, 11, 27))
    (True, ['ab12cd34'])
    >>> PuzzleRecords.from_data(records.to_data()) == records
    True
"""

from __future__ import annotations

import datetime
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

from ...puzzles.rating import Rating, rate_attempt
from ..errors import LessonError
from .attempts import REVIEW_INTERVALS, Attempt, StepRecord

__all__ = ["MAX_PUZZLE_RECORDS", "PuzzleRecord", "PuzzleRecords"]

#: A progress file keeps at most this many puzzles.
MAX_PUZZLE_RECORDS = 2_000

_PUZZLE_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")
_COUNT_LIMIT = 1_000_000
_RECORD_FIELDS = ("attempts", "solved", "best", "due", "interval", "rating")


@dataclass
class PuzzleRecord:
    """One puzzle as a learner tried it: ``attempts`` and ``solved`` counts, the ``best``
    stars, the puzzle's ``rating`` as these attempts moved it, and the review schedule
    (``due``: an ISO date or None; ``interval`` in days).

    Example:
        >>> PuzzleRecord(rating=Rating(1400)).solved
        0
    """

    rating: Rating
    attempts: int = 0
    solved: int = 0
    best: int = 0
    due: str | None = None
    interval: int = 0

    def to_data(self) -> dict[str, Any]:
        """The record as JSON data.

        Example:
            >>> PuzzleRecord(Rating(1400, 300)).to_data()["rating"]
            [1400.0, 300.0, 0.06]
        """
        return {"attempts": self.attempts, "solved": self.solved, "best": self.best,
                "due": self.due, "interval": self.interval,
                "rating": [self.rating.rating, self.rating.deviation, self.rating.volatility]}


@dataclass
class PuzzleRecords:
    """The learner's rating and the puzzles tried; see the module.

    Example:
        >>> PuzzleRecords().rating.rating, PuzzleRecords().solved_count()
        (1500.0, 0)
    """

    rating: Rating = field(default_factory=Rating)
    records: dict[str, PuzzleRecord] = field(default_factory=dict)

    def record_attempt(self, puzzle_id: str, puzzle_rating: Rating | float,
                       attempt: Attempt, today: datetime.date | None = None) -> None:
        """Keep one attempt at a puzzle (first rated ``puzzle_rating``: its shipped rating,
        a number or a :class:`Rating`): the counts, the stars, the review date and both
        ratings. Too many puzzles, or an id that is not one: LessonError, nothing changed.

        Example:
            >>> records = PuzzleRecords()
            >>> records.record_attempt("p1", 1500, Attempt("2026-11-26T10:00:00Z", 9.0, True, 3))
            >>> records.solved_count(), records.rating.rating > 1500
            (1, True)
        """
        if not isinstance(puzzle_id, str) or not _PUZZLE_ID.fullmatch(puzzle_id):
            raise LessonError("lesson-progress", f"progress: puzzles.{str(puzzle_id)[:40]!r} "
                              "is not a puzzle id (letters, digits and dashes).")
        record = self.records.get(puzzle_id)
        if record is None:
            if len(self.records) >= MAX_PUZZLE_RECORDS:
                raise LessonError("lesson-progress", "progress: a progress file keeps at most "
                                  f"{MAX_PUZZLE_RECORDS:,} puzzles.")
            start = puzzle_rating if isinstance(puzzle_rating, Rating) else \
                Rating(float(puzzle_rating))
            record = PuzzleRecord(start)
        schedule = StepRecord("", best=record.best, due=record.due, interval=record.interval)
        schedule.add(attempt, today)
        if attempt.solved or attempt.failed:
            self.rating, record.rating = rate_attempt(self.rating, record.rating,
                                                      solved=attempt.clean)
        record.attempts = min(record.attempts + 1, _COUNT_LIMIT)
        record.solved = min(record.solved + (1 if attempt.solved else 0), _COUNT_LIMIT)
        record.best, record.due, record.interval = schedule.best, schedule.due, \
            schedule.interval
        self.records[puzzle_id] = record

    def solved_count(self) -> int:
        """How many puzzles the learner has solved (each once).

        Example:
            >>> PuzzleRecords(records={"a": PuzzleRecord(Rating(), 2, 1)}).solved_count()
            1
        """
        return sum(1 for record in self.records.values() if record.solved)

    def attempt_count(self) -> int:
        """How many attempts at puzzles the learner has made.

        Example:
            >>> PuzzleRecords(records={"a": PuzzleRecord(Rating(), 2, 1)}).attempt_count()
            2
        """
        return sum(record.attempts for record in self.records.values())

    def due(self, today: datetime.date | None = None) -> list[str]:
        """The ids of the puzzles up for review on ``today``, the longest due first.

        Example:
            >>> records = PuzzleRecords(records={"a": PuzzleRecord(Rating(), due="2026-11-27")})
            >>> records.due(datetime.date(2026, 11, 26)), records.due(datetime.date(2026, 11, 28))
            ([], ['a'])
        """
        day = (today or datetime.date.today()).isoformat()
        return [puzzle_id for due, puzzle_id in sorted(
            (record.due, puzzle_id) for puzzle_id, record in self.records.items()
            if record.due is not None and record.due <= day)]

    def ratings(self) -> dict[str, float]:
        """Each puzzle's rating as the learner's attempts have moved it, by id.

        Example:
            >>> PuzzleRecords(records={"a": PuzzleRecord(Rating(1234))}).ratings()
            {'a': 1234.0}
        """
        return {puzzle_id: record.rating.rating for puzzle_id, record in self.records.items()}

    def merged(self, other: PuzzleRecords) -> PuzzleRecords:
        """These records and ``other`` (the same learner's, kept elsewhere) as one: each
        puzzle the record with more attempts (this one on a tie), the learner's rating of
        the side with more attempts in all.

        Example:
            >>> one = PuzzleRecords(records={"a": PuzzleRecord(Rating(), 1)})
            >>> two = PuzzleRecords(Rating(1600), {"b": PuzzleRecord(Rating(), 2)})
            >>> both = one.merged(two); sorted(both.records), both.rating.rating
            (['a', 'b'], 1600.0)
        """
        records = dict(other.records)
        for puzzle_id, record in self.records.items():
            theirs = records.get(puzzle_id)
            if theirs is None or record.attempts >= theirs.attempts:
                records[puzzle_id] = record
        rating = self.rating if self.attempt_count() >= other.attempt_count() else other.rating
        return PuzzleRecords(rating, dict(list(records.items())[:MAX_PUZZLE_RECORDS]))

    def to_data(self) -> dict[str, Any]:
        """The section as JSON data (the progress file's ``puzzles``).

        Example:
            >>> PuzzleRecords().to_data()
            {'rating': [1500.0, 350.0, 0.06], 'records': {}}
        """
        return {"rating": [self.rating.rating, self.rating.deviation, self.rating.volatility],
                "records": {puzzle_id: self.records[puzzle_id].to_data()
                            for puzzle_id in sorted(self.records)}}

    @classmethod
    def from_data(cls, data: Any, source: str = "progress") -> PuzzleRecords:
        """The section read from :meth:`to_data`'s form, every field checked: a one-line
        ``LessonError("lesson-progress", ...)`` naming ``source`` and the field.

        Example:
            >>> PuzzleRecords.from_data({"rating": [1500, 0, 0.06], "records": {}})
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: progress: puzzles.rating must be [rating, deviation above 0, volatility above 0].
        """
        if not isinstance(data, dict) or set(data) != {"rating", "records"}:
            raise _fail(source, "puzzles", "must have exactly rating and records")
        rating = _rating(data["rating"], source, "puzzles.rating")
        raw = data["records"]
        if not isinstance(raw, dict):
            raise _fail(source, "puzzles.records", "must be an object of puzzle ids")
        if len(raw) > MAX_PUZZLE_RECORDS:
            raise _fail(source, "puzzles.records", f"has more than {MAX_PUZZLE_RECORDS:,} "
                        "puzzles")
        records: dict[str, PuzzleRecord] = {}
        for puzzle_id, value in raw.items():
            where = f"puzzles.records.{_shown(puzzle_id)}"
            if not _PUZZLE_ID.fullmatch(puzzle_id):
                raise _fail(source, where, "is not a puzzle id (letters, digits and dashes)")
            records[puzzle_id] = _record(value, source, where)
        return cls(rating, records)

    @staticmethod
    def largest_data_size() -> int:
        """The most characters the section can take in a file (every field at its longest),
        for the progress file's size limit.

        Example:
            >>> PuzzleRecords.largest_data_size() > 100_000
            True
        """
        longest = -2.2250738585072014e-308
        record = {"attempts": _COUNT_LIMIT, "solved": _COUNT_LIMIT, "best": 3,
                  "due": "2026-11-26", "interval": 365, "rating": [longest] * 3}
        entry = len(json.dumps({"k" * 40: record})) - len("{}") + len(", ")
        empty = {"puzzles": {"rating": [longest] * 3, "records": {}}}
        return len(json.dumps(empty)) + len(", ") + MAX_PUZZLE_RECORDS * entry


def _fail(source: str, where: str, what: str) -> LessonError:
    return LessonError("lesson-progress", f"{source}: {where} {what}.")


def _shown(text: str) -> str:
    return "".join(c if c.isprintable() and c.isascii() else "?" for c in text[:40])


def _whole(value: Any, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high


def _rating(value: Any, source: str, where: str) -> Rating:
    if not (isinstance(value, list) and len(value) == 3 and all(
            isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
            for x in value)) or value[1] <= 0 or value[2] <= 0:
        raise _fail(source, where, "must be [rating, deviation above 0, volatility above 0]")
    return Rating(*value)


def _record(value: Any, source: str, where: str) -> PuzzleRecord:
    if not isinstance(value, dict) or set(value) != set(_RECORD_FIELDS):
        raise _fail(source, where, f"must have exactly {', '.join(_RECORD_FIELDS)}")
    for name, high in (("attempts", _COUNT_LIMIT), ("solved", _COUNT_LIMIT), ("best", 3),
                       ("interval", max(REVIEW_INTERVALS))):
        if not _whole(value[name], high):
            raise _fail(source, f"{where}.{name}", f"must be a whole number from 0 to {high:,}")
    if value["solved"] > value["attempts"]:
        raise _fail(source, f"{where}.solved", "must be at most the attempts")
    due = value["due"]
    if due is not None:
        try:
            ok = isinstance(due, str) and len(due) == 10 and bool(
                datetime.date.fromisoformat(due))
        except ValueError:
            ok = False
        if not ok:
            raise _fail(source, f"{where}.due", "must be a date (YYYY-MM-DD) or null")
    return PuzzleRecord(_rating(value["rating"], source, f"{where}.rating"), value["attempts"],
                        value["solved"], value["best"], due, value["interval"])
