"""A learner's progress across lessons: each step's attempts and best stars, kept between visits.

:class:`Progress` holds a :class:`~stratego_widget.lessons.classroom.attempts.StepRecord` per lesson step
(the attempts, the best stars, the review schedule) and reads and writes itself as JSON, so a
course map can show the stars, pick up where the learner stopped, bring missed steps back for
review and hand a teacher the learner's file. A step's record carries the fingerprint of the
step it was made on: when a lesson is edited, a changed step starts afresh and the others keep
their stars.

The file's format, its caps and its reading and writing are
:mod:`~stratego_widget.lessons.classroom.progress_file`; merging two learners' copies is
:mod:`~stratego_widget.lessons.classroom.progress_merge`.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> progress = Progress()
    >>> run = catalog()["scout"].start()
    >>> _ = run.propose("b2-b7")
    >>> progress.record(run)
    >>> progress.stars(run.lesson), progress.next_step("scout")
    ([3, 0, 0, 0], 1)
    >>> Progress.from_json(progress.to_json()) == progress
    True
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import pathlib
from collections.abc import Iterable, Mapping
from typing import Any

from ...puzzles.rating import Rating
from ..errors import LessonError
from ..model.lesson import MAX_STEPS
from ..model.library import catalog
from ..playing.puzzle_lesson import PuzzleLesson
from ..playing.run import LessonLike, LessonRun
from .attempts import Attempt, StepRecord, step_fingerprint
from .progress_file import (
    MAX_LESSONS_KEPT,
    MAX_STEP_RECORDS,
    is_lesson_key,
    progress_data,
    read_progress_file,
    read_progress_with_puzzles,
    write_progress,
)
from .progress_merge import merge_records
from .puzzle_records import PuzzleRecords

__all__ = ["Progress", "progress_key"]

def progress_key(lesson: LessonLike) -> str:
    """The key a lesson's records are kept under: its id for a lesson of the shipped course
    (or one without a course), ``"course/id"`` for a lesson of another course, so that one id
    in two courses keeps two records.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> import dataclasses
        >>> scout = catalog()["scout"]
        >>> progress_key(scout), progress_key(dataclasses.replace(scout, course="mine"))
        ('scout', 'mine/scout')
    """
    course = getattr(lesson, "course", "")
    shipped = catalog().get(lesson.id)
    if not course or (shipped is not None and shipped.course == course):
        return lesson.id
    return f"{course}/{lesson.id}"


class Progress:
    """A learner's records, by lesson id and step index; see the module.

    ``records`` maps a lesson id to its steps' records, or (a shorthand, and the first file
    form) to a list of best stars per step; ``learner`` is a name for the teacher's summary;
    ``puzzles``: the learner's puzzle rating and the puzzles tried
    (:class:`~stratego_widget.lessons.classroom.puzzle_records.PuzzleRecords`).

    Example:
        >>> Progress({"scout": [3, 2, 0, 0]}).total()
        5
    """

    def __init__(self, records: Mapping[str, Mapping[int, StepRecord] | list[int]] | None = None,
                 learner: str = "", puzzles: PuzzleRecords | None = None) -> None:
        self.learner = learner
        self.puzzles = puzzles if puzzles is not None else PuzzleRecords()
        self.records: dict[str, dict[int, StepRecord]] = {}
        for lesson, steps in (records or {}).items():
            if isinstance(steps, list):
                self.records[lesson] = {i: StepRecord("", best=s) for i, s in enumerate(steps)
                                        if s}
            else:
                self.records[lesson] = dict(steps)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Progress) and self.to_data() == other.to_data()

    def __repr__(self) -> str:
        return f"Progress({len(self.records)} lessons, {self.total()} stars)"

    # -- recording
    def record(self, run: LessonRun) -> None:
        """Keep the better of the stars already recorded and those of ``run`` (no attempt is
        counted: :meth:`record_attempt` does that).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> progress = Progress({"scout": [1, 0, 0, 0]})
            >>> run = catalog()["scout"].start(); _ = run.propose("b2-b7")
            >>> progress.record(run); progress.stars("scout")[0]
            3
        """
        for index, stars in enumerate(run.stars):
            if stars:
                record = self._record_for(run.lesson, index)
                record.best = max(record.best, stars)

    def record_attempt(self, lesson: LessonLike, step: int, attempt: Attempt,
                       today: datetime.date | None = None) -> StepRecord:
        """Keep one attempt at step ``step`` of ``lesson`` (its stars, its review date); a
        round of puzzles (:class:`~stratego_widget.lessons.playing.puzzle_lesson.PuzzleLesson`)
        keeps it in :attr:`puzzles` (both ratings move), the record returned its schedule.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> from stratego_widget.lessons.classroom.attempts import Attempt
            >>> progress = Progress()
            >>> record = progress.record_attempt(catalog()["scout"], 0,
            ...                                  Attempt("2026-11-26T10:00:00Z", 8.0, True, 2))
            >>> record.best, progress.stars("scout")[0]
            (2, 2)
        """
        if isinstance(lesson, PuzzleLesson):
            if not 0 <= step < len(lesson.puzzles):
                raise LessonError("lesson-step", f"This round has puzzles 0 to "
                                  f"{len(lesson.puzzles) - 1}, not {step}.")
            puzzle = lesson.puzzles[step]
            self.puzzles.record_attempt(puzzle.puzzle_id, Rating(
                puzzle.rating, puzzle.rating_deviation), attempt, today)
            kept = self.puzzles.records[puzzle.puzzle_id]
            return StepRecord("", best=kept.best, due=kept.due, interval=kept.interval)
        record = self._record_for(lesson, step)
        record.add(attempt, today)
        return record

    def _record_for(self, lesson: LessonLike, index: int) -> StepRecord:
        """The record of a step, started afresh when the step changed since it was made; a
        lesson of another course starts from the records kept under its bare id (files
        written before records were kept by course)."""
        if not 0 <= index < len(lesson.steps):
            raise LessonError("lesson-step", f"Lesson {lesson.id!r} has steps 0 to "
                              f"{len(lesson.steps) - 1}, not {index}.")
        key = progress_key(lesson)
        if not is_lesson_key(key) or index >= MAX_STEPS:
            raise LessonError("lesson-progress", f"progress: lessons.{key[:40]}.{index} cannot "
                              "be kept (a lesson id is letters, digits and dashes).")
        fingerprint = step_fingerprint(lesson.steps[index])
        steps = self.records.get(key)
        if steps is None:
            steps = {i: dataclasses.replace(r, attempts=list(r.attempts))
                     for i, r in self.records.get(lesson.id, {}).items()} if key != lesson.id \
                else {}
        if index not in steps and self.count() >= MAX_STEP_RECORDS:
            raise LessonError("lesson-progress", f"progress: lessons.{key[:40]}.{index} cannot "
                              f"be kept: a progress file keeps at most {MAX_STEP_RECORDS:,} "
                              "steps.")
        if key not in self.records and len(self.records) >= MAX_LESSONS_KEPT:
            raise LessonError("lesson-progress", f"progress: lessons.{key[:40]} cannot be "
                              f"kept: a progress file keeps at most {MAX_LESSONS_KEPT} lessons.")
        self.records[key] = steps
        record = steps.get(index)
        if record is None or (record.fingerprint and record.fingerprint != fingerprint):
            record = steps[index] = StepRecord(fingerprint)
        record.fingerprint = fingerprint
        return record

    # -- reading
    def step_record(self, lesson: LessonLike | str, step: int) -> StepRecord | None:
        """The record of a step; given a lesson (not its id), None if that step has changed
        since the record was made.

        Example:
            >>> Progress({"scout": [3]}).step_record("scout", 0).best
            3
        """
        record = self._steps_of(lesson).get(step)
        if record is None or isinstance(lesson, str) or not record.fingerprint:
            return record
        if step >= len(lesson.steps) or step_fingerprint(lesson.steps[step]) != \
                record.fingerprint:
            return None
        return record

    def stars(self, lesson: LessonLike | str) -> list[int]:
        """The best stars of each step of a lesson: given its id, up to the last step
        recorded (empty if never played); given the lesson, one per step, a changed step 0.

        Example:
            >>> Progress().stars("scout")
            []
            >>> from stratego_widget.lessons import catalog
            >>> Progress({"scout": [3]}).stars(catalog()["scout"])
            [3, 0, 0, 0]
        """
        if isinstance(lesson, str):
            size = max(self._steps_of(lesson), default=-1) + 1
        else:
            size = len(lesson.steps)
        return [record.best if (record := self.step_record(lesson, i)) is not None else 0
                for i in range(size)]

    def _steps_of(self, lesson: LessonLike | str) -> dict[int, StepRecord]:
        """A lesson's records: by its key (see :func:`progress_key`), else by its bare id."""
        if isinstance(lesson, str):
            return self.records.get(lesson, {})
        found = self.records.get(progress_key(lesson))
        return found if found is not None else self.records.get(lesson.id, {})

    def played(self, lesson: LessonLike) -> bool:
        """Whether the learner has a record of ``lesson`` (of its course).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> Progress({"scout": [3]}).played(catalog()["scout"])
            True
        """
        return bool(self._steps_of(lesson)) or progress_key(lesson) in self.records

    def lesson_ids(self) -> set[str]:
        """The ids of the lessons with records, whatever their course.

        Example:
            >>> sorted(Progress({"scout": [3], "mine/intro": [1]}).lesson_ids())
            ['intro', 'scout']
        """
        return {key.rsplit("/", 1)[-1] for key in self.records}

    def count(self) -> int:
        """The number of step records (at most :data:`~stratego_widget.lessons.classroom.progress_file.MAX_STEP_RECORDS`).

        Example:
            >>> Progress({"scout": [3, 1], "miner": [2]}).count()
            3
        """
        return sum(len(steps) for steps in self.records.values())

    def merged(self, other: Progress) -> Progress:
        """This progress and ``other`` (the same learner's, kept elsewhere: another board,
        another tab) as one, attempt by attempt: each step keeps the attempts of both (the
        newest :data:`~stratego_widget.lessons.classroom.attempts.MAX_ATTEMPTS_KEPT`), the better best
        stars and the review schedule of the side that played it last. A step whose records
        were made on different versions of it keeps the record played last (this one on a tie).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> here, there = Progress(), Progress()
            >>> _ = here.record_attempt(catalog()["scout"], 0, Attempt("2026-11-26T10:00:00Z", 5.0, True, 3))
            >>> _ = there.record_attempt(catalog()["miner"], 0, Attempt("2026-11-26T10:01:00Z", 5.0, True, 2))
            >>> both = here.merged(there)
            >>> both.stars("scout"), both.stars("miner")
            ([3], [2])
        """
        return Progress(merge_records(self.records, other.records),
                        learner=self.learner or other.learner,
                        puzzles=self.puzzles.merged(other.puzzles))

    def total(self) -> int:
        """All stars earned.

        Example:
            >>> Progress({"a": [3], "b": [1, 2]}).total()
            6
        """
        return sum(r.best for steps in self.records.values() for r in steps.values())

    def next_step(self, lesson: LessonLike | str) -> int:
        """The first step of a lesson not solved yet (0 for a lesson never played).

        Example:
            >>> Progress({"scout": [3, 3, 0, 0]}).next_step("scout")
            2
        """
        stars = self.stars(lesson)
        return next((i for i, s in enumerate(stars) if s == 0), len(stars))

    def resume(self, lesson: LessonLike, language: str = "en") -> LessonRun:
        """A run of ``lesson`` at its first unsolved step, with the stars already earned.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = Progress({"scout": [3, 0, 0, 0]}).resume(catalog()["scout"])
            >>> run.step_index, run.stars[0]
            (1, 3)
        """
        stars = self.stars(lesson)
        run = LessonRun(lesson, language, step=min(self.next_step(lesson), len(lesson.steps)))
        for i, s in enumerate(stars):
            run.stars[i] = s
        return run

    def due(self, lessons: Iterable[LessonLike], today: datetime.date | None = None,
            limit: int = 5) -> list[tuple[str, int]]:
        """The steps up for review on ``today`` (at most ``limit``, the longest due first),
        as ``(lesson id, step index)``; steps changed since their record are left out.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> progress = Progress()
            >>> lesson = catalog()["scout"]
            >>> _ = progress.record_attempt(lesson, 1, Attempt("2026-11-26T10:00:00Z", 30.0,
            ...                             False, 0, failed=True), datetime.date(2026, 11, 26))
            >>> progress.due([lesson], datetime.date(2026, 11, 27))
            [('scout', 1)]
        """
        waiting = [(record.due or "", lesson.id, index)
                   for lesson in lessons for index in range(len(lesson.steps))
                   if (record := self.step_record(lesson, index)) is not None
                   and record.is_due(today)]
        return [(lesson_id, index) for _, lesson_id, index in sorted(waiting)[:limit]]

    def require(self, lesson: str, stars: int = 1, step: int | None = None,
                lessons: Mapping[str, LessonLike] | None = None) -> None:
        """Check, for a grader (otter-grader, nbgrader), that the learner earned at least
        ``stars`` on every step of ``lesson`` (or on step ``step``, counted from 1); an
        AssertionError says what is missing. ``lessons``: where the lesson is found (the
        shipped catalog by default; a course of one's own: ``catalog(folder)``); a lesson not
        there raises ``LessonError("lesson-unknown", ...)``.

        Example:
            >>> Progress({"scout": [3, 2]}).require("scout", stars=2, step=2)
            >>> Progress({"scout": [3, 1]}).require("scout", stars=2)
            Traceback (most recent call last):
            ...
            AssertionError: lesson 'scout': step 2 has 1 of the 2 stars asked for; steps 3 and 4 have none.
        """
        known = (lessons if lessons is not None else catalog()).get(lesson)
        if known is None:   # the lessons say how many steps there are, never the file
            raise LessonError("lesson-unknown", f"Unknown lesson {str(lesson)[:60]!r}.")
        count = len(known.steps)
        earned = self.stars(known)
        indices = [step - 1] if step is not None else list(range(count))
        if step is not None and not 0 <= step - 1 < count:
            raise AssertionError(f"lesson {lesson!r} has steps 1 to {count}, not {step}.")
        if not indices:
            raise AssertionError(f"lesson {lesson!r} has not been played.")
        short = [i for i in indices if 0 < earned[i] < stars]
        missing = [i for i in indices if earned[i] == 0]
        parts = [f"step {i + 1} has {earned[i]} of the {stars} stars asked for" for i in short]
        if missing:
            names = " and ".join(", ".join(str(i + 1) for i in missing).rsplit(", ", 1))
            parts.append(f"step{'s' if len(missing) > 1 else ''} {names} "
                         f"ha{'ve' if len(missing) > 1 else 's'} none")
        if parts:
            raise AssertionError(f"lesson {lesson!r}: {'; '.join(parts)}.")

    # -- the file
    def to_data(self) -> dict[str, Any]:
        """The progress as JSON data (the file's form).

        Example:
            >>> Progress({"scout": [3]}, learner="Ada").to_data()["learner"]
            'Ada'
        """
        return progress_data(self.records, self.learner, self.puzzles)

    def to_json(self) -> str:
        """The progress as JSON text.

        Example:
            >>> Progress({"scout": [3]}).to_json()[:44]
            '{"format": "stratego-widget-progress", "vers'
        """
        return json.dumps(self.to_data(), sort_keys=False)

    @classmethod
    def from_json(cls, text: str, source: str = "progress") -> Progress:
        """Progress read from :meth:`to_json` (or the first form, best stars by lesson); a
        LessonError if the text is not progress.

        Text that is not JSON, nested too deeply, holds numbers too long to read, is longer
        than :data:`~stratego_widget.lessons.classroom.progress_file.MAX_PROGRESS_BYTES` characters, or does not have the fields of a progress
        file raises ``LessonError("lesson-progress", ...)`` naming ``source`` and the field.

        Example:
            >>> Progress.from_json('{"scout": [3, 1]}').total()
            4
            >>> Progress.from_json('[1]')
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: progress: progress is a JSON object with "format": "stratego-widget-progress".
            >>> Progress.from_json('{"scout": [' + "9" * 5000 + ']}')
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: progress: a number in the file is too long to read.
        """
        records, learner, puzzles = read_progress_with_puzzles(text, source)
        progress = cls(records, learner, puzzles)
        if progress.count() > MAX_STEP_RECORDS or len(records) > MAX_LESSONS_KEPT:
            raise LessonError("lesson-progress", f"{source}: lessons has more than "
                              f"{MAX_STEP_RECORDS:,} steps.")
        return progress

    def save(self, path: str | pathlib.Path) -> None:
        """Write the progress to a JSON file, whole or not at all (a new file is written and
        then put in place, so a crash never leaves half a file).

        Example:
            >>> import tempfile, os
            >>> path = os.path.join(tempfile.mkdtemp(), "progress.json")
            >>> Progress({"scout": [2]}).save(path); Progress.load(path).stars("scout")
            [2]
        """
        write_progress(path, self.to_json())

    @classmethod
    def load(cls, path: str | pathlib.Path) -> Progress:
        """Read progress from a JSON file; a missing file is no progress yet.

        A file larger than :data:`~stratego_widget.lessons.classroom.progress_file.MAX_PROGRESS_BYTES` is refused before it is read; a file
        that cannot be read, is not UTF-8 or is not progress raises
        ``LessonError("lesson-progress", ...)`` naming the file.

        Example:
            >>> Progress.load("no-such-progress.json").total()
            0
            >>> import tempfile
            >>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
            >>> _ = path.write_bytes(b"\\xff")
            >>> Progress.load(path)
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: progress.json: the file is not UTF-8 text (byte 0xff at position 0).
        """
        text = read_progress_file(path)
        return cls() if text is None else cls.from_json(text, source=pathlib.Path(path).name)
