"""The batch path: the compiled kernel plays exactly the games the pure-Python engine plays.

The differential tests play the same seeds on both backends and compare every move code, for
classic and Barrage with the two-square and more-squares rules on, the random and the
heuristic policy (the beginner policy too), the rule switches the kernel compiles and variants
of one's own; a check on the same games shows that the repetition rules really cut moves in
them. The rest: the rows, the fallback without a compiler, and the errors. The rules added to
the kernel later (Captains, Spotters, Rescue) and the beginner policy have
``tests/batch/test_batch_rules.py``.
"""

from __future__ import annotations

import sys

import pytest

from stratego_widget.batch import (
    BatchError,
    compiled_available,
    deal,
    play,
    play_batch,
    play_moves,
    seeds,
)
from stratego_widget.engine.game import Game
from stratego_widget.engine.repetition import chase_forbidden, two_square_forbidden
from stratego_widget.engine.rulesets import Ruleset, ruleset

# (ruleset, parameters, policy, seeds): classic and Barrage with every repetition rule, then
# the switches the kernel reads (readings of the two-square rule, editions, optional rules).
CASES = [
    ("original", {"max_plies": 1500}, "random", range(8)),
    ("barrage", {"max_plies": 1500}, "random", range(16)),
    ("original", {"max_plies": 300}, "heuristic", range(4)),
    ("barrage", {"max_plies": 300}, ("heuristic", "random"), range(8)),
    ("original", {"max_plies": 300}, ("beginner", "heuristic"), range(4)),
    ("barrage", {"max_plies": 600, "two_square_count": 5}, "random", range(6)),
    ("barrage", {"max_plies": 600, "two_square_scout": "endpoints"}, "random", range(6)),
    ("barrage", {"max_plies": 600, "two_square_reading": "in-consecutive"}, "random", range(6)),
    ("classic-1961", {"max_plies": 600}, "random", range(3)),
    ("hasbro-1999+silent-defense", {"max_plies": 300}, ("random", "heuristic"), range(3)),
    ("barrage+aggressor-advantage+moving-bombs+moving-flag", {"max_plies": 600}, "random",
     range(6)),
    ("duel", {"max_plies": 600, "both_cannot_move": "draw"}, "random", range(6)),
    # Variants of one's own: Scouts of short reach, the Spy defending, changed strengths...
    ("barrage", {"max_plies": 600, "name": "short-scouts", "scout_max_distance": 2,
                 "spy_wins_defending": True, "strengths": {"general": 10}}, "random", range(8)),
    # ... and another board (8 x 8 with four lakes) and army.
    ("original", {"max_plies": 600, "name": "small", "width": 8, "height": 8,
                  "lakes": ("c4", "c5", "f4", "f5"), "home_rows": 3, "fill_home_rows": False,
                  "army": {"marshal": 1, "general": 1, "miner": 2, "scout": 3, "spy": 1,
                           "bomb": 3, "flag": 1}}, ("random", "heuristic"), range(6)),
]


@pytest.mark.parametrize(("spec", "params", "policy", "numbers"), CASES)
def test_both_backends_play_the_same_games_move_by_move(
        spec: str, params: dict[str, object], policy: str | tuple[str, str],
        numbers: range) -> None:
    rules = ruleset(spec, **params)
    for number in numbers:
        python = play_moves(rules, seed=11, game=number, policy=policy, backend="python")
        compiled = play_moves(rules, seed=11, game=number, policy=policy, backend="compiled")
        assert compiled == python, (spec, number)


# A Marshal and a General that both know each other's rank: the heuristic policy chases the
# General with the Marshal and the General flees, so the more-squares rule comes into play.
CHASE = {"a1": "red flag", "b1": "red bomb", "a2": "red bomb", "e4": "red marshal",
         "d3": "red scout", "j10": "blue flag", "i10": "blue bomb", "j9": "blue bomb",
         "e7": "blue general", "f8": "blue miner"}


@pytest.mark.parametrize("spec", ["original", "barrage"])
def test_both_backends_play_the_same_chases(spec: str) -> None:
    rules = ruleset(spec, max_plies=300)
    start = Game.from_pieces(rules, CHASE, revealed=["e4", "e7"])
    before = start.position()
    for number in range(12):
        python = play_moves(rules, 4, number, "heuristic", "python", start=start)
        compiled = play_moves(rules, 4, number, "heuristic", "compiled", start=start)
        assert compiled == python, number
    assert start.position() == before and start.ply == 0


def _rule_hits(rules: Ruleset, start: Game | None, policy: str, numbers: range) -> tuple[int, int]:
    """How often the two-square and the more-squares rule forbade a move in these games."""
    two_square = chase = 0
    for number in numbers:
        game = (Game.random(rules, seed=seeds(11, number)[0]) if start is None
                else Game.from_state(start.state.copy()))
        for code in play_moves(rules, 11 if start is None else 4, number, policy, "python",
                               start=start):
            p = game.state.to_move
            two_square += two_square_forbidden(game.state, p) is not None
            chase += chase_forbidden(game.state, p) is not None
            assert code in game.legal_codes()
            game.play_code(code)
    return two_square, chase


def test_the_differential_games_meet_both_repetition_rules() -> None:
    """The games compared above do run into the two-square and the more-squares rule, so the
    comparison covers them (counted on the engine, replaying the games)."""
    for spec in ("original", "barrage"):
        two_square, _ = _rule_hits(ruleset(spec, max_plies=1500), None, "random", range(8))
        assert two_square > 10, spec
        rules = ruleset(spec, max_plies=300)
        start = Game.from_pieces(rules, CHASE, revealed=["e4", "e7"])
        two_square, chase = _rule_hits(rules, start, "heuristic", range(12))
        assert two_square > 10 and chase > 10, (spec, two_square, chase)


def test_a_start_position_must_fit_the_batch() -> None:
    rules = ruleset("original", max_plies=100)
    begun = Game.from_pieces(rules, CHASE)
    begun.play_code(begun.legal_codes()[0])
    for start in (begun, Game.from_pieces("barrage", CHASE), "e4"):
        with pytest.raises(BatchError) as error:
            play_moves(rules, 0, start=start, backend="python")  # type: ignore[arg-type]
        assert error.value.rule == "batch-start"


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_the_rows_are_the_same_on_both_backends(policy: str) -> None:
    rules = ruleset("barrage", max_plies=400)
    compiled = play_batch(rules, games=12, seed=5, policy=policy, backend="compiled")
    python = play_batch(rules, games=12, seed=5, policy=policy, backend="python")
    assert compiled == python
    assert {row["termination"] for row in compiled} - {"ply-limit"}  # some games end by rule


def test_a_row_is_the_game_replayed_on_the_engine() -> None:
    rules = ruleset("barrage", max_plies=800)
    (row,) = play_batch(rules, games=1, seed=2, policy="random", first=4, backend="python")
    game = Game.random(rules, seed=row["seed"])
    for code in play_moves(rules, seed=2, game=4, backend="python"):
        game.play_code(code)
    assert game.outcome is not None
    assert (row["game"], row["winner"], row["termination"], row["plies"]) == (
        4, game.outcome.result(), game.outcome.termination.value, game.ply)
    assert row["strikes"] == sum(entry.strike in ("attacker", "defender", "both")
                                 for entry in game.history)


@pytest.mark.parametrize("spec", ["original", "barrage", "duel", "classic-1961", "sci-fi-2013",
                                  "ultimate-lightning"])
def test_a_batch_deals_what_game_random_deals(spec: str) -> None:
    rules = ruleset(spec)
    for setup in range(25):
        ours, engine = deal(rules, setup).state, Game.random(rules, seed=setup).state
        assert (ours.board, ours.kind, ours.owner) == (engine.board, engine.kind, engine.owner)


def test_games_are_numbered_so_a_batch_can_be_split() -> None:
    whole = play_batch("barrage", games=4, seed=9, backend="python")
    parts = (play_batch("barrage", games=2, seed=9, backend="python")
             + play_batch("barrage", games=2, seed=9, first=2, backend="python"))
    assert whole == parts
    assert len({row["deal"] for row in whole}) == 4
    assert play_batch("barrage", games=1, seed=10, backend="python") != whole[:1]


def test_a_ruleset_without_a_cap_gets_the_default_one() -> None:
    (row,) = play_batch("barrage", games=1, seed=0, policy="heuristic", first=1,
                        backend="python")
    assert row["plies"] <= play.DEFAULT_MAX_PLIES


def test_auto_plays_compiled_where_it_can() -> None:
    rules = ruleset("barrage+rescue", max_plies=200)
    compiled = play_batch(rules, games=2, seed=1, backend="compiled")
    assert play_batch(rules, games=2, seed=1, backend="auto") == compiled == play_batch(
        rules, games=2, seed=1, backend="python")


def test_without_numba_auto_falls_back_and_compiled_names_the_extra(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "numba", None)  # as if it were not installed
    assert not compiled_available()
    rows = play_batch("barrage", games=1, seed=3, backend="auto")
    assert rows == play_batch("barrage", games=1, seed=3, backend="python")
    with pytest.raises(BatchError) as error:
        play_batch("barrage", games=1, backend="compiled")
    assert error.value.rule == "batch-extra"
    assert "\n" not in str(error.value) and "stratego-widget[fast]" in str(error.value)


@pytest.mark.parametrize(("arguments", "rule"), [
    ({"policy": "clever"}, "batch"),
    ({"policy": ("random",)}, "batch"),
    ({"backend": "gpu"}, "batch"),
    ({"games": -1}, "batch"),
    ({"games": 2.5}, "batch"),
    ({"first": -3}, "batch"),
    ({"rules": "chess"}, "ruleset"),
])
def test_bad_arguments_raise_typed_errors(arguments: dict[str, object], rule: str) -> None:
    call = {"rules": "barrage", "games": 1, "backend": "python", **arguments}
    with pytest.raises(BatchError if rule.startswith("batch") else ValueError) as error:
        play_batch(**call)  # type: ignore[arg-type]
    assert getattr(error.value, "rule", None) == rule
