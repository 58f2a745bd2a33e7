"""Strikes: rank order, equal ranks, the Spy, Bombs and Miners, who moves into the square,
and Scouts striking after a move; each edition as its rulebook words it."""

from __future__ import annotations

import pytest
from positions import position, refused, targets

CLASSIC = ["classic-1961", "onyx-2009", "hasbro-1999", "original"]
ALL_TEN_BY_TEN = [*CLASSIC, "barrage", "duel", "ultimate-lightning"]


@pytest.mark.parametrize("spec", [*CLASSIC, "sci-fi-2013"])
def test_the_higher_rank_wins(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Strike 6: "The piece with the lower rank is
    lost and removed from the board."; 002 (2013): "If your piece's rank is HIGHER than your
    opponent's, you win the attack and capture his or her piece"."""
    game = position(spec, {"e3": "red colonel", "e4": "blue major"})
    game.play("e3xe4")
    assert game.piece_at("e4") == ("red", "colonel")
    assert game.captured("blue") == ["major"]


@pytest.mark.parametrize("spec", [*CLASSIC, "sci-fi-2013"])
def test_the_lower_rank_loses_when_it_strikes(spec: str) -> None:
    """002_2f9daa46d747bbe8.txt (2013): "If your piece's rank is LOWER than your opponent's,
    you lose the attack and your piece is captured"."""
    game = position(spec, {"e3": "red sergeant", "e4": "blue major"})
    game.play("e3xe4")
    assert game.piece_at("e3") != ("red", "sergeant")
    assert game.captured("red") == ["sergeant"]


@pytest.mark.parametrize("spec", CLASSIC)
def test_equal_ranks_both_go(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Strike 7: "When equal ranks are struck, then
    both pieces are lost and removed from the board"; 001 (1999): "When pieces of the same
    rank battle, both pieces are removed from the board"."""
    game = position(spec, {"e3": "red major", "e4": "blue major"})
    game.play("e3xe4")
    assert game.piece_at("e3") is None and game.piece_at("e4") is None


@pytest.mark.parametrize(("spec", "defender_moves_in"), [
    ("classic-1961", True), ("onyx-2009", True), ("hasbro-1999", False), ("original", False),
    ("sci-fi-2013", False)])
def test_who_moves_into_the_emptied_square(spec: str, defender_moves_in: bool) -> None:
    """1961 and Onyx, Rules for Strike 6: "The winning higher ranking piece is then moved
    immediately into the empty square formerly occupied by the losing piece" (read literally,
    a winning defender moves too); 001 (1999): "If the winner was the defending piece, it
    stays in the same spot"; 002 (2013): "Your opponent's piece stays in its square"."""
    game = position(spec, {"e3": "red sergeant", "e4": "blue major"})
    game.play("e3xe4")
    if defender_moves_in:
        assert game.piece_at("e3") == ("blue", "major") and game.piece_at("e4") is None
    else:
        assert game.piece_at("e4") == ("blue", "major") and game.piece_at("e3") is None


@pytest.mark.parametrize("spec", ["classic-1961", "onyx-2009"])
def test_a_bomb_that_wins_never_moves(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Strike 10: "The bomb does not move into the
    empty square, but remains in its original position at all times"."""
    game = position(spec, {"e3": "red sergeant", "e4": "blue bomb"})
    game.play("e3xe4")
    assert game.piece_at("e4") == ("blue", "bomb") and game.piece_at("e3") is None


@pytest.mark.parametrize("spec", [*CLASSIC, "sci-fi-2013"])
def test_the_spy_removes_the_marshal_only_when_it_strikes_first(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Strike 9: "if the Spy 'strikes' the Marshal
    in his turn, the Marshal is removed. However, if the Marshal 'strikes' first, the Spy is
    removed"; 002 (2013), Spy Special Attack, says the same."""
    game = position(spec, {"e3": "red spy", "e4": "blue marshal", "a4": "blue spy",
                           "a3": "red marshal"})
    game.play("e3xe4")
    assert game.piece_at("e4") == ("red", "spy")
    game = position(spec, {"e3": "red spy", "e4": "blue marshal"}, to_move="blue")
    game.play("e4xe3")
    assert game.captured("red") == ["spy"]


@pytest.mark.parametrize("spec", [*CLASSIC, "sci-fi-2013"])
def test_any_piece_that_strikes_the_spy_removes_it(spec: str) -> None:
    """002_2f9daa46d747bbe8.txt (2013): "A Spy has no rank. If the Spy is attacked by any
    piece, it is removed"; 1961 rule 8: the Spy is the lowest-ranking piece."""
    attacker = "spotter" if spec == "sci-fi-2013" else "scout"
    game = position(spec, {"e3": f"red {attacker}", "e4": "blue spy"})
    game.play("e3xe4")
    assert game.captured("blue") == ["spy"]


@pytest.mark.parametrize("spec", [*CLASSIC, "sci-fi-2013", "barrage"])
def test_bombs_remove_strikers_except_miners(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Strike 10: "When any piece (except a miner)
    strikes a bomb (Bang!) that piece is lost ... When a Miner strikes a bomb, the bomb is
    lost and the Miner moves into that square"; 004 (Original): "The Miner then moves into the
    Bomb's square"."""
    game = position(spec, {"e3": "red marshal", "e4": "blue bomb", "f3": "red miner",
                           "f4": "blue bomb", "a4": "blue scout"})
    game.play("e3xe4")
    assert game.piece_at("e4") == ("blue", "bomb") and game.captured("red") == ["marshal"]
    game.play(next(str(m) for m in game.legal_moves()))  # Blue's turn
    game.play("f3xf4")
    assert game.piece_at("f4") == ("red", "miner") and "bomb" in game.captured("blue")


@pytest.mark.parametrize("spec", CLASSIC)
def test_bombs_and_the_flag_never_strike(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Strike 11: "A 'bomb' cannot strike"."""
    game = position(spec, {"e3": "red bomb", "e4": "blue major", "d2": "red scout"})
    refused(game, "e3xe4", "immovable")


@pytest.mark.parametrize(("spec", "allowed"), [
    ("classic-1961", False), ("onyx-2009", False), ("hasbro-1999", True), ("original", True),
    ("sci-fi-2013", True), ("barrage", True)])
def test_scouts_move_and_strike_in_one_turn_only_where_allowed(spec: str, allowed: bool) -> None:
    """Onyx 000_26202189cb10a678.txt, Rules for Movement 8: "The Scout may not move and strike
    in the same turn"; 1961, Rules for Strike 2: "He cannot do both"; 1999: "A Scout can move
    any number of open squares ... to attack"; 2013: "SCOUTS MAY MOVE AND ATTACK"."""
    game = position(spec, {"e2": "red scout", "e6": "blue major"})
    if allowed:
        assert "e6" in targets(game, "e2")
        game.play("e2xe6")
        assert game.captured("red") == ["scout"]
    else:
        refused(game, "e2xe6", "scout-move-and-strike")
        assert "e5" in targets(game, "e2")


def test_striking_is_optional() -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Strike 3: "It is not required to 'strike' at
    once when two opposing pieces are in position"."""
    game = position("classic-1961", {"e3": "red major", "e4": "blue major"})
    assert {"e2", "d3", "f3", "e4"} == targets(game, "e3")
    game.play("e3-d3")
    assert game.piece_at("e4") == ("blue", "major")


def test_no_diagonal_strikes() -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Strike 1: "NO DIAGONAL strikes can be
    made"."""
    game = position("classic-1961", {"e3": "red major", "f4": "blue captain"})
    refused(game, "e3xf4", "diagonal")
