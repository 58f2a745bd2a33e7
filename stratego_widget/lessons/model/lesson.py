"""Lessons as data: :class:`Lesson`, read from TOML text or a file and validated on load.

A lesson file holds one lesson: its ``id``, ``title``, the ``ruleset`` it teaches, what it
``covers`` (editions, fast games, options, rules) and its ``[[steps]]``. Every text is a table
of languages. Any mistake raises :class:`~stratego_widget.lessons.errors.LessonError` (rule
``"lesson-format"``) naming the file, the step and the field. The format is described in
``docs/lessons.md``.

A lesson is somebody's file, so its size is bounded before it is read or interpreted; each
limit lies far above every shipped lesson (in parentheses: the limit, then the most any
shipped lesson uses). Anything over a limit is refused with a one-line ``LessonError`` naming
the file, the step and the field:

- a file has at most :data:`MAX_FILE_BYTES` bytes (500,000; 14 KB), a text given to
  :meth:`Lesson.from_text` as many characters;
- at most :data:`MAX_STEPS` steps (100; 7);
- at most :data:`MAX_PIECES` pieces in a step's position (128, the squares of the largest
  board a ruleset may have; 7);
- ``par`` at most :data:`MAX_PAR` (100; 30), and a ``solution`` or ``replies`` at most as
  many actions;
- every text (one language of it), name and square at most :data:`MAX_TEXT` characters
  (2,000; 228);
- every other list or table at most :data:`MAX_ITEMS` items (200; 30);
- tables and lists nested at most :data:`MAX_NESTING` deep (32; 5), a goal's ``all`` and
  ``any`` at most :data:`~stratego_widget.lessons.model.goals.MAX_GOAL_DEPTH` deep;
- every number within TOML's 64-bit range.

Example:
    >>> lesson = Lesson.from_text('''
    ... id = "first"
    ... title = { en = "A first step" }
    ... ruleset = "original"
    ... [[steps]]
    ... pieces = { b2 = "red scout", b7 = "blue major" }
    ... instruction = { en = "Strike the Major from afar." }
    ... goal = { capture = "b7" }
    ... par = 1
    ... solution = ["b2-b7"]
    ... success = { en = "A Scout strikes from afar, and loses to a Major." }
    ... cite = "Original: Special pieces, The Scout"
    ... quote = "Scouts can move and attack during the same turn"
    ... ''', languages=("en",))
    >>> lesson.id, len(lesson.steps), lesson.steps[0].goal.describe()
    ('first', 1, 'capture b7')
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ...engine.reading import check_text, parse_toml, read_text
from ...engine.ruleset_fields import MAX_SQUARES
from ...locales import LANGUAGES
from ..errors import LessonError
from .step_reading import MAX_PAR as MAX_PAR
from .step_reading import StepReader
from .step_reading import known_rules as known_rules
from .steps import Step
from .text import Text, printable, shown

LESSON_KEYS = ("id", "title", "summary", "ruleset", "params", "covers", "course", "order",
               "requires", "steps")
STEP_KEYS = ("kind", "ruleset", "params", "pieces", "revealed", "moved", "captured",
             "to_move", "instruction", "goal", "par", "solution", "alternatives", "replies", "hint",
             "feedback", "success", "cite", "quote", "source", "choices", "tray", "area",
             "only", "opponent")
#: The courses in teaching order: the setups come once their pieces and games are met.
COURSES = ("basics", "editions", "fast-games", "setup", "options", "repetition", "strategy")
#: The most characters of a lesson id or of a course name in a teacher's folder.
MAX_NAME = 60

#: The most bytes of a lesson file (the most characters of a lesson text).
MAX_FILE_BYTES = 500_000
#: The most steps of a lesson.
MAX_STEPS = 100
#: The most pieces of a step's position: the squares of the largest board.
MAX_PIECES = MAX_SQUARES
#: The most characters of a text (each language), a name, a square or a key.
MAX_TEXT = 2_000
#: The most items of any other list or table.
MAX_ITEMS = 200
#: How deep tables and lists may nest.
MAX_NESTING = 32
#: The range of a TOML integer (64 bits, signed).
_INT_RANGE = range(-2 ** 63, 2 ** 63)
#: The lists and tables with limits of their own, by the path to them (``None``: any step).
_LIMITS: dict[tuple[str | None, ...], tuple[int, str]] = {
    ("steps",): (MAX_STEPS, "steps"),
    ("steps", None, "pieces"): (MAX_PIECES, "pieces"),
    ("steps", None, "solution"): (MAX_PAR, "actions"),
    ("steps", None, "replies"): (MAX_PAR, "replies"),
}


#: How a lesson is played (see :func:`play_with`): the newest one given.
_PLAYERS: list[Callable[[Lesson, str], Any]] = []


def play_with(start: Callable[[Lesson, str], Any]) -> None:
    """Play lessons with ``start(lesson, language)`` from now on (:meth:`Lesson.start` calls
    it). The playing layer (:mod:`stratego_widget.lessons.playing.run`) gives its
    ``LessonRun`` when it is loaded, so that this model never imports what builds on it.

    Example:
        >>> from stratego_widget.lessons import LessonRun, catalog
        >>> play_with(LessonRun); type(catalog()["scout"].start()).__name__
        'LessonRun'
    """
    if start not in _PLAYERS:
        _PLAYERS.append(start)


@dataclass(frozen=True)
class Lesson:
    """A titled list of steps, the ruleset it teaches and what it covers.

    ``requires`` lists the ids of the lessons worth doing first (shown on a course map, never
    a lock); ``languages`` are the languages every text of it has (all four for a shipped
    lesson, fewer for a teacher's draft), the ones :func:`~stratego_widget.lessons.check`
    asks for.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> lesson = catalog()["scout"]
        >>> lesson.ruleset, "original" in lesson.covers, lesson.title.get("de") != ""
        ('original', True, True)
        >>> lesson.requires, lesson.languages
        ((), ('en', 'nl', 'fr', 'de'))
    """

    id: str
    title: Text
    ruleset: str
    covers: tuple[str, ...]
    steps: tuple[Step, ...]
    course: str = "basics"
    order: int = 0
    summary: Text | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    source: str = "<text>"
    requires: tuple[str, ...] = ()
    languages: tuple[str, ...] = LANGUAGES

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))
        object.__setattr__(self, "requires", tuple(self.requires))
        object.__setattr__(self, "languages", tuple(self.languages))

    def start(self, language: str = "en") -> Any:
        """A run of this lesson from its first step, in ``language``: a
        :class:`~stratego_widget.lessons.LessonRun` (the playing layer, which builds on this
        model, says how a lesson is played: see :func:`play_with`).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> catalog()["scout"].start("fr").language
            'fr'
        """
        if not _PLAYERS:
            raise LessonError("No way to play a lesson is loaded: import "
                              "stratego_widget.lessons.")
        return _PLAYERS[-1](self, language)

    @classmethod
    def from_text(cls, text: str, source: str = "<text>",
                  languages: tuple[str, ...] = LANGUAGES, *, library: bool = False) -> Lesson:
        """Read and validate a lesson written in TOML (see ``docs/lessons.md``).

        ``languages`` are the languages every text must have (all four by default; a teacher
        trying out a lesson may pass ``("en",)``; missing languages then show English).
        A teacher's lesson may leave out ``cite`` and ``quote`` (together) and name its
        ``course`` freely; ``library=True`` holds it to the shipped lessons' standard: every
        step cites and quotes its rulebook, and the course is one of :data:`COURSES`.

        Any text that is not a lesson, whatever its size, nesting or numbers, raises a
        one-line :class:`LessonError` (rule ``"lesson-format"``); the limits are listed in the
        module's description.

        Example:
            >>> Lesson.from_text('id = "x"', languages=("en",))
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: <text> (lesson 'x'): field 'title' is missing.
            >>> Lesson.from_text("steps = " + "[" * 5000, source="deep.toml")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: deep.toml: the TOML is nested too deeply.
        """
        check_text(text, limit=MAX_FILE_BYTES, error=LessonError, rule="lesson-format",
                   source=source, what="a lesson is TOML text")
        data = parse_toml(text, error=LessonError, rule="lesson-format", source=source)
        return _Reader(source, check_languages(languages, source), library).lesson(data)

    @classmethod
    def from_file(cls, path: str | pathlib.Path,
                  languages: tuple[str, ...] = LANGUAGES, *, library: bool = False) -> Lesson:
        """Read and validate a lesson file (``.toml``, UTF-8); ``languages`` and ``library``
        as for :meth:`from_text`.

        A file of more than :data:`MAX_FILE_BYTES` bytes is refused before it is read; a file
        that cannot be read or is not UTF-8 text raises :class:`LessonError` too.

        Example:
            >>> Lesson.from_file("no-such-lesson.toml")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: no-such-lesson.toml: cannot read the file (No such file or directory).
        """
        text = read_text(path, limit=MAX_FILE_BYTES, error=LessonError, rule="lesson-format",
                         what="a lesson file")
        return cls.from_text(text, source=pathlib.Path(path).name, languages=languages,
                             library=library)


def check_languages(languages: object, source: str = "<text>") -> tuple[str, ...]:
    """The languages a lesson is held to, as a tuple in the project's order; English is
    always among them (a text missing a language shows English).

    Example:
        >>> check_languages(["de", "en"])
        ('en', 'de')
        >>> check_languages(("nl",), "draft.toml")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: draft.toml: the languages of a lesson must include en and be among en, nl, fr, de, not ('nl',).
    """
    if isinstance(languages, str) or not isinstance(languages, (tuple, list)) or \
            "en" not in languages or not all(lang in LANGUAGES for lang in languages):
        raise LessonError("lesson-format", printable(
            f"{source}: the languages of a lesson must include en and be among "
            f"{', '.join(LANGUAGES)}, not {shown(languages)}."))
    return tuple(lang for lang in LANGUAGES if lang in languages)


class _Reader(StepReader):
    """Turns parsed TOML into a Lesson, raising errors that name the file, step and field:
    the whole table bounded first, then the lesson's own fields, then each step
    (:class:`StepReader`)."""

    def locate(self, path: tuple[str | int, ...]) -> str:
        """The field name of the value at ``path`` in the lesson's table; a step's own fields
        are named inside the step, which later errors name too (``where``)."""
        in_step = len(path) >= 2 and path[0] == "steps" and isinstance(path[1], int)
        self.where = f"step {int(path[1]) + 1}" if in_step else ""
        rest = path[2:] if in_step else path
        name = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in rest)
        return name.lstrip(".") or "steps"

    def at(self, path: tuple[str | int, ...], problem: str) -> LessonError:
        """The error about the value at ``path`` in the lesson's table."""
        return self.fail(self.locate(path), problem)

    def bounded(self, data: Mapping[str, Any]) -> None:
        """Refuse, before anything in it is interpreted, a lesson with a part over its limit
        (see the module's description): too many steps, pieces or actions, too long a text,
        too many items, too deep a nesting, too large a number, or an unknown field.

        The walk keeps its own list of what is left to look at, so no nesting makes it
        recurse.
        """
        todo: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
        while todo:
            path, value = todo.pop()
            if isinstance(value, str):
                if len(value) > MAX_TEXT:
                    raise self.at(path, f"is {len(value):,} characters long; a text has at "
                                  f"most {MAX_TEXT:,}")
            elif isinstance(value, int) and not isinstance(value, bool):
                if value not in _INT_RANGE:
                    raise self.at(path, "is a number outside TOML's 64-bit range")
            elif isinstance(value, (Mapping, list)):
                self.container(path, value)
                items = list(value.items()) if isinstance(value, Mapping) \
                    else list(enumerate(value))
                todo.extend(((*path, key), item) for key, item in reversed(items))

    def container(self, path: tuple[str | int, ...], value: Mapping[str, Any] | list[Any]
                  ) -> None:
        """Check one table or list of :meth:`bounded`'s walk: its fields, size and depth."""
        if len(path) > MAX_NESTING:
            raise self.at(path, f"nests tables and lists more than {MAX_NESTING} deep")
        if isinstance(value, Mapping):
            if not path or (len(path) == 2 and path[0] == "steps"):
                self.locate(path)
                self.unknown(value, STEP_KEYS if path else LESSON_KEYS)
            long = next((key for key in value if len(key) > MAX_TEXT), None)
            if long is not None:
                raise self.at(path, f"has a key of {len(long):,} characters; a key has at "
                              f"most {MAX_TEXT:,}")
        pattern = tuple(None if isinstance(part, int) else part for part in path)
        limit, what = _LIMITS.get(pattern, (MAX_ITEMS, "items"))
        if len(value) > limit:
            raise self.at(path, f"has {len(value):,} {what}; at most {limit:,} are allowed")

    def unknown(self, data: Mapping[str, Any], keys: tuple[str, ...]) -> None:
        for key in data:
            if key not in keys:
                raise self.fail(str(key), f"is not a field of a lesson file; fields: "
                                f"{', '.join(keys)}")

    def lesson(self, data: Mapping[str, Any]) -> Lesson:
        self.bounded(data)
        self.where = ""
        lesson_id = self.name(self.need(data, "id"), "id")
        self.source = f"{self.source} (lesson {shown(lesson_id)})" if self.source == "<text>" \
            else self.source
        title = self.text(self.need(data, "title"), "title")
        summary = self.text(data["summary"], "summary") if "summary" in data else None
        spec = self.need(data, "ruleset")
        params = data.get("params", {})
        self.rules(spec, params, "ruleset")
        covers = self.strings(data.get("covers", []), "covers")
        course = data.get("course", "basics")
        if self.library and course not in COURSES:
            raise self.fail("course", f"must be one of {', '.join(COURSES)}, not {shown(course)}")
        course = self.name(course, "course")
        order = data.get("order", 0)
        if isinstance(order, bool) or not isinstance(order, int):
            raise self.fail("order", f"must be a whole number, not {shown(order)}")
        requires = self.strings(data.get("requires", []), "requires")
        for required in requires:
            self.name(required, "requires")
        if lesson_id in requires:
            raise self.fail("requires", f"names the lesson itself ({shown(lesson_id)})")
        raw_steps = self.need(data, "steps")
        if not isinstance(raw_steps, list) or not raw_steps:
            raise self.fail("steps", "must hold at least one [[steps]] table")
        steps = tuple(self.step(i, raw, spec, params) for i, raw in enumerate(raw_steps))
        return Lesson(lesson_id, title, spec, covers, steps, course=course, order=order,
                      summary=summary, params=params, source=self.source,
                      requires=tuple(dict.fromkeys(requires)), languages=self.languages)

    def name(self, value: Any, field_name: str) -> str:
        """A lesson id or a course name: letters, digits and dashes, not too long."""
        if not isinstance(value, str) or not value.replace("-", "").isalnum() \
                or not value.isascii() or len(value) > MAX_NAME:
            raise self.fail(field_name, f"must be a name of letters, digits and dashes (at "
                            f"most {MAX_NAME}), not {shown(value)}")
        return value
