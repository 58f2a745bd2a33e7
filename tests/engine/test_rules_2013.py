"""The 2013 edition (002_2f9daa46d747bbe8.txt): board, Craters, army and the Spotter."""

from __future__ import annotations

import pytest
from positions import position, refused, targets

import stratego_widget as sw


def test_board_is_ten_wide_and_eight_deep_with_craters() -> None:
    """002 (2013): a 10 x 8 board; "The Crater areas in the center of the board contain no
    squares. Pieces must move around these areas, never through or over them"."""
    rules = sw.ruleset("sci-fi-2013")
    assert (rules.width, rules.height, rules.home_rows) == (10, 8, 3)
    assert sorted(rules.lakes) == ["c4", "c5", "d4", "d5", "g4", "g5", "h4", "h5"]
    game = position("sci-fi-2013", {"c3": "red major", "c2": "red scout", "j7": "blue scout"})
    refused(game, "c3-c4", "lake")
    assert "c6" not in targets(game, "c2")


@pytest.mark.parametrize(("spec", "size"), [("sci-fi-2013", 30), ("sci-fi-2013-duel", 10)])
def test_armies(spec: str, size: int) -> None:
    """The rulebooks README: 30 pieces (with 2 Spotters) in the 2013 game, 10 in its Duel."""
    rules = sw.ruleset(spec)
    assert rules.army_size == size
    assert dict(rules.army)["spotter"] == (2 if size == 30 else 1)


def test_spotter_right_guess_captures_without_moving() -> None:
    """002 (2013), Spotter Special Attack: "If your guess is correct, that piece is captured.
    The Spotter does NOT move to the captured piece's square"."""
    game = position("sci-fi-2013", {"e2": "red spotter", "e3": "blue general"})
    game.play("e2!general")
    assert game.piece_at("e3") is None
    assert game.piece_at("e2") == ("red", "spotter")
    assert game.captured("blue") == ["general"]


def test_spotter_wrong_guess_changes_nothing_but_reveals_the_spotter() -> None:
    """002 (2013): "Your opponent must reveal the piece's rank." and "If your guess is not
    correct, nothing happens. But your Spotter is revealed!" (docs/rulings.md)."""
    game = position("sci-fi-2013", {"e2": "red spotter", "e3": "blue general"})
    game.play("e2!major")
    assert game.piece_at("e3") == ("blue", "general")
    blue_view = game.observation("blue")["board"]["e2"]
    assert blue_view["kind"] == "spotter"
    assert game.observation("red")["board"]["e3"]["kind"] == "general"


def test_spotter_may_move_then_spot() -> None:
    """002 (2013): "Spotters may move, then use their special attack"; "A SPOTTER MAY ONLY
    GUESS THE IDENTITY OF A PIECE ON THE SQUARE IN FRONT OF IT"."""
    game = position("sci-fi-2013", {"e2": "red spotter", "e4": "blue major"})
    game.play("e2-e3!major")
    assert game.piece_at("e4") is None and game.piece_at("e3") == ("red", "spotter")
    game = position("sci-fi-2013", {"e2": "red spotter", "f3": "blue major"})
    refused(game, "e2!major", "spot")


@pytest.mark.parametrize("kind", ["bomb", "flag"])
def test_spotters_can_spot_bombs_and_the_flag(kind: str) -> None:
    """002 (2013): "Spotters can "spot" and capture Bombs and the Flag"."""
    pieces = {"e2": "red spotter", "e3": f"blue {kind}", "a7": "blue scout"}
    if kind == "bomb":
        pieces["j8"] = "blue flag"
    game = position("sci-fi-2013", pieces)
    game.play(f"e2!{kind}")
    assert game.piece_at("e3") is None
    if kind == "flag":
        assert game.winner == "red" and game.result_reason == "flag-captured"


def test_spotters_may_strike_normally() -> None:
    """002 (2013): "Spotters may attack normally instead of Spotting"."""
    game = position("sci-fi-2013", {"e2": "red spotter", "e3": "blue spy"})
    game.play("e2xe3")
    assert game.piece_at("e3") == ("red", "spotter")


def test_only_a_spotter_spots_and_only_real_kinds_are_guessed() -> None:
    game = position("sci-fi-2013", {"e2": "red major", "e3": "blue spy"})
    refused(game, "e2!spy", "spot")
    game = position("sci-fi-2013", {"e2": "red spotter", "e3": "blue spy"})
    with pytest.raises(sw.IllegalMoveError):
        game.play("e2!dragon")


def test_spy_has_no_number_and_spotter_is_one() -> None:
    """002 (2013): 10 (Marshal) is the highest; the Spotter is #1 and the Spy has no rank."""
    rules = sw.ruleset("sci-fi-2013")
    assert rules.label("marshal") == "10" and rules.label("spotter") == "1"
    assert rules.label("spy") == "S"


def test_a_refusal_by_a_crater_says_crater_as_the_2013_rulebook_does() -> None:
    """002 (2013), Rules For Moving, rule 4: "The Crater areas in the center of the board
    contain no squares. Pieces must move around these areas, never through or over them." """
    game = sw.Game.from_pieces("sci-fi-2013", {"c2": "red scout", "a1": "red flag",
                                               "j8": "blue flag"})
    for move, words in (("c2-c8", "A Scout cannot cross a crater"),
                        ("c2-c4", "No piece may enter a crater")):
        with pytest.raises(sw.IllegalMoveError, match=words) as error:
            game.play(move)
        assert error.value.rule == "lake" and "lake" not in str(error.value)
    original = sw.Game.from_pieces("original", {"c2": "red scout", "a1": "red flag",
                                                "j10": "blue flag"})
    with pytest.raises(sw.IllegalMoveError, match="A Scout cannot cross a lake"):
        original.play("c2-c8")
