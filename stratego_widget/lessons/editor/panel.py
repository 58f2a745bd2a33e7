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
from ...widget.view import board_view, rules_view
from .draft import step_of, step_rules
from .form import TEXT_FIELDS, goal_text, texts


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
             "quote": str(step.get("quote", ""))}
    rulesets = ruleset_names()
    spec = str(draft.get("ruleset", ""))
    return {
        "lesson": {"id": str(draft.get("id", "")),
                   "title": texts(draft.get("title")).get("en", ""),
                   "ruleset": spec,
                   "rulesets": rulesets if spec in rulesets else [spec, *rulesets]},
        "steps": len(draft["steps"]),
        "step": index,
        "kind": str(step.get("kind", "move")),
        "rules": rules_view(rules, "marshal-high"),
        "board": {"pieces": pieces, "last_move": last, "to_move": to_move, "learner": learner},
        "palette": [P.KIND_NAMES[k] for k in rules.army_kinds],
        "form": form,
        "feedback": {str(key): texts(value).get("en", "")
                     for key, value in (step.get("feedback") or {}).items()},
        "recording": recording,
        "solution": [str(action) for action in step.get("solution", [])],
    }
