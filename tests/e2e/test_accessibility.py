"""axe-core's WCAG 2.x A and AA rules on the board and the lesson panel in a real JupyterLab,
light and dark: the setup phase, play, a strike, a rescue choice, the end of a game, a lesson's
question, setup and move steps, and the variant lab. Only the widget's own output is checked
(JupyterLab's own chrome is not ours), and each run must have checked the board's text, so a
run that saw nothing cannot pass."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from harness import THEMES, Notebook, run_axe, set_theme, wait_for

pytestmark = pytest.mark.e2e

IMPORTS = ("import stratego_widget as sw\n"
           "from stratego_widget import StrategoWidget\n"
           "from stratego_widget.lessons import LessonWidget\n"
           "from stratego_widget.experiments import VariantLab")
BOARD = "w = StrategoWidget(ruleset='original', opponent='heuristic', seed=1)\nw"
# One lesson with a move, a setup and a question step.
LESSON = "lw = LessonWidget('strategy-flag')\nlw"
LAB = ("lab = VariantLab('duel', red='random', blue='random', games=2, seed=1, max_plies=60)\n"
       "lab")

STRIKE_GAME = ("sw.Game.from_pieces('original', {'a1': 'red flag', 'e5': 'red general', "
               "'e6': 'blue major', 'j10': 'blue flag', 'j9': 'blue scout', 'b2': 'red scout'})")
RESCUE_GAME = ("sw.Game.from_pieces('original+rescue', {'e9': 'red major', 'a1': 'red flag', "
               "'j10': 'blue flag', 'a10': 'blue scout'}, captured={'red': ['general', 'scout']})")

# Each widget's output: the lesson, the lab (its plot is an image), and the board.
LESSON_OUT = ".jp-OutputArea-output:has(.sw-lesson-widget)"
LAB_OUT = ".jp-OutputArea-output:has(.sw-variant-lab)"
BOARD_OUT = f".jp-OutputArea-output:has(.stratego-widget):not({LESSON_OUT}):not({LAB_OUT})"


def drawn(nb: Notebook, name: str, code: str) -> None:
    """Run ``code`` in the kernel and wait until widget ``name``'s new view is drawn."""
    where = {"w": BOARD_OUT, "lw": LESSON_OUT}[name]
    serial = nb.python(f"print({name}.view['serial'])")
    out = nb.python(code)
    assert "ERROR" not in out, out
    wait_for(nb.page,
        "([where, s]) => Number(document.querySelector(where + ' .sw-root')?.dataset.serial) > s",
        arg=[where, int(serial)])


def board_state(code: str) -> Callable[[Notebook], None]:
    def prepare(nb: Notebook) -> None:
        drawn(nb, "w", code)
    return prepare


def in_board(nb: Notebook, selector: str) -> Any:
    return nb.page.locator(f"{BOARD_OUT} {selector}").first


def strike(nb: Notebook) -> None:
    drawn(nb, "w", f"w.new_game({STRIKE_GAME})")
    drawn(nb, "w", "w.handle({'type': 'move', 'from': 'e5', 'to': 'e6'})")
    in_board(nb, "[data-testid=battle]").wait_for(state="visible")


def rescue(nb: Notebook) -> None:
    drawn(nb, "w", f"w.new_game({RESCUE_GAME})")
    drawn(nb, "w", "w.handle({'type': 'move', 'from': 'e9', 'to': 'e10'})")
    in_board(nb, "[data-testid=rescue-dialog]").wait_for(state="visible")


def lesson_step(step: int, kind: str, move: str = "") -> Callable[[Notebook], None]:
    """A step of the lesson, and on a move step a move (refused, or solving the step): its
    feedback shows beside the board, with the rule or the rulebook's words."""
    def prepare(nb: Notebook) -> None:
        drawn(nb, "lw", f"lw.handle({{'type': 'lesson_goto', 'step': {step}}})")
        wait_for(nb.page,
            "([where, k]) => document.querySelector(where + ' [data-testid=lesson-panel]')"
            "?.dataset.lessonKind === k", arg=[LESSON_OUT, kind])
        if move:
            origin, target = move.split("-")
            drawn(nb, "lw", f"lw.handle({{'type': 'move', 'from': {origin!r}, 'to': {target!r}}})")
            nb.page.locator(f"{LESSON_OUT} [data-testid=lesson-feedback]").wait_for(state="visible")
    return prepare


#: axe read the widget's text: at least this many nodes checked for colour contrast per state
#: (with JupyterLab's clipping left in place it checks one or two).
CHECKED = 30

STATES: dict[str, tuple[str, Callable[[Notebook], None]]] = {
    "setup": (BOARD_OUT, board_state("w.new_game()")),
    "play": (BOARD_OUT, board_state("w.new_game(sw.Game.random('original', seed=8))")),
    "strike": (BOARD_OUT, strike),
    "rescue": (BOARD_OUT, rescue),
    "over": (BOARD_OUT, board_state("w.new_game(sw.Game.random('barrage', seed=3))\n"
                                    "w.handle({'type': 'resign'})")),
    "lesson-move": (LESSON_OUT, lesson_step(0, "move", "f2-e3")),  # refused: a diagonal
    "lesson-solved": (LESSON_OUT, lesson_step(0, "move", "f2-e2")),
    "lesson-setup": (LESSON_OUT, lesson_step(1, "setup")),
    "lesson-question": (LESSON_OUT, lesson_step(3, "question")),
    # The lab after a run: its list, comparison and plots (an image with its text alternative).
    "lab": (LAB_OUT, lambda nb: nb.python("lab.run(wait=True)\nprint(lab.draws)") and None),
}


def summary(found: dict[str, list]) -> dict[str, list]:
    """Each state's violations: the rule, its impact, how many nodes, the first two."""
    return {state: [{"rule": v["id"], "impact": v["impact"], "count": len(v["nodes"]),
                     "first": [(n["target"], n["summary"][:300]) for n in v["nodes"][:2]]}
                    for v in violations] for state, violations in found.items()}


#: The states ``make test`` checks in each theme: every state in one of the two, each theme on
#: the board, a lesson and the lab. ``make test-full`` checks the other states in each theme.
IN_MAKE_TEST = {"light": ("setup", "strike", "over", "lesson-move", "lesson-setup"),
                "dark": ("play", "rescue", "lesson-solved", "lesson-question", "lab")}
assert sorted(IN_MAKE_TEST["light"] + IN_MAKE_TEST["dark"]) == sorted(STATES), "each state once"


@pytest.mark.parametrize("theme", list(THEMES))
def test_no_axe_violations(open_notebook, theme: str) -> None:
    """Half the states in each theme (a test each: the two run side by side on two workers)."""
    check_states(open_notebook, theme, IN_MAKE_TEST[theme])


@pytest.mark.full
@pytest.mark.parametrize("theme", list(THEMES))
def test_no_axe_violations_in_the_other_states(open_notebook, theme: str) -> None:
    """The states the test above leaves to the other theme: with it, every state in both."""
    check_states(open_notebook, theme, tuple(state for state in STATES
                                             if state not in IN_MAKE_TEST[theme]))


def check_states(open_notebook, theme: str, states: tuple[str, ...]) -> None:
    """axe in ``theme`` on each of ``states``, in a notebook of the four widgets."""
    nb = open_notebook(f"a11y-{theme}-{len(states)}.ipynb", IMPORTS, BOARD, LESSON, LAB)
    page = nb.page
    page.locator(f"{LAB_OUT} .sw-root [data-square]").first.wait_for()
    found: dict[str, list] = {}
    checked: dict[str, int] = {}
    try:
        set_theme(page, theme)
        for state in states:
            where, prepare = STATES[state]
            prepare(nb)
            page.locator(where).first.scroll_into_view_if_needed()
            result = run_axe(page, where)
            checked[state] = result["passes"].get("color-contrast", 0)
            if result["violations"]:
                found[state] = result["violations"]
    finally:
        set_theme(page, "light")
    assert not found, json.dumps(summary(found), indent=1)
    assert min(checked.values()) >= CHECKED, checked
    assert not nb.errors
