"""The game: the friendly facade over the engine (python-chess's ``Board`` is the model).

A :class:`Game` holds a :class:`~stratego_widget.engine.position.Position` (the state, and the
only code that changes it) and adds what a person or a program wants: legal moves as readable
:class:`~stratego_widget.engine.moves.Move` values, ``play``/``undo``, ``copy()``, position text
in and out, and the typed :class:`~stratego_widget.engine.outcome.Outcome`. Where each rule is
decided: strikes in :mod:`~stratego_widget.engine.combat`, movement in
:mod:`~stratego_widget.engine.movegen`, repetition in :mod:`~stratego_widget.engine.repetition`,
a side that cannot move and an ending declared by the players in
:mod:`~stratego_widget.engine.ending`, explanations of illegal moves in
:mod:`~stratego_widget.engine.explanations`. A new game's pieces are read in
:mod:`~stratego_widget.engine.placements`, the referee's view of the board is
:mod:`~stratego_widget.engine.referee`'s, and pictures come from
:mod:`~stratego_widget.engine.display`.

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

import os
import pathlib
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from . import notation
from . import pieces as P
from .display import MAKERS, figure, needed, picture
from .ending import check_declared, may_pass, no_move_outcome
from .errors import IllegalMoveError, StrategoError
from .explanations import explain_illegal
from .movegen import generate
from .moves import PASS, Move, as_move, find_code
from .observation import observe
from .outcome import Outcome, Termination
from .placements import pieces_placement, setups_placement
from .position import CapturedSpec, HistoryEntry, PieceSpec, Position
from .referee import piece_on, pieces_left, pieces_on_board, pieces_taken
from .rulesets import Ruleset, ruleset
from .setups import random_setup


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

    def __init__(self, rules: Ruleset | str, placement: Mapping[int, PieceSpec],
                 to_move: int = P.RED, captured: Iterable[CapturedSpec] = ()) -> None:
        """Low-level constructor: ``placement`` maps square index to ``(player, kind)``.

        Prefer the named constructors; this one checks only squares, not armies.

        Example:
            >>> Game("barrage", {0: (0, 0), 99: (1, 0)}).piece_count("red")
            1
        """
        self._attach(Position(ruleset(rules), placement, to_move, captured))

    def _attach(self, position: Position, legal: list[int] | None = None) -> None:
        self.rules: Ruleset = position.rules
        self._position = position
        self._outcome: Outcome | None = None
        self._declared = False
        self._cache: list[int] | None = None if legal is None else list(legal)

    def __getstate__(self) -> dict[str, Any]:
        """The game's state: its position and how it ended (also what ``pickle`` keeps)."""
        return {"position": self._position, "outcome": self._outcome,
                "declared": self._declared}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self._attach(state["position"], state.get("legal"))
        self._outcome = state.get("outcome")
        self._declared = bool(state.get("declared", False))

    @classmethod
    def from_state(cls, position: Position) -> Game:
        """A game around an existing :class:`~stratego_widget.engine.position.Position`.

        Example:
            >>> game = Game.random("duel", seed=1)
            >>> Game.from_state(game.state.copy()).position() == game.position()
            True
        """
        game = cls.__new__(cls)
        game.__setstate__({"position": position})
        return game

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
        rs = ruleset(rules)
        return cls(rs, setups_placement(rs, red, blue))

    @classmethod
    def random(cls, rules: Ruleset | str, seed: int | None = None,
               style: str = "sensible") -> Game:
        """A new game with random setups for both sides (``style``: sensible or uniform).

        Example:
            >>> Game.random("original", seed=3).piece_count("red")
            40
        """
        rng = random.Random(seed)
        rs = ruleset(rules)
        return cls.from_setups(
            rs, red=random_setup(rs, "red", seed=rng.getrandbits(32), style=style),
            blue=random_setup(rs, "blue", seed=rng.getrandbits(32), style=style),
        )

    @classmethod
    def from_pieces(cls, rules: Ruleset | str, pieces: Mapping[str, Any],
                    to_move: str = "red", captured: Mapping[str, Iterable[str]] | None = None,
                    revealed: Iterable[str] = (), moved: Iterable[str] = ()) -> Game:
        """A position with any pieces, for lessons, puzzles and tests.

        ``pieces`` maps square names to ``"red scout"`` or ``("red", "scout")``;
        ``captured`` lists pieces already off the board, e.g. ``{"red": ["major"]}`` (both
        players know their ranks, unless Silent Defense keeps the trays hidden);
        ``revealed`` names the squares whose piece's rank its opponent already knows, and
        ``moved`` the squares whose piece has already moved (so is known not to be a Bomb or
        the Flag).

        Example:
            >>> game = Game.from_pieces("original", {"d4": "red scout", "d8": "blue major"},
            ...                         revealed=["d8"])
            >>> game.piece_at("d4")
            ('red', 'scout')
            >>> game.observation("red")["board"]["d8"]["kind"]
            'major'
        """
        rs = ruleset(rules)
        placement, off = pieces_placement(rs, pieces, captured, revealed, moved)
        return cls(rs, placement, P.player_from_name(to_move), off)

    @classmethod
    def from_stratados2(cls, board: str, ruleset: Ruleset | str = "original") -> Game:
        """A new game from a 100-character StraDoS2 board string (10×10 rulesets).

        Example:
            >>> text = Game.random("original", seed=5).to_stratados2()
            >>> Game.from_stratados2(text).to_stratados2() == text
            True
        """
        rs = _ruleset(ruleset)
        return cls(rs, notation.parse_stratados2(board, rs))

    @classmethod
    def from_position(cls, text: str, rules: Ruleset | str = "original") -> Game:
        """A game from a position string written by :meth:`position`.

        Example:
            >>> game = Game.random("barrage", seed=2)
            >>> _ = game.play(game.legal_moves()[0])
            >>> Game.from_position(game.position(), "barrage").position() == game.position()
            True
        """
        return cls.from_state(notation.parse_position(text, ruleset(rules)))

    def copy(self) -> Game:
        """An independent copy, its history and the legal moves found so far included.

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> clone = game.copy()
            >>> _ = clone.play(clone.legal_moves()[0])
            >>> game.ply, clone.ply
            (0, 1)
        """
        clone = Game.__new__(Game)
        clone.__setstate__({**self.__getstate__(), "position": self._position.copy(),
                            "legal": self._cache})
        return clone

    # ------------------------------------------------------------------ queries

    @property
    def state(self) -> Position:
        """The position core, read-only: board, pieces, flags and history records.

        For code that needs more than the public queries (bots, views, formats); only
        :meth:`play`, :meth:`undo` and the position itself change it.

        Example:
            >>> game = Game.random("duel", seed=1)
            >>> game.state.ply == game.ply
            True
        """
        return self._position

    @property
    def to_move(self) -> str:
        """``"red"`` or ``"blue"``.

        Example:
            >>> Game.random("barrage", seed=1).to_move
            'red'
        """
        return P.PLAYER_NAMES[self._position.to_move]

    @property
    def ply(self) -> int:
        """Number of moves played so far.

        Example:
            >>> Game.random("barrage", seed=1).ply
            0
        """
        return self._position.ply

    @property
    def history(self) -> Sequence[HistoryEntry]:
        """The plies played, as typed records (see :class:`~stratego_widget.engine.position.HistoryEntry`).

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> _ = game.play(game.legal_moves()[0])
            >>> game.history[0].strike is None
            True
        """
        return self._position.history

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on (this may generate moves once).

        Example:
            >>> Game.from_pieces("original", {"a1": "red flag", "j10": "blue flag"}).outcome
            Outcome(winner='blue', termination=<Termination.NEITHER_CAN_MOVE: 'neither-can-move'>)
        """
        if self._outcome is None:
            self.legal_codes()
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (this may look at the legal moves once).

        Example:
            >>> Game.random("barrage", seed=1).is_over
            False
        """
        return self.outcome is not None

    @property
    def winner(self) -> str | None:
        """``"red"``, ``"blue"``, ``"draw"`` or ``None`` while the game goes on.

        Example:
            >>> Game.from_pieces("original", {"a1": "red flag", "j10": "blue flag"}).winner
            'blue'
        """
        outcome = self.outcome
        return outcome.result() if outcome else None

    @property
    def result_reason(self) -> str | None:
        """The termination's id (``game.outcome.termination.value``) or ``None``.

        Example:
            >>> Game.from_pieces("original", {"a1": "red flag", "j10": "blue flag"}).result_reason
            'neither-can-move'
        """
        outcome = self.outcome
        return outcome.termination.value if outcome else None

    def piece_at(self, square: str) -> tuple[str, str] | None:
        """The ``(player, kind)`` on a square, or ``None`` (the referee's view).

        Example:
            >>> Game.from_pieces("original", {"b2": "blue miner"}).piece_at("b2")
            ('blue', 'miner')
        """
        return piece_on(self._position, square)

    def pieces(self) -> dict[str, tuple[str, str]]:
        """Every piece on the board, by square name (the referee's view).

        Example:
            >>> len(Game.random("duel", seed=4).pieces())
            20
        """
        return pieces_on_board(self._position)

    def piece_count(self, player: str) -> int:
        """How many pieces a player still has on the board.

        Example:
            >>> Game.random("barrage", seed=1).piece_count("blue")
            8
        """
        return pieces_left(self._position, player)

    def captured(self, player: str) -> list[str]:
        """Kinds of a player's pieces that are off the board, strongest first (referee's view).

        Example:
            >>> Game.random("barrage", seed=1).captured("red")
            []
        """
        return pieces_taken(self._position, player)

    def legal_moves(self) -> list[Move]:
        """Every move the side to move may play now (empty when the game is over).

        Example:
            >>> all(isinstance(m, Move) for m in Game.random("barrage", seed=1).legal_moves())
            True
        """
        geo = self._position.geometry
        return [Move.from_code(code, geo) for code in self.legal_codes()]

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
        geo = self._position.geometry
        return [Move.from_code(entry.code, geo) for entry in self._position.history]

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
        self.play_code(code)
        return Move.from_code(code, self._position.geometry)

    def undo(self) -> Move | None:
        """Take back the last move and return it, or take back a declared ending (returns None).

        A resignation, an agreed draw or a time-out (see :meth:`end`) is taken back first; the
        moves stay.

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> game.undo()
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: There is no move to take back.
        """
        if self._declared:
            self._outcome, self._declared, self._cache = None, False, None
            return None
        if not self._position.history:
            raise IllegalMoveError("undo", "There is no move to take back.")
        self._outcome = self._cache = None
        return Move.from_code(self._position.unmake().code, self._position.geometry)

    def pass_turn(self) -> None:
        """Give the turn to the other side, moving no piece: a lesson device (also for a side that
        cannot move), never a legal move. The history keeps it (``--``); :meth:`undo` takes it back.

        Example:
            >>> game = Game.random("barrage", seed=1); game.pass_turn()
            >>> game.to_move, [str(move) for move in game.moves], str(game.undo())
            ('blue', ['--'], '--')
        """
        if not may_pass(self.outcome):
            raise explain_illegal(self._position, PASS, self.outcome)
        self._outcome = self._position.make_pass()
        self._cache = [] if self._outcome is not None else None

    def resign(self, player: str | None = None) -> None:
        """The given player (default: the side to move) gives up; the other side wins.

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> game.resign("blue")
            >>> game.winner, game.result_reason
            ('red', 'resigned')
        """
        p = self._position.to_move if player is None else P.player_from_name(player)
        self.end(Outcome(P.PLAYER_NAMES[1 - p], Termination.RESIGNATION))

    def end(self, outcome: Outcome) -> None:
        """End the game for a reason outside the rules on the board: a resignation, a draw the
        players agreed, or a time-out. :meth:`undo` takes it back.

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> game.end(Outcome(None, Termination.AGREEMENT))
            >>> game.winner, game.result_reason
            ('draw', 'draw-agreed')
            >>> game.end(Outcome("red", Termination.FLAG_CAPTURED))
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: The game is already over.
        """
        if not isinstance(outcome, Outcome):
            raise IllegalMoveError("game-end", f"A game ends with an Outcome, not {outcome!r}.")
        if self.is_over:
            raise IllegalMoveError("game-over", "The game is already over.")
        check_declared(outcome)
        self._outcome, self._declared, self._cache = outcome, True, []

    # ------------------------------------------------------------------ the kernel path

    def legal_codes(self) -> list[int]:
        """Legal moves of the side to move as move codes (see :mod:`~stratego_widget.engine.moves`),
        cached per position; finds the end of the game. The fast path for bots and simulations.

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> len(game.legal_codes()) == len(game.legal_moves())
            True
        """
        if self._cache is not None:
            return self._cache
        if self._outcome is not None:
            self._cache = []
            return self._cache
        pos = self._position
        p = pos.to_move
        codes = generate(pos, p)
        if not codes:
            self._outcome = no_move_outcome(pos, p)
        self._cache = codes
        return codes

    def play_code(self, code: int) -> None:
        """Play a move code taken from :meth:`legal_codes` (not checked: the fast path).

        Example:
            >>> game = Game.random("barrage", seed=1)
            >>> game.play_code(game.legal_codes()[0])
            >>> game.ply
            1
        """
        self._outcome = self._position.make(code)
        self._cache = [] if self._outcome is not None else None

    def _code_of(self, move: Move | str) -> int:
        """The code of a legal move, or an IllegalMoveError explaining why it is not legal."""
        move = as_move(move)
        code = find_code(move, self.legal_codes(), self._position.geometry)
        if code is None:
            raise explain_illegal(self._position, move, self.outcome)
        return code

    # ------------------------------------------------------------------ formats and views

    def observation(self, player: str, history: bool | int = True) -> dict[str, Any]:
        """Exactly what ``player`` knows, as plain JSON-serialisable data.

        See :mod:`stratego_widget.engine.observation` for the format; ``history=False`` leaves out the
        list of past moves (cheaper, for bots), a number keeps only that many of its last plies.

        Example:
            >>> obs = Game.random("barrage", seed=1).observation("red")
            >>> {p["kind"] for p in obs["board"].values() if p["owner"] == "blue"}
            {None}
        """
        return observe(self._position, player, self.outcome, self.legal_moves(), history)

    def position(self) -> str:
        """The position string (board, side to move, ply; see :mod:`stratego_widget.engine.notation`).

        Example:
            >>> Game.from_pieces("barrage", {"a1": "red flag", "j10": "blue flag"}).position()
            'F9/10/10/10/10/10/10/10/10/9f r 0'
        """
        return notation.format_position(self._position)

    def to_stratados2(self) -> str:
        """The 100-character StraDoS2 board string (10×10 rulesets only).

        Example:
            >>> len(Game.random("original", seed=1).to_stratados2())
            100
        """
        return notation.format_stratados2(self._position)

    def to_svg(self, viewer: str = "both", size: int = 400, numbering: str | None = None,
               animate: bool = False, step: float = 1.0) -> str:
        """An SVG picture of the board as ``viewer`` sees it (red, blue or both).

        ``animate=True``: the game's replay as one animated SVG for slides (no script), one
        ply every ``step`` seconds, each position as ``viewer`` saw it then.

        Example:
            >>> Game.random("barrage", seed=1).to_svg().startswith("<svg")
            True
        """
        return picture(self._position, viewer, size, numbering, animate, step)

    def to_html(self, path: str | os.PathLike[str], viewer: str | None = None,
                lang: str = "en") -> pathlib.Path:
        """Write one self-contained HTML page of this game (a read-only board and its replay,
        as ``viewer`` sees it) to ``path`` and return the path; no kernel, no network needed.

        ``viewer`` is ``"red"``, ``"blue"`` or ``"both"`` (every rank shows). A finished game
        shows every rank by default, as at the end of a real game; a game still going on needs
        a viewer, so that a page handed out never shows an army by accident.

        Example:
            >>> import pathlib, tempfile
            >>> game = Game.random("duel", seed=1)
            >>> _ = game.play(game.legal_moves()[0])
            >>> folder = pathlib.Path(tempfile.mkdtemp())
            >>> game.to_html(folder / "game.html")
            Traceback (most recent call last):
            ...
            stratego_widget.StrategoError: The game is still going on: say whose page it is, viewer="red" or viewer="blue" (viewer="both" shows every rank).
            >>> page = game.to_html(folder / "game.html", viewer="red")
            >>> page.name, "sw-page-state" in page.read_text(encoding="utf-8")
            ('game.html', True)
        """
        page = needed(MAKERS.game_page, "a page")
        return page(self, path, viewer, lang)

    def _repr_svg_(self) -> str:
        """The board as a picture in a notebook (the referee's view)."""
        return self.to_svg()

    def _repr_html_(self) -> str:
        """The board picture with a caption, for HTML front ends (nbconvert, Colab, GitHub):
        an ``<img>`` of the SVG, since HTML sanitizers strip inline SVG but keep an image.

        Example:
            >>> Game.random("duel", seed=1)._repr_html_().startswith(
            ...     '<figure><img src="data:image/svg+xml;base64,')
            True
        """
        caption = f"{self.rules.title}, ply {self.ply}, " + (
            f"result: {self.winner} ({self.result_reason})" if self.is_over
            else f"{self.to_move} to move")
        return figure(self.to_svg(), caption)

    def __repr__(self) -> str:
        state = f"winner={self.winner!r}" if self.is_over else f"to_move={self.to_move!r}"
        return f"<Game {self.rules.spec} ply={self.ply} {state}>"

    def __str__(self) -> str:
        return notation.board_text(self._position)


_ruleset = ruleset  # from_stratados2 has a parameter named ``ruleset``
