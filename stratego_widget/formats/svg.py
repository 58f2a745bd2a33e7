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

# The live widget's palette (js/widget.css, light theme): Okabe–Ito colours for the armies and
# marks, green land in two shades, blue striped water and, in the 2013 edition, cross-hatched
# brown craters. Blue pieces also carry a double border, as in the widget: a cue besides hue.
_FILL = {P.RED: "#d55e00", P.BLUE: "#0072b2"}
_EDGE = {P.RED: "#6e3000", P.BLUE: "#d6ecfa"}
_LAND, _LAND_ALT = "#c8d9a8", "#bccf98"
_WATER, _CRATER = "#56b4e9", "#8c7b6b"
_LAST = "#f0e442"
#: Editions whose board has craters, not lakes (drawn cross-hatched, named "crater").
CRATER_EDITIONS = frozenset({"sci-fi-2013"})


def _hatch(x: float, y: float, cell: float, step: float, colour: str, width: float,
           rising: bool) -> str:
    """Diagonal lines across one square, ``step`` apart (``rising``: bottom-left to top-right)."""
    lines = []
    t = step
    while t < 2 * cell:
        a, b = min(t, cell), max(0.0, t - cell)  # the line's ends on the square's edges
        if rising:
            x1, y1, x2, y2 = x + a, y + b, x + b, y + a
        else:
            x1, y1, x2, y2 = x + cell - a, y + b, x + cell - b, y + a
        lines.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>')
        t += step
    return (f'<g stroke="{colour}" stroke-width="{width:.1f}" pointer-events="none">'
            + "".join(lines) + "</g>")


def board_svg(position: Position, viewer: str = "both", size: int = 400,
              numbering: str | None = None, highlight: tuple[str, ...] = ()) -> str:
    """The board as an SVG string, ``size`` pixels wide, Red at the bottom.

    ``highlight`` names squares to outline (for example the last move).

    Lakes are drawn as the widget draws them (striped water); the 2013 edition's craters
    cross-hatched, with the class ``crater``.

    Example:
        >>> import stratego_widget as sw
        >>> "lake" in board_svg(sw.Game.random("original", seed=2).state, size=200)
        True
        >>> svg = board_svg(sw.Game.random("sci-fi-2013", seed=2).state, size=200)
        >>> svg.count('class="crater"'), 'class="lake"' in svg
        (8, False)
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
    craters = rules.edition in CRATER_EDITIONS
    for sq in range(width * height):
        f, r = sq % width, sq // width
        x, y = margin + f * cell, (height - 1 - r) * cell
        name = position.geometry.name(sq)
        pid = position.board[sq]
        if pid < 0:
            css, colour = ("crater", _CRATER) if craters else ("lake", _WATER)
        else:  # the widget's shading: the top-left square light, then alternating
            css, colour = "square", _LAND_ALT if (height - 1 - r + f) % 2 else _LAND
        parts.append(
            f'<rect class="{css}" data-square="{name}" x="{x:.1f}" y="{y:.1f}" '
            f'width="{cell:.1f}" height="{cell:.1f}" fill="{colour}"/>'
        )
        if pid < 0 and craters:
            parts.append(_hatch(x, y, cell, cell / 5, "rgba(0,0,0,0.25)", cell / 25, True))
            parts.append(_hatch(x, y, cell, cell / 5, "rgba(0,0,0,0.25)", cell / 25, False))
        elif pid < 0:
            parts.append(_hatch(x, y, cell, cell / 4, "rgba(255,255,255,0.3)", cell / 20, True))
        if name in lit:  # the last move: a yellow frame with a dark edge, as in the widget
            parts.append(
                f'<rect x="{x + 1.5:.1f}" y="{y + 1.5:.1f}" width="{cell - 3:.1f}" '
                f'height="{cell - 3:.1f}" fill="none" stroke="{_LAST}" stroke-width="3"/>'
                f'<rect x="{x + 3.5:.1f}" y="{y + 3.5:.1f}" width="{cell - 7:.1f}" '
                f'height="{cell - 7:.1f}" fill="none" stroke="rgba(0,0,0,0.5)" '
                f'stroke-width="1"/>')
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
    pad = cell * 0.08
    side = cell - 2 * pad
    left, top = x + pad, y + pad
    edge = _EDGE[owner]
    if owner == P.BLUE:  # a double border, as the widget's
        border = (f'<rect x="{left + 1:.1f}" y="{top + 1:.1f}" width="{side - 2:.1f}" '
                  f'height="{side - 2:.1f}" rx="{pad:.1f}" fill="none" stroke="{edge}" '
                  f'stroke-width="1.2"/>'
                  f'<rect x="{left + 3:.1f}" y="{top + 3:.1f}" width="{side - 6:.1f}" '
                  f'height="{side - 6:.1f}" rx="{pad * 0.7:.1f}" fill="none" stroke="{edge}" '
                  f'stroke-width="1.2"/>')
    else:
        border = (f'<rect x="{left + 1:.1f}" y="{top + 1:.1f}" width="{side - 2:.1f}" '
                  f'height="{side - 2:.1f}" rx="{pad:.1f}" fill="none" stroke="{edge}" '
                  f'stroke-width="2"/>')
    unknown = "" if visible else _hatch(left, top, side, side / 4, "rgba(255,255,255,0.2)",
                                        side / 9, False)
    moved = (f'<circle cx="{left + side * 0.82:.1f}" cy="{top + side * 0.18:.1f}" '
             f'r="{side * 0.07:.1f}" fill="#fff" stroke="#000" stroke-width="0.8"/>'
             if position.moved[pid] else "")
    known = (f'<path d="M{left:.1f} {top:.1f}h{side * 0.22:.1f}L{left:.1f} '
             f'{top + side * 0.22:.1f}z" fill="{_LAST}"/>' if position.known[pid] else "")
    return (
        f'<g class="piece {P.PLAYER_NAMES[owner]}"><title>{escape(title)}</title>'
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{side:.1f}" height="{side:.1f}" '
        f'rx="{pad:.1f}" fill="{_FILL[owner]}"/>{unknown}{border}{moved}{known}'
        f'<text x="{x + cell / 2:.1f}" y="{y + cell * 0.64:.1f}" font-size="{cell * 0.38:.1f}" '
        f'text-anchor="middle" fill="#fff" font-weight="bold">{escape(text)}</text></g>'
    )
