"""The JupyterLite site (``make lite``) in Chromium, with every request outside the site refused.

The site is served from ``build/lite`` by a plain local HTTP server; the kernel is Pyodide, which
the site serves itself with the package preinstalled. The site's address opens the start-here
notebook (issue 34: not the launcher), which is run: its boards draw, and a move on its board
against the bot is answered by the engine running in the browser. Stars earned on two of its
boards (the lesson of the pieces, and the Scout opened from the course map) are both kept in
the browser's storage (issue 31); on the course map a learner types a name and hands in: the
browser downloads a progress file named after the learner, which the teacher's ClassSummary
reads (issue 34).

Starting Pyodide is most of the time (half a minute on two cores), so the notebook is opened
and run once, and one test checks these in turn on that page, each a subtest (a test per check
could land on two workers, each starting Pyodide).

The whole class loop of issue 34 is a test of its own, marked ``full`` (``make test-full``): two
learners, each a browser context of their own (its own storage, its own Pyodide start, about
40 s more), name themselves on the course map, each solve the first step of a different lesson
opened from the map, and hand in; ClassSummary over the folder of both downloads names both
with their stars, and each step's drill-down shows the attempt of the learner who played it.
The first learner then comes back (a new page load, a Pyodide start of its own): the course
map shows the stars the browser kept.

``STRATEGO_LITE_SITE`` names another built site to test (by default ``build/lite``, built by
``make lite`` when missing).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import pathlib
import subprocess
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from harness import TIMEOUT_MS, wait_for
from playwright.sync_api import Browser, Page

from stratego_widget import StrategoWidget
from stratego_widget.lessons import ClassSummary, Progress, catalog

pytestmark = pytest.mark.e2e

ROOT = pathlib.Path(__file__).resolve().parents[2]
SITE = pathlib.Path(os.environ.get("STRATEGO_LITE_SITE") or ROOT / "build" / "lite")
#: The notebook the site's address opens.
START_HERE = "00_start_here.ipynb"
# The notebook's last board, as its last cell makes it (the same seed gives the same armies).
BOT_BOARD = {"ruleset": "original", "viewer": "red", "opponent": "heuristic",
             "setup": "random", "seed": 1}
# Pyodide starts in the page: loading the runtime and the packages takes a while.
START_MS = 240_000


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        pass


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    if not (SITE / "jupyter-lite.json").exists() and "STRATEGO_LITE_SITE" not in os.environ:
        subprocess.run(["make", "lite"], cwd=ROOT, check=True)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def open_site(browser: Browser, site: str, path: str, storage: Any = None
              ) -> tuple[Page, list[str], list[str]]:
    """Open ``path`` of the site in a browser context of its own (given ``storage``, a
    Playwright storage state, when a learner comes back); requests that leave the site are
    refused and listed."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  storage_state=storage)
    outside: list[str] = []
    errors: list[str] = []

    def route(request_route: Any) -> None:
        if request_route.request.url.startswith(site):
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: errors.append(msg.text)
            if msg.type == "error" and "stratego" in msg.text.lower() else None)
    page.goto(f"{site}/{path}")
    return page, outside, errors


def run_all(page: Page) -> None:
    """Wait for the Pyodide kernel, run every cell, wait until each has run."""
    wait_for(page,
        "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel"
        "?.status === 'idle'", timeout=START_MS)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    wait_for(page,
        """() => {
            const panel = window.jupyterapp.shell.currentWidget;
            return panel.sessionContext.session.kernel.status === 'idle'
              && panel.content.widgets.every(
                   (cell) => cell.model.type !== 'code' || cell.model.executionCount !== null);
        }""", timeout=START_MS)


@pytest.fixture()
def start_here(browser: Browser, site: str) -> Iterator[tuple[Page, list[str], list[str]]]:
    """The site's address opened and the notebook it opens run: ``(page, outside, errors)``."""
    page, outside, errors = open_site(browser, site, "")
    try:
        run_all(page)
        yield page, outside, errors
    finally:
        page.context.close()


def the_site_opens_start_here_which_runs_offline_and_its_bot_answers_a_move(
        start_here: tuple[Page, list[str], list[str]]) -> None:
    page, outside, errors = start_here
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path") == START_HERE
    failed = page.evaluate(
        """() => window.jupyterapp.shell.currentWidget.content.widgets
             .filter((cell) => cell.model.type === 'code')
             .flatMap((cell) => cell.model.outputs.toJSON())
             .filter((output) => output.output_type === 'error')
             .map((output) => output.ename + ': ' + output.evalue)""")
    assert failed == []
    boards = page.locator(".sw-root")
    assert boards.count() >= 3  # the lessons, the course map and the game against the bot
    board = boards.last
    board.locator("[data-square]").first.wait_for()
    assert board.get_attribute("data-phase") == "play"

    local = StrategoWidget(**BOT_BOARD)  # type: ignore[arg-type]
    move = next(m for m in local.game.legal_moves()
                if local.game.piece_at(str(m.target)) is None)
    local.play(move)
    serial = int(board.get_attribute("data-serial") or 0)
    board.locator(f'[data-square="{move.origin}"]').click()
    board.locator(f'[data-square="{move.target}"]').click()
    wait_for(page,
        "([root, serial]) => Number(root.dataset.serial) > serial"
        " && root.querySelectorAll('[data-testid=\"move-list\"] > *').length === 2",
        arg=[board.element_handle(), serial], timeout=TIMEOUT_MS)
    listed = board.locator('[data-testid="move-list"] > *').all_text_contents()
    # The learner's move, then the bot's answer, as the engine in the browser played them.
    assert [text.split()[-1] for text in listed] == local.view["moves"]
    assert board.get_attribute("data-phase") == "play"
    assert not board.locator('[data-testid="bubble"]').is_visible()
    assert errors == []
    assert outside == [], "the site fetched from outside itself"


def board_of(page: Page, lesson: str) -> Any:
    """The notebook's lesson board of ``lesson``."""
    board = page.locator(
        f'.sw-lesson-widget:has([data-testid="lesson-panel"][data-lesson="{lesson}"])').first
    board.scroll_into_view_if_needed()
    return board


def solve_first_step(page: Page, lesson: str) -> None:
    """Play the first step of ``lesson``'s board by clicking (unless it is solved already:
    the tests share the page), and wait until it is solved."""
    board = board_of(page, lesson)
    solved = board.locator('[data-testid="lesson-panel"][data-lesson-state="solved"]')
    if solved.count():
        return
    origin, target = catalog()[lesson].steps[0].solution[0].split("-")
    board.locator(f'[data-square="{origin}"]').click()
    board.locator(f'[data-square="{target}"]').click()
    solved.wait_for()


def stored(page: Page) -> Any:
    """The lessons part of the progress the boards keep in the browser's storage."""
    return page.evaluate(
        "() => JSON.parse(localStorage.getItem('stratego-widget-progress') || '{}').lessons"
        " || {}")


def two_boards_of_one_notebook_both_keep_their_stars(
        start_here: tuple[Page, list[str], list[str]]) -> None:
    """Issue 31: each board read the storage once and then stored its whole progress, so the
    last board to store wiped the stars of the others; boards now merge what they store. The
    Scout is opened from the course map (its board is the map's), the pieces lesson is a board
    of its own; back to the map after."""
    page, outside, errors = start_here
    course = the_course(page)
    course.locator('[data-testid="course-lesson-scout"]').click()
    solve_first_step(page, "scout")
    wait_for(page,
        "() => (localStorage.getItem('stratego-widget-progress') || '').includes('scout')",
        timeout=TIMEOUT_MS)
    solve_first_step(page, "pieces")    # this board read the storage before scout stored
    wait_for(page,
        """() => {
            const text = localStorage.getItem('stratego-widget-progress') || '{}';
            const lessons = JSON.parse(text).lessons || {};
            return lessons.pieces?.['0']?.best > 0;
        }""", timeout=TIMEOUT_MS)
    kept = stored(page)
    assert kept["scout"]["0"]["best"] == 3 and kept["pieces"]["0"]["best"] > 0
    course.locator('[data-testid="course-map-button"]').click()
    course.locator('[data-testid="course-map"]').wait_for()
    assert errors == []
    assert outside == [], "the site fetched from outside itself"


def the_course(page: Page) -> Any:
    """The notebook's course board: the lesson board that opened on its map (marked, so that
    it is still found once the map is closed)."""
    shown = page.locator('.sw-lesson-widget:has([data-testid="course-map"]:not([hidden]))').first
    shown.wait_for()
    shown.evaluate("(node) => node.setAttribute('data-test-course', '')")
    return page.locator("[data-test-course]")


def the_course_map_shows_the_kept_stars_after_a_page_load(
        page: Page, site: str, browser: Browser) -> None:
    """In JupyterLite no file lasts: the boards keep progress in the browser's storage, and a
    new page load (its own kernel) reads it. The learner closes the browser and comes back to
    the site's address: a new browser context given the first one's local storage, where the
    boards keep progress (JupyterLab's tabs, kept elsewhere, are not carried over: restored, a
    tab of another notebook started a second Pyodide and, on a loaded machine, was once the
    current tab instead of the start-here notebook). Its course map shows the Scout's stars."""
    back, outside, errors = open_site(browser, site, "", storage=page.context.storage_state())
    try:
        run_all(back)
        assert back.evaluate(
            "() => window.jupyterapp.shell.currentWidget.context.path") == START_HERE
        course = the_course(back)
        place = course.locator('[data-testid="course-place"]').text_content() or ""
        assert place == "Your progress is saved in this browser"
        scout = course.locator('[data-testid="course-lesson-scout"]')
        wait_for(back,
            "(node) => node.getAttribute('aria-label').startsWith('The Scout: 3 of')",
            arg=scout.element_handle(), timeout=TIMEOUT_MS)
        assert errors == []
        assert outside == [], "the site fetched from outside itself"
    finally:
        back.context.close()


def name_the_learner(page: Page, course: Any, name: str) -> None:
    """Type ``name`` on the course map of ``course`` and press Enter; wait until the map says
    whose progress it is."""
    course.locator('[data-testid="course-name"]').fill(name)
    course.locator('[data-testid="course-name"]').press("Enter")
    wait_for(page,
        "([node, name]) => node.textContent === `Progress of ${name}`",
        arg=[course.locator('[data-testid="course-name-ask"]').element_handle(), name],
        timeout=TIMEOUT_MS)


def hand_in(page: Page, course: Any, folder: pathlib.Path) -> pathlib.Path:
    """Press Hand in on the course map of ``course``; the file the browser downloads, saved
    in ``folder`` under the name the browser suggests (the teacher's class folder)."""
    with page.expect_download() as download:
        course.locator('[data-testid="course-hand-in"]').click()
    handed = folder / download.value.suggested_filename
    download.value.save_as(handed)
    return handed


def a_named_learner_hands_in_a_progress_file_the_teacher_reads(
        start_here: tuple[Page, list[str], list[str]], tmp_path: pathlib.Path) -> None:
    """Issue 34: in JupyterLite progress lived only in the browser, with no way to hand it in.
    On the start-here notebook's course map the learner types a name and presses Enter, then
    Hand in: the browser downloads ``<name>.json``, a progress file with the name and the stars
    earned, which ClassSummary reads from a folder."""
    page, outside, errors = start_here
    course = page.locator("[data-test-course]")
    name_the_learner(page, course, "Ada Lovelace")
    folder = tmp_path / "class"
    folder.mkdir()
    handed_in = hand_in(page, course, folder)
    assert handed_in.name == "Ada Lovelace.json"
    handed = Progress.load(handed_in)
    assert handed.learner == "Ada Lovelace" and handed.stars("scout")[0] == 3
    summary = ClassSummary.from_folder(folder)
    assert summary.problems == [] and [row["learner"] for row in summary.totals()] == \
        ["Ada Lovelace"]
    said = course.locator('[data-testid="course-handed"]').text_content()
    assert said == "Ada Lovelace.json is in your downloads: give it to your teacher."
    assert errors == []
    assert outside == [], "the site fetched from outside itself"


def test_the_site_offline_its_bot_its_stars_and_a_hand_in(
        start_here: tuple[Page, list[str], list[str]], subtests: Any,
        tmp_path: pathlib.Path) -> None:
    with subtests.test("the site opens start-here, which runs offline; its bot answers a move"):
        the_site_opens_start_here_which_runs_offline_and_its_bot_answers_a_move(start_here)
    with subtests.test("two boards of one notebook both keep their stars"):
        two_boards_of_one_notebook_both_keep_their_stars(start_here)
    with subtests.test("a named learner hands in a progress file the teacher reads"):
        a_named_learner_hands_in_a_progress_file_the_teacher_reads(start_here, tmp_path)


@contextlib.contextmanager
def a_learner_on_the_course(browser: Browser, site: str
                            ) -> Iterator[tuple[Page, Any, list[str], list[str]]]:
    """A learner of their own: a new browser context (its own storage, its own Pyodide) at the
    site's address, the start-here notebook run: ``(page, course board, outside, errors)``."""
    page, outside, errors = open_site(browser, site, "")
    try:
        run_all(page)
        yield page, the_course(page), outside, errors
    finally:
        page.context.close()


def plays_a_lesson_from_the_map_and_hands_in(browser: Browser, site: str, name: str,
                                             lesson: str, folder: pathlib.Path,
                                             comes_back: bool = False) -> None:
    """One learner's part of the class loop: types ``name`` on the course map, opens
    ``lesson`` from the map, solves its first step by clicking, goes back to the map and
    hands in into ``folder``; with ``comes_back``, then comes back to the site (the Scout's
    stars shown on the map after a page load)."""
    with a_learner_on_the_course(browser, site) as (page, course, outside, errors):
        name_the_learner(page, course, name)
        course.locator(f'[data-testid="course-lesson-{lesson}"]').click()
        solve_first_step(page, lesson)
        course.locator('[data-testid="course-map-button"]').click()
        assert hand_in(page, course, folder).name == f"{name}.json"
        assert errors == []
        assert outside == [], "the site fetched from outside itself"
        if comes_back:
            the_course_map_shows_the_kept_stars_after_a_page_load(page, site, browser)


@pytest.mark.full
def test_two_learners_each_in_a_browser_of_their_own_hand_in_and_the_teacher_sums_up(
        browser: Browser, site: str, tmp_path: pathlib.Path) -> None:
    """Issue 34's whole loop for a JupyterLite site: two learners, each a browser profile of
    their own, name themselves on the course map, each solve the first step of a different
    lesson by clicking and hand in; the teacher's ClassSummary over the folder of both
    downloads names both learners with the stars each earned, and the drill-down of each
    step shows the one learner who played it. The first learner comes back to the site:
    the course map shows the stars the browser kept."""
    folder = tmp_path / "class"
    folder.mkdir()
    plays_a_lesson_from_the_map_and_hands_in(browser, site, "Ada Lovelace", "scout", folder,
                                             comes_back=True)
    plays_a_lesson_from_the_map_and_hands_in(browser, site, "Grace Hopper", "miner", folder)
    summary = ClassSummary.from_folder(folder)
    assert summary.problems == []
    assert sorted(summary.learners) == ["Ada Lovelace", "Grace Hopper"]
    stars = {row["learner"]: (row["stars"], row["steps_solved"]) for row in summary.totals()}
    assert stars == {"Ada Lovelace": (3, 1), "Grace Hopper": (3, 1)}
    for lesson, learner in (("scout", "Ada Lovelace"), ("miner", "Grace Hopper")):
        tried = summary.step_attempts(lesson, 1).rows
        assert [(row.learner, row.lesson, row.outcome, row.stars) for row in tried] == \
            [(learner, lesson, "solved", 3)]
