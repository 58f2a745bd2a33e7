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

from typing import TYPE_CHECKING

from . import pieces as P
from .moves import MOVE

if TYPE_CHECKING:
    from .game import Game


def rescue_area(game: Game, p: int) -> list[int]:
    """The squares where player ``p`` may place a rescued piece (occupied or not).

    Example:
        >>> import stratego_widget as sw
        >>> len(rescue_area(sw.Game.random("onyx-2009+rescue", seed=1), 0))
        46
    """
    rules = game.rules
    geo = game._geo
    rows = rules.home_rows if rules.rescue_area == "home" else rules.height // 2
    ranks = range(rows) if p == P.RED else range(rules.height - rows, rules.height)
    return [sq for rank in ranks for sq in geo.rank_squares(rank)]


def rescuable_kinds(game: Game, p: int) -> list[int]:
    """Kinds of player ``p``'s captured pieces that may be rescued (no Bombs).

    Example:
        >>> import stratego_widget as sw
        >>> rescuable_kinds(sw.Game.random("original+rescue", seed=1), 0)
        []
    """
    kinds = {
        game._kind[pid] for pid in game._pieces[p]
        if game._square[pid] < 0 and game._kind[pid] != P.BOMB
    }
    return sorted(kinds, reverse=True)


def rescue_variants(game: Game, p: int, codes: list[int]) -> list[int]:
    """``codes`` plus every rescuing variant of the plain moves onto the enemy back row.

    Example:
        >>> import stratego_widget as sw
        >>> game = sw.Game.random("original+rescue", seed=1)
        >>> rescue_variants(game, 0, [5]) == [5]
        True
    """
    counts, rescuers = game._rescue_state
    if counts[p] >= game.rules.rescue_limit:
        return codes
    kinds = rescuable_kinds(game, p)
    if not kinds:
        return codes
    board, kind = game._board, game._kind
    back = game._back_row[p]
    same_piece_ok = game.rules.rescue_same_piece_twice
    out = list(codes)
    area: list[int] | None = None
    for code in codes:
        target = code >> 7 & 127
        if code >> 14 & 3 != MOVE or target not in back:
            continue
        origin = code & 127
        pid = board[origin]
        if kind[pid] == P.SCOUT or (not same_piece_ok and pid in rescuers):
            continue
        if area is None:
            area = rescue_area(game, p)
        for sq in area:
            if board[sq] == 0 or sq == origin:
                if sq == target:
                    continue
                for k in kinds:
                    out.append(code | (k + 1) << 20 | sq << 24)
    return out
