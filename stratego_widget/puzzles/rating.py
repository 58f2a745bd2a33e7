"""Glicko-2 ratings of learners and puzzles, from attempts (Glickman's algorithm).

A :class:`Rating` is a value: the rating, its deviation (how unsure it is) and its volatility.
:func:`rate` is one rating period, a pure function: a rating and the results it met (each the
opponent's rating and a score, 1 won, 0 lost, 0.5 drawn) give the new rating. A puzzle
attempt is one game between the learner and the puzzle: the learner scores 1 for a solved
puzzle, the puzzle 1 for a missed one (:func:`rate_attempt`).

No well-kept pure-Python Glicko-2 library was found (the most used one on PyPI computes the
volatility with the rating where the algorithm has the deviation), so this module follows
Glickman's "Example of the Glicko-2 system" (2013) step by step; its worked example is the
test (the paper rounds as it goes and prints 1464.06 where the exact sum is 1464.05).

Example:
    >>> player = Rating(1500, 200, 0.06)
    >>> after = rate(player, [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
    ...                       (Rating(1700, 300), 0)])
    >>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
    (1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import PuzzleError

__all__ = ["DEFAULT_VOLATILITY", "SCALE", "TAU", "Rating", "expected_score",
           "rate", "rate_attempt"]

#: Glicko-2's scale factor between the Glicko scale and its own.
SCALE = 173.7178
#: The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2).
TAU = 0.5
#: A new player's volatility.
DEFAULT_VOLATILITY = 0.06
#: The convergence tolerance of the volatility's iteration.
_EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` (1500 for someone new), ``deviation`` (350 for someone
    new: nothing known) and ``volatility``.

    Bad values (not finite numbers, a deviation not above 0, a volatility not above 0) are a
    one-line :class:`PuzzleError` naming the field.

    Example:
        >>> Rating().rating, Rating().deviation
        (1500.0, 350.0)
        >>> Rating(1500, -1)
        Traceback (most recent call last):
        ...
        stratego_widget.puzzles.errors.PuzzleError: Rating: 'deviation' must be a number above 0, not -1.
    """

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        for name in ("rating", "deviation", "volatility"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not (
                    math.isfinite(value)) or (name != "rating" and value <= 0):
                need = "a finite number" if name == "rating" else "a number above 0"
                raise PuzzleError(f"Rating: {name!r} must be {need}, not {value!r}.")
            object.__setattr__(self, name, float(value))


def _mu(rating: Rating) -> float:
    return (rating.rating - 1500.0) / SCALE


def _phi(rating: Rating) -> float:
    return rating.deviation / SCALE


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (0 to 1).

    Example:
        >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
        0.639
    """
    return _e(_mu(player), _mu(opponent), _phi(opponent))


def _volatility(sigma: float, phi: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the algorithm: the new volatility, by the Illinois method."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)) / (
            2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, results: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``results`` (each the opponent's rating
    and ``player``'s score: 1, 0.5 or 0); no results: only the deviation grows (step 6).

    Example:
        >>> rate(Rating(1500, 200), []).deviation > 200
        True
        >>> rate(Rating(), [(Rating(), 2)])
        Traceback (most recent call last):
        ...
        stratego_widget.puzzles.errors.PuzzleError: rate: a score must be 0, 0.5 or 1, not 2.
    """
    games = list(results)
    for _, score in games:
        if score not in (0, 0.5, 1) or isinstance(score, bool):
            raise PuzzleError(f"rate: a score must be 0, 0.5 or 1, not {score!r}.")
    mu, phi, sigma = _mu(player), _phi(player), player.volatility
    if not games:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v_inverse = 0.0
    improvement = 0.0
    for opponent, score in games:
        g = _g(_phi(opponent))
        e = _e(mu, _mu(opponent), _phi(opponent))
        v_inverse += g * g * e * (1.0 - e)
        improvement += g * (score - e)
    v = 1.0 / v_inverse
    new_sigma = _volatility(sigma, phi, v * improvement, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + 1500.0, new_phi * SCALE, new_sigma)


def rate_attempt(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's ratings after one attempt: a game the learner won when
    the puzzle was solved, and the puzzle won when it was missed.

    Example:
        >>> learner, puzzle = rate_attempt(Rating(1500, 200), Rating(1500, 200), solved=True)
        >>> learner.rating > 1500 > puzzle.rating
        True
    """
    score = 1.0 if solved else 0.0
    return (rate(learner, [(puzzle, score)]), rate(puzzle, [(learner, 1.0 - score)]))
