"""The board's view is a pure function of a frozen snapshot of its session: the same snapshot
always gives the same view, and making the replay's views sets nothing of the session."""

from __future__ import annotations

import dataclasses

import pytest

import stratego_widget as sw
from stratego_widget.lessons.board.session import LessonSession
from stratego_widget.widget.session import BoardSession
from stratego_widget.widget.session_view import build_view, views_back


def played(plies: int = 4) -> BoardSession:
    session = BoardSession(sw.Game.random("duel", seed=1), viewer="both")
    for _ in range(plies):
        session.play(session.game.legal_moves()[0])
    return session


def test_a_snapshot_is_frozen() -> None:
    snapshot = played().snapshot()
    with pytest.raises(dataclasses.FrozenInstanceError):
        snapshot.replay = 0  # type: ignore[misc]


def test_the_same_snapshot_gives_the_same_view_and_is_left_as_it_was() -> None:
    session = played()
    session.handle({"type": "replay", "index": 2})
    snapshot = session.snapshot()
    position = session.game.position()
    assert build_view(snapshot) == build_view(snapshot)
    assert build_view(snapshot)["replay"]["index"] == 2
    assert session.snapshot() == snapshot and session.game.position() == position


def test_the_replays_views_set_nothing_of_the_session_even_halfway() -> None:
    session = played()
    before = session.snapshot()
    views = views_back(before)
    assert next(views)["replay"]["index"] == 4
    assert next(views)["replay"]["index"] == 3
    # Halfway through the replay's views the session shows the present, as before.
    assert session.snapshot() == before
    assert session.view()["replay"]["index"] == 4
    assert [view["replay"]["index"] for view in views] == [2, 1, 0]


def test_the_views_of_a_replay_are_those_of_the_board_at_each_index() -> None:
    session = played()
    back = {view["replay"]["index"]: view for view in views_back(session.snapshot())}
    for index in range(5):
        session.handle({"type": "replay", "index": index})
        view = dict(session.view())
        assert {**view, "moves": [], "message": None, "serial": 0} == \
            {**back[index], "serial": 0}


def test_a_lessons_snapshot_holds_what_its_director_says() -> None:
    session = LessonSession("spy")
    snapshot = session.board.snapshot()
    assert snapshot.instruction == session.instruction()
    assert snapshot.accepts_moves is False and snapshot.reveals_at_end is False
    assert build_view(snapshot)["next"] == {"id": "lesson", "text": session.instruction()}
