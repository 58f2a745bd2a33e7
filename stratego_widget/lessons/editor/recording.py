"""Recording a step's solution: the moves played on the board, in a draft (or a setup step's
placements, ``flag@a1``, each a tray piece put on a square of the area).

In record mode each move of the learner's side is decided by the engine under the step's
ruleset and answered as the learner would see it answered (the step's replies, its opponent,
else a pass), by the same :class:`~stratego_widget.lessons.playing.run.StepState` a lesson is
played with. :func:`start` and :func:`play` are pure: they return a new draft and a new state
and change neither the draft nor the state they are given; a move that cannot be recorded
raises :class:`~stratego_widget.lessons.LessonError` (rule ``"lesson-editor"``).

Example:
    >>> from .draft import new_draft, place
    >>> draft = place(place(new_draft(), 0, "b2", "red", "scout"), 0, "b7", "blue", "spy")
    >>> draft, state = start(draft, 0)
    >>> draft, state = play(draft, 0, state, "b2-b3")
    >>> draft["steps"][0]["solution"], state is not None
    (['b2-b3'], True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import StrategoError
from ...locales import rule_statement
from ..errors import LessonError
from ..model.goal_reading import MAX_SURVIVE, parse_goal
from ..model.goals import Goal, SetupCheck, Survive
from ..model.lesson import MAX_PAR
from ..model.steps import Reply, Step
from ..model.text import Text
from ..playing.run import StepState, apply_action
from .draft import set_solution, start_game, step_of, step_rules
from .form import refusal, text_value


def _replies(raw: Any) -> tuple[Reply, ...]:
    """A draft's replies as the run takes them (anything else: none)."""
    if not isinstance(raw, list):
        return ()
    replies = []
    for item in raw:
        if isinstance(item, str):
            replies.append(Reply(item))
        elif isinstance(item, Mapping):
            replies.append(Reply(item.get("*"), {k: v for k, v in item.items() if k != "*"}))
    return tuple(replies)


def _record_goal(step: Mapping[str, Any]) -> Goal:
    """The draft step's goal, or (recording before the goal is written) one never met, or a
    setup step's: every tray piece placed."""
    try:
        return parse_goal(step["goal"])
    except (KeyError, ValueError):
        return SetupCheck("placed") if step.get("kind") == "setup" else Survive(MAX_SURVIVE)


def recorded_step(draft: Mapping[str, Any], index: int) -> Step:
    """Step ``index`` of the draft as a step the run can play (its texts and citation do not
    matter here; without a goal, one never met).

    Example:
        >>> from .draft import new_draft
        >>> recorded_step(new_draft(), 0).to_move
        'red'
    """
    raw = step_of(draft, index)
    rules = step_rules(draft, raw)
    params = dict(draft.get("params", {})) | dict(raw.get("params", {}))
    empty = Text({"en": ""})
    opponent = raw.get("opponent")
    kind = "setup" if raw.get("kind") == "setup" else "move"
    return Step(
        index=index, kind=kind, ruleset_spec=str(raw.get("ruleset", draft["ruleset"])),
        params=params,
        pieces=dict(raw.get("pieces", {})), revealed=tuple(raw.get("revealed", [])),
        moved=tuple(raw.get("moved", [])),
        captured={side: tuple(kinds) for side, kinds in (raw.get("captured") or {}).items()},
        to_move=str(raw.get("to_move", "red")), instruction=empty, goal=_record_goal(raw),
        par=MAX_PAR, solution=("pass",), success=empty, cite="", quote="",
        source=rules.edition, replies=_replies(raw.get("replies")),
        only=tuple(raw.get("only", [])), opponent=opponent if isinstance(opponent, str) else None,
        tray=tuple(raw.get("tray", [])), area=tuple(raw.get("area", [])))


def start(draft: Mapping[str, Any], index: int) -> tuple[dict[str, Any], StepState]:
    """Start recording step ``index``: the draft with the step's solution cleared, and the
    step played from its start position.

    Example:
        >>> from .draft import new_draft
        >>> start(new_draft(), 0)
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: Place the pieces first: no piece of Red (to move) is on the board.
    """
    step = step_of(draft, index)
    if step.get("kind") == "question":
        raise refusal("A question is not played: choose its right answer among the answers.")
    game = start_game(draft, step)
    side = step.get("to_move", "red")
    if step.get("kind") == "setup":
        if not step.get("tray"):
            raise refusal("Fill the tray first: the pieces the learner places.")
    elif not any(owner == side for owner, _ in game.pieces().values()):
        raise refusal(f"Place the pieces first: no piece of {side.capitalize()} (to move) is "
                      "on the board.")
    try:
        state = StepState.start(recorded_step(draft, index))
        met = state.met()
    except LessonError:
        raise
    except StrategoError as error:  # a goal naming a square the board has not, ...
        raise refusal(f"The step's goal cannot be checked on this board: {error}") from None
    if met:
        raise refusal("The goal is already met before the learner acts: change the goal or "
                      "the position first.")
    return set_solution(draft, index, []), state


def play(draft: Mapping[str, Any], index: int, state: StepState,
         move: str) -> tuple[dict[str, Any], StepState | None]:
    """Record ``move`` of the learner in step ``index``: the draft with the move added to the
    solution, and the state after it and the opponent's answer (None once the goal is met:
    recording is over, and par grows to the solution's length if it was lower). A move the
    rules refuse, or one that loses the goal, is refused.

    Example:
        >>> from .draft import new_draft, place
        >>> draft, state = start(place(new_draft(), 0, "b2", "red", "scout"), 0)
        >>> play(draft, 0, state, "b2-c3")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: b2-c3 is refused (diagonal): Pieces move forward, backward or sideways, never diagonally (Original: Moving).
    """
    text = text_value(move, "the move").strip()
    if len(step_of(draft, index).get("solution", [])) >= MAX_PAR:
        raise refusal(f"A solution has at most {MAX_PAR} actions.")
    trial = state.copy()
    try:
        result = apply_action(trial, text)
    except StrategoError as error:
        raise refusal(f"{text} is refused: {error}") from None
    if not result.accepted:
        reason = result.english or rule_statement(result.rule or "", "en") or result.rule
        raise refusal(f"{text} is refused ({result.rule}): {reason}")
    if result.failed:
        raise refusal(f"{text} loses the step's goal: record another move.")
    recorded = set_solution(draft, index, list(trial.played), whole=result.solved)
    return recorded, None if result.solved else trial
