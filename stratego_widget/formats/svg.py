"""Static SVG pictures of a board, for places without a live widget (python-chess style).

``game.to_svg(viewer=...)`` draws the board as one player sees it (enemy pieces the viewer has
not been shown are face down) or as the referee sees it (``viewer="both"``). Jupyter shows a
:class:`~stratego_widget.engine.game.Game` as this picture through ``_repr_svg_``.

Example:
    >>> import stratego_widget as sw
    >>> svg = board_svg(sw.Game.random("barrage", seed=1).state, viewer="red")
    >>> svg.count('data-square="') == 100
    True
"""

from __future__ import annotations

from html import escape

from ..engine import pieces as P
from ..engine.errors import StrategoError
from ..engine.observation import can_see
from ..engine.position import Position

# Okabe–Ito inspired colours; Blue pieces also get a dashed border as a second cue.
_FILL = {P.RED: "#D55E00", P.BLUE: "#0072B2"}
_LIGHT, _DARK, _LAKE = "#e9e4d4", "#d9d2bc", "#56B4E9"


def board_svg(position: Position, viewer: str = "both", size: int = 400,
              numbering: str | None = None, highlight: tuple[str, ...] = ()) -> str:
    """The board as an SVG string, ``size`` pixels wide, Red at the bottom.

    ``highlight`` names squares to outline (for example the last move).

    Example:
        >>> import stratego_widget as sw
        >>> "lake" in board_svg(sw.Game.random("original", seed=2).state, size=200)
        True
    """
    if viewer not in ("red", "blue", "both"):
        raise StrategoError("viewer", f"The viewer must be red, blue or both, not {viewer!r}.")
    rules = position.rules
    seer = None if viewer == "both" else P.player_from_name(viewer)
    width, height = rules.width, rules.height
    margin = 18
    cell = (size - margin) / width
    total_h = cell * height + margin
    numbering = numbering or rules.numbering
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{total_h:.0f}" '
        f'viewBox="0 0 {size} {total_h:.1f}" font-family="sans-serif" role="img" '
        f'aria-label="{escape(rules.title)} board">'
    ]
    lit = set(highlight)
    for sq in range(width * height):
        f, r = sq % width, sq // width
        x, y = margin + f * cell, (height - 1 - r) * cell
        name = position.geometry.name(sq)
        pid = position.board[sq]
        colour = _LAKE if pid < 0 else (_LIGHT if (f + r) % 2 else _DARK)
        css = "lake" if pid < 0 else "square"
        parts.append(
            f'<rect class="{css}" data-square="{name}" x="{x:.1f}" y="{y:.1f}" '
            f'width="{cell:.1f}" height="{cell:.1f}" fill="{colour}"'
            + (' stroke="#F0E442" stroke-width="3"' if name in lit else "") + "/>"
        )
        if pid > 0:
            parts.append(_piece(position, pid, x, y, cell, seer, numbering))
    font = max(8.0, margin * 0.6)
    for f in range(width):
        parts.append(f'<text x="{margin + (f + 0.5) * cell:.1f}" y="{total_h - 4:.1f}" '
                     f'font-size="{font:.0f}" text-anchor="middle">{chr(97 + f)}</text>')
    for r in range(height):
        parts.append(f'<text x="{margin / 2:.1f}" y="{(height - r - 0.35) * cell:.1f}" '
                     f'font-size="{font:.0f}" text-anchor="middle">{r + 1}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _piece(position: Position, pid: int, x: float, y: float, cell: float, seer: int | None,
           numbering: str) -> str:
    owner = position.owner[pid]
    visible = can_see(position, pid, seer)
    text = position.rules.label(position.kind[pid], numbering) if visible else "?"
    title = (f"{P.PLAYER_NAMES[owner]} {P.KIND_NAMES[position.kind[pid]]}" if visible
             else f"{P.PLAYER_NAMES[owner]} piece")
    pad = cell * 0.1
    dash = ' stroke-dasharray="4 2"' if owner == P.BLUE else ""
    moved = (f'<circle cx="{x + cell - pad * 1.6:.1f}" cy="{y + pad * 1.6:.1f}" '
             f'r="{pad * 0.6:.1f}" fill="#fff"/>' if position.moved[pid] else "")
    return (
        f'<g class="piece {P.PLAYER_NAMES[owner]}"><title>{escape(title)}</title>'
        f'<rect x="{x + pad:.1f}" y="{y + pad:.1f}" width="{cell - 2 * pad:.1f}" '
        f'height="{cell - 2 * pad:.1f}" rx="{pad:.1f}" fill="{_FILL[owner]}" '
        f'stroke="#222" stroke-width="1.5"{dash}/>{moved}'
        f'<text x="{x + cell / 2:.1f}" y="{y + cell * 0.64:.1f}" font-size="{cell * 0.38:.1f}" '
        f'text-anchor="middle" fill="#fff" font-weight="bold">{escape(text)}</text></g>'
    )
