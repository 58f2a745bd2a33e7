"""The board inside JupyterLab and Notebook 7: the host's shortcuts and context menu stay out of
the board, and pieces are dragged from the tray onto the board."""

from __future__ import annotations

from typing import Any

import pytest
from harness import HOSTS, Notebook, set_theme, wait_for

pytestmark = pytest.mark.e2e

#: The hosts of a test of the board's own behaviour: both in ``make test-full``; ``make test``
#: runs it in JupyterLab only (what the host itself does to the board, its keys, menu, theme
#: and width, and a drag from the tray, is tried in both hosts in ``make test``).
BOARD_HOSTS = ("lab", pytest.param("notebook", marks=pytest.mark.full))

IMPORTS = "import stratego_widget as sw\nfrom stratego_widget import StrategoWidget"
SETUP = "w = StrategoWidget(ruleset='barrage', opponent='heuristic', seed=1)\nw"
# Keys that the notebook's command mode acts on: delete (d d), insert above/below, markdown,
# code, cut, undo cell operation, paste.
COMMAND_KEYS = ["d", "d", "a", "b", "m", "y", "x", "z", "v", "c"]


def keys_on_the_board_stay_on_the_board(nb: Notebook) -> None:
    before = nb.cells()
    assert before == ["code", "code"]
    for target in (nb.square("a1"), nb.testid("btn-random-setup"), nb.testid("tray-flag")):
        target.focus()
        for key in COMMAND_KEYS:  # one by one: the notebook's own undo could hide a deletion
            nb.page.keyboard.press(key)
            assert nb.cells() == before, (nb.host, key)
    nb.page.wait_for_timeout(300)
    assert nb.cells() == before
    assert nb.page.locator(".sw-root [data-square]").count() == 100


def right_click_on_the_board_opens_no_host_menu(nb: Notebook) -> None:
    menus = nb.page.locator(".lm-Menu")
    for target in (nb.square("a1"), nb.square("e7"), nb.testid("tray-flag")):
        target.click(button="right")
        nb.page.wait_for_timeout(200)
        assert menus.count() == 0 or not menus.first.is_visible(), nb.host
    # Outside the widget the host's menu still works (the test would prove nothing otherwise).
    nb.page.locator(".jp-InputArea-editor").first.click(button="right")
    nb.page.wait_for_selector(".lm-Menu", state="visible")
    nb.page.keyboard.press("Escape")
    nb.page.wait_for_selector(".lm-Menu", state="detached")


def drag_from_the_tray_places_a_piece(nb: Notebook) -> None:
    for kind, square in (("flag", "a1"), ("bomb", "b1"), ("marshal", "c2")):
        serial = nb.serial()
        nb.testid(f"tray-{kind}").drag_to(nb.square(square))
        nb.wait_serial_above(serial)
        code = nb.python(f"print(w.view['pieces'].get('{square}'))")
        assert w_kind(nb, code) == kind
        assert nb.page.evaluate("() => String(window.getSelection())") == ""


#: The board's width, a square's size, the ranks' font size and the widest gap between
#: neighbouring squares (down file a and along rank 1).
BOARD_SIZES = """() => {
    const board = document.querySelector('.sw-root .sw-board').getBoundingClientRect();
    const cell = document.querySelector('.sw-root [data-square]').getBoundingClientRect();
    const rank = getComputedStyle(document.querySelector('.sw-root .sw-ranks span'));
    const at = (name) => document.querySelector(`.sw-root [data-square="${name}"]`)
        .getBoundingClientRect();
    let gap = 0;
    for (let i = 1; i < 10; i++) {
        gap = Math.max(gap, Math.abs(at('a' + i).top - at('a' + (i + 1)).bottom));
        const [left, right] = ['abcdefghij'[i - 1], 'abcdefghij'[i]];
        gap = Math.max(gap, Math.abs(at(right + '1').left - at(left + '1').right));
    }
    return {board: board.width, w: cell.width, h: cell.height,
            rank: parseFloat(rank.fontSize), gap};
}"""


def the_board_grows_with_the_notebook_and_keeps_square_cells(nb: Notebook) -> None:
    nb.page.set_viewport_size({"width": 1900, "height": 1200})
    nb.page.wait_for_timeout(300)
    wide = nb.page.evaluate(BOARD_SIZES)
    assert wide["board"] > 600, wide  # it used to stop at about 540 px
    assert abs(wide["w"] - wide["h"]) < 1.5, wide
    assert wide["rank"] >= 12, wide
    # The squares tile the board: a gap of even 1/64 px showed as a white line across it.
    assert wide["gap"] == 0, wide
    nb.page.set_viewport_size({"width": 760, "height": 1000})
    nb.page.wait_for_timeout(300)
    narrow = nb.page.evaluate(BOARD_SIZES)
    assert narrow["board"] < wide["board"], (narrow, wide)
    assert abs(narrow["w"] - narrow["h"]) < 1.5, narrow
    assert narrow["w"] >= 24, narrow
    assert narrow["gap"] == 0, narrow
    # Names show as tooltips whatever the size.
    marshal = nb.python("print(next(s for s, (o, k) in w.game.pieces().items()"
                        " if o == 'red' and k == 'marshal'))")
    assert nb.square(marshal).get_attribute("title") == "Red Marshal"


#: How light the board's language menu and Resign button are, and the menu's colour scheme.
CONTROL_LOOKS = """() => {
    const style = (sel) => getComputedStyle(document.querySelector('.sw-root ' + sel));
    const lum = (c) => { const [r, g, b] = c.match(/\\d+/g).map(Number);
                         return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
    return {scheme: style('[data-testid=lang-select]').colorScheme,
            select: lum(style('[data-testid=lang-select]').backgroundColor),
            button: lum(style('[data-testid=btn-resign]').backgroundColor)};
}"""


def native_controls_follow_the_notebook_theme(nb: Notebook) -> None:
    # The theme is a saved setting, shared by the tests: start from the light one.
    set_theme(nb.page, "light")
    light = nb.page.evaluate(CONTROL_LOOKS)
    assert light["scheme"] == "light" and light["select"] > 128 and light["button"] > 128, light
    try:
        set_theme(nb.page, "dark")
        wait_for(nb.page, """() => getComputedStyle(document.querySelector(
            '.sw-root [data-testid=lang-select]')).colorScheme === 'dark'""")
        nb.page.wait_for_timeout(300)
        dark = nb.page.evaluate(CONTROL_LOOKS)
        assert dark["select"] < 100 and dark["button"] < 100, dark
    finally:
        set_theme(nb.page, "light")


@pytest.mark.parametrize("host", HOSTS)
def test_the_host_leaves_the_board_alone(open_notebook, host: str, subtests: Any) -> None:
    """What the host itself does to the board, in JupyterLab and in Notebook 7, one notebook
    each (a page load and a kernel per check made these the longest host tests): its
    command-mode keys and its context menu stay out of the board and a piece dragged from the
    tray is placed (in the setup phase), then, in a game, the board grows with the notebook and
    its controls follow the notebook's theme."""
    nb = open_notebook(f"host-{host}.ipynb", IMPORTS, SETUP, host=host)
    with subtests.test("keys on the board stay on the board"):
        keys_on_the_board_stay_on_the_board(nb)
    with subtests.test("right click on the board opens no host menu"):
        right_click_on_the_board_opens_no_host_menu(nb)
    with subtests.test("drag from the tray places a piece"):
        drag_from_the_tray_places_a_piece(nb)
    serial = nb.serial()
    assert "ERROR" not in nb.python("w.new_game(sw.Game.random('original', seed=4))")
    nb.wait_serial_above(serial)
    with subtests.test("the board grows with the notebook and keeps square cells"):
        the_board_grows_with_the_notebook_and_keeps_square_cells(nb)
    with subtests.test("native controls follow the notebook theme"):
        native_controls_follow_the_notebook_theme(nb)
    assert not nb.errors


#: A game in the teacher's view, and `plain()`: the squares of a plain move for the side to move.
PLAIN_MOVES = """w = StrategoWidget(sw.Game.random('original', seed=11), viewer='both')
def plain():
    m = next(m for m in w.game.legal_moves() if not m.strike)
    print(m.origin, m.target)
w"""
#: The square that has the keyboard's focus, if any.
FOCUSED_SQUARE = "() => document.activeElement?.dataset?.square ?? null"
#: The squares in the tab order.
TAB_STOPS = ("() => Array.from(document.querySelectorAll('.sw-root [data-square][tabindex=\"0\"]'))"
             ".map((node) => node.dataset.square)")


@pytest.mark.parametrize("host", BOARD_HOSTS)
def test_a_click_a_key_and_undo_keep_one_tab_stop(open_notebook, host: str) -> None:
    """The clicked square becomes the board's one tab stop (it is set after the move has been
    sent): Tab leaves the board and Shift+Tab comes back to it; Enter moves a piece as a click
    does, and Undo takes the moves back."""
    nb = open_notebook(f"tabstop-{host}.ipynb", IMPORTS, PLAIN_MOVES, host=host)
    origin, target = nb.python("plain()").split()
    serial = nb.serial()
    nb.square(origin).click()
    nb.square(target).click()
    nb.wait_serial_above(serial)
    assert nb.page.evaluate(TAB_STOPS) == [target]
    nb.page.keyboard.press("Tab")
    assert nb.page.evaluate(FOCUSED_SQUARE) is None  # out of the board
    nb.page.keyboard.press("Shift+Tab")
    assert nb.page.evaluate(FOCUSED_SQUARE) == target
    origin, target = nb.python("plain()").split()  # the other side's move, by the keyboard
    serial = nb.serial()
    nb.square(origin).focus()
    nb.page.keyboard.press("Enter")
    nb.square(target).focus()
    nb.page.keyboard.press("Enter")
    nb.wait_serial_above(serial)
    assert nb.python("print(w.game.ply)") == "2"
    assert nb.page.evaluate(TAB_STOPS) == [target]
    for ply in ("1", "0"):
        serial = nb.serial()
        nb.testid("btn-undo").click()
        nb.wait_serial_above(serial)
        assert nb.python("print(w.game.ply)") == ply
    assert len(nb.page.evaluate(TAB_STOPS)) == 1
    assert not nb.errors


def w_kind(nb, code: str) -> str:
    """The kind of a piece code from the view ("rF" is a Red Flag)."""
    return nb.python(f"print(w.rules['letters'].get('{code[1:2]}'))")


@pytest.mark.parametrize("host", BOARD_HOSTS)
def test_hot_seat_setups_are_handed_over(open_notebook, host: str) -> None:
    nb = open_notebook(f"hotseat-setup-{host}.ipynb", IMPORTS,
                       "w = StrategoWidget(ruleset='barrage', viewer='hotseat', seed=2)\nw",
                       host=host)
    cover = nb.testid("handover-cover")
    for side, other in (("Red", "Blue"), ("Blue", "Red")):
        assert not cover.is_visible()
        serial = nb.serial()
        nb.testid("btn-random-setup").click()
        nb.wait_serial_above(serial)
        serial = nb.serial()
        nb.testid("btn-ready").click()
        nb.wait_serial_above(serial)
        # The board is covered: the next player sees nothing of this army.
        assert cover.is_visible()
        assert nb.page.locator(".sw-root .sw-board.sw-hidden").count() == 1
        assert nb.page.locator(
            ".sw-root [data-square] .sw-piece:not(.sw-none):not(.sw-unknown)").count() == 0
        expected = other if side == "Red" else "Red"
        assert f"Pass the device to {expected}" in cover.inner_text(), cover.inner_text()
        serial = nb.serial()
        nb.testid("btn-handover").click()
        nb.wait_serial_above(serial)
    assert nb.python("print(w.view['phase'], w.view['viewer'])") == "play red"
    assert not nb.errors


@pytest.mark.parametrize("host", BOARD_HOSTS)
def test_resign_asks_and_the_game_end_shows_every_piece(open_notebook, host: str) -> None:
    nb = open_notebook(f"over-{host}.ipynb", IMPORTS,
                       "w = StrategoWidget(sw.Game.random('barrage', seed=3), opponent='random',"
                       " seed=3)\nw", host=host)
    assert nb.page.locator(".sw-root [data-square] .sw-piece.sw-unknown").count() > 0
    nb.testid("btn-resign").click()
    assert nb.testid("confirm").is_visible()
    nb.testid("btn-confirm-cancel").click()  # nothing happens without a yes
    assert nb.python("print(w.game.is_over)") == "False"
    nb.testid("btn-resign").click()
    serial = nb.serial()
    nb.testid("btn-confirm").click()
    nb.wait_serial_above(serial)
    assert nb.python("print(w.game.is_over)") == "True"
    nb.testid("result").wait_for(state="visible")
    # As at a real table, every piece is shown when the game is over.
    assert nb.page.locator(".sw-root [data-square] .sw-piece.sw-unknown").count() == 0
    assert nb.page.locator(".sw-root [data-square] .sw-piece.sw-blue").count() > 0
    # New game after the end needs no confirmation.
    serial = nb.serial()
    nb.testid("btn-new-game").click()
    nb.wait_serial_above(serial)
    assert nb.python("print(w.view['phase'], w.view['result'])") in ("setup None", "play None")
    assert not nb.errors


def test_dragging_a_piece_with_the_mouse_moves_it(open_notebook) -> None:
    """A mouse drag from a piece to a square: the release's own target names the square (the
    mouse is not captured, so no layout query is needed), and Python makes the move."""
    nb = open_notebook("drag-board.ipynb", IMPORTS,
                       "w = StrategoWidget(sw.Game.random('original', seed=11), viewer='both')\n"
                       "move = next(m for m in w.game.legal_moves() if not m.strike)\nw")
    origin, target = nb.python("print(move.origin, move.target)").split()
    serial = nb.serial()
    nb.square(origin).drag_to(nb.square(target))
    nb.wait_serial_above(serial)
    assert nb.python("print(w.view['last_move']['from'], w.view['last_move']['to'])") == \
        f"{origin} {target}"
    assert nb.square(target).locator(".sw-piece.sw-none").count() == 0
    assert nb.square(origin).locator(".sw-piece.sw-none").count() == 1
    assert nb.page.evaluate("() => String(window.getSelection())") == ""
    assert not nb.errors


#: Every running animation on the board: (token classes, square, name), the name being a CSS
#: animation's, a transition's property, or "slide".
ANIMATIONS = """() => document.getAnimations()
  .filter((a) => a.effect?.target?.closest?.(".sw-board"))
  .map((a) => [a.effect.target.className, a.effect.target.closest("[data-square]").dataset.square,
               a.animationName || a.transitionProperty || "slide"])"""
#: The same, recorded right after each click on the board.
#: Keep, at each click on the page, the animations running (until STOP_RECORDING).
RECORD_ANIMATIONS = ("() => { window.__animations = []; window.__recordAnimations = "
                     f"() => window.__animations.push(({ANIMATIONS})()); "
                     "window.addEventListener('click', window.__recordAnimations); }")
#: The page as it was before RECORD_ANIMATIONS (the next test may open its notebook there).
STOP_RECORDING = ("() => { window.removeEventListener('click', window.__recordAnimations); "
                  "delete window.__recordAnimations; delete window.__animations; }")


#: A game in the teacher's view, and `pick(strike)`: Python plays random plain moves until a
#: strike (or a plain move) is legal for the side to move, and prints its squares.
TEACHER_GAME = """import random
rng = random.Random({seed})
w = StrategoWidget(sw.Game.random('original', seed=11), viewer='both')
def pick(strike):
    while not any(m.strike == strike for m in w.game.legal_moves()):
        w.play(rng.choice([m for m in w.game.legal_moves() if not m.strike]))
    m = next(m for m in w.game.legal_moves() if m.strike == strike)
    print(m.origin, m.target)
w"""


def a_move_s_motion_can_run_on_the_compositor(nb: Notebook) -> None:
    """While the engine's answer is on its way the page should not have to draw every frame
    itself: a token that is hidden (the square a piece left) runs no transition, and no token
    runs two animations of its transform at once (the lift's transition beside the pulse of a
    strike whose answer is slow), either of which keeps the animation off the compositor. A
    strike is ringed at once; it pulses, and the status line says so, only when its answer is
    slow."""
    nb.page.evaluate(RECORD_ANIMATIONS)
    try:
        record_two_moves(nb)
    finally:
        nb.page.evaluate(STOP_RECORDING)


def record_two_moves(nb: Notebook) -> None:
    """A plain move, then a strike whose answer is slow, each click's animations recorded."""
    for strike in (False, True):
        origin, target = nb.python(f"pick({strike})").split()
        serial = int(nb.python("print(w.view['serial'])"))  # the page draws Python's moves
        wait_for(nb.page,
            "s => Number(document.querySelector('.sw-root')?.dataset.serial) >= s", arg=serial)
        nb.square(origin).click()
        if strike:  # the kernel is busy for a moment: the answer is slow
            nb.page.evaluate("""() => window.jupyterapp.shell.currentWidget.sessionContext
                .session.kernel.requestExecute({code: "time.sleep(1.5)", store_history: false})""")
        nb.square(target).click()
        running = nb.page.evaluate("() => window.__animations.at(-1)")
        if strike:
            assert not [a for a in running if a[2] == "sw-pulse"], running  # ringed, no pulse
            nb.page.wait_for_timeout(700)
            running = nb.page.evaluate(ANIMATIONS)
            assert sorted(a[1] for a in running if a[2] == "sw-pulse") == sorted([origin, target])
            assert nb.square(origin).get_attribute("class").count("sw-resolving") == 1
            assert nb.page.locator("[data-testid=turn]").text_content() == "Resolving the strike…"
        assert not [a for a in running if "sw-none" in a[0].split()], running
        squares = [a[1] for a in running]
        assert len(squares) == len(set(squares)), running
        nb.wait_serial_above(serial)


#: What a compositor layer of the page draws, named from the element that owns it: "battle",
#: "moving" (a token sliding in or lifting), any other element of the widget by its classes,
#: None outside the widget.
LAYER_OWNER = """function () {
  const el = this.nodeType === 1 ? this : this.parentElement;
  if (!el || !el.closest(".sw-root")) return null;
  if (el.classList.contains("sw-battle")) return "battle";
  const square = el.closest("[data-square]");
  if (el.classList.contains("sw-piece") && (el.getAnimations().length ||
      square?.classList.contains("sw-last") || square?.classList.contains("sw-selected"))) return "moving";
  return el.className || el.nodeName;
}"""


def a_move_adds_a_compositor_layer_for_the_moving_piece_only(nb: Notebook) -> None:
    """A layer that appears is rasterized in full, and on a machine without a GPU that raster is
    most of a frame's cost. A move may add a layer for the piece that slides (and the strike's
    pop-up over it); the board's other squares stay in the layers they were in. A sliding piece
    painted under the squares after it, and any clip inside the board (a name's ellipsis, a
    token's clip), each made Chromium put squares and names in new layers at every move."""
    cdp = nb.page.context.new_cdp_session(nb.page)
    latest: dict[str, list] = {}
    cdp.on("LayerTree.layerTreeDidChange", lambda event: latest.update(layers=event.get("layers") or []))
    cdp.send("DOM.enable")
    cdp.send("DOM.getDocument", {"depth": -1})
    cdp.send("LayerTree.enable")

    def owner(layer: dict) -> str | None:
        if not layer.get("backendNodeId"):
            return None
        node = cdp.send("DOM.resolveNode", {"backendNodeId": layer["backendNodeId"]})["object"]
        return cdp.send("Runtime.callFunctionOn", {
            "objectId": node["objectId"], "functionDeclaration": LAYER_OWNER,
            "returnByValue": True})["result"].get("value")

    added = []
    try:
        for strike in (False, True, False, True, False):
            origin, target = nb.python(f"pick({strike})").split()
            serial = int(nb.python("print(w.view['serial'])"))
            wait_for(nb.page,
                "s => Number(document.querySelector('.sw-root')?.dataset.serial) >= s", arg=serial)
            nb.square(origin).click()
            nb.page.wait_for_timeout(300)  # the last slide and the lift have ended
            before = {layer["layerId"] for layer in latest.get("layers", [])}
            nb.square(target).click()
            nb.wait_serial_above(serial)
            nb.page.wait_for_timeout(40)  # the piece is sliding
            added.append([owner(layer) for layer in latest.get("layers", [])
                          if layer["layerId"] not in before])
    finally:
        cdp.detach()  # the page's next notebook is not watched
    assert {name for layers in added for name in layers} <= {"moving", "battle", None}, added
    assert any("moving" in layers for layers in added), added  # the slides were composited


def test_a_move_runs_on_the_compositor(open_notebook, subtests: Any) -> None:
    """A move's motion and its compositor layers, on one notebook: the motion first, two moves
    (each click's animations recorded), then five more moves with the page's layer tree watched;
    the page is left as it was (no listener, no watch) for the next test's notebook."""
    nb = open_notebook("compositor.ipynb", IMPORTS, "import time", TEACHER_GAME.format(seed=3))
    with subtests.test("a move's motion can run on the compositor"):
        a_move_s_motion_can_run_on_the_compositor(nb)
    with subtests.test("a move adds a compositor layer for the moving piece only"):
        a_move_adds_a_compositor_layer_for_the_moving_piece_only(nb)
    assert not nb.errors


#: Every name shown on the board, with how far it reaches past its token (px; over 0: it
#: spills onto the land around the token) and whether it is cut short (an ellipsis).
NAMES_PAST_THEIR_TOKEN = """() => Array.from(document.querySelectorAll(".sw-board .sw-name"))
  .filter((name) => name.textContent && getComputedStyle(name).display !== "none")
  .map((name) => [name.textContent,
                  name.getBoundingClientRect().width - name.parentElement.getBoundingClientRect().width,
                  name.scrollWidth > name.clientWidth, parseFloat(getComputedStyle(name).fontSize)])"""


def test_every_piece_name_shown_fits_its_token(open_notebook) -> None:
    """Names are not clipped (a clip inside the board costs compositor layers): each one shown
    fits its token at 10 px or more, in the four languages, from the narrowest board that shows
    names to a wide one; a name that cannot is hidden (the rank and the tooltip stay), and on a
    wide board every name shows."""
    nb = open_notebook("names.ipynb", IMPORTS,
                       "w = StrategoWidget(sw.Game.random('original', seed=11), viewer='both')\nw")
    frame = "document.querySelector('.sw-board').closest('.sw-frame')"
    for lang in ("en", "nl", "fr", "de"):
        scout = nb.python(f"w.lang = {lang!r}\nfrom stratego_widget.locales import piece_name\n"
                          f"print(piece_name('scout', {lang!r}))")
        wait_for(nb.page,
            "scout => Array.from(document.querySelectorAll('.sw-name'))"
            ".some((name) => name.textContent === scout)", arg=scout)
        for width in (560, 580, 620, 700, 900, 1300):
            nb.page.evaluate(f"() => {{ {frame}.style.width = '{width}px'; }}")
            shown = nb.page.evaluate(NAMES_PAST_THEIR_TOKEN)
            assert shown, (lang, width)
            assert width < 1300 or len(shown) == 80, (lang, width, len(shown))
            assert all(past <= 0.5 and not cut and size >= 10 for _, past, cut, size in shown), \
                (lang, width, shown)
    assert not nb.errors
