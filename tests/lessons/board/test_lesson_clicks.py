"""Every step of every lesson can be done with the board's own messages, the ones a click sends
(issue 22: "Steps that cannot be done on the board": rescue steps asked the learner to write
``d9-d10+captain@c3``, and the board offered a rescue only where the rules allow one).

A move is a click on the piece and one on its square (``move``); a spot, the Spotter's
picker (``spot``); a rescue, the move onto the far row and then the rescue picker's piece and a
square (``rescue``), where a square the board did not mark is proposed too, and Python
explains why the rules refuse it; an answer, a click on a choice (``lesson_answer``); a
placement, a piece of the tray and a square (``lesson_place``). After each solved step, Next
(``lesson_next``).

Rescue rules quoted: Stratego Original, Optional rules, Rescuing pieces; Onyx, Rescue
("this ends the turn"); a Scout may not rescue, a Bomb is never rescued.
"""

from __future__ import annotations

import pytest

from stratego_widget.engine.moves import Move
from stratego_widget.lessons import Lesson, LessonError, catalog
from stratego_widget.lessons.board.session import LessonSession

LESSONS = catalog()


def clicks(kind: str, action: str) -> list[dict[str, object]]:
    """The messages the board sends for one action of a step's solution."""
    if kind == "question":
        return [{"type": "lesson_answer", "choice": action}]
    if kind == "setup":
        piece, _, square = action.partition("@")
        return [{"type": "lesson_place", "kind": piece, "square": square}]
    move = Move.parse(action)
    if move.guess is not None:
        return [{"type": "spot", "from": move.origin, "to": move.target, "guess": move.guess}]
    messages: list[dict[str, object]] = [{"type": "move", "from": move.origin,
                                          "to": move.target}]
    if move.rescue is not None:
        rescued, square = move.rescue
        messages.append({"type": "rescue", "kind": rescued, "square": square})
    return messages


@pytest.mark.parametrize("lesson", list(LESSONS.values()), ids=list(LESSONS))
def test_every_step_is_solved_by_clicking(lesson: Lesson) -> None:
    session = LessonSession(lesson)
    for step in lesson.steps:
        assert session.run.step_index == step.index
        for action in step.solution:
            for message in clicks(step.kind, action):
                session.handle(message)
            if session.board.view()["pending"] is not None:  # a rescue offered, not taken
                session.handle({"type": "rescue", "kind": None})
        state = session.state()
        assert state["state"] in ("solved", "finished"), (step.index + 1, state["feedback"])
        assert session.run.stars[step.index] == 3, (step.index + 1, state["feedback"])
        if step.index + 1 < len(lesson.steps):
            session.handle({"type": "lesson_next"})
    assert session.run.finished


@pytest.mark.parametrize(("step", "square", "words"), [
    (0, "c3", "never come back"),            # the standard game: no rescue at all
    (2, "c3", "Scouts cannot make a rescue"),
    (3, "e5", "first four rows"),            # Original: "your first four rows"
])
def test_a_refused_rescue_is_offered_tried_and_explained(step: int, square: str,
                                                         words: str) -> None:
    session = LessonSession("rescue", step=step)
    session.handle({"type": "move", "from": "d9", "to": "d10"})
    pending = session.board.view()["pending"]
    assert pending is not None and pending["kinds"] == ["captain"]
    assert square not in pending["squares"]       # not marked: the rules refuse it
    session.handle({"type": "rescue", "kind": "captain", "square": square})
    state = session.state()
    assert state["state"] == "solved" and words in state["feedback"]["text"]


def test_a_move_onto_the_far_row_outside_a_rescue_lesson_offers_only_legal_rescues() -> None:
    session = LessonSession("rescue", step=1)     # Rescue on: the rules' own offer
    session.handle({"type": "move", "from": "d9", "to": "d10"})
    pending = session.board.view()["pending"]
    assert pending is not None and "e5" not in pending["squares"] and "c3" in pending["squares"]


def test_the_whole_course_is_played_on_one_board_next_opening_each_next_lesson() -> None:
    lessons = list(LESSONS.values())
    session = LessonSession(lessons[0], lang="nl")
    for index, lesson in enumerate(lessons):
        assert session.run.lesson is lesson and session.run.language == "nl"
        for step in lesson.steps:
            for action in step.solution:
                for message in clicks(step.kind, action):
                    session.handle(message)
            session.handle({"type": "lesson_next"})  # the next step, or the next lesson
        following = lessons[index + 1] if index + 1 < len(lessons) else None
        if following is not None:
            assert session.run.step_index == 0 and session.run.lesson is following
    state = session.state()
    assert state["state"] == "finished" and state["next_lesson"] is None
    assert session.board.message is not None  # Next after the very last lesson: refused


def test_a_finished_lesson_names_the_next_one_in_the_learners_language() -> None:
    session = LessonSession("scout", lang="de")
    session.open("scout", step=len(LESSONS["scout"].steps) - 1)
    step = LESSONS["scout"].steps[-1]
    for action in step.solution:
        for message in clicks(step.kind, action):
            session.handle(message)
    following = session.next_lesson()
    assert following is not None
    assert session.state()["next_lesson"] == following.title.get("de")


OWN = """
id = "my-lesson"
course = "basics"
order = 999
title = "Mine"
ruleset = "original"
covers = ["original"]

[[steps]]
pieces = { e4 = "red sergeant", a10 = "blue flag", a1 = "red flag" }
instruction = "Step forward."
goal = { reach = "e5" }
par = 1
solution = ["e4-e5"]
success = "Done."
cite = "Original: Moving"
quote = "Pieces move one square at a time"
"""


def test_a_lesson_of_ones_own_has_no_next_lesson_and_an_unknown_one_is_refused() -> None:
    session = LessonSession(Lesson.from_text(OWN, languages=("en",)))
    session.handle({"type": "move", "from": "e4", "to": "e5"})
    assert session.state()["state"] == "finished" and session.next_lesson() is None
    session.handle({"type": "lesson_next"})
    assert session.board.message is not None and session.run.lesson.id == "my-lesson"
    with pytest.raises(LessonError, match="No lesson 'no-such-lesson'"):
        session.open("no-such-lesson")
