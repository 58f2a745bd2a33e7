"""How a game ends: Flag captured, no legal move, neither side able to move, the ply cap."""

from __future__ import annotations

import pytest
from positions import position

import stratego_widget as sw

EDITIONS = ["classic-1961", "onyx-2009", "hasbro-1999", "original", "sci-fi-2013"]


@pytest.mark.parametrize("spec", EDITIONS)
def test_striking_the_flag_wins(spec: str) -> None:
    """003_b6aa156b9d07877b.txt (1961), To End the Game: "Whenever a player 'strikes' his
    opponent's flag, the game ENDS and he is the WINNER"."""
    game = position(spec, {"e3": "red sergeant", "e4": "blue flag", "a5": "blue scout"})
    game.play("e3xe4")
    assert (game.is_over, game.winner, game.result_reason) == (True, "red", "flag-captured")
    assert game.legal_moves() == []
    with pytest.raises(sw.IllegalMoveError) as caught:
        game.play("a1-a2")
    assert caught.value.rule == "game-over"


@pytest.mark.parametrize("spec", EDITIONS)
def test_a_player_who_cannot_move_loses(spec: str) -> None:
    """1961 (003): "If a player cannot move a piece or 'strike' in his turn, he must give up
    and declare his opponent the winner"; 2013 (002): "A player cannot move a piece or attack.
    The opposing player is the winner"."""
    game = position(spec, {"e3": "red scout", "b1": "red bomb", "e6": "blue bomb"},
                    to_move="blue")
    assert game.is_over and game.winner == "red" and game.result_reason == "no-movable-pieces"
    assert game.outcome == sw.Outcome("red", sw.Termination.NO_MOVABLE_PIECES)


@pytest.mark.parametrize("spec", EDITIONS)
def test_a_player_whose_pieces_are_all_blocked_loses(spec: str) -> None:
    """1999 (001), Winning the Game: "If all of your movable pieces have been removed and you
    cannot move and attack on a turn, you must give up and surrender"; Onyx (000): "If a
    player cannot move a piece or strike in his/her turn, they must give up and declare their
    opponent the winner". A Scout walled in by its own Bombs cannot move: Blue loses."""
    game = position(spec, {"e3": "red scout", "j1": "blue scout", "i1": "blue bomb",
                           "j2": "blue bomb"}, to_move="blue")
    assert game.outcome == sw.Outcome("red", sw.Termination.CANNOT_MOVE)
    assert game.result_reason == "no-moves"


def test_a_player_stopped_only_by_the_repetition_rules_loses() -> None:
    """The two-square rule can leave a player without a legal move: that player loses too
    (rulebooks README, "No legal move": "a player who cannot move or strike loses")."""
    # Red's only piece that moves is a Major boxed in between e3 and e4 (Onyx: "in 3
    # consecutive turns", so the third shuffle is refused and Red has no legal move).
    game = sw.Game.from_pieces("onyx-2009", {
        "a1": "red flag", "e3": "red major", "d3": "red bomb", "f3": "red bomb",
        "e2": "red bomb", "d4": "blue bomb", "f4": "blue bomb", "e5": "blue bomb",
        "j10": "blue flag", "a9": "blue scout", "b9": "blue scout"})
    game.play("e3-e4")
    game.play("a9-a8")
    game.play("e4-e3")
    game.play("b9-b8")
    assert game.is_over, [str(m) for m in game.legal_moves()]
    assert game.winner == "blue" and game.result_reason == "no-moves"


@pytest.mark.parametrize("spec", EDITIONS)
def test_neither_player_able_to_move_the_side_to_move_loses(spec: str) -> None:
    """004 (Original), The Winner: "A player cannot move a piece or attack. In that case, the
    opposing player is the winner." Read to the letter (docs/rulings.md): when neither side can
    move, the side to move is the one that cannot move on its turn, and it loses."""
    game = position(spec, {"e3": "red bomb", "e6": "blue bomb"})
    assert game.outcome == sw.Outcome("blue", sw.Termination.NEITHER_CAN_MOVE)
    assert game.winner == "blue" and game.result_reason == "neither-can-move"


def test_neither_player_able_to_move_is_a_draw_when_the_parameter_says_so() -> None:
    """Platforms that score a position where neither side can move as a draw set the ruleset
    parameter ``both_cannot_move="draw"`` (docs/rulings.md)."""
    rules = sw.ruleset("original", both_cannot_move="draw")
    game = position(rules, {"e3": "red bomb", "e6": "blue bomb"})
    assert game.outcome == sw.Outcome(None, sw.Termination.NEITHER_CAN_MOVE)
    assert game.winner == "draw" and game.result_reason == "neither-can-move"
    with pytest.raises(sw.RulesetError):
        sw.ruleset("original", both_cannot_move="maybe")


def test_the_ply_cap_is_a_draw() -> None:
    """A ply cap for simulations (a parameter, off by default): reaching it is a draw."""
    game = sw.Game.random(sw.ruleset("barrage", max_plies=6), seed=1)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    assert game.is_over and game.winner == "draw" and game.result_reason == "ply-limit"
    assert sw.ruleset("barrage").max_plies is None


def test_resignation_and_undo_of_it() -> None:
    game = sw.Game.random("duel", seed=1)
    game.resign()
    assert game.winner == "blue" and game.result_reason == "resigned"
    game.undo()
    assert not game.is_over
