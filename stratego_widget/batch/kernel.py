"""The compiled batch kernel: whole games in machine code (numba), the engine's rules to the
letter.

Only :mod:`stratego_widget.batch.backend` loads this module, and only when numba is installed.
This module holds what the kernel plays (:func:`unsupported_reason`), its tables and the game
loop; its compiled parts are in :mod:`.compiled_rules` (:func:`legal`, :func:`two_square`,
:func:`chase_forbidden`, :func:`ending_without_moves`) and :mod:`.compiled_moves`
(:func:`choose`, :func:`apply_move`), which the step-by-step :mod:`stratego_widget.batch.stepper`
shares; the index constants of the arrays are in :mod:`stratego_widget.batch.layout`. It reads a game as flat arrays (the engine's own position lists: pieces by id in the engine's
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
from .compiled_moves import apply_move, choose
from .compiled_rules import chase_forbidden, ending_without_moves, legal, two_square
from .layout import (
    ACTIVE,
    CHASE_SIZE,
    LIMIT,
    MAX_PLIES,
    PLY_LIMIT,
    TERMINATIONS,
    TRACK,
    WIDTH,
)

__all__ = ["KNOWN_FIELDS", "TERMINATIONS", "Tables", "apply_move", "chase_forbidden", "choose",
           "ending_without_moves", "legal", "play_games", "supports", "tables", "two_square",
           "unsupported_reason"]

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


# No reference counting in the game loop (numba's ``_nrt=False``): the shared parts inlined
# into it (apply_move, choose) would otherwise count references to each array they take,
# every ply. The loop allocates nothing; play_games hands it its arrays (_scratch).
@njit(cache=True, _nrt=False)
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
