"""The compiled batch kernel: whole games in machine code (numba), the engine's rules to the
letter.

Only :mod:`stratego_widget.batch.play` and the step-by-step
:mod:`stratego_widget.batch.stepper` import this module, and only when numba is installed.
The stepper builds on the kernel's compiled parts (:func:`legal`, :func:`two_square`,
:func:`chase_forbidden`, :func:`choose`, :func:`apply_move`, :func:`ending_without_moves`);
the index constants of the arrays are in :mod:`stratego_widget.batch.layout`. It reads a game as flat arrays (the engine's own position lists: pieces by id in the engine's
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
from .layout import (
    ACTIVE,
    BOTH_DRAW,
    CAME_FROM,
    CAPTAINS,
    CAPTURED_PUBLIC,
    CHASE_SIZE,
    CHASED,
    CHASED_COUNT,
    CHASER,
    EVADED,
    FLAG_CAPTURED,
    FLAG_REACHED,
    LIMIT,
    MAX_PLIES,
    MOVES_IN,
    NEITHER,
    NO_MOVABLE,
    NO_MOVES,
    PATH,
    PLY_LIMIT,
    POSITIONS,
    RESCUE,
    RESCUE_LIMIT,
    RESCUE_TWICE,
    SCOUT_EXCEPTION,
    SCOUT_FAR,
    SILENT,
    TERMINATIONS,
    TRACK,
    WIDTH,
)

__all__ = ["KNOWN_FIELDS", "TERMINATIONS", "Tables", "apply_move", "chase_forbidden", "choose",
           "ending_without_moves", "legal", "play_games", "supports", "tables", "two_square",
           "unsupported_reason"]

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
        >>> int(tables(ruleset("barrage", max_plies=100)).params[MAX_PLIES])
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
    cap = int(t.params[MAX_PLIES])
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
                  t.outcomes, t.worth, t.params, t.guesses, t.area, t.area_length, record,
                  results, moves, *_scratch(t, starts[0]))
    return results, moves


def _scratch(t: Tables, start: Position) -> tuple[Any, ...]:
    """The arrays one game is played in (the game loop allocates nothing)."""
    size, pieces, cap = len(start.board), len(start.kind), int(t.params[MAX_PLIES])
    width, limit = int(t.params[WIDTH]), int(t.params[LIMIT])
    return (np.zeros(size, np.int64), np.zeros(pieces, np.int64), np.zeros(pieces, np.bool_),
            np.zeros(pieces, np.bool_), np.zeros(pieces, np.int64), np.zeros(2, np.int64),
            np.zeros(pieces, np.bool_), np.zeros(cap + 1, np.int64),
            np.zeros(cap + 1, np.int64), np.zeros(cap + 1, np.int64),
            np.zeros(CHASE_SIZE, np.int64), np.zeros(t.moves_room, np.int64),
            np.zeros(t.moves_room, np.int64), np.zeros(limit + 1, np.int64),
            np.zeros(limit + 1, np.int64), np.zeros(max(width, size // width) + 4, np.int64))


# ---------------------------------------------------------------------------------- kernel
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
        if not known[pid] and _reveals(origin, target, width, params[CAPTAINS] != 0):
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


# No reference counting in the game loop (numba's ``_nrt=False``): the shared parts inlined
# into it (apply_move, choose) would otherwise count references to each array they take,
# every ply. The loop allocates nothing; play_games hands it its arrays (_scratch).
@njit(cache=True, _nrt=False)  # type: ignore[call-overload]
def _play_all(boards, kinds, owners, knowns, moveds, movers, rescue_counts, streams, policy,
              nb, nbn, rays, raylen, keys, movable, outcomes, worth, params, guesses, area,
              area_length, record, results, moves, board, square, moved, known, zbase, rescues,
              rescuer, hist_code, hist_pid, positions, chase, out, scores, run_o, run_t,
              forbidden):  # pragma: no cover
    size = boards.shape[1]
    pieces = kinds.shape[1]
    width = params[WIDTH]
    cap = params[MAX_PLIES]
    track = params[TRACK] != 0
    for g in range(boards.shape[0]):
        kind = kinds[g]
        owner = owners[g]
        for pid in range(pieces):  # copied one by one: this loop allocates nothing
            square[pid] = -1
            moved[pid] = moveds[g, pid]
            known[pid] = knowns[g, pid]
            rescuer[pid] = False
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
        chase[ACTIVE] = 0
        rescues[0], rescues[1] = rescue_counts[g, 0], rescue_counts[g, 1]
        state = streams[g]
        p = movers[g]
        nhist = 0
        strikes = 0
        winner = -1
        ending = 0
        while True:
            n = legal(p, p, board, kind, owner, square, movable, nb, nbn, rays, raylen, params,
                      guesses, area, area_length, rescues, rescuer, hist_code, hist_pid, nhist,
                      chase, positions, zbase, keys, h, run_o, run_t, forbidden, out)
            if n == 0:  # p cannot move: p loses (or a draw when neither can, if so ruled)
                winner, ending = ending_without_moves(
                    p, board, kind, owner, square, movable, nb, nbn, rays, raylen, params,
                    guesses, area, area_length, rescues, rescuer, hist_code, hist_pid, nhist,
                    chase, positions, zbase, keys, h, run_o, run_t, forbidden, scores)
                break
            code, state = choose(policy[p], state, out, n, p, board, kind, owner, known, moved,
                                 width, outcomes, worth, scores)
            if record:
                moves[g, nhist] = code
            h, winner, ending, strike = apply_move(
                code, p, board, kind, owner, square, known, moved, zbase, rescues, rescuer,
                hist_code, hist_pid, nhist, chase, positions, h, keys, outcomes, params, nb, nbn)
            nhist += 1
            if strike:
                strikes += 1
            p = 1 - p
            if ending:
                break
            if cap and nhist >= cap:
                winner, ending = -1, PLY_LIMIT
                break
        results[g, 0] = winner
        results[g, 1] = ending
        results[g, 2] = nhist
        results[g, 3] = strikes
