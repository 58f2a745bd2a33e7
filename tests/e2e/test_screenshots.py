"""Screenshots of every state of the board, light and dark, in the four languages.

Run by ``make screenshots`` (PNG files into ``build/screenshots/``, which git ignores). They
carry the ``screenshots`` marker, which ``make test`` leaves out (they are pictures to look at,
not checks). Each
state is made in the kernel and, where the state is a gesture (a selection, a strike, an open
picker, a confirmation), by clicking in the browser, as a learner would.
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Callable

import pytest
from harness import Notebook, wait_for

pytestmark = [pytest.mark.e2e, pytest.mark.screenshots]

FOLDER = os.environ.get("STRATEGO_SCREENSHOTS", "build/screenshots")
LANGS = ("en", "nl", "fr", "de")
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
IMPORTS = "import stratego_widget as sw\nfrom stratego_widget import StrategoWidget"


def set_theme(nb: Notebook, theme: str) -> None:
    nb.page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})",
                     THEMES[theme])
    light = "true" if theme == "light" else "false"
    wait_for(nb.page, f"() => document.body.dataset.jpThemeLight === '{light}'")
    nb.page.wait_for_timeout(300)  # the theme's stylesheet applies after the attribute


def set_lang(nb: Notebook, lang: str) -> None:
    nb.python(f"w.lang = {lang!r}")
    wait_for(nb.page,
        "l => document.querySelector('.sw-root [data-testid=lang-select]')?.value === l", arg=lang)


def new_game(nb: Notebook, game: str) -> None:
    serial = nb.serial()
    nb.python(f"w.new_game({game})")
    nb.wait_serial_above(serial)


def shoot(nb: Notebook, name: str) -> None:
    nb.page.mouse.move(0, 0)  # no hover effects
    nb.page.locator(".stratego-widget").first.screenshot(
        path=str(pathlib.Path(FOLDER) / f"{name}.png"), animations="disabled")


# Each state: the notebook cell that makes the widget, and what to do before each picture.
STRIKE_GAME = ("sw.Game.from_pieces('original', {'a1': 'red flag', 'e5': 'red general', "
               "'e6': 'blue major', 'j10': 'blue flag', 'j9': 'blue scout', 'b2': 'red scout'})")
RESCUE_GAME = ("sw.Game.from_pieces('original+rescue', {'e9': 'red major', 'a1': 'red flag', "
               "'j10': 'blue flag', 'a10': 'blue scout'}, captured={'red': ['general', 'scout']})")
SPOT_GAME = ("sw.Game.from_pieces('sci-fi-2013', {'e2': 'red spotter', 'a1': 'red flag', "
             "'e4': 'blue miner', 'j8': 'blue flag', 'c3': 'red bomb'})")


def _setup(nb: Notebook) -> None:
    nb.python("w.handle({'type': 'random_setup'})\n"
              "for s in ('a4', 'b4', 'c4', 'd4', 'e3', 'f4', 'g4'):\n"
              "    w.handle({'type': 'remove', 'square': s})")
    nb.testid("tray-scout").click()


def _play(nb: Notebook) -> None:
    origin = nb.python("print(sorted(w.view['targets'], key=lambda s: -len(w.view['targets'][s]))[0])")
    nb.square(origin).click()


def _strike(nb: Notebook) -> None:
    new_game(nb, STRIKE_GAME)
    nb.click_move("e5xe6")
    nb.testid("battle").wait_for(state="visible")


def _spot(nb: Notebook) -> None:
    new_game(nb, SPOT_GAME)
    nb.square("e2").click()
    nb.square("e3").click()
    nb.testid("spot-dialog").wait_for(state="visible")


def _rescue(nb: Notebook) -> None:
    new_game(nb, RESCUE_GAME)
    nb.python("w.handle({'type': 'move', 'from': 'e9', 'to': 'e10'})")
    nb.testid("choice-general").click()


def _replay(nb: Notebook) -> None:
    nb.testid("replay-prev").click()
    wait_for(nb.page, "() => !document.querySelector('.sw-root [data-testid=replay-past]').hidden")


def _over(nb: Notebook) -> None:
    if nb.python("print(w.game.is_over)") != "True":
        nb.testid("btn-resign").click()
        serial = nb.serial()
        nb.testid("btn-confirm").click()
        nb.wait_serial_above(serial)


def _handover(nb: Notebook) -> None:
    serial = nb.serial()
    nb.python("w.play(str(w.game.legal_moves()[0]))")
    nb.wait_serial_above(serial)
    nb.testid("handover-cover").wait_for(state="visible")


def _confirm(nb: Notebook) -> None:
    nb.testid("btn-new-game").click()


PLAYED = ("w = StrategoWidget(sw.Game.random('original', seed=8), opponent='heuristic', seed=8)\n"
          "helper = sw.HeuristicBot(seed=9)\n"
          "for _ in range(14):\n"
          "    w.handle({'type': 'move', **dict(zip(('from', 'to'), "
          "str(helper.choose(w.game.observation('red'))).replace('x', '-').split('-')[:2]))})\n"
          "w")

STATES: dict[str, tuple[str, Callable[[Notebook], None], bool]] = {
    # name: (cell, before each picture, whether the gesture must be made again each time)
    "setup": ("w = StrategoWidget(ruleset='original', opponent='heuristic', seed=1)\nw", _setup, False),
    "play": (PLAYED, _play, False),
    "strike": (f"w = StrategoWidget({STRIKE_GAME})\nw", _strike, True),
    "spot": (f"w = StrategoWidget({SPOT_GAME})\nw", _spot, True),
    "rescue": (f"w = StrategoWidget({RESCUE_GAME})\nw", _rescue, True),
    "replay": (PLAYED, _replay, False),
    "handover": ("w = StrategoWidget(sw.Game.random('barrage', seed=5), viewer='hotseat')\nw",
                 _handover, False),
    "confirm": (PLAYED, _confirm, False),
    "over": (PLAYED, _over, False),
}


@pytest.mark.parametrize("state", list(STATES))
def test_screenshot(open_notebook, state: str) -> None:
    pathlib.Path(FOLDER).mkdir(parents=True, exist_ok=True)
    cell, prepare, again = STATES[state]
    nb = open_notebook(f"shot-{state}.ipynb", IMPORTS, cell, viewport=(1300, 1100))
    nb.page.add_style_tag(content=".jp-Notebook { --jp-notebook-max-width: 1200px; }")
    prepare(nb)
    for theme in THEMES:
        set_theme(nb, theme)
        for lang in LANGS:
            set_lang(nb, lang)
            if again:
                prepare(nb)
            shoot(nb, f"{state}-{theme}-{lang}")
    set_theme(nb, "light")  # the theme is a saved setting: leave it as the other tests expect
    assert not nb.errors
