"""The compiled batch kernel's moves (numba): a batch policy's choice (:func:`choose`) and making
a move (:func:`apply_move`: strikes, what they reveal, Rescue, the history and the chase), on
the kernel's flat arrays (see :mod:`stratego_widget.batch.kernel`).

Its functions are compiled when first called and cached on disk (numba ``cache=True``).

Example:
    >>> from stratego_widget.batch.stepper import Boards
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> b = Boards.dealt(ruleset("barrage"), [3])
    >>> int(b.scalars[0, 0])
    0
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from ..engine import pieces as P
from . import policies
from .compiled_rules import reveals
from .layout import (
    ACTIVE,
    CAME_FROM,
    CAPTAINS,
    CAPTURED_PUBLIC,
    CHASED,
    CHASED_COUNT,
    CHASER,
    EVADED,
    FLAG_CAPTURED,
    FLAG_REACHED,
    MOVES_IN,
    POSITIONS,
    SCOUT_EXCEPTION,
    SILENT,
    TRACK,
    WIDTH,
)

__all__ = ["apply_move", "choose"]

# The policies themselves, compiled (typed ``Any``: they take the kernel's arrays here).
_random_pick: Any = njit(cache=True)(policies.random_pick)
_heuristic_pick: Any = njit(cache=True)(policies.heuristic_pick)
_beginner_pick: Any = njit(cache=True)(policies.beginner_pick)


@njit(cache=True, inline="always")
def choose(policy, state, out, n, p, board, kind, owner, known, moved, width, outcomes, worth,
           scores):  # pragma: no cover - compiled
    """The move batch policy number ``policy`` plays for ``p`` among the ``n`` codes in
    ``out``, drawing one number from the SplitMix64 stream ``state`` (as
    :func:`~stratego_widget.batch.policies.splitmix`): ``(code, the stream's next state)``.

    Example:
        >>> from stratego_widget.batch.stepper import Boards
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> b = Boards.dealt(ruleset("barrage"), [3])
        >>> t, n = b.tables, int(b.legal_count[0])
        >>> code, state = choose(policies.RANDOM, np.uint64(7), b.legal[0], n, 0, b.board[0],
        ...     b.kind[0], b.owner[0], b.known[0], b.moved[0], 10, t.outcomes, t.worth,
        ...     b.scores)
        >>> bool(code in b.legal[0, :n]), int(state) == 7 + 0x9E3779B97F4A7C15
        (True, True)
    """
    mask = np.uint64(0xFFFFFFFFFFFFFFFF)
    state = (state + np.uint64(0x9E3779B97F4A7C15)) & mask
    z = state
    z = ((z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)) & mask
    z = ((z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)) & mask
    z = z ^ (z >> np.uint64(31))
    r = np.int64(z >> np.uint64(1))
    if policy == policies.RANDOM:
        code = _random_pick(out, n, r)
    elif policy == policies.HEURISTIC:
        code = _heuristic_pick(out, n, r, p, board, kind, owner, known, moved, width, outcomes,
                               worth, scores)
    else:
        code = _beginner_pick(out, n, r, p, board, kind, owner, known, width, outcomes, worth,
                              scores)
    return code, state


@njit(cache=True, inline="always")
def apply_move(code, p, board, kind, owner, square, known, moved, zbase, rescues, rescuer,
               hist_code, hist_pid, nhist, chase, positions, h, keys, outcomes, params, nb,
               nbn):  # pragma: no cover - compiled
    """Make move ``code`` of player ``p`` on a game's arrays (the engine's Position.play): the
    move, a strike, a 2013 spot or a rescue, what it reveals, the history entry ``nhist``
    (the caller counts the ply) and the chase; ``h`` is the position hash before the move.
    Returns ``(the new hash, the winner, the ending number, whether it was a strike)``; the
    winner is -1 and the ending 0 while the game goes on.

    Example:
        >>> from stratego_widget.batch.stepper import Boards
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> b = Boards.dealt(ruleset("barrage"), [3])
        >>> t, code = b.tables, int(b.legal[0, 0])
        >>> _, winner, ending, strike = apply_move(code, 0, b.board[0], b.kind[0], b.owner[0],
        ...     b.square[0], b.known[0], b.moved[0], b.zbase[0], b.rescues[0], b.rescuer[0],
        ...     b.hist_code[0], b.hist_pid[0], 0, b.chase[0], b.positions[0], 0, t.keys,
        ...     t.outcomes, t.params, t.neighbours, t.neighbour_count)
        >>> (winner, ending, strike), int(b.board[0, code >> 7 & 127]) > 0
        ((-1, 0, False), True)
    """
    size = len(board)
    width = params[WIDTH]
    track = params[TRACK] != 0
    winner = -1
    ending = 0
    origin = code & 127
    target = (code >> 7) & 127
    pid = board[origin]
    k = kind[pid]
    hist_code[nhist] = code
    hist_pid[nhist] = pid
    if track:
        h ^= keys[zbase[pid] + origin]
    board[origin] = 0
    action = (code >> 14) & 3
    if action == 0:
        board[target] = pid
        square[pid] = target
        moved[pid] = True
        if track:
            h ^= keys[zbase[pid] + target]
        if not known[pid] and reveals(origin, target, width, params[CAPTAINS] != 0):
            known[pid] = True
        if code >> 20:  # Rescue (Position._rescue): p's first captured piece of the kind
            rescued = ((code >> 20) & 15) - 1
            place = (code >> 24) & 127
            for rpid in range(1, len(kind)):
                if owner[rpid] == p and square[rpid] < 0 and kind[rpid] == rescued:
                    board[place] = rpid
                    square[rpid] = place
                    moved[rpid] = False
                    known[rpid] = True
                    rescues[p] += 1
                    rescuer[pid] = True
                    if track:
                        h ^= keys[zbase[rpid] + place]
                    break
        if k == P.FLAG and ((p == 0 and target >= size - width) or (p == 1 and target < width)):
            winner, ending = p, FLAG_REACHED
    elif action == 2:  # a 2013 spot: stand on target, name the piece ahead
        board[target] = pid
        square[pid] = target
        if target != origin:
            moved[pid] = True
        known[pid] = True
        if track:
            h ^= keys[zbase[pid] + target]
        front = target + width if p == 0 else target - width
        d = board[front]
        known[d] = True
        if kind[d] == (code >> 16) & 15:
            square[d] = -1
            board[front] = 0
            if track:
                h ^= keys[zbase[d] + front]
            if kind[d] == P.FLAG:
                winner, ending = p, FLAG_CAPTURED
    else:
        d = board[target]
        dk = kind[d]
        result = outcomes[k * 13 + dk]
        known[pid] = True
        silent = params[SILENT] != 0 and not (k == P.SCOUT and params[SCOUT_EXCEPTION] != 0)
        if not silent or (result != 1 and params[CAPTURED_PUBLIC] != 0):
            known[d] = True
        moved[pid] = True
        if track:
            h ^= keys[zbase[d] + target]
        if result == 0:
            square[d] = -1
            board[target] = pid
            square[pid] = target
            if track:
                h ^= keys[zbase[pid] + target]
            if dk == P.FLAG:
                winner, ending = p, FLAG_CAPTURED
        elif result == 1:
            square[pid] = -1
            if params[MOVES_IN] != 0 and dk != P.BOMB:
                board[target] = 0
                board[origin] = d
                square[d] = origin
                moved[d] = True
                if track:
                    h ^= keys[zbase[d] + origin]
            elif track:
                h ^= keys[zbase[d] + target]
        else:
            square[pid] = -1
            square[d] = -1
            board[target] = 0
    if track:  # the chase after this ply (Position._next_chase)
        _next_chase(p, pid, origin, target, action, board, owner, square, chase, positions, h,
                    nb, nbn)
    return h, winner, ending, action == 1


@njit(cache=True, inline="always")
def _next_chase(p, pid, origin, target, action, board, owner, square, chase, positions, h, nb,
                nbn):  # pragma: no cover - compiled
    """The chase after ``p`` moved ``pid`` from ``origin`` to ``target`` (hash ``h`` after)."""
    if action != 0:
        chase[ACTIVE] = 0
        return
    if chase[ACTIVE] != 0:
        chaser = chase[CHASER]
        if chase[EVADED] == 0 and owner[chaser] != p:
            for j in range(chase[CHASED_COUNT]):
                if chase[CHASED + j] == pid:
                    chase[CHASED] = pid
                    chase[CHASED_COUNT] = 1
                    chase[EVADED] = 1
                    return
        elif chase[EVADED] != 0 and pid == chaser:
            chased_sq = square[chase[CHASED]]
            if chased_sq >= 0:
                for j in range(nbn[target]):
                    if nb[target, j] == chased_sq:
                        positions[chase[POSITIONS]] = h
                        chase[POSITIONS] += 1
                        chase[EVADED] = 0
                        chase[CAME_FROM] = origin
                        return
    count = 0
    for j in range(nbn[target]):
        c = board[nb[target, j]]
        if c > 0 and owner[c] != p:
            chase[CHASED + count] = c
            count += 1
    if count:
        chase[ACTIVE] = 1
        chase[CHASER] = pid
        chase[EVADED] = 0
        chase[CAME_FROM] = origin
        chase[CHASED_COUNT] = count
        chase[POSITIONS] = 1
        positions[0] = h
    else:
        chase[ACTIVE] = 0
