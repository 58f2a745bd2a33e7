"""The board asks its director and gets back a value: a lesson's ruling on a move, never an
exception for control and never a call back into the board; every message goes through one
declared table of handlers per session."""

from __future__ import annotations

from typing import Any

from stratego_widget.engine.moves import Move
from stratego_widget.lessons.board.course import COURSE_MESSAGES, CourseSession
from stratego_widget.lessons.board.session import LessonSession
from stratego_widget.widget.director import Ruling
from stratego_widget.widget.protocol import LESSON_MESSAGES, MESSAGES
from stratego_widget.widget.session import BoardSession


class Watched(BoardSession):
    """A board that counts what is loaded on it."""

    loads: int = 0

    def load(self, game: Any, viewer: str) -> None:
        self.loads += 1
        super().load(game, viewer)


def test_a_refused_move_is_a_ruling_and_leaves_the_board_alone() -> None:
    session = LessonSession("scout")
    board = session.board.game
    ruling = session.judge(Move.parse("b2-c3"))
    assert ruling == Ruling.refuse("diagonal", session.state()["feedback"]["text"])
    assert session.board.game is board and board.ply == 0


def test_an_accepted_move_brings_its_position_and_the_board_shows_it_itself() -> None:
    session = LessonSession("scout", step=1)
    shown = session.board.game
    ruling = session.judge(Move.parse("c2-b2"))
    assert ruling.accepted and ruling.game is not None and ruling.viewer == "red"
    assert session.board.game is shown  # the director did not touch the board
    assert ruling.game is not session.run.game
    assert ruling.game.position() == session.run.game.position()


def test_the_board_loads_what_the_ruling_brings_once() -> None:
    session = LessonSession("scout", step=1)
    watched = Watched(session.board.game.copy(), viewer="red", director=session)
    assert watched.handle({"type": "move", "from": "c2", "to": "b2"}) is None
    assert watched.loads == 1 and watched.game.position() == session.run.game.position()
    assert watched.handle({"type": "move", "from": "b2", "to": "c3"}) is None  # refused
    assert watched.loads == 1 and watched.message is None


def test_a_lesson_session_routes_every_message_type_through_one_table() -> None:
    session = LessonSession("scout")
    assert set(session.router.routes) == set(LESSON_MESSAGES) | {"new_game", "resign"}
    for kind in set(MESSAGES) - {"new_game", "resign"}:
        assert session.router.handler({"type": kind}) == session.board.handle


def test_a_course_routes_the_lessons_messages_from_its_own_table() -> None:
    course = CourseSession(progress=None)
    lesson = course.lesson_session.router.routes
    assert set(course.router.routes) == set(lesson) | set(COURSE_MESSAGES)
    for kind in set(lesson) - set(COURSE_MESSAGES):
        assert course.router.routes[kind] is lesson[kind]
