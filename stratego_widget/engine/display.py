"""How a game is drawn: the picture and page makers the layers above the engine lend it.

The engine draws nothing itself: :meth:`Game.to_svg <stratego_widget.Game.to_svg>`,
:meth:`Game.to_html <stratego_widget.Game.to_html>` and a game's picture in a notebook call
the makers registered here, which the package registers when it is imported (the pictures
from :mod:`stratego_widget.formats.svg`, the page from
:mod:`stratego_widget.widget.board_page`). So the engine imports nothing above it, and the
makers are swappable (a front end of one's own registers its own).

Example:
    >>> from stratego_widget import Game
    >>> MAKERS.board_svg is not None   # registered by ``import stratego_widget``
    True
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from .errors import StrategoError

Maker = TypeVar("Maker", bound=Callable[..., object])

BoardSvg = Callable[..., str]
"""``(position, viewer=, size=, numbering=) -> svg``"""
ReplaySvg = Callable[..., str]
"""``(positions, viewer=, size=, numbering=, step=) -> svg``"""
GamePage = Callable[..., pathlib.Path]
"""``(game, path, viewer, lang) -> path``"""


@dataclass
class Makers:
    """The registered makers (``None``: nothing registered yet)."""

    board_svg: BoardSvg | None = None
    replay_svg: ReplaySvg | None = None
    game_page: GamePage | None = None


MAKERS = Makers()


def register(*, board_svg: BoardSvg | None = None, replay_svg: ReplaySvg | None = None,
             game_page: GamePage | None = None) -> None:
    """Lend the engine a picture or page maker (the ones given replace the ones before).

    Example:
        >>> saved = MAKERS.board_svg
        >>> register(board_svg=lambda position, **options: "<svg/>")
        >>> from stratego_widget import Game
        >>> Game.random("duel", seed=1).to_svg()
        '<svg/>'
        >>> register(board_svg=saved)
    """
    if board_svg is not None:
        MAKERS.board_svg = board_svg
    if replay_svg is not None:
        MAKERS.replay_svg = replay_svg
    if game_page is not None:
        MAKERS.game_page = game_page


def needed(maker: Maker | None, what: str) -> Maker:
    """``maker``, or a :class:`StrategoError` saying none is registered.

    Example:
        >>> needed(None, "a picture")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: No maker of a picture is registered: import stratego_widget first.
    """
    if maker is None:
        raise StrategoError("display", f"No maker of {what} is registered: import "
                            "stratego_widget first.")
    return maker


__all__ = ["MAKERS", "Makers", "needed", "register"]
