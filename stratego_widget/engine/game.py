"""The game: state, legal moves, play and undo, and results.

The state is kept in flat lists indexed by square or by piece id, so the hot path (generating
legal moves, playing and undoing) creates no per-ply objects beyond one history tuple. Every
rule is read from the :class:`~stratego_widget.engine.rulesets.Ruleset` value; where a rule is decided
is named in each helper's docstring (strikes in :mod:`~stratego_widget.engine.combat`, repetition in
:mod:`~stratego_widget.engine.repetition`, explanations of illegal moves in
:mod:`~stratego_widget.engine.explanations`).

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("barrage", seed=7)
    >>> game.to_move
    'red'
    >>> move = game.legal_moves()[0]
    >>> game.play(move) == move
    True
    >>> game.to_move, game.ply
    ('blue', 1)
    >>> game.undo() == move
    True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from . import pieces as P
from . import repetition
from .combat import strike_outcome
from .errors import IllegalMoveError, SetupError, StrategoError
from .moves import MOVE, SPOT, STRIKE, Move, decode
from .rulesets import Ruleset, ruleset

DRAW = 2
RESULT_NAMES = ("red", "blue", "draw")

_STRIKE_BIT = STRIKE << 14
_SPOT_BIT = SPOT << 14

# History entry fields (a tuple per ply, for speed).
H_CODE, H_PID, H_SAVED, H_HASH, H_CHASE, H_RESCUE, H_OUTCOME, H_DEFENDER, H_SILENT = range(9)


def _zobrist(size: int) -> list[int]:
    rng = random.Random(0x5EED)
    return [rng.getrandbits(62) for _ in range(2 * 13 * size)]


class Game:
    """A game of Stratego under one ruleset, from the first move to the result.

    Build one with :meth:`from_setups`, :meth:`random`, :meth:`from_pieces`,
    :meth:`from_stratados2` or :meth:`from_position`.

    Example:
        >>> game = Game.from_pieces("original", {"a1": "red flag", "a2": "red scout",
        ...                                      "j10": "blue flag", "j9": "blue spy"})
        >>> sorted(str(m) for m in game.legal_moves())[:3]
        ['a2-a10', 'a2-a3', 'a2-a4']
    """

    # ------------------------------------------------------------------ construction

    def __init__(self, rules: Ruleset | str, placement: Mapping[int, tuple[int, int]],
                 to_move: int = P.RED, captured: Iterable[tuple[int, int]] = ()) -> None:
        """Low-level constructor: ``placement`` maps square index to ``(player, kind)``.

        Prefer the named constructors; this one checks only squares, not armies.

        Example:
            >>> Game("barrage", {0: (0, 0), 99: (1, 0)}).piece_count("red")
            1
        """
        self.rules: Ruleset = ruleset(rules)
        geo = self.rules.geometry
        self._geo = geo
        self._width = geo.width
        size = geo.size
        self._board: list[int] = [-1 if sq in geo.lakes else 0 for sq in range(size)]
        self._kind: list[int] = [-1]
        self._owner: list[int] = [-1]
        self._square: list[int] = [-1]
        self._moved: list[bool] = [False]
        self._known: list[bool] = [False]
        self._pieces: tuple[list[int], list[int]] = ([], [])
        for sq, (player, kind) in sorted(placement.items()):
            if not 0 <= sq < size or sq in geo.lakes:
                raise SetupError("setup-square", f"A piece cannot stand on square index {sq}.")
            self._add_piece(player, kind, sq)
        for player, kind in captured:
            self._add_piece(player, kind, -1)
        self._initial: tuple[tuple[int, int, int], ...] = tuple(
            (self._owner[pid], self._kind[pid], self._square[pid])
            for pid in range(1, len(self._kind))
        )
        self._first_player = to_move
        self._to_move = to_move
        self._ply = 0
        self._history: list[tuple[Any, ...]] = []
        self._result: tuple[int, str] | None = None
        self._cache: list[int] | None = None
        self._rescue_state: tuple[tuple[int, int], frozenset[int]] = ((0, 0), frozenset())
        self._chase: repetition.Chase | None = None
        self._zobrist = _zobrist(size)
        self._hash = 0
        if self.rules.more_squares_rule:
            for pid in range(1, len(self._kind)):
                if self._square[pid] >= 0:
                    self._hash ^= self._zkey(pid, self._square[pid])
        self._setup_tables()

    def _add_piece(self, player: int, kind: int, sq: int) -> None:
        pid = len(self._kind)
        self._kind.append(kind)
        self._owner.append(player)
        self._square.append(sq)
        self._moved.append(False)
        self._known.append(False)
        self._pieces[player].append(pid)
        if sq >= 0:
            if self._board[sq] != 0:
                raise SetupError("setup-square", f"Two pieces on {self._geo.name(sq)}.")
            self._board[sq] = pid

    def _setup_tables(self) -> None:
        rules = self.rules
        movable = set(range(P.SPY, P.MARSHAL + 1))
        if rules.moving_bombs:
            movable.add(P.BOMB)
        if rules.moving_flag:
            movable.add(P.FLAG)
        self._movable = frozenset(movable)
        self._guess_kinds = rules.army_kinds
        width, size = self._width, self._geo.size
        self._back_row = (
            frozenset(range(size - width, size)),  # Red reaches Blue's back row
            frozenset(range(width)),
        )

    @classmethod
    def from_setups(cls, rules: Ruleset | str, red: Any, blue: Any) -> Game:
        """A new game from two setups, each validated against the army and setup area.

        A setup is a mapping of square name to kind name, or setup text (see
        :mod:`stratego_widget.engine.setups`).

        Example:
            >>> from stratego_widget.engine.setups import random_setup
            >>> game = Game.from_setups("duel", red=random_setup("duel", "red", seed=1),
            ...                         blue=random_setup("duel", "blue", seed=2))
            >>> game.piece_count("blue")
            10
        """
        from .setups import parse_setup, validate_setup

        rs = ruleset(rules)
        placement: dict[int, tuple[int, int]] = {}
        for player, setup in ((P.RED, red), (P.BLUE, blue)):
            pieces = parse_setup(rs, setup) if isinstance(setup, str) else setup
            validate_setup(rs, P.PLAYER_NAMES[player], pieces)
            for name, kind in pieces.items():
                placement[rs.geometry.index(name)] = (player, P.kind_from_name(kind))
        return cls(rs, placement)

    @classmethod
    def random(cls, rules: Ruleset | str, seed: int | None = None,
               style: str = "sensible") -> Game:
        """A new game with random setups for both sides (``style``: sensible or uniform).

        Example:
            >>> Game.random("original", seed=3).piece_count("red")
            40
        """
        from .setups import random_setup

        rng = random.Random(seed)
        rs = ruleset(rules)
        return cls.from_setups(
            rs, red=random_setup(rs, "red", seed=rng.getrandbits(32), style=style),
            blue=random_setup(rs, "blue", seed=rng.getrandbits(32), style=style),
        )

    @classmethod
    def from_pieces(cls, rules: Ruleset | str, pieces: Mapping[str, Any],
                    to_move: str = "red", captured: Mapping[str, Iterable[str]] | None = None
                    ) -> Game:
        """A position with any pieces, for lessons, puzzles and tests.

        ``pieces`` maps square names to ``"red scout"`` or ``("red", "scout")``;
        ``captured`` lists pieces already off the board, e.g. ``{"red": ["major"]}``.

        Example:
            >>> game = Game.from_pieces("original", {"d4": "red scout", "d8": "blue flag"})
            >>> game.piece_at("d4")
            ('red', 'scout')
        """
        rs = ruleset(rules)
        placement: dict[int, tuple[int, int]] = {}
        for name, spec in pieces.items():
            player_name, kind_name = spec.split() if isinstance(spec, str) else spec
            sq = rs.geometry.index(name)
            if sq in rs.geometry.lakes:
                raise SetupError("setup-square", f"{name} is in a lake; no piece can stand there.")
            placement[sq] = (P.player_from_name(player_name), P.kind_from_name(kind_name))
        off = [
            (P.player_from_name(player_name), P.kind_from_name(kind))
            for player_name, kinds in (captured or {}).items() for kind in kinds
        ]
        return cls(rs, placement, P.player_from_name(to_move), off)

    @classmethod
    def from_stratados2(cls, board: str, ruleset: Ruleset | str = "original") -> Game:
        """A new game from a 100-character StraDoS2 board string (10×10 rulesets).

        Example:
            >>> text = Game.random("original", seed=5).to_stratados2()
            >>> Game.from_stratados2(text).to_stratados2() == text
            True
        """
        from .notation import parse_stratados2

        rs = globals()["ruleset"](ruleset)
        return cls(rs, parse_stratados2(board, rs))

    @classmethod
    def from_position(cls, text: str, rules: Ruleset | str = "original") -> Game:
        """A game from a position string written by :meth:`position`.

        Example:
            >>> game = Game.random("barrage", seed=2)
            >>> _ = game.play(game.legal_moves()[0])
            >>> Game.from_position(game.position(), "barrage").position() == game.position()
            True
        """
        from .notation import parse_position

        return parse_position(text, ruleset(rules), cls)

    def copy(self) -> Game:
        """An independent copy, history included.

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> clone = game.copy()
            >>> _ = clone.play(clone.legal_moves()[0])
            >>> game.ply, clone.ply
            (0, 1)
        """
        clone = object.__new__(Game)
        clone.__dict__.update(self.__dict__)
        for name in ("_board", "_kind", "_owner", "_square", "_moved", "_known", "_history"):
            setattr(clone, name, list(getattr(self, name)))
        clone._pieces = (list(self._pieces[0]), list(self._pieces[1]))
        clone._cache = None
        return clone

    # ------------------------------------------------------------------ queries

    @property
    def to_move(self) -> str:
        """``"red"`` or ``"blue"``.

        Example:
            >>> Game.random("barrage", seed=1).to_move
            'red'
        """
        return P.PLAYER_NAMES[self._to_move]

    @property
    def ply(self) -> int:
        """Number of moves played so far.

        Example:
            >>> Game.random("barrage", seed=1).ply
            0
        """
        return self._ply

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (this may look at the legal moves once).

        Example:
            >>> Game.random("barrage", seed=1).is_over
            False
        """
        if self._result is None:
            self._legal_codes()
        return self._result is not None

    @property
    def winner(self) -> str | None:
        """``"red"``, ``"blue"``, ``"draw"`` or ``None`` while the game goes on.

        Example:
            >>> Game.from_pieces("original", {"a1": "red flag", "j10": "blue flag"}).winner
            'draw'
        """
        return RESULT_NAMES[self._result[0]] if self.is_over and self._result else None

    @property
    def result_reason(self) -> str | None:
        """Why the game ended: ``flag-captured``, ``flag-reached``, ``no-moves``,
        ``neither-can-move``, ``ply-limit``, ``resigned`` or ``None``.

        Example:
            >>> Game.from_pieces("original", {"a1": "red flag", "j10": "blue flag"}).result_reason
            'neither-can-move'
        """
        return self._result[1] if self.is_over and self._result else None

    def piece_at(self, square: str) -> tuple[str, str] | None:
        """The ``(player, kind)`` on a square, or ``None`` (the referee's view).

        Example:
            >>> Game.from_pieces("original", {"b2": "blue miner"}).piece_at("b2")
            ('blue', 'miner')
        """
        pid = self._board[self._geo.index(square)]
        if pid <= 0:
            return None
        return P.PLAYER_NAMES[self._owner[pid]], P.KIND_NAMES[self._kind[pid]]

    def pieces(self) -> dict[str, tuple[str, str]]:
        """Every piece on the board, by square name (the referee's view).

        Example:
            >>> len(Game.random("duel", seed=4).pieces())
            20
        """
        geo = self._geo
        return {
            geo.name(sq): (P.PLAYER_NAMES[self._owner[pid]], P.KIND_NAMES[self._kind[pid]])
            for sq, pid in enumerate(self._board) if pid > 0
        }

    def piece_count(self, player: str) -> int:
        """How many pieces a player still has on the board.

        Example:
            >>> Game.random("barrage", seed=1).piece_count("blue")
            8
        """
        p = P.player_from_name(player) if isinstance(player, str) else player
        return sum(1 for pid in self._pieces[p] if self._square[pid] >= 0)

    def captured(self, player: str) -> list[str]:
        """Kinds of a player's pieces that are off the board, strongest first (referee's view).

        Example:
            >>> Game.random("barrage", seed=1).captured("red")
            []
        """
        p = P.player_from_name(player)
        kinds = sorted((self._kind[pid] for pid in self._pieces[p] if self._square[pid] < 0),
                       reverse=True)
        return [P.KIND_NAMES[k] for k in kinds]

    def legal_moves(self) -> list[Move]:
        """Every move the side to move may play now (empty when the game is over).

        Example:
            >>> all(isinstance(m, Move) for m in Game.random("barrage", seed=1).legal_moves())
            True
        """
        geo = self._geo
        return [Move.from_code(code, geo) for code in self._legal_codes()]

    def is_legal(self, move: Move | str) -> bool:
        """Whether :meth:`play` would accept this move now.

        Example:
            >>> Game.random("barrage", seed=1).is_legal("a1-a9")
            False
        """
        try:
            self._code_of(move)
        except StrategoError:
            return False
        return True

    @property
    def moves(self) -> list[Move]:
        """The moves played so far.

        Example:
            >>> Game.random("barrage", seed=1).moves
            []
        """
        return [Move.from_code(entry[H_CODE], self._geo) for entry in self._history]

    # ------------------------------------------------------------------ playing

    def play(self, move: Move | str) -> Move:
        """Play a legal move given as a :class:`Move` or as text; return the move played.

        Raises :class:`IllegalMoveError` naming the rule when the move is not allowed; the game
        is then exactly as before.

        Example:
            >>> game = Game.from_pieces("original", {"d4": "red bomb", "a1": "red scout",
            ...                                      "j10": "blue flag", "j1": "blue scout"})
            >>> game.play("d4-d5")
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: A Bomb cannot move (Original: Moving).
        """
        code = self._code_of(move)
        self._apply(code)
        return Move.from_code(code, self._geo)

    def undo(self) -> Move | None:
        """Take back the last move and return it, or take back a resignation (returns None).

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> game.undo()
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: There is no move to take back.
        """
        if self._result is not None and self._result[1] == "resigned":
            self._result = None  # the resignation is taken back; the moves stay
            self._cache = None
            return None
        if not self._history:
            raise IllegalMoveError("undo", "There is no move to take back.")
        entry = self._history.pop()
        board, square, moved, known = self._board, self._square, self._moved, self._known
        saved = entry[H_SAVED]
        for pid, _sq, _mv, _kn in saved:
            current = square[pid]
            if current >= 0:
                board[current] = 0
        for pid, sq, mv, kn in saved:
            square[pid] = sq
            moved[pid] = mv
            known[pid] = kn
            if sq >= 0:
                board[sq] = pid
        self._hash = entry[H_HASH]
        self._chase = entry[H_CHASE]
        self._rescue_state = entry[H_RESCUE]
        self._to_move ^= 1
        self._ply -= 1
        self._result = None
        self._cache = None
        return Move.from_code(entry[H_CODE], self._geo)

    def resign(self, player: str | None = None) -> None:
        """The given player (default: the side to move) gives up; the other side wins.

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> game.resign("blue")
            >>> game.winner, game.result_reason
            ('red', 'resigned')
        """
        if self.is_over:
            raise IllegalMoveError("game-over", "The game is already over.")
        p = self._to_move if player is None else P.player_from_name(player)
        self._result = (1 - p, "resigned")
        self._cache = []

    # ------------------------------------------------------------------ internals

    def _zkey(self, pid: int, sq: int) -> int:
        return self._zobrist[(self._owner[pid] * 13 + self._kind[pid]) * self._geo.size + sq]

    def _code_of(self, move: Move | str) -> int:
        """The code of a legal move, or an IllegalMoveError explaining why it is not legal."""
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise IllegalMoveError("notation", f"A move must be a Move or text, not {move!r}.")
        geo = self._geo
        origin, target = geo.index(move.origin), geo.index(move.target)
        legal = self._legal_codes()
        for code in legal:
            o, t, action, guess, rescue_kind, rescue_square = decode(code)
            if o != origin or t != target:
                continue
            if (action == SPOT) != (move.guess is not None):
                continue
            if action == SPOT and P.KIND_NAMES[guess] != move.guess:
                continue
            if move.rescue is None and rescue_kind >= 0:
                continue
            if move.rescue is not None and (
                rescue_kind < 0 or P.KIND_NAMES[rescue_kind] != move.rescue[0]
                or geo.name(rescue_square) != geo.name(geo.index(move.rescue[1]))
            ):
                continue
            return code
        from .explanations import explain_illegal

        raise explain_illegal(self, move)

    def _legal_codes(self) -> list[int]:
        """Legal moves of the side to move, cached per position; detects the end of the game."""
        if self._cache is not None:
            return self._cache
        if self._result is not None:
            self._cache = []
            return self._cache
        p = self._to_move
        codes = self._generate(p)
        if not codes:
            if self._generate(1 - p):
                self._result = (1 - p, "no-moves")
            else:
                self._result = (DRAW, "neither-can-move")
        self._cache = codes
        return codes

    def _generate(self, p: int) -> list[int]:
        """All moves of player ``p`` as codes, with the repetition rules applied."""
        rules = self.rules
        board, owner, kind, square = self._board, self._owner, self._kind, self._square
        geo = self._geo
        neighbours, rays = geo.neighbours, geo.rays
        movable = self._movable
        scout_far = rules.scout_move_and_strike
        out: list[int] = []
        append = out.append
        for pid in self._pieces[p]:
            sq = square[pid]
            if sq < 0:
                continue
            k = kind[pid]
            if k not in movable:
                continue
            if k == P.SCOUT:
                for ray in rays[sq]:
                    first = True
                    for t in ray:
                        c = board[t]
                        if c == 0:
                            append(sq | t << 7)
                            first = False
                            continue
                        if owner[c] != p and (first or scout_far):
                            append(sq | t << 7 | _STRIKE_BIT)
                        break
                continue
            can_strike = k > P.BOMB
            for t in neighbours[sq]:
                c = board[t]
                if c == 0:
                    append(sq | t << 7)
                elif can_strike and owner[c] != p:
                    append(sq | t << 7 | _STRIKE_BIT)
            if k == P.CAPTAIN and rules.captain_two_squares:
                self._captain_moves(p, sq, append)
            elif k == P.SPOTTER:
                self._spot_moves(p, sq, append)
        if rules.rescue:
            out = self._with_rescues(p, out)
        return repetition.filter_moves(self, p, out)

    def _captain_moves(self, p: int, sq: int, append: Any) -> None:
        """Ultimate Lightning: a Captain's second step (straight on or turning, no jumping)."""
        board, owner, neighbours = self._board, self._owner, self._geo.neighbours
        seen: set[int] = set()
        for middle in neighbours[sq]:
            if board[middle] != 0:
                continue
            for t in neighbours[middle]:
                if t == sq or t in seen:
                    continue
                c = board[t]
                if c == 0:
                    seen.add(t)
                    append(sq | t << 7)
                elif owner[c] != p:
                    seen.add(t)
                    append(sq | t << 7 | _STRIKE_BIT)

    def _spot_moves(self, p: int, sq: int, append: Any) -> None:
        """2013: a Spotter may stay or move one square, then spot the square in front."""
        board, owner, neighbours = self._board, self._owner, self._geo.neighbours
        step = self._width if p == P.RED else -self._width
        for stand in (sq, *neighbours[sq]):
            if stand != sq and board[stand] != 0:
                continue
            front = stand + step
            if front not in neighbours[stand]:
                continue
            c = board[front]
            if c > 0 and owner[c] != p:
                base = sq | stand << 7 | _SPOT_BIT
                for guess in self._guess_kinds:
                    append(base | guess << 16)

    def _with_rescues(self, p: int, codes: list[int]) -> list[int]:
        """Rescue: add the rescuing variants of plain moves onto the enemy back row."""
        from .rescue import rescue_variants

        return rescue_variants(self, p, codes)

    def _apply(self, code: int) -> None:
        """Play an encoded legal move (no validation: the caller checked legality)."""
        rules = self.rules
        board, kind, square = self._board, self._kind, self._square
        moved, known = self._moved, self._known
        origin = code & 127
        target = code >> 7 & 127
        action = code >> 14 & 3
        p = self._to_move
        pid = board[origin]
        k = kind[pid]
        saved: list[tuple[int, int, bool, bool]] = [(pid, origin, moved[pid], known[pid])]
        old_hash = self._hash
        old_chase = self._chase
        old_rescue = self._rescue_state
        outcome: str | None = None
        defender = 0
        silent = False
        track = rules.more_squares_rule
        result: tuple[int, str] | None = None
        if track:
            self._hash ^= self._zkey(pid, origin)
        board[origin] = 0
        if action == MOVE:
            board[target] = pid
            square[pid] = target
            moved[pid] = True
            if track:
                self._hash ^= self._zkey(pid, target)
            if not known[pid] and self._move_reveals(k, origin, target):
                known[pid] = True
            rescue_kind = (code >> 20 & 15) - 1
            if rescue_kind >= 0:
                self._rescue(p, pid, rescue_kind, code >> 24 & 127, saved)
            if k == P.FLAG and target in self._back_row[p]:
                result = (p, "flag-reached")
        elif action == STRIKE:
            defender = board[target]
            dk = kind[defender]
            saved.append((defender, target, moved[defender], known[defender]))
            outcome = strike_outcome(k, dk, rules)
            known[pid] = True
            silent = rules.silent_defense and not (
                k == P.SCOUT and rules.silent_defense_scout_exception)
            if not silent or (outcome != "defender" and rules.captured_public):
                known[defender] = True  # declared, or shown in the public tray once captured
            moved[pid] = True
            if track:
                self._hash ^= self._zkey(defender, target)
            if outcome == "attacker":
                square[defender] = -1
                board[target] = pid
                square[pid] = target
                if track:
                    self._hash ^= self._zkey(pid, target)
                if dk == P.FLAG:
                    result = (p, "flag-captured")
            elif outcome == "defender":
                square[pid] = -1
                if rules.winning_defender_moves_in and dk != P.BOMB:
                    board[target] = 0
                    board[origin] = defender
                    square[defender] = origin
                    moved[defender] = True
                    if track:
                        self._hash ^= self._zkey(defender, origin)
                elif track:
                    self._hash ^= self._zkey(defender, target)
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
                self._hash ^= self._zkey(pid, target)
            front = target + (self._width if p == P.RED else -self._width)
            defender = board[front]
            saved.append((defender, front, moved[defender], known[defender]))
            if kind[defender] == code >> 16 & 15:
                outcome = "spotted"
                known[defender] = True
                square[defender] = -1
                board[front] = 0
                if track:
                    self._hash ^= self._zkey(defender, front)
                if kind[defender] == P.FLAG:
                    result = (p, "flag-captured")
            else:
                outcome = "missed"
        self._history.append((code, pid, tuple(saved), old_hash, old_chase, old_rescue,
                              outcome, defender, silent))
        self._to_move = 1 - p
        self._ply += 1
        self._cache = None
        if track:
            self._chase = repetition.update_chase(self, p, pid, origin, action, outcome)
        if result is None and rules.max_plies is not None and self._ply >= rules.max_plies:
            result = (DRAW, "ply-limit")
        self._result = result
        if result is not None:
            self._cache = []

    def _move_reveals(self, k: int, origin: int, target: int) -> bool:
        """Whether a move proves the piece's rank to the opponent.

        A move of three or more squares proves a Scout; a two-square move proves a Scout unless
        Captains also move two squares (Ultimate Lightning), and a turning two-square move
        proves a Captain.
        """
        width = self._width
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

    def _rescue(self, p: int, pid: int, rescue_kind: int, sq: int,
                saved: list[tuple[int, int, bool, bool]]) -> None:
        """Rescue: return a captured piece of ``rescue_kind`` to ``sq``."""
        for rpid in self._pieces[p]:
            if self._square[rpid] < 0 and self._kind[rpid] == rescue_kind:
                break
        else:  # pragma: no cover - legal-move generation only offers captured kinds
            raise IllegalMoveError("rescue", "No such piece to rescue.")
        saved.append((rpid, -1, self._moved[rpid], self._known[rpid]))
        self._board[sq] = rpid
        self._square[rpid] = sq
        self._moved[rpid] = False
        self._known[rpid] = True
        if self.rules.more_squares_rule:
            self._hash ^= self._zkey(rpid, sq)
        counts, rescuers = self._rescue_state
        new_counts = (counts[0] + 1, counts[1]) if p == P.RED else (counts[0], counts[1] + 1)
        self._rescue_state = (new_counts, rescuers | {pid})

    # ------------------------------------------------------------------ formats and views

    def observation(self, player: str, history: bool = True) -> dict[str, Any]:
        """Exactly what ``player`` knows, as plain JSON-serialisable data.

        See :mod:`stratego_widget.engine.observation` for the format; ``history=False`` leaves out the
        list of past moves (cheaper, for bots).

        Example:
            >>> obs = Game.random("barrage", seed=1).observation("red")
            >>> {p["kind"] for p in obs["board"].values() if p["owner"] == "blue"}
            {None}
        """
        from .observation import observe

        return observe(self, player, history)

    def position(self) -> str:
        """The position string (board, side to move, ply; see :mod:`stratego_widget.engine.notation`).

        Example:
            >>> Game.from_pieces("barrage", {"a1": "red flag", "j10": "blue flag"}).position()
            'F9/10/10/10/10/10/10/10/10/9f r 0'
        """
        from .notation import format_position

        return format_position(self)

    def to_stratados2(self) -> str:
        """The 100-character StraDoS2 board string (10×10 rulesets only).

        Example:
            >>> len(Game.random("original", seed=1).to_stratados2())
            100
        """
        from .notation import format_stratados2

        return format_stratados2(self)

    def to_svg(self, viewer: str = "both", size: int = 400, numbering: str | None = None) -> str:
        """A static SVG picture of the board as ``viewer`` sees it (red, blue or both).

        Example:
            >>> Game.random("barrage", seed=1).to_svg().startswith("<svg")
            True
        """
        from ..formats.svg import board_svg

        return board_svg(self, viewer=viewer, size=size, numbering=numbering)

    def _repr_svg_(self) -> str:
        """The board as a picture in a notebook (the referee's view)."""
        return self.to_svg()

    def _repr_html_(self) -> str:
        """The board picture with a caption, for HTML front ends (nbconvert, Colab).

        Example:
            >>> "<svg" in Game.random("duel", seed=1)._repr_html_()
            True
        """
        from html import escape

        caption = escape(f"{self.rules.title}, ply {self._ply}, " + (
            f"result: {self.winner} ({self.result_reason})" if self.is_over
            else f"{self.to_move} to move"))
        return f"<figure>{self.to_svg()}<figcaption>{caption}</figcaption></figure>"

    def __repr__(self) -> str:
        state = f"winner={self.winner!r}" if self.is_over else f"to_move={self.to_move!r}"
        return f"<Game {self.rules.spec} ply={self._ply} {state}>"

    def __str__(self) -> str:
        from .notation import board_text

        return board_text(self)
