"""A pass (``Game.pass_turn``): a lesson device the engine records, never a legal move.

A lesson's opponent with no reply that fits the step gives the move back to the learner. The
game keeps its whole history through it (the move list, the rescues made, the repetition
rules' counts); no rulebook lets a player pass (004_7c74f8cd1c357391.txt, Original, Moving:
"You either move one of your pieces or attack one of your opponent's pieces"), so ``play``
refuses it and no record format writes it.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import position, refused

import stratego_widget as sw
from stratego_widget.engine.moves import PASS, Move
from stratego_widget.formats.records import dump


def moves_of(game: sw.Game) -> list[str]:
    return [str(move) for move in game.moves]


def test_a_pass_keeps_the_history_and_gives_the_turn_away() -> None:
    game = position("original", {"e3": "red major", "a7": "blue scout"})
    game.play("e3-e4")
    game.pass_turn()
    assert (game.to_move, game.ply) == ("red", 2)
    game.play("e4-e5")
    assert moves_of(game) == ["e3-e4", "--", "e4-e5"]
    assert game.piece_at("e5") == ("red", "major")
    assert [record["move"] for record in game.observation("blue")["history"]] == \
        ["e3-e4", "--", "e4-e5"]


def test_a_pass_is_seen_as_the_passing_side_s_ply() -> None:
    game = position("original", {"e3": "red major", "a7": "blue scout"})
    game.play("e3-e4")
    game.pass_turn()
    record = game.observation("red")["history"][1]
    assert record == {"ply": 2, "player": "blue", "move": "--", "from": None, "to": None,
                      "piece": None, "strike": None}


def test_undo_takes_a_pass_back() -> None:
    game = position("original", {"e3": "red major", "a7": "blue scout"})
    game.play("e3-e4")
    before = (game.position(), game.observation("red"), game.observation("blue"))
    game.pass_turn()
    assert game.undo() == PASS
    assert (game.position(), game.observation("red"), game.observation("blue")) == before
    assert moves_of(game) == ["e3-e4"]


def test_a_copy_and_a_pickle_keep_the_pass() -> None:
    game = position("original", {"e3": "red major", "a7": "blue scout"})
    game.play("e3-e4")
    game.pass_turn()
    for clone in (game.copy(), pickle.loads(pickle.dumps(game))):
        assert moves_of(clone) == ["e3-e4", "--"]
        assert clone.undo() == PASS and clone.to_move == "blue"


@pytest.mark.parametrize("spec", ["hasbro-1999", "onyx-2009", "original"])
def test_a_rescuer_who_rescued_twice_is_refused_a_third_rescue_after_passes(spec: str) -> None:
    """Onyx, 1999 and Original: at most two rescues per player; a pass forgets none."""
    pieces = {"e9": "red major", "c9": "red colonel", "a1": "red flag", "j10": "blue flag",
              "a10": "blue scout"}
    game = sw.Game.from_pieces(f"{spec}+rescue", pieces,
                               captured={"red": ["general", "captain", "miner"]})
    game.play("e9-e10+general@e2")
    game.pass_turn()
    game.play("c9-c10+captain@e3")  # another piece: allowed by every edition's wording
    game.pass_turn()
    assert game.observation("red")["rescues"] == {"red": 2, "blue": 0}
    assert not any(move.rescue for move in game.legal_moves())
    refused(game, "c10-d10+miner@e4", "rescue")


@pytest.mark.parametrize(("spec", "forbidden"), [("original", 4), ("onyx-2009", 3)])
def test_an_opponent_s_passes_do_not_break_the_two_square_count(spec: str,
                                                                  forbidden: int) -> None:
    """The rule counts a player's own consecutive moves (Original: "for more than three
    consecutive turns"; Onyx: "in 3 consecutive turns"): Blue passing in between changes
    nothing, the same move is refused as when Blue moves (tests/engine/test_rules_repetition.py)."""
    game = position(spec, {"e3": "red major", "a7": "blue scout"})
    for number, move in enumerate(["e3-e4", "e4-e3"] * 3, start=1):
        if number == forbidden:
            refused(game, move, "two-square")
            return
        game.play(move)
        game.pass_turn()
    raise AssertionError("the two-square rule never stopped the shuffle")


def test_a_player_s_own_pass_neither_counts_in_nor_breaks_a_shuffle() -> None:
    """docs/rulings.md: a pass is no move, so the moves on either side of it are consecutive."""
    game = position("onyx-2009", {"e3": "red major", "a7": "blue scout", "b7": "blue scout"})
    for move in ["e3-e4", "a7-a6", "--", "b7-b6", "e4-e3", "a6-a5"]:
        game.pass_turn() if move == "--" else game.play(move)
    refused(game, "e3-e4", "two-square")  # Onyx: the third move of the shuffle


def test_a_pass_keeps_the_chase_of_the_more_squares_rule() -> None:
    game = position("original", {"e3": "red major", "f4": "blue captain"})
    game.play("e3-e4")
    chase = game.state.chase
    game.pass_turn()
    assert game.state.chase == chase is not None


@pytest.mark.parametrize(("spec", "cited"), [
    ("original", "Original: Moving"), ("classic-1961", "1961: Rules for Movement, rule 11"),
    ("onyx-2009", "Onyx: Rules for Movement, rule 11"), ("hasbro-1999", "1999: Gameplay"),
    ("sci-fi-2013", "2013: On Your Turn")])
def test_play_refuses_a_pass_naming_the_rule(spec: str, cited: str) -> None:
    """000 (Onyx), Rules for Movement 11: "A player **must either move or strike** in his
    turn."; 003 (1961), the same rule with "move" and "strike" in quotes; 001 (1999), Gameplay:
    "On your turn you must do one of the following:"; 002 (2013), On Your Turn: "Each turn, you
    must do **ONE** of the following:"; 004 (Original), Moving: "You either move one of your
    pieces or attack one of your opponent's pieces."."""
    game = position(spec, {"e3": "red major", "a7": "blue scout"})
    error = refused(game, "--", "no-pass")
    assert str(error).endswith(f"({cited}).") and "\n" not in str(error)
    refused(game, PASS, "no-pass")
    assert not any(move.is_pass for move in game.legal_moves())


def test_a_pass_reads_and_writes_as_two_dashes() -> None:
    assert Move.parse("--") == PASS and str(PASS) == "--" and PASS.is_pass
    assert not Move.parse("e3-e4").is_pass


def test_no_pass_once_the_game_is_over() -> None:
    game = position("original", {"e3": "red major", "e4": "blue flag"})
    game.play("e3xe4")
    with pytest.raises(sw.IllegalMoveError) as caught:
        game.pass_turn()
    assert caught.value.rule == "game-over"
    assert moves_of(game) == ["e3xe4"] and game.winner == "red"


def test_a_side_that_cannot_move_may_pass_and_the_game_goes_on() -> None:
    """A lesson's Blue often has only its Flag: it passes, and the learner moves again."""
    game = position("original", {"e3": "red major"})
    game.play("e3-e4")
    assert game.result_reason == "no-movable-pieces"
    game.pass_turn()
    assert not game.is_over and game.to_move == "red"
    game.undo()
    assert game.result_reason == "no-movable-pieces"


def test_a_pass_counts_towards_a_move_limit() -> None:
    game = position("original", {"e3": "red major", "a7": "blue scout"}, max_plies=2)
    game.play("e3-e4")
    game.pass_turn()
    assert game.result_reason == "ply-limit"
    game.undo()
    assert not game.is_over


@pytest.mark.parametrize("fmt", ["json", "swn", "gravon", "gsn"])
def test_no_record_format_writes_a_pass(fmt: str) -> None:
    game = sw.Game.random("barrage", seed=1)
    game.play(game.legal_moves()[0])
    game.pass_turn()
    with pytest.raises(sw.RecordError) as caught:
        dump(game, fmt)
    assert caught.value.rule == "record-pass" and "ply 2" in str(caught.value)
    assert "\n" not in str(caught.value)
    game.undo()
    assert dump(game, fmt)  # the same game without its pass is written


def test_the_animated_picture_replays_a_pass() -> None:
    game = sw.Game.random("barrage", seed=1)
    game.play(game.legal_moves()[0])
    game.pass_turn()
    game.play(game.legal_moves()[0])
    assert "--" in game.to_svg(viewer="red", animate=True)


SPECS = ["original+rescue", "onyx-2009+rescue", "barrage", "ultimate-lightning",
         "sci-fi-2013-duel", "hasbro-1999+rescue"]


def state_of(game: sw.Game) -> tuple[object, ...]:
    position = game.state
    return (game.position(), game.observation("red"), game.observation("blue"),
            position.rescues, position.chase, position.hash, moves_of(game))


@given(st.sampled_from(SPECS), st.integers(0, 10_000),
       st.lists(st.integers(-3, 10_000), min_size=1, max_size=80))
def test_any_moves_and_passes_undone_give_back_every_position(spec: str, seed: int,
                                                              picks: list[int]) -> None:
    """A negative pick passes, any other plays the legal move it picks; undoing them all
    gives back each earlier position exactly, down to the first."""
    game = sw.Game.random(sw.ruleset(spec, max_plies=300), seed=seed)
    seen = [state_of(game)]
    for pick in picks:
        if game.is_over:
            break
        if pick < 0:
            game.pass_turn()
        else:
            moves = game.legal_moves()
            game.play(moves[pick % len(moves)])
        seen.append(state_of(game))
    while len(seen) > 1:
        assert state_of(game) == seen.pop()
        game.undo()
    assert state_of(game) == seen[0]
