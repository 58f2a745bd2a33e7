"""Rescue (Onyx, 1999, Original): moving onto the enemy back row may return a captured piece.

Restrictions (all three rulebooks): Scouts cannot rescue, Bombs cannot be rescued, at most two
rescues per player; Onyx and Original add that the same piece cannot make both rescues. Where
the rescued piece goes is the ruleset's ``rescue_area``: ``"half"`` (Onyx: "your half of the
gameboard"; 1999: "your side of the board") or ``"home"`` (Original: "your first four rows").

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.from_pieces("original+rescue", {"a1": "red flag", "d9": "red major",
    ...     "j10": "blue flag", "j7": "blue scout"}, captured={"red": ["general"]})
    >>> sorted(str(m) for m in game.legal_moves() if m.rescue)[:2]
    ['d9-d10+general@a2', 'd9-d10+general@a3']
"""

from __future__ import annotations

from . import pieces as P
from .moves import MOVE, action_of, origin_of, target_of, with_rescue
from .position import Position


def rescue_area(position: Position, p: int) -> list[int]:
    """The squares where player ``p`` may place a rescued piece (occupied or not).

    Example:
        >>> import stratego_widget as sw
        >>> len(rescue_area(sw.Game.random("onyx-2009+rescue", seed=1).state, 0))
        46
    """
    rules = position.rules
    geo = position.geometry
    rows = rules.home_rows if rules.rescue_area == "home" else rules.height // 2
    ranks = range(rows) if p == P.RED else range(rules.height - rows, rules.height)
    return [sq for rank in ranks for sq in geo.rank_squares(rank)]


def rescuable_kinds(position: Position, p: int) -> list[int]:
    """Kinds of player ``p``'s captured pieces that may be rescued (no Bombs).

    Example:
        >>> import stratego_widget as sw
        >>> rescuable_kinds(sw.Game.random("original+rescue", seed=1).state, 0)
        []
    """
    kind, square = position.kind, position.square
    kinds = {kind[pid] for pid in position.pieces[p] if square[pid] < 0 and kind[pid] != P.BOMB}
    return sorted(kinds, reverse=True)


def rescue_variants(position: Position, p: int, codes: list[int]) -> list[int]:
    """``codes`` plus every rescuing variant of the plain moves onto the enemy back row.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("original+rescue", seed=1)
        >>> rescue_variants(game.state, 0, [5]) == [5]
        True
    """
    counts, rescuers = position.rescues
    if counts[p] >= position.rules.rescue_limit:
        return codes
    kinds = rescuable_kinds(position, p)
    if not kinds:
        return codes
    board, kind = position.board, position.kind
    back = position.back_row[p]
    same_piece_ok = position.rules.rescue_same_piece_twice
    out = list(codes)
    area: list[int] | None = None
    for code in codes:
        target = target_of(code)
        if action_of(code) != MOVE or target not in back:
            continue
        origin = origin_of(code)
        pid = board[origin]
        if kind[pid] == P.SCOUT or (not same_piece_ok and pid in rescuers):
            continue
        if area is None:
            area = rescue_area(position, p)
        for sq in area:
            if board[sq] == 0 or sq == origin:
                if sq == target:
                    continue
                for k in kinds:
                    out.append(with_rescue(code, k, sq))
    return out
