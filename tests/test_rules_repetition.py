"""The two-square rule in every reading and count, and Original's more-squares rule."""

from __future__ import annotations

import pytest
from positions import position, refused

# Blue's waiting moves: a Scout wandering over new squares, never back and forth.
BLUE_WANDER = ["a5-a6", "a6-a7", "b7-b6", "b6-b5", "c7-c8", "d7-d8", "e7-e8"]


def blue_waits(game, index: int) -> None:
    """Blue makes a move that repeats nothing (a different piece each time)."""
    origin, target = BLUE_WANDER[index].split("-")
    game.play(f"{origin}-{target}")


def shuffle(spec: str, count: int | None = None, **params) -> tuple[object, int]:
    """Red shuffles a Major e3-e4-e3...; return the game and the number of the first red move
    the two-square rule forbids."""
    if count is not None:
        params["two_square_count"] = count
    blue = {"a5": "blue scout", "b7": "blue scout", "c7": "blue scout", "d7": "blue scout",
            "e7": "blue scout"}
    game = position(spec, {"e3": "red major", **blue}, **params)
    for number, move in enumerate(["e3-e4", "e4-e3"] * 4, start=1):
        if not game.is_legal(move):
            refused(game, move, "two-square")
            return game, number
        game.play(move)
        blue_waits(game, number - 1)
    raise AssertionError("the two-square rule never stopped the shuffle")


@pytest.mark.parametrize(("spec", "forbidden"), [
    ("classic-1961", 4), ("original", 4), ("onyx-2009", 3), ("hasbro-1999", 3),
    ("sci-fi-2013", 3)])
def test_two_square_rule_default_reading_per_edition(spec: str, forbidden: int) -> None:
    """1961 (003), Rules for Movement 10: "No piece may be shifted more than 3 times back and
    forth in the same two squares" and Original (004): "for more than three consecutive turns"
    (the 4th move is refused); Onyx (000), 1999 (001) and 2013 (002): "cannot be moved back
    and forth between the same 2 squares in 3 consecutive turns" (the 3rd is refused)."""
    _game, number = shuffle(spec)
    assert number == forbidden


@pytest.mark.parametrize(("spec", "forbidden"), [("original", 6), ("onyx-2009", 5)])
def test_two_square_count_is_a_parameter(spec: str, forbidden: int) -> None:
    """Tournament play counts 5 instead of 3 (rulebooks README, two-square rule)."""
    _game, number = shuffle(spec, count=5)
    assert number == forbidden


def test_two_square_reading_is_a_parameter() -> None:
    """The reading ("more-than" or "in-consecutive") can be chosen on any edition."""
    _game, number = shuffle("original", two_square_reading="in-consecutive")
    assert number == 3


@pytest.mark.parametrize(("reading", "allowed"), [("path", False), ("endpoints", True)])
def test_scouts_moving_different_distances_on_one_line(reading: str, allowed: bool) -> None:
    """A Scout going a2-a4, a4-a2, a2-a4 and then a4-a3 moves back and forth on the same line:
    in the "path" reading (the default) that is the same two-square shuffle; the "endpoints"
    reading counts only identical squares (docs/rulings.md)."""
    game = position("original", {"a2": "red scout", "a5": "blue scout", "b7": "blue scout",
                                 "c7": "blue scout"}, two_square_scout=reading)
    for index, move in enumerate(["a2-a4", "a4-a2", "a2-a4"]):
        game.play(move)
        blue_waits(game, index + 2)
    assert game.is_legal("a4-a3") == allowed
    if not allowed:
        refused(game, "a4-a3", "two-square")


def test_the_player_who_started_must_stop_first() -> None:
    """004_7c74f8cd1c357391.txt (Original): the player who started the back-and-forth must
    stop first. Both shuffle; Red started, so Red is refused first while Blue may still make
    its answering move."""
    game = position("original", {"e3": "red major", "e8": "blue major"})
    moves = ["e3-e4", "e8-e7", "e4-e3", "e7-e8", "e3-e4", "e8-e7"]
    for move in moves:
        game.play(move)
    refused(game, "e4-e3", "two-square")
    game.play("e4-d4")
    assert game.is_legal("e7-e8") is False  # Blue's 4th shuffle move is now refused too


def test_more_squares_rule_only_in_original() -> None:
    """004_7c74f8cd1c357391.txt (Original): "If a piece is pursuing an enemy piece, the
    attacker has to stop if a repeat scenario threatens to arise on the board." 1961 has no
    such rule."""
    chase = ["e4-e5", "f5-f6", "e5-e6", "f6-f7", "e6-e7", "f7-f6", "e7-e6", "f6-f5"]
    original = position("original", {"e4": "red major", "f5": "blue captain"})
    classic = position("classic-1961", {"e4": "red major", "f5": "blue captain"})
    for move in chase:
        original.play(move)
        classic.play(move)
    refused(original, "e6-e5", "more-squares")
    assert classic.is_legal("e6-e5")


def test_more_squares_rule_can_be_switched_off() -> None:
    chase = ["e4-e5", "f5-f6", "e5-e6", "f6-f7", "e6-e7", "f7-f6", "e7-e6", "f6-f5"]
    game = position("original", {"e4": "red major", "f5": "blue captain"},
                    more_squares_rule=False)
    for move in chase:
        game.play(move)
    assert game.is_legal("e6-e5")
