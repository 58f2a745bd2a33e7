"""Legal-move generation: every move a player may make in a position, as move codes.

How pieces move is decided here (one square; Scouts along a line, striking at the end or, by
edition, only from next door, and in a variant at most ``scout_max_distance`` squares; Ultimate Lightning Captains two squares; 2013 Spotters moving then
spotting). Rescue variants come from :mod:`~stratego_widget.engine.rescue` and the repetition
rules remove moves in :mod:`~stratego_widget.engine.repetition`.

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> from stratego_widget.engine.position import Position
    >>> from stratego_widget.engine.moves import decode
    >>> rules = ruleset("original")
    >>> position = Position(rules, {rules.geometry.index("e4"): (0, 9)})
    >>> sorted(rules.geometry.name(decode(code)[1]) for code in generate(position, 0))
    ['d4', 'e3', 'e5', 'f4']
"""

from __future__ import annotations

from collections.abc import Callable

from . import pieces as P
from . import repetition
from .moves import SPOT_BIT, STRIKE_BIT, TARGET_SHIFT, with_guess
from .position import Position
from .rescue import rescue_variants


def generate(position: Position, p: int) -> list[int]:
    """All legal moves of player ``p`` as codes, with rescues and the repetition rules applied.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> from stratego_widget.engine.position import Position
        >>> generate(Position(ruleset("duel"), {0: (0, 0)}), 0)
        []
    """
    rules = position.rules
    board, owner, kind, square = position.board, position.owner, position.kind, position.square
    geo = position.geometry
    neighbours, rays = geo.neighbours, geo.rays
    movable = position.movable
    scout_far = rules.scout_move_and_strike
    scout_reach = rules.scout_max_distance
    captains = rules.captain_two_squares
    shift = TARGET_SHIFT
    out: list[int] = []
    append = out.append
    for pid in position.pieces[p]:
        sq = square[pid]
        if sq < 0:
            continue
        k = kind[pid]
        if k not in movable:
            continue
        if k == P.SCOUT:
            for ray in rays[sq]:
                if scout_reach is not None:
                    ray = ray[:scout_reach]
                first = True
                for t in ray:
                    c = board[t]
                    if c == 0:
                        append(sq | t << shift)
                        first = False
                        continue
                    if owner[c] != p and (first or scout_far):
                        append(sq | t << shift | STRIKE_BIT)
                    break
            continue
        can_strike = k > P.BOMB
        for t in neighbours[sq]:
            c = board[t]
            if c == 0:
                append(sq | t << shift)
            elif can_strike and owner[c] != p:
                append(sq | t << shift | STRIKE_BIT)
        if k == P.CAPTAIN and captains:
            _captain_moves(position, p, sq, append)
        elif k == P.SPOTTER:
            _spot_moves(position, p, sq, append)
    if rules.rescue:
        out = rescue_variants(position, p, out)
    return repetition.filter_moves(position, p, out)


def _captain_moves(position: Position, p: int, sq: int, append: Callable[[int], None]) -> None:
    """Ultimate Lightning: a Captain's second step (straight on or turning, no jumping)."""
    board, owner, neighbours = position.board, position.owner, position.geometry.neighbours
    seen: set[int] = set()
    for middle in neighbours[sq]:
        if board[middle] != 0:
            continue
        for t in neighbours[middle]:
            if t == sq or t in seen:
                continue
            c = board[t]
            if c == 0:
                seen.add(t)
                append(sq | t << TARGET_SHIFT)
            elif owner[c] != p:
                seen.add(t)
                append(sq | t << TARGET_SHIFT | STRIKE_BIT)


def _spot_moves(position: Position, p: int, sq: int, append: Callable[[int], None]) -> None:
    """2013: a Spotter may stay or move one square, then spot the square in front."""
    board, owner, neighbours = position.board, position.owner, position.geometry.neighbours
    for stand in (sq, *neighbours[sq]):
        if stand != sq and board[stand] != 0:
            continue
        front = position.front(stand, p)
        if front not in neighbours[stand]:
            continue
        c = board[front]
        if c > 0 and owner[c] != p:
            base = sq | stand << TARGET_SHIFT | SPOT_BIT
            for guess in position.rules.army_kinds:
                append(with_guess(base, guess))
