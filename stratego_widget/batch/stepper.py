"""Many games held in arrays and stepped one agent move at a time in compiled code (numba).

The kernel (:mod:`stratego_widget.batch.kernel`) plays whole games with its built-in policies;
this module keeps each game's state between calls instead, so that an outside agent chooses
one side's moves: :class:`Boards` holds the games (the engine's position lists, one row per
game, with the history, the chase and the position hash the repetition rules need),
:meth:`Boards.advance` plays the agent's move in each game and then the other side's answer by
a batch policy, and lists the agent's legal moves again; :meth:`Boards.observe` writes what the
agent knows as planes, captured counts and the action mask. Move generation, the repetition
rules, the policies, making a move and the end of a game with no move left are the kernel's
own compiled functions, so both play the same games.

Only :mod:`stratego_widget.env.compiled` imports this module, and only when numba is installed.

Example:
    >>> from stratego_widget.batch.play import deal
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> boards = Boards(ruleset("barrage"), games=2, agent=0, policy=0, cap=100)
    >>> for g in range(2):
    ...     boards.load(g, deal(boards.rules, g + 1), stream=g)
    >>> boards.advance(np.array([-1, -1]), np.array([True, True]))
    >>> int(boards.legal_count[0]) == len(deal(boards.rules, 1).legal_codes())
    True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from ..engine.game import Game
from ..engine.rulesets import Ruleset
from .compiled_moves import apply_move, choose  # the kernel's compiled parts
from .compiled_rules import chase_forbidden, ending_without_moves, legal, two_square
from .deals import deal
from .kernel import tables
from .layout import CHASE_SIZE, KINDS, LIMIT, PATH, PLY_LIMIT, TRACK, WIDTH

__all__ = ["SCALARS", "Boards"]

#: The per-game numbers kept in :attr:`Boards.scalars`, by column.
SCALARS = ("plies", "hash", "winner", "ending", "to_move", "strikes")
_NHIST, _HASH, _WINNER, _ENDING, _TO_MOVE, _STRIKES = range(len(SCALARS))


class Boards:
    """``games`` games of ``rules`` as arrays, the agent playing ``agent`` (0 Red, 1 Blue), the
    other side the batch policy number ``policy`` (:data:`~stratego_widget.batch.policies.POLICIES`);
    a game reaching ``cap`` plies ends (ending ``ply-limit``). With ``agent`` -1 both sides
    are agents (self-play): :meth:`advance` plays the side to move's move and lists the legal
    moves of the side to move next, and no policy plays.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> Boards(ruleset("duel"), games=3, agent=1, policy=1, cap=50).board.shape
        (3, 100)
    """

    def __init__(self, rules: Ruleset, games: int, agent: int, policy: int, cap: int) -> None:
        self.rules = rules
        self.tables = tables(rules)
        self.agent = agent
        self.policy = policy
        self.cap = cap
        self.size = size = rules.geometry.size
        self.width = rules.width
        pieces = 2 * rules.army_size + 1
        self.board = np.zeros((games, size), np.int64)
        self.kind = np.zeros((games, pieces), np.int64)
        self.owner = np.zeros((games, pieces), np.int64)
        self.square = np.full((games, pieces), -1, np.int64)
        self.known = np.zeros((games, pieces), np.bool_)
        self.moved = np.zeros((games, pieces), np.bool_)
        self.zbase = np.zeros((games, pieces), np.int64)
        self.rescues = np.zeros((games, 2), np.int64)
        self.rescuer = np.zeros((games, pieces), np.bool_)
        self.hist_code = np.zeros((games, cap + 1), np.int64)
        self.hist_pid = np.zeros((games, cap + 1), np.int64)
        self.positions = np.zeros((games, cap + 1), np.int64)
        self.chase = np.zeros((games, CHASE_SIZE), np.int64)
        self.scalars = np.zeros((games, len(SCALARS)), np.int64)
        self.streams = np.zeros(games, np.uint64)
        room = self.tables.moves_room
        self.legal = np.zeros((games, room), np.int64)
        self.legal_count = np.zeros(games, np.int64)
        self.scratch = np.zeros(room, np.int64)
        self.scores = np.zeros(room, np.int64)
        self.run_o = np.zeros(int(self.tables.params[LIMIT]) + 1, np.int64)
        self.run_t = np.zeros(int(self.tables.params[LIMIT]) + 1, np.int64)
        self.forbidden = np.zeros(max(self.width, size // self.width) + 4, np.int64)

    @classmethod
    def dealt(cls, rules: Ruleset, setups: Sequence[int], agent: int = 0, policy: int = 0,
              cap: int = 10) -> Boards:
        """One game per setup seed, each the random deal of ``rules`` for that seed
        (:func:`~stratego_widget.batch.play.deal`, its policy stream the same number), the other
        side's first move played when it starts: ready for the agent's first move.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> boards = Boards.dealt(ruleset("barrage"), [3, 4], agent=1)
            >>> boards.scalars[:, 0].tolist(), bool(boards.legal_count.all())
            ([1, 1], True)
        """
        boards = cls(rules, len(setups), agent, policy, cap)
        for g, setup in enumerate(setups):
            boards.load(g, deal(rules, setup), stream=setup)
        boards.advance(np.full(len(setups), -1, np.int64), np.ones(len(setups), np.bool_))
        return boards

    def load(self, g: int, game: Game, stream: int) -> None:
        """Put ``game`` (a game of these rules with no ply played, at most the army's pieces)
        in row ``g``; ``stream`` is
        the SplitMix64 state of the other side's policy. Call :meth:`advance` with no move
        for the row next (the other side moves first when it is its turn).

        Example:
            >>> from stratego_widget.batch.play import deal
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> boards = Boards(ruleset("barrage"), games=1, agent=0, policy=0, cap=10)
            >>> boards.load(0, deal(boards.rules, 3), stream=1)
            >>> int((boards.board[0] > 0).sum())
            16
        """
        state = game.state
        track = bool(self.tables.params[TRACK])
        count = len(state.kind)  # fewer pieces than the army: the rest are no one's
        self.board[g] = state.board
        self.kind[g] = 0
        self.owner[g] = -1
        self.known[g] = False
        self.moved[g] = False
        self.kind[g, :count] = state.kind
        self.owner[g, :count] = state.owner
        self.known[g, :count] = state.known
        self.moved[g, :count] = state.moved
        self.rescues[g] = state.rescues.counts
        self.rescuer[g] = False
        self.square[g] = -1
        occupied = np.flatnonzero(self.board[g] > 0)
        self.square[g, self.board[g, occupied]] = occupied
        self.zbase[g] = (self.owner[g] * KINDS + self.kind[g]) * self.size
        h = 0
        if track:
            for pid in range(1, len(state.kind)):
                if self.square[g, pid] >= 0:
                    h ^= int(self.tables.keys[self.zbase[g, pid] + self.square[g, pid]])
        self.chase[g] = 0
        self.scalars[g] = (0, h, -1, 0, state.to_move, 0)
        self.streams[g] = np.uint64(stream)
        self.legal_count[g] = 0

    def advance(self, codes: np.ndarray, rows: np.ndarray) -> None:
        """In every game whose ``rows`` entry is true: play the agent's move ``codes[g]`` (none
        when it is -1), then the other side's answer when it is its turn, and list the agent's
        legal moves (:attr:`legal`, :attr:`legal_count`; none once the game is over).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> boards = Boards.dealt(ruleset("barrage"), [3])
            >>> boards.advance(boards.legal[:, 0].copy(), np.array([True]))
            >>> int(boards.scalars[0, 0])
            2
        """
        t = self.tables
        _advance_all(codes.astype(np.int64), rows.astype(np.bool_), self.agent, self.policy,
                     self.cap, self.board, self.kind, self.owner, self.square, self.known,
                     self.moved, self.zbase, self.rescues, self.rescuer, self.hist_code,
                     self.hist_pid, self.positions, self.chase, self.scalars, self.streams,
                     self.legal, self.legal_count, self.scratch, self.scores, self.run_o,
                     self.run_t, self.forbidden, t.neighbours, t.neighbour_count, t.rays,
                     t.ray_length, t.keys, t.movable, t.outcomes, t.worth, t.params, t.guesses,
                     t.area, t.area_length)

    def codes_of(self, actions: np.ndarray, rows: np.ndarray, layout: np.ndarray) -> np.ndarray:
        """The agent's move code for each action index, -1 where it is not legal. ``layout``
        holds the action layout's numbers
        (:meth:`ActionLayout.codec_for <stratego_widget.env.actions.ActionLayout.codec_for>`:
        width, squares, compact 0/1, reach, turn base, spot base, turned 0/1).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> boards = Boards.dealt(ruleset("barrage"), [3])
            >>> flat = np.array([10, 100, 0, 9, 10_000, 10_000, 0])
            >>> boards.codes_of(np.array([0]), np.array([True]), flat).tolist()
            [-1]
        """
        out = np.full(len(actions), -1, np.int64)
        _codes_of(actions.astype(np.int64), rows.astype(np.bool_), self.legal,
                  self.legal_count, layout.astype(np.int64), out)
        return out

    def actions_at(self, picks: np.ndarray, layout: np.ndarray) -> np.ndarray:
        """The action index (``layout`` as in :meth:`codes_of`) of the agent's legal move
        number ``picks[g]`` in each game (0 where the game has no legal move).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> boards = Boards.dealt(ruleset("barrage"), [3])
            >>> compact = np.array([10, 100, 1, 9, 3600, 3600, 0])
            >>> action = int(boards.actions_at(np.array([0]), compact)[0])
            >>> boards.codes_of(np.array([action]), np.array([True]), compact)[0] >= 0
            np.True_
        """
        out = np.zeros(len(picks), np.int64)
        _actions_at(picks.astype(np.int64), self.legal, self.legal_count,
                    layout.astype(np.int64), out)
        return out

    def legal_actions(self, layout: np.ndarray, out: np.ndarray,
                      players: np.ndarray | None = None) -> None:
        """Write each game's legal action indices (``layout`` as in :meth:`codes_of`) into the
        rows of ``out``, padded with -1 (at most ``out``'s width of them). With ``players``
        (the player to move in each game, self-play), ``layout`` holds one row per player.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> boards = Boards.dealt(ruleset("barrage"), [3])
            >>> out = np.zeros((1, 100), np.int64)
            >>> boards.legal_actions(np.array([10, 100, 1, 9, 3600, 3600, 0]), out)
            >>> int((out[0] >= 0).sum()) == int(boards.legal_count[0])
            True
        """
        if players is None:
            players = np.zeros(len(self.board), np.int64)
            layout = layout[None]
        _legal_actions(self.legal, self.legal_count, layout.astype(np.int64),
                       players.astype(np.int64), out)

    def observe(self, channels: np.ndarray, base: np.ndarray, last: int, layout: np.ndarray,
                planes: np.ndarray, captured: np.ndarray, mask: np.ndarray,
                players: np.ndarray | None = None) -> None:
        """Write the agent's observation of every game into ``planes`` (``(games, C, height,
        width)``, starting from the constant planes ``base``), ``captured`` (``(games, 2, 14)``)
        and ``mask`` (``(games, actions)``, ``layout`` as in :meth:`codes_of`). ``channels`` gives the plane numbers of: own
        Flag, enemy Flag (the 13 kinds follow each), enemy unknown moved, enemy unknown
        unmoved, own moved, own known to the enemy, the first of ``last`` pairs of last-move
        planes (from, to), and the two-square and chasing planes (piece, target each).
        Every square is drawn in the observer's frame (turned when the layout's turned number
        is 1; ``base`` drawn in that frame too). ``players`` names the observer of each game
        instead (0 Red, 1 Blue; self-play), with ``base`` and ``layout`` then given per player
        (``(2, C, height, width)``, ``(2, 7)``); the mask and the refused planes are the
        observer's only when it is to move.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> boards = Boards.dealt(ruleset("barrage"), [3])
            >>> planes = np.zeros((1, 40, 10, 10), np.float32)
            >>> captured = np.zeros((1, 2, 14), np.float32)
            >>> mask = np.zeros((1, 20_000), np.int8)
            >>> channels = np.array([0, 13, 26, 27, 28, 29, 30, 38, 39, 40, 41])
            >>> flat = np.array([10, 100, 0, 9, 10_000, 10_000, 0])
            >>> boards.observe(channels, planes[0], 4, flat, planes, captured, mask)
            >>> int(planes[0, 27].sum()), int(mask.sum()) == int(boards.legal_count[0])
            (8, True)
            >>> boards.observe(channels, np.stack([planes[0]] * 2), 4, np.stack([flat] * 2),
            ...                planes, captured, mask, players=np.array([1]))
            >>> int(mask.sum())
            0
        """
        t = self.tables
        if players is None:
            players = np.full(len(self.board), self.agent, np.int64)
            base, layout = np.stack([base, base]), np.stack([layout, layout])
        _observe_all(players.astype(np.int64), channels.astype(np.int64), base, last,
                     layout.astype(np.int64), self.board,
                     self.kind, self.owner, self.square, self.known, self.moved, self.zbase,
                     self.hist_code, self.hist_pid, self.positions, self.chase, self.scalars,
                     self.legal, self.legal_count, self.run_o, self.run_t, self.forbidden,
                     t.neighbours, t.neighbour_count, t.keys, t.params, planes, captured, mask)

    def moves(self, g: int) -> list[int]:
        """The move codes played so far in game ``g`` (both sides).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Boards(ruleset("duel"), games=1, agent=0, policy=0, cap=10).moves(0)
            []
        """
        return [int(code) for code in self.hist_code[g, :int(self.scalars[g, _NHIST])]]


# ------------------------------------------------------------------------------ compiled
@njit(cache=True)
def _play(code, p, cap, sc, board, kind, owner, square, known, moved, zbase, rescues, rescuer,
          hist_code, hist_pid, chase, positions, keys, outcomes, params, nb,
          nbn):  # pragma: no cover - compiled
    """Make move ``code`` of player ``p`` and keep the game's numbers ``sc`` (a game reaching
    ``cap`` plies ends)."""
    h, winner, ending, strike = apply_move(code, p, board, kind, owner, square, known, moved,
                                           zbase, rescues, rescuer, hist_code, hist_pid,
                                           sc[_NHIST], chase, positions, sc[_HASH], keys,
                                           outcomes, params, nb, nbn)
    sc[_NHIST] += 1
    sc[_HASH] = h
    sc[_TO_MOVE] = 1 - p
    if strike:
        sc[_STRIKES] += 1
    if ending == 0 and sc[_NHIST] >= cap:
        winner, ending = -1, PLY_LIMIT
    if ending:
        sc[_WINNER] = winner
        sc[_ENDING] = ending


@njit(cache=True)
def _turn(p, sc, board, kind, owner, square, rescues, rescuer, hist_code, hist_pid, chase,
          positions, zbase, run_o, run_t, forbidden, out, spare, nb, nbn, rays, raylen, keys,
          movable, params, guesses, area, area_length):  # pragma: no cover - compiled
    """The legal moves of ``p`` (to move) into ``out``, their number; with none, the game
    ends as the kernel ends it (``p`` loses, or neither can move)."""
    n = legal(p, p, board, kind, owner, square, movable, nb, nbn, rays, raylen, params, guesses,
              area, area_length, rescues, rescuer, hist_code, hist_pid, sc[_NHIST], chase,
              positions, zbase, keys, sc[_HASH], run_o, run_t, forbidden, out)
    if n == 0:
        sc[_WINNER], sc[_ENDING] = ending_without_moves(
            p, board, kind, owner, square, movable, nb, nbn, rays, raylen, params, guesses,
            area, area_length, rescues, rescuer, hist_code, hist_pid, sc[_NHIST], chase,
            positions, zbase, keys, sc[_HASH], run_o, run_t, forbidden, spare)
    return n


@njit(cache=True)
def _advance_all(codes, rows, agent, policy, cap, boards, kinds, owners, squares, knowns,
                 moveds, zbases, rescues, rescuers, hist_codes, hist_pids, positionss, chases,
                 scalars, streams, legal, legal_count, scratch, scores, run_o, run_t,
                 forbidden, nb, nbn, rays, raylen, keys, movable, outcomes, worth, params,
                 guesses, area, area_length):  # pragma: no cover - compiled
    width = params[WIDTH]
    for g in range(len(codes)):
        if not rows[g]:
            continue
        sc = scalars[g]
        board, kind, owner, square = boards[g], kinds[g], owners[g], squares[g]
        known, moved, zbase = knowns[g], moveds[g], zbases[g]
        rescue, rescuer = rescues[g], rescuers[g]
        hist_code, hist_pid, positions, chase = hist_codes[g], hist_pids[g], positionss[g], \
            chases[g]
        legal_count[g] = 0
        if sc[_ENDING] != 0:
            continue
        if codes[g] >= 0:  # the agent's move (the side to move's, in self-play)
            _play(codes[g], sc[_TO_MOVE], cap, sc, board, kind, owner, square, known, moved,
                  zbase, rescue, rescuer, hist_code, hist_pid, chase, positions, keys, outcomes,
                  params, nb, nbn)
        if agent >= 0 and sc[_ENDING] == 0 and sc[_TO_MOVE] != agent:
            p = 1 - agent
            n = _turn(p, sc, board, kind, owner, square, rescue, rescuer, hist_code, hist_pid,
                      chase, positions, zbase, run_o, run_t, forbidden, scratch, scores, nb,
                      nbn, rays, raylen, keys, movable, params, guesses, area, area_length)
            if n:
                code, streams[g] = choose(policy, streams[g], scratch, n, p, board, kind, owner,
                                          known, moved, width, outcomes, worth, scores)
                _play(code, p, cap, sc, board, kind, owner, square, known, moved, zbase, rescue,
                      rescuer, hist_code, hist_pid, chase, positions, keys, outcomes, params, nb,
                      nbn)
        if sc[_ENDING] == 0:
            n = _turn(sc[_TO_MOVE], sc, board, kind, owner, square, rescue, rescuer, hist_code,
                      hist_pid, chase, positions, zbase, run_o, run_t, forbidden, legal[g],
                      scores, nb, nbn, rays, raylen, keys, movable, params, guesses, area,
                      area_length)
            legal_count[g] = n


@njit(cache=True)
def _action(code, lay):  # pragma: no cover - compiled
    """The action index of a move code in the layout ``lay``
    (``ActionLayout.codec_for``: width, squares, compact, reach, turn base, spot base, turned),
    as ``ActionLayout.encode`` gives it."""
    width, size = lay[0], lay[1]
    origin = code & 127
    target = (code >> 7) & 127
    if lay[6]:
        origin, target = size - 1 - origin, size - 1 - target
    if (code >> 14) & 3 == 2:
        step = target - origin
        d = 0
        if step == width:
            d = 1
        elif step == 1:
            d = 2
        elif step == -1:
            d = 3
        elif step == -width:
            d = 4
        return lay[5] + (origin * 5 + d) * KINDS + ((code >> 16) & 15)
    if lay[2] == 0:
        return origin * size + target
    df = target % width - origin % width
    dr = target // width - origin // width
    if df == 0 or dr == 0:
        distance = abs(df) + abs(dr)
        direction = 0 if dr > 0 else 1 if df > 0 else 2 if df < 0 else 3
        return (origin * 4 + direction) * lay[3] + distance - 1
    diagonal = (0 if df > 0 else 1) if dr > 0 else (2 if df > 0 else 3)
    return lay[4] + origin * 4 + diagonal


@njit(cache=True)
def _actions_at(picks, legal, legal_count, lay, out):  # pragma: no cover - compiled
    for g in range(len(picks)):
        if legal_count[g]:
            out[g] = _action(legal[g, picks[g]], lay)


@njit(cache=True)
def _legal_actions(legal, legal_count, lays, players, out):  # pragma: no cover - compiled
    for g in range(len(legal_count)):
        out[g] = -1
        lay = lays[players[g]]
        for i in range(min(legal_count[g], out.shape[1])):
            out[g, i] = _action(legal[g, i], lay)


@njit(cache=True)
def _codes_of(actions, rows, legal, legal_count, lay, out):  # pragma: no cover - compiled
    for g in range(len(actions)):
        if not rows[g]:
            continue
        for i in range(legal_count[g]):
            if _action(legal[g, i], lay) == actions[g]:
                out[g] = legal[g, i]
                break


@njit(cache=True)
def _observe_all(players, channels, bases, last, lays, boards, kinds, owners, squares, knowns,
                 moveds, zbases, hist_codes, hist_pids, positionss, chases, scalars, legal,
                 legal_count, run_o, run_t, forbidden, nb, nbn, keys, params, planes, captured,
                 mask):  # pragma: no cover - compiled
    own, enemy, unknown_moved, unknown_unmoved, own_moved, own_known, last_from = (
        channels[0], channels[1], channels[2], channels[3], channels[4], channels[5],
        channels[6])
    width = params[WIDTH]
    size = boards.shape[1]
    for g in range(boards.shape[0]):
        board, kind, owner, known, moved = boards[g], kinds[g], owners[g], knowns[g], moveds[g]
        sc = scalars[g]
        agent = players[g]
        lay = lays[agent]
        flip = size - 1 if lay[6] else 0  # the square in the observer's frame: |flip - sq|
        out = planes[g]
        out[:] = bases[agent]
        captured[g] = 0.0
        for sq in range(len(board)):
            pid = board[sq]
            if pid <= 0:
                continue
            r, c = abs(flip - sq) // width, abs(flip - sq) % width
            if owner[pid] == agent:
                out[own + kind[pid], r, c] = 1.0
                out[own_moved, r, c] = 1.0 if moved[pid] else 0.0
                out[own_known, r, c] = 1.0 if known[pid] else 0.0
            elif known[pid]:
                out[enemy + kind[pid], r, c] = 1.0
            elif moved[pid]:
                out[unknown_moved, r, c] = 1.0
            else:
                out[unknown_unmoved, r, c] = 1.0
        for pid in range(1, len(kind)):
            if squares[g, pid] >= 0 or owner[pid] < 0:
                continue
            if owner[pid] == agent:
                captured[g, 0, kind[pid]] += 1.0
            elif known[pid]:
                captured[g, 1, kind[pid]] += 1.0
            else:
                captured[g, 1, KINDS] += 1.0
        nhist = sc[_NHIST]
        for i in range(min(last, nhist)):
            code = hist_codes[g, nhist - 1 - i]
            for e in range(2):
                sq = abs(flip - ((code >> (7 * e)) & 127))
                out[last_from + 2 * i + e, sq // width, sq % width] = 1.0
        mask[g] = 0
        if sc[_ENDING] != 0 or sc[_TO_MOVE] != agent:
            continue
        origin, count = two_square(agent, agent, hist_codes[g], hist_pids[g], nhist,
                                   squares[g], width, params[LIMIT], params[PATH] != 0, run_o,
                                   run_t, forbidden)
        for rule in range(2):
            if rule == 1:
                if params[TRACK] == 0:
                    break
                origin, count = chase_forbidden(agent, chases[g], positionss[g], board, owner,
                                                squares[g], zbases[g], keys, sc[_HASH], nb,
                                                nbn, forbidden)
            if count:
                origin = abs(flip - origin)
                out[channels[7 + 2 * rule], origin // width, origin % width] = 1.0
                for j in range(count):
                    t = abs(flip - forbidden[j])
                    out[channels[8 + 2 * rule], t // width, t % width] = 1.0
        for i in range(legal_count[g]):
            mask[g, _action(legal[g, i], lay)] = 1
