"""The state of a game, and the only code that changes it.

A :class:`Position` owns the board, the pieces (kind, owner, square, the moved and known
flags), the side to move, the history of plies as :class:`HistoryEntry` records, the position
hash (for the more-squares rule), the chase in progress and the rescues made. :meth:`~Position.make`
plays an encoded legal move and :meth:`~Position.unmake` takes the last one back; nothing else
writes to the state. Everything else reads it through the read-only attributes documented on
the class (typed as ``Sequence`` so a type checker refuses a write).

The state is kept in flat lists indexed by square or by piece id (``pid``, from 1; 0 is an
empty square and -1 a lake on the board; a captured piece has square -1), so the hot path
creates no object per ply beyond one history record.

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> from stratego_widget.engine.moves import encode
    >>> rules = ruleset("barrage")
    >>> sq = rules.geometry.index
    >>> position = Position(rules, {sq("a1"): (0, 0), sq("b2"): (0, 4), sq("j10"): (1, 0)})
    >>> position.make(encode(sq("b2"), sq("b6"))) is None
    True
    >>> position.ply, position.to_move, position.known[position.board[sq("b6")]]
    (1, 1, True)
    >>> position.unmake().code == encode(sq("b2"), sq("b6"))
    True
    >>> position.ply, position.board[sq("b2")] > 0
    (0, True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import pieces as P
from .combat import strike_outcome
from .errors import SetupError
from .moves import (
    ACTION_MASK,
    ACTION_SHIFT,
    GUESS_SHIFT,
    KIND_MASK,
    MOVE,
    PASS_CODE,
    RESCUE_SHIFT,
    SQUARE_MASK,
    STRIKE,
    TARGET_SHIFT,
    rescue_of,
)
from .outcome import Outcome, Termination
from .rulesets import Ruleset


@dataclass(frozen=True, slots=True)
class Chase:
    """A chase in progress (the more-squares rule): chaser, threatened pieces, positions seen.

    ``positions`` are hashes of the positions after each chasing move; ``evaded`` is true once
    the opponent moved the threatened piece away; ``came_from`` is the square the chaser left on
    its last move.

    Example:
        >>> Chase(3, frozenset({44}), (123,), False, 10).evaded
        False
    """

    chaser: int
    chased: frozenset[int]
    positions: tuple[int, ...]
    evaded: bool
    came_from: int


class RescueState(NamedTuple):
    """Rescues made so far: how many by each player, and which pieces made one.

    Example:
        >>> RescueState((1, 0), frozenset({7})).counts[0]
        1
    """

    counts: tuple[int, int]
    rescuers: frozenset[int]


#: A piece as it was before a ply changed it, for :meth:`Position.unmake`:
#: ``(pid, square, moved, known)``. A plain tuple: one or two are made on every ply.
SavedPiece = tuple[int, int, bool, bool]


class HistoryEntry(NamedTuple):
    """One ply: the move's code, the piece that moved, what the ply changed and revealed.

    ``strike`` is ``"attacker"``, ``"defender"`` or ``"both"`` (who won a strike), ``"spotted"``
    or ``"missed"`` (a 2013 spot), or ``None`` for a plain move; ``defender`` is the pid that was
    struck or spotted (0 for none); ``silent`` is true when Silent Defense kept the defender's
    rank from the attacker. ``saved``, ``hash``, ``chase`` and ``rescues`` are the state before
    the ply.

    Example:
        >>> entry = HistoryEntry(5, 1, (), 0, None, RescueState((0, 0), frozenset()),
        ...                      None, 0, False)
        >>> entry.code, entry.strike
        (5, None)
    """

    code: int
    pid: int
    saved: tuple[SavedPiece, ...]
    hash: int
    chase: Chase | None
    rescues: RescueState
    strike: str | None
    defender: int
    silent: bool


_NO_RESCUES = RescueState((0, 0), frozenset())
_new_tuple = tuple.__new__

#: A piece on the board: ``(player, kind)`` or ``(player, kind, moved, known)``.
PieceSpec = tuple[int, int] | tuple[int, int, bool, bool]
#: A piece off the board: ``(player, kind)`` or ``(player, kind, known)``.
CapturedSpec = tuple[int, int] | tuple[int, int, bool]


@functools.cache
def _zobrist(size: int) -> tuple[int, ...]:
    """Random keys for the position hash, one per player, kind and square (made once per size)."""
    rng = random.Random(0x5EED)
    return tuple(rng.getrandbits(62) for _ in range(2 * 13 * size))


class Position:
    """The state of a game; :meth:`make` and :meth:`unmake` are the only ways to change it.

    ``placement`` maps square index to ``(player, kind)`` or ``(player, kind, moved, known)``;
    ``captured`` lists pieces already off the board as ``(player, kind)`` or
    ``(player, kind, known)``. ``start_ply`` and ``rescue_counts`` continue a game written as
    a position string. Read-only attributes: ``rules``, ``geometry``, ``width``; per square
    ``board`` (pid, 0 empty, -1 lake); per pid ``kind``, ``owner``, ``square`` (-1 when
    captured), ``moved``, ``known`` (the owner's opponent knows its rank); ``pieces`` (pids of
    each player); ``history``; ``movable`` (kinds that move in this ruleset); ``back_row``
    (squares of the enemy back row, per player); ``initial`` (each pid's owner, kind and square
    at the start).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> position = Position(ruleset("duel"), {0: (0, 0), 99: (1, 0)})
        >>> position.owner[position.board[99]], position.to_move
        (1, 0)
    """

    def __init__(self, rules: Ruleset, placement: Mapping[int, PieceSpec],
                 to_move: int = P.RED, captured: Iterable[CapturedSpec] = (), *,
                 start_ply: int = 0, rescue_counts: tuple[int, int] = (0, 0)) -> None:
        geo = rules.geometry
        self.rules = rules
        self.geometry = geo
        self.width = geo.width
        size = geo.size
        self._board: list[int] = [-1 if sq in geo.lakes else 0 for sq in range(size)]
        self._kind: list[int] = [-1]
        self._owner: list[int] = [-1]
        self._square: list[int] = [-1]
        self._moved: list[bool] = [False]
        self._known: list[bool] = [False]
        self._pieces: tuple[list[int], list[int]] = ([], [])
        for sq, spec in sorted(placement.items()):
            if not 0 <= sq < size or sq in geo.lakes:
                raise SetupError("setup-square", f"A piece cannot stand on square index {sq}.")
            self._add_piece(spec[0], spec[1], sq, *spec[2:])
        for off in captured:
            self._add_piece(off[0], off[1], -1, False, *off[2:])
        self.initial: tuple[tuple[int, int, int], ...] = tuple(
            (self._owner[pid], self._kind[pid], self._square[pid])
            for pid in range(1, len(self._kind))
        )
        self.first_player = to_move
        self._to_move = to_move
        self._history: list[HistoryEntry] = []
        self.start_ply = start_ply
        self._rescues = RescueState(rescue_counts, frozenset()) if any(rescue_counts) \
            else _NO_RESCUES
        self._chase: Chase | None = None
        self._zobrist = _zobrist(size)
        # Where each piece's keys start in the table: zkey(pid, sq) is _zobrist[_zbase[pid] + sq].
        self._zbase = tuple((owner * 13 + kind) * size
                            for owner, kind in zip(self._owner, self._kind, strict=True))
        self._hash = 0
        self._track = rules.more_squares_rule
        if self._track:
            for pid in range(1, len(self._kind)):
                if self._square[pid] >= 0:
                    self._hash ^= self.zkey(pid, self._square[pid])
        movable = set(range(P.SPY, P.MARSHAL + 1))
        if rules.moving_bombs:
            movable.add(P.BOMB)
        if rules.moving_flag:
            movable.add(P.FLAG)
        self.movable: frozenset[int] = frozenset(movable)
        self.back_row: tuple[frozenset[int], frozenset[int]] = (
            frozenset(range(size - self.width, size)),  # Red reaches Blue's back row
            frozenset(range(self.width)),
        )
        self._bind()

    def _bind(self) -> None:
        """Expose the state lists under their read-only names (the same list objects)."""
        self.board: Sequence[int] = self._board
        self.kind: Sequence[int] = self._kind
        self.owner: Sequence[int] = self._owner
        self.square: Sequence[int] = self._square
        self.moved: Sequence[bool] = self._moved
        self.known: Sequence[bool] = self._known
        self.pieces: tuple[Sequence[int], Sequence[int]] = self._pieces
        self.history: Sequence[HistoryEntry] = self._history

    def _add_piece(self, player: int, kind: int, sq: int, moved: bool = False,
                   known: bool = False) -> None:
        if player not in (P.RED, P.BLUE) or not P.FLAG <= kind <= P.MARSHAL:
            raise SetupError("setup-piece", f"No such piece: player {player!r}, kind {kind!r}.")
        pid = len(self._kind)
        self._kind.append(kind)
        self._owner.append(player)
        self._square.append(sq)
        self._moved.append(moved)
        self._known.append(known)
        self._pieces[player].append(pid)
        if sq >= 0:
            if self._board[sq] != 0:
                raise SetupError("setup-square",
                                 f"Two pieces on {self.geometry.name(sq)}.")
            self._board[sq] = pid

    def copy(self) -> Position:
        """An independent copy, history included.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> position = Position(ruleset("duel"), {0: (0, 0), 99: (1, 0)})
            >>> position.copy().board == position.board
            True
        """
        clone = Position.__new__(Position)
        clone.__setstate__(self.__getstate__())
        return clone

    def __getstate__(self) -> dict[str, Any]:
        """The position's state with its lists copied (also what ``pickle`` keeps)."""
        state = dict(self.__dict__)
        for name in ("_board", "_kind", "_owner", "_square", "_moved", "_known", "_history"):
            state[name] = list(state[name])
        state["_pieces"] = (list(self._pieces[0]), list(self._pieces[1]))
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind()

    # ------------------------------------------------------------------ read-only state

    @property
    def to_move(self) -> int:
        """The player to move: 0 Red, 1 Blue.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Position(ruleset("duel"), {}, to_move=1).to_move
            1
        """
        return self._to_move

    @property
    def ply(self) -> int:
        """Plies played so far.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Position(ruleset("duel"), {}).ply
            0
        """
        return self.start_ply + len(self._history)

    @property
    def hash(self) -> int:
        """The position hash (kept only when the more-squares rule is in play; else 0).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Position(ruleset("original"), {0: (0, 0)}).hash != 0
            True
        """
        return self._hash

    @property
    def chase(self) -> Chase | None:
        """The chase in progress, for the more-squares rule.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Position(ruleset("original"), {}).chase is None
            True
        """
        return self._chase

    @property
    def rescues(self) -> RescueState:
        """Rescues made so far.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Position(ruleset("original+rescue"), {}).rescues.counts
            (0, 0)
        """
        return self._rescues

    def zkey(self, pid: int, sq: int) -> int:
        """The hash key of piece ``pid`` standing on ``sq``.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> position = Position(ruleset("original"), {0: (0, 0)})
            >>> position.zkey(1, 0) == position.hash
            True
        """
        return self._zobrist[self._zbase[pid] + sq]

    def front(self, sq: int, player: int) -> int:
        """The square directly in front of ``sq`` as ``player`` faces (may be off the board).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> position = Position(ruleset("duel"), {})
            >>> position.front(12, 0), position.front(12, 1)
            (22, 2)
        """
        return sq + (self.width if player == P.RED else -self.width)

    def move_reveals(self, k: int, origin: int, target: int) -> bool:
        """Whether a plain move of a piece of kind ``k`` proves its rank to the opponent.

        A move of three or more squares proves a Scout; a two-square move proves a Scout unless
        Captains also move two squares (Ultimate Lightning), and a turning two-square move
        proves a Captain.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> position = Position(ruleset("original"), {})
            >>> position.move_reveals(P.SCOUT, 0, 30), position.move_reveals(P.MAJOR, 0, 10)
            (True, False)
        """
        width = self.width
        df = abs(origin % width - target % width)
        dr = abs(origin // width - target // width)
        distance = df + dr
        if distance <= 1:
            return False
        if df and dr:
            return True  # a turn: only an Ultimate Lightning Captain does that
        if distance >= 3:
            return True
        return not self.rules.captain_two_squares

    # ------------------------------------------------------------------ make and unmake

    def make(self, code: int) -> Outcome | None:
        """Play an encoded legal move (not validated: the caller checked legality).

        Returns the outcome when the move itself ends the game (a Flag captured or spotted, a
        Moving Flag home, the ruleset's move limit), else ``None``; a game that ends because
        the next player cannot move is found by the move generator.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> from stratego_widget.engine.moves import encode
            >>> position = Position(ruleset("duel"), {0: (0, 11), 10: (1, 0), 99: (1, 0)})
            >>> position.make(encode(0, 10, STRIKE))
            Outcome(winner='red', termination=<Termination.FLAG_CAPTURED: 'flag-captured'>)
        """
        rules = self.rules
        board, kind, square = self._board, self._kind, self._square
        moved, known = self._moved, self._known
        origin = code & SQUARE_MASK
        target = code >> TARGET_SHIFT & SQUARE_MASK
        action = code >> ACTION_SHIFT & ACTION_MASK
        p = self._to_move
        pid = board[origin]
        k = kind[pid]
        saved: list[SavedPiece] = [(pid, origin, moved[pid], known[pid])]
        old_hash = self._hash
        old_chase = self._chase
        old_rescues = self._rescues
        strike: str | None = None
        defender = 0
        silent = False
        track = self._track
        result: Outcome | None = None
        zob, zbase = self._zobrist, self._zbase
        h = old_hash
        if track:
            h ^= zob[zbase[pid] + origin]
        board[origin] = 0
        if action == MOVE:
            board[target] = pid
            square[pid] = target
            moved[pid] = True
            if track:
                h ^= zob[zbase[pid] + target]
            if not known[pid] and self.move_reveals(k, origin, target):
                known[pid] = True
            if code >> RESCUE_SHIFT:
                rescued, place = rescue_of(code)
                rpid = self._rescue(p, pid, rescued, place, saved)
                if track:
                    h ^= zob[zbase[rpid] + place]
            if k == P.FLAG and target in self.back_row[p]:
                result = Outcome(P.PLAYER_NAMES[p], Termination.FLAG_REACHED)
        elif action == STRIKE:
            defender = board[target]
            dk = kind[defender]
            saved.append((defender, target, moved[defender], known[defender]))
            strike = strike_outcome(k, dk, rules)
            known[pid] = True
            silent = rules.silent_defense and not (
                k == P.SCOUT and rules.silent_defense_scout_exception)
            if not silent or (strike != "defender" and rules.captured_public):
                known[defender] = True  # declared, or shown in the public tray once captured
            moved[pid] = True
            if track:
                h ^= zob[zbase[defender] + target]
            if strike == "attacker":
                square[defender] = -1
                board[target] = pid
                square[pid] = target
                if track:
                    h ^= zob[zbase[pid] + target]
                if dk == P.FLAG:
                    result = Outcome(P.PLAYER_NAMES[p], Termination.FLAG_CAPTURED)
            elif strike == "defender":
                square[pid] = -1
                if rules.winning_defender_moves_in and dk != P.BOMB:
                    board[target] = 0
                    board[origin] = defender
                    square[defender] = origin
                    moved[defender] = True
                    if track:
                        h ^= zob[zbase[defender] + origin]
                elif track:
                    h ^= zob[zbase[defender] + target]
            else:
                square[pid] = -1
                square[defender] = -1
                board[target] = 0
        else:  # SPOT
            board[target] = pid
            square[pid] = target
            if target != origin:
                moved[pid] = True
            known[pid] = True
            if track:
                h ^= zob[zbase[pid] + target]
            front = self.front(target, p)
            defender = board[front]
            saved.append((defender, front, moved[defender], known[defender]))
            if kind[defender] == code >> GUESS_SHIFT & KIND_MASK:
                strike = "spotted"
                known[defender] = True
                square[defender] = -1
                board[front] = 0
                if track:
                    h ^= zob[zbase[defender] + front]
                if kind[defender] == P.FLAG:
                    result = Outcome(P.PLAYER_NAMES[p], Termination.FLAG_CAPTURED)
            else:
                strike = "missed"
                known[defender] = True  # 2013: "Your opponent must reveal the piece's rank."
        self._hash = h
        self._history.append(_new_tuple(HistoryEntry, (  # HistoryEntry(...) without its
            code, pid, tuple(saved), old_hash, old_chase,  # Python-level __new__: hot path
            old_rescues, strike, defender, silent)))
        self._to_move = 1 - p
        if track:
            self._chase = self._next_chase(p, pid, origin, action)
        if result is None and rules.max_plies is not None:
            result = self._move_limit()
        return result

    def make_pass(self) -> Outcome | None:
        """Give the turn to the other side, moving no piece: a lesson device, never a legal move.

        The history records it (code :data:`~stratego_widget.engine.moves.PASS_CODE`, pid 0,
        nothing saved); the hash, the chase and the rescues stay as they are, and
        :meth:`unmake` takes it back. Returns the ruleset's move limit if it is reached.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> position = Position(ruleset("duel"), {0: (0, 0), 99: (1, 0)})
            >>> position.make_pass(), position.to_move, position.ply
            (None, 1, 1)
            >>> position.unmake().code == PASS_CODE, position.to_move
            (True, 0)
        """
        self._history.append(HistoryEntry(PASS_CODE, 0, (), self._hash, self._chase,
                                          self._rescues, None, 0, False))
        self._to_move ^= 1
        return self._move_limit()

    def _move_limit(self) -> Outcome | None:
        """The ruleset's move limit, when the plies played reach it."""
        limit = self.rules.max_plies
        reached = limit is not None and self.start_ply + len(self._history) >= limit
        return Outcome(None, Termination.MOVE_LIMIT) if reached else None

    def unmake(self) -> HistoryEntry:
        """Take back the last ply and return its record.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Position(ruleset("duel"), {}).unmake()
            Traceback (most recent call last):
            ...
            IndexError: pop from empty list
        """
        entry = self._history.pop()
        board, square, moved, known = self._board, self._square, self._moved, self._known
        saved = entry.saved
        for piece in saved:
            current = square[piece[0]]
            if current >= 0:
                board[current] = 0
        for pid, sq, was_moved, was_known in saved:
            square[pid] = sq
            moved[pid] = was_moved
            known[pid] = was_known
            if sq >= 0:
                board[sq] = pid
        self._hash = entry.hash
        self._chase = entry.chase
        self._rescues = entry.rescues
        self._to_move ^= 1
        return entry

    def _rescue(self, p: int, pid: int, rescue_kind: int, sq: int,
                saved: list[SavedPiece]) -> int:
        """Rescue: return a captured piece of ``rescue_kind`` to ``sq``; return its pid."""
        for rpid in self._pieces[p]:
            if self._square[rpid] < 0 and self._kind[rpid] == rescue_kind:
                break
        else:  # pragma: no cover - legal-move generation only offers captured kinds
            raise SetupError("rescue", "No such piece to rescue.")
        saved.append((rpid, -1, self._moved[rpid], self._known[rpid]))
        self._board[sq] = rpid
        self._square[rpid] = sq
        self._moved[rpid] = False
        self._known[rpid] = True
        counts, rescuers = self._rescues
        new_counts = (counts[0] + 1, counts[1]) if p == P.RED else (counts[0], counts[1] + 1)
        self._rescues = RescueState(new_counts, rescuers | {pid})
        return rpid

    def _next_chase(self, p: int, pid: int, origin: int, action: int) -> Chase | None:
        """The chase after player ``p`` moved piece ``pid`` (the more-squares rule's state).

        A chase starts when a piece moves next to enemy pieces; it continues while the
        opponent moves the threatened piece away and the chaser follows it next to it again.
        Which moves the chase forbids is decided in :mod:`~stratego_widget.engine.repetition`.
        """
        if action != MOVE:
            return None
        chase = self._chase
        target = self._square[pid]
        board, owner = self._board, self._owner
        neighbours = self.geometry.neighbours
        if chase is not None:
            if not chase.evaded and owner[chase.chaser] != p and pid in chase.chased:
                return Chase(chase.chaser, frozenset({pid}), chase.positions, True,
                             chase.came_from)
            if chase.evaded and pid == chase.chaser:
                (chased,) = chase.chased
                chased_sq = self._square[chased]
                if chased_sq >= 0 and chased_sq in neighbours[target]:
                    return Chase(pid, chase.chased, (*chase.positions, self._hash), False,
                                 origin)
        threatened = frozenset(
            board[t] for t in neighbours[target] if board[t] > 0 and owner[board[t]] != p
        )
        if threatened:
            return Chase(pid, threatened, (self._hash,), False, origin)
        return None

