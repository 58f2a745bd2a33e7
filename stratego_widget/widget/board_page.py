"""The page of one board written from its session: no widget, no kernel, no network.

:meth:`Game.to_html <stratego_widget.Game.to_html>` writes its page here: the state a saved
board would hold (the rules, the view, the replay frames), read-only, with the built front end
and a picture shown until the board is drawn. A live widget's own page
(:meth:`StrategoWidget.to_html <stratego_widget.StrategoWidget.to_html>`) is the same page
from the widget's synced state.

Example:
    >>> import pathlib, tempfile
    >>> from stratego_widget import Game
    >>> game = Game.random("duel", seed=1); game.resign("red")
    >>> page = game_page(game, pathlib.Path(tempfile.mkdtemp()) / "game.html", None, "en")
    >>> "sw-page-state" in page.read_text(encoding="utf-8")
    True
"""

from __future__ import annotations

import os
import pathlib
from typing import Any

from ..engine.errors import StrategoError
from ..engine.game import Game
from .page import board_page, write_page
from .session import BoardSession
from .static import static_text
from .view import rules_view

#: The widget class a page's board stands for (its front end is the board's).
BOARD_WIDGET = "stratego_widget.widget.board.StrategoWidget"


def board_state(session: BoardSession) -> dict[str, Any]:
    """The synced state of a board showing ``session``, as a saved notebook holds it, with
    the replay frames of a finished game.

    Example:
        >>> from stratego_widget import Game
        >>> state = board_state(BoardSession(Game.random("duel", seed=1)))
        >>> state["view"]["phase"], state["interactive"]
        ('play', False)
    """
    view = session.view()
    return {
        "_model_module": "anywidget", "_anywidget_id": BOARD_WIDGET,
        "_esm": static_text("widget.js"), "_css": static_text("widget.css"),
        "rules": rules_view(session.rules, session.numbering), "view": view,
        "view_patch": {"from": None, "serial": view["serial"]},
        "replay_frames": session.frames(), "lang": session.lang,
        "numbering": session.numbering, "seen": 0, "acknowledge": False, "interactive": False,
    }


def session_page(session: BoardSession, path: str | os.PathLike[str],
                 model_id: str = "board") -> pathlib.Path:
    """Write the read-only page of ``session``'s board to ``path``; return the path.

    Example:
        >>> import pathlib, tempfile
        >>> session = BoardSession(ruleset="duel", setup="random", seed=1)
        >>> session_page(session, pathlib.Path(tempfile.mkdtemp()) / "b.html").suffix
        '.html'
    """
    page = board_page(model_id, board_state(session), session.picture(),
                      title=session.rules.title)
    return write_page(path, page)


def game_page(game: Game, path: str | os.PathLike[str], viewer: str | None,
              lang: str) -> pathlib.Path:
    """The page of ``game`` as ``viewer`` sees it (a finished game: every rank by default).

    Example:
        >>> import pathlib, tempfile
        >>> from stratego_widget import Game
        >>> game_page(Game.random("duel", seed=1), pathlib.Path(tempfile.mkdtemp()) / "g.html",
        ...           None, "en")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: The game is still going on: say whose page it is, viewer="red" or viewer="blue" (viewer="both" shows every rank).
    """
    if viewer is None:
        if not game.is_over:
            raise StrategoError("viewer", "The game is still going on: say whose page it is, "
                                'viewer="red" or viewer="blue" (viewer="both" shows every '
                                "rank).")
        viewer = "both"
    return session_page(BoardSession(game.copy(), viewer=viewer, lang=lang), path)
