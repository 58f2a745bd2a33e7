"""The variant lab in a real JupyterLab: Run clicked, the games fill in while the kernel stays
free, a finished game clicked in the list and replayed on the board."""

from __future__ import annotations

import json

import pytest
from harness import wait_for

pytestmark = pytest.mark.e2e

LAB = ("from stratego_widget.experiments import VariantLab\n"
       "lab = VariantLab('duel', red='random', blue='random', games=2, seed=1, max_plies=60)\n"
       "lab.configure(options=['aggressor-advantage'])\n"
       "lab")


def test_run_the_lab_and_replay_a_finished_game(open_notebook) -> None:
    nb = open_notebook("lab.ipynb", LAB)
    page = nb.page
    page.locator("button.jupyter-button", has_text="Run").click()
    page.get_by_text("Done: 4 games.").wait_for(state="visible")
    progress = json.loads(nb.python(
        "import json; print(json.dumps([lab.progress.value, lab.progress.max, lab.draws]))"))
    assert progress[:2] == [4, 4] and progress[2] >= 1
    plots = page.locator('img[alt^="Wins, draws and game lengths per ruleset"]')
    plots.wait_for(state="visible")
    assert plots.evaluate("img => img.naturalWidth > 0")  # the PNG is drawn, with its alt
    assert "on the same 2 games (same seeds and setups)" in page.locator(".widget-html").last.inner_text()
    # The comparison wraps inside the notebook: its summary's long lines once widened the box,
    # so the headline above them ran past the output's edge and was cut off.
    overflow = page.evaluate(
        "() => { const box = [...document.querySelectorAll('.widget-html')].at(-1);"
        " const area = box.closest('.jp-OutputArea-output');"
        " const right = Math.max(...[...box.querySelectorAll('p, pre')]"
        "   .map((node) => node.getBoundingClientRect().right));"
        " return right - area.getBoundingClientRect().right; }")
    assert overflow <= 1, overflow
    games = page.locator(".widget-select select option")
    assert games.count() == 4
    picked = games.nth(3).inner_text().replace("\xa0", " ")   # the list keeps its spaces
    assert picked.startswith("game 1 · duel+aggressor-advantage"), picked
    page.locator(".widget-select select").select_option(index=3)   # a click on that game
    page.get_by_text("Game 1 under duel+aggressor-advantage").wait_for(state="visible")
    assert nb.python("print(lab.selected)") == "('duel+aggressor-advantage', 1)"
    plies = nb.python("print(lab.board.game.ply)")
    assert picked.endswith(f"{plies} plies)")
    # The board now shows that game from its first position, with the replay slider.
    assert page.locator(".sw-root").count() == 1
    slider = page.locator('.sw-root [data-testid="replay-slider"]')
    slider.wait_for(state="visible")
    wait_for(page,
        "n => document.querySelector('.sw-root [data-testid=replay-slider]')?.max == n",
        arg=plies)
    assert slider.input_value() == "0"
    assert page.locator(".sw-root [data-square]").count() == 100
    assert not nb.errors
