"""What a learner found at the lesson board (issue 33): the stars a notebook's own board shows,
the course map's total, and every text said again after a language switch."""

from __future__ import annotations

import pathlib

from stratego_widget.lessons import Course, Lesson, LessonWidget, Progress, catalog
from stratego_widget.lessons.classroom.attempts import Attempt
from stratego_widget.lessons.classroom.keeper import ProgressKeeper

LESSONS = catalog()

QUIZ = '''
id = "quiz-of-a-notebook"
course = "basics"
order = 900
title = "A notebook's own quiz"
ruleset = "original"
covers = ["original"]

[[steps]]
kind = "question"
instruction = "Can a Bomb move?"
choices.no = "No"
choices.yes = "Yes"
goal = { answer = "no" }
par = 1
solution = ["no"]
success = "Right."
'''


def kept(path: pathlib.Path, lesson: object, stars: list[int]) -> None:
    """``stars`` kept in the progress file ``path`` for ``lesson``, as earlier visits left."""
    keeper = ProgressKeeper(path)
    for index, count in enumerate(stars):
        if count:
            keeper.keep(lesson, index, Attempt("2026-11-26T10:00:00Z", 5.0, True, count))  # type: ignore[arg-type]


def test_a_lesson_board_shows_the_stars_the_progress_holds(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.json"
    lesson = LESSONS["pieces"]
    earned = [3, 2] + [0] * (len(lesson.steps) - 2)
    kept(path, lesson, earned)
    w = LessonWidget("pieces", progress=path)  # as a notebook's own cell opens it again
    assert w.lesson["panel"]["stars"] == earned
    assert w.lesson["panel"]["step"] == 0  # still where the notebook asked
    assert w.course["courses"][0]["lessons"][0]["stars"] == earned


def test_stars_the_browser_hands_over_show_on_the_lesson_board() -> None:
    w = LessonWidget("scout", progress="browser")
    assert w.lesson["panel"]["stars"] == [0, 0, 0, 0]
    w.handle({"type": "progress_restore", "text": Progress({"scout": [3, 1]}).to_json()})
    assert w.lesson["panel"]["stars"] == [3, 1, 0, 0]


def test_the_course_total_counts_only_the_lessons_on_the_map(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "progress.json"
    quiz = Lesson.from_text(QUIZ, languages=("en",))
    kept(path, quiz, [3])
    kept(path, LESSONS["scout"], [2])
    course = Course(progress=path)
    shown = sum(sum(entry["stars"]) for part in course.course["courses"]
                for entry in part["lessons"])
    assert shown == 2
    assert course.course["stars"] == shown


def test_a_language_switch_says_a_solved_step_again() -> None:
    w = LessonWidget("spy", progress=None)
    w.handle({"type": "lesson_answer", "choice": "marshal"})
    english = w.lesson["feedback"]
    assert english["solved"] and english["quote"] and english["cite"]
    w.lang = "nl"
    dutch = w.lesson["feedback"]
    assert dutch is not None, "the solved step's feedback went with the language switch"
    assert dutch["solved"] and dutch["stars"] == english["stars"]
    assert dutch["text"] != english["text"] and dutch["text"]
    assert dutch["cite"] == "Stratego Original, Bijzondere stukken, De spion"
    assert dutch["quote"] and dutch["quote_language"] == "nl"
    assert w.lesson["state"] == "solved"


def test_a_refusal_names_its_rulebook_section_in_the_learners_language() -> None:
    w = LessonWidget("scout", progress=None)
    w.handle({"type": "move", "from": "b2", "to": "c3"})
    assert "(Original: Moving)" in w.lesson["feedback"]["text"]
    w.lang = "fr"
    text = w.lesson["feedback"]["text"]
    assert "(Original: Moving)" not in text
    assert "(Stratego Original, Déroulement de la bataille)" in text
    fresh = LessonWidget("scout", lang="de", progress=None)
    fresh.handle({"type": "move", "from": "b2", "to": "c3"})
    assert "(Stratego Original, Der Verlauf der Schlacht)" in fresh.lesson["feedback"]["text"]
