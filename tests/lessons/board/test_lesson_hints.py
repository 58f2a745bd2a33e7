"""Hints on the lesson board (issue 33): each hint asked for stays in the panel's list, its
squares are marked on the board (the piece, then where it goes, then the move), what each
costs is said, a language switch says them again, and Retry, Next and a solved step clear
them. A step without a hint sentence of its own starts with one built from the position."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stratego_widget.engine.moves import Move
from stratego_widget.lessons import catalog
from stratego_widget.lessons.board.session import LessonSession
from stratego_widget.lessons.model.text import say

LESSONS = catalog()
LANGUAGES = ("en", "nl", "fr", "de")


def hinted(lesson: str, times: int, lang: str = "en", step: int = 0) -> LessonSession:
    """A session of ``lesson`` at ``step`` whose Hint button was clicked ``times`` times."""
    session = LessonSession(lesson, lang=lang, step=step)
    for _ in range(times):
        session.handle({"type": "lesson_hint"})
    return session


def marks(session: LessonSession) -> list[tuple[str, str, int]]:
    return [(m["square"], m["mark"], m["hint"]) for m in session.state()["hint_marks"]]


def test_three_hints_stay_listed_and_mark_the_piece_and_where_it_goes() -> None:
    session = hinted("scout", 3)
    state = session.state()
    hints = state["hints"]
    assert [h["number"] for h in hints] == [1, 2, 3]
    sentence = LESSONS["scout"].steps[0].hint
    assert sentence is not None
    assert [h["text"] for h in hints] == [sentence.get("en"), "Use the Scout on b2.",
                                          "Take it to b7."]
    feedback = state["feedback"]
    assert feedback is not None and feedback["text"] == "Take it to b7."  # also the feedback
    assert marks(session) == [("b2", "piece", 2), ("b7", "area", 3)]
    # What each cost, as docs/lessons.md says: the piece caps the stars at two.
    assert [h["stars"] for h in hints] == [3, 2, 2]
    assert hints[1]["cost"] == "This hint costs a star: at most ★★☆ for this step."
    assert hints[2]["cost"].startswith("This hint costs no star")
    assert state["hint_cost"] == "The next hint costs a star."  # the move caps them at one


def test_the_move_hint_marks_the_move_over_the_earlier_marks() -> None:
    session = hinted("scout", 4)
    assert marks(session) == [("b2", "from", 4), ("b7", "to", 4)]
    assert session.state()["hints"][3]["stars"] == 1


def test_a_language_switch_says_every_hint_again_and_keeps_the_marks() -> None:
    session = hinted("scout", 3)
    before = marks(session)
    session.set_language("nl")
    dutch = [h["text"] for h in hinted("scout", 3, lang="nl").state()["hints"]]
    state = session.state()
    assert [h["text"] for h in state["hints"]] == dutch
    assert dutch[1] == "Gebruik de Verkenner op b2."
    assert state["hints"][1]["cost"].startswith("Deze tip kost een ster")
    assert state["hint_cost"] == "De volgende tip kost een ster."
    assert marks(session) == before
    assert session.run.hint_level == 3  # saying them again asked for no hint


@pytest.mark.parametrize("message", ["lesson_retry", "lesson_next", "new_game"])
def test_retry_and_next_clear_the_hints_and_their_marks(message: str) -> None:
    session = hinted("scout", 3)
    session.handle({"type": message})
    state = session.state()
    assert state["hints"] == [] and state["hint_marks"] == []
    assert session.run.hint_level == (0 if message == "lesson_next" else 3)  # Retry keeps the cost


def test_a_solved_step_clears_the_hints() -> None:
    session = hinted("scout", 2)
    session.handle({"type": "move", "from": "b2", "to": "b7"})
    state = session.state()
    assert state["state"] == "solved"
    assert state["hints"] == [] and state["hint_marks"] == [] and state["hint_cost"] == ""


def test_a_move_that_does_not_solve_keeps_the_words_but_not_the_old_squares() -> None:
    session = hinted("scout", 2, step=1)  # c2-b2, b2-b9, b9-c9
    assert marks(session) == [("c2", "piece", 2)]
    session.handle({"type": "move", "from": "c2", "to": "b2"})
    state = session.state()
    assert [h["text"] for h in state["hints"]][1] == "Use the Scout on c2."
    assert state["hint_marks"] == []


def test_a_refused_move_keeps_the_hints_and_their_marks() -> None:
    session = hinted("scout", 2)
    session.handle({"type": "move", "from": "b2", "to": "c3"})  # a diagonal
    feedback = session.state()["feedback"]
    assert feedback is not None and feedback["rule"] == "diagonal"
    assert len(session.state()["hints"]) == 2
    assert marks(session) == [("b2", "piece", 2)]


def test_a_question_says_its_answer_costs_two_stars() -> None:
    session = hinted("spy", 1)
    state = session.state()
    assert state["hints"][0]["text"] == (
        "The answer is in the rulebook: Stratego Original, Special pieces, The Spy.")
    assert state["hint_cost"] == "The next hint costs two stars."
    session.handle({"type": "lesson_hint"})
    assert session.state()["hints"][1]["cost"] == (
        "This hint costs two stars: at most ★☆☆ for this step.")


def answer_square(lesson: str, index: int) -> str | None:
    """The square the step's first solution action goes to (None for a question)."""
    step = LESSONS[lesson].steps[index]
    action = step.solution[0]
    if step.kind == "setup":
        return action.partition("@")[2]
    if step.kind == "move":
        return Move.parse(action).target
    return None


STEPS_WITHOUT_HINT = [(lesson.id, step.index) for lesson in LESSONS.values()
                      for step in lesson.steps if step.hint is None]


def test_some_steps_of_each_kind_have_no_hint_sentence() -> None:
    kinds = {LESSONS[lesson].steps[index].kind for lesson, index in STEPS_WITHOUT_HINT}
    assert kinds == {"move", "question", "setup"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_step_without_a_hint_sentence_gets_one_from_the_position(lang: str) -> None:
    for lesson, index in STEPS_WITHOUT_HINT:
        session = hinted(lesson, 1, lang=lang, step=index)
        text = session.state()["hints"][0]["text"]
        step = LESSONS[lesson].steps[index]
        assert text != say("hint-goal", lang, instruction=step.instruction.get(lang)), (lesson, index)
        square = answer_square(lesson, index)
        if square is not None:
            assert square not in text, (lesson, index, text)
        assert session.state()["hint_marks"] == []  # the first hint marks nothing


def test_the_first_hint_of_a_move_step_names_the_piece_to_use() -> None:
    text = hinted("pieces", 1, step=4).state()["hints"][0]["text"]  # e7-f7 takes the Flag
    assert text == "The piece for this is your Sergeant."


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["lesson_hint", "lesson_hint", "lesson_retry", "lesson_next",
                                 "move"]), max_size=10))
def test_the_hint_list_and_its_marks_always_agree(messages: list[str]) -> None:
    session = LessonSession("scout")
    for kind in messages:
        if kind == "move":
            session.handle({"type": "move", "from": "b2", "to": "c3"})  # refused in every step
        else:
            session.handle({"type": kind})
    state = session.state()
    numbers = [h["number"] for h in state["hints"]]
    assert numbers == list(range(1, len(numbers) + 1))
    squares = [m["square"] for m in state["hint_marks"]]
    assert len(squares) == len(set(squares))
    assert all(m["hint"] in numbers for m in state["hint_marks"])
    assert [h["stars"] for h in state["hints"]] == sorted(
        (h["stars"] for h in state["hints"]), reverse=True)
