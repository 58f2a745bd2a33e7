"""What each learner tried (issue 34): the drill-down per step and per learner, checked against
attempts counted by hand.

The class (scout step 2 is the hard one):

- Ada: scout step 2 lost at 10:00 (30 s, one refused move), then solved with one hint at 10:05
  (2 stars, 48 s); scout step 1 solved at 09:50 (3 stars, 60 s).
- Bo: scout step 2 left unfinished at 11:00 (12 s, two refused moves), then solved with four
  hints (1 star, 80 s) at 11:02.
- Cy (a file of the first form, best stars only): scout step 2 with 3 stars, no attempts kept.
"""

from __future__ import annotations

import html.parser

import pytest

from stratego_widget.lessons import ClassSummary, LessonError, catalog
from stratego_widget.lessons.classroom.attempts import Attempt
from stratego_widget.lessons.classroom.progress import Progress


def the_class() -> ClassSummary:
    scout = catalog()["scout"]
    ada = Progress(learner="Ada")
    ada.record_attempt(scout, 1, Attempt("2026-11-26T10:00:00Z", 30.0, False, 0, failed=True,
                                         refusals=1))
    ada.record_attempt(scout, 1, Attempt("2026-11-26T10:05:00Z", 48.0, True, 2, hints=1))
    ada.record_attempt(scout, 0, Attempt("2026-11-26T09:50:00Z", 60.0, True, 3))
    bo = Progress(learner="Bo")
    bo.record_attempt(scout, 1, Attempt("2026-11-26T11:00:00Z", 12.0, False, 0, refusals=2))
    bo.record_attempt(scout, 1, Attempt("2026-11-26T11:02:00Z", 80.0, True, 1, hints=4))
    cy = Progress({"scout": [0, 3]}, learner="Cy")
    return ClassSummary([ada, bo, cy])


def test_a_step_lists_every_learners_attempts() -> None:
    table = the_class().step_attempts("scout", 2)
    got = [(row.learner, row.outcome, row.stars, row.refusals, row.hints, row.seconds)
           for row in table.rows]
    assert got == [("Ada", "lost", 0, 1, 0, 30.0), ("Ada", "solved", 2, 0, 1, 48.0),
                   ("Bo", "left", 0, 2, 0, 12.0), ("Bo", "solved", 1, 0, 4, 80.0)]
    instruction = catalog()["scout"].steps[1].text("instruction", "en")
    assert table.title == f"The Scout, step 2: {instruction}"
    assert table.note == "Cy has stars on this step but no attempts kept."
    text = repr(table)
    assert "Refused moves" in text and "solved ★★☆" in text and "2026-11-26 11:02" in text


def test_the_hardest_step_shows_its_instruction_in_the_teachers_language() -> None:
    summary = ClassSummary(the_class().progress, language="fr")
    hardest = summary.hardest_steps(1)[0]
    assert (hardest.lesson, hardest.step, hardest.struggled) == ("scout", 2, 2)
    assert hardest.instruction == catalog()["scout"].steps[1].text("instruction", "fr")
    assert hardest.instruction != catalog()["scout"].steps[1].text("instruction", "en")
    assert summary.step_attempts("scout", 2).title.endswith(hardest.instruction)


def test_a_learners_path_is_their_attempts_oldest_first() -> None:
    rows = the_class().learner_path("Ada").rows
    assert [(row.step, row.outcome, row.date[11:16]) for row in rows] == [
        (1, "solved", "09:50"), (2, "lost", "10:00"), (2, "solved", "10:05")]
    assert the_class().learner_path("Cy").note == "Stars but no attempts kept: scout step 2."


def test_the_page_shows_the_drilldown_escaped() -> None:
    summary = ClassSummary([*the_class().progress.values(), Progress(
        {"scout": [0, 2]}, learner="<i>Eve</i>")])
    page = summary.to_html()
    assert "What each learner tried" in page and "Each learner's path" in page
    assert page.count("<details>") == 1 + 4   # the hardest step; Ada, Bo, Cy, Eve (notes)
    assert "&lt;i&gt;Eve&lt;/i&gt;" in page and "<i>Eve" not in page
    assert "solved ★☆☆" in page and "Hints" in page
    parser = html.parser.HTMLParser()
    parser.feed(page)   # well formed enough to parse


@pytest.mark.parametrize(("call", "field"), [
    (lambda s: s.step_attempts("no-such", 1), "lesson: 'no-such'"),
    (lambda s: s.step_attempts("scout", 9), "step: lesson 'scout' has steps 1 to 4, not 9."),
    (lambda s: s.step_attempts("scout", 0), "step:"),
    (lambda s: s.learner_path("Zed"), "learner: no learner called 'Zed'"),
])
def test_an_unknown_lesson_step_or_learner_is_named(call: object, field: str) -> None:
    with pytest.raises(LessonError) as raised:
        call(the_class())   # type: ignore[operator]
    assert str(raised.value).startswith(field) and "\n" not in str(raised.value)
