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

import zlib
from collections.abc import Iterable
from html import escape

from ..engine import pieces as P
from ..engine.errors import StrategoError
from ..engine.moves import Move
from ..engine.observation import can_see
from ..engine.position import Position

# The live widget's palette (js/board/widget.css, light theme): Okabe–Ito colours for the armies and
# marks, green land in two shades, blue striped water and, in the 2013 edition, cross-hatched
# brown craters. Blue pieces also carry a double border, as in the widget: a cue besides hue.
_FILL = {P.RED: "#b34e00", P.BLUE: "#0072b2"}
_EDGE = {P.RED: "#5c2800", P.BLUE: "#d6ecfa"}
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


def _layout(position: Position, size: int) -> tuple[float, float, float]:
    """The margin for the coordinates, the square's side and the picture's height."""
    rules = position.rules
    margin = 18.0
    cell = (size - margin) / rules.width
    return margin, cell, cell * rules.height + margin


def _corner(position: Position, sq: int, cell: float, margin: float) -> tuple[float, float]:
    """The top-left corner of square ``sq``, Red at the bottom."""
    width, height = position.rules.width, position.rules.height
    return margin + (sq % width) * cell, (height - 1 - sq // width) * cell


def _open(position: Position, size: int, height: float) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{size}" height="{height:.0f}" viewBox="0 0 {size} {height:.1f}" '
            f'font-family="sans-serif" role="img" '
            f'aria-label="{escape(position.rules.title)} board">')


def _ground(position: Position, cell: float, margin: float) -> list[str]:
    """The squares, lakes (striped water) or craters (cross-hatched) and the coordinates."""
    rules = position.rules
    craters = rules.edition in CRATER_EDITIONS
    parts = []
    for sq in range(rules.width * rules.height):
        x, y = _corner(position, sq, cell, margin)
        name = position.geometry.name(sq)
        water = position.board[sq] < 0
        if water:
            css, colour = ("crater", _CRATER) if craters else ("lake", _WATER)
        else:  # the widget's shading: the top-left square light, then alternating
            css = "square"
            colour = _LAND_ALT if (rules.height - 1 - sq // rules.width + sq % rules.width) % 2 \
                else _LAND
        parts.append(f'<rect class="{css}" data-square="{name}" x="{x:.1f}" y="{y:.1f}" '
                     f'width="{cell:.1f}" height="{cell:.1f}" fill="{colour}"/>')
        if water and craters:
            parts.append(_hatch(x, y, cell, cell / 5, "rgba(0,0,0,0.25)", cell / 25, True))
            parts.append(_hatch(x, y, cell, cell / 5, "rgba(0,0,0,0.25)", cell / 25, False))
        elif water:
            parts.append(_hatch(x, y, cell, cell / 4, "rgba(255,255,255,0.3)", cell / 20, True))
    bottom = cell * rules.height + margin
    font = max(8.0, margin * 0.6)
    for f in range(rules.width):
        parts.append(f'<text x="{margin + (f + 0.5) * cell:.1f}" y="{bottom - 4:.1f}" '
                     f'font-size="{font:.0f}" text-anchor="middle">{chr(97 + f)}</text>')
    for r in range(rules.height):
        parts.append(f'<text x="{margin / 2:.1f}" y="{(rules.height - r - 0.35) * cell:.1f}" '
                     f'font-size="{font:.0f}" text-anchor="middle">{r + 1}</text>')
    return parts


def _lit(x: float, y: float, cell: float) -> str:
    """The last move's mark on one square: a yellow frame with a dark edge, as in the widget."""
    return (f'<rect x="{x + 1.5:.1f}" y="{y + 1.5:.1f}" width="{cell - 3:.1f}" '
            f'height="{cell - 3:.1f}" fill="none" stroke="{_LAST}" stroke-width="3"/>'
            f'<rect x="{x + 3.5:.1f}" y="{y + 3.5:.1f}" width="{cell - 7:.1f}" '
            f'height="{cell - 7:.1f}" fill="none" stroke="rgba(0,0,0,0.5)" stroke-width="1"/>')


def _seer(viewer: str) -> int | None:
    if viewer not in ("red", "blue", "both"):
        raise StrategoError("viewer", f"The viewer must be red, blue or both, not {viewer!r}.")
    return None if viewer == "both" else P.player_from_name(viewer)


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
    seer = _seer(viewer)
    margin, cell, height = _layout(position, size)
    numbering = numbering or position.rules.numbering
    parts = [_open(position, size, height), *_ground(position, cell, margin)]
    lit = set(highlight)
    for sq, pid in enumerate(position.board):
        x, y = _corner(position, sq, cell, margin)
        if lit and position.geometry.name(sq) in lit:
            parts.append(_lit(x, y, cell))
        if pid > 0:
            parts.append(_piece_art(_looks(position, pid, seer, numbering), x, y, cell))
    parts.append("</svg>")
    return "".join(parts)


#: How a piece looks: owner, label, title, whether its rank shows, moved, known.
Looks = tuple[int, str, str, bool, bool, bool]


def _looks(position: Position, pid: int, seer: int | None, numbering: str) -> Looks:
    owner = position.owner[pid]
    visible = can_see(position, pid, seer)
    text = position.rules.label(position.kind[pid], numbering) if visible else "?"
    title = (f"{P.PLAYER_NAMES[owner]} {P.KIND_NAMES[position.kind[pid]]}" if visible
             else f"{P.PLAYER_NAMES[owner]} piece")
    return owner, text, title, visible, position.moved[pid], position.known[pid]


def _piece_art(looks: Looks, x: float, y: float, cell: float) -> str:
    owner, text, title, visible, moved_flag, known_flag = looks
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
             if moved_flag else "")
    known = (f'<path d="M{left:.1f} {top:.1f}h{side * 0.22:.1f}L{left:.1f} '
             f'{top + side * 0.22:.1f}z" fill="{_LAST}"/>' if known_flag else "")
    return (
        f'<g class="piece {P.PLAYER_NAMES[owner]}"><title>{escape(title)}</title>'
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{side:.1f}" height="{side:.1f}" '
        f'rx="{pad:.1f}" fill="{_FILL[owner]}"/>{unknown}{border}{moved}{known}'
        f'<text x="{x + cell / 2:.1f}" y="{y + cell * 0.64:.1f}" font-size="{cell * 0.38:.1f}" '
        f'text-anchor="middle" fill="#fff" font-weight="bold">{escape(text)}</text></g>'
    )


# ---------------------------------------------------------------------- the animated replay

#: How long the last position stays, in steps, before the replay starts again.
HOLD_STEPS = 3


def replay_svg(positions: Iterable[Position], viewer: str = "both", size: int = 400,
               numbering: str | None = None, step: float = 1.0) -> str:
    """A game's replay as one animated SVG (SMIL, no script): one position every ``step``
    seconds, the last held a little longer, then again from the start.

    ``positions`` are the game's positions from ply 0 to the last, each read as it comes (the
    same object may come back changed). Each piece looks as ``viewer`` saw it at that ply. A
    picture program without animation shows the last position. Every piece appearance is drawn
    once (``<defs>``) and each stretch of plies a piece stays put is one ``<use>``, so the size
    grows with the moves, not with the board.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("duel", seed=1)
        >>> _ = game.play(game.legal_moves()[0])
        >>> svg = game.to_svg(animate=True)
        >>> svg.count("<script"), svg.count('class="frame-caption"')
        (0, 2)
    """
    seer = _seer(viewer)
    if step <= 0:
        raise StrategoError("animation", f"Each step of a replay lasts more than 0 seconds, "
                            f"not {step!r}.")
    frames: list[tuple[dict[int, tuple[int, int]], tuple[int, ...], str]] = []
    looks: dict[Looks, int] = {}
    first: Position | None = None
    for position in positions:
        if first is None:
            first = position.copy()
            numbering = numbering or position.rules.numbering
        assert numbering is not None
        shown = {pid: (sq, looks.setdefault(_looks(position, pid, seer, numbering), len(looks)))
                 for sq, pid in enumerate(position.board) if pid > 0}
        history = position.history
        lit: tuple[int, ...] = ()
        text = ""
        if history:
            move = Move.from_code(history[-1].code, position.geometry)
            if not move.is_pass:  # a pass moved no piece: no square lit
                lit = (position.geometry.index(move.origin), position.geometry.index(move.target))
            text = str(move)
        frames.append((shown, lit, text))
    if first is None:
        raise StrategoError("animation", "A replay needs at least one position.")
    margin, cell, board_height = _layout(first, size)
    height = board_height + 22
    last = len(frames) - 1
    total = (last + HOLD_STEPS) * step
    uid = "swr%08x" % (zlib.crc32(repr((frames, sorted(looks.items()))).encode()) & 0xFFFFFFFF)

    def timed(body: str, start: int, end: int) -> str:
        """``body`` shown from frame ``start`` to before frame ``end`` (``end > last``: to the
        end); shown by default when it lasts to the end (a still picture: the last position).
        The offset is always written: Chromium ignores a syncbase ``begin`` without one."""
        begin = start * step
        if end > last:
            if start == 0:
                return body
            return (f'<g>{body}<set attributeName="visibility" to="hidden" '
                    f'begin="{uid}-clock.begin+0s" dur="{_seconds(begin)}"/></g>')
        return (f'<g visibility="hidden">{body}<set attributeName="visibility" to="visible" '
                f'begin="{uid}-clock.begin+{_seconds(begin)}" '
                f'dur="{_seconds((end - start) * step)}"/></g>')

    parts = [_open(first, size, height), "<defs>"]
    parts += [f'<g id="{uid}-a{index}">{_piece_art(look, 0, 0, cell)}</g>'
              for look, index in looks.items()]
    parts.append("</defs>")
    parts.append(f'<rect width="0" height="0" visibility="hidden"><animate id="{uid}-clock" '
                 f'attributeName="x" values="0;0" begin="0s;{uid}-clock.end" '
                 f'dur="{_seconds(total)}"/></rect>')
    parts += _ground(first, cell, margin)
    for index, (_pieces, lit, _move) in enumerate(frames):
        marks = "".join(_lit(*_corner(first, sq, cell, margin), cell) for sq in lit)
        if marks:
            parts.append(timed(marks, index, index + 1 if index < last else last + 1))
    for pid in sorted({pid for shown, _marks, _move in frames for pid in shown}):
        start = 0
        while start <= last:
            place = frames[start][0].get(pid)
            end = start + 1
            while end <= last and frames[end][0].get(pid) == place:
                end += 1
            if place is not None:
                x, y = _corner(first, place[0], cell, margin)
                parts.append(timed(f'<use xlink:href="#{uid}-a{place[1]}" '
                                   f'x="{x:.1f}" y="{y:.1f}"/>', start, end))
            start = end
    for index, (_pieces, _marks, text) in enumerate(frames):
        caption = f"{index}/{last}" + (f"  {text}" if text else "")
        parts.append(timed(f'<text class="frame-caption" x="{size / 2:.1f}" '
                           f'y="{height - 5:.1f}" font-size="14" text-anchor="middle">'
                           f"{escape(caption)}</text>", index,
                           index + 1 if index < last else last + 1))
    parts.append("</svg>")
    return "".join(parts)


def _seconds(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") + "s" if value else "0s"
