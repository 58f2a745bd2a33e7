"""Reading a goal: its table in a lesson file made a :class:`~stratego_widget.lessons.model.goals.Goal`
(:func:`parse_goal`), within the limits :data:`MAX_GOAL_DEPTH`, :data:`MAX_GOAL_CHECKS` and
:data:`MAX_SURVIVE`, and a goal checked against a step's position (:func:`check_squares`).
The goals and how each is met are :mod:`~stratego_widget.lessons.model.goals`.

Example:
    >>> parse_goal({"capture": "b7", "survive": 1}).describe()
    'all(capture b7, survive 1)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import pieces as P
from ...engine.errors import StrategoError
from ...engine.game import Game
from .goals import (
    AllOf,
    Answer,
    AnyOf,
    Goal,
    Leave,
    Reach,
    Refused,
    Remains,
    Removed,
    Rescue,
    Reveal,
    SetupCheck,
    Survive,
    Win,
)
from .text import shown

#: The checks of a setup step.
SETUP_CHECKS = ("placed", "flag_back_row", "flag_guarded", "bomb_beside_flag", "valid_setup")
_SQUARE_CHECKS = {"reach": Reach, "removed": Removed, "remains": Remains, "leave": Leave,
                  "reveal": Reveal}
GOAL_KEYS = (*_SQUARE_CHECKS, "capture", "win", "survive", "refused", "answer", "rescue",
             "all", "any", *SETUP_CHECKS)


def _squares(value: Any, key: str) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items or not all(isinstance(v, str) for v in items):
        raise ValueError(f"'{key}' takes a square or a list of squares, not {shown(value)}")
    return tuple(v.strip().lower() for v in items)


#: How deep ``all`` and ``any`` may nest in a goal (a table with several keys counts once).
MAX_GOAL_DEPTH = 8
#: How many checks a goal may hold in all, counted over every ``all`` and ``any`` inside.
MAX_GOAL_CHECKS = 50
#: The most moves ``survive`` may ask for.
MAX_SURVIVE = 1_000


class _Parser:
    """Reads one goal table, counting the checks and the nesting as it goes."""

    def __init__(self) -> None:
        self.checks = 0

    def goal(self, data: Any, depth: int) -> Goal:
        if not isinstance(data, Mapping) or not data:
            raise ValueError(f"a goal is a table such as {{ reach = \"b7\" }}, not {shown(data)}")
        goals = [self.one(key, value, depth) for key, value in data.items()]
        return goals[0] if len(goals) == 1 else AllOf(tuple(goals))

    def one(self, key: Any, value: Any, depth: int) -> Goal:
        self.checks += 1
        if self.checks > MAX_GOAL_CHECKS:
            raise ValueError(f"holds more than {MAX_GOAL_CHECKS} checks; a goal has at most "
                             f"{MAX_GOAL_CHECKS}")
        if key in ("all", "any"):
            if not isinstance(value, list) or not value:
                raise ValueError(f"'{key}' takes a list of goals, not {shown(value)}")
            if depth >= MAX_GOAL_DEPTH:
                raise ValueError(f"nests 'all' and 'any' more than {MAX_GOAL_DEPTH} deep; a "
                                 f"goal nests them at most {MAX_GOAL_DEPTH} deep")
            goals = tuple(self.goal(item, depth + 1) for item in value)
            return AllOf(goals) if key == "all" else AnyOf(goals)
        return _check(key, value)


def _check(key: Any, value: Any) -> Goal:
    """One check that is not ``all`` or ``any``, from its key and value."""
    if key in _SQUARE_CHECKS:
        return _SQUARE_CHECKS[key](_squares(value, key))
    if key == "capture":
        return Removed(_squares(value, key), enemy=True)
    if key == "win":
        if value is True:
            return Win()
        if isinstance(value, str):
            return Win(value)
        raise ValueError(f"'win' takes true or a termination id, not {shown(value)}")
    if key == "survive":
        if isinstance(value, bool) or not isinstance(value, int) or not (
                1 <= value <= MAX_SURVIVE):
            raise ValueError(f"'survive' takes a number of moves from 1 to {MAX_SURVIVE:,}, "
                             f"not {shown(value)}")
        return Survive(value)
    if key in ("refused", "answer"):
        if not isinstance(value, str) or not value:
            raise ValueError(f"'{key}' takes a text, not {shown(value)}")
        return Refused(value) if key == "refused" else Answer(value)
    if key == "rescue":
        if value is True:
            return Rescue()
        if isinstance(value, str) and value in P.KIND_NAMES:
            return Rescue(value)
        raise ValueError(f"'rescue' takes true or a piece kind, not {shown(value)}")
    if key in SETUP_CHECKS:
        if value is not True:
            raise ValueError(f"'{key}' takes true, not {shown(value)}")
        return SetupCheck(key)
    raise ValueError(f"unknown goal {shown(key)}; goals: {', '.join(GOAL_KEYS)}")


def parse_goal(data: Any) -> Goal:
    """A goal from its table in a lesson file; raises ``ValueError`` saying what is wrong,
    also for ``all`` and ``any`` nested more than :data:`MAX_GOAL_DEPTH` deep or more than
    :data:`MAX_GOAL_CHECKS` checks (so no goal makes the reading recurse without end).

    Example:
        >>> parse_goal({"reach": ["b7", "c7"]})
        Reach(targets=('b7', 'c7'))
        >>> parse_goal({"any": [{"win": True}, {"capture": "e7"}]}).describe()
        'any(win, capture e7)'
        >>> parse_goal({"jump": 3})
        Traceback (most recent call last):
        ...
        ValueError: unknown goal 'jump'; goals: reach, removed, remains, leave, reveal, capture, win, survive, refused, answer, rescue, all, any, placed, flag_back_row, flag_guarded, bomb_beside_flag, valid_setup
        >>> deep = {"capture": "b7"}
        >>> for _ in range(400):
        ...     deep = {"any": [deep]}
        >>> parse_goal(deep)
        Traceback (most recent call last):
        ...
        ValueError: nests 'all' and 'any' more than 8 deep; a goal nests them at most 8 deep
    """
    return _Parser().goal(data, 0)


def check_squares(goal: Goal, game: Game, learner: str) -> str | None:
    """Why a goal does not fit a step's position (a problem sentence), or None.

    Example:
        >>> game = Game.from_pieces("original", {"b2": "red scout", "b7": "blue major"})
        >>> check_squares(parse_goal({"capture": "b2"}), game, "red")
        "'capture b2': there is no enemy piece on b2"
    """
    geo = game.state.geometry
    for leaf in goal.leaves():
        targets: Sequence[str] = getattr(leaf, "targets", ())
        for sq in targets:
            try:
                geo.index(sq)
            except StrategoError:
                return f"'{leaf.describe()}': {sq} is not a square of this board"
            if isinstance(leaf, Reach):
                continue
            piece = game.piece_at(sq)
            if piece is None:
                return f"'{leaf.describe()}': there is no piece on {sq}"
            enemy = isinstance(leaf, Reveal) or (isinstance(leaf, Removed) and leaf.enemy)
            if enemy and piece[0] == learner:
                return f"'{leaf.describe()}': there is no enemy piece on {sq}"
    return None
