"""A learner's progress across lessons: each step's attempts and best stars, kept between visits.

:class:`Progress` holds a :class:`~stratego_widget.lessons.classroom.attempts.StepRecord` per lesson step
(the attempts, the best stars, the review schedule) and reads and writes itself as JSON, so a
course map can show the stars, pick up where the learner stopped, bring missed steps back for
review and hand a teacher the learner's file. A step's record carries the fingerprint of the
step it was made on: when a lesson is edited, a changed step starts afresh and the others keep
their stars.

The file (``format`` ``"stratego-widget-progress"``, ``version`` 2)::

    {"format": "stratego-widget-progress", "version": 2, "learner": "Ada",
     "lessons": {"scout": {"0": {"fingerprint": "9c1e…", "best": 3, "due": null, "interval": 0,
                                 "attempts": [{"date": "2026-11-26T10:00:00Z", "seconds": 12.5,
                                               "solved": true, "stars": 3, "failed": false,
                                               "refusals": 0, "wrong_answers": 0, "hints": 0,
                                               "review": false}]}}}}

The first form, ``{"scout": [3, 1]}`` (best stars only), is still read.

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
import os
import pathlib
import re
import stat
import tempfile
import time
from collections.abc import Iterable, Mapping
from glob import escape as glob_escape
from typing import Any

from ...engine.reading import check_text, parse_json, read_text
from .attempts import MAX_ATTEMPTS_KEPT, Attempt, StepRecord, step_fingerprint
from ..errors import LessonError
from ..model.lesson import MAX_NAME, MAX_STEPS
from ..model.library import catalog
from ..playing.run import LessonLike, LessonRun

__all__ = ["MAX_FILE_ATTEMPTS", "MAX_LESSONS_KEPT", "MAX_PROGRESS_BYTES", "MAX_STEP_RECORDS", "PROGRESS_FORMAT",
           "Progress", "progress_key"]

#: The most lessons a progress file keeps records of (the shipped course has 44).
MAX_LESSONS_KEPT = 500

#: The most steps a progress file keeps records of (the shipped lessons have 199 in all).
MAX_STEP_RECORDS = 2_000

#: The most attempts a progress file keeps in all, the newest (each step keeps its newest
#: :data:`~stratego_widget.lessons.classroom.attempts.MAX_ATTEMPTS_KEPT`; best stars and the review
#: schedule are kept apart, so no star is lost when an old attempt is dropped).
MAX_FILE_ATTEMPTS = 4_000

#: The ``format`` field of a progress file.
PROGRESS_FORMAT = "stratego-widget-progress"

_ATTEMPT_FIELDS: dict[str, type | tuple[type, ...]] = {
    "date": str, "seconds": (int, float), "solved": bool, "stars": int, "failed": bool,
    "refusals": int, "wrong_answers": int, "hints": int, "review": bool}
_COUNT_LIMIT = 1_000_000
_MAX_LEARNER = 200
_MAX_FINGERPRINT = 64
_MAX_INTERVAL = 365
_FINGERPRINT = re.compile(f"[0-9a-f]{{0,{_MAX_FINGERPRINT}}}")
#: Temporary files of an interrupted save older than this (seconds) are removed by a save.
_STALE_SECONDS = 60
#: A step number: ASCII digits, no sign, no leading zero, below MAX_STEPS.
_STEP_KEY = re.compile(f"0|[1-9][0-9]{{0,{len(str(MAX_STEPS - 1)) - 1}}}")
#: A lesson's key: its id, or "course/id" for a lesson of a course other than the shipped one.
_NAME = f"[A-Za-z0-9_-]{{1,{MAX_NAME}}}"
_LESSON_KEY = re.compile(f"{_NAME}(?:/{_NAME})?")


def _largest_file() -> int:
    """The most characters :meth:`Progress.to_json` can write: every field at its longest
    (the writer escapes every character that is not ASCII, so characters are bytes), for
    :data:`MAX_LESSONS_KEPT` lessons, :data:`MAX_STEP_RECORDS` steps and
    :data:`MAX_FILE_ATTEMPTS` attempts."""
    longest_float = 2.2250738585072014e-308  # 17 digits and a 3-digit exponent
    attempt = Attempt("2026-11-26T10:00:00Z", longest_float, False, 3, False, _COUNT_LIMIT,
                      _COUNT_LIMIT, _COUNT_LIMIT, False)
    record = StepRecord("f" * _MAX_FINGERPRINT, [], 3, "2026-11-26", _MAX_INTERVAL)
    key = "k" * MAX_NAME + "/" + "k" * MAX_NAME
    head = json.dumps({"format": PROGRESS_FORMAT, "version": 2,
                       "learner": "\U0001f600" * _MAX_LEARNER, "lessons": {}})
    lesson = len(json.dumps({key: {}})) - len("{}") + len(", ")
    step = len(json.dumps({str(MAX_STEPS - 1): record.to_data()})) - len("{}") + len(", ")
    return len(head) + MAX_LESSONS_KEPT * lesson + MAX_STEP_RECORDS * step + \
        MAX_FILE_ATTEMPTS * (len(json.dumps(attempt.to_data())) + len(", "))


#: The largest progress :meth:`Progress.load` reads (and :meth:`Progress.from_json` takes, in
#: characters): the largest file the writer can make, worked out from the limits above
#: (:data:`MAX_LESSONS_KEPT`, :data:`MAX_STEP_RECORDS`, :data:`MAX_FILE_ATTEMPTS`, each field
#: at its longest), about 1.1 MB. A learner's progress over every lesson is some hundreds of kilobytes; a larger
#: file is refused before it is read.
MAX_PROGRESS_BYTES = _largest_file()


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
    form) to a list of best stars per step; ``learner`` is a name for the teacher's summary.

    Example:
        >>> Progress({"scout": [3, 2, 0, 0]}).total()
        5
    """

    def __init__(self, records: Mapping[str, Mapping[int, StepRecord] | list[int]] | None = None,
                 learner: str = "") -> None:
        self.learner = learner
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
        """Keep one attempt at step ``step`` of ``lesson`` (its stars, its review date).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> from stratego_widget.lessons.classroom.attempts import Attempt
            >>> progress = Progress()
            >>> record = progress.record_attempt(catalog()["scout"], 0,
            ...                                  Attempt("2026-11-26T10:00:00Z", 8.0, True, 2))
            >>> record.best, progress.stars("scout")[0]
            (2, 2)
        """
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
        if not _LESSON_KEY.fullmatch(key) or index >= MAX_STEPS:
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
        """The number of step records (at most :data:`MAX_STEP_RECORDS`).

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
        result = Progress(learner=self.learner or other.learner)
        for key in sorted(set(self.records) | set(other.records)):
            mine, theirs = self.records.get(key, {}), other.records.get(key, {})
            result.records[key] = {
                index: _merge_record(mine.get(index), theirs.get(index))
                for index in sorted(set(mine) | set(theirs))}
        return result

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
        if self.count() > MAX_STEP_RECORDS or len(self.records) > MAX_LESSONS_KEPT:
            raise LessonError("lesson-progress", "progress: a progress file keeps at most "
                              f"{MAX_LESSONS_KEPT} lessons and {MAX_STEP_RECORDS:,} steps.")
        bad = next((key for key, steps in self.records.items() if not _LESSON_KEY.fullmatch(key)
                    or any(not 0 <= i < MAX_STEPS or not _FINGERPRINT.fullmatch(r.fingerprint)
                           for i, r in steps.items())), None)
        if bad is not None:
            raise LessonError("lesson-progress", f"progress: lessons.{bad[:40]} cannot be "
                              "kept (a lesson id is letters, digits and dashes, with at most "
                              f"{MAX_STEPS} steps).")
        kept = _newest_attempts(self.records)
        return {"format": PROGRESS_FORMAT, "version": 2, "learner": self.learner[:_MAX_LEARNER],
                "lessons": {lesson: {str(i): dict(steps[i].to_data(),
                                                  attempts=kept[lesson, i])
                                     for i in sorted(steps)}
                            for lesson, steps in sorted(self.records.items())}}

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
        than :data:`MAX_PROGRESS_BYTES` characters, or does not have the fields of a progress
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
        check_text(text, limit=MAX_PROGRESS_BYTES, error=LessonError, rule="lesson-progress",
                   source=source, what="progress is JSON text")
        data = parse_json(text, error=LessonError, rule="lesson-progress", source=source)
        return _read(data, source)

    def save(self, path: str | pathlib.Path) -> None:
        """Write the progress to a JSON file, whole or not at all (a new file is written and
        then put in place, so a crash never leaves half a file).

        Example:
            >>> import tempfile, os
            >>> path = os.path.join(tempfile.mkdtemp(), "progress.json")
            >>> Progress({"scout": [2]}).save(path); Progress.load(path).stars("scout")
            [2]
        """
        file = pathlib.Path(path)
        text = self.to_json()
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.",
                                             suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, file)
        except BaseException:
            pathlib.Path(temporary).unlink(missing_ok=True)
            raise
        _remove_stale_temporaries(file)

    @classmethod
    def load(cls, path: str | pathlib.Path) -> Progress:
        """Read progress from a JSON file; a missing file is no progress yet.

        A file larger than :data:`MAX_PROGRESS_BYTES` is refused before it is read; a file
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
        file = pathlib.Path(path)
        try:
            mode = file.stat().st_mode
        except (FileNotFoundError, NotADirectoryError):
            return cls()
        except OSError as error:
            raise LessonError("lesson-progress", f"{_shown(file.name, 80)}: cannot be read "
                              f"({error.strerror or error}).") from None
        if not stat.S_ISREG(mode):
            raise LessonError("lesson-progress", f"{_shown(file.name, 80)}: a progress file is "
                              "a regular file; this is not one.")
        text = read_text(file, limit=MAX_PROGRESS_BYTES, error=LessonError,
                         rule="lesson-progress", what="a progress file")
        return cls.from_json(text, source=file.name)


def _remove_stale_temporaries(file: pathlib.Path) -> None:
    """Remove what interrupted saves of ``file`` left (``.<name>.*.tmp`` older than a
    minute; a younger one may be another notebook's save under way)."""
    now = time.time()
    for leftover in file.parent.glob(f".{glob_escape(file.name)}.*.tmp"):
        try:
            if now - leftover.lstat().st_mtime > _STALE_SECONDS:
                leftover.unlink()
        except OSError:
            continue


def _attempt_data(attempt: Attempt) -> dict[str, Any]:
    """An attempt as the file keeps it: each number within what the reader takes."""
    data = attempt.to_data()
    data["seconds"] = min(max(data["seconds"], 0), 1e7)
    data["stars"] = min(max(data["stars"], 0), 3)
    for name in ("refusals", "wrong_answers", "hints"):
        data[name] = min(max(data[name], 0), _COUNT_LIMIT)
    return data


def _newest_attempts(records: Mapping[str, Mapping[int, StepRecord]]
                     ) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """The attempts a file keeps of each step: the step's newest
    :data:`~stratego_widget.lessons.classroom.attempts.MAX_ATTEMPTS_KEPT`, and of those the file's
    newest :data:`MAX_FILE_ATTEMPTS` (the oldest dropped first; ties: the lesson key, the step
    and the place in the step's list)."""
    steps = {(lesson, i): record.attempts[-MAX_ATTEMPTS_KEPT:]
             for lesson, by_step in records.items() for i, record in by_step.items()}
    every = sorted((attempt.date, lesson, i, place) for (lesson, i), attempts in steps.items()
                   for place, attempt in enumerate(attempts))
    dropped = {(lesson, i, place) for _, lesson, i, place in every[:-MAX_FILE_ATTEMPTS]} \
        if len(every) > MAX_FILE_ATTEMPTS else set()
    return {(lesson, i): [_attempt_data(a) for place, a in enumerate(attempts)
                          if (lesson, i, place) not in dropped]
            for (lesson, i), attempts in steps.items()}


def _last_played(record: StepRecord) -> str:
    return max((a.date for a in record.attempts), default="")


def _merge_record(mine: StepRecord | None, theirs: StepRecord | None) -> StepRecord:
    """Two records of one step as one (see :meth:`Progress.merged`)."""
    if mine is None or theirs is None:
        kept = mine if mine is not None else theirs
        assert kept is not None
        return dataclasses.replace(kept, attempts=list(kept.attempts))
    later = theirs if _last_played(theirs) > _last_played(mine) else mine
    if mine.fingerprint and theirs.fingerprint and mine.fingerprint != theirs.fingerprint:
        return dataclasses.replace(later, attempts=list(later.attempts))
    attempts = list(mine.attempts)
    attempts += [a for a in theirs.attempts if a not in attempts]
    attempts.sort(key=lambda a: a.date)
    return StepRecord(mine.fingerprint or theirs.fingerprint, attempts[-MAX_ATTEMPTS_KEPT:],
                      max(mine.best, theirs.best), later.due, later.interval)


def _fail(source: str, where: str, what: str) -> LessonError:
    return LessonError("lesson-progress", f"{source}: {where} {what}.")


def _read(data: Any, source: str) -> Progress:
    """Progress from parsed JSON data, every field checked (see :meth:`Progress.from_json`)."""
    if isinstance(data, dict) and "format" not in data and all(
            isinstance(v, list) for v in data.values()):
        return _read_first_form(data, source)
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
        raise LessonError("lesson-progress", f"{source}: progress is a JSON object with "
                          f'"format": "{PROGRESS_FORMAT}".')
    if data.get("version") != 2:
        raise _fail(source, "version", f"must be 2, not {str(data.get('version'))[:20]}")
    unknown = set(data) - {"format", "version", "learner", "lessons"}
    if unknown:
        raise _fail(source, "the file", f"has a field progress has not: {sorted(unknown)[0]!r}"
                    [:200])
    learner = data.get("learner", "")
    if not isinstance(learner, str) or len(learner) > _MAX_LEARNER:
        raise _fail(source, "learner", "must be a name (text of at most 200 characters)")
    lessons = data.get("lessons")
    if not isinstance(lessons, dict):
        raise _fail(source, "lessons", "must be an object of lesson ids")
    if len(lessons) > MAX_LESSONS_KEPT:
        raise _fail(source, "lessons", f"has more than {MAX_LESSONS_KEPT} lessons")
    progress = Progress(learner=learner)
    count = 0
    for lesson, steps in lessons.items():
        where = f"lessons.{_shown(lesson, 40)}"
        if not _LESSON_KEY.fullmatch(lesson):
            raise _fail(source, where, "is not a lesson id (letters, digits and dashes, or "
                        "course/lesson)")
        if not isinstance(steps, dict):
            raise _fail(source, where, "must be an object of step numbers")
        count += len(steps)
        if count > MAX_STEP_RECORDS:
            raise _fail(source, "lessons", f"has more than {MAX_STEP_RECORDS:,} steps")
        size = _known_size(lesson)
        records: dict[int, StepRecord] = {}
        for key, value in steps.items():
            if not _STEP_KEY.fullmatch(key) or int(key) >= MAX_STEPS:
                raise _fail(source, f"{where}.{_shown(key, 10)}",
                            f"is not a step number (0 to {MAX_STEPS - 1})")
            record = _read_record(value, source, f"{where}.{key}")
            # A step a shipped lesson no longer has (a later release made it shorter) is
            # left out: the rest of the file still counts.
            if int(key) < size:
                records[int(key)] = record
        progress.records[lesson] = records
    return progress


def _shown(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, unprintable ones escaped: a message stays one
    line."""
    return "".join(c if c.isprintable() and c.isascii() else repr(c)[1:-1]
                   for c in text[:limit])


def _known_size(key: str) -> int:
    """How many steps the lesson of a file's key may have: a shipped lesson's steps, else
    the most a lesson has."""
    shipped = catalog().get(key)
    return len(shipped.steps) if shipped is not None else MAX_STEPS


def _read_first_form(data: dict[str, Any], source: str) -> Progress:
    if not all(isinstance(k, str) and all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 3 for s in v)
            for k, v in data.items()):
        raise LessonError("lesson-progress", f"{source}: progress of the first form is a JSON "
                          "object of lesson ids, each a list of stars from 0 to 3.")
    for key, stars in data.items():
        where = f"lessons.{_shown(key, 40)}"
        if not _LESSON_KEY.fullmatch(key):
            raise _fail(source, where, "is not a lesson id (letters, digits and dashes)")
        if len(stars) > MAX_STEPS:
            raise _fail(source, where, f"has {len(stars):,} steps, more than the "
                        f"{MAX_STEPS} a lesson may have")
    # Steps a shipped lesson no longer has are left out, as in the second form.
    progress = Progress({k: list(v)[:_known_size(k)] for k, v in data.items()})
    if progress.count() > MAX_STEP_RECORDS or len(data) > MAX_LESSONS_KEPT:
        raise _fail(source, "lessons", f"has more than {MAX_STEP_RECORDS:,} steps")
    return progress


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _read_record(value: Any, source: str, where: str) -> StepRecord:
    if not isinstance(value, dict) or set(value) != {"fingerprint", "best", "attempts", "due",
                                                     "interval"}:
        raise _fail(source, where, "must have exactly fingerprint, best, attempts, due and "
                    "interval")
    fingerprint, best, due, interval = (value["fingerprint"], value["best"], value["due"],
                                        value["interval"])
    if not isinstance(fingerprint, str) or not _FINGERPRINT.fullmatch(fingerprint):
        raise _fail(source, f"{where}.fingerprint", "must be a short digest (hexadecimal)")
    if not _whole(best, 0, 3):
        raise _fail(source, f"{where}.best", "must be a whole number from 0 to 3")
    if not _whole(interval, 0, _MAX_INTERVAL):
        raise _fail(source, f"{where}.interval", "must be a whole number of days from 0 to 365")
    if due is not None and not _is_date(due):
        raise _fail(source, f"{where}.due", "must be a date (YYYY-MM-DD) or null")
    attempts = value["attempts"]
    if not isinstance(attempts, list):
        raise _fail(source, f"{where}.attempts", "must be a list")
    return StepRecord(fingerprint, [_read_attempt(a, source, f"{where}.attempts[{i}]")
                                    for i, a in enumerate(attempts)][-MAX_ATTEMPTS_KEPT:],
                      best, due, interval)


def _is_date(text: Any) -> bool:
    if not isinstance(text, str) or len(text) != 10:
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _read_attempt(value: Any, source: str, where: str) -> Attempt:
    if not isinstance(value, dict) or set(value) != set(_ATTEMPT_FIELDS):
        raise _fail(source, where, f"must have exactly the fields {', '.join(_ATTEMPT_FIELDS)}")
    for name, kind in _ATTEMPT_FIELDS.items():
        field_value = value[name]
        wrong_bool = kind is not bool and isinstance(field_value, bool)
        if not isinstance(field_value, kind) or wrong_bool:
            kind_name = type(field_value).__name__
            raise _fail(source, f"{where}.{name}", f"has the wrong type ({kind_name})")
        if kind is int and not _whole(field_value, 0, _COUNT_LIMIT):
            raise _fail(source, f"{where}.{name}", "is out of range")
    if value["stars"] > 3:
        raise _fail(source, f"{where}.stars", "must be from 0 to 3")
    if not 0 <= value["seconds"] <= 1e7:
        raise _fail(source, f"{where}.seconds", "is out of range")
    date = value["date"]
    try:
        datetime.datetime.strptime(date, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        raise _fail(source, f"{where}.date", "must be a time as 2026-11-26T10:00:00Z") from None
    return Attempt(**value)
