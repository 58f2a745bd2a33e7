"""A puzzle as a value: the position, the line, the rating, the themes and where it came from.

The position is the project's position string (:meth:`Game.position
<stratego_widget.engine.game.Game.position>`: every piece with its true rank, what has moved
and what each side has been shown), so the solver's view, and the verification, follow from
it alone. ``moves`` is the line: the solver's move, then the opponent's reply the board plays.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> game = Game.from_pieces("barrage", {"a1": "red flag", "b2": "red scout",
    ...                                     "b8": "blue general", "j10": "blue flag"})
    >>> puzzle = Puzzle.of(game, ("b2xb8",), themes=("scout-probe",), source="hand-made")
    >>> puzzle.solver, puzzle.game().piece_at("b8")
    ('red', ('blue', 'general'))
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from ..engine import pieces as P
from ..engine.game import Game

__all__ = ["DEFAULT_DEVIATION", "Puzzle", "initial_rating", "puzzle_id"]

#: A new puzzle's rating deviation (Glicko's starting value: nothing is known yet).
DEFAULT_DEVIATION = 350


def puzzle_id(ruleset: str, position: str) -> str:
    """A short id of a position of a ruleset (the ply count left out: the same position
    reached later is the same puzzle).

    Example:
        >>> puzzle_id("barrage", "F9/10/10/10/10/10/10/10/10/9f r 0") == puzzle_id(
        ...     "barrage", "F9/10/10/10/10/10/10/10/10/9f r 12")
        True
    """
    parts = position.split(" ")
    key = " ".join([ruleset, *parts[:2], *parts[3:]])
    return hashlib.sha1(key.encode()).hexdigest()[:8]


def initial_rating(margin: float, moves: int) -> int:
    """A first difficulty rating before anyone has tried the puzzle: harder when the best move
    leads by less and when there are more moves to choose from (600 to 2400).

    Example:
        >>> initial_rating(1.0, 2) < initial_rating(0.3, 30)
        True
    """
    rating = 700 + 1100 * (1.0 - max(0.0, min(1.0, margin))) + 12 * min(moves, 50)
    return round(max(600, min(2400, rating)))


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (the CSV's columns, see :mod:`.csvfile`).

    Example:
        >>> Puzzle("ab12cd34", "barrage", "F9/10/10/10/10/10/10/10/10/9f r 0", ("a1-a2",),
        ...        1500).solver
        'red'
    """

    puzzle_id: str
    ruleset: str
    position: str
    moves: tuple[str, ...]
    rating: int
    rating_deviation: int = DEFAULT_DEVIATION
    popularity: int = 0
    plays: int = 0
    themes: tuple[str, ...] = ()
    source: str = ""

    @classmethod
    def of(cls, game: Game, moves: tuple[str, ...], rating: int = 1500,
           themes: tuple[str, ...] = (), source: str = "") -> Puzzle:
        """The puzzle of ``game``'s position (the side to move solves it) with its line.

        Example:
            >>> from stratego_widget.engine.game import Game
            >>> game = Game.random("barrage", seed=1)
            >>> Puzzle.of(game, (str(game.legal_moves()[0]),)).ruleset
            'barrage'
        """
        spec = game.rules.spec
        position = game.position()
        return cls(puzzle_id(spec, position), spec, position, tuple(moves), rating,
                   themes=tuple(themes), source=source)

    @property
    def solver(self) -> str:
        """The side that solves the puzzle (the side to move).

        Example:
            >>> Puzzle("x", "barrage", "F9/10/10/10/10/10/10/10/10/9f b 3", ("j10-j9",),
            ...        1500).solver
            'blue'
        """
        return P.PLAYER_NAMES[0] if self.position.split(" ")[1] == "r" else P.PLAYER_NAMES[1]

    def game(self) -> Game:
        """A new game at the puzzle's position (no history: the position string has none).

        Example:
            >>> Puzzle("x", "barrage", "F9/10/10/10/10/10/10/10/10/9f r 0", ("a1-a2",),
            ...        1500).game().to_move
            'red'
        """
        return Game.from_position(self.position, self.ruleset)

    def step_fields(self) -> dict[str, Any]:
        """The puzzle as a lesson move step's fields (pieces, revealed, moved, captured,
        to_move, solution, replies), for a board to play it.

        Example:
            >>> from stratego_widget.engine.game import Game
            >>> game = Game.from_pieces("barrage", {"a1": "red flag", "b2": "red scout",
            ...     "b8": "blue general", "j10": "blue flag"}, revealed=["b8"])
            >>> fields = Puzzle.of(game, ("b2-b3", "b8-b7")).step_fields()
            >>> fields["revealed"], fields["solution"], fields["replies"]
            (['b8'], ['b2-b3'], ['b8-b7'])
        """
        game = self.game()
        state = game.state
        geo = state.geometry
        pieces: dict[str, str] = {}
        revealed: list[str] = []
        moved: list[str] = []
        for pid in range(1, len(state.kind)):
            square = state.square[pid]
            if square < 0:
                continue
            name = geo.name(square)
            pieces[name] = f"{P.PLAYER_NAMES[state.owner[pid]]} {P.KIND_NAMES[state.kind[pid]]}"
            if state.known[pid]:
                revealed.append(name)
            if state.moved[pid]:
                moved.append(name)
        return {"ruleset": self.ruleset, "pieces": pieces, "revealed": sorted(revealed),
                "moved": sorted(moved), "captured": {side: game.captured(side)
                                                     for side in P.PLAYER_NAMES},
                "to_move": self.solver, "solution": list(self.moves[0::2]),
                "replies": list(self.moves[1::2])}
