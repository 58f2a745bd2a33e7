"""The marimo tutorial as an app (``marimo run``) in Chromium: a click on the board re-runs the
cells that read the wrapped board (marimo issue 9818: before the browser acknowledged each view,
they never ran again after a move)."""

from __future__ import annotations

import pathlib
import subprocess
import sys
from collections.abc import Iterator

import pytest
from harness import TIMEOUT_MS, free_port, stop_server, wait_until_serving
from playwright.sync_api import Browser

import stratego_widget as sw
from stratego_widget import StrategoWidget

pytestmark = pytest.mark.e2e

TUTORIAL = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "marimo_tutorial.py"


#: Added to the tutorial's copy: a cell that reads the wrapped board and counts its own runs.
COUNTING_CELLS = """@app.cell
def _():
    board_cell_runs = []
    return (board_cell_runs,)


@app.cell
def _(board, board_cell_runs, mo):
    board.game  # reads the wrapped board: runs again after each view the browser acknowledges
    board_cell_runs.append(1)
    mo.md(f"Board cell runs: {len(board_cell_runs)}")
    return


"""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("marimo")
    notebook = folder / TUTORIAL.name  # marimo keeps a session cache next to the notebook
    tutorial = TUTORIAL.read_text(encoding="utf-8")
    end = 'if __name__ == "__main__":'
    notebook.write_text(tutorial.replace(end, COUNTING_CELLS + end), encoding="utf-8")
    port = free_port()
    log_path = folder / "server.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "marimo", "run", str(notebook), "--headless", "--no-token",
             "--host", "127.0.0.1", "--port", str(port)],
            cwd=folder, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            wait_until_serving(url, server, log_path, "marimo", seconds=60)
            yield url
        finally:
            stop_server(server)


def test_a_click_re_runs_the_cells_that_read_the_board(browser: Browser, app: str) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1200})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(app)
        page.locator(".sw-root [data-square]").first.wait_for()
        readout = page.get_by_text("Moves played").first.locator("xpath=..")
        assert readout.inner_text().startswith("Moves played: 0 · Last move: none yet")

        # The same board as the tutorial's (its seed), played here to know the bot's answer.
        local = StrategoWidget(sw.Game.random("original", seed=7), viewer="red",
                               opponent="heuristic", seed=7)
        move = next(m for m in local.game.legal_moves()
                    if local.game.piece_at(str(m.target)) is None)
        local.play(move)
        page.locator(f'.sw-root [data-square="{move.origin}"]').click()
        page.locator(f'.sw-root [data-square="{move.target}"]').click()
        page.get_by_text("Moves played: 2").first.wait_for()
        text = readout.inner_text()
        assert f"Last move: {local.last_move}" in text and "the game goes on" in text
        # The cell reading board.value re-ran too: the move list has both moves.
        page.get_by_text(f"Moves: {' '.join(local.view['moves'])}").first.wait_for()
        # Once per move: the learner's move and the bot's reply, sent one after the other, are
        # acknowledged together, so the cells ran once, not twice.
        page.wait_for_timeout(1000)
        assert page.get_by_text("Board cell runs:").first.inner_text() == "Board cell runs: 2"
        assert errors == []
    finally:
        context.close()
