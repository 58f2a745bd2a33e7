"""Glicko-2 (issue 36): the update against the reference figures of Glickman's worked example."""

from __future__ import annotations

import pytest

from stratego_widget.puzzles import PuzzleError
from stratego_widget.puzzles.rating import Rating, expected_score, rate, rate_attempt

OPPONENTS = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_the_update_gives_the_figures_of_glickmans_example() -> None:
    # Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 after three games
    # becomes 1464.06/151.52/0.05999 (the paper rounds each step; exact: 1464.0507).
    after = rate(Rating(1500, 200, 0.06), OPPONENTS)
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_example_s_expected_scores() -> None:
    player = Rating(1500, 200)
    scores = [expected_score(player, opponent) for opponent, _ in OPPONENTS]
    assert scores == pytest.approx([0.639, 0.432, 0.303], abs=0.001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = rate(Rating(1600, 200, 0.06), [])
    assert after.rating == 1600
    assert after.deviation == pytest.approx((200 ** 2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_an_attempt_moves_learner_and_puzzle_apart() -> None:
    learner, puzzle = Rating(1500, 350), Rating(1500, 100)
    solved_learner, solved_puzzle = rate_attempt(learner, puzzle, solved=True)
    missed_learner, missed_puzzle = rate_attempt(learner, puzzle, solved=False)
    assert solved_learner.rating > 1500 > missed_learner.rating
    assert missed_puzzle.rating > 1500 > solved_puzzle.rating
    # the sure puzzle rating moves less than the unsure learner's
    assert abs(solved_puzzle.rating - 1500) < abs(solved_learner.rating - 1500)


@pytest.mark.parametrize(("fields", "named"), [
    ({"rating": float("nan")}, "'rating'"), ({"deviation": 0}, "'deviation'"),
    ({"volatility": "x"}, "'volatility'"), ({"deviation": True}, "'deviation'")])
def test_a_bad_rating_is_a_one_line_error_naming_the_field(
        fields: dict[str, object], named: str) -> None:
    with pytest.raises(PuzzleError) as error:
        Rating(**fields)  # type: ignore[arg-type]
    assert named in str(error.value) and "\n" not in str(error.value)


def test_a_bad_score_is_refused() -> None:
    with pytest.raises(PuzzleError, match="score"):
        rate(Rating(), [(Rating(), 0.7)])
