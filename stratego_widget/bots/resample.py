"""Search over hidden information: a whole game resampled from what one player saw.

:func:`resample_from_infostate` returns a new engine game with the same history as the given
one (every ply replayed, the same strikes with the same results), in which the ranks of the
opponent's pieces that ``player`` was never shown are drawn again. Every draw agrees with all
that ``player`` saw: ranks shown by strikes, spots, rescues and long Scout moves stay; a piece
that moved is not a Bomb or the Flag (unless the ruleset lets them move); a piece that moved
two squares or more is a Scout (or, where Captains move two squares, a Scout or a Captain); a
piece struck under Silent Defense has a rank that gives the strike the result it had; and the
ranks drawn are exactly the ranks not accounted for (the army less the ranks shown, captured
pieces included). :class:`~stratego_widget.bots.belief.Belief` proposes the ranks of the
hidden pieces on the board (with its setup sense: the Flag at the back, Bombs around it);
the rules above decide.

This is what information-set search (IS-MCTS) and determinization need: a world the player
cannot tell from the real one, in which play goes on by the rules.

Example:
    >>> import random
    >>> from stratego_widget.engine.game import Game
    >>> game = Game.random("duel", seed=4)
    >>> for _ in range(30):
    ...     _ = game.play(game.legal_moves()[0]) if not game.is_over else None
    >>> world = resample_from_infostate(game, "red", random.Random(1))
    >>> world.moves == game.moves, world.observation("red") == game.observation("red")
    (True, True)
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine import pieces as P
from ..engine.combat import strike_outcome
from ..engine.errors import StrategoError
from ..engine.game import Game
from ..engine.moves import MOVE, PASS_CODE, STRIKE, action_of, origin_of, target_of
from ..engine.position import Position
from .belief import Belief

__all__ = ["ResampleError", "allowed_kinds", "resample_from_infostate", "start_of"]

# Belief's proposals tried before the constraint search draws the ranks itself, and replays
# tried before giving up (a replay fails only where a repetition rule reads two same-rank
# pieces that the draw told apart).
_PROPOSALS = 8
_REPLAYS = 32
# Steps of one backtracking search before it gives up (the next attempt draws again).
_SEARCH_STEPS = 4000
_ANY = range(P.FLAG, P.MARSHAL + 2)  # longer than any limit: unlimited pieces come last


class ResampleError(StrategoError):
    """No world agrees with what the player saw (a game no rules could reach)."""

    def __init__(self, message: str) -> None:
        super().__init__("resample", message)


def start_of(game: Game) -> Position:
    """The game's starting position with its flags (every ply taken back on a copy).

    Example:
        >>> game = Game.random("duel", seed=1)
        >>> _ = game.play(game.legal_moves()[0])
        >>> start_of(game).ply, game.ply
        (0, 1)
    """
    start = game.state.copy()
    while start.history:
        start.unmake()
    return start


def allowed_kinds(game: Game, player: str) -> dict[int, frozenset[int] | None]:
    """For every piece of ``player``'s opponent whose rank ``player`` was never shown (by
    piece id), the kinds it may have judging by its moves and strikes, or ``None`` for any.

    Example:
        >>> game = Game.from_pieces("original", {"a1": "red flag", "b2": "red scout",
        ...     "j10": "blue flag", "j8": "blue major"}, to_move="blue")
        >>> _ = game.play("j8-j7")
        >>> kinds = allowed_kinds(game, "red")
        >>> sorted(kinds[game.state.board[game.rules.geometry.index("j7")]]) == list(
        ...     range(P.SPY, P.MARSHAL + 1))
        True
    """
    position = game.state
    rules = game.rules
    enemy = 1 - P.player_from_name(player)
    movable = position.movable
    two_square = frozenset({P.SCOUT, P.CAPTAIN} if rules.captain_two_squares else {P.SCOUT})
    limits: dict[int, frozenset[int] | None] = {
        pid: (movable if position.moved[pid] else None)
        for pid in position.pieces[enemy] if not position.known[pid]}
    width = position.width

    def narrow(pid: int, kinds: frozenset[int]) -> None:
        if pid in limits:
            current = limits[pid]
            limits[pid] = kinds if current is None else current & kinds

    for entry in position.history:
        code = entry.code
        if code == PASS_CODE:
            continue
        if entry.pid in limits:
            narrow(entry.pid, movable)
            if action_of(code) == MOVE:
                origin, target = origin_of(code), target_of(code)
                if abs(origin % width - target % width) + abs(origin // width
                                                               - target // width) > 1:
                    narrow(entry.pid, two_square)
        if action_of(code) == STRIKE and entry.defender in limits:
            attacker = position.kind[entry.pid]
            narrow(entry.defender, frozenset(
                k for k in range(P.FLAG, P.MARSHAL + 1)
                if strike_outcome(attacker, k, rules) == entry.strike))
    return limits


def resample_from_infostate(game: Game, player: str, rng: random.Random) -> Game:
    """A new game with ``game``'s history in which the ranks ``player`` never saw are drawn
    again, consistently with everything ``player`` saw (see the module docstring).

    ``player``'s observation of the new game equals their observation of ``game`` after every
    ply; the opponent's does not (its hidden truth changed). ``game`` itself is not changed.

    Example:
        >>> game = Game.random("barrage", seed=2)
        >>> world = resample_from_infostate(game, "blue", random.Random(3))
        >>> world.observation("blue") == game.observation("blue"), world is game
        (True, False)
        >>> sorted(world.pieces().values()) == sorted(game.pieces().values())
        True
    """
    P.player_from_name(player)
    limits = allowed_kinds(game, player)
    position = game.state
    pool = Counter(position.kind[pid] for pid in limits)
    belief = Belief(game.observation(player, history=False), game.rules)
    start = start_of(game)
    for attempt in range(_REPLAYS):
        kinds = _propose(belief, position, limits, pool, rng) if attempt < _PROPOSALS else None
        if kinds is None:
            kinds = _search(limits, pool, rng)
        if kinds is None:
            continue
        world = _replay(game, start, kinds)
        if world is not None:
            return world
    raise ResampleError(f"No arrangement of the hidden ranks agrees with what {player} saw.")


def _propose(belief: Belief, position: Position, limits: dict[int, frozenset[int] | None],
             pool: Counter[int], rng: random.Random) -> dict[int, int] | None:
    """Belief's guess at the hidden pieces on the board, the captured hidden pieces drawn from
    what is left; ``None`` unless it keeps every limit and the counts."""
    on_board = belief.sample_kinds(rng)
    kinds = {position.board[sq]: kind for sq, kind in on_board.items()}
    left = pool - Counter(kinds.values())
    if set(kinds) - set(limits) or any(
            (allowed := limits[pid]) is not None and kind not in allowed
            for pid, kind in kinds.items()):
        return None
    rest = _search({pid: limits[pid] for pid in limits if pid not in kinds}, left, rng)
    if rest is None:
        return None
    kinds.update(rest)
    return kinds if Counter(kinds.values()) == pool else None


def _search(limits: dict[int, frozenset[int] | None], pool: Counter[int],
             rng: random.Random) -> dict[int, int] | None:
    """Ranks for every piece of ``limits`` from ``pool`` (each used as often as it counts),
    each within its piece's limit, drawn at random, the most limited pieces first, with
    backtracking (a bounded number of steps); ``None`` if none fit."""
    order = sorted(limits, key=lambda pid: (len(limits[pid] or _ANY), rng.random()))
    left = Counter(pool)
    chosen: dict[int, int] = {}
    budget = [_SEARCH_STEPS]

    def fill(index: int) -> bool:
        if index == len(order):
            return True
        pid = order[index]
        allowed = limits[pid]
        options = [kind for kind, count in left.items()
                   if count > 0 and (allowed is None or kind in allowed)]
        options.sort(key=lambda kind: -left[kind] * rng.random())
        for kind in options:
            budget[0] -= 1
            if budget[0] < 0:
                return False
            left[kind] -= 1
            chosen[pid] = kind
            if fill(index + 1):
                return True
            left[kind] += 1
        chosen.pop(pid, None)
        return False

    if sum(pool.values()) != len(order) or not fill(0):
        return None
    return chosen


def _replay(game: Game, start: Position, kinds: dict[int, int]) -> Game | None:
    """``game``'s plies replayed from ``start`` with the ranks of ``kinds`` (by piece id);
    ``None`` if a ply is not legal there or a strike ends otherwise."""
    board, owner, kind_of = start.board, start.owner, start.kind
    placement = {sq: (owner[pid], kinds.get(pid, kind_of[pid]), start.moved[pid],
                      start.known[pid])
                 for sq, pid in enumerate(board) if pid > 0}
    captured = [(owner[pid], kinds.get(pid, kind_of[pid]), start.known[pid])
                for pid in range(1, len(kind_of)) if start.square[pid] < 0]
    position = Position(game.rules, placement, start.to_move, captured,
                        start_ply=start.start_ply, rescue_counts=start.rescues.counts)
    if [(o, s) for o, _k, s in position.initial] != [(o, s) for o, _k, s in start.initial]:
        return None  # pragma: no cover - the pieces are numbered as in the game
    world = Game.from_state(position)
    for entry in game.history:
        if entry.code == PASS_CODE:
            world.pass_turn()
            continue
        if entry.code not in world.legal_codes():
            return None
        world.play_code(entry.code)
        if world.history[-1].strike != entry.strike:
            return None
    outcome = game.outcome
    if outcome is not None and not world.is_over:
        world.end(outcome)
    return world
