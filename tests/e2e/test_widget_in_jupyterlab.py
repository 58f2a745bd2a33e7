"""The widget in a real JupyterLab and a real Chromium: clicks in, engine state out."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.e2e

IMPORTS = "import stratego_widget as sw\nfrom stratego_widget import StrategoWidget"


def test_place_a_setup_by_clicking(open_notebook) -> None:
    nb = open_notebook("setup.ipynb", IMPORTS,
                       "w = StrategoWidget(ruleset='barrage', opponent='heuristic', seed=1)\nw")
    tray = json.loads(nb.python("import json; print(json.dumps(w.view['setup']['tray']))"))
    area = json.loads(nb.python("print(json.dumps(w.view['setup']['area']))"))
    squares = iter(area)
    for kind, count in tray.items():
        for _ in range(count):
            serial = nb.serial()
            button = nb.testid(f"tray-{kind}")
            if button.get_attribute("aria-pressed") != "true":  # it stays picked while any left
                button.click()
            nb.square(next(squares)).click()
            nb.wait_serial_above(serial)
    assert nb.python("print(w.view['setup']['complete'])") == "True"
    serial = nb.serial()
    nb.testid("btn-ready").click()
    nb.wait_serial_above(serial)
    assert nb.python("print(w.view['phase'], w.game.piece_count('red'))") == "play 8"
    assert not nb.errors


#: A Barrage game against the random bot, Red played by a heuristic bot: ``red_plies`` counts
#: Red's moves to the end of a whole game played in Python; the same seeds give the same game.
BARRAGE = """def barrage():
    return StrategoWidget(sw.Game.random('barrage', seed=3), opponent='random', seed=3), \\
        sw.HeuristicBot(seed=4)
def red_move(w, helper):
    return helper.choose(w.game.observation('red'))
played, helper = barrage()
red_plies = 0
while not played.game.is_over:
    played.play(red_move(played, helper)); red_plies += 1
w, helper = barrage()
"""
#: How many of Red's last moves are clicked (the rest are played in Python first).
CLICKED = 6


def test_play_barrage_against_the_bot_to_the_end(open_notebook) -> None:
    """The end of a whole game by clicking: the game played in Python to six Red moves before
    its end, then the rest clicked, each answered by the bot, until the result shows (the whole
    game by clicking: ``make test-full``)."""
    nb = open_notebook(
        "barrage.ipynb", IMPORTS, BARRAGE,
        f"for _ in range(red_plies - {CLICKED}):\n    w.play(red_move(w, helper))\nw")
    total = int(nb.python("print(red_plies)"))
    assert total > CLICKED
    for _ in range(CLICKED):
        nb.click_move(nb.python("print(red_move(w, helper))"))
    assert nb.python("print(w.game.is_over, w.game.winner == played.game.winner)") == "True True"
    result = nb.testid("result")
    result.wait_for(state="visible")
    assert nb.page.locator('.sw-root [data-testid="move-list"] li').count() == int(
        nb.python("print(w.game.ply)"))
    assert not nb.errors


@pytest.mark.full
def test_play_a_whole_barrage_game_against_the_bot_by_clicking(open_notebook) -> None:
    nb = open_notebook("barrage-whole.ipynb", IMPORTS, BARRAGE + "w")
    for _ in range(400):
        if nb.python("print(w.game.is_over)") == "True":
            break
        nb.click_move(nb.python("print(red_move(w, helper))"))
    assert nb.python("print(w.game.is_over)") == "True"
    nb.testid("result").wait_for(state="visible")
    assert nb.python("print(w.game.winner)") in ("red", "blue", "draw")
    assert nb.page.locator('.sw-root [data-testid="move-list"] li').count() == int(
        nb.python("print(w.game.ply)"))
    assert not nb.errors


def test_a_rejected_move_is_explained(open_notebook) -> None:
    nb = open_notebook(
        "rejected.ipynb", IMPORTS,
        "g = sw.Game.from_pieces('original', {'a1': 'red flag', 'b2': 'red bomb',"
        " 'c2': 'red scout', 'j10': 'blue flag', 'j9': 'blue scout'})\n"
        "w = StrategoWidget(g)\nw")
    serial = nb.serial()
    nb.square("b2").click()
    nb.square("b3").click()
    nb.wait_serial_above(serial)
    message = nb.testid("message")
    assert message.inner_text() == "A Bomb cannot move (Original: Moving)."
    assert message.get_attribute("data-rule") == "immovable"
    assert nb.python("print(w.game.ply, w.game.piece_at('b2'))") == "0 ('red', 'bomb')"


def test_hot_seat_hand_over(open_notebook) -> None:
    nb = open_notebook("hotseat.ipynb", IMPORTS,
                       "w = StrategoWidget(sw.Game.random('barrage', seed=5), viewer='hotseat')\nw")
    nb.click_move(nb.python("print(w.game.legal_moves()[0])"))
    cover = nb.testid("handover-cover")
    assert cover.is_visible()
    assert "Pass the device to Blue" in cover.inner_text()
    assert nb.page.locator(".sw-root .sw-board.sw-hidden").count() == 1
    assert nb.python("print(w.view['viewer'])") == "hidden"
    serial = nb.serial()
    nb.testid("btn-handover").click()
    nb.wait_serial_above(serial)
    assert not cover.is_visible()
    assert nb.python("print(w.view['viewer'], w.view['bottom'])") == "blue blue"
    first = nb.page.locator(".sw-root [data-square]").first.get_attribute("data-square")
    assert first == "j1"  # Blue's side is now at the bottom


def test_switch_language_and_numbering(open_notebook) -> None:
    nb = open_notebook("lang.ipynb", IMPORTS,
                       "w = StrategoWidget(sw.Game.random('barrage', seed=6))\nw")
    marshal = nb.python("print(next(s for s, (o, k) in w.game.pieces().items()"
                        " if o == 'red' and k == 'marshal'))")
    label = nb.square(marshal).locator(".sw-label")
    assert label.inner_text() == "10"
    serial = nb.serial()
    nb.testid("lang-select").select_option("fr")
    nb.wait_serial_above(serial)
    assert nb.python("print(w.lang)") == "fr"
    assert nb.testid("btn-resign").inner_text() == "Abandonner"
    assert "Maréchal" in nb.square(marshal).get_attribute("aria-label")
    serial = nb.serial()
    nb.testid("numbering-toggle").uncheck()
    nb.wait_serial_above(serial)
    assert nb.python("print(w.numbering)") == "marshal-low"
    assert label.inner_text() == "1"
