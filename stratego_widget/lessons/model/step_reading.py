"""Reading a step of a lesson file: :class:`StepReader` turns a ``[[steps]]`` table into a
:class:`~stratego_widget.lessons.model.steps.Step` and checks that its parts agree (the
position is playable, the goal fits it, a question has choices, a setup step a tray), along
with the texts, lists and rulesets any field of a lesson holds.

Every mistake is a one-line :class:`~stratego_widget.lessons.errors.LessonError` (rule
``"lesson-format"``) naming the file, the step and the field. The lesson around the steps is
read by :meth:`Lesson.from_text <stratego_widget.lessons.model.lesson.Lesson.from_text>`, which
first bounds the whole table (see :mod:`stratego_widget.lessons.model.lesson`).

Example:
    >>> reader = StepReader("walk.toml", ("en",))
    >>> step = reader.step(0, {"pieces": {"b2": "red scout", "b7": "blue major"},
    ...                        "instruction": "Strike the Major.", "goal": {"capture": "b7"},
    ...                        "par": 1, "solution": ["b2-b7"], "success": "Done."},
    ...                    "original", {})
    >>> step.goal.describe(), step.par, step.learner
    ('capture b7', 1, 'red')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import pieces as P
from ...engine.editions import EDITIONS
from ...engine.errors import StrategoError
from ...engine.rulesets import Ruleset, ruleset
from ...locales import LANGUAGES, TEXTS
from ..errors import LessonError
from .goal_reading import GOAL_KEYS, SETUP_CHECKS, check_squares, parse_goal
from .goals import Answer, SetupCheck
from .opponents import OPPONENTS, check_opponent
from .situation import StartSituation
from .steps import STEP_KINDS, Reply, Step, move_key
from .text import ONE_LINE_TEXTS, Text, bad_character, player_keys, printable, shown

#: The highest ``par``; also the most actions of a ``solution`` and of ``replies``.
MAX_PAR = 100


def known_rules() -> set[str]:
    """Every rule id a refusal can carry: the engine's (with a sentence in every language)
    and the lesson player's own ``lesson-…`` ids.

    Example:
        >>> {"diagonal", "two-square", "lesson-answer"} <= known_rules()
        True
    """
    return set(TEXTS["rules"]["en"]) | {key for key in player_keys()["en"]
                                        if key.startswith("lesson-")}


def _feedback_key(key: str, rules: Ruleset) -> str:
    """A feedback key as the run looks it up: a move in one form (``d9xd10`` is ``d9-d10``)."""
    return move_key(key) if _move_or_square(key, rules) and not key.startswith("lesson-") \
        and key not in known_rules() else key


def _move_or_square(key: str, rules: Ruleset) -> bool:
    """Whether a feedback key names a square of ``rules``' board or a move between two."""
    geometry = rules.geometry
    try:
        for square in key.replace("x", "-").split("-"):
            geometry.index(square)
    except StrategoError:
        return False
    return key.count("-") + key.count("x") <= 1


class StepReader:
    """Reads a step's table, and the texts, lists and rulesets of any field, raising
    :class:`LessonError` naming the file (``source``), the step (``where``) and the field.

    ``languages`` are the languages every text must have; ``library``: held to the shipped
    lessons' standard (every step cites and quotes its rulebook).

    Example:
        >>> reader = StepReader("draft.toml", ("en",))
        >>> reader.where = "step 2"
        >>> str(reader.fail("par", "must be a whole number."))
        "draft.toml: step 2, field 'par' must be a whole number."
        >>> reader.text("Well done.", "success").get("en")
        'Well done.'
    """

    def __init__(self, source: str, languages: tuple[str, ...], library: bool = False) -> None:
        self.source = source
        self.languages = languages
        self.library = library
        self.where = ""

    def fail(self, name: str, problem: str) -> LessonError:
        where = f"{self.where}, " if self.where else ""
        name = name if len(name) <= 80 else f"{name[:77]}..."
        problem = " ".join(problem.split()).rstrip(".")  # one line, one full stop
        return LessonError("lesson-format", printable(
            f"{self.source}: {where}field '{name}' {problem}."))

    def need(self, data: Mapping[str, Any], name: str) -> Any:
        if name not in data:
            raise self.fail(name, "is missing")
        return data[name]

    def text(self, value: Any, name: str) -> Text:
        if isinstance(value, str):
            value = {"en": value}
        if not isinstance(value, Mapping) or not all(
                isinstance(v, str) for v in value.values()):
            raise self.fail(name, "must be a table of texts by language, such as "
                            "{ en = \"...\", nl = \"...\", fr = \"...\", de = \"...\" }")
        for lang in value:
            if lang not in LANGUAGES:
                raise self.fail(name, f"has an unknown language {shown(lang)}; languages: "
                                f"{', '.join(LANGUAGES)}")
        for lang, words in value.items():
            problem = bad_character(words, one_line=name.split(".")[0] in ONE_LINE_TEXTS)
            if problem is not None:
                raise self.fail(f"{name}.{lang}", problem)
        text = Text(value)
        missing = text.missing(self.languages)
        if missing:
            raise self.fail(name, f"has no text in {', '.join(missing)}")
        return text

    def strings(self, value: Any, name: str) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(name, f"must be a list of texts, not {shown(value)}")
        for item in value:
            problem = bad_character(item)
            if problem is not None:
                raise self.fail(name, problem)
        return tuple(value)

    def rules(self, spec: Any, params: Any, name: str) -> None:
        if not isinstance(spec, str):
            raise self.fail(name, "must be a ruleset spec such as \"original+rescue\"")
        if not isinstance(params, Mapping):
            raise self.fail("params", "must be a table of ruleset parameters")
        try:
            ruleset(spec, **params)
        except StrategoError as error:
            raise self.fail(name if "params" not in str(error) else "params",
                            f"is not usable: {error}") from None

    def step(self, index: int, raw: Any, spec: str, params: Mapping[str, Any]) -> Step:
        self.where = f"step {index + 1}"
        if not isinstance(raw, Mapping):
            raise self.fail("steps", "must be a list of tables")
        kind = raw.get("kind", "move")
        if kind not in STEP_KINDS:
            raise self.fail("kind", f"must be one of {', '.join(STEP_KINDS)}, not {shown(kind)}")
        step_spec = raw.get("ruleset", spec)
        own_params = raw.get("params", {})  # rules() refuses anything but a table
        step_params = dict(params) | dict(own_params) if isinstance(own_params, Mapping) \
            else own_params
        self.rules(step_spec, step_params, "ruleset")
        rules = ruleset(step_spec, **step_params)
        pieces = raw.get("pieces", {})
        if not isinstance(pieces, Mapping) or not all(isinstance(v, str) for v in pieces.values()):
            raise self.fail("pieces", "must be a table of squares, such as { b2 = \"red scout\" }")
        self.pieces(pieces, rules)
        captured = raw.get("captured", {})
        if not isinstance(captured, Mapping) or not set(captured) <= set(P.PLAYER_NAMES):
            raise self.fail("captured", "must be a table { red = [...], blue = [...] }")
        captured_t = {side: self.strings(kinds, "captured") for side, kinds in captured.items()}
        to_move = raw.get("to_move", "red")
        if to_move not in P.PLAYER_NAMES:
            raise self.fail("to_move", f"must be red or blue, not {shown(to_move)}")
        goal_table = self.need(raw, "goal")  # its LessonError names the field once
        try:
            goal = parse_goal(goal_table)
        except ValueError as error:
            raise self.fail("goal", str(error)) from None
        par = self.need(raw, "par")
        if isinstance(par, bool) or not isinstance(par, int) or not 1 <= par <= MAX_PAR:
            raise self.fail("par", f"must be a whole number >= 1 (at most {MAX_PAR}), not "
                            f"{shown(par)}")
        solution = self.strings(self.need(raw, "solution"), "solution")
        if not solution:
            raise self.fail("solution", "must list at least one action")
        alternatives = self.alternatives(raw.get("alternatives", []), par)
        replies = self.replies(raw.get("replies", []))
        feedback = raw.get("feedback", {})
        if not isinstance(feedback, Mapping):
            raise self.fail("feedback", "must be a table of rule ids, each a table of texts")
        choices = raw.get("choices", {})
        if not isinstance(choices, Mapping):
            raise self.fail("choices", "must be a table of answers, each a table of texts")
        source = raw.get("source", rules.edition)
        if not isinstance(source, str) or source not in EDITIONS:
            raise self.fail("source", f"must be an edition id ({', '.join(EDITIONS)}), "
                            f"not {shown(source)}")
        quote, cite = self.citation(raw)
        short = EDITIONS[source].short_name
        if cite and not cite.startswith(f"{short}: "):
            raise self.fail("cite", f"must name the section of the {source} rulebook the quote is "
                            f"from, starting with {short + ':'!r} (or set 'source'), not {shown(cite)}")
        rules_ids = known_rules()
        for key in feedback:
            if key not in rules_ids and key not in choices and key not in SETUP_CHECKS \
                    and not _move_or_square(key, rules):
                raise self.fail(f"feedback.{key}", "is not a rule id, an answer of this step, "
                                "a setup check, a move or a square, so it would never be shown")
        tray = self.strings(raw.get("tray", []), "tray")
        for kind_name in tray:
            if kind_name not in P.KIND_NAMES:
                raise self.fail("tray", f"names an unknown piece {shown(kind_name)}")
        step = Step(
            index=index, kind=kind, ruleset_spec=step_spec, params=step_params,
            pieces=dict(pieces), revealed=self.strings(raw.get("revealed", []), "revealed"),
            moved=self.strings(raw.get("moved", []), "moved"), captured=captured_t,
            to_move=to_move, instruction=self.text(self.need(raw, "instruction"), "instruction"),
            goal=goal, par=par, solution=solution, alternatives=alternatives,
            success=self.text(self.need(raw, "success"), "success"), cite=cite, quote=quote,
            source=source, replies=replies,
            hint=self.text(raw["hint"], "hint") if "hint" in raw else None,
            feedback={_feedback_key(key, rules): self.text(value, f"feedback.{key}")
                      for key, value in feedback.items()},
            choices={key: self.text(value, f"choices.{key}") for key, value in choices.items()},
            tray=tray, area=self.strings(raw.get("area", []), "area"),
            only=self.strings(raw.get("only", []), "only"),
            opponent=self.opponent(raw.get("opponent")),
        )
        self.consistent(step)
        return step

    def pieces(self, pieces: Mapping[str, str], rules: Ruleset) -> None:
        """Each square of a step's ``pieces`` is on the board and holds "<side> <piece>"."""
        for square, spec in pieces.items():
            name = f"pieces.{square}"
            try:
                rules.geometry.index(square)
            except StrategoError as error:
                raise self.fail(name, f"is not a square of this board: {error}") from None
            side, _, kind = spec.strip().partition(" ")
            if side.lower() not in P.PLAYER_NAMES or not kind.strip():
                raise self.fail(name, f"must be a side and a piece, such as \"red scout\", not "
                                f"{shown(spec)}")
            if kind.strip().lower() not in P.KIND_NAMES:
                raise self.fail(name, f"names an unknown piece {shown(kind.strip())}; pieces: "
                                f"{', '.join(P.KIND_NAMES)}")

    def citation(self, raw: Mapping[str, Any]) -> tuple[str, str]:
        """The step's ``quote`` and ``cite``: both required of a shipped lesson, both or
        neither in a teacher's (``""`` when left out)."""
        if not self.library and "quote" not in raw and "cite" not in raw:
            return "", ""
        for name, other in (("quote", "cite"), ("cite", "quote")):
            if name not in raw:
                raise self.fail(name, "is missing" if self.library else
                                f"is missing: a step gives '{other}' and '{name}' together, "
                                "or neither")
        quote, cite = raw["quote"], raw["cite"]
        for name, value in (("quote", quote), ("cite", cite)):
            if not isinstance(value, str) or not value.strip():
                raise self.fail(name, f"must be a text that is not empty, not {shown(value)}")
            problem = bad_character(value, one_line=name == "cite")
            if problem is not None:
                raise self.fail(name, problem)
        return quote, cite

    def opponent(self, value: Any) -> str | None:
        if value is None:
            return None
        try:
            return check_opponent(value)
        except LessonError:
            raise self.fail("opponent", f"must be one of {', '.join(OPPONENTS)}, not "
                            f"{shown(value)}") from None

    def alternatives(self, value: Any, par: int) -> tuple[tuple[str, ...], ...]:
        if not isinstance(value, list) or len(value) > MAX_PAR:
            raise self.fail("alternatives", f"must list at most {MAX_PAR} other solutions, "
                            "each a list of actions")
        lines = tuple(self.strings(line, "alternatives") for line in value)
        if any(not line or len(line) > par for line in lines):
            raise self.fail("alternatives", f"must each list 1 to par ({par}) actions")
        return lines

    def replies(self, value: Any) -> tuple[Reply, ...]:
        if isinstance(value, list) and all(
                isinstance(item, str) or (isinstance(item, Mapping) and all(
                    isinstance(v, str) for v in item.values())) for item in value):
            return tuple(Reply(item) if isinstance(item, str) else Reply(
                item.get("*"), {k: v for k, v in item.items() if k != "*"})
                for item in value)
        raise self.fail("replies", "must list moves, \"pass\", or tables keyed by the "
                        "learner's move (\"*\" for any other)")

    def consistent(self, step: Step) -> None:
        """The parts of a step agree: the position is playable and the goal fits it."""
        try:
            start = StartSituation.of(step)
        except StrategoError as error:
            raise self.fail("pieces", f"do not make a position: {error}") from None
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
                    raise self.fail("area", str(error)) from None
            for placement in (p for line in step.solutions for p in line):
                kind, _, sq = placement.partition("@")
                if kind not in P.KIND_NAMES or sq not in squares:
                    raise self.fail("solution", f"has {shown(placement)}: a setup step's solution "
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
