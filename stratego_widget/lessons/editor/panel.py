"""What the editor's panel shows of a draft: the lesson, the step, the board (every rank
shown: the teacher sets the position), the palette, the form and the recorded solution, as
JSON data. A pure function of the draft; the session adds the file, the check and whether the
draft is saved.

Example:
    >>> from .draft import new_draft
    >>> view = panel_view(new_draft(), 0, None)
    >>> view["lesson"]["id"], view["form"]["par"], view["palette"][:2]
    ('my-lesson', '1', ['marshal', 'general'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import pieces as P
from ...engine.game import Game
from ...engine.rulesets import ruleset_names
from ...engine.setups import setup_area
from ...widget.view import board_view, rules_view
from ..model.opponents import OPPONENTS
from ..model.steps import STEP_KINDS
from .draft import step_of, step_rules
from .form import TEXT_FIELDS, alternatives_text, goal_text, replies_text, texts
from .goal_picker import REFUSALS, WIN_WAYS, checks_for, goal_checks
from .step_kinds import step_kind


def panel_view(draft: Mapping[str, Any], index: int, game: Game | None, *,
               recording: bool = False) -> dict[str, Any]:
    """The panel's view of step ``index`` of ``draft``, its board showing ``game`` (the
    step's start position, or the recording's game while ``recording``; None: the pieces do
    not make a position, and the board is empty).

    Example:
        >>> from .draft import new_draft, place, start_game
        >>> draft = place(new_draft(), 0, "a1", "red", "flag")
        >>> panel_view(draft, 0, start_game(draft, draft["steps"][0]))["board"]["pieces"]
        {'a1': 'rF'}
    """
    step = step_of(draft, index)
    rules = step_rules(draft, step)
    learner = step.get("to_move", "red")
    pieces, last, to_move = {}, None, learner
    if game is not None:
        board = board_view(game, "both", "en")
        pieces, last = board["pieces"], board["last_move"]
        to_move = game.to_move if recording else learner
    goal = step.get("goal")
    form = {name: texts(step.get(name)).get("en", "") for name in TEXT_FIELDS}
    form |= {"goal": goal_text(goal) if isinstance(goal, Mapping) else "",
             "par": str(step.get("par", "")), "cite": str(step.get("cite", "")),
             "quote": str(step.get("quote", "")),
             "alternatives": alternatives_text(step.get("alternatives")),
             "replies": replies_text(step.get("replies")),
             "opponent": str(step.get("opponent", ""))}
    rulesets = ruleset_names()
    spec = str(draft.get("ruleset", ""))
    return {
        "lesson": {"id": str(draft.get("id", "")),
                   "title": texts(draft.get("title")).get("en", ""),
                   "ruleset": spec,
                   "rulesets": rulesets if spec in rulesets else [spec, *rulesets]},
        "steps": len(draft["steps"]),
        "step": index,
        "kind": step_kind(step),
        "kinds": list(STEP_KINDS),
        "course": str(draft.get("course", "")),
        "goal": goal_checks(goal),
        "goal_checks": list(checks_for(step_kind(step))),
        "goal_options": {"win": list(WIN_WAYS), "refused": list(REFUSALS)},
        "opponents": list(OPPONENTS),
        "choices": {str(key): texts(value).get("en", "")
                    for key, value in (step.get("choices") or {}).items()},
        "answer": _answer(goal),
        "tray": [str(name) for name in step.get("tray", [])],
        "area": _area(step, rules, learner),
        "rules": rules_view(rules, "marshal-high"),
        "board": {"pieces": pieces, "last_move": last, "to_move": to_move, "learner": learner},
        "palette": [P.KIND_NAMES[k] for k in rules.army_kinds],
        "form": form,
        "feedback": {str(key): texts(value).get("en", "")
                     for key, value in (step.get("feedback") or {}).items()},
        "recording": recording,
        "solution": [str(action) for action in step.get("solution", [])],
    }


def _answer(goal: Any) -> str | None:
    """A question's right answer, from its goal (None: not chosen yet)."""
    answer = goal.get("answer") if isinstance(goal, Mapping) else None
    return answer if isinstance(answer, str) else None


def _area(step: Mapping[str, Any], rules: Any, learner: str) -> list[str]:
    """The squares a setup step's tray may go on (its area, else the learner's whole setup
    area); none for another kind of step."""
    if step_kind(step) != "setup":
        return []
    area = step.get("area")
    if isinstance(area, list) and area:
        return [str(square) for square in area]
    try:
        return list(setup_area(rules, learner))
    except (ValueError, KeyError):
        return []
