"""The compiled batch kernel: whole games in machine code (numba), the engine's rules to the
letter.

Only :mod:`stratego_widget.batch.play` imports this module, and only when numba is installed.
It reads a game as flat arrays (the engine's own position lists: pieces by id in the engine's
order, so moves come out in the engine's canonical order) and plays it to the end with the
engine's move generation (Scouts by edition and reach, Ultimate Lightning's two-square
Captains, 2013 Spotters spotting, Rescue with every edition's area and limits, Moving Bombs
and Moving Flag), the two-square rule (every count, reading and Scout mode), the
more-squares rule (the chase with the engine's position hashes), strikes from the engine's
strike table, the winning defender moving in and Silent Defense. :func:`unsupported_reason`
says, in one line, why it would not play a ruleset: a ruleset that changes a field the kernel
does not read (none of the engine's fields today).

Compiled code is cached on disk (numba ``cache=True``): a second process loads it.

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> supports(ruleset("barrage")), supports(ruleset("original+rescue"))
    (True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any, Final

import numpy as np
from numba import njit

from ..engine import pieces as P
from ..engine.position import Position
from ..engine.rescue import rescue_area
from ..engine.rulesets import Ruleset
from . import policies

__all__ = ["KNOWN_FIELDS", "TERMINATIONS", "Tables", "play_games", "supports", "tables",
           "unsupported_reason"]

#: The kernel's termination numbers, as the engine's termination ids.
TERMINATIONS = ("", "flag-captured", "flag-reached", "no-movable-pieces", "no-moves",
                "neither-can-move", "ply-limit")
_FLAG_CAPTURED, _FLAG_REACHED, _NO_MOVABLE, _NO_MOVES, _NEITHER, _PLY_LIMIT = 1, 2, 3, 4, 5, 6

# Indices into the kernel's parameter array.
(_WIDTH, _SCOUT_FAR, _LIMIT, _PATH, _TRACK, _SILENT, _SCOUT_EXCEPTION, _CAPTURED_PUBLIC,
 _MOVES_IN, _MAX_PLIES, _BOTH_DRAW, _CAPTAINS, _RESCUE, _RESCUE_LIMIT, _RESCUE_TWICE) = range(15)

# The policies themselves, compiled (typed ``Any``: they take the kernel's arrays here).
_random_pick: Any = njit(cache=True)(policies.random_pick)
_heuristic_pick: Any = njit(cache=True)(policies.heuristic_pick)
_beginner_pick: Any = njit(cache=True)(policies.beginner_pick)

#: The ruleset fields the kernel plays (read into its tables, or decided before it starts:
#: names, the deal). A ruleset that changes any other field from its default is refused.
KNOWN_FIELDS: Final = frozenset({
    # identity and the deal
    "name", "title", "edition", "options", "base", "numbering", "fill_home_rows", "overrides",
    # the board and army (neighbours, rays, lakes, piece lists, Rescue's home rows)
    "width", "height", "lakes", "home_rows", "army",
    # moves and strikes
    "scout_move_and_strike", "scout_max_distance", "captain_two_squares", "moving_bombs",
    "moving_flag", "spy_has_rank", "spy_wins_defending", "strengths", "aggressor_advantage",
    "exploding_bombs", "winning_defender_moves_in",
    # what strikes reveal
    "captured_public", "silent_defense", "silent_defense_scout_exception",
    # Rescue
    "rescue", "rescue_area", "rescue_limit", "rescue_same_piece_twice",
    # repetition and the end
    "two_square_count", "two_square_reading", "two_square_scout", "more_squares_rule",
    "both_cannot_move", "max_plies",
})


def unsupported_reason(rules: Ruleset) -> str | None:
    """Why the kernel does not play ``rules``, in one line, or ``None`` when it does.

    The kernel plays every field it knows (:data:`KNOWN_FIELDS`: every edition, option and
    variant field of the engine today); a ruleset that changes another field from its default
    is refused, naming it.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> unsupported_reason(ruleset("sci-fi-2013+rescue")) is None
        True
    """
    changed = [f.name for f in fields(rules) if f.name not in KNOWN_FIELDS
               and getattr(rules, f.name) != f.default]
    if changed:
        return (f"the compiled kernel does not play {rules.spec}: it does not know the rule "
                f"field{'s' if len(changed) > 1 else ''} {', '.join(changed)}")
    return None


def supports(rules: Ruleset) -> bool:
    """Whether the kernel plays ``rules`` (:func:`unsupported_reason` gives no reason).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> supports(ruleset("ultimate-lightning")), supports(ruleset("sci-fi-2013"))
        (True, True)
    """
    return unsupported_reason(rules) is None


class Tables:
    """A ruleset as the kernel's arrays: board tables, position-hash keys, parameters.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> int(tables(ruleset("barrage", max_plies=100)).params[_MAX_PLIES])
        100
    """

    def __init__(self, rules: Ruleset) -> None:
        geo = rules.geometry
        size = geo.size
        longest = max(geo.width, geo.height)
        # A variant's Scouts may move at most so many squares (read where the ruleset has it).
        scout_reach: int | None = getattr(rules, "scout_max_distance", None)
        self.neighbours = np.full((size, 4), -1, np.int64)
        self.neighbour_count = np.zeros(size, np.int64)
        self.rays = np.full((size, 4, longest), -1, np.int64)
        self.ray_length = np.zeros((size, 4), np.int64)
        for sq in range(size):
            for i, t in enumerate(geo.neighbours[sq]):
                self.neighbours[sq, i] = t
            self.neighbour_count[sq] = len(geo.neighbours[sq])
            for d, ray in enumerate(geo.rays[sq]):
                reach = len(ray) if scout_reach is None else min(len(ray), scout_reach)
                self.ray_length[sq, d] = reach
                self.rays[sq, d, :reach] = ray[:reach]
        # The engine's hash keys, read through Position.zkey: one piece of every owner and
        # kind (pids 1..26, off the board) shows the key of each (owner, kind, square).
        probe = Position(rules, {}, captured=[(o, k) for o in (0, 1) for k in range(13)])
        self.keys = np.array([probe.zkey(pid, sq) for pid in range(1, 27)
                              for sq in range(size)], np.int64)
        movable = probe.movable
        self.movable = np.array([k in movable for k in range(13)], np.bool_)
        self.outcomes = np.array(policies.strike_table(rules), np.int64)
        self.worth = np.array(policies.WORTH, np.int64)
        self.params = np.array([
            geo.width, rules.scout_move_and_strike, rules.two_square_limit,
            rules.two_square_scout == "path", rules.more_squares_rule, rules.silent_defense,
            rules.silent_defense_scout_exception, rules.captured_public,
            rules.winning_defender_moves_in, rules.max_plies or 0,
            rules.both_cannot_move == "draw", rules.captain_two_squares, rules.rescue,
            rules.rescue_limit, rules.rescue_same_piece_twice,
        ], np.int64)
        # What a Spotter may guess (the engine's order), and where each side's rescued pieces
        # may go (Rescue: the home rows or the half, rank by rank, lakes left out).
        self.guesses = np.array(rules.army_kinds, np.int64)
        areas = (rescue_area(probe, P.RED), rescue_area(probe, P.BLUE))
        self.area = np.full((2, max(len(areas[0]), len(areas[1]), 1)), -1, np.int64)
        self.area_length = np.array([len(areas[0]), len(areas[1])], np.int64)
        for player, squares in enumerate(areas):
            self.area[player, :len(squares)] = squares
        # Room for every legal move: one-square moves and Scout rays, a Captain's second step
        # (at most 8 squares), a Spotter's spots (5 stands, each guess), and a rescue of each
        # kind to each square of the area after each move onto the enemy back row (at most 3
        # one-square arrivals per back-row square, 8 per Captain).
        army = rules.army_size
        room = 4 * longest * army + 8
        if rules.captain_two_squares:
            room += 8 * army
        if rules.has_spotters:
            room += 5 * len(rules.army_kinds) * army
        if rules.rescue:
            arrivals = 3 * geo.width + (8 * army if rules.captain_two_squares else 0)
            room += arrivals * int(self.area.shape[1]) * 13
        self.moves_room = room


_TABLES: dict[Ruleset, Tables] = {}


def tables(rules: Ruleset) -> Tables:
    """The kernel's arrays for ``rules`` (made once per ruleset).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> tables(ruleset("original")) is tables(ruleset("original"))
        True
    """
    if rules not in _TABLES:
        _TABLES[rules] = Tables(rules)
    return _TABLES[rules]


def play_games(rules: Ruleset, starts: Sequence[Position], streams: Sequence[int], red: int,
               blue: int, record: bool) -> tuple[Any, Any]:
    """Play each start position (a position of ``rules`` with no plies played yet) to its end;
    ``streams`` are the SplitMix64 states, ``red`` and ``blue`` the policy numbers.

    Returns ``(results, moves)``: per game winner (0 Red, 1 Blue, -1 draw), termination
    number (:data:`TERMINATIONS`), plies and strikes; and the move codes played when
    ``record`` (-1 after the last), else an empty array.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> rules = ruleset("barrage", max_plies=40)
        >>> results, _ = play_games(rules, [Game.random(rules, seed=1).state], [5], 0, 0, False)
        >>> int(results[0, 2]) <= 40
        True
    """
    t = tables(rules)
    cap = int(t.params[_MAX_PLIES])
    games = len(starts)
    results = np.zeros((games, 4), np.int64)
    moves = np.full((games, cap if record else 0), -1, np.int64)
    if games:
        _play_all(np.array([start.board for start in starts], np.int64),
                  np.array([start.kind for start in starts], np.int64),
                  np.array([start.owner for start in starts], np.int64),
                  np.array([start.known for start in starts], np.bool_),
                  np.array([start.moved for start in starts], np.bool_),
                  np.array([start.to_move for start in starts], np.int64),
                  np.array([start.rescues.counts for start in starts], np.int64),
                  np.array(streams, np.uint64), np.array([red, blue], np.int64),
                  t.neighbours, t.neighbour_count, t.rays, t.ray_length, t.keys, t.movable,
                  t.outcomes, t.worth, t.params, t.guesses, t.area, t.area_length,
                  t.moves_room, record, results, moves)
    return results, moves


# ---------------------------------------------------------------------------------- kernel
# Chase state (the more-squares rule), one int64 array: active, chaser, evaded, the square
# the chaser came from, how many positions are stored, how many pieces are chased, the chased.
_ACTIVE, _CHASER, _EVADED, _CAME_FROM, _POSITIONS, _CHASED_COUNT, _CHASED = range(7)


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
    if rescues[p] >= params[_RESCUE_LIMIT]:
        return n
    kinds = 0  # a bit per kind of p's captured pieces that may be rescued (no Bombs)
    for pid in range(1, len(kind)):
        if owner[pid] == p and square[pid] < 0 and kind[pid] != P.BOMB:
            kinds |= 1 << kind[pid]
    if kinds == 0:
        return n
    size = len(board)
    twice = params[_RESCUE_TWICE] != 0
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
def _two_square(p, to_move, hist_code, hist_pid, nhist, square, width, limit, path,
                run_o, run_t, forbidden):  # pragma: no cover - compiled
    """(the square of p's last-moved piece, how many targets it may not go to), or (-1, 0)."""
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
def _chase_forbidden(p, chase, positions, board, owner, square, zbase, keys, h, nb, nbn,
                     forbidden):  # pragma: no cover - compiled
    if chase[_ACTIVE] == 0 or chase[_EVADED] == 0 or owner[chase[_CHASER]] != p:
        return -1, 0
    chaser = chase[_CHASER]
    chaser_sq = square[chaser]
    chased_sq = square[chase[_CHASED]]
    if chaser_sq < 0 or chased_sq < 0:
        return -1, 0
    base = h ^ keys[zbase[chaser] + chaser_sq]
    count = 0
    for j in range(nbn[chased_sq]):
        t = nb[chased_sq, j]
        if t == chase[_CAME_FROM] or board[t] != 0:
            continue
        key = base ^ keys[zbase[chaser] + t]
        for k in range(chase[_POSITIONS]):
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
def _legal(p, to_move, board, kind, owner, square, movable, nb, nbn, rays, raylen, params,
           guesses, area, area_length, rescues, rescuer, hist_code, hist_pid, nhist, chase,
           positions, zbase, keys, h, run_o, run_t, forbidden,
           out):  # pragma: no cover - compiled
    width = params[_WIDTH]
    n = _generate(p, board, kind, owner, square, movable, nb, nbn, rays, raylen,
                  params[_SCOUT_FAR] != 0, params[_CAPTAINS] != 0, guesses, width, out)
    if params[_RESCUE]:
        n = _rescues(p, n, out, board, kind, owner, square, rescues, rescuer, params, area,
                     area_length, width)
    origin, count = _two_square(p, to_move, hist_code, hist_pid, nhist, square, width,
                                params[_LIMIT], params[_PATH] != 0, run_o, run_t, forbidden)
    if count:
        n = _drop(out, n, origin, forbidden, count)
    if params[_TRACK]:
        origin, count = _chase_forbidden(p, chase, positions, board, owner, square, zbase,
                                         keys, h, nb, nbn, forbidden)
        if count:
            n = _drop(out, n, origin, forbidden, count)
    return n


@njit(cache=True)
def _reveals(origin, target, width, captains):  # pragma: no cover - compiled
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
def _play_all(boards, kinds, owners, knowns, moveds, movers, rescue_counts, streams, policy,
              nb, nbn, rays, raylen, keys, movable, outcomes, worth, params, guesses, area,
              area_length, room, record, results, moves):  # pragma: no cover
    size = boards.shape[1]
    pieces = kinds.shape[1]
    width = params[_WIDTH]
    cap = params[_MAX_PLIES]
    track = params[_TRACK] != 0
    mask = np.uint64(0xFFFFFFFFFFFFFFFF)
    golden = np.uint64(0x9E3779B97F4A7C15)
    board = np.zeros(size, np.int64)
    square = np.zeros(pieces, np.int64)
    moved = np.zeros(pieces, np.bool_)
    known = np.zeros(pieces, np.bool_)
    zbase = np.zeros(pieces, np.int64)
    rescues = np.zeros(2, np.int64)
    rescuer = np.zeros(pieces, np.bool_)
    hist_code = np.zeros(cap + 1, np.int64)
    hist_pid = np.zeros(cap + 1, np.int64)
    positions = np.zeros(cap + 1, np.int64)
    chase = np.zeros(_CHASED + 4, np.int64)
    out = np.zeros(room, np.int64)
    scores = np.zeros(room, np.int64)
    run_o = np.zeros(params[_LIMIT] + 1, np.int64)
    run_t = np.zeros(params[_LIMIT] + 1, np.int64)
    forbidden = np.zeros(max(width, size // width) + 4, np.int64)
    for g in range(boards.shape[0]):
        kind = kinds[g]
        owner = owners[g]
        square[:] = -1
        moved[:] = moveds[g]
        known[:] = knowns[g]
        h = 0
        for sq in range(size):
            c = boards[g, sq]
            board[sq] = c
            if c > 0:
                square[c] = sq
        for pid in range(1, pieces):
            zbase[pid] = (owner[pid] * 13 + kind[pid]) * size
            if track and square[pid] >= 0:
                h ^= keys[zbase[pid] + square[pid]]
        chase[_ACTIVE] = 0
        rescues[:] = rescue_counts[g]
        rescuer[:] = False
        state = streams[g]
        p = movers[g]
        nhist = 0
        strikes = 0
        winner = -1
        ending = 0
        while True:
            n = _legal(p, p, board, kind, owner, square, movable, nb, nbn, rays, raylen,
                       params, guesses, area, area_length, rescues, rescuer, hist_code,
                       hist_pid, nhist, chase, positions, zbase, keys, h, run_o, run_t,
                       forbidden, out)
            if n == 0:  # p cannot move: p loses (or a draw when neither can, if so ruled)
                ending = _NO_MOVABLE
                for pid in range(1, pieces):
                    if owner[pid] == p and square[pid] >= 0 and movable[kind[pid]]:
                        ending = _NO_MOVES
                        break
                winner = 1 - p
                other = _legal(1 - p, p, board, kind, owner, square, movable, nb, nbn, rays,
                               raylen, params, guesses, area, area_length, rescues, rescuer,
                               hist_code, hist_pid, nhist, chase, positions, zbase, keys, h,
                               run_o, run_t, forbidden, scores)
                if other == 0:
                    ending = _NEITHER
                    if params[_BOTH_DRAW]:
                        winner = -1
                break
            # SplitMix64, as policies.splitmix
            state = (state + golden) & mask
            z = state
            z = ((z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)) & mask
            z = ((z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)) & mask
            z = z ^ (z >> np.uint64(31))
            r = np.int64(z >> np.uint64(1))
            if policy[p] == policies.RANDOM:
                code = _random_pick(out, n, r)
            elif policy[p] == policies.HEURISTIC:
                code = _heuristic_pick(out, n, r, p, board, kind, owner, known, moved, width,
                                       outcomes, worth, scores)
            else:
                code = _beginner_pick(out, n, r, p, board, kind, owner, known, width,
                                      outcomes, worth, scores)
            if record:
                moves[g, nhist] = code
            # make the move
            origin = code & 127
            target = (code >> 7) & 127
            pid = board[origin]
            k = kind[pid]
            hist_code[nhist] = code
            hist_pid[nhist] = pid
            nhist += 1
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
                if not known[pid] and _reveals(origin, target, width, params[_CAPTAINS] != 0):
                    known[pid] = True
                if code >> 20:  # Rescue (Position._rescue): p's first captured piece of the kind
                    rescued = ((code >> 20) & 15) - 1
                    place = (code >> 24) & 127
                    for rpid in range(1, pieces):
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
                if k == P.FLAG and ((p == 0 and target >= size - width)
                                    or (p == 1 and target < width)):
                    winner, ending = p, _FLAG_REACHED
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
                        winner, ending = p, _FLAG_CAPTURED
            else:
                strikes += 1
                d = board[target]
                dk = kind[d]
                result = outcomes[k * 13 + dk]
                known[pid] = True
                silent = params[_SILENT] != 0 and not (
                    k == P.SCOUT and params[_SCOUT_EXCEPTION] != 0)
                if not silent or (result != 1 and params[_CAPTURED_PUBLIC] != 0):
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
                        winner, ending = p, _FLAG_CAPTURED
                elif result == 1:
                    square[pid] = -1
                    if params[_MOVES_IN] != 0 and dk != P.BOMB:
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
                if action != 0:
                    chase[_ACTIVE] = 0
                else:
                    going = False
                    if chase[_ACTIVE] != 0:
                        chaser = chase[_CHASER]
                        if chase[_EVADED] == 0 and owner[chaser] != p:
                            for j in range(chase[_CHASED_COUNT]):
                                if chase[_CHASED + j] == pid:
                                    chase[_CHASED] = pid
                                    chase[_CHASED_COUNT] = 1
                                    chase[_EVADED] = 1
                                    going = True
                                    break
                        elif chase[_EVADED] != 0 and pid == chaser:
                            chased_sq = square[chase[_CHASED]]
                            if chased_sq >= 0:
                                for j in range(nbn[target]):
                                    if nb[target, j] == chased_sq:
                                        positions[chase[_POSITIONS]] = h
                                        chase[_POSITIONS] += 1
                                        chase[_EVADED] = 0
                                        chase[_CAME_FROM] = origin
                                        going = True
                                        break
                    if not going:
                        count = 0
                        for j in range(nbn[target]):
                            c = board[nb[target, j]]
                            if c > 0 and owner[c] != p:
                                chase[_CHASED + count] = c
                                count += 1
                        if count:
                            chase[_ACTIVE] = 1
                            chase[_CHASER] = pid
                            chase[_EVADED] = 0
                            chase[_CAME_FROM] = origin
                            chase[_CHASED_COUNT] = count
                            chase[_POSITIONS] = 1
                            positions[0] = h
                        else:
                            chase[_ACTIVE] = 0
            p = 1 - p
            if ending:
                break
            if cap and nhist >= cap:
                winner, ending = -1, _PLY_LIMIT
                break
        results[g, 0] = winner
        results[g, 1] = ending
        results[g, 2] = nhist
        results[g, 3] = strikes
