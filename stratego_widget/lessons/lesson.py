"""Lessons as data: :class:`Lesson`, read from TOML text or a file and validated on load.

A lesson file holds one lesson: its ``id``, ``title``, the ``ruleset`` it teaches, what it
``covers`` (editions, fast games, options, rules) and its ``[[steps]]``. Every text is a table
of languages. Any mistake raises :class:`~stratego_widget.lessons.errors.LessonError` (rule
``"lesson-format"``) naming the file, the step and the field. The format is described in
``docs/lessons.md``.

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
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..engine import pieces as P
from ..engine.editions import EDITIONS
from ..engine.errors import StrategoError
from ..engine.rulesets import ruleset
from ..locales import LANGUAGES, TEXTS
from .errors import LessonError
from .goals import GOAL_KEYS, SETUP_CHECKS, Answer, SetupCheck, check_squares, parse_goal
from .run import LessonRun, StepState
from .steps import STEP_KINDS, Reply, Step
from .text import Text, player_keys

LESSON_KEYS = ("id", "title", "summary", "ruleset", "params", "covers", "course", "order",
               "steps")
STEP_KEYS = ("kind", "ruleset", "params", "pieces", "revealed", "moved", "captured",
             "to_move", "instruction", "goal", "par", "solution", "replies", "hint",
             "feedback", "success", "cite", "quote", "source", "choices", "tray", "area",
             "only")
COURSES = ("basics", "setup", "editions", "fast-games", "options", "repetition", "strategy")


def known_rules() -> set[str]:
    """Every rule id a refusal can carry: the engine's (with a sentence in every language)
    and the lesson player's own ``lesson-…`` ids.

    Example:
        >>> {"diagonal", "two-square", "lesson-answer"} <= known_rules()
        True
    """
    return set(TEXTS["rules"]["en"]) | {key for key in player_keys()["en"]
                                        if key.startswith("lesson-")}


@dataclass(frozen=True)
class Lesson:
    """A titled list of steps, the ruleset it teaches and what it covers.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> lesson = catalog()["scout"]
        >>> lesson.ruleset, "original" in lesson.covers, lesson.title.get("de") != ""
        ('original', True, True)
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

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def start(self, language: str = "en") -> LessonRun:
        """A run of this lesson from its first step, in ``language``.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> catalog()["scout"].start("fr").language
            'fr'
        """
        return LessonRun(self, language)

    @classmethod
    def from_text(cls, text: str, source: str = "<text>",
                  languages: tuple[str, ...] = LANGUAGES) -> Lesson:
        """Read and validate a lesson written in TOML (see ``docs/lessons.md``).

        ``languages`` are the languages every text must have (all four by default; a teacher
        trying out a lesson may pass ``("en",)``; missing languages then show English).

        Example:
            >>> Lesson.from_text('id = "x"', languages=("en",))
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: <text> (lesson 'x'): field 'title' is missing.
        """
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            raise LessonError("lesson-format", f"{source}: not valid TOML: {error}.") from error
        return _Reader(source, languages).lesson(data)

    @classmethod
    def from_file(cls, path: str | pathlib.Path,
                  languages: tuple[str, ...] = LANGUAGES) -> Lesson:
        """Read and validate a lesson file (``.toml``).

        Example:
            >>> Lesson.from_file("no-such-lesson.toml")
            Traceback (most recent call last):
            ...
            stratego_widget.lessons.LessonError: no-such-lesson.toml: cannot read the file (No such file or directory).
        """
        file = pathlib.Path(path)
        try:
            text = file.read_text(encoding="utf-8")
        except OSError as error:
            raise LessonError("lesson-format", f"{path}: cannot read the file "
                              f"({error.strerror}).") from error
        return cls.from_text(text, source=file.name, languages=languages)


class _Reader:
    """Turns parsed TOML into a Lesson, raising errors that name the file, step and field."""

    def __init__(self, source: str, languages: tuple[str, ...]) -> None:
        self.source = source
        self.languages = languages
        self.where = ""

    def fail(self, name: str, problem: str) -> LessonError:
        where = f"{self.where}, " if self.where else ""
        return LessonError("lesson-format", f"{self.source}: {where}field '{name}' {problem}.")

    def need(self, data: Mapping[str, Any], name: str) -> Any:
        if name not in data:
            raise self.fail(name, "is missing")
        return data[name]

    def unknown(self, data: Mapping[str, Any], keys: tuple[str, ...]) -> None:
        for key in data:
            if key not in keys:
                raise self.fail(key, f"is not a field of a lesson file; fields: {', '.join(keys)}")

    def text(self, value: Any, name: str) -> Text:
        if isinstance(value, str):
            value = {"en": value}
        if not isinstance(value, Mapping) or not all(
                isinstance(v, str) for v in value.values()):
            raise self.fail(name, "must be a table of texts by language, such as "
                            "{ en = \"...\", nl = \"...\", fr = \"...\", de = \"...\" }")
        for lang in value:
            if lang not in LANGUAGES:
                raise self.fail(name, f"has an unknown language {lang!r}; languages: "
                                f"{', '.join(LANGUAGES)}")
        text = Text(value)
        missing = text.missing(self.languages)
        if missing:
            raise self.fail(name, f"has no text in {', '.join(missing)}")
        return text

    def strings(self, value: Any, name: str) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(name, f"must be a list of texts, not {value!r}")
        return tuple(value)

    def lesson(self, data: Mapping[str, Any]) -> Lesson:
        self.unknown(data, LESSON_KEYS)
        lesson_id = self.need(data, "id")
        if not isinstance(lesson_id, str) or not lesson_id.replace("-", "").isalnum():
            raise self.fail("id", "must be a name of letters, digits and dashes")
        self.source = f"{self.source} (lesson {lesson_id!r})" if self.source == "<text>" \
            else self.source
        title = self.text(self.need(data, "title"), "title")
        summary = self.text(data["summary"], "summary") if "summary" in data else None
        spec = self.need(data, "ruleset")
        params = data.get("params", {})
        self.rules(spec, params, "ruleset")
        covers = self.strings(data.get("covers", []), "covers")
        course = data.get("course", "basics")
        if course not in COURSES:
            raise self.fail("course", f"must be one of {', '.join(COURSES)}, not {course!r}")
        order = data.get("order", 0)
        if not isinstance(order, int):
            raise self.fail("order", "must be a whole number")
        raw_steps = self.need(data, "steps")
        if not isinstance(raw_steps, list) or not raw_steps:
            raise self.fail("steps", "must hold at least one [[steps]] table")
        steps = tuple(self.step(i, raw, spec, params) for i, raw in enumerate(raw_steps))
        return Lesson(lesson_id, title, spec, covers, steps, course, order, summary, params,
                      self.source)

    def rules(self, spec: Any, params: Any, name: str) -> None:
        if not isinstance(spec, str):
            raise self.fail(name, "must be a ruleset spec such as \"original+rescue\"")
        if not isinstance(params, Mapping):
            raise self.fail("params", "must be a table of ruleset parameters")
        try:
            ruleset(spec, **params)
        except StrategoError as error:
            raise self.fail(name if "params" not in str(error) else "params",
                            f"is not usable: {error}") from error

    def step(self, index: int, raw: Any, spec: str, params: Mapping[str, Any]) -> Step:
        self.where = f"step {index + 1}"
        if not isinstance(raw, Mapping):
            raise self.fail("steps", "must be a list of tables")
        self.unknown(raw, STEP_KEYS)
        kind = raw.get("kind", "move")
        if kind not in STEP_KINDS:
            raise self.fail("kind", f"must be one of {', '.join(STEP_KINDS)}, not {kind!r}")
        step_spec = raw.get("ruleset", spec)
        step_params = dict(params) | dict(raw.get("params", {}))
        self.rules(step_spec, step_params, "ruleset")
        rules = ruleset(step_spec, **step_params)
        pieces = raw.get("pieces", {})
        if not isinstance(pieces, Mapping) or not all(isinstance(v, str) for v in pieces.values()):
            raise self.fail("pieces", "must be a table of squares, such as { b2 = \"red scout\" }")
        captured = raw.get("captured", {})
        if not isinstance(captured, Mapping) or not set(captured) <= set(P.PLAYER_NAMES):
            raise self.fail("captured", "must be a table { red = [...], blue = [...] }")
        captured_t = {side: self.strings(kinds, "captured") for side, kinds in captured.items()}
        to_move = raw.get("to_move", "red")
        if to_move not in P.PLAYER_NAMES:
            raise self.fail("to_move", f"must be red or blue, not {to_move!r}")
        try:
            goal = parse_goal(self.need(raw, "goal"))
        except ValueError as error:
            raise self.fail("goal", str(error)) from error
        par = self.need(raw, "par")
        if isinstance(par, bool) or not isinstance(par, int) or par < 1:
            raise self.fail("par", f"must be a whole number >= 1, not {par!r}")
        solution = self.strings(self.need(raw, "solution"), "solution")
        if not solution:
            raise self.fail("solution", "must list at least one action")
        replies = tuple(self.reply(r) for r in raw.get("replies", []))
        feedback = raw.get("feedback", {})
        if not isinstance(feedback, Mapping):
            raise self.fail("feedback", "must be a table of rule ids, each a table of texts")
        choices = raw.get("choices", {})
        if not isinstance(choices, Mapping):
            raise self.fail("choices", "must be a table of answers, each a table of texts")
        source = raw.get("source", rules.edition)
        if source not in EDITIONS:
            raise self.fail("source", f"must be an edition id ({', '.join(EDITIONS)}), "
                            f"not {source!r}")
        quote = self.need(raw, "quote")
        cite = self.need(raw, "cite")
        if not isinstance(quote, str) or not quote.strip() or not isinstance(cite, str):
            raise self.fail("quote", "and 'cite' must be texts")
        short = EDITIONS[source].short_name
        if not cite.startswith(f"{short}: "):
            raise self.fail("cite", f"must name the section of the {source} rulebook the quote is "
                            f"from, starting with {short + ':'!r} (or set 'source'), not {cite!r}")
        for key in feedback:
            if key not in known_rules() and key not in choices and key not in SETUP_CHECKS:
                raise self.fail(f"feedback.{key}", "is not a rule id, an answer of this step or "
                                "a setup check, so it would never be shown")
        tray = self.strings(raw.get("tray", []), "tray")
        for kind_name in tray:
            if kind_name not in P.KIND_NAMES:
                raise self.fail("tray", f"names an unknown piece {kind_name!r}")
        step = Step(
            index=index, kind=kind, ruleset_spec=step_spec, params=step_params,
            pieces=dict(pieces), revealed=self.strings(raw.get("revealed", []), "revealed"),
            moved=self.strings(raw.get("moved", []), "moved"), captured=captured_t,
            to_move=to_move, instruction=self.text(self.need(raw, "instruction"), "instruction"),
            goal=goal, par=par, solution=solution,
            success=self.text(self.need(raw, "success"), "success"), cite=cite, quote=quote,
            source=source, replies=replies,
            hint=self.text(raw["hint"], "hint") if "hint" in raw else None,
            feedback={key: self.text(value, f"feedback.{key}") for key, value in feedback.items()},
            choices={key: self.text(value, f"choices.{key}") for key, value in choices.items()},
            tray=tray, area=self.strings(raw.get("area", []), "area"),
            only=self.strings(raw.get("only", []), "only"),
        )
        self.consistent(step)
        return step

    def reply(self, value: Any) -> Reply:
        if isinstance(value, str):
            return Reply(value)
        if isinstance(value, Mapping) and all(isinstance(v, str) for v in value.values()):
            by_move = {k: v for k, v in value.items() if k != "*"}
            return Reply(value.get("*", "pass"), by_move)
        raise self.fail("replies", "must list moves, \"pass\", or tables keyed by the "
                        "learner's move (\"*\" for any other)")

    def consistent(self, step: Step) -> None:
        """The parts of a step agree: the position is playable and the goal fits it."""
        try:
            start = StepState.start(step)
        except StrategoError as error:
            raise self.fail("pieces", f"do not make a position: {error}") from error
        game = start.game
        problem = check_squares(step.goal, game, step.learner)
        if problem:
            raise self.fail("goal", problem)
        leaves = step.goal.leaves()
        if step.kind == "question":
            if not step.choices:
                raise self.fail("choices", "are needed by a question step")
            answers = [leaf for leaf in leaves if isinstance(leaf, Answer)]
            if not answers or any(a.choice not in step.choices for a in answers):
                raise self.fail("goal", "of a question must be { answer = \"<one of the choices>\" }")
        elif step.kind == "setup":
            if not step.tray:
                raise self.fail("tray", "is needed by a setup step")
            if not all(isinstance(leaf, SetupCheck) for leaf in leaves):
                raise self.fail("goal", "of a setup step may only use placed, flag_back_row, "
                                "flag_guarded, bomb_beside_flag and valid_setup")
            squares = set(step.setup_squares)
            for sq in step.area:
                try:
                    game.state.geometry.index(sq)
                except StrategoError as error:
                    raise self.fail("area", str(error)) from error
            for placement in step.solution:
                kind, _, sq = placement.partition("@")
                if kind not in P.KIND_NAMES or sq not in squares:
                    raise self.fail("solution", f"has {placement!r}: a setup step's solution "
                                    "lists placements piece@square inside the area")
        elif any(isinstance(leaf, (Answer, SetupCheck)) for leaf in leaves):
            raise self.fail("goal", f"uses a check ({', '.join(GOAL_KEYS[-6:])} or answer) "
                            "that only question and setup steps have")
        for sq in (*step.only, *step.revealed, *step.moved):
            if sq not in step.pieces:
                raise self.fail("only" if sq in step.only else "revealed",
                                f"names {sq}, where no piece stands")
        if start.met():
            raise self.fail("goal", "is already met before the learner acts")
