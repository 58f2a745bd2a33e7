"""The editor's draft lesson as a value, and its edits as pure functions.

A draft is a table in the shape of a lesson file (``docs/lessons.md``), so a draft that is not
a lesson yet (no goal, no solution) can be edited, saved and opened. Each edit takes a draft,
the index of a step and the teacher's input, and returns a new draft: ``placed = place(draft,
0, "b2", "red", "scout")``. An edit never changes the draft it is given, the same draft and
input always give the same new draft, and an edit that cannot be carried out raises
:class:`~stratego_widget.lessons.LessonError` (rule ``"lesson-editor"``) with one line saying
why. The texts of the form are read by :mod:`~stratego_widget.lessons.editor.form`; the
session (:mod:`~stratego_widget.lessons.editor.session`) keeps the current draft.

Example:
    >>> draft = new_draft()
    >>> placed = place(draft, 0, "b2", "red", "scout")
    >>> placed["steps"][0]["pieces"], draft["steps"][0]["pieces"]
    ({'b2': 'red scout'}, {})
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from ...engine import pieces as P
from ...engine.errors import StrategoError
from ...engine.game import Game
from ...engine.rulesets import Ruleset, ruleset, ruleset_names
from ..errors import LessonError
from ..model.lesson import MAX_FILE_BYTES, MAX_PIECES, MAX_STEPS
from ..model.library import COURSE_FILE
from ..model.text import shown
from ..model.writer import dumps
from .form import (
    FORM_FIELDS,
    LIST_FIELDS,
    MARKS,
    TEXT_FIELDS,
    goal_table,
    opponent_value,
    par_value,
    refusal,
    text_value,
    texts,
)

#: The lesson id no lesson may have: its file would be the course folder's ``course.toml``.
RESERVED_ID = COURSE_FILE.removesuffix(".toml")
#: The course of a new lesson: a group of its own on the course map, after the shipped ones.
NEW_COURSE = "my-lessons"


def new_step() -> dict[str, Any]:
    """A new, empty move step of a draft: Red to move, no pieces, par 1.

    Example:
        >>> new_step()["to_move"], new_step()["pieces"]
        ('red', {})
    """
    return {"pieces": {}, "to_move": "red", "instruction": {"en": ""}, "par": 1,
            "solution": [], "success": {"en": ""}}


def new_draft() -> dict[str, Any]:
    """The draft of a new lesson: ``my-lesson`` in the course ``my-lessons``, Original
    rules, one empty step.

    Example:
        >>> new_draft()["id"], new_draft()["course"], len(new_draft()["steps"])
        ('my-lesson', 'my-lessons', 1)
    """
    return {"id": "my-lesson", "course": NEW_COURSE, "title": {"en": "My lesson"},
            "ruleset": "original",
            "covers": [], "steps": [new_step()]}


def _blank(value: Any) -> bool:
    """Whether a draft value says nothing (an empty text or a table of empty texts)."""
    if isinstance(value, Mapping):
        return not any(value.values())
    return value in ("", [], None)


def draft_text(draft: Mapping[str, Any]) -> str:
    """A draft as lesson-file text: empty texts and lists left out, so a half-made step says
    what it lacks when it is read.

    Example:
        >>> print(draft_text({"id": "x", "steps": [new_step()]}).strip())
        id = "x"
        <BLANKLINE>
        [[steps]]
        pieces = {}
        to_move = "red"
        par = 1
    """
    data = {key: value for key, value in draft.items() if key != "steps"}
    data["steps"] = [{key: value for key, value in step.items()
                      if not _blank(value) or key == "pieces"}
                     for step in draft.get("steps", [])]
    return dumps(data)


def step_of(draft: Mapping[str, Any], index: Any) -> Mapping[str, Any]:
    """The table of step ``index`` (0-based) of a draft, else a LessonError naming the steps.

    Example:
        >>> step_of(new_draft(), 0)["to_move"]
        'red'
        >>> step_of(new_draft(), 1)
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: There is no step 1; steps are 0 to 0.
    """
    steps = draft["steps"]
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(steps):
        raise refusal(f"There is no step {shown(index)}; steps are 0 to {len(steps) - 1}.")
    step: Mapping[str, Any] = steps[index]
    return step


def step_rules(draft: Mapping[str, Any], step: Mapping[str, Any]) -> Ruleset:
    """The ruleset a draft's step is played under (its own, else the lesson's).

    Example:
        >>> step_rules(new_draft(), new_step()).name
        'original'
    """
    params = draft.get("params", {})
    own = step.get("params", {})
    try:
        return ruleset(str(step.get("ruleset", draft.get("ruleset", "original"))),
                       **(dict(params) | dict(own)))
    except (StrategoError, TypeError) as error:
        raise refusal(f"The ruleset is not usable: {error}") from None


def start_game(draft: Mapping[str, Any], step: Mapping[str, Any]) -> Game:
    """A draft step's start position as a game; a LessonError when it is not one.

    Example:
        >>> start_game(new_draft(), {"pieces": {"a1": "red flag"}}).piece_at("a1")
        ('red', 'flag')
    """
    try:
        return Game.from_pieces(
            step_rules(draft, step), dict(step.get("pieces", {})),
            to_move=str(step.get("to_move", "red")),
            captured={side: list(kinds) for side, kinds in (step.get("captured") or {}).items()},
            revealed=list(step.get("revealed", [])), moved=list(step.get("moved", [])))
    except LessonError:
        raise
    except (StrategoError, TypeError, ValueError, AttributeError) as error:
        raise refusal(f"The pieces do not make a position: {error}") from None


def square_name(square: Any, rules: Ruleset) -> str:
    """``square`` if it is a square of the board of ``rules`` a piece may stand on, else a
    LessonError saying why.

    Example:
        >>> square_name("e4", ruleset("original"))
        'e4'
        >>> square_name("c5", ruleset("original"))
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: c5 is in a lake; no piece can stand there.
    """
    if not isinstance(square, str):
        raise refusal(f"A square is a name such as e4, not {shown(square)}.")
    try:
        index = rules.geometry.index(square)
    except (StrategoError, ValueError, KeyError, IndexError):
        raise refusal(f"{shown(square)} is not a square of the {rules.title} board.") from None
    if index in rules.geometry.lakes:
        raise refusal(f"{square} is in a lake; no piece can stand there.")
    return rules.geometry.name(index)


def edited(draft: Mapping[str, Any], change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    """``change`` applied to a copy of ``draft``: the new draft, or a LessonError (any
    refusal of the engine's said as one, and a draft too big for a lesson file refused).

    Example:
        >>> edited(new_draft(), lambda d: d.__setitem__("id", "x"))["id"]
        'x'
    """
    trial = copy.deepcopy(dict(draft))
    try:
        change(trial)
    except StrategoError as error:
        raise error if isinstance(error, LessonError) else refusal(str(error)) from None
    if len(draft_text(trial)) > MAX_FILE_BYTES:
        raise refusal(f"A lesson file has at most {MAX_FILE_BYTES:,} characters.")
    return trial


def _unmark(step: dict[str, Any], square: str) -> None:
    for mark in MARKS:
        if square in step.get(mark, []):
            step[mark].remove(square)


# ---------------------------------------------------------------------- the lesson


def set_lesson(draft: Mapping[str, Any], field: str, value: str) -> dict[str, Any]:
    """The draft with the lesson's ``id`` (letters, digits, dashes), English ``title`` or
    ``course`` (the group of the course map it appears in: a shipped course's name or one
    of your own, letters, digits and dashes) set.

    Example:
        >>> set_lesson(new_draft(), "id", "scouting")["id"]
        'scouting'
        >>> set_lesson(new_draft(), "course", "strategy")["course"]
        'strategy'
    """
    value = text_value(value, f"the lesson's {field}")
    if field == "course":
        if not value or not value.replace("-", "").isalnum() or not value.isascii() \
                or len(value) > 64:
            raise refusal(f"A course is letters, digits and dashes, not {shown(value)}.")
        return edited(draft, lambda d: d.__setitem__("course", value))
    if field == "id":
        if not value or not value.replace("-", "").isalnum() or len(value) > 64:
            raise refusal(f"A lesson id is letters, digits and dashes, not {shown(value)}.")
        if value == RESERVED_ID:
            raise refusal(f"The lesson id {RESERVED_ID!r} is reserved: {COURSE_FILE} is the "
                          "file that names a course folder's course.")
        return edited(draft, lambda d: d.__setitem__("id", value))
    if field == "title":
        if not value.strip():
            raise refusal("A lesson needs a title.")
        return edited(draft, lambda d: d.__setitem__("title",
                                                      {**texts(d.get("title")), "en": value}))
    raise refusal(f"The lesson has no field {shown(field)} to set here; fields: id, title, "
                  "course.")


def set_ruleset(draft: Mapping[str, Any], index: int, spec: str) -> dict[str, Any]:
    """The draft played under another shipped ruleset (step ``index``'s own ruleset dropped;
    its pieces must fit the board).

    Example:
        >>> set_ruleset(new_draft(), 0, "barrage")["ruleset"]
        'barrage'
        >>> set_ruleset(new_draft(), 0, "chess")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: Unknown ruleset 'chess'; rulesets: classic-1961, onyx-2009, hasbro-1999, sci-fi-2013, sci-fi-2013-duel, original, barrage, duel, ultimate-lightning.
    """
    if not isinstance(spec, str) or (spec not in ruleset_names() and spec != draft.get("ruleset")):
        raise refusal(f"Unknown ruleset {shown(spec)}; rulesets: {', '.join(ruleset_names())}.")
    step_of(draft, index)

    def change(trial: dict[str, Any]) -> None:
        trial["ruleset"] = spec
        step = trial["steps"][index]
        step.pop("ruleset", None)
        start_game(trial, step)  # the pieces must fit the new board

    return edited(draft, change)


# ---------------------------------------------------------------------- steps


def add_step(draft: Mapping[str, Any], index: int) -> dict[str, Any]:
    """The draft with an empty step after step ``index`` (so at ``index + 1``).

    Example:
        >>> [step["pieces"] for step in add_step(place(new_draft(), 0, "a1", "red", "flag"), 0)["steps"]]
        [{'a1': 'red flag'}, {}]
    """
    step_of(draft, index)
    if len(draft["steps"]) >= MAX_STEPS:
        raise refusal(f"A lesson has at most {MAX_STEPS} steps.")
    return edited(draft, lambda d: d["steps"].insert(index + 1, new_step()))


def remove_step(draft: Mapping[str, Any], index: int) -> dict[str, Any]:
    """The draft without step ``index`` (a lesson keeps at least one).

    Example:
        >>> remove_step(new_draft(), 0)
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: A lesson keeps at least one step.
    """
    step_of(draft, index)
    if len(draft["steps"]) <= 1:
        raise refusal("A lesson keeps at least one step.")
    return edited(draft, lambda d: d["steps"].pop(index))


# ---------------------------------------------------------------------- the position


def place(draft: Mapping[str, Any], index: int, square: str, side: str,
          kind: str) -> dict[str, Any]:
    """The draft with a piece of ``side`` and ``kind`` on ``square`` of step ``index``
    (replacing what stood there, and its marks).

    Example:
        >>> place(new_draft(), 0, "e4", "blue", "major")["steps"][0]["pieces"]
        {'e4': 'blue major'}
    """
    rules = step_rules(draft, step_of(draft, index))
    square = square_name(square, rules)
    if side not in P.PLAYER_NAMES:
        raise refusal(f"A side is red or blue, not {shown(side)}.")
    kinds = [P.KIND_NAMES[k] for k in rules.army_kinds]
    if kind not in kinds:
        raise refusal(f"{shown(kind)} is not a piece of {rules.title}; pieces: "
                      f"{', '.join(kinds)}.")

    def change(trial: dict[str, Any]) -> None:
        step = trial["steps"][index]
        pieces = step.setdefault("pieces", {})
        if square not in pieces and len(pieces) >= MAX_PIECES:
            raise refusal(f"A step has at most {MAX_PIECES} pieces.")
        pieces[square] = f"{side} {kind}"
        _unmark(step, square)
        start_game(trial, step)

    return edited(draft, change)


def remove(draft: Mapping[str, Any], index: int, square: str) -> dict[str, Any]:
    """The draft with the piece on ``square`` of step ``index`` taken off (with its marks).

    Example:
        >>> remove(new_draft(), 0, "e4")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: There is no piece on e4 to take off.
    """
    step = step_of(draft, index)
    square = square_name(square, step_rules(draft, step))
    if square not in step.get("pieces", {}):
        raise refusal(f"There is no piece on {square} to take off.")

    def change(trial: dict[str, Any]) -> None:
        del trial["steps"][index]["pieces"][square]
        _unmark(trial["steps"][index], square)

    return edited(draft, change)


def mark(draft: Mapping[str, Any], index: int, square: str, name: str) -> dict[str, Any]:
    """The draft with the mark ``name`` of the piece on ``square`` toggled: ``revealed`` (an
    enemy piece whose rank the learner already knows) or ``moved`` (a piece that has moved,
    so is no Bomb).

    Example:
        >>> draft = place(new_draft(), 0, "e7", "blue", "major")
        >>> mark(draft, 0, "e7", "revealed")["steps"][0]["revealed"]
        ['e7']
    """
    step = step_of(draft, index)
    if name not in MARKS:
        raise refusal(f"A mark is revealed or moved, not {shown(name)}.")
    square = square_name(square, step_rules(draft, step))
    piece = step.get("pieces", {}).get(square)
    if piece is None:
        raise refusal(f"There is no piece on {square} to mark as {name}.")
    if name == "revealed" and piece.split()[0] == step.get("to_move", "red"):
        raise refusal(f"The piece on {square} is the learner's own: only an enemy piece is "
                      "marked as revealed.")

    def change(trial: dict[str, Any]) -> None:
        marks = trial["steps"][index].setdefault(name, [])
        if square in marks:
            marks.remove(square)
        else:
            marks.append(square)
        start_game(trial, trial["steps"][index])

    return edited(draft, change)


def set_to_move(draft: Mapping[str, Any], index: int, side: str) -> dict[str, Any]:
    """The draft with ``side`` to move (the learner's side) in step ``index``.

    Example:
        >>> set_to_move(new_draft(), 0, "blue")["steps"][0]["to_move"]
        'blue'
    """
    step_of(draft, index)
    if side not in P.PLAYER_NAMES:
        raise refusal(f"A side is red or blue, not {shown(side)}.")
    return edited(draft, lambda d: d["steps"][index].__setitem__("to_move", side))


# ---------------------------------------------------------------------- the form


def set_field(draft: Mapping[str, Any], index: int, name: str, value: str) -> dict[str, Any]:
    """The draft with a field of step ``index`` set from the form's text: ``instruction``,
    ``hint``, ``success`` (English), ``goal`` (a goal table, ``capture = "b7"``), ``par`` (a
    whole number), ``cite``, ``quote``, ``alternatives`` (one answer a line, its actions
    apart: ``b2-b5 b5-b7``), ``replies`` (one a line: a move, ``pass``, or ``b2-b5=j9-j8,
    *=pass``) or ``opponent`` (a bot level or a lesson policy). An empty text clears the
    field.

    Example:
        >>> set_field(new_draft(), 0, "par", "2")["steps"][0]["par"]
        2
        >>> set_field(new_draft(), 0, "goal", "jump = 3")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: The goal is not usable: unknown goal 'jump'; goals: reach, removed, remains, leave, reveal, capture, win, survive, refused, answer, rescue, all, any, placed, flag_back_row, flag_guarded, bomb_beside_flag, valid_setup.
    """
    step = step_of(draft, index)
    if name not in FORM_FIELDS:
        raise refusal(f"The form has no field {shown(name)}; fields: {', '.join(FORM_FIELDS)}.")
    value = text_value(value, name)
    stored: Any
    if name in TEXT_FIELDS:
        stored = {**texts(step.get(name)), "en": value}
        if not value:
            stored = None if name == "hint" else stored
    elif name == "goal":
        stored = goal_table(value) if value.strip() else None
    elif name == "par":
        stored = par_value(value)
    elif name in LIST_FIELDS:
        stored = LIST_FIELDS[name](value) or None
    elif name == "opponent":
        stored = opponent_value(value)
    else:
        stored = value if value.strip() else None

    def change(trial: dict[str, Any]) -> None:
        if stored is None:
            trial["steps"][index].pop(name, None)
        else:
            trial["steps"][index][name] = stored

    return edited(draft, change)


def set_feedback(draft: Mapping[str, Any], index: int, key: str, value: str) -> dict[str, Any]:
    """The draft with step ``index``'s own sentence (English) for a rule id, an answer, a move
    or a square the learner moves to; an empty text removes it.

    Example:
        >>> set_feedback(new_draft(), 0, "diagonal", "Straight lines only.")["steps"][0]["feedback"]
        {'diagonal': {'en': 'Straight lines only.'}}
    """
    step_of(draft, index)
    key = text_value(key, "the feedback's key").strip()
    value = text_value(value, "the feedback")
    if not key or len(key) > 64:
        raise refusal("Feedback needs a key: a rule id (diagonal), an answer, a move or a "
                      "square.")

    def change(trial: dict[str, Any]) -> None:
        feedback = trial["steps"][index].setdefault("feedback", {})
        if value:
            feedback[key] = {**texts(feedback.get(key)), "en": value}
        else:
            feedback.pop(key, None)
        if not feedback:
            del trial["steps"][index]["feedback"]

    return edited(draft, change)


def set_solution(draft: Mapping[str, Any], index: int, solution: list[str], *,
                 whole: bool = False) -> dict[str, Any]:
    """The draft with ``solution`` as step ``index``'s solution (a recorded one:
    :mod:`~stratego_widget.lessons.editor.recording`); a ``whole`` solution, one that meets
    the goal, raises the step's par to its length if it was lower.

    Example:
        >>> step = set_solution(new_draft(), 0, ["b2-b3", "b3-b4"], whole=True)["steps"][0]
        >>> step["solution"], step["par"]
        (['b2-b3', 'b3-b4'], 2)
    """
    step_of(draft, index)

    def change(trial: dict[str, Any]) -> None:
        step = trial["steps"][index]
        step["solution"] = [str(action) for action in solution]
        if whole and len(solution) > step.get("par", 0):
            step["par"] = len(solution)

    return edited(draft, change)
