"""Ultimate Lightning's Captains and the fast games' setups (004_7c74f8cd1c357391.txt)."""

from __future__ import annotations

import pytest
from positions import position, refused, targets

import stratego_widget as sw


def test_captains_move_two_squares_straight_or_turning() -> None:
    """004 (Original), Ultimate Lightning: "Captains can move two spaces during each turn,
    either in a straight line or by changing direction after the first space"."""
    game = position("ultimate-lightning", {"e3": "red captain", "j9": "blue scout"})
    assert targets(game, "e3") == {"e1", "e2", "e4", "e5", "c3", "d3", "f3", "g3",
                                   "d2", "d4", "f2", "f4"}


def test_captains_do_not_jump() -> None:
    game = position("ultimate-lightning", {"e3": "red captain", "e4": "red miner",
                                           "j9": "blue scout"})
    assert "e5" not in targets(game, "e3")
    assert "d4" in targets(game, "e3") and "f4" in targets(game, "e3")


def test_captains_move_and_strike_once_and_stop_there() -> None:
    """004 (Original): "Captains, like Scouts, can move and attack during the same turn.
    Captains can only attack once during each turn"."""
    game = position("ultimate-lightning", {"e3": "red captain", "e5": "blue sergeant",
                                           "e4": "blue scout", "j9": "blue scout"})
    assert "e4" in targets(game, "e3")
    assert "e5" not in targets(game, "e3")  # no striking through the first strike
    game = position("ultimate-lightning", {"e3": "red captain", "e5": "blue sergeant",
                                           "j9": "blue scout"})
    game.play("e3xe5")
    assert game.piece_at("e5") == ("red", "captain") and game.to_move == "blue"


def test_captains_are_ordinary_outside_ultimate_lightning() -> None:
    game = position("original", {"e3": "red captain", "j9": "blue scout"})
    assert targets(game, "e3") == {"e2", "e4", "d3", "f3"}
    refused(game, "e3-e5", "one-square")


@pytest.mark.parametrize(("spec", "size"), [("barrage", 8), ("duel", 10),
                                            ("ultimate-lightning", 20)])
def test_fast_games_set_up_anywhere_in_the_home_rows(spec: str, size: int) -> None:
    """004 (Original): Barrage has 8 pieces, Duel 10, Ultimate Lightning 20, "set up anywhere
    in the 40 squares of each player's first 4 rows"."""
    rules = sw.ruleset(spec)
    assert rules.army_size == size and not rules.fill_home_rows
    setup = sw.random_setup(spec, "red", seed=1)
    assert len(setup) == size
    sw.validate_setup(spec, "red", setup)
    with pytest.raises(sw.SetupError):
        sw.validate_setup(spec, "red", {**setup, "e5": "scout"})
