"""The board and a lesson on a laptop screen (a 1366×768 window), in JupyterLab and Notebook 7:
scrolled to its output, the whole board and the lesson's instruction and buttons are in view; a
refused move's feedback moves no square; every piece name shown is at least 10 px."""

from __future__ import annotations

import pytest
from harness import (
    HOSTS,
    Notebook,
    outside_the_notebook_view,
    scroll_to_top_of_notebook,
    wait_for,
    wait_until_laid_out,
)

pytestmark = pytest.mark.e2e

CELLS = ("import stratego_widget as sw\n"
         "from stratego_widget import StrategoWidget\n"
         "from stratego_widget.lessons import LessonWidget",
         "w = LessonWidget('scout')\nw",
         "b = StrategoWidget(sw.Game.random('original', seed=4))\nb")
LESSON_OUT = ".jp-OutputArea-output:has(.sw-lesson-widget)"
BOARD_OUT = ".jp-OutputArea-output:has(.stratego-widget):not(:has(.sw-lesson-widget))"
#: What must be in view: every square, and in a lesson its instruction and buttons.
SQUARES = ".sw-board [data-square]"
LESSON_PARTS = (".sw-board [data-square], [data-testid=lesson-instruction], [data-testid=lesson-hint],"
                " [data-testid=lesson-retry], [data-testid=lesson-next]")

#: Every piece name shown (drawn, on a token that shows a piece), with its font size in px.
NAMES_SHOWN = """() => [...document.querySelectorAll('.sw-root .sw-name')]
  .filter((name) => name.textContent && name.getClientRects().length
          && getComputedStyle(name).visibility === 'visible')
  .map((name) => [name.textContent, parseFloat(getComputedStyle(name).fontSize)])"""


def square_boxes(nb: Notebook) -> dict[str, list[float]]:
    """Where each square of the lesson's board is drawn in the widget (from its top left
    corner: the notebook may scroll, as Playwright does to bring a square it clicks into view,
    without any square moving in the widget)."""
    return nb.page.evaluate(
        """(output) => {
            const root = document.querySelector(output + ' .sw-root').getBoundingClientRect();
            return Object.fromEntries([...document.querySelectorAll(output + ' .sw-board [data-square]')]
              .map((cell) => {
                const r = cell.getBoundingClientRect();
                return [cell.dataset.square, [r.top - root.top, r.left - root.left, r.width, r.height]];
              }));
        }""", LESSON_OUT)


def refuse_a_move(nb: Notebook) -> None:
    """A diagonal Scout move in the scout lesson's first step: refused, explained beside it."""
    lesson = nb.page.locator(LESSON_OUT)
    serial = int(lesson.locator(".sw-root").get_attribute("data-serial") or 0)
    lesson.locator("[data-square=b2]").click()
    lesson.locator("[data-square=c3]").click()
    wait_for(nb.page,
        "([sel, s]) => Number(document.querySelector(sel + ' .sw-root').dataset.serial) > s",
        arg=[LESSON_OUT, serial])
    feedback = lesson.locator("[data-testid=lesson-feedback]")
    feedback.wait_for(state="visible")
    assert feedback.get_attribute("data-accepted") == "false"
    nb.page.wait_for_timeout(100)  # nothing left to lay out


@pytest.mark.parametrize("host", HOSTS)
def test_a_lesson_and_a_board_fit_a_laptop_screen(open_notebook, host: str) -> None:
    nb = open_notebook(f"fit-{host}.ipynb", *CELLS, host=host, viewport=(1366, 768))
    page = nb.page
    page.locator(f"{BOARD_OUT} [data-square]").first.wait_for()
    page.locator(f"{LESSON_OUT} [data-testid=lesson-instruction]").wait_for(state="visible")
    # JupyterLab's shared page, resized to this window, lays the notebook out again.
    wait_until_laid_out(page, f"{LESSON_OUT}, {BOARD_OUT}")
    problems = {}
    for output, parts in ((LESSON_OUT, LESSON_PARTS), (BOARD_OUT, SQUARES)):
        scroll_to_top_of_notebook(page, output)
        seen = outside_the_notebook_view(page, output, parts)
        assert seen["measured"] >= 100, seen
        if seen["outside"]:
            problems[f"out of view in {output}"] = seen
    # The names shown are readable: 10 px at least (and some are shown at this size).
    names = page.evaluate(NAMES_SHOWN)
    if not names or any(size < 10 for _, size in names):
        problems["names"] = names
    # A refused move: the feedback appears beside the board, and no square moves.
    scroll_to_top_of_notebook(page, LESSON_OUT)
    before = square_boxes(nb)
    refuse_a_move(nb)
    after = square_boxes(nb)
    if after != before:
        problems["moved"] = {name: (before[name], after[name]) for name in ("a1", "j10")}
    assert not problems, (host, problems)
    assert not nb.errors


def test_a_feedback_moves_no_square_in_a_narrow_notebook(open_notebook) -> None:
    """In a narrow notebook the panel goes above the board and its feedback under it."""
    nb = open_notebook("fit-narrow.ipynb", *CELLS[:2], viewport=(900, 900))
    page = nb.page
    page.locator(f"{LESSON_OUT} [data-testid=lesson-instruction]").wait_for(state="visible")
    wait_until_laid_out(page, LESSON_OUT)
    instruction = page.locator(f"{LESSON_OUT} [data-testid=lesson-instruction]").bounding_box()
    board = page.locator(f"{LESSON_OUT} .sw-board").bounding_box()
    assert instruction and board and instruction["y"] < board["y"], (instruction, board)
    before = square_boxes(nb)
    refuse_a_move(nb)
    assert square_boxes(nb) == before
    feedback = page.locator(f"{LESSON_OUT} [data-testid=lesson-feedback]").bounding_box()
    assert feedback and feedback["y"] > board["y"] + board["height"], (feedback, board)
    assert not nb.errors
