"""Verification under hidden information: the sampled armies, the verdict, the shipped set."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stratego_widget.bots.belief import Belief
from stratego_widget.engine.game import Game
from stratego_widget.puzzles import MIN_SAMPLES, PuzzleError, verify, wilson
from stratego_widget.puzzles.csvfile import shipped_puzzles
from stratego_widget.puzzles.verify import MARGIN


def decided() -> Game:
    """Red takes the shown Flag now, or Blue's Scout takes Red's shown Flag."""
    return Game.from_pieces("barrage", {"a1": "red flag", "j2": "red scout",
                                        "e4": "red marshal", "j10": "blue flag",
                                        "e7": "blue general", "a2": "blue scout"},
                            revealed=["j10", "a1"])


def played(ruleset: str, seed: int, plies: int) -> Game:
    game = Game.random(ruleset, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play_code(rng.choice(game.legal_codes()))
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(["barrage", "original"]), seed=st.integers(0, 10_000),
       plies=st.integers(0, 300), draw=st.integers(0, 1_000))
def test_sampled_armies_never_contradict_what_the_solver_has_seen(
        ruleset: str, seed: int, plies: int, draw: int) -> None:
    game = played(ruleset, seed, plies)
    solver = game.to_move
    seen = game.observation(solver, history=False)
    army = Belief(seen).sample(random.Random(draw))
    again = Game.from_state(army).observation(solver, history=False)
    assert again["board"] == seen["board"]
    assert sorted(map(str, again["captured"]["red"])) == sorted(map(str, seen["captured"]["red"]))
    assert sorted(map(str, again["captured"]["blue"])) == sorted(
        map(str, seen["captured"]["blue"]))
    # and the army is a whole army of the ruleset: every rank as many times as it has
    enemy = 1 - army.to_move
    kinds = sorted(army.kind[pid] for pid in army.pieces[enemy])
    assert kinds == sorted(k for k, n in army.rules.army_counts.items() for _ in range(n))


def test_a_decided_position_is_accepted_with_its_only_move() -> None:
    result = verify(decided(), seed=11)
    assert result.samples == MIN_SAMPLES
    assert result.best.move == "j2xj10" and result.best.rate == 1.0
    assert result.accepted
    assert result.margin >= MARGIN and result.best.low > result.estimates[1].high


def test_the_opening_position_is_not_a_puzzle() -> None:
    assert not verify(Game.random("barrage", seed=5), seed=1).accepted


def test_verification_is_seeded_and_leaves_the_game_alone() -> None:
    game = played("barrage", 3, 40)
    position = game.position()
    assert verify(game, seed=4, samples=16) == verify(game, seed=4, samples=16)
    assert game.position() == position


def test_fewer_armies_than_the_minimum_are_never_accepted() -> None:
    assert not verify(decided(), seed=1, samples=MIN_SAMPLES - 1).accepted


def test_a_repetition_rule_that_refuses_a_move_tags_the_verdict() -> None:
    game = Game.from_pieces("original", {"a1": "red flag", "e1": "red major",
                                         "j10": "blue flag", "j1": "blue scout"})
    for text in ["e1-e2", "j1-j2", "e2-e1", "j2-j1", "e1-e2", "j1-j2"]:
        game.play(text)
    result = verify(game, seed=0, samples=4)
    assert result.repetition == ("two-square",)
    assert "e2-e1" not in {estimate.move for estimate in result.estimates}


@pytest.mark.parametrize("bad", [0, -1, True, "8"])
def test_bad_sample_counts_are_refused_in_one_line(bad: object) -> None:
    with pytest.raises(PuzzleError, match="samples") as error:
        verify(decided(), samples=bad)  # type: ignore[arg-type]
    assert "\n" not in str(error.value)


def test_wilson_interval_matches_the_textbook_figures() -> None:
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)


def test_shipped_puzzles_still_pass_with_another_seed() -> None:
    puzzles = shipped_puzzles()
    sample = random.Random(36).sample(puzzles, 2)
    for puzzle in sample:
        result = verify(puzzle.game(), seed=9_999)
        assert result.accepted, (puzzle.puzzle_id, result.estimates[:2])
        assert result.best.move == puzzle.moves[0], puzzle.puzzle_id


@pytest.mark.full
def test_a_larger_sample_of_shipped_puzzles_still_passes_with_another_seed() -> None:
    puzzles = shipped_puzzles()
    for puzzle in random.Random(7).sample(puzzles, min(12, len(puzzles))):
        result = verify(puzzle.game(), seed=123_457)
        assert result.accepted, (puzzle.puzzle_id, result.estimates[:2])
        assert result.best.move == puzzle.moves[0], puzzle.puzzle_id
