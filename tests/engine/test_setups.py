"""Setups: validation against army and area, random and preset setups, text round trip."""

from __future__ import annotations

import pytest

import stratego_widget as sw
from stratego_widget.widget.setup_phase import SetupBoard


@pytest.mark.parametrize("spec", sw.ruleset_names())
@pytest.mark.parametrize("player", ["red", "blue"])
@pytest.mark.parametrize("style", ["sensible", "uniform"])
def test_random_setups_are_valid(spec: str, player: str, style: str) -> None:
    setup = sw.random_setup(spec, player, seed=3, style=style)
    sw.validate_setup(spec, player, setup)
    assert set(setup) <= set(sw.setup_area(spec, player))


@pytest.mark.parametrize("spec", ["original", "sci-fi-2013", "barrage"])
def test_sensible_setups_put_the_flag_on_the_back_row_with_bombs_around(spec: str) -> None:
    setup = sw.random_setup(spec, "red", seed=5)
    flag = next(sq for sq, kind in setup.items() if kind == "flag")
    assert flag[1:] == "1"  # the back row
    neighbours = {f"{chr(ord(flag[0]) + d)}{flag[1:]}" for d in (-1, 1)} | {f"{flag[0]}2"}
    assert any(setup.get(sq) == "bomb" for sq in neighbours)


def test_classic_setups_fill_all_four_rows() -> None:
    """003_b6aa156b9d07877b.txt (1961) and 004 (Original): the 40 pieces fill the four rows
    nearest the player."""
    setup = sw.random_setup("original", "red", seed=1)
    del setup["a1"]
    with pytest.raises(sw.SetupError) as caught:
        sw.validate_setup("original", "red", setup)
    assert caught.value.rule == "setup-incomplete"


def test_a_setup_outside_the_area_or_with_a_wrong_army_is_refused() -> None:
    setup = sw.random_setup("barrage", "red", seed=1)
    square = next(iter(setup))
    moved = {**{k: v for k, v in setup.items() if k != square}, "e5": setup[square]}
    with pytest.raises(sw.SetupError):
        sw.validate_setup("barrage", "red", moved)
    with pytest.raises(sw.SetupError):
        sw.validate_setup("barrage", "red", {**setup, "j4": "marshal"} if "j4" not in setup
                          else {**setup, "a4": "marshal"})


@pytest.mark.parametrize("spec", sw.ruleset_names())
def test_presets_are_valid_for_both_sides(spec: str) -> None:
    presets = sw.preset_setups(spec)
    assert presets
    for name in presets:
        for player in ("red", "blue"):
            sw.validate_setup(spec, player, sw.preset_setup(spec, name, player))


@pytest.mark.parametrize("spec", sw.ruleset_names())
def test_setup_text_round_trips(spec: str) -> None:
    for player in ("red", "blue"):
        setup = sw.random_setup(spec, player, seed=8)
        text = sw.format_setup(spec, player, setup)
        assert sw.parse_setup(spec, text, player) == setup


def test_setup_board_changes_are_validated_and_change_nothing_when_refused() -> None:
    board = SetupBoard("duel", "red")
    board.place("flag", "a1")
    with pytest.raises(sw.SetupError):
        board.place("flag", "b1")  # only one Flag
    with pytest.raises(sw.SetupError):
        board.swap("a1", "a5")  # outside the area
    assert board.pieces == {"a1": "flag"}
    board.swap("a1", "c2")
    assert board.pieces == {"c2": "flag"}
    board.random(seed=2)
    assert board.complete
