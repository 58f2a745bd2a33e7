"""What a lesson board offers on a rescue the rules refuse (:func:`rescue_offer`): in a step
about such a rescue, a move onto the far row offers every captured kind and marks the squares
the rules allow, so that the refused rescue can be tried by clicking and the run explains the
refusal.

Example:
    >>> from stratego_widget.engine.moves import Move
    >>> from stratego_widget.lessons import catalog
    >>> step = catalog()["rescue"].steps[2]   # a Scout may not rescue
    >>> rescue_offer(step, step.game(), Move.parse("d9-d10"))[0]
    ['captain']
"""

from __future__ import annotations

from ...engine.game import Game
from ...engine.moves import Move
from ..model.goals import Refused
from ..model.steps import Step


def rescue_offer(step: Step | None, game: Game, move: Move) -> tuple[list[str], list[str]] | None:
    """The captured kinds and the squares the rules allow for ``move`` in ``game`` when
    ``step``'s goal is a rescue the rules refuse and the move reaches the far row; else None
    (the rules' own offer).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> step = catalog()["scout"].steps[0]   # no rescue here
        >>> rescue_offer(step, step.game(), Move.parse("b2-b7")) is None
        True
    """
    if step is None or not any(isinstance(leaf, Refused) and leaf.rule == "rescue"
                               for leaf in step.goal.leaves()):
        return None
    geometry = game.rules.geometry
    learner = step.learner
    far_row = geometry.height - 1 if learner == "red" else 0
    kinds = sorted(set(game.captured(learner)))
    if geometry.rank_of(geometry.index(move.target)) != far_row or not kinds:
        return None
    squares = sorted({m.rescue[1] for m in game.legal_moves() if m.rescue is not None
                      and (m.origin, m.target) == (move.origin, move.target)})
    return kinds, squares
