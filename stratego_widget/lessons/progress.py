"""A learner's progress across lessons: the best stars per step, kept between visits.

:class:`Progress` records finished and unfinished runs and reads and writes itself as JSON, so
a notebook or a board can show the map of lessons with their stars and pick up where the
learner stopped.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> progress = Progress()
    >>> run = catalog()["scout"].start()
    >>> _ = run.propose("b2-b7")
    >>> progress.record(run)
    >>> progress.stars("scout")[:2], progress.next_step("scout")
    ([3, 0], 1)
    >>> Progress.from_json(progress.to_json()) == progress
    True
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass, field

from ..engine.reading import check_text, parse_json, read_text
from .errors import LessonError
from .run import LessonLike, LessonRun

__all__ = ["MAX_PROGRESS_BYTES", "Progress"]

#: The largest progress :meth:`Progress.load` reads (and :meth:`Progress.from_json` takes, in
#: characters): 1 MB. A learner's progress over every lesson is a few kilobytes; a larger file
#: is refused before it is read.
MAX_PROGRESS_BYTES = 1_000_000


@dataclass
class Progress:
    """Best stars per lesson step (``lesson id -> [stars of step 1, step 2, ...]``).

    Example:
        >>> Progress({"scout": [3, 2, 0, 0]}).total()
        5
    """

    best: dict[str, list[int]] = field(default_factory=dict)

    def record(self, run: LessonRun) -> None:
        """Keep the better of the stars already recorded and those of ``run``.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> progress = Progress({"scout": [1, 0, 0, 0]})
            >>> run = catalog()["scout"].start(); _ = run.propose("b2-b7")
            >>> progress.record(run); progress.stars("scout")[0]
            3
        """
        old = self.best.get(run.lesson.id, [])
        new = list(run.stars)
        size = max(len(old), len(new))
        old, new = old + [0] * (size - len(old)), new + [0] * (size - len(new))
        self.best[run.lesson.id] = [max(a, b) for a, b in zip(old, new, strict=True)]

    def stars(self, lesson: str) -> list[int]:
        """The best stars of each step of a lesson (empty if never played).

        Example:
            >>> Progress().stars("scout")
            []
        """
        return list(self.best.get(lesson, []))

    def total(self) -> int:
        """All stars earned.

        Example:
            >>> Progress({"a": [3], "b": [1, 2]}).total()
            6
        """
        return sum(sum(stars) for stars in self.best.values())

    def next_step(self, lesson: str) -> int:
        """The first step of a lesson not solved yet (0 for a lesson never played).

        Example:
            >>> Progress({"scout": [3, 3, 0, 0]}).next_step("scout")
            2
        """
        stars = self.best.get(lesson, [])
        return next((i for i, s in enumerate(stars) if s == 0), len(stars))

    def resume(self, lesson: LessonLike, language: str = "en") -> LessonRun:
        """A run of ``lesson`` at its first unsolved step, with the stars already earned.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> run = Progress({"scout": [3, 0, 0, 0]}).resume(catalog()["scout"])
            >>> run.step_index, run.stars[0]
            (1, 3)
        """
        stars = self.best.get(lesson.id, [])
        start = min(self.next_step(lesson.id), len(lesson.steps))
        run = LessonRun(lesson, language, step=start)
        for i, s in enumerate(stars[:len(lesson.steps)]):
            run.stars[i] = s
        return run

    def to_json(self) -> str:
        """The progress as JSON text.

        Example:
            >>> Progress({"scout": [3]}).to_json()
            '{"scout": [3]}'
        """
        return json.dumps(self.best, sort_keys=True)

    @classmethod
    def from_json(cls, text: str, source: str = "progress") -> Progress:
        """Progress read from :meth:`to_json`; a LessonError if the text is not progress.

        Text that is not JSON, nested too deeply, holds numbers too long to read, or is longer
        than :data:`MAX_PROGRESS_BYTES` characters raises ``LessonError("lesson-progress", ...)``
        naming ``source``.

        Example:
            >>> Progress.from_json('{"scout": [3, 1]}').total()
            4
            >>> Progress.from_json('[1]')
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: progress: progress is a JSON object of lesson ids, each a list of stars from 0 to 3.
            >>> Progress.from_json('{"scout": [' + "9" * 5000 + ']}')
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: progress: a number in the file is too long to read.
        """
        check_text(text, limit=MAX_PROGRESS_BYTES, error=LessonError, rule="lesson-progress",
                   source=source, what="progress is JSON text")
        data = parse_json(text, error=LessonError, rule="lesson-progress", source=source)
        if not isinstance(data, dict) or not all(
                isinstance(k, str) and isinstance(v, list) and all(
                    isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= 3 for s in v)
                for k, v in data.items()):
            raise LessonError("lesson-progress", f"{source}: progress is a JSON object of lesson "
                              "ids, each a list of stars from 0 to 3.")
        return cls({k: list(v) for k, v in data.items()})

    def save(self, path: str | pathlib.Path) -> None:
        """Write the progress to a JSON file.

        Example:
            >>> import tempfile, os
            >>> path = os.path.join(tempfile.mkdtemp(), "progress.json")
            >>> Progress({"scout": [2]}).save(path); Progress.load(path).stars("scout")
            [2]
        """
        pathlib.Path(path).write_text(self.to_json(), encoding="utf-8")

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
