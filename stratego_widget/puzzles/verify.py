"""Verification under hidden information: is one move clearly best from the solver's view?

The solver sees its own pieces, the enemy ranks it was shown, which enemy pieces moved and
what was captured (its observation, the game's history kept). :func:`verify` samples
``samples`` enemy armies that agree with it (:class:`~stratego_widget.bots.belief.Belief`, the
one owner of what a hidden piece can be), plays every legal move of the solver in each sampled
position and plays the game out (:mod:`.playouts`: the compiled kernel where it can), and
counts the solver's wins per move with a 95% Wilson interval. A position is **accepted** when,
over at least :data:`MIN_SAMPLES` armies, the best move's win rate beats the second best by at
least :data:`MARGIN` and the two intervals do not overlap. Every move meets the same sampled
armies; the seed fixes the samples and the playouts, so a verification replays exactly.

A position where the repetition rules forbid the solver a move now is tagged with the rule
(``two-square-rule``, ``more-squares-rule``): its answer depends on that rule's reading.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> game = Game.from_pieces("barrage", {"a1": "red flag", "j2": "red scout",
    ...     "e4": "red marshal", "j10": "blue flag", "e7": "blue general", "a2": "blue scout"},
    ...     revealed=["j10", "a1"])
    >>> result = verify(game, seed=1)
    >>> result.best.move, result.best.rate, result.accepted
    ('j2xj10', 1.0, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..batch import choose_backend
from ..batch.deals import seeds
from ..bots.belief import Belief
from ..engine import pieces as P
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.repetition import refusals
from .errors import PuzzleError
from .playouts import play_out, playout_plies, playout_rules

__all__ = ["MARGIN", "MIN_SAMPLES", "MoveEstimate", "Verification", "verify", "wilson"]

#: The fewest sampled armies an accepted puzzle is verified over.
MIN_SAMPLES = 256
#: How far the best move's win rate must lead the second best's (30 points).
MARGIN = 0.30
_Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``games`` (95% by default).

    Example:
        >>> [round(x, 3) for x in wilson(8, 10)]
        [0.49, 0.943]
        >>> wilson(0, 0)
        (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - spread), min(1.0, centre + spread)


@dataclass(frozen=True)
class MoveEstimate:
    """One candidate move's playouts: its text, the solver's wins out of ``games``, the win
    rate and its 95% Wilson interval.

    Example:
        >>> estimate = MoveEstimate.of("c5xc6", 200, 256)
        >>> round(estimate.rate, 3), estimate.low < estimate.rate < estimate.high
        (0.781, True)
    """

    move: str
    wins: int
    games: int
    rate: float
    low: float
    high: float

    @classmethod
    def of(cls, move: str, wins: int, games: int) -> MoveEstimate:
        """The estimate of ``move`` from its wins and games.

        Example:
            >>> MoveEstimate.of("a1-a2", 0, 4).rate
            0.0
        """
        low, high = wilson(wins, games)
        return cls(move, wins, games, wins / games if games else 0.0, low, high)


@dataclass(frozen=True)
class Verification:
    """The verdict on one position: every legal move's estimate, best first, the samples,
    the repetition rules the position depends on, the path the playouts took, and whether it
    is accepted (see the module).

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> game = Game.from_pieces("barrage", {"a1": "red flag", "b2": "red scout",
        ...                                     "j10": "blue flag", "j9": "blue scout"})
        >>> verify(game, seed=0, samples=8).samples
        8
    """

    estimates: tuple[MoveEstimate, ...]
    samples: int
    repetition: tuple[str, ...]
    backend: str

    @property
    def best(self) -> MoveEstimate:
        """The move with the highest win rate.

        Example:
            >>> Verification((MoveEstimate.of("a1-a2", 3, 4),), 4, (), "python").best.move
            'a1-a2'
        """
        return self.estimates[0]

    @property
    def margin(self) -> float:
        """How far the best win rate leads the second best (1.0 for a single move).

        Example:
            >>> Verification((MoveEstimate.of("a1-a2", 3, 4), MoveEstimate.of("a1-b1", 1, 4)),
            ...              4, (), "python").margin
            0.5
        """
        if len(self.estimates) < 2:
            return 1.0
        return self.estimates[0].rate - self.estimates[1].rate

    @property
    def accepted(self) -> bool:
        """At least :data:`MIN_SAMPLES` armies, a lead of :data:`MARGIN` and intervals apart
        (a position with one legal move is no puzzle).

        Example:
            >>> Verification((MoveEstimate.of("a1-a2", 3, 4),), 4, (), "python").accepted
            False
        """
        if self.samples < MIN_SAMPLES or len(self.estimates) < 2:
            return False
        first, second = self.estimates[0], self.estimates[1]
        return first.rate - second.rate >= MARGIN - 1e-12 and first.low > second.high


def _whole(value: object, name: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise PuzzleError("puzzle-verify", f"verify(): {name} is a whole number >= {least}, "
                                           f"not {value!r}.")
    return value


def verify(game: Game, seed: int = 0, samples: int = MIN_SAMPLES, backend: str = "auto",
           plies: int | None = None) -> Verification:
    """Estimate every legal move of the side to move in ``game`` over ``samples`` enemy armies
    agreeing with what that side has seen, by playouts; ``game`` is left alone.

    The moves are the game's own legal moves (its history kept, so a repetition rule that
    forbids one leaves it out and tags the verdict). A move that ends the game at once is
    counted as that ending in every sample. ``plies`` caps each playout (by default
    :func:`~.playouts.playout_plies` of the position).

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> game = Game.from_pieces("barrage", {"a1": "red flag", "b2": "red scout",
        ...                                     "j10": "blue flag", "j9": "blue scout"})
        >>> verify(game, seed=3, samples=8) == verify(game, seed=3, samples=8)
        True
        >>> verify(game, samples=0)
        Traceback (most recent call last):
        ...
        stratego_widget.puzzles.errors.PuzzleError: verify(): samples is a whole number >= 1, not 0.
    """
    if not isinstance(game, Game):
        raise PuzzleError("puzzle-verify", f"verify() checks a Game, not {type(game).__name__}.")
    _whole(samples, "samples", 1)
    _whole(seed, "seed", 0)
    cap = playout_plies(game.state) if plies is None else _whole(plies, "plies", 1)
    codes = list(game.legal_codes())
    if game.is_over or not codes:
        raise PuzzleError("puzzle-verify", "verify(): the game is over; a puzzle needs a side "
                                           "to move.")
    solver = game.state.to_move
    rules = game.rules
    belief = Belief(game.observation(P.PLAYER_NAMES[solver], history=False), rules)
    rng = random.Random(seed)
    armies = [belief.sample(rng) for _ in range(samples)]
    wins = [0] * len(codes)
    starts, streams, owners = [], [], []
    for i, army in enumerate(armies):
        stream = seeds(seed, i)[1]
        for m, code in enumerate(codes):
            position = army.copy()
            outcome = position.make(code)
            if outcome is not None:
                wins[m] += outcome.winner == P.PLAYER_NAMES[solver]
                continue
            starts.append(position)
            streams.append(stream)
            owners.append(m)
    path = choose_backend(playout_rules(rules, cap), backend, "verify")[0]
    for m, winner in zip(owners, play_out(rules, starts, streams, path, cap), strict=True):
        wins[m] += winner == solver
    geo = rules.geometry
    estimates = sorted(
        (MoveEstimate.of(str(Move.from_code(code, geo)), wins[m], samples)
         for m, code in enumerate(codes)),
        key=lambda estimate: (-estimate.rate, estimate.move))
    repetition = tuple(sorted({rule for rule, _sq, _targets in refusals(game.state, solver)}))
    return Verification(tuple(estimates), samples, repetition, path)
