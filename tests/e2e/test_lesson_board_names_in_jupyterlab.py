"""The lesson board as a learner found it at a 1366×768 laptop (issue 33), in a real browser:
every piece is named on its token (its whole name, or its short name where the whole one does
not fit), readable and inside the token, in the four languages, light and dark."""

from __future__ import annotations

import pytest
from harness import THEMES, Notebook, set_theme, wait_for

pytestmark = pytest.mark.e2e

CELLS = ("import stratego_widget as sw\n"
         "from stratego_widget import StrategoWidget\n"
         "from stratego_widget.lessons import LessonWidget",
         "w = LessonWidget('officers')\nw",
         "b = StrategoWidget(sw.Game.random('original', seed=4), viewer='both')\nb")

#: Each token that shows a piece's kind on a board: the words drawn on it (its name, or its
#: short name, drawn from data-short), their font size, how far they reach past the token (px),
#: and the board's width.
NAMED = """() => [...document.querySelectorAll('.sw-board .sw-piece[class*="sw-kind-"]')]
  .map((token) => {
    const name = token.querySelector('.sw-name'), short = token.querySelector('.sw-short');
    const drawn = [name, short].find((node) => node && getComputedStyle(node).display !== 'none');
    const words = !drawn ? '' : drawn === name ? name.textContent : short.dataset.short;
    const board = token.closest('.sw-board').getBoundingClientRect().width;
    if (!drawn) return [words, 0, 0, board];
    return [words, parseFloat(getComputedStyle(drawn).fontSize),
            drawn.getBoundingClientRect().width - token.getBoundingClientRect().width, board];
  })"""


def test_every_piece_is_named_at_a_laptop_size(open_notebook) -> None:
    """In JupyterLab's light theme, then its dark one (switched in the same page: the browser's
    own colour scheme does not change JupyterLab's theme)."""
    nb = open_notebook("names-1366.ipynb", *CELLS, viewport=(1366, 768))
    nb.page.locator(".sw-lesson-widget [data-testid=lesson-instruction]").wait_for(state="visible")
    try:
        for theme in THEMES:
            set_theme(nb.page, theme)
            for lang in ("en", "nl", "fr", "de"):
                all_named(nb, theme, lang)
    finally:
        set_theme(nb.page, "light")
    assert not nb.errors


def all_named(nb: Notebook, theme: str, lang: str) -> None:
    """Switch both boards to ``lang``; every token shows its piece's name, whole and inside."""
    scout = nb.python(f"w.lang = b.lang = {lang!r}\n"
                      f"from stratego_widget.locales import piece_name\n"
                      f"print(piece_name('scout', {lang!r}))")
    wait_for(nb.page,
        "scout => Array.from(document.querySelectorAll('.sw-name'))"
        ".some((name) => name.textContent === scout)", arg=scout)
    named = nb.page.evaluate(NAMED)
    assert len(named) > 40, (theme, lang, len(named))
    unnamed = [entry for entry in named if not entry[0]]
    assert not unnamed, (theme, lang, unnamed)
    assert all(size >= 10 and past <= 0.5 for _, size, past, _ in named), (theme, lang, named)
