"""The opponent of a lesson step: who answers a learner's move that no reply was scripted for.

A step's ``opponent`` names a built-in bot level (``"random"``, ``"beginner"``,
``"heuristic"``, ``"strong"``) or one of the lesson policies, which are plain enough for a
learner to read the board's answer:

* ``"capture"``: take what you can. Strike a piece known to lose to the striker, then an
  unknown piece; never a strike known to lose. With no strike, close in as ``"chase"`` does.
* ``"chase"``: bring the piece nearest to a learner's piece one square closer to it; strike
  only a piece known to lose to the striker.
* ``"guard-flag"``: the learner's piece nearest to our Flag is the threat; strike it when it is
  not known to win, else bring a piece between (the piece that gets nearest to it).
* ``"defend"``: defend itself and punish: take a piece known to lose to the striker (what is
  offered), else move a threatened piece (one beside a learner's piece not known to lose to
  it, or on the open line of a known Scout) to a square no learner's piece is beside, else
  close in as ``"chase"`` does. A move step without an ``opponent`` meets it once the learner
  leaves every answer of the step (see :func:`~stratego_widget.lessons.playing.step.propose`).

Every choice is made from the opponent's own observation (what its player may see), never
from the hidden ranks. Policies are deterministic (ties go to the first move in the
observation's order); a bot is seeded from the position, so a Retry of the same line meets the
same answers and a lesson's solution can be checked.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> game = Game.from_pieces("original", {"b2": "red scout", "b4": "blue captain",
    ...                                      "j9": "blue sergeant"})
    >>> str(game.play("b2-b3"))
    'b2-b3'
    >>> answer("capture", game)
    'b4xb3'
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable
from typing import Any

from ...bots.knowledge import square_of
from ...bots.registry import make_bot
from ...engine import pieces as P
from ...engine.combat import strike_outcome
from ...engine.game import Game
from ...engine.rulesets import Ruleset
from ..model.opponents import OPPONENTS, POLICIES, check_opponent

__all__ = ["DEFAULT_OPPONENT", "OPPONENTS", "POLICIES", "answer", "check_opponent"]

#: Who answers a learner who left every answer of a move step that names no ``opponent``.
DEFAULT_OPPONENT = "defend"

def answer(name: str, game: Game) -> str | None:
    """The move the opponent ``name`` plays for the side to move of ``game``, or None when
    that side has no legal move.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> game = Game.from_pieces("original", {"e2": "red major", "e6": "blue captain",
        ...                                      "j9": "blue flag"}, to_move="blue")
        >>> answer("chase", game)
        'e6-e5'
    """
    # The policies read the board and the moves; a bot may read the moves played too.
    observation = game.observation(game.to_move, history=name not in POLICIES)
    if not observation["legal_moves"]:
        return None
    if name in POLICIES:
        return _POLICY[name](observation, game.rules)
    seed = zlib.crc32(f"{name}|{game.position()}|{game.ply}".encode())
    return make_bot(check_opponent(name), seed=seed).choose(observation)


# ------------------------------------------------------------------ the policies

class _Board:
    """The opponent's view of the board: its pieces, the learner's, and what it knows."""

    def __init__(self, observation: dict[str, Any], rules: Ruleset) -> None:
        me = observation["player"]
        self.rules = rules
        self.moves: list[str] = observation["legal_moves"]
        self.mine: dict[str, int] = {}
        self.theirs: dict[str, int | None] = {}
        for square, piece in observation["board"].items():
            kind = P.kind_from_name(piece["kind"]) if piece["kind"] is not None else None
            if piece["owner"] == me:
                self.mine[square] = kind  # type: ignore[assignment]
            else:
                self.theirs[square] = kind

    def strike_worth(self, move: str) -> int:
        """2: the striker is known to win; 1: the target is unknown (or a tie);
        -1: known to lose; 0: not a strike."""
        origin, target = _ends(move)
        if target not in self.theirs:
            return 0
        defender = self.theirs[target]
        if defender is None:
            return 1
        result = strike_outcome(self.mine[origin], defender, self.rules)
        return 2 if result == "attacker" else -1 if result == "defender" else 1

    def closer(self, towards: list[str]) -> str | None:
        """The plain move that brings one of our pieces nearest to one of ``towards``
        (only a move that gets closer than the piece was)."""
        best: tuple[int, int] | None = None
        chosen = None
        for index, move in enumerate(self.moves):
            origin, target = _ends(move)
            if target in self.theirs or not towards:
                continue
            before = min(_distance(origin, square) for square in towards)
            after = min(_distance(target, square) for square in towards)
            if after >= before:
                continue
            key = (after, index)
            if best is None or key < best:
                best, chosen = key, move
        return chosen


@functools.cache
def _ends(move: str) -> tuple[str, str]:
    """A move's origin and target squares (a spot in place, ``e4!marshal``: the same square;
    kept, as the policies read the same moves over and over).

    Example:
        >>> _ends("b4xb3"), _ends("e4!marshal"), _ends("d9-d10+captain@c3")
        (('b4', 'b3'), ('e4', 'e4'), ('d9', 'd10'))
    """
    squares = move.replace("x", "-")
    for mark in "!+@":
        squares = squares.partition(mark)[0]
    origin, _, target = squares.partition("-")
    return origin, target or origin


@functools.cache
def _distance(a: str, b: str) -> int:
    """The number of steps between two squares, lakes aside (kept: the policies ask often).

    Example:
        >>> _distance("a1", "c4")
        5
    """
    (ax, ay), (bx, by) = square_of(a), square_of(b)
    return abs(ax - bx) + abs(ay - by)


def _best_strike(board: _Board, targets: set[str] | None = None) -> str | None:
    """The strike worth most (known wins first), never one known to lose; among ``targets``
    only, when given."""
    scored = [(board.strike_worth(move), -index, move) for index, move in enumerate(board.moves)
              if targets is None or _ends(move)[1] in targets]
    scored = [item for item in scored if item[0] > 0]
    return max(scored)[2] if scored else None


def _first(board: _Board) -> str:
    return board.moves[0]


def _chase(observation: dict[str, Any], rules: Ruleset) -> str:
    board = _Board(observation, rules)
    known_wins = {_ends(move)[1] for move in board.moves if board.strike_worth(move) == 2}
    return (_best_strike(board, known_wins) or board.closer(list(board.theirs))
            or _first(board))


def _capture(observation: dict[str, Any], rules: Ruleset) -> str:
    board = _Board(observation, rules)
    return _best_strike(board) or board.closer(list(board.theirs)) or _first(board)


def _guard_flag(observation: dict[str, Any], rules: Ruleset) -> str:
    board = _Board(observation, rules)
    flag = next((square for square, kind in board.mine.items() if kind == P.FLAG), None)
    if flag is None or not board.theirs:
        return _chase(observation, rules)
    threat = min(board.theirs, key=lambda square: (_distance(square, flag), square))
    return (_best_strike(board, {threat}) or board.closer([threat]) or _first(board))


def _threatened(board: _Board, square: str) -> bool:
    """Whether our piece on ``square`` can be struck next turn by a learner's piece that is
    not known to lose to it: one beside it, or a known Scout on an open straight line."""
    geometry = board.rules.geometry
    mine = board.mine[square]
    for near in (geometry.name(index) for index in geometry.neighbours[geometry.index(square)]):
        if near in board.theirs:
            enemy = board.theirs[near]
            if enemy is None or strike_outcome(enemy, mine, board.rules) != "defender":
                return True
    return any(board.theirs.get(other) == P.SCOUT for other in _open_line(board, square))


def _open_line(board: _Board, square: str) -> list[str]:
    """The first piece's square in each straight direction from ``square`` over empty
    squares (none across a lake), if any."""
    geometry = board.rules.geometry
    found = []
    for ray in geometry.rays[geometry.index(square)]:
        for index in ray:
            name = geometry.name(index)
            if name in board.mine or name in board.theirs:
                found.append(name)
                break
    return found


def _flee(board: _Board) -> str | None:
    """A move that takes a threatened piece of ours to a square no learner's piece is beside
    (the highest-ranking threatened piece first; the first such move in the observation's
    order)."""
    geometry = board.rules.geometry
    threatened = sorted((square for square, kind in board.mine.items()
                         if kind not in (P.BOMB, P.FLAG) and _threatened(board, square)),
                        key=lambda square: (-board.mine[square], square))
    for square in threatened:
        for move in board.moves:
            origin, target = _ends(move)
            if origin != square or target in board.theirs or target == origin:
                continue
            around = (geometry.name(i) for i in geometry.neighbours[geometry.index(target)])
            if not any(near in board.theirs for near in around):
                return move
    return None


def _defend(observation: dict[str, Any], rules: Ruleset) -> str:
    board = _Board(observation, rules)
    known_wins = {_ends(move)[1] for move in board.moves if board.strike_worth(move) == 2}
    return (_best_strike(board, known_wins) or _flee(board)
            or board.closer(list(board.theirs)) or _first(board))


_POLICY: dict[str, Callable[[dict[str, Any], Ruleset], str]] = {
    "capture": _capture, "chase": _chase, "guard-flag": _guard_flag, "defend": _defend,
}
