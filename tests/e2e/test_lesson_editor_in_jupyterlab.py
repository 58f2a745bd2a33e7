"""The lesson editor driven in a real JupyterLab (issue 23): a position placed by clicking the
palette and the board, a solution recorded by playing it, the file saved by the Save button; the
saved file loads and passes the check. axe-core's WCAG 2.x A and AA rules on the editor, light
and dark, and the editor fits a 1366x768 screen without scrolling sideways."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from harness import Notebook, run_axe, set_theme, wait_for

pytestmark = pytest.mark.e2e

EDITOR = ".sw-editor"
OUTPUT = ".jp-OutputArea-output:has(.sw-editor)"


def serial(nb: Notebook) -> int:
    return int(nb.page.locator(EDITOR).first.get_attribute("data-editor-serial") or 0)


def act(nb: Notebook, action: Callable[[], None]) -> None:
    """Do something in the browser and wait until Python's answer is drawn."""
    before = serial(nb)
    action()
    wait_for(nb.page,
        "s => Number(document.querySelector('.sw-editor')?.dataset.editorSerial) > s", arg=before)


def click(nb: Notebook, testid: str) -> None:
    nb.page.locator(f'{EDITOR} [data-testid="{testid}"]').first.click()


def square(nb: Notebook, name: str) -> None:
    nb.page.locator(f'{EDITOR} [data-square="{name}"]').click()


def fill(nb: Notebook, field: str, text: str) -> None:
    control = nb.page.locator(f'{EDITOR} [data-testid="editor-field-{field}"]')
    control.fill(text)
    act(nb, lambda: control.press("Tab"))


def pick_goal(nb: Notebook, check: str, value: str = "") -> None:
    nb.page.locator(f'{EDITOR} [data-testid="editor-goal-check"]').select_option(check)
    nb.page.locator(f'{EDITOR} [data-testid="editor-goal-value"]').fill(value)
    act(nb, lambda: click(nb, "editor-goal-add"))


def test_a_lesson_made_by_clicking_is_saved_and_passes_the_check(open_notebook) -> None:
    nb = open_notebook("editor.ipynb",
                       "from stratego_widget.lessons import LessonEditor\n"
                       "ed = LessonEditor('clicked.toml')\ned",
                       viewport=(1366, 768), ready=f"{EDITOR} [data-square]")
    page = nb.page
    # the position, by clicking the palette and the board
    click(nb, "editor-kind-scout")
    act(nb, lambda: square(nb, "b2"))
    click(nb, "editor-side-blue")
    click(nb, "editor-kind-spy")
    act(nb, lambda: square(nb, "b7"))
    click(nb, "editor-kind-sergeant")
    act(nb, lambda: square(nb, "j9"))
    click(nb, "editor-tool-revealed")
    act(nb, lambda: square(nb, "b7"))
    assert "known" in (page.locator(f'{EDITOR} [data-square="b7"]').get_attribute("aria-label")
                       or "")
    # a refused click says why and changes nothing
    click(nb, "editor-tool-revealed")
    act(nb, lambda: square(nb, "b2"))
    assert "learner's own" in page.locator(f'{EDITOR} [data-testid="editor-error"]').inner_text()
    # the form
    pick_goal(nb, "capture", "b7")
    fill(nb, "instruction", "Capture the enemy Spy in one move.")
    fill(nb, "hint", "Look straight up the b-file.")
    fill(nb, "success", "A Scout strikes from afar.")
    # the solution, by playing it
    act(nb, lambda: click(nb, "editor-record"))
    assert page.locator(EDITOR).get_attribute("data-editor-recording") == "true"
    square(nb, "b2")
    act(nb, lambda: square(nb, "b7"))
    assert page.locator(EDITOR).get_attribute("data-editor-recording") == "false"
    assert "b2-b7" in page.locator(f'{EDITOR} [data-testid="editor-solution"]').inner_text()
    summary = page.locator(f'{EDITOR} [data-testid="editor-summary"] li')
    assert [summary.nth(i).get_attribute("data-ok") for i in range(3)] == ["true"] * 3
    # saved by the button; the file loads and passes the check
    act(nb, lambda: click(nb, "editor-save"))
    assert "saved" in page.locator(f'{EDITOR} [data-testid="editor-file"]').inner_text()
    out = nb.python(
        "from stratego_widget.lessons import Lesson, check\n"
        "lesson = Lesson.from_file('clicked.toml', languages=('en',))\n"
        "report = check(lesson)\n"
        "print(report.ok, lesson.steps[0].solution, lesson.steps[0].revealed, "
        "sorted(lesson.steps[0].pieces))")
    assert out == "True ('b2-b7',) ('b7',) ['b2', 'b7', 'j9']", out
    # a question step, by clicking: its answers, the right one, a feedback per answer
    act(nb, lambda: click(nb, "editor-add-step"))
    assert page.locator(f'{EDITOR} [data-testid="editor-feedback-key"]').input_value() == ""
    act(nb, lambda: page.locator(f'{EDITOR} [data-testid="editor-kind"]').select_option("question"))
    fill(nb, "instruction", "Your Major strikes a Bomb. What happens?")
    fill(nb, "success", "Only a Miner defuses a Bomb.")
    for choice, text in (("major", "The Major is lost"), ("bomb", "The Bomb is removed")):
        page.locator(f'{EDITOR} [data-testid="editor-answer-id"]').fill(choice)
        page.locator(f'{EDITOR} [data-testid="editor-answer-text"]').fill(text)
        act(nb, lambda: click(nb, "editor-answer-add"))
    act(nb, lambda: click(nb, "editor-answer-right-major"))
    feedback = page.locator(f'{EDITOR} [data-testid="editor-answer-feedback-bomb"]')
    feedback.fill("The Bomb stays.")
    act(nb, lambda: feedback.press("Tab"))
    # a setup step, by clicking: the tray, the area, the goal, the placements recorded
    act(nb, lambda: click(nb, "editor-add-step"))
    act(nb, lambda: page.locator(f'{EDITOR} [data-testid="editor-kind"]').select_option("setup"))
    fill(nb, "instruction", "Put your Flag on a1 and a Bomb beside it.")
    fill(nb, "success", "Now only a Miner reaches your Flag.")
    tray = page.locator(f'{EDITOR} [data-testid="editor-tray"]')
    tray.fill("flag bomb")
    act(nb, lambda: tray.press("Tab"))
    click(nb, "editor-area")
    for name in ("a1", "a2"):
        act(nb, lambda name=name: square(nb, name))
    click(nb, "editor-area")
    pick_goal(nb, "placed")
    act(nb, lambda: click(nb, "editor-record"))
    for kind, name in (("flag", "a1"), ("bomb", "a2")):
        click(nb, f"editor-kind-{kind}")
        act(nb, lambda name=name: square(nb, name))
    assert page.locator(EDITOR).get_attribute("data-editor-recording") == "false"
    act(nb, lambda: click(nb, "editor-save"))
    out = nb.python(
        "lesson = Lesson.from_file('clicked.toml', languages=('en',))\n"
        "run = lesson.start(language='en')\n"
        "solved = [run.propose(a).solved for a in ('b2-b7', 'major', 'flag@a1', 'bomb@a2')]\n"
        "print(check(lesson).ok, [s.kind for s in lesson.steps], lesson.course, solved[1:],"
        " run.finished)")
    assert out == "True ['move', 'question', 'setup'] my-lessons [True, False, True] True", out
    # it fits the screen: nothing scrolls sideways
    assert page.evaluate(
        "() => { const e = document.querySelector('.sw-editor');"
        " return e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= 1366; }")
    assert nb.errors == []


def test_the_editor_in_german_shows_german_words_and_the_menu_switches(open_notebook) -> None:
    nb = open_notebook("editor_de.ipynb",
                       "from stratego_widget.lessons import LessonEditor\n"
                       "ed = LessonEditor(lang='de')\ned",
                       ready=f"{EDITOR} [data-square]")
    page = nb.page

    def text(testid: str) -> str:
        return page.locator(f'{EDITOR} [data-testid="{testid}"]').first.inner_text()

    assert page.locator(EDITOR).get_attribute("lang") == "de"
    assert (text("editor-save"), text("editor-record"), text("editor-side-red")) == (
        "Speichern", "Aufnehmen", "Rot")
    assert "Fahne" in (page.locator(f'{EDITOR} [data-testid="editor-kind-flag"]')
                       .get_attribute("aria-label") or "")
    assert "Lösbar innerhalb von Par" in text("editor-summary")
    # the menu sets the synced lang: Python sees it, and the words follow
    page.locator(f'{EDITOR} [data-testid="editor-lang"]').select_option("fr")
    wait_for(page,
        "() => document.querySelector('.sw-editor [data-testid=\"editor-save\"]')"
        "?.textContent === 'Sauvegarder'")
    assert nb.python("print(ed.lang)") == "fr"
    assert nb.errors == []


def test_the_editor_has_no_axe_violations_light_and_dark(open_notebook) -> None:
    nb = open_notebook("editor_axe.ipynb",
                       "from stratego_widget.lessons import LessonEditor, catalog\n"
                       "ed = LessonEditor(catalog()['scout'])\ned",
                       ready=f"{EDITOR} [data-square]")
    found = {}
    try:
        # a move step (the goal picker, the opponent), then a question and a setup step
        for kind in ("move", "question", "setup"):
            if kind != "move":
                act(nb, lambda kind=kind: nb.python(
                    f"ed.session.add_step(); ed.session.set_kind({kind!r})\n"
                    "if ed.session.step_draft['kind'] == 'question':\n"
                    "    ed.session.set_choice('yes', 'Yes'); ed.session.set_answer('yes')"))
            for theme in ("light", "dark"):
                set_theme(nb.page, theme)
                result = run_axe(nb.page, OUTPUT)
                assert result["passes"].get("color-contrast", 0) > 0  # the text was looked at
                if result["violations"]:
                    found[(kind, theme)] = [(v["id"], v["nodes"][:2])
                                            for v in result["violations"]]
    finally:
        set_theme(nb.page, "light")
    assert found == {}
