"""The head-to-head matrix and the Elo ratings on a hand-made result table, every figure counted
by hand; a small round robin played for real."""

from __future__ import annotations

import math

import pytest

from stratego_widget import StrategoError
from stratego_widget.experiments import HeadToHead, round_robin
from stratego_widget.experiments.elo import fit_elo

pandas = pytest.importorskip("pandas")


def games(red: str, blue: str, winner: str, count: int) -> list[dict[str, str]]:
    return [{"red": red, "blue": blue, "winner": winner}] * count


# a against b: 6 wins, 2 draws, 2 losses (3 of them as Blue); b against c: 5 wins of 5;
# a against c: 4 wins, 1 loss.
TABLE = (games("a", "b", "red", 3) + games("b", "a", "blue", 3) + games("a", "b", "draw", 2)
         + games("b", "a", "red", 2) + games("b", "c", "red", 3) + games("c", "b", "blue", 2)
         + games("a", "c", "red", 4) + games("c", "a", "red", 1))


def test_the_matrix_counts_every_game_for_both_players_whatever_the_colour() -> None:
    table = HeadToHead(TABLE, resamples=0)
    assert table.players == ["a", "b", "c"]
    assert table.counts["a", "b"] == (6, 2, 2) and table.counts["b", "a"] == (2, 2, 6)
    assert table.counts["c", "b"] == (0, 0, 5)
    matrix = table.matrix()
    assert matrix.loc["a", "b"] == 0.7 and matrix.loc["b", "a"] == pytest.approx(0.3)
    assert matrix.loc["a", "c"] == 0.8 and matrix.loc["b", "c"] == 1.0
    assert math.isnan(matrix.loc["a", "a"])
    pairs = table.pairs().set_index(["player", "opponent"])
    assert pairs.loc[("a", "b"), "games"] == 10
    # Wilson's interval for 7 of 10 (Newcombe 1998 gives 0.3968-0.8922 for 7 of 10 at 95%).
    assert pairs.loc[("a", "b"), "low"] == pytest.approx(0.3968, abs=1e-4)
    assert pairs.loc[("a", "b"), "high"] == pytest.approx(0.8922, abs=1e-4)


def test_two_players_elo_is_the_logistic_of_the_score() -> None:
    # 3 wins and 1 loss: a rates 400 * log10(3) = 190.85 above b, mean 0.
    table = HeadToHead(games("a", "b", "red", 3) + games("a", "b", "blue", 1), prior=0,
                       resamples=200)
    assert table.ratings["a"] == pytest.approx(95.424, abs=1e-3)
    assert table.ratings["b"] == pytest.approx(-95.424, abs=1e-3)
    # One drawn game of prior: 3.5 of 5, 400 * log10(3.5 / 1.5) = 147.19.
    prior = HeadToHead(games("a", "b", "red", 3) + games("a", "b", "blue", 1), resamples=0)
    assert prior.ratings["a"] - prior.ratings["b"] == pytest.approx(147.19, abs=1e-2)
    anchored = HeadToHead(games("a", "b", "red", 3) + games("a", "b", "blue", 1), prior=0,
                          anchor="b", resamples=0)
    assert anchored.ratings == pytest.approx({"a": 190.849, "b": 0.0}, abs=1e-3)


def test_the_fit_reproduces_each_players_score_and_the_intervals_hold_the_ratings() -> None:
    table = HeadToHead(TABLE, resamples=300, seed=1)
    ratings = table.ratings
    # The maximum-likelihood ratings make each player's expected score equal its actual one
    # (the prior's drawn game per pair included): a scores 7 + 4 + 1 = 12 of 17.
    def expected(a: str, b: str) -> float:
        return 1 / (1 + 10 ** ((ratings[b] - ratings[a]) / 400))
    assert 11 * expected("a", "b") + 6 * expected("a", "c") == pytest.approx(7.5 + 4.5)
    assert sum(ratings.values()) == pytest.approx(0.0, abs=1e-9)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    frame = table.elo()
    assert frame["player"].tolist() == ["a", "b", "c"]
    assert frame["games"].tolist() == [15, 15, 10] and frame.loc[0, "score"] == pytest.approx(
        11 / 15)
    for row in frame.itertuples():
        assert row.low < row.elo < row.high
    assert HeadToHead(TABLE, resamples=300, seed=1).intervals == table.intervals
    assert "Elo (95% bootstrap intervals)" in repr(table)


def test_bad_tables_and_settings_are_refused_in_one_line() -> None:
    with pytest.raises(StrategoError, match="needs games between two different players"):
        HeadToHead(games("a", "a", "red", 2))
    with pytest.raises(StrategoError, match="anchor 'z' played no game"):
        HeadToHead(TABLE, anchor="z", resamples=0)
    with pytest.raises(StrategoError, match="'a' scored 2 of 2"):
        HeadToHead(games("a", "b", "red", 2), prior=0, resamples=0)
    with pytest.raises(StrategoError, match="above 0 and below"):
        fit_elo({("a", "b"): (2.0, 2.0)}, ["a", "b"])


def test_a_round_robin_gives_every_pair_the_same_deals_with_colours_swapped() -> None:
    rows = round_robin(["random", "heuristic", "beginner"], "barrage", games=4, seed=3,
                       max_plies=100, workers=1)
    assert len(rows) == 12
    pairs = {(row["red"], row["blue"]) for row in rows}
    assert ("random", "heuristic") in pairs and ("heuristic", "random") in pairs
    by_pair: dict[frozenset[str], list[str]] = {}
    for row in rows:
        by_pair.setdefault(frozenset((row["red"], row["blue"])), []).append(row["deal"])
    assert len({tuple(deals) for deals in by_pair.values()}) == 1
    table = HeadToHead(rows, resamples=50)
    assert set(table.players) == {"random", "heuristic", "beginner"}
    with pytest.raises(StrategoError, match="names repeat"):
        round_robin(["random", "random"], "duel")
