"""An exported notebook in Chromium with every network request blocked: the board is drawn from
the saved state and a finished game's replay steps back and forth with no kernel."""

from __future__ import annotations

import pathlib
import subprocess
import sys
from collections.abc import Iterator

import nbformat
import pytest
from harness import OfflinePage, occupied, open_offline, shown_ply, wait_for_ply
from nbclient import NotebookClient
from playwright.sync_api import Browser

pytestmark = pytest.mark.e2e

CELLS = [
    "import random\nimport stratego_widget as sw\nfrom stratego_widget import StrategoWidget",
    # A short finished game as Red saw it: a few random moves, then Red resigns.
    "board = StrategoWidget(sw.Game.random('duel', seed=4), viewer='red')\n"
    "rng = random.Random(4)\n"
    "for _ in range(6):\n"
    "    board.play(rng.choice(board.game.legal_moves()))\n"
    "board.handle({'type': 'resign'})\n"
    "board",
    "print(board.view['moves'])",
    "import ipywidgets\nipywidgets.IntSlider(value=3, description='Another widget')",
]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[pathlib.Path, list[str]]:
    """An executed notebook exported with the command line; the game's moves."""
    folder = tmp_path_factory.mktemp("export")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# A game")] + [
        nbformat.v4.new_code_cell(source) for source in CELLS])
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    nbformat.write(notebook, folder / "game.ipynb")
    page = folder / "game.html"
    subprocess.run([sys.executable, "-m", "stratego_widget", "export",
                    str(folder / "game.ipynb"), "-o", str(page)], check=True)
    moves_output = notebook.cells[3].outputs[0]["text"]
    moves = [part.strip(" '[]\n") for part in moves_output.split(",")]
    return page, moves


@pytest.fixture
def offline_page(browser: Browser, exported: tuple[pathlib.Path, list[str]],
                 ) -> Iterator[OfflinePage]:
    """The exported page in a fresh browser context where only file: and data: load."""
    with open_offline(browser, exported[0]) as shown:
        yield shown


def test_the_exported_board_is_drawn_and_its_replay_works_offline(
        offline_page: OfflinePage, exported: tuple[pathlib.Path, list[str]]) -> None:
    page, blocked, errors = offline_page.page, offline_page.blocked, offline_page.errors
    moves = exported[1]
    page.wait_for_selector(".sw-root [data-square]")
    root = page.locator(".sw-root")
    assert page.locator(".sw-root [data-square]").count() == 100
    assert "sw-readonly" in (root.get_attribute("class") or "")
    assert "sw-replayable" in (root.get_attribute("class") or "")
    assert root.get_attribute("data-phase") == "over"
    assert page.locator("[data-testid=move-list] li").count() == len(moves)
    at_end = occupied(page)
    assert shown_ply(page) == str(len(moves))

    page.click("[data-testid=replay-first]")
    wait_for_ply(page, 0)
    at_start = occupied(page)
    assert at_start != at_end
    origin, target = moves[0].replace("x", "-").split("-")
    assert origin in at_start and target not in at_start

    page.click("[data-testid=replay-next]")
    wait_for_ply(page, 1)
    after_one = occupied(page)
    assert origin not in after_one and target in after_one  # the first move, played again
    assert page.locator("[data-testid=replay-past]").is_visible()

    page.click("[data-testid=replay-live]")
    wait_for_ply(page, len(moves))
    assert occupied(page) == at_end
    # The other widget keeps the text the notebook saved for it; nothing was fetched.
    assert "IntSlider" in page.content()
    assert blocked == []
    assert errors == []
