"""Issue 33, "the move list keeps only a step's last move": an opponent with no reply that
fits the step passes (``Game.pass_turn``), and the game keeps its whole history, so the board's
move list and replay show every move of the step."""

from __future__ import annotations

from stratego_widget.lessons import StepState, catalog
from stratego_widget.lessons.board.session import LessonSession
from stratego_widget.lessons.playing.step import propose


def test_the_board_s_move_list_shows_every_move_of_a_step_with_passes() -> None:
    """pieces, step 4: a Captain walks e2-d2-d3-d4-e4 around a Bomb; Blue has no reply and
    passes after each move."""
    session = LessonSession("pieces", step=3)
    for move in ["e2-d2", "d2-d3", "d3-d4"]:
        assert not session.propose(move).solved
    view = session.board.view()
    assert view["moves"] == ["e2-d2", "--", "d2-d3", "--", "d3-d4", "--"]
    assert view["last_move"] is None and view["to_move"] == "red"
    assert session.propose("d4-e4").solved
    assert session.board.view()["moves"][-1] == "d4-e4"


def test_the_replay_goes_back_to_the_step_s_first_position() -> None:
    session = LessonSession("pieces", step=1)
    start = session.board.game.position()
    session.propose("e3-e4")
    game = session.board.game.copy()
    assert [str(move) for move in game.moves] == ["e3-e4", "--"]
    game.undo()
    game.undo()
    assert game.position() == start


def test_a_pass_keeps_the_followed_pieces() -> None:
    """The goal follows pieces by id (strike, step 4: remove the Sergeant on f5): a pass
    changes no id, and the step is solved by taking the piece followed."""
    state = StepState.start(catalog()["strike"].steps[3])
    ids = dict(state.ids)
    state, verdict = propose(state, "e4-e5")
    assert verdict.accepted and not verdict.solved
    assert state.ids == ids and [str(move) for move in state.game.moves] == ["e4-e5", "--"]
    position = state.game.state
    assert position.square[ids["f5"]] == position.geometry.index("f5")
    assert propose(state, "e5xf5")[1].solved
