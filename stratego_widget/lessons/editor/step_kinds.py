"""The edits of a draft step beyond its position and texts: its kind (a move, a question or a
setup step), a question's answers and the right one, a setup step's tray and area, and the
goal picked check by check (:mod:`~stratego_widget.lessons.editor.goal_picker`).

Each edit is a pure function in the style of :mod:`~stratego_widget.lessons.editor.draft`: it
takes a draft, the index of a step and the teacher's input, returns a new draft and never
changes the one it is given; an edit that cannot be carried out raises
:class:`~stratego_widget.lessons.LessonError` (rule ``"lesson-editor"``) in one line.

Example:
    >>> from .draft import new_draft
    >>> asked = set_answer(set_choice(set_kind(new_draft(), 0, "question"), 0, "bomb",
    ...                               "The Bomb stays"), 0, "bomb")
    >>> step = asked["steps"][0]
    >>> step["kind"], step["goal"], step["solution"]
    ('question', {'answer': 'bomb'}, ['bomb'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import pieces as P
from ...engine.setups import setup_area
from ..model.goal_reading import parse_goal
from ..model.lesson import MAX_PIECES
from ..model.steps import STEP_KINDS
from ..model.text import shown
from .draft import edited, square_name, step_of, step_rules
from .form import refusal, text_value, texts
from .goal_picker import check_value, checks_for

#: What each kind of step holds of its own, dropped when a step becomes another kind.
KIND_FIELDS: Mapping[str, tuple[str, ...]] = {
    "move": ("replies", "opponent", "alternatives", "only"),
    "question": ("choices",),
    "setup": ("tray", "area"),
}


def step_kind(step: Mapping[str, Any]) -> str:
    """The kind of a draft step (``move`` when it names none).

    Example:
        >>> step_kind({}), step_kind({"kind": "setup"})
        ('move', 'setup')
    """
    return str(step.get("kind", "move"))


def set_kind(draft: Mapping[str, Any], index: int, kind: str) -> dict[str, Any]:
    """The draft with step ``index`` made a ``move``, ``question`` or ``setup`` step: what the
    other kinds hold of their own is dropped, and so are the goal and the solution (they
    differ in each kind); the position, the texts and the feedback stay.

    Example:
        >>> from .draft import new_draft
        >>> step = set_kind(new_draft(), 0, "setup")["steps"][0]
        >>> step["kind"], "solution" in step
        ('setup', False)
        >>> set_kind(new_draft(), 0, "puzzle")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: A step is a move, question or setup step, not 'puzzle'.
    """
    step = step_of(draft, index)
    if kind not in STEP_KINDS:
        raise refusal(f"A step is a {', '.join(STEP_KINDS[:-1])} or {STEP_KINDS[-1]} step, not "
                      f"{shown(kind)}.")
    if step_kind(step) == kind:
        return edited(draft, lambda trial: None)

    def change(trial: dict[str, Any]) -> None:
        changed = trial["steps"][index]
        for name in (*KIND_FIELDS[step_kind(step)], "goal", "solution"):
            changed.pop(name, None)
        changed["par"] = 1
        if kind == "move":
            changed.pop("kind", None)
            changed["solution"] = []
        else:
            changed["kind"] = kind

    return edited(draft, change)


def _of_kind(draft: Mapping[str, Any], index: int, kind: str, what: str) -> Mapping[str, Any]:
    """Step ``index``, which must be a ``kind`` step to have ``what``."""
    step = step_of(draft, index)
    if step_kind(step) != kind:
        raise refusal(f"Only a {kind} step has {what}; step {index + 1} is a {step_kind(step)} "
                      "step.")
    return step


# ---------------------------------------------------------------------- a question


def _choice_id(choice: Any) -> str:
    choice = text_value(choice, "the answer's id").strip()
    if not choice or not choice.replace("-", "").isalnum() or not choice.isascii() \
            or len(choice) > 64:
        raise refusal(f"An answer's id is letters, digits and dashes, not {shown(choice)}.")
    return choice


def set_choice(draft: Mapping[str, Any], index: int, choice: str, text: str) -> dict[str, Any]:
    """The draft with question step ``index``'s answer ``choice`` (an id: letters, digits,
    dashes) reading ``text`` (English, one line); an empty text removes the answer, with its
    feedback, and the goal if it was the right one.

    Example:
        >>> from .draft import new_draft
        >>> asked = set_choice(set_kind(new_draft(), 0, "question"), 0, "major", "The Major")
        >>> asked["steps"][0]["choices"]
        {'major': {'en': 'The Major'}}
    """
    step = _of_kind(draft, index, "question", "answers")
    choice = _choice_id(choice)
    text = text_value(text, "the answer")
    if text and "\n" in text:
        raise refusal("The answer is one line of text.")
    if not text and choice not in step.get("choices", {}):
        raise refusal(f"There is no answer {choice!r} to remove.")

    def change(trial: dict[str, Any]) -> None:
        changed = trial["steps"][index]
        choices = changed.setdefault("choices", {})
        if text:
            choices[choice] = {**texts(choices.get(choice)), "en": text}
            return
        del choices[choice]
        (changed.get("feedback") or {}).pop(choice, None)
        if changed.get("goal") == {"answer": choice}:
            changed.pop("goal")
            changed.pop("solution", None)

    return edited(draft, change)


def set_answer(draft: Mapping[str, Any], index: int, choice: str) -> dict[str, Any]:
    """The draft with ``choice`` the right answer of question step ``index``: its goal, its
    solution, and par 1.

    Example:
        >>> from .draft import new_draft
        >>> set_answer(set_kind(new_draft(), 0, "question"), 0, "bomb")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: There is no answer 'bomb': write it first.
    """
    step = _of_kind(draft, index, "question", "a right answer")
    choice = _choice_id(choice)
    if choice not in step.get("choices", {}):
        raise refusal(f"There is no answer {choice!r}: write it first.")

    def change(trial: dict[str, Any]) -> None:
        trial["steps"][index].update(goal={"answer": choice}, solution=[choice], par=1)

    return edited(draft, change)


# ---------------------------------------------------------------------- a setup step


def set_tray(draft: Mapping[str, Any], index: int, text: str) -> dict[str, Any]:
    """The draft with setup step ``index``'s tray: the pieces the learner places, named
    apart (``flag bomb bomb``); the solution is recorded again after.

    Example:
        >>> from .draft import new_draft
        >>> set_tray(set_kind(new_draft(), 0, "setup"), 0, "flag, bomb bomb")["steps"][0]["tray"]
        ['flag', 'bomb', 'bomb']
    """
    step = _of_kind(draft, index, "setup", "a tray")
    rules = step_rules(draft, step)
    kinds = [P.KIND_NAMES[k] for k in rules.army_kinds]
    tray = text_value(text, "tray").replace(",", " ").lower().split()
    for name in tray:
        if name not in kinds:
            raise refusal(f"The tray names {shown(name)}, not a piece of {rules.title}; pieces: "
                          f"{', '.join(kinds)}.")
    if len(tray) > MAX_PIECES:
        raise refusal(f"A tray holds at most {MAX_PIECES} pieces.")

    def change(trial: dict[str, Any]) -> None:
        trial["steps"][index]["tray"] = tray
        trial["steps"][index]["solution"] = []

    return edited(draft, change)


def toggle_area(draft: Mapping[str, Any], index: int, square: str) -> dict[str, Any]:
    """The draft with ``square`` added to setup step ``index``'s area (the squares the tray
    may go on; none: the learner's whole setup area), or taken out of it.

    Example:
        >>> from .draft import new_draft
        >>> setup = set_kind(new_draft(), 0, "setup")
        >>> toggle_area(setup, 0, "a1")["steps"][0]["area"]
        ['a1']
        >>> toggle_area(setup, 0, "a9")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: a9 is not in Red's setup area: a setup step's area is part of it.
    """
    step = _of_kind(draft, index, "setup", "an area")
    rules = step_rules(draft, step)
    square = square_name(square, rules)
    learner = str(step.get("to_move", "red"))
    if square not in setup_area(rules, learner):
        raise refusal(f"{square} is not in {learner.capitalize()}'s setup area: a setup step's "
                      "area is part of it.")

    def change(trial: dict[str, Any]) -> None:
        area = trial["steps"][index].setdefault("area", [])
        if square in area:
            area.remove(square)
        else:
            area.append(square)
        trial["steps"][index]["solution"] = []
        if not area:
            del trial["steps"][index]["area"]

    return edited(draft, change)


# ---------------------------------------------------------------------- the goal


def set_goal_check(draft: Mapping[str, Any], index: int, check: str,
                   value: str) -> dict[str, Any]:
    """The draft with goal check ``check`` of step ``index`` set from the picker's words
    (:func:`~stratego_widget.lessons.editor.goal_picker.check_value`); the step's other
    checks stay, and the goal needs them all.

    Example:
        >>> from .draft import new_draft
        >>> draft = set_goal_check(new_draft(), 0, "reach", "e5")
        >>> set_goal_check(draft, 0, "survive", "2")["steps"][0]["goal"]
        {'reach': 'e5', 'survive': 2}
        >>> set_goal_check(draft, 0, "placed", "")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: A move step's goal has no check 'placed'; checks: reach, capture, removed, remains, leave, reveal, win, survive, refused, rescue.
    """
    step = step_of(draft, index)
    kind = step_kind(step)
    offered = checks_for(kind)
    if check not in offered:
        if not offered:
            raise refusal("A question's goal is its right answer: choose it among the answers.")
        raise refusal(f"A {kind} step's goal has no check {shown(check)}; checks: "
                      f"{', '.join(offered)}.")
    stored = check_value(check, text_value(value, f"the goal {check!r}"))
    goal = dict(step["goal"]) if isinstance(step.get("goal"), Mapping) else {}
    goal[check] = stored
    try:
        parse_goal(goal)
    except ValueError as error:
        raise refusal(f"The goal is not usable: {error}.") from None
    return edited(draft, lambda trial: trial["steps"][index].__setitem__("goal", goal))


def remove_goal_check(draft: Mapping[str, Any], index: int, check: str) -> dict[str, Any]:
    """The draft without goal check ``check`` of step ``index`` (the last one gone: no goal).

    Example:
        >>> from .draft import new_draft
        >>> draft = set_goal_check(new_draft(), 0, "reach", "e5")
        >>> "goal" in remove_goal_check(draft, 0, "reach")["steps"][0]
        False
    """
    step = step_of(draft, index)
    goal = step.get("goal")
    if not isinstance(goal, Mapping) or check not in goal:
        raise refusal(f"The goal of step {index + 1} has no check {shown(check)} to remove.")

    def change(trial: dict[str, Any]) -> None:
        del trial["steps"][index]["goal"][check]
        if not trial["steps"][index]["goal"]:
            del trial["steps"][index]["goal"]

    return edited(draft, change)
