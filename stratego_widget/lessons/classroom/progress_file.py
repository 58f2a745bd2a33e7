"""A learner's progress file: its format, the caps of what it keeps and the limit of what is
read, and the file read and written.

The file (``format`` ``"stratego-widget-progress"``, ``version`` 2)::

    {"format": "stratego-widget-progress", "version": 2, "learner": "Ada",
     "lessons": {"scout": {"0": {"fingerprint": "9c1e…", "best": 3, "due": null, "interval": 0,
                                 "attempts": [{"date": "2026-11-26T10:00:00Z", "seconds": 12.5,
                                               "solved": true, "stars": 3, "failed": false,
                                               "refusals": 0, "wrong_answers": 0, "hints": 0,
                                               "review": false}]}}}}

Once a puzzle was tried the file has a ``"puzzles"`` section too (the learner's puzzle rating
and the puzzles tried: :mod:`~stratego_widget.lessons.classroom.puzzle_records`); a file
without it has no puzzles yet. The first form, ``{"scout": [3, 1]}`` (best stars only), is
still read. Every refusal is a
one-line ``LessonError("lesson-progress", ...)`` naming the file and the field. The value that
holds the records is :class:`~stratego_widget.lessons.classroom.progress.Progress`.

Example:
    >>> records, learner = read_progress(json.dumps(progress_data({}, "Ada")))
    >>> records, learner
    ({}, 'Ada')
"""

from __future__ import annotations

import datetime
import json
import os
import pathlib
import re
import stat
import tempfile
import time
from collections.abc import Mapping
from glob import escape as glob_escape
from typing import Any

from ...engine.reading import check_text, parse_json, read_text
from ..errors import LessonError
from ..model.lesson import MAX_NAME, MAX_STEPS
from ..model.library import catalog
from .attempts import MAX_ATTEMPTS_KEPT, Attempt, StepRecord
from .puzzle_records import PuzzleRecords

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
    """The most characters :func:`progress_data` can write: every field at its longest
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
        MAX_FILE_ATTEMPTS * (len(json.dumps(attempt.to_data())) + len(", ")) + \
        PuzzleRecords.largest_data_size()


#: The largest progress :func:`read_progress_file` reads (and :func:`read_progress` takes, in
#: characters): the largest file the writer can make, worked out from the limits above
#: (:data:`MAX_LESSONS_KEPT`, :data:`MAX_STEP_RECORDS`, :data:`MAX_FILE_ATTEMPTS`, each field
#: at its longest, the puzzles section too), about 1.6 MB. A learner's progress over every lesson is some hundreds of kilobytes; a larger
#: file is refused before it is read.
MAX_PROGRESS_BYTES = _largest_file()


def progress_data(records: Mapping[str, Mapping[int, StepRecord]],
                  learner: str, puzzles: PuzzleRecords | None = None) -> dict[str, Any]:
    """A learner's records as the file's JSON data (each step's newest attempts kept, see
    :data:`MAX_FILE_ATTEMPTS`; the ``puzzles`` section when a puzzle was tried); a
    LessonError when the records exceed what a file keeps.

    Example:
        >>> progress_data({"scout": {0: StepRecord("", best=3)}}, "Ada")["lessons"]["scout"]["0"]["best"]
        3
    """
    if sum(len(steps) for steps in records.values()) > MAX_STEP_RECORDS or \
            len(records) > MAX_LESSONS_KEPT:
        raise LessonError("lesson-progress", "progress: a progress file keeps at most "
                          f"{MAX_LESSONS_KEPT} lessons and {MAX_STEP_RECORDS:,} steps.")
    bad = next((key for key, steps in records.items() if not _LESSON_KEY.fullmatch(key)
                or any(not 0 <= i < MAX_STEPS or not _FINGERPRINT.fullmatch(r.fingerprint)
                       for i, r in steps.items())), None)
    if bad is not None:
        raise LessonError("lesson-progress", f"progress: lessons.{bad[:40]} cannot be "
                          "kept (a lesson id is letters, digits and dashes, with at most "
                          f"{MAX_STEPS} steps).")
    kept = _newest_attempts(records)
    data = {"format": PROGRESS_FORMAT, "version": 2, "learner": learner[:_MAX_LEARNER],
            "lessons": {lesson: {str(i): dict(steps[i].to_data(),
                                              attempts=kept[lesson, i])
                                 for i in sorted(steps)}
                        for lesson, steps in sorted(records.items())}}
    if puzzles is not None and puzzles.records:
        data["puzzles"] = puzzles.to_data()
    return data


def read_progress(text: str, source: str = "progress"
                  ) -> tuple[dict[str, dict[int, StepRecord] | list[int]], str]:
    """The records and the learner's name of a progress file's text, every field checked:
    by lesson key, each step's record (or, in the first form, a list of best stars); a
    one-line ``LessonError("lesson-progress", ...)`` naming ``source`` and the field.

    Example:
        >>> read_progress('{"scout": [3, 1]}')
        ({'scout': [3, 1]}, '')
    """
    records, learner, _ = read_progress_with_puzzles(text, source)
    return records, learner


def read_progress_with_puzzles(text: str, source: str = "progress") -> tuple[
        dict[str, dict[int, StepRecord] | list[int]], str, PuzzleRecords]:
    """:func:`read_progress`, and the file's ``puzzles`` section (none in a file written
    before puzzles: no puzzles yet), every field checked the same way.

    Example:
        >>> read_progress_with_puzzles('{"scout": [3]}')[2].records
        {}
    """
    check_text(text, limit=MAX_PROGRESS_BYTES, error=LessonError, rule="lesson-progress",
               source=source, what="progress is JSON text")
    data = parse_json(text, error=LessonError, rule="lesson-progress", source=source)
    records, learner = _read(data, source)
    if not (isinstance(data, dict) and "format" in data and "puzzles" in data):
        return records, learner, PuzzleRecords()
    return records, learner, PuzzleRecords.from_data(data["puzzles"], source)


def write_progress(path: str | pathlib.Path, text: str) -> None:
    """Write a progress file's text, whole or not at all (a new file is written and then put
    in place, so a crash never leaves half a file); a missing folder is made.

    Example:
        >>> import tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.json"
        >>> write_progress(path, "{}"); path.read_text()
        '{}'
    """
    file = pathlib.Path(path)
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


def read_progress_file(path: str | pathlib.Path) -> str | None:
    """The text of the progress file at ``path``, None when there is none yet. A file larger
    than :data:`MAX_PROGRESS_BYTES` is refused before it is read; a file that cannot be read,
    is not a regular file or is not UTF-8 raises ``LessonError("lesson-progress", ...)``
    naming the file.

    Example:
        >>> read_progress_file("no-such-progress.json") is None
        True
    """
    file = pathlib.Path(path)
    try:
        mode = file.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise LessonError("lesson-progress", f"{_shown(file.name, 80)}: cannot be read "
                          f"({error.strerror or error}).") from None
    if not stat.S_ISREG(mode):
        raise LessonError("lesson-progress", f"{_shown(file.name, 80)}: a progress file is "
                          "a regular file; this is not one.")
    return read_text(file, limit=MAX_PROGRESS_BYTES, error=LessonError,
                     rule="lesson-progress", what="a progress file")


def is_lesson_key(key: str) -> bool:
    """Whether ``key`` is a lesson's key a progress file may keep: its id, or ``course/id``.

    Example:
        >>> is_lesson_key("scout"), is_lesson_key("mine/scout"), is_lesson_key("a b")
        (True, True, False)
    """
    return _LESSON_KEY.fullmatch(key) is not None


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


def _fail(source: str, where: str, what: str) -> LessonError:
    return LessonError("lesson-progress", f"{source}: {where} {what}.")


def _read(data: Any, source: str) -> tuple[dict[str, dict[int, StepRecord] | list[int]], str]:
    """The records and learner of parsed JSON data, every field checked (see
    :func:`read_progress`)."""
    if isinstance(data, dict) and "format" not in data and all(
            isinstance(v, list) for v in data.values()):
        return _read_first_form(data, source)
    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
        raise LessonError("lesson-progress", f"{source}: progress is a JSON object with "
                          f'"format": "{PROGRESS_FORMAT}".')
    if data.get("version") != 2:
        raise _fail(source, "version", f"must be 2, not {str(data.get('version'))[:20]}")
    unknown = set(data) - {"format", "version", "learner", "lessons", "puzzles"}
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
    found: dict[str, dict[int, StepRecord] | list[int]] = {}
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
        found[lesson] = records
    return found, learner


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


def _read_first_form(data: dict[str, Any], source: str
                     ) -> tuple[dict[str, dict[int, StepRecord] | list[int]], str]:
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
    # Steps a shipped lesson no longer has are left out, as in the second form; the count
    # of steps is checked by Progress.from_json, once the stars are records.
    return {k: list(v)[:_known_size(k)] for k, v in data.items()}, ""


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
