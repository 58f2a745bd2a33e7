"""How a game is drawn: the picture and page makers the layers above the engine lend it.

The engine draws nothing itself: :meth:`Game.to_svg <stratego_widget.Game.to_svg>`,
:meth:`Game.to_html <stratego_widget.Game.to_html>` and a game's picture in a notebook call
the makers registered here, which the package registers when it is imported (the pictures
from :mod:`stratego_widget.formats.svg`, the page from
:mod:`stratego_widget.widget.board_page`). So the engine imports nothing above it, and the
makers are swappable (a front end of one's own registers its own). :func:`picture` asks them
for a position's picture or its replay, and :func:`figure` wraps a picture for HTML.

Example:
    >>> from stratego_widget import Game
    >>> MAKERS.board_svg is not None   # registered by ``import stratego_widget``
    True
"""

from __future__ import annotations

import base64
import pathlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html import escape
from typing import TypeVar

from .errors import StrategoError
from .moves import PASS_CODE
from .position import Position

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


def picture(position: Position, viewer: str = "both", size: int = 400,
            numbering: str | None = None, animate: bool = False, step: float = 1.0) -> str:
    """The board of ``position`` as an SVG picture seen by ``viewer``, drawn by the registered
    maker; ``animate=True``: the replay from ply 0 to now, one ply every ``step`` seconds.

    Example:
        >>> from stratego_widget import Game
        >>> picture(Game.random("duel", seed=1).state).startswith("<svg")
        True
    """
    if animate:
        replay_svg = needed(MAKERS.replay_svg, "an animated picture")
        return replay_svg(replay_positions(position), viewer=viewer, size=size,
                          numbering=numbering, step=step)
    board_svg = needed(MAKERS.board_svg, "a picture")
    return board_svg(position, viewer=viewer, size=size, numbering=numbering)


def replay_positions(position: Position) -> Iterator[Position]:
    """The positions of the game from ply 0 to ``position``: one copy, changed from each to
    the next (``position`` itself is not changed).

    Example:
        >>> from stratego_widget import Game
        >>> game = Game.random("duel", seed=1)
        >>> _ = game.play(game.legal_moves()[0])
        >>> [seen.ply for seen in replay_positions(game.state)]
        [0, 1]
    """
    codes = [entry.code for entry in position.history]
    position = position.copy()
    for _ in codes:
        position.unmake()
    yield position
    for code in codes:
        if code == PASS_CODE:
            position.make_pass()
        else:
            position.make(code)
        yield position


def figure(svg: str, caption: str) -> str:
    """An HTML ``<figure>`` of an SVG picture as an ``<img>`` (HTML sanitizers strip inline
    SVG but keep an image) with its caption.

    Example:
        >>> figure("<svg/>", "Duel & more")
        '<figure><img src="data:image/svg+xml;base64,PHN2Zy8+" alt="Duel &amp; more"><figcaption>Duel &amp; more</figcaption></figure>'
    """
    encoded = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<figure><img src="data:image/svg+xml;base64,{encoded}" '
            f'alt="{escape(caption)}"><figcaption>{escape(caption)}</figcaption></figure>')


__all__ = ["MAKERS", "Makers", "figure", "needed", "picture", "register", "replay_positions"]
