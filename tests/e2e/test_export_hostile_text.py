"""Offline pages whose every text a user sets holds ``<!--``, ``</script>`` and ``<script>``,
in Chromium with every network request blocked: the board is still drawn, the text shows as
text, no script of it runs, and the replay steps back and forth.

The pages: a finished game on a variant with such a title (``StrategoWidget.to_html`` and
``Game.to_html``), a lesson with such texts (``LessonWidget.to_html``), and an executed notebook
exported with the command line that also holds an ``ipywidgets.HTML`` widget with such a value.
One ``<!--`` anywhere in a page's state once made the whole state unreadable (no board at all).
"""

from __future__ import annotations

import inspect
import json
import pathlib
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import nbformat
import pytest
from harness import OfflinePage, occupied, open_offline, shown_ply, wait_for_ply
from nbclient import NotebookClient
from playwright.sync_api import Browser

import stratego_widget as sw
from stratego_widget import StrategoWidget
from stratego_widget.lessons import Lesson, LessonWidget

pytestmark = pytest.mark.e2e

#: Ends a script element, opens a comment and a new script: each must stay text.
HOSTILE = "a <!-- b </script><script>window.pwned=1</script> c"


def finished_game() -> sw.Game:
    """A short game on a variant titled ``HOSTILE``: six random moves, then Red resigns."""
    game = sw.Game.random(sw.variant("duel", "hostile", title=HOSTILE), seed=4)
    rng = random.Random(4)
    for _ in range(6):
        game.play(rng.choice(game.legal_moves()))
    game.resign("red")
    return game


@dataclass(frozen=True)
class HostilePage:
    """A written page, its replay's length, and the elements that show ``HOSTILE`` as text."""

    path: pathlib.Path
    plies: int
    shown_in: tuple[str, ...]


#: Where a board page shows its ruleset's title.
BOARD_TITLES = ("title", "h1", ".sw-root [data-testid=ruleset-title]")


def widget_page(folder: pathlib.Path) -> HostilePage:
    game = finished_game()
    board = StrategoWidget(game, viewer="red")
    return HostilePage(board.to_html(folder / "board.html"), game.ply, BOARD_TITLES)


def game_page(folder: pathlib.Path) -> HostilePage:
    game = finished_game()
    return HostilePage(game.to_html(folder / "game.html", viewer="red"), game.ply, BOARD_TITLES)


def lesson_page(folder: pathlib.Path) -> HostilePage:
    """A lesson whose every text is ``HOSTILE``, after one accepted move (and Blue's scripted
    answer) and one refused move, whose feedback ends with the step's ``HOSTILE`` text."""
    text = json.dumps(HOSTILE)  # a TOML basic string
    lesson = Lesson.from_text(f"""
id = "hostile"
title = {text}
summary = {text}
ruleset = "original"
[[steps]]
pieces = {{ b2 = "red scout", b7 = "blue major", j9 = "blue sergeant" }}
instruction = {text}
goal = {{ capture = "b7" }}
par = 2
solution = ["b2-b3", "b3-b7"]
replies = ["j9-j8"]
hint = {text}
feedback.diagonal = {text}
success = {text}
cite = {json.dumps("Original: " + HOSTILE)}
quote = {text}
""", languages=("en",))
    board = LessonWidget(lesson)
    board.handle({"type": "move", "from": "b2", "to": "b3"})
    board.handle({"type": "move", "from": "b3", "to": "c4"})  # a diagonal: refused
    assert board.game.ply == 2 and board.lesson["feedback"]["rule"] == "diagonal"
    return HostilePage(board.to_html(folder / "lesson.html"), board.game.ply,
                       tuple(f"[data-testid=lesson-{name}]"
                             for name in ("title", "instruction", "feedback")))


def notebook_page(folder: pathlib.Path) -> HostilePage:
    """An executed notebook with the board of :func:`finished_game` and an HTML widget,
    exported with the command line."""
    cells = [
        "import random\nimport ipywidgets\nimport stratego_widget as sw\n"
        f"from stratego_widget import StrategoWidget\nHOSTILE = {HOSTILE!r}",
        inspect.getsource(finished_game),
        "board = StrategoWidget(finished_game(), viewer='red')\nboard",
        "ipywidgets.HTML('<!-- note --> ' + HOSTILE)",
        "print(board.game.ply)",
    ]
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source) for source in cells])
    NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    nbformat.write(notebook, folder / "hostile.ipynb")
    page = folder / "hostile.html"
    subprocess.run([sys.executable, "-m", "stratego_widget", "export",
                    str(folder / "hostile.ipynb"), "-o", str(page)], check=True)
    plies = int(notebook.cells[-1].outputs[0]["text"])
    # The HTML widget has no front end in the page: it shows the text the notebook saved.
    return HostilePage(page, plies, (".sw-root [data-testid=ruleset-title]",
                                     ".sw-page-widget:not([data-drawn]) pre"))


PAGES: dict[str, Callable[[pathlib.Path], HostilePage]] = {
    "widget": widget_page, "game": game_page, "lesson": lesson_page, "notebook": notebook_page}


@pytest.fixture(scope="module", params=list(PAGES))
def hostile_page(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> HostilePage:
    return PAGES[request.param](tmp_path_factory.mktemp(request.param))


@pytest.fixture
def opened(browser: Browser, hostile_page: HostilePage) -> Iterator[OfflinePage]:
    """The page in a fresh browser context where only file: and data: load."""
    with open_offline(browser, hostile_page.path) as shown:
        yield shown


def test_hostile_text_stays_text_and_the_board_and_its_replay_work(
        opened: OfflinePage, hostile_page: HostilePage) -> None:
    page = opened.page
    assert opened.errors == []  # an unreadable state stops the page as it loads
    page.wait_for_selector("html[data-sw-drawn]")
    assert page.get_attribute("html", "data-sw-drawn") == "1"  # the one board
    assert page.locator(".sw-root [data-square]").count() == 100
    at_end = occupied(page)
    assert at_end
    for selector in hostile_page.shown_in:
        assert HOSTILE in page.locator(selector).first.inner_text(), selector
    assert page.evaluate("() => typeof window.pwned") == "undefined"

    assert shown_ply(page) == str(hostile_page.plies)
    page.click("[data-testid=replay-first]")
    wait_for_ply(page, 0)
    at_start = occupied(page)
    assert at_start != at_end
    page.click("[data-testid=replay-next]")
    wait_for_ply(page, 1)
    assert occupied(page) != at_start  # the first move, played again
    page.click("[data-testid=replay-live]")
    wait_for_ply(page, hostile_page.plies)
    assert occupied(page) == at_end

    assert page.evaluate("() => typeof window.pwned") == "undefined"
    assert opened.blocked == []
    assert opened.errors == []
