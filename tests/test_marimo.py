"""The board in marimo: the browser's acknowledgement makes ``mo.ui.anywidget`` reactive.

marimo re-runs the cells that read a wrapped widget only when the browser changes one of its
traits (marimo issue 9818); the board's front end sets ``seen`` after each view it draws.
Here: the trait and the protocol, the wrapped widget's reading API, and the marimo tutorial
run as marimo runs it (``marimo export html`` executes every cell).
"""

from __future__ import annotations

import importlib
import importlib.util
import pathlib
import subprocess
import sys
from types import ModuleType

import pytest

import stratego_widget as sw
from stratego_widget import StrategoWidget
from stratego_widget.widget.protocol import TRAITS, check_trait

ROOT = pathlib.Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "notebooks" / "marimo_tutorial.py"


@pytest.fixture(scope="module")
def mo() -> ModuleType:
    """marimo, imported by the tests that use it (a second of import, not at collection)."""
    return importlib.import_module("marimo")


def board() -> StrategoWidget:
    return StrategoWidget(sw.Game.random("duel", seed=4), viewer="red", opponent="random",
                          seed=4)


def test_seen_is_the_one_integer_trait_the_browser_may_set() -> None:
    assert TRAITS["seen"]["type"] == "integer"
    check_trait("seen", 0)
    check_trait("seen", 10**9)
    for bad in (-1, 10**9 + 1, 1.5, "3", True, None):
        with pytest.raises(sw.ProtocolError) as caught:
            check_trait("seen", bad)
        assert caught.value.rule == "protocol-trait"


def test_the_browser_sets_seen_and_nothing_else_changes() -> None:
    widget = board()
    before = (widget.view, widget.game.ply, widget.view["serial"])
    widget.set_state({"seen": before[2]})
    assert widget.seen == before[2]
    assert (widget.view, widget.game.ply, widget.view["serial"]) == before


def test_only_marimo_asks_the_browser_to_acknowledge() -> None:
    widget = board()  # here the comm is not marimo's: Jupyter needs no acknowledgement
    assert widget.acknowledge is False and widget.get_state()["acknowledge"] is False
    widget.set_state({"acknowledge": True})  # Python's to set, not the browser's
    assert widget.acknowledge is False
    assert widget.view["message"]["rule"] == "protocol-trait"


@pytest.mark.parametrize("value", [-1, "7", 2.5, [1], 10**12])
def test_a_bad_seen_is_refused_and_put_back(value: object) -> None:
    widget = board()
    widget.set_state({"seen": 3})
    ply = widget.game.ply
    widget.set_state({"seen": value})
    assert widget.seen == 3 and widget.game.ply == ply
    assert widget.view["message"]["rule"] == "protocol-trait"


def test_the_wrapped_board_reads_the_game_last_move_and_result(mo: ModuleType) -> None:
    widget = board()
    wrapped = mo.ui.anywidget(widget)
    assert wrapped.game is widget.game and wrapped.last_move is None and wrapped.result is None
    move = widget.game.legal_moves()[0]
    widget.play(move)  # the bot answers at once
    assert widget.game.ply == 2
    assert wrapped.last_move == widget.game.moves[-1] != move
    assert wrapped.value["view"]["last_move"]["text"] == str(wrapped.last_move)
    assert wrapped.value["view"]["moves"][0] == str(move)
    widget.game.resign("blue")
    assert wrapped.result == widget.game.outcome and wrapped.result.winner == "red"


def test_the_browser_acknowledgement_reaches_the_widget_through_marimo(mo: ModuleType) -> None:
    """What marimo does with a state update from the browser: it becomes the element's value
    (cells that read the element re-run) and is set on the widget."""
    widget = board()
    wrapped = mo.ui.anywidget(widget)
    widget.play(widget.game.legal_moves()[0])
    serial = widget.view["serial"]
    assert wrapped._convert_value({"seen": serial}) == {"seen": serial}
    assert widget.seen == serial == wrapped.value["seen"]


def test_the_tutorial_cells_read_the_wrapped_board() -> None:
    spec = importlib.util.spec_from_file_location("marimo_tutorial", TUTORIAL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    _outputs, defs = module.app.run()
    widget, board = defs["widget"], defs["board"]
    assert board.widget is widget and defs["game"] is widget.game
    assert defs["last_move"] is None and defs["result"] is None and defs["moves"] == []
    widget.play(widget.game.legal_moves()[0])
    assert board.last_move == widget.game.moves[-1] and len(board.value["view"]["moves"]) == 2


@pytest.mark.notebooks
def test_the_marimo_tutorial_runs_every_cell(tmp_path: pathlib.Path) -> None:
    page = tmp_path / "tutorial.html"
    notebook = tmp_path / TUTORIAL.name  # marimo keeps a session cache next to the notebook
    notebook.write_text(TUTORIAL.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "marimo", "export", "html", str(notebook), "-o", str(page)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    text = page.read_text(encoding="utf-8").replace("\\u003C", "<").replace("\\u003E", ">")
    # The cells that read the board ran and drew their answers (not just their source).
    assert "Moves played:</strong> 0" in text
    assert "Last move:</strong> none yet" in text
    assert "Red has lost:</strong> nothing" in text
