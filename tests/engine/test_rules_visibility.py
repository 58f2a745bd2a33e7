"""Hidden information: what each player is shown, by strikes, Scout moves and captures."""

from __future__ import annotations

import pytest
from positions import position

import stratego_widget as sw


def kind_seen(game: sw.Game, viewer: str, square: str) -> str | None:
    return game.observation(viewer)["board"][square]["kind"]


def test_enemy_ranks_start_hidden_and_own_ranks_are_known() -> None:
    game = sw.Game.random("original", seed=1)
    red = game.observation("red")["board"]
    assert all(p["kind"] is None for p in red.values() if p["owner"] == "blue")
    assert all(p["kind"] is not None for p in red.values() if p["owner"] == "red")


def test_a_strike_reveals_both_pieces_to_both_players() -> None:
    """003_b6aa156b9d07877b.txt (1961), Rules for Strike 5: the striker declares his rank and
    "The opponent answers by naming the rank of his piece"."""
    game = position("original", {"e3": "red sergeant", "e4": "blue major"})
    game.play("e3xe4")
    assert kind_seen(game, "red", "e4") == "major"
    strike = game.observation("blue")["history"][-1]["strike"]
    assert strike == {"attacker": "sergeant", "defender": "major", "outcome": "defender"}


@pytest.mark.parametrize(("spec", "distance", "revealed"), [
    ("original", 1, False), ("original", 2, True), ("original", 3, True),
    ("ultimate-lightning", 2, False), ("ultimate-lightning", 3, True)])
def test_a_scout_moving_several_squares_shows_it_is_a_scout(spec: str, distance: int,
                                                             revealed: bool) -> None:
    """004 (Original): "If a Scout moves more than one square, its identity will be revealed";
    in Ultimate Lightning a two-square move may be a Captain, so only three or more prove a
    Scout (docs/rulings.md)."""
    game = position(spec, {"e2": "red scout", "j9": "blue scout"})
    game.play(f"e2-e{2 + distance}")
    assert (kind_seen(game, "blue", f"e{2 + distance}") == "scout") is revealed


def test_captured_pieces_are_public_in_original() -> None:
    """004 (Original): captured pieces are sorted and placed "where both players can see
    them"."""
    game = position("original", {"e3": "red major", "e4": "blue captain"})
    game.play("e3xe4")
    assert game.observation("red")["captured"]["blue"] == ["captain"]
    assert game.observation("blue")["captured"]["blue"] == ["captain"]


def test_a_piece_that_never_struck_stays_hidden_after_moving_one_square() -> None:
    game = position("original", {"e3": "red major", "j9": "blue scout"})
    game.play("e3-e4")
    piece = game.observation("blue")["board"]["e4"]
    assert piece["kind"] is None and piece["moved"] is True


def test_pieces_captured_before_a_position_starts_are_seen_as_the_rules_show_them() -> None:
    """004 (Original), Attacking: "This makes it possible for both players to see which pieces
    they have already captured."; 000 (Onyx), Silent Defense: "Players keep their own captured
    pieces", so a removed defender's rank stays unsaid."""
    original = sw.Game.from_pieces("original", {"a1": "red flag", "j10": "blue flag"},
                                   captured={"blue": ["scout", "scout"], "red": ["major"]})
    assert original.observation("red")["captured"]["blue"] == ["scout", "scout"]
    assert original.observation("blue")["captured"]["red"] == ["major"]
    silent = sw.Game.from_pieces("onyx-2009+silent-defense",
                                 {"a1": "red flag", "j10": "blue flag"},
                                 captured={"blue": ["scout"]})
    assert silent.observation("red")["captured"]["blue"] == [None]
    assert silent.observation("blue")["captured"]["blue"] == ["scout"]
