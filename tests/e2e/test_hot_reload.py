"""`make watch` with anywidget's hot reload: a rebuilt front end reaches a board already open in
JupyterLab, which keeps drawing and playing its game (README, "Working on the package").

The notebook's kernel runs as under `make watch` (``ANYWIDGET_HMR=1``, set in its first cell,
before anything reads it) and imports a copy of the package (first on its path), so the test
can rewrite the copy's built files as `make watch` would without touching the checkout's.
"""

from __future__ import annotations

import pathlib
import shutil

import pytest
from harness import wait_for

pytestmark = pytest.mark.e2e

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "stratego_widget"
CELL = ("from stratego_widget import StrategoWidget\n"
        "from stratego_widget.lessons import LessonWidget\n"
        "board = StrategoWidget(ruleset='barrage', viewer='red', opponent='heuristic', "
        "setup='random', seed=1)\nboard")


def test_a_rebuilt_front_end_reaches_the_open_board(open_notebook, tmp_path: pathlib.Path) -> None:
    copy = tmp_path / "src"
    shutil.copytree(PACKAGE, copy / "stratego_widget",
                    ignore=shutil.ignore_patterns("__pycache__"))
    hot = ("import os, sys\n"
           "os.environ['ANYWIDGET_HMR'] = '1'\n"
           f"sys.path.insert(0, {str(copy)!r})")
    nb = open_notebook("hot-reload.ipynb", hot, CELL)
    assert nb.python("import stratego_widget; print(stratego_widget.__file__)") == str(
        copy / "stratego_widget" / "__init__.py")
    # Both widget classes hand anywidget the built file (a path it watches).
    assert nb.python("print(type(StrategoWidget._esm).__name__, "
                     "type(LessonWidget._esm).__name__)") == "FileContents FileContents"
    bundle = copy / "stratego_widget" / "static" / "widget.js"
    bundle.write_text(bundle.read_text(encoding="utf-8")
                      + '\ndocument.body.dataset.hotReload = "done";\n', encoding="utf-8")
    wait_for(nb.page, "() => document.body.dataset.hotReload === 'done'")
    nb.page.wait_for_selector(".sw-root [data-square]")
    assert nb.page.locator(".sw-root").count() == 1
    nb.click_move(nb.python("print(board.game.legal_moves()[0])"))
    assert nb.python("print(len(board.game.history))") == "2"  # the move and the answer
    assert nb.errors == []
