"""Replays of games that start late or last long (issue: what a shared file can do).

A record may start from a position after ply 0: its replay goes back over the moves recorded,
not over ``game.ply``. A finished long game keeps its replay in memory that grows with the
number of moves, not with its square.
"""

from __future__ import annotations

import pathlib
import random
import tracemalloc

import pytest
from pages import page_state
from widget_state import check_no_leak

import stratego_widget as sw
from stratego_widget import StrategoWidget
from stratego_widget.formats import records
from stratego_widget.widget.replay import frame_views
from stratego_widget.widget.view import board_view


def late_game(plies: int = 30) -> sw.Game:
    """A duel read from a JSON record whose start position is at ply ``plies``."""
    game = sw.Game.random("duel", seed=3)
    rng = random.Random(1)
    for _ in range(plies):
        game.play(rng.choice(game.legal_moves()))
    start = sw.Game.from_position(game.position(), "duel")
    loaded = records.from_json(records.to_json(start))
    assert loaded.ply == plies and not loaded.history
    return loaded


def test_a_game_that_starts_late_is_shown_and_exported(tmp_path: pathlib.Path) -> None:
    game = late_game()
    board = StrategoWidget(game, viewer="red")
    assert board.view["replay"] == {"index": 0, "length": 0, "to_move": game.to_move}
    page = game.to_html(tmp_path / "late.html", viewer="red")
    assert "sw-page-state" in page.read_text(encoding="utf-8")


def test_a_browser_move_that_ends_a_late_game_shows_the_result_and_its_replay() -> None:
    game = late_game()
    start = game.position()
    board = StrategoWidget(game, viewer="both")
    rng = random.Random(5)
    ended_by_browser = False
    while not board.game.is_over:
        move = rng.choice(board.game.legal_moves())
        trial = board.game.copy()
        trial.play(move)
        if trial.is_over:  # the move that ends the game comes from the browser
            board.handle({"type": "move", "from": move.origin, "to": move.target})
            ended_by_browser = True
        else:
            board.play(move)
    assert ended_by_browser and board.view["message"] is None
    assert board.view["phase"] == "over" and board.view["result"] is not None
    moves = len(board.game.history)
    assert board.view["replay"]["length"] == moves == board.replay_frames["length"]
    board.handle({"type": "replay", "index": 0})
    first = board_view(sw.Game.from_position(start, "duel"), "both", "en")
    assert board.view["pieces"] == first["pieces"]
    assert frame_views(board.replay_frames)[0]["pieces"] == first["pieces"]
    board.handle({"type": "replay", "index": moves + 1})
    assert board.view["message"]["rule"] == "protocol-value"


def finished_long_game(plies: int) -> StrategoWidget:
    """A board whose classic game went ``plies`` random moves, then Red resigned."""
    game = sw.Game.random("original", seed=8)
    rng = random.Random(8)
    while game.ply < plies and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    assert game.ply == plies, "the random game ended early: pick another seed"
    board = StrategoWidget(game, viewer="both")  # the teacher's view, which may undo
    board.handle({"type": "resign"})
    return board


def peak_bytes_of_replay(board: StrategoWidget) -> int:
    """The most memory the board's replay took while it was built again (for a new ending)."""
    board.handle({"type": "undo"})  # takes the resignation back
    assert not board.game.is_over and board.replay_frames == {}
    tracemalloc.start()
    try:
        board.handle({"type": "resign"})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert board.replay_frames["length"] == len(board.game.history)
    return peak


def test_the_replay_of_a_long_game_takes_memory_in_step_with_its_length() -> None:
    short, long = finished_long_game(150), finished_long_game(1200)
    ratio = peak_bytes_of_replay(long) / peak_bytes_of_replay(short)
    # Eight times the moves: about eight times the memory (it grew with the square: every
    # intermediate view held the whole move list).
    assert ratio < 10, ratio


def test_a_game_going_on_is_exported_only_as_a_side_sees_it(tmp_path: pathlib.Path) -> None:
    game = late_game()
    with pytest.raises(sw.StrategoError, match='viewer="red"') as info:
        game.to_html(tmp_path / "game.html")
    assert info.value.rule == "viewer" and not (tmp_path / "game.html").exists()
    page = game.to_html(tmp_path / "game.html", viewer="red").read_text(encoding="utf-8")
    (saved,) = page_state(page)["models"].values()
    check_no_leak(StrategoWidget(game, viewer="red"), saved["state"]["view"])


def test_a_finished_game_is_exported_with_every_rank_by_default(tmp_path: pathlib.Path) -> None:
    game = late_game()
    game.resign("red")
    page = game.to_html(tmp_path / "game.html").read_text(encoding="utf-8")
    (saved,) = page_state(page)["models"].values()
    view = saved["state"]["view"]
    assert view["viewer"] == "both" and view["revealed"]
    assert "?" not in "".join(code[1] for code in view["pieces"].values())
