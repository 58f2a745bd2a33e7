"""Movement, lakes and immovable pieces, in every edition."""

from __future__ import annotations

import pytest
from positions import position, refused, targets

import stratego_widget as sw

CLASSIC = ["classic-1961", "onyx-2009", "hasbro-1999", "original"]


@pytest.mark.parametrize("spec", CLASSIC)
def test_one_square_forward_backward_sideways_not_diagonally(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Movement 2: "A piece moves from square to
    square, one square at a time ... forward, backward, or sideways but NOT DIAGONALLY"."""
    game = position(spec, {"e3": "red major", "j9": "blue scout"})
    assert targets(game, "e3") == {"e2", "e4", "d3", "f3"}
    refused(game, "e3-f4", "diagonal")
    refused(game, "e3-e5", "one-square")


@pytest.mark.parametrize("spec", CLASSIC)
def test_no_piece_enters_a_lake(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Movement 3: "two lakes in the center of the
    board, which contain no squares. Pieces must move around lakes"."""
    game = position(spec, {"c4": "red major", "j9": "blue scout"})
    assert "c5" not in targets(game, "c4")
    refused(game, "c4-c5", "lake")


@pytest.mark.parametrize("spec", CLASSIC)
def test_scouts_do_not_cross_lakes_or_jump(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Movement 5: "A piece may not move through a
    square occupied by a piece nor jump over a piece"; rule 3: pieces move around lakes."""
    game = position(spec, {"c2": "red scout", "e2": "red scout", "e6": "red miner",
                           "j9": "blue scout"})
    assert "c7" not in targets(game, "c2")
    refused(game, "c2-c8", "lake")
    refused(game, "e2-e8", "jump")
    assert {"e3", "e4", "e5"} <= targets(game, "e2")


@pytest.mark.parametrize("spec", CLASSIC)
@pytest.mark.parametrize("kind", ["bomb", "flag"])
def test_bombs_and_the_flag_never_move(spec: str, kind: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Movement 7: "The 'Flag' and the 'Bomb'
    pieces cannot be moved."; 004 (Original) says the same of "Bombs and the Flag"."""
    game = position(spec, {"e3": f"red {kind}", "d3": "red scout", "j9": "blue scout",
                           **({"b1": "red flag"} if kind == "bomb" else {})})
    assert targets(game, "e3") == set()
    refused(game, "e3-e4", "immovable")


@pytest.mark.parametrize("spec", CLASSIC)
def test_a_piece_cannot_move_onto_its_own_piece(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Movement 4 (only one piece per square)."""
    game = position(spec, {"e3": "red major", "e4": "red captain", "j9": "blue scout"})
    refused(game, "e3-e4", "occupied")


def test_only_the_side_to_move_moves() -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Movement 1: players move in turn."""
    game = position("original", {"e3": "red major", "e7": "blue major"})
    refused(game, "e7-e6", "not-your-piece")
    refused(game, "e5-e6", "no-piece")


def test_the_original_rivers_between_the_lakes_can_be_crossed() -> None:
    """004_7c74f8cd1c357391.txt (Original): the three lanes between and beside the lakes are
    ordinary squares."""
    game = position("original", {"e4": "red scout", "j9": "blue scout"})
    assert {"e5", "e6", "e7", "e8", "e9", "e10"} <= targets(game, "e4")


def test_scout_moves_any_number_of_open_squares() -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Movement 8: "The 'Scout' may move any number
    of OPEN squares forward, backward, or sideways in a straight line"."""
    game = position("classic-1961", {"a4": "red scout", "j9": "blue scout"})
    assert targets(game, "a4") == {"a2", "a3", "a5", "a6", "a7", "a8", "a9", "a10", "b4", "c4",
                                   "d4", "e4", "f4", "g4", "h4", "i4", "j4"}


def test_a_rejected_move_leaves_everything_as_it_was() -> None:
    """Bad input gets a clear error and changes nothing: position, turn, and legal moves."""
    game = sw.Game.random("original", seed=11)
    refused(game, "a1-a2", "immovable" if game.piece_at("a1")[1] in ("bomb", "flag")
            else "occupied")
