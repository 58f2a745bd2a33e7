"""Two lesson boards of one JupyterLite notebook both keep their stars in the browser's storage
(issue 31): each board read the storage once and then stored its whole progress, so the last
board to store wiped the stars of the others; boards now merge what they store."""

from __future__ import annotations

from typing import Any

import pytest
from harness import TIMEOUT_MS
from playwright.sync_api import Browser, Page
from test_jupyterlite import open_site, run_all, site  # noqa: F401 - site: the served site

from stratego_widget.lessons import catalog

pytestmark = pytest.mark.e2e

NOTEBOOK = "01_original.ipynb"   # its boards: officers, strike, scout, miner, spy, ...


def board_of(page: Page, lesson: str) -> Any:
    board = page.locator(f'.sw-lesson-widget:has([data-testid="lesson-panel"][data-lesson="{lesson}"])')
    board.first.scroll_into_view_if_needed()
    return board.first


def solve_first_step(page: Page, lesson: str) -> None:
    """Play the first step of ``lesson``'s board by clicking, and wait until it is solved."""
    board = board_of(page, lesson)
    origin, target = catalog()[lesson].steps[0].solution[0].split("-")
    board.locator(f'[data-square="{origin}"]').click()
    board.locator(f'[data-square="{target}"]').click()
    board.locator('[data-testid="lesson-panel"][data-lesson-state="solved"]').wait_for()


def test_two_boards_of_one_notebook_both_keep_their_stars(browser: Browser, site: str) -> None:  # noqa: F811
    page, outside, errors = open_site(browser, site, f"lab/index.html?path={NOTEBOOK}")
    try:
        run_all(page)
        solve_first_step(page, "scout")
        page.wait_for_function(
            "() => (localStorage.getItem('stratego-widget-progress') || '').includes('scout')",
            timeout=TIMEOUT_MS)
        solve_first_step(page, "miner")    # this board read the storage before scout stored
        page.wait_for_function(
            """() => {
                const text = localStorage.getItem('stratego-widget-progress') || '{}';
                const lessons = JSON.parse(text).lessons || {};
                return lessons.miner?.['0']?.best > 0;
            }""", timeout=TIMEOUT_MS)
        kept = page.evaluate(
            "() => JSON.parse(localStorage.getItem('stratego-widget-progress')).lessons")
        assert kept["scout"]["0"]["best"] == 3 and kept["miner"]["0"]["best"] > 0
        assert errors == []
        assert outside == [], "the site fetched from outside itself"
    finally:
        page.context.close()
