"""A learner's progress across lessons: each step's attempts and best stars, kept between visits.

:class:`Progress` holds a :class:`~stratego_widget.lessons.attempts.StepRecord` per lesson step
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

import datetime
import json
import os
import pathlib
import tempfile
from collections.abc import Iterable, Mapping
from typing import Any

from ..engine.reading import check_text, parse_json, read_text
from .attempts import Attempt, StepRecord, step_fingerprint
from .errors import LessonError
from .library import catalog
from .run import LessonLike, LessonRun

__all__ = ["MAX_PROGRESS_BYTES", "PROGRESS_FORMAT", "Progress"]

#: The largest progress :meth:`Progress.load` reads (and :meth:`Progress.from_json` takes, in
#: characters): 1 MB. A learner's progress over every lesson is some tens of kilobytes; a larger
#: file is refused before it is read.
MAX_PROGRESS_BYTES = 1_000_000

#: The ``format`` field of a progress file.
PROGRESS_FORMAT = "stratego-widget-progress"

_ATTEMPT_FIELDS: dict[str, type | tuple[type, ...]] = {
    "date": str, "seconds": (int, float), "solved": bool, "stars": int, "failed": bool,
    "refusals": int, "wrong_answers": int, "hints": int, "review": bool}
_COUNT_LIMIT = 1_000_000


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
            >>> from stratego_widget.lessons.attempts import Attempt
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
        """The record of a step, started afresh when the step changed since it was made."""
        if not 0 <= index < len(lesson.steps):
            raise LessonError("lesson-step", f"Lesson {lesson.id!r} has steps 0 to "
                              f"{len(lesson.steps) - 1}, not {index}.")
        fingerprint = step_fingerprint(lesson.steps[index])
        steps = self.records.setdefault(lesson.id, {})
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
        lesson_id = lesson if isinstance(lesson, str) else lesson.id
        record = self.records.get(lesson_id, {}).get(step)
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
            steps = self.records.get(lesson, {})
            size = max(steps, default=-1) + 1
        else:
            size = len(lesson.steps)
        return [record.best if (record := self.step_record(lesson, i)) is not None else 0
                for i in range(size)]

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
        return {"format": PROGRESS_FORMAT, "version": 2, "learner": self.learner,
                "lessons": {lesson: {str(i): steps[i].to_data() for i in sorted(steps)}
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
        file.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=file.parent, prefix=f".{file.name}.",
                                             suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(self.to_json())
            os.replace(temporary, file)
        except BaseException:
            pathlib.Path(temporary).unlink(missing_ok=True)
            raise

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
        if not file.exists():
            return cls()
        text = read_text(file, limit=MAX_PROGRESS_BYTES, error=LessonError,
                         rule="lesson-progress", what="a progress file")
        return cls.from_json(text, source=file.name)


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
    if not isinstance(learner, str) or len(learner) > 200:
        raise _fail(source, "learner", "must be a name (text of at most 200 characters)")
    lessons = data.get("lessons")
    if not isinstance(lessons, dict):
        raise _fail(source, "lessons", "must be an object of lesson ids")
    progress = Progress(learner=learner)
    for lesson, steps in lessons.items():
        where = f"lessons.{lesson[:40]}"
        if not isinstance(steps, dict):
            raise _fail(source, where, "must be an object of step numbers")
        records: dict[int, StepRecord] = {}
        for key, value in steps.items():
            if not (isinstance(key, str) and key.isdigit() and len(key) < 4):
                raise _fail(source, f"{where}.{str(key)[:10]}", "is not a step number")
            records[int(key)] = _read_record(value, source, f"{where}.{key}")
        progress.records[lesson] = records
    return progress


def _read_first_form(data: dict[str, Any], source: str) -> Progress:
    if not all(isinstance(k, str) and all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 3 for s in v)
            for k, v in data.items()):
        raise LessonError("lesson-progress", f"{source}: progress of the first form is a JSON "
                          "object of lesson ids, each a list of stars from 0 to 3.")
    return Progress({k: list(v) for k, v in data.items()})


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _read_record(value: Any, source: str, where: str) -> StepRecord:
    if not isinstance(value, dict) or set(value) != {"fingerprint", "best", "attempts", "due",
                                                     "interval"}:
        raise _fail(source, where, "must have exactly fingerprint, best, attempts, due and "
                    "interval")
    fingerprint, best, due, interval = (value["fingerprint"], value["best"], value["due"],
                                        value["interval"])
    if not isinstance(fingerprint, str) or len(fingerprint) > 64:
        raise _fail(source, f"{where}.fingerprint", "must be short text")
    if not _whole(best, 0, 3):
        raise _fail(source, f"{where}.best", "must be a whole number from 0 to 3")
    if not _whole(interval, 0, 365):
        raise _fail(source, f"{where}.interval", "must be a whole number of days from 0 to 365")
    if due is not None and not _is_date(due):
        raise _fail(source, f"{where}.due", "must be a date (YYYY-MM-DD) or null")
    attempts = value["attempts"]
    if not isinstance(attempts, list):
        raise _fail(source, f"{where}.attempts", "must be a list")
    return StepRecord(fingerprint, [_read_attempt(a, source, f"{where}.attempts[{i}]")
                                    for i, a in enumerate(attempts)], best, due, interval)


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
