"""Goals: small checks a step's situation must pass, composed with ``all`` and ``any``.

A goal is written in a lesson file as a table; each key is one check and a table with several
keys needs all of them::

    goal = { capture = "b7" }                      # the piece that started on b7 is taken
    goal = { reach = "e9", survive = 2 }           # both
    goal = { any = [{ capture = "e7" }, { win = true }] }

Checks: ``reach`` (learner's pieces stand on these squares), ``capture`` (the enemy pieces
that started on these squares are off the board), ``removed`` (any pieces that started on these
squares are off the board), ``remains`` (they are still on it), ``leave`` (they moved away
from their square), ``reveal`` (the learner now knows these enemy pieces), ``win`` (``true`` or
a termination id such as ``"flag-captured"``), ``survive`` (the learner made this many moves
and has not lost), ``refused`` (the learner tried a move the rules refuse with this rule id),
``answer`` (a question's choice), ``rescue`` (the last move rescued a piece, ``true`` or its
kind), and for setup steps ``placed`` (every tray piece placed), ``flag_back_row``,
``flag_guarded`` (every neighbour of the Flag is a Bomb or the edge), ``bomb_beside_flag`` and
``valid_setup`` (a complete setup the rules accept).

A goal nests ``all`` and ``any`` at most :data:`~stratego_widget.lessons.model.goal_reading.MAX_GOAL_DEPTH` (8) deep and holds at most
:data:`~stratego_widget.lessons.model.goal_reading.MAX_GOAL_CHECKS` (50) checks in all (no shipped lesson nests them, and none holds more
than four checks), and ``survive`` asks for at most :data:`~stratego_widget.lessons.model.goal_reading.MAX_SURVIVE` (1,000) moves, so that no
goal, however it is written, makes loading or checking it slow.

A goal's table is read by :func:`~stratego_widget.lessons.model.goal_reading.parse_goal`
(:mod:`~stratego_widget.lessons.model.goal_reading`, with the limits above); this module holds
the goals themselves and how each is met.

Example:
    >>> goal = AllOf((Removed(("b7",), enemy=True), Survive(1)))
    >>> goal.describe()
    'all(capture b7, survive 1)'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from ...engine.errors import SetupError
from ...engine.game import Game
from ...engine.setups import validate_setup


class Situation(Protocol):
    """What a goal looks at: the run's state after the learner's last action
    (:class:`~stratego_widget.lessons.playing.run.StepState` is one).

    Example:
        >>> from stratego_widget.lessons import StepState, catalog
        >>> state = StepState.start(catalog()["scout"].steps[0])
        >>> state.learner, state.actions, state.refused_rule
        ('red', 0, None)
    """

    @property
    def game(self) -> Game: ...
    @property
    def learner(self) -> str: ...
    @property
    def actions(self) -> int: ...
    @property
    def refused_rule(self) -> str | None: ...
    @property
    def answer(self) -> str | None: ...
    @property
    def placements(self) -> Mapping[str, str]: ...
    @property
    def tray_left(self) -> int: ...

    def pid_of(self, start_square: str) -> int | None:
        """The piece that started the step on ``start_square``, or None if it left the board."""
        ...


class Goal:
    """A check of a situation; subclasses are small frozen dataclasses.

    ``met`` checks the situation, ``lost`` says the check can no longer pass, ``squares`` names
    the start squares whose pieces the run follows, ``leaves`` lists the checks inside.

    Example:
        >>> Survive(2).describe()
        'survive 2'
    """

    def met(self, s: Situation) -> bool:
        """Whether the situation passes this check."""
        raise NotImplementedError

    def describe(self) -> str:
        """A short readable form, for reports."""
        raise NotImplementedError

    def squares(self) -> tuple[str, ...]:
        """Start squares the check tracks (the run follows the pieces on them)."""
        return ()

    def lost(self, s: Situation) -> bool:
        """Whether the check can no longer pass, whatever the learner does (the step fails)."""
        return False

    def leaves(self) -> tuple[Goal, ...]:
        """This goal and every goal inside it."""
        return (self,)


def _on_board(s: Situation, square: str) -> bool:
    pid = s.pid_of(square)
    return pid is not None and s.game.state.square[pid] >= 0


@dataclass(frozen=True)
class Reach(Goal):
    """The learner has a piece on each square.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"reach": "e5"})
        Reach(targets=('e5',))
    """

    targets: tuple[str, ...]

    def met(self, s: Situation) -> bool:
        return all((s.game.piece_at(sq) or ("",))[0] == s.learner for sq in self.targets)

    def describe(self) -> str:
        return f"reach {' '.join(self.targets)}"


@dataclass(frozen=True)
class Removed(Goal):
    """The pieces that started on these squares are off the board (``enemy``: checked on load).

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"capture": "b7"}).describe(), parse_goal({"removed": ["b6", "b7"]}).describe()
        ('capture b7', 'removed b6 b7')
    """

    targets: tuple[str, ...]
    enemy: bool = False

    def met(self, s: Situation) -> bool:
        return not any(_on_board(s, sq) for sq in self.targets)

    def describe(self) -> str:
        return f"{'capture' if self.enemy else 'removed'} {' '.join(self.targets)}"

    def squares(self) -> tuple[str, ...]:
        return self.targets


@dataclass(frozen=True)
class Remains(Goal):
    """The pieces that started on these squares are still on the board.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"remains": "e6"}).squares()
        ('e6',)
    """

    targets: tuple[str, ...]

    def met(self, s: Situation) -> bool:
        return all(_on_board(s, sq) for sq in self.targets)

    def describe(self) -> str:
        return f"remains {' '.join(self.targets)}"

    def lost(self, s: Situation) -> bool:
        return not self.met(s)

    def squares(self) -> tuple[str, ...]:
        return self.targets


@dataclass(frozen=True)
class Leave(Goal):
    """The pieces that started on these squares have moved away and are still on the board.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"leave": "c3"}).describe()
        'leave c3'
    """

    targets: tuple[str, ...]

    def met(self, s: Situation) -> bool:
        state, geo = s.game.state, s.game.state.geometry
        for sq in self.targets:
            pid = s.pid_of(sq)
            if pid is None or state.square[pid] < 0 or state.square[pid] == geo.index(sq):
                return False
        return True

    def describe(self) -> str:
        return f"leave {' '.join(self.targets)}"

    def lost(self, s: Situation) -> bool:
        return not all(_on_board(s, sq) for sq in self.targets)

    def squares(self) -> tuple[str, ...]:
        return self.targets


@dataclass(frozen=True)
class Reveal(Goal):
    """The learner knows the rank of the enemy pieces that started on these squares.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"reveal": "f8"}).describe()
        'reveal f8'
    """

    targets: tuple[str, ...]

    def met(self, s: Situation) -> bool:
        state = s.game.state
        for sq in self.targets:
            pid = s.pid_of(sq)
            if pid is None or not state.known[pid]:
                return False
        return True

    def describe(self) -> str:
        return f"reveal {' '.join(self.targets)}"

    def squares(self) -> tuple[str, ...]:
        return self.targets


@dataclass(frozen=True)
class Win(Goal):
    """The learner has won (by ``termination``, a termination id, if given).

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"win": "flag-captured"})
        Win(termination='flag-captured')
    """

    termination: str | None = None

    def met(self, s: Situation) -> bool:
        outcome = s.game.outcome
        return outcome is not None and outcome.winner == s.learner and (
            self.termination is None or outcome.termination.value == self.termination)

    def describe(self) -> str:
        return f"win {self.termination or ''}".strip()


@dataclass(frozen=True)
class Survive(Goal):
    """The learner made ``moves`` moves in this step and has not lost.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"survive": 2})
        Survive(moves=2)
    """

    moves: int

    def met(self, s: Situation) -> bool:
        outcome = s.game.outcome
        return s.actions >= self.moves and (outcome is None or outcome.winner == s.learner)

    def describe(self) -> str:
        return f"survive {self.moves}"

    def lost(self, s: Situation) -> bool:
        outcome = s.game.outcome
        return outcome is not None and outcome.winner != s.learner


@dataclass(frozen=True)
class Refused(Goal):
    """The learner tried a move that the rules refuse with this rule id.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"refused": "immovable"})
        Refused(rule='immovable')
    """

    rule: str

    def met(self, s: Situation) -> bool:
        return s.refused_rule == self.rule

    def describe(self) -> str:
        return f"refused {self.rule}"


@dataclass(frozen=True)
class Answer(Goal):
    """The learner chose this answer of a question step.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"answer": "marshal"})
        Answer(choice='marshal')
    """

    choice: str

    def met(self, s: Situation) -> bool:
        return s.answer == self.choice

    def describe(self) -> str:
        return f"answer {self.choice}"


@dataclass(frozen=True)
class Rescue(Goal):
    """The learner's last move rescued a piece (of ``kind``, if given).

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"rescue": "captain"})
        Rescue(kind='captain')
    """

    kind: str | None = None

    def met(self, s: Situation) -> bool:
        history = s.game.state.history
        if not history or s.actions == 0:
            return False
        for move in reversed(s.game.moves):
            if move.rescue is not None:
                return self.kind is None or move.rescue[0] == self.kind
        return False

    def describe(self) -> str:
        return f"rescue {self.kind or ''}".strip()


def _flag_square(s: Situation) -> str | None:
    return next((sq for sq, kind in s.placements.items() if kind == "flag"), None)


def _neighbours(game: Game, square: str) -> list[str]:
    geo = game.state.geometry
    return [geo.name(sq) for sq in geo.neighbours[geo.index(square)]]


@dataclass(frozen=True)
class SetupCheck(Goal):
    """A check of a setup step's placements: ``placed``, ``flag_back_row``, ``flag_guarded``,
    ``bomb_beside_flag`` or ``valid_setup``.

    :meth:`refuses` tells, before a placement is made, whether it can no longer lead to the goal.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"placed": True, "flag_guarded": True}).describe()
        'all(placed, flag_guarded)'
    """

    check: str

    def met(self, s: Situation) -> bool:
        game, flag = s.game, _flag_square(s)
        if self.check == "placed":
            return s.tray_left == 0
        if self.check == "valid_setup":
            own = {sq: kind for sq, (owner, kind) in game.pieces().items() if owner == s.learner}
            try:
                validate_setup(game.rules, s.learner, own)
            except SetupError:
                return False
            return True
        if flag is None:
            return False
        if self.check == "flag_back_row":
            return flag in _back_row(game, s.learner)
        near = [game.piece_at(sq) for sq in _neighbours(game, flag)]
        if self.check == "flag_guarded":
            return all(p is not None and p == (s.learner, "bomb") for p in near)
        return any(p == (s.learner, "bomb") for p in near)  # bomb_beside_flag

    def refuses(self, game: Game, learner: str, placements: Mapping[str, str],
                kind: str, square: str) -> bool:
        """Whether placing ``kind`` on ``square`` makes this check impossible to pass.

        Example:
            >>> game = Game.from_pieces("barrage", {})
            >>> SetupCheck("flag_back_row").refuses(game, "red", {}, "flag", "a2")
            True
        """
        if self.check == "flag_back_row":
            return kind == "flag" and square not in _back_row(game, learner)
        if self.check == "flag_guarded":
            flag = square if kind == "flag" else next(
                (sq for sq, k in placements.items() if k == "flag"), None)
            if flag is None:
                return False
            if kind == "flag":
                return any(placements.get(sq, "bomb") != "bomb" or (
                    game.piece_at(sq) not in (None, (learner, "bomb")))
                    for sq in _neighbours(game, flag))
            return kind != "bomb" and square in _neighbours(game, flag)
        return False

    def describe(self) -> str:
        return self.check


def _back_row(game: Game, player: str) -> set[str]:
    geo = game.state.geometry
    row = 0 if player == "red" else geo.height - 1
    return {geo.name(sq) for sq in geo.rank_squares(row)}


@dataclass(frozen=True)
class AllOf(Goal):
    """Every goal inside is met.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> len(parse_goal({"reach": "e5", "survive": 2}).leaves())
        2
    """

    goals: tuple[Goal, ...]

    def met(self, s: Situation) -> bool:
        return all(goal.met(s) for goal in self.goals)

    def describe(self) -> str:
        return f"all({', '.join(goal.describe() for goal in self.goals)})"

    def lost(self, s: Situation) -> bool:
        return any(goal.lost(s) for goal in self.goals)

    def squares(self) -> tuple[str, ...]:
        return tuple(sq for goal in self.goals for sq in goal.squares())

    def leaves(self) -> tuple[Goal, ...]:
        return tuple(leaf for goal in self.goals for leaf in goal.leaves())


@dataclass(frozen=True)
class AnyOf(AllOf):
    """At least one goal inside is met.

    Example:
        >>> from stratego_widget.lessons.model.goal_reading import parse_goal
        >>> parse_goal({"any": [{"win": True}, {"survive": 3}]}).describe()
        'any(win, survive 3)'
    """

    def met(self, s: Situation) -> bool:
        return any(goal.met(s) for goal in self.goals)

    def describe(self) -> str:
        return f"any({', '.join(goal.describe() for goal in self.goals)})"

    def lost(self, s: Situation) -> bool:
        return all(goal.lost(s) for goal in self.goals)
