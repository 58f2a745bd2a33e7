"""The board inside JupyterLab and Notebook 7: the host's shortcuts and context menu stay out of
the board, and pieces are dragged from the tray onto the board."""

from __future__ import annotations

import pytest
from harness import HOSTS

pytestmark = pytest.mark.e2e

IMPORTS = "import stratego_widget as sw\nfrom stratego_widget import StrategoWidget"
SETUP = "w = StrategoWidget(ruleset='barrage', opponent='heuristic', seed=1)\nw"
# Keys that the notebook's command mode acts on: delete (d d), insert above/below, markdown,
# code, cut, undo cell operation, paste.
COMMAND_KEYS = ["d", "d", "a", "b", "m", "y", "x", "z", "v", "c"]


@pytest.mark.parametrize("host", HOSTS)
def test_keys_on_the_board_stay_on_the_board(open_notebook, host: str) -> None:
    nb = open_notebook(f"keys-{host}.ipynb", IMPORTS, SETUP, host=host)
    before = nb.cells()
    assert before == ["code", "code"]
    for target in (nb.square("a1"), nb.testid("btn-random-setup"), nb.testid("tray-flag")):
        target.focus()
        for key in COMMAND_KEYS:  # one by one: the notebook's own undo could hide a deletion
            nb.page.keyboard.press(key)
            assert nb.cells() == before, (host, key)
    nb.page.wait_for_timeout(300)
    assert nb.cells() == before
    assert nb.page.locator(".sw-root [data-square]").count() == 100
    assert not nb.errors


@pytest.mark.parametrize("host", HOSTS)
def test_right_click_on_the_board_opens_no_host_menu(open_notebook, host: str) -> None:
    nb = open_notebook(f"menu-{host}.ipynb", IMPORTS, SETUP, host=host)
    menus = nb.page.locator(".lm-Menu")
    for target in (nb.square("a1"), nb.square("e7"), nb.testid("tray-flag")):
        target.click(button="right")
        nb.page.wait_for_timeout(200)
        assert menus.count() == 0 or not menus.first.is_visible(), host
    # Outside the widget the host's menu still works (the test would prove nothing otherwise).
    nb.page.locator(".jp-InputArea-editor").first.click(button="right")
    nb.page.wait_for_selector(".lm-Menu", state="visible")


def w_kind(nb, code: str) -> str:
    """The kind of a piece code from the view ("rF" is a Red Flag)."""
    return nb.python(f"print(w.rules['letters'].get('{code[1:2]}'))")


@pytest.mark.parametrize("host", HOSTS)
def test_drag_from_the_tray_places_a_piece(open_notebook, host: str) -> None:
    nb = open_notebook(f"drag-{host}.ipynb", IMPORTS, SETUP, host=host)
    for kind, square in (("flag", "a1"), ("bomb", "b1"), ("marshal", "c2")):
        serial = nb.serial()
        nb.testid(f"tray-{kind}").drag_to(nb.square(square))
        nb.wait_serial_above(serial)
        code = nb.python(f"print(w.view['pieces'].get('{square}'))")
        assert w_kind(nb, code) == kind
        assert nb.page.evaluate("() => String(window.getSelection())") == ""
    assert not nb.errors
