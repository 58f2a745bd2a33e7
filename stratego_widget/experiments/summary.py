"""What a study found: win rates with intervals, game lengths, how games end, and each pair
of rulesets compared game by game.

Example:
    >>> rows = [
    ...     {"ruleset": "a", "game": 0, "winner": "red", "termination": "flag-captured",
    ...      "plies": 40, "strikes": 5, "deal": "x"},
    ...     {"ruleset": "b", "game": 0, "winner": "blue", "termination": "flag-captured",
    ...      "plies": 60, "strikes": 7, "deal": "x"},
    ... ]
    >>> summary = Summary(rows, ["a", "b"], "heuristic", "random")
    >>> summary.rates["a"].red_wins, summary.pairs[0].first_only
    (1, 1)
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import combinations
from typing import Any

from ..batch.extras import require
from .stats import holm, paired_difference_interval, sign_test, wilson_interval

__all__ = ["Comparison", "Rates", "Summary"]


@dataclass(frozen=True)
class Rates:
    """One ruleset's results: wins with intervals, lengths, strikes."""

    ruleset: str
    games: int
    red_wins: int
    red_rate: float
    red_low: float
    red_high: float
    blue_wins: int
    blue_rate: float
    blue_low: float
    blue_high: float
    draws: int
    draw_rate: float
    draw_low: float
    draw_high: float
    plies_mean: float
    plies_median: float
    plies_q1: float
    plies_q3: float
    strikes_mean: float


@dataclass(frozen=True)
class Comparison:
    """Two rulesets played on the same games: Red's win rate under each, paired.

    ``first_only`` games Red won under ``first`` but not under ``second``, ``second_only`` the
    reverse; the difference ``first_rate - second_rate`` has Newcombe's paired interval and
    the exact McNemar test's p-value (``p_holm``: adjusted for the number of pairs).
    ``setups`` is ``"same"`` when every pair of games started from the same setups,
    ``"different"`` when the armies differ (the games then share only their seeds).
    ``longer`` counts the games that lasted longer under each ruleset, with a sign test.
    """

    first: str
    second: str
    games: int
    setups: str
    first_rate: float
    second_rate: float
    difference: float
    low: float
    high: float
    both: int
    first_only: int
    second_only: int
    neither: int
    p_value: float
    p_holm: float
    significant: bool
    longer_first: int
    longer_second: int
    length_p_value: float


def _quartiles(values: list[int]) -> tuple[float, float]:
    if len(values) < 2:
        return float(values[0]), float(values[0])
    q1, _median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q3


class Summary:
    """The summary of a study's rows (see :meth:`Study.summary`).

    ``rates`` maps each ruleset to its :class:`Rates`, ``endings`` to a count of how its games
    ended (termination ids), ``pairs`` lists a :class:`Comparison` for every two rulesets.
    As DataFrames: :meth:`rates_table`, :meth:`endings_table`, :meth:`pairs_table`. It prints
    as text and shows as HTML in a notebook.
    """

    def __init__(self, rows: Sequence[Mapping[str, Any]], rulesets: Sequence[str], red: str,
                 blue: str, confidence: float = 0.95, swapped: bool = False) -> None:
        self.red, self.blue, self.confidence = red, blue, confidence
        #: Whether the players changed colours game by game (``Study(swap_colors=True)``).
        self.swapped = swapped
        by_ruleset: dict[str, dict[int, Mapping[str, Any]]] = {name: {} for name in rulesets}
        for row in rows:
            by_ruleset.setdefault(str(row["ruleset"]), {})[int(row["game"])] = row
        self.rulesets = list(by_ruleset)
        self.rates = {name: self._rates(name, list(games.values()))
                      for name, games in by_ruleset.items() if games}
        self.endings = {name: Counter(str(row["termination"]) for row in games.values())
                        for name, games in by_ruleset.items() if games}
        played = [name for name in self.rulesets if by_ruleset[name]]
        pairs = [pair for a, b in combinations(played, 2)
                 if (pair := self._pair(a, b, by_ruleset[a], by_ruleset[b]))["games"]]
        adjusted = holm([pair["p_value"] for pair in pairs])
        self.pairs = [Comparison(**pair, p_holm=p, significant=p < 1.0 - confidence)
                      for pair, p in zip(pairs, adjusted, strict=True)]

    def _rates(self, name: str, rows: list[Mapping[str, Any]]) -> Rates:
        n = len(rows)
        wins = Counter(str(row["winner"]) for row in rows)
        plies = sorted(int(row["plies"]) for row in rows)
        q1, q3 = _quartiles(plies)
        fields: dict[str, Any] = {"ruleset": name, "games": n}
        for side in ("red", "blue", "draw"):
            low, high = wilson_interval(wins[side], n, self.confidence)
            count_name = "draws" if side == "draw" else f"{side}_wins"
            fields.update({count_name: wins[side], f"{side}_rate": wins[side] / n,
                           f"{side}_low": low, f"{side}_high": high})
        return Rates(**fields, plies_mean=statistics.fmean(plies),
                     plies_median=float(statistics.median(plies)), plies_q1=q1, plies_q3=q3,
                     strikes_mean=statistics.fmean(int(row["strikes"]) for row in rows))

    def _pair(self, first: str, second: str, a: Mapping[int, Mapping[str, Any]],
              b: Mapping[int, Mapping[str, Any]]) -> dict[str, Any]:
        common = sorted(set(a) & set(b))
        cells = Counter((a[n]["winner"] == "red", b[n]["winner"] == "red") for n in common)
        both, first_only = cells[True, True], cells[True, False]
        second_only, neither = cells[False, True], cells[False, False]
        difference, low, high = paired_difference_interval(both, first_only, second_only,
                                                           neither, self.confidence)
        same = sum(a[n]["deal"] == b[n]["deal"] for n in common)
        longer_first = sum(int(a[n]["plies"]) > int(b[n]["plies"]) for n in common)
        longer_second = sum(int(a[n]["plies"]) < int(b[n]["plies"]) for n in common)
        games = len(common)
        return {
            "first": first, "second": second, "games": games,
            "setups": "same" if same == games else "different" if same == 0 else "some",
            "first_rate": (both + first_only) / games if games else float("nan"),
            "second_rate": (both + second_only) / games if games else float("nan"),
            "difference": difference, "low": low, "high": high, "both": both,
            "first_only": first_only, "second_only": second_only, "neither": neither,
            "p_value": sign_test(first_only, second_only),
            "longer_first": longer_first, "longer_second": longer_second,
            "length_p_value": sign_test(longer_first, longer_second),
        }

    # -- as tables ------------------------------------------------------------------------

    def rates_table(self) -> Any:
        """:attr:`rates` as a pandas DataFrame, one row per ruleset."""
        pandas = require("pandas", "Summary.rates_table", "experiments")
        return pandas.DataFrame([asdict(rates) for rates in self.rates.values()])

    def endings_table(self) -> Any:
        """How games ended: a pandas DataFrame of counts, rulesets by terminations."""
        pandas = require("pandas", "Summary.endings_table", "experiments")
        frame = pandas.DataFrame(self.endings).T.fillna(0).astype("int64")
        frame.index.name = "ruleset"
        return frame

    def pairs_table(self) -> Any:
        """:attr:`pairs` as a pandas DataFrame, one row per pair of rulesets."""
        pandas = require("pandas", "Summary.pairs_table", "experiments")
        columns = list(Comparison.__dataclass_fields__)
        return pandas.DataFrame([asdict(pair) for pair in self.pairs], columns=columns)

    # -- as text ----------------------------------------------------------------------------

    def lines(self) -> list[str]:
        """The summary as lines of text.

        Example:
            >>> rows = [{"ruleset": "a", "game": 0, "winner": "red", "termination": "flag-captured",
            ...          "plies": 40, "strikes": 5, "deal": "x"}]
            >>> print(Summary(rows, ["a"], "heuristic", "random").lines()[0])
            heuristic (red) against random (blue), 95% intervals
        """
        level = f"{self.confidence:.0%}"
        out = [f"{self.red} and {self.blue}, colours swapped every other game, {level} intervals"
               if self.swapped else f"{self.red} (red) against {self.blue} (blue), {level} intervals"]
        width = max([len(name) for name in self.rulesets] + [7])
        out.append(f"{'ruleset':<{width}}  {'games':>6}  {'red wins':<22}  {'blue wins':<22}  "
                   f"{'draws':<22}  {'plies: median (IQR)':<22}  strikes")
        for rates in self.rates.values():
            cells = [f"{100 * getattr(rates, side + '_rate'):5.1f}% "
                     f"[{100 * getattr(rates, side + '_low'):4.1f}, "
                     f"{100 * getattr(rates, side + '_high'):5.1f}]"
                     for side in ("red", "blue", "draw")]
            length = f"{rates.plies_median:g} ({rates.plies_q1:g}-{rates.plies_q3:g})"
            out.append(f"{rates.ruleset:<{width}}  {rates.games:>6}  {cells[0]:<22}  "
                       f"{cells[1]:<22}  {cells[2]:<22}  {length:<22}  "
                       f"{rates.strikes_mean:.1f}")
        out.append("How games end:")
        for name, endings in self.endings.items():
            counts = ", ".join(f"{ending} {count}" for ending, count in endings.most_common())
            out.append(f"  {name:<{width}}  {counts}")
        if self.pairs:
            out.append("Pairs of rulesets on the same games (Red's win rate, exact McNemar test"
                       + (", Holm-adjusted" if len(self.pairs) > 1 else "") + "):")
        for pair in self.pairs:
            deal = {"same": "same seeds and setups", "some": "same seeds, some setups",
                    "different": "same seeds, different armies"}[pair.setups]
            verdict = "significant" if pair.significant else "not significant"
            out.append(
                f"  {pair.first} against {pair.second} ({pair.games} games, {deal}): "
                f"{100 * pair.first_rate:.1f}% against {100 * pair.second_rate:.1f}%, "
                f"difference {100 * pair.difference:+.1f} points "
                f"[{100 * pair.low:+.1f}, {100 * pair.high:+.1f}], "
                f"{pair.first_only} games won only under the first, {pair.second_only} only "
                f"under the second, p = {pair.p_holm:.3g}: {verdict} at {level}")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        import html

        return "<pre>" + html.escape(str(self)) + "</pre>"
