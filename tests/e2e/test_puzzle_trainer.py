"""The puzzle trainer (issue 36) in a real JupyterLab and Chromium: a wrong move answered by
the opponent and explained, Retry, the puzzle solved by clicking and its line's reply played,
the course map's Puzzles entry (the rating, one solved in two attempts) and its button by
keyboard playing the next round; axe-core on the board in light and dark."""

from __future__ import annotations

import json
from typing import Any

import pytest
from harness import Notebook, run_axe, set_theme, wait_for

pytestmark = pytest.mark.e2e

TRAINER = """\
from stratego_widget.engine.game import Game
from stratego_widget.lessons import PuzzleTrainer
from stratego_widget.puzzles import Puzzle

escape = Puzzle.of(Game.from_pieces("barrage", {
    "a4": "red miner", "a1": "red flag", "j1": "red bomb", "a5": "blue general",
    "j10": "blue flag", "e8": "blue scout"}, revealed=["a5"]), ("a4-b4", "a5-a4"), rating=1500)
probe = Puzzle.of(Game.from_pieces("original", {
    "b2": "red scout", "a1": "red flag", "b8": "blue marshal", "j10": "blue flag"}),
    ("b2xb8",), rating=1700)
PuzzleTrainer(progress=None, puzzles=[escape, probe])"""


def part(nb: Notebook, name: str) -> Any:
    return nb.page.locator(f'.sw-lesson-widget [data-testid="{name}"]').first


def play(nb: Notebook, move: str) -> None:
    serial = nb.serial()
    origin, target = move.replace("x", "-").split("-")
    nb.square(origin).click()
    nb.square(target).click()
    nb.wait_serial_above(serial)


def test_a_puzzle_missed_then_solved_by_clicking_the_map_s_entry_and_axe(open_notebook) -> None:
    nb = open_notebook("puzzles.ipynb", TRAINER, viewport=(1366, 768),
                       ready='[data-testid="lesson-panel"][data-lesson="puzzles"]')
    assert "Puzzle 1: find the one good move for Red" in (
        part(nb, "lesson-instruction").text_content() or "")
    play(nb, "a4xa5")  # the Miner strikes the General it was shown: lost
    nb.page.wait_for_selector('[data-testid="lesson-panel"][data-lesson-state="lost"]')
    said = part(nb, "lesson-feedback").text_content() or ""
    assert "General" in said and "The puzzle's move was a4-b4." in said
    part(nb, "lesson-retry").click()
    nb.page.wait_for_selector('[data-testid="lesson-panel"][data-lesson-state="playing"]')
    play(nb, "a4-b4")  # solved: the round of one puzzle is finished
    nb.page.wait_for_selector('[data-testid="lesson-panel"][data-lesson-state="finished"]')
    # The line's reply is played: Blue's General follows the Miner to a4.
    nb.page.wait_for_selector('.sw-root [data-square="a4"] .sw-piece:not(.sw-none)')
    for theme in ("light", "dark"):
        set_theme(nb.page, theme)
        result = run_axe(nb.page, ".sw-lesson-widget")
        assert result["violations"] == [], json.dumps(result["violations"], indent=1)[:2000]
    set_theme(nb.page, "light")
    part(nb, "course-map-button").click()
    status = part(nb, "course-puzzles-status").text_content() or ""
    assert "1 solved in 2 attempts" in status and "0 due" in status
    result = run_axe(nb.page, ".sw-lesson-widget")
    assert result["violations"] == [], json.dumps(result["violations"], indent=1)[:2000]
    part(nb, "course-puzzles").focus()
    nb.page.keyboard.press("Enter")  # the next round: the Scout's probe, rated 1700
    wait_for(nb.page,
        "() => document.querySelector('.sw-lesson-widget [data-testid=\"lesson-instruction\"]')"
        "?.textContent?.includes('1700')")
    assert nb.errors == []
