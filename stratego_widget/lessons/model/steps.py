"""A lesson's step as data: the position, what to do, the goal, par, replies, hints, texts.

Steps are frozen values read from lesson files (see :mod:`stratego_widget.lessons.model.lesson`). A
step is one of three kinds: ``move`` (play on the board), ``question`` (choose an answer among
``choices``) or ``setup`` (place the pieces of a ``tray`` on the setup area).

Example:
    >>> from stratego_widget.lessons import catalog
    >>> step = catalog()["scout"].steps[0]
    >>> step.kind, step.par, step.solution
    ('move', 1, ('b2-b7',))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ...engine.game import Game
from ...engine.rulesets import Ruleset, ruleset
from ...engine.setups import setup_area
from .goals import Goal
from .text import Text

STEP_KINDS = ("move", "question", "setup")


def move_key(text: str) -> str:
    """Move text in one form for comparing (a strike written ``x`` or ``-`` is the same move).

    Example:
        >>> move_key("B2xB7") == move_key("b2-b7")
        True
    """
    return text.strip().lower().replace("x", "-")


@dataclass(frozen=True)
class Reply:
    """The opponent's scripted answer to one learner move: ``default`` (a move, or ``"pass"``
    for no answer; None: nothing scripted, the step's ``opponent`` answers) unless the
    learner's move is a key of ``by_move``.

    Example:
        >>> Reply("pass", {"b2-b5": "j9-j8"}).for_move("b2-b5")
        'j9-j8'
        >>> Reply(None, {"b2-b5": "j9-j8"}).for_move("b2-b6") is None
        True
    """

    default: str | None = "pass"
    by_move: Mapping[str, str] = field(default_factory=dict)

    def for_move(self, move: str) -> str | None:
        """The reply to ``move`` (move text), ``"pass"``, or None when nothing is scripted.

        Example:
            >>> Reply("j9-j8").for_move("a1-a2")
            'j9-j8'
        """
        key = move_key(move)
        return next((reply for learner, reply in self.by_move.items()
                     if move_key(learner) == key), self.default)


@dataclass(frozen=True)
class Step:
    """One step of a lesson. Fields are the lesson file's keys (see ``docs/lessons.md``).

    ``pieces`` maps squares to ``"red scout"``; ``revealed`` lists enemy squares whose rank the
    learner already knows; ``to_move`` is the learner's side. ``replies[i]`` answers the
    learner's ``i``-th move; ``alternatives`` lists other lines that solve the step (the hints
    follow the one the learner is on); ``opponent`` (a bot level or a policy of
    :mod:`~stratego_widget.lessons.playing.opponents`) answers a move nothing was scripted for (without
    it, the opponent passes). ``hint`` is the first, general hint; the piece, the square and the
    move follow from ``solution``. ``feedback`` maps a rule id (or a question's choice) to the
    step's own sentence about it. ``cite`` names the rulebook section and ``quote`` copies its
    words from ``source``'s rulebook. A step read from a file has a ``par`` of at most
    :data:`~stratego_widget.lessons.model.step_reading.MAX_PAR` and at most as many
    ``solution`` actions (the hint search is bounded whatever the ``par`` of a step built in
    code).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> step = catalog()["scout"].steps[0]
        >>> step.learner, step.rules.name
        ('red', 'original')
    """

    index: int
    kind: str
    ruleset_spec: str
    params: Mapping[str, Any]
    pieces: Mapping[str, str]
    revealed: tuple[str, ...]
    moved: tuple[str, ...]
    captured: Mapping[str, tuple[str, ...]]
    to_move: str
    instruction: Text
    goal: Goal
    par: int
    solution: tuple[str, ...]
    success: Text
    cite: str
    quote: str
    source: str
    replies: tuple[Reply, ...] = ()
    hint: Text | None = None
    feedback: Mapping[str, Text] = field(default_factory=dict)
    choices: Mapping[str, Text] = field(default_factory=dict)
    tray: tuple[str, ...] = ()
    area: tuple[str, ...] = ()
    only: tuple[str, ...] = ()
    opponent: str | None = None
    alternatives: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        for name in ("params", "pieces", "captured", "feedback", "choices"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    @property
    def rules(self) -> Ruleset:
        """The ruleset this step is played under (the lesson's unless the step names one).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> catalog()["scout"].steps[0].rules.spec
            'original'
        """
        return ruleset(self.ruleset_spec, **self.params)

    @property
    def solutions(self) -> tuple[tuple[str, ...], ...]:
        """Every line the step accepts as its answer: ``solution`` first, then the
        ``alternatives`` (each checked like the first).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> catalog()["scout"].steps[0].solutions
            (('b2-b7',),)
        """
        return (self.solution, *self.alternatives)

    @property
    def learner(self) -> str:
        """The side the learner plays: the side to move at the start.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> catalog()["scout"].steps[0].learner
            'red'
        """
        return self.to_move

    @property
    def setup_squares(self) -> tuple[str, ...]:
        """Where a setup step's pieces may go: ``area``, or the learner's whole setup area.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> step = next(s for s in catalog()["setup-flag"].steps if s.kind == "setup")
            >>> len(step.setup_squares) > 0
            True
        """
        return self.area or tuple(setup_area(self.rules, self.learner))

    def game(self, placements: Mapping[str, str] | None = None) -> Game:
        """A fresh game at this step's start (with a setup step's ``placements`` added).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> catalog()["scout"].steps[0].game().piece_at("b2")
            ('red', 'scout')
        """
        pieces = dict(self.pieces)
        for square, kind in (placements or {}).items():
            pieces[square] = f"{self.learner} {kind}"
        return Game.from_pieces(
            self.rules, pieces, to_move=self.to_move,
            captured={side: list(kinds) for side, kinds in self.captured.items()},
            revealed=self.revealed, moved=self.moved)

    def text(self, name: str, lang: str) -> str:
        """One of the step's texts (``instruction``, ``success``, ``hint``) in ``lang``.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> catalog()["scout"].steps[0].text("instruction", "en").startswith("Your Scout")
            True
        """
        value = getattr(self, name)
        return value.get(lang) if isinstance(value, Text) else ""
