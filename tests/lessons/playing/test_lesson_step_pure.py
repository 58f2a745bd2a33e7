"""A lesson step is a pure step over a value, and the board never holds the run's game.

``propose(state, action)`` gives the state the action leads to and its verdict, and leaves the
state it was given as it was: the same state and action always give the same verdict. The
board a lesson plays on holds a copy of the run's position, so playing on one never moves the
other.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stratego_widget.lessons import StepState, catalog
from stratego_widget.lessons.board.session import LessonSession
from stratego_widget.lessons.playing.step import propose

STEPS = [(lesson.id, index) for lesson in catalog().values()
         for index in range(len(lesson.steps))]
SQUARES = [f"{file}{rank}" for file in "abcdefghij" for rank in range(1, 11)]
KINDS = ["marshal", "general", "colonel", "major", "captain", "lieutenant", "sergeant",
         "miner", "scout", "spy", "bomb", "flag"]


def snapshot(state: StepState) -> tuple[Any, ...]:
    """Everything of ``state`` a proposal could change."""
    game = state.game
    return (game.position(), game.ply, len(game.history), game.to_move, game.outcome,
            dict(state.ids), state.actions, state.refused_rule, state.answer,
            dict(state.placements), list(state.tray), list(state.played))


@st.composite
def actions(draw: st.DrawFn, state: StepState) -> str:
    """An action for ``state``'s step: often a legal one, else one of its kind made up."""
    step = state.step
    if step.kind == "question":
        return draw(st.one_of(st.sampled_from(sorted(step.choices)), st.text(max_size=8)))
    if step.kind == "setup":
        return draw(st.one_of(
            st.sampled_from([*state.tray, *KINDS]).flatmap(
                lambda kind: st.sampled_from(SQUARES).map(lambda square: f"{kind}@{square}")),
            st.text(max_size=8)))
    legal = [str(move) for move in state.game.legal_moves()]
    made_up = st.tuples(st.sampled_from(SQUARES), st.sampled_from("-x"),
                        st.sampled_from(SQUARES)).map("".join)
    return draw(st.one_of(st.sampled_from(legal), made_up) if legal else made_up)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_step_is_a_pure_function_of_its_state_and_the_action(data: st.DataObject) -> None:
    lesson_id, index = data.draw(st.sampled_from(STEPS), label="step")
    state = StepState.start(catalog()[lesson_id].steps[index])
    for _ in range(data.draw(st.integers(1, 4), label="actions")):
        action = data.draw(actions(state), label="action")
        before = snapshot(state)
        first, verdict = propose(state, action)
        assert snapshot(state) == before  # the input is never changed
        again, verdict_again = propose(state, action)
        assert verdict_again == verdict  # the same state and action: the same verdict
        assert snapshot(again) == snapshot(first)
        if verdict.accepted:
            assert first is not state and first.game is not state.game
        else:
            assert first is state  # a refusal leads nowhere
        if verdict.solved or verdict.failed or first.game.is_over:
            break
        state = first


def test_a_refused_action_gives_back_the_state_it_was_given() -> None:
    state = StepState.start(catalog()["scout"].steps[0])
    after, verdict = propose(state, "b2-c3")
    assert (verdict.accepted, verdict.rule, after is state) == (False, "diagonal", True)
    after, verdict = propose(state, "b2-b7")
    assert verdict.solved and after.actions == 1 and state.actions == 0
    assert state.game.piece_at("b2") == ("red", "scout")


def board_and_run(session: LessonSession) -> tuple[Any, Any]:
    game = session.run.game
    assert game is not None
    return session.board.game, game


def test_playing_on_the_boards_game_leaves_the_run_as_it_was() -> None:
    session = LessonSession("scout")
    board, run = board_and_run(session)
    assert board is not run
    board.play("b2-b3")
    assert board.ply == 1
    assert (run.ply, session.run.state.actions, run.piece_at("b2")) == (0, 0, ("red", "scout"))


def test_playing_on_the_runs_game_leaves_the_board_as_it_was() -> None:
    session = LessonSession("scout")
    board, run = board_and_run(session)
    run.play("b2-b3")
    assert (board.ply, board.piece_at("b2")) == (0, ("red", "scout"))


@pytest.mark.parametrize("lesson_id", ["scout", "spy", "setup-flag"])
def test_the_board_never_holds_the_runs_game_as_a_lesson_goes_on(lesson_id: str) -> None:
    session = LessonSession(lesson_id)
    for index, step in enumerate(catalog()[lesson_id].steps):
        session.handle({"type": "lesson_goto", "step": index})
        board, run = board_and_run(session)
        assert board is not run and board.position() == run.position()
        for action in step.solution:
            session.propose(action)
            reached = session.run.reached
            assert reached is not None and session.board.game is not reached.game
            if session.run.game is not None:
                assert session.board.game is not session.run.game


def test_a_move_clicked_on_the_board_leaves_the_board_its_own_game() -> None:
    session = LessonSession("scout", step=1)
    session.handle({"type": "move", "from": "c2", "to": "b2"})
    assert session.state()["feedback"]["accepted"]
    board, run = board_and_run(session)
    assert board is not run and board.position() == run.position()
