"""The compiled batch kernel's rules (numba): move generation with Rescue, the two-square and
more-squares rules, the legal moves and the end of a game with no move left, the engine's
rules to the letter on the kernel's flat arrays (see :mod:`stratego_widget.batch.kernel`).

Its functions are compiled when first called and cached on disk (numba ``cache=True``).

Example:
    >>> from stratego_widget.batch.stepper import Boards
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> b = Boards.dealt(ruleset("barrage"), [3])
    >>> int(b.legal_count[0]) > 0
    True
"""

from __future__ import annotations

from numba import njit

from ..engine import pieces as P
from .layout import (
    ACTIVE,
    BOTH_DRAW,
    CAME_FROM,
    CAPTAINS,
    CHASED,
    CHASER,
    EVADED,
    LIMIT,
    NEITHER,
    NO_MOVABLE,
    NO_MOVES,
    PATH,
    POSITIONS,
    RESCUE,
    RESCUE_LIMIT,
    RESCUE_TWICE,
    SCOUT_FAR,
    TRACK,
    WIDTH,
)

__all__ = ["chase_forbidden", "ending_without_moves", "legal", "reveals", "two_square"]

# The chase state (the more-squares rule) is one int64 array, laid out in .layout.


@njit(cache=True)
def _generate(p, board, kind, owner, square, movable, nb, nbn, rays, raylen, scout_far,
              captains, guesses, width, out):  # pragma: no cover - compiled
    """movegen.generate before Rescue and the repetition rules: the codes in ``out``, their
    number returned."""
    n = 0
    for pid in range(1, len(kind)):
        if owner[pid] != p:
            continue
        sq = square[pid]
        if sq < 0:
            continue
        k = kind[pid]
        if not movable[k]:
            continue
        if k == P.SCOUT:
            for d in range(4):
                first = True
                for j in range(raylen[sq, d]):
                    t = rays[sq, d, j]
                    c = board[t]
                    if c == 0:
                        out[n] = sq | t << 7
                        n += 1
                        first = False
                        continue
                    if owner[c] != p and (first or scout_far):
                        out[n] = sq | t << 7 | 1 << 14
                        n += 1
                    break
            continue
        strikes = k > P.BOMB
        for j in range(nbn[sq]):
            t = nb[sq, j]
            c = board[t]
            if c == 0:
                out[n] = sq | t << 7
                n += 1
            elif strikes and owner[c] != p:
                out[n] = sq | t << 7 | 1 << 14
                n += 1
        if k == P.CAPTAIN and captains:  # movegen._captain_moves: a second step, no jumping
            begin = n
            for a in range(nbn[sq]):
                middle = nb[sq, a]
                if board[middle] != 0:
                    continue
                for b in range(nbn[middle]):
                    t = nb[middle, b]
                    if t == sq:
                        continue
                    seen = False
                    for j in range(begin, n):
                        if (out[j] >> 7) & 127 == t:
                            seen = True
                            break
                    if seen:
                        continue
                    c = board[t]
                    if c == 0:
                        out[n] = sq | t << 7
                        n += 1
                    elif owner[c] != p:
                        out[n] = sq | t << 7 | 1 << 14
                        n += 1
        elif k == P.SPOTTER:  # movegen._spot_moves: stay or step, then spot the square ahead
            for a in range(-1, nbn[sq]):
                stand = sq if a < 0 else nb[sq, a]
                if stand != sq and board[stand] != 0:
                    continue
                front = stand + width if p == 0 else stand - width
                ahead = False
                for j in range(nbn[stand]):
                    if nb[stand, j] == front:
                        ahead = True
                        break
                if not ahead:
                    continue
                c = board[front]
                if c > 0 and owner[c] != p:
                    base = sq | stand << 7 | 2 << 14
                    for j in range(len(guesses)):
                        out[n] = base | guesses[j] << 16
                        n += 1
    return n


@njit(cache=True)
def _rescues(p, n, out, board, kind, owner, square, rescues, rescuer, params, area,
             area_length, width):  # pragma: no cover - compiled
    """rescue.rescue_variants: the first ``n`` codes, then every rescuing variant of the plain
    moves onto the enemy back row; the new number of codes."""
    if rescues[p] >= params[RESCUE_LIMIT]:
        return n
    kinds = 0  # a bit per kind of p's captured pieces that may be rescued (no Bombs)
    for pid in range(1, len(kind)):
        if owner[pid] == p and square[pid] < 0 and kind[pid] != P.BOMB:
            kinds |= 1 << kind[pid]
    if kinds == 0:
        return n
    size = len(board)
    twice = params[RESCUE_TWICE] != 0
    m = n
    for i in range(n):
        code = out[i]
        if (code >> 14) & 3 != 0:
            continue
        target = (code >> 7) & 127
        if (target < size - width) if p == 0 else (target >= width):
            continue
        origin = code & 127
        pid = board[origin]
        if kind[pid] == P.SCOUT or (not twice and rescuer[pid]):
            continue
        for j in range(area_length[p]):
            sq = area[p, j]
            if (board[sq] == 0 or sq == origin) and sq != target:
                for k in range(12, -1, -1):
                    if (kinds >> k) & 1:
                        out[m] = code | (k + 1) << 20 | sq << 24
                        m += 1
    return m


@njit(cache=True)
def _step(origin, target, width):  # pragma: no cover - compiled
    if origin // width == target // width:
        return 1 if target > origin else -1
    if origin % width == target % width:
        return width if target > origin else -width
    return 0


@njit(cache=True)
def _in_stretch(sq, a, b, step):  # pragma: no cover - compiled
    if step == 0:
        return sq in (a, b)
    low = min(a, b)
    return low <= sq <= max(a, b) and (sq - low) % abs(step) == 0


@njit(cache=True)
def _reverses(older_o, older_t, newer_o, newer_t, width, path):  # pragma: no cover - compiled
    if newer_t == older_o:
        return True
    if not path:
        return False
    step = _step(older_o, older_t, width)
    return step != 0 and _step(newer_o, newer_t, width) == -step


@njit(cache=True)
def two_square(p, to_move, hist_code, hist_pid, nhist, square, width, limit, path, run_o,
               run_t, forbidden):  # pragma: no cover - compiled
    """The two-square rule for ``p`` (``to_move`` is to move after ``nhist`` plies): ``(the
    square of p's last-moved piece, how many targets it may not go to)``, the targets in
    ``forbidden``, or ``(-1, 0)``. ``run_o`` and ``run_t`` are scratch room (``limit`` + 1).

    Example:
        >>> from stratego_widget.batch.stepper import Boards
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> b = Boards.dealt(ruleset("barrage"), [3])
        >>> two_square(0, 0, b.hist_code[0], b.hist_pid[0], 0, b.square[0], 10, 3, False,
        ...            b.run_o, b.run_t, b.forbidden)
        (-1, 0)
    """
    i = nhist - (2 if to_move == p else 1)
    if i < 0:
        return -1, 0
    pid = hist_pid[i]
    current = square[pid]
    if current < 0:
        return -1, 0
    n = 0
    here = current
    while i >= 0 and n < limit:
        code = hist_code[i]
        origin = code & 127
        target = (code >> 7) & 127
        if hist_pid[i] != pid or target != here or origin == target:
            break
        if n > 0 and not _reverses(origin, target, run_o[n - 1], run_t[n - 1], width, path):
            break
        run_o[n] = origin
        run_t[n] = target
        n += 1
        here = origin
        i -= 2
    if n < limit:
        return -1, 0
    first_o, first_t = run_o[n - 1], run_t[n - 1]
    stretch_step = _step(first_o, first_t, width) if path else 0
    for j in range(n - 1):
        if not _in_stretch(run_t[j], first_o, first_t, stretch_step):
            return -1, 0
    step = _step(run_o[0], run_t[0], width) if path else 0
    if step == 0 or stretch_step == 0 or abs(first_t - first_o) == abs(stretch_step):
        forbidden[0] = run_o[0]
        return current, 1
    count = 0
    sq = current - step
    while _in_stretch(sq, first_o, first_t, stretch_step):
        forbidden[count] = sq
        count += 1
        sq -= step
    return current, count


@njit(cache=True)
def chase_forbidden(p, chase, positions, board, owner, square, zbase, keys, h, nb, nbn,
                    forbidden):  # pragma: no cover - compiled
    """The more-squares rule for ``p`` (the chase array ``chase``, the stored hashes
    ``positions``, ``h`` the hash now): ``(the chaser's square, how many targets it may not go
    to)``, the targets in ``forbidden``, or ``(-1, 0)`` when ``p`` is not chasing.

    Example:
        >>> from stratego_widget.batch.stepper import Boards
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> b = Boards.dealt(ruleset("barrage"), [3])
        >>> t = b.tables
        >>> chase_forbidden(0, b.chase[0], b.positions[0], b.board[0], b.owner[0], b.square[0],
        ...                 b.zbase[0], t.keys, 0, t.neighbours, t.neighbour_count, b.forbidden)
        (-1, 0)
    """
    if chase[ACTIVE] == 0 or chase[EVADED] == 0 or owner[chase[CHASER]] != p:
        return -1, 0
    chaser = chase[CHASER]
    chaser_sq = square[chaser]
    chased_sq = square[chase[CHASED]]
    if chaser_sq < 0 or chased_sq < 0:
        return -1, 0
    base = h ^ keys[zbase[chaser] + chaser_sq]
    count = 0
    for j in range(nbn[chased_sq]):
        t = nb[chased_sq, j]
        if t == chase[CAME_FROM] or board[t] != 0:
            continue
        key = base ^ keys[zbase[chaser] + t]
        for k in range(chase[POSITIONS]):
            if positions[k] == key:
                forbidden[count] = t
                count += 1
                break
    return (chaser_sq if count else -1), count


@njit(cache=True)
def _drop(out, n, origin, forbidden, count):  # pragma: no cover - compiled
    kept = 0
    for i in range(n):
        code = out[i]
        drop = False
        if code & 127 == origin and not ((code >> 14) & 3 == 2
                                         and (code >> 7) & 127 == origin):
            target = (code >> 7) & 127
            for j in range(count):
                if forbidden[j] == target:
                    drop = True
                    break
        if not drop:
            out[kept] = code
            kept += 1
    return kept


@njit(cache=True)
def legal(p, to_move, board, kind, owner, square, movable, nb, nbn, rays, raylen, params,
          guesses, area, area_length, rescues, rescuer, hist_code, hist_pid, nhist, chase,
          positions, zbase, keys, h, run_o, run_t, forbidden, out):  # pragma: no cover - compiled
    """The legal move codes of ``p`` (``to_move`` is to move) in the engine's order into
    ``out``, their number: move generation, Rescue's variants, then the two-square and
    more-squares rules.

    Example:
        >>> from stratego_widget.batch.play import deal
        >>> from stratego_widget.batch.stepper import Boards
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> b = Boards.dealt(ruleset("barrage"), [3])
        >>> t = b.tables
        >>> n = legal(0, 0, b.board[0], b.kind[0], b.owner[0], b.square[0], t.movable,
        ...     t.neighbours, t.neighbour_count, t.rays, t.ray_length, t.params, t.guesses,
        ...     t.area, t.area_length, b.rescues[0], b.rescuer[0], b.hist_code[0],
        ...     b.hist_pid[0], 0, b.chase[0], b.positions[0], b.zbase[0], t.keys, 0, b.run_o,
        ...     b.run_t, b.forbidden, b.scratch)
        >>> b.scratch[:n].tolist() == deal(b.rules, 3).legal_codes()
        True
    """
    width = params[WIDTH]
    n = _generate(p, board, kind, owner, square, movable, nb, nbn, rays, raylen,
                  params[SCOUT_FAR] != 0, params[CAPTAINS] != 0, guesses, width, out)
    if params[RESCUE]:
        n = _rescues(p, n, out, board, kind, owner, square, rescues, rescuer, params, area,
                     area_length, width)
    origin, count = two_square(p, to_move, hist_code, hist_pid, nhist, square, width,
                               params[LIMIT], params[PATH] != 0, run_o, run_t, forbidden)
    if count:
        n = _drop(out, n, origin, forbidden, count)
    if params[TRACK]:
        origin, count = chase_forbidden(p, chase, positions, board, owner, square, zbase,
                                        keys, h, nb, nbn, forbidden)
        if count:
            n = _drop(out, n, origin, forbidden, count)
    return n


@njit(cache=True)
def reveals(origin, target, width, captains):  # pragma: no cover - compiled
    df = abs(origin % width - target % width)
    dr = abs(origin // width - target // width)
    if df + dr <= 1:
        return False
    if df and dr:
        return True
    if df + dr >= 3:
        return True
    return not captains


@njit(cache=True)
def ending_without_moves(p, board, kind, owner, square, movable, nb, nbn, rays, raylen, params,
                         guesses, area, area_length, rescues, rescuer, hist_code, hist_pid,
                         nhist, chase, positions, zbase, keys, h, run_o, run_t, forbidden,
                         spare):  # pragma: no cover - compiled
    """How the game ends when ``p``, to move, has no legal move: ``(winner, ending)``. ``p``
    loses (``NO_MOVES``, or ``NO_MOVABLE`` with no movable piece left); when the other side
    could not move either, ``NEITHER``, a draw (winner -1) if the rules say so. ``spare`` is
    scratch room for the other side's moves (as long as :func:`legal`'s ``out``).

    Example:
        >>> from stratego_widget.batch.play import deal
        >>> from stratego_widget.batch.stepper import Boards
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> b = Boards.dealt(ruleset("barrage"), [3])
        >>> b.owner[0, 1:] = 1  # every piece is Blue's: Red has none to move
        >>> t = b.tables
        >>> ending_without_moves(0, b.board[0], b.kind[0], b.owner[0], b.square[0], t.movable,
        ...     t.neighbours, t.neighbour_count, t.rays, t.ray_length, t.params, t.guesses,
        ...     t.area, t.area_length, b.rescues[0], b.rescuer[0], b.hist_code[0],
        ...     b.hist_pid[0], 0, b.chase[0], b.positions[0], b.zbase[0], t.keys, 0, b.run_o,
        ...     b.run_t, b.forbidden, b.scratch) == (1, NO_MOVABLE)
        True
    """
    ending = NO_MOVABLE
    for pid in range(1, len(kind)):
        if owner[pid] == p and square[pid] >= 0 and movable[kind[pid]]:
            ending = NO_MOVES
            break
    winner = 1 - p
    other = legal(1 - p, p, board, kind, owner, square, movable, nb, nbn, rays, raylen, params,
                  guesses, area, area_length, rescues, rescuer, hist_code, hist_pid, nhist,
                  chase, positions, zbase, keys, h, run_o, run_t, forbidden, spare)
    if other == 0:
        ending = NEITHER
        if params[BOTH_DRAW]:
            winner = -1
    return winner, ending
