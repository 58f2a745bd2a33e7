"""A step's position before the learner acts, as its goal looks at it: what a lesson file's
check needs to see that a step's goal fits its position and is not met already.

The run (:mod:`stratego_widget.lessons.playing.step`) follows the same pieces from there.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> start = StartSituation.of(catalog()["scout"].steps[0])
    >>> start.met(), start.pid_of("b7") is not None
    (False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ...engine.game import Game
from .steps import Step


def followed_pieces(step: Step, game: Game) -> dict[str, int | None]:
    """The pieces ``step`` follows in ``game``: for each start square its goal names (and each
    of ``only``), the id of the piece on it (None: no piece there).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> step = catalog()["scout"].steps[0]
        >>> sorted(followed_pieces(step, step.game()))
        ['b7']
    """
    geo = game.state.geometry
    ids: dict[str, int | None] = {}
    for square in (*step.goal.squares(), *step.only):
        pid = game.state.board[geo.index(square)]
        ids[square] = pid if pid > 0 else None
    return ids


@dataclass(frozen=True)
class StartSituation:
    """A step's position before the learner acts: nothing done, nothing placed, nothing
    answered (the goals' ``Situation``).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> StartSituation.of(catalog()["spy"].steps[0]).answer is None
        True
    """

    step: Step
    game: Game
    ids: Mapping[str, int | None]
    actions: int = 0
    refused_rule: str | None = None
    answer: str | None = None
    placements: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, step: Step) -> StartSituation:
        """The situation at the start of ``step`` (its position built: a position the rules
        refuse raises their error).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> StartSituation.of(catalog()["scout"].steps[0]).game.to_move
            'red'
        """
        game = step.game()
        return cls(step, game, MappingProxyType(followed_pieces(step, game)))

    @property
    def learner(self) -> str:
        """The learner's side."""
        return self.step.learner

    @property
    def tray_left(self) -> int:
        """How many pieces of a setup step are still to place (all of the tray)."""
        return len(self.step.tray)

    def pid_of(self, start_square: str) -> int | None:
        """The id of the piece on ``start_square`` (None: none).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> StartSituation.of(catalog()["scout"].steps[0]).pid_of("b7") > 0
            True
        """
        return self.ids.get(start_square)

    def met(self) -> bool:
        """Whether the step's goal is met before the learner acts.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> StartSituation.of(catalog()["scout"].steps[0]).met()
            False
        """
        return self.step.goal.met(self)
