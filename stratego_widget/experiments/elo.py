"""Several players against each other: who beat whom (a head-to-head matrix) and Elo ratings,
each with a 95% interval.

The rows are a study's (``red``, ``blue``, ``winner``), from any number of studies: every game
counts once for each of its two players, a win 1, a draw 1/2, a loss 0, whatever the colour.

- **The matrix** (:meth:`HeadToHead.matrix`): the score of the row's player against the
  column's player (its wins plus half its draws, over their games), the form a meta-solver
  such as PSRO reads; :meth:`HeadToHead.pairs` gives each pair's counts with the Wilson
  interval of that score.
- **Elo** (:meth:`HeadToHead.elo`): the ratings that make the Bradley-Terry model (a player
  rated ``d`` points above another scores ``1 / (1 + 10 ** (-d / 400))`` against it) most
  likely to have given the scores, fitted by Hunter's MM algorithm, a draw counting as half a
  win. ``prior`` adds that many drawn games to every pair that met (1 by default), so that a
  player who won or lost every game still gets a finite rating; ``prior=0`` fits the games
  alone. The ratings are shifted so that their mean is 0, or ``anchor``'s rating is 0. The
  **interval** is a bootstrap: the games of each pair drawn again with replacement
  (``resamples`` times, seeded), the ratings fitted to each draw, and the middle 95% of each
  player's ratings kept (the percentile interval).

Example:
    >>> rows = [{"red": "a", "blue": "b", "winner": "red"}] * 3 + [
    ...     {"red": "b", "blue": "a", "winner": "red"}]
    >>> table = HeadToHead(rows, prior=0)
    >>> table.score("a", "b")
    0.75
    >>> round(table.ratings["a"] - table.ratings["b"], 1)   # 400 * log10(0.75 / 0.25)
    190.8
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from typing import Any

from ..batch.extras import require
from ..engine.errors import StrategoError
from .stats import wilson_interval

__all__ = ["HeadToHead", "fit_elo"]

#: Results of one pair from the first player's side: wins, draws, losses.
Counts = tuple[int, int, int]


def fit_elo(scores: Mapping[tuple[str, str], tuple[float, float]],
            players: Iterable[str], anchor: str | None = None) -> dict[str, float]:
    """Elo ratings from ``scores[(a, b)] = (a's score against b, games)`` (each unordered pair
    once), by Hunter's MM algorithm for the Bradley-Terry model; the mean rating is 0, or
    ``anchor``'s. Every player needs a score above 0 and below its games in total.

    Example:
        >>> ratings = fit_elo({("a", "b"): (3.0, 4.0)}, ["a", "b"])
        >>> round(ratings["a"], 2), round(ratings["b"], 2)
        (95.42, -95.42)
    """
    names = list(players)
    won = dict.fromkeys(names, 0.0)
    played: dict[str, dict[str, float]] = {name: {} for name in names}
    for (a, b), (score, games) in scores.items():
        won[a] += score
        won[b] += games - score
        played[a][b] = played[a].get(b, 0.0) + games
        played[b][a] = played[b].get(a, 0.0) + games
    for name in names:
        total = sum(played[name].values())
        if not 0.0 < won[name] < total:
            raise StrategoError("study", f"{name!r} scored {won[name]:g} of {total:g}: a rating "
                                "needs a score above 0 and below every game; use a prior above "
                                "0.")
    strength = dict.fromkeys(names, 1.0)
    for _ in range(10_000):
        updated = {name: won[name] / sum(games / (strength[name] + strength[other])
                                         for other, games in played[name].items())
                   for name in names}
        centre = math.exp(sum(math.log(value) for value in updated.values()) / len(names))
        updated = {name: value / centre for name, value in updated.items()}
        change = max(abs(math.log(updated[name] / strength[name])) for name in names)
        strength = updated
        if change < 1e-12:
            break
    ratings = {name: 400.0 * math.log10(value) for name, value in strength.items()}
    shift = ratings[anchor] if anchor is not None else sum(ratings.values()) / len(names)
    return {name: rating - shift for name, rating in ratings.items()}


class HeadToHead:
    """The results of several players against each other (see the module docstring).

    ``rows`` are study rows (``red``, ``blue`` and ``winner`` are read). ``counts[(a, b)]``
    holds ``(wins, draws, losses)`` of ``a`` against ``b``; ``ratings`` the Elo ratings and
    ``intervals`` their bootstrap intervals at ``confidence``.

    Example:
        >>> rows = [{"red": "a", "blue": "b", "winner": "red"},
        ...         {"red": "b", "blue": "a", "winner": "draw"}]
        >>> HeadToHead(rows, resamples=10).counts[("a", "b")]
        (1, 1, 0)
    """

    def __init__(self, rows: Iterable[Mapping[str, Any]], confidence: float = 0.95,
                 prior: float = 1.0, anchor: str | None = None, resamples: int = 1000,
                 seed: int = 0) -> None:
        if not 0.0 < confidence < 1.0:
            raise StrategoError("study", f"confidence is between 0 and 1, not {confidence!r}.")
        if prior < 0:
            raise StrategoError("study", f"prior is a number of drawn games, 0 or more, not "
                                f"{prior!r}.")
        tally: dict[tuple[str, str], list[int]] = {}
        order: dict[str, None] = {}
        for row in rows:
            red, blue, winner = str(row["red"]), str(row["blue"]), str(row["winner"])
            if red == blue:
                continue  # a player against itself tells nothing about ratings
            order.update({red: None, blue: None})
            first, second = sorted((red, blue))
            cell = tally.setdefault((first, second), [0, 0, 0])
            won = {"red": red, "blue": blue}.get(winner)
            cell[1 if won is None else 0 if won == first else 2] += 1
        if not tally:
            raise StrategoError("study", "A head-to-head needs games between two different "
                                "players.")
        #: The players, in the order they first appear.
        self.players = list(order)
        self.counts: dict[tuple[str, str], Counts] = {}
        for (a, b), (wins, draws, losses) in tally.items():
            self.counts[a, b] = (wins, draws, losses)
            self.counts[b, a] = (losses, draws, wins)
        self.confidence, self.prior, self.anchor = confidence, prior, anchor
        if anchor is not None and anchor not in order:
            raise StrategoError("study", f"The anchor {anchor!r} played no game here; players: "
                                f"{', '.join(self.players)}.")
        self.ratings = self._fit({pair: tuple(cell) for pair, cell in tally.items()})
        self.intervals = self._bootstrap(tally, resamples, random.Random(seed))

    def _fit(self, tally: Mapping[tuple[str, str], tuple[int, ...]]) -> dict[str, float]:
        scores = {pair: (wins + draws / 2 + self.prior / 2, wins + draws + losses + self.prior)
                  for pair, (wins, draws, losses) in tally.items()}
        return fit_elo(scores, self.players, self.anchor)

    def _bootstrap(self, tally: Mapping[tuple[str, str], list[int]], resamples: int,
                   rng: random.Random) -> dict[str, tuple[float, float]]:
        draws: dict[str, list[float]] = {name: [] for name in self.players}
        for _ in range(resamples):
            again = {}
            for pair, cell in tally.items():
                picked = rng.choices((0, 1, 2), weights=cell, k=sum(cell))
                again[pair] = tuple(picked.count(result) for result in (0, 1, 2))
            try:
                fitted = self._fit(again)
            except StrategoError:
                continue  # a draw where someone scored nothing (only with prior=0)
            for name, rating in fitted.items():
                draws[name].append(rating)
        tail = (1.0 - self.confidence) / 2
        return {name: (_quantile(values, tail), _quantile(values, 1.0 - tail))
                for name, values in draws.items()}

    def score(self, player: str, other: str) -> float:
        """``player``'s score against ``other``: wins plus half the draws, over their games
        (NaN when they never met).

        Example:
            >>> HeadToHead([{"red": "a", "blue": "b", "winner": "draw"}] * 2,
            ...            resamples=0).score("b", "a")
            0.5
        """
        wins, draws, losses = self.counts.get((player, other), (0, 0, 0))
        games = wins + draws + losses
        return (wins + draws / 2) / games if games else float("nan")

    def matrix(self) -> Any:
        """The head-to-head matrix as a pandas DataFrame: the score of the row's player
        against the column's (NaN on the diagonal and where two players never met).

        Example:
            >>> rows = [{"red": "a", "blue": "b", "winner": "red"}]
            >>> float(HeadToHead(rows, resamples=0).matrix().loc["a", "b"])
            1.0
        """
        pandas = require("pandas", "HeadToHead.matrix", "experiments")
        return pandas.DataFrame([[self.score(a, b) if a != b else float("nan")
                                  for b in self.players] for a in self.players],
                                index=self.players, columns=self.players)

    def pairs(self) -> Any:
        """Every ordered pair that met as a pandas DataFrame: ``player``, ``opponent``,
        ``games``, ``wins``, ``draws``, ``losses``, ``score`` and its Wilson interval
        (``low``, ``high``; a draw counts as half a win in the interval too).

        Example:
            >>> rows = [{"red": "a", "blue": "b", "winner": "red"}]
            >>> HeadToHead(rows, resamples=0).pairs()["wins"].tolist()
            [1, 0]
        """
        pandas = require("pandas", "HeadToHead.pairs", "experiments")
        records = []
        for (a, b), (wins, draws, losses) in self.counts.items():
            games = wins + draws + losses
            low, high = wilson_interval(wins + draws / 2, games, self.confidence)
            records.append({"player": a, "opponent": b, "games": games, "wins": wins,
                            "draws": draws, "losses": losses, "score": self.score(a, b),
                            "low": low, "high": high})
        return pandas.DataFrame(records)

    def elo(self) -> Any:
        """The Elo ratings as a pandas DataFrame, strongest first: ``player``, ``games``,
        ``score`` (over all its games), ``elo`` and the bootstrap interval (``low``, ``high``).

        Example:
            >>> rows = [{"red": "a", "blue": "b", "winner": "red"}]
            >>> HeadToHead(rows, resamples=20).elo()["player"].tolist()
            ['a', 'b']
        """
        pandas = require("pandas", "HeadToHead.elo", "experiments")
        records = []
        for name in self.players:
            cells = [cell for (a, _), cell in self.counts.items() if a == name]
            games = sum(sum(cell) for cell in cells)
            score = sum(wins + draws / 2 for wins, draws, _ in cells)
            low, high = self.intervals[name]
            records.append({"player": name, "games": games, "score": score / games,
                            "elo": self.ratings[name], "low": low, "high": high})
        frame = pandas.DataFrame(records).sort_values("elo", ascending=False)
        return frame.reset_index(drop=True)

    def __repr__(self) -> str:
        level = f"{self.confidence:.0%}"
        lines = [f"Elo ({level} bootstrap intervals):"]
        for name in sorted(self.players, key=self.ratings.__getitem__, reverse=True):
            low, high = self.intervals[name]
            lines.append(f"  {name:<20} {self.ratings[name]:7.1f}  [{low:7.1f}, {high:7.1f}]")
        return "\n".join(lines)


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between order statistics; NaN for none)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)
