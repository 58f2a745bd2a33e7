"""The strong level: a search over samples of what the bot cannot see.

For each move :class:`StrongBot` draws ``samples`` complete positions from its observation
(:class:`~stratego_widget.bots.belief.Belief`: every hidden rank guessed so that it agrees
with everything shown). In each sample it plays every legal move on the engine's kernel and
answers with a short tactical search: the opponent's best strike or spot in reply (or none),
and its own best recapture, scored by the worth of the pieces won and lost and by the end of
the game (an enemy strike next to the own Flag counts as a loss of its own). A move's score is
its average over the samples plus a positional term that does not depend on the guesses: step
closer, along empty squares, to the nearest enemy piece worth striking, and sooner to one near
the own Flag; do not undo the last move; do not show a strong piece for a small gain; leave
pieces that never moved (perhaps Bombs) to Miners and cheap pieces. The budget is a number of
samples, not a time, so a seed gives the same game on any machine.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> game = Game.from_pieces("original", {"e4": "red major", "a1": "red flag",
    ...     "e5": "blue captain", "j10": "blue flag", "j9": "blue bomb"}, revealed=["e5"])
    >>> StrongBot(seed=0).choose(game.observation("red"))
    'e4xe5'
"""

from __future__ import annotations

from typing import Any

from ..engine import pieces as P
from ..engine.combat import strike_outcome
from ..engine.errors import StrategoError
from ..engine.movegen import generate
from ..engine.moves import ACTION_MASK, ACTION_SHIFT, MOVE, RESCUE_SHIFT, Move, rescue_of
from ..engine.position import Position
from ..engine.rulesets import Ruleset
from .belief import Belief
from .knowledge import WORTH, Knowledge, rules_of, square_of
from .protocol import SeededBot, legal_moves_of

__all__ = ["StrongBot"]

# Losing the game outweighs everything. Finding the Flag is worth more than any piece, but
# not so much that a guess at where it hides (one sample) sends a General into a Bomb: the
# search reads one strike ahead, and a cheap piece may take the same guess later.
_LOSS = 10_000.0
_FOUND_FLAG = 25.0
# A player's last Miners are worth more: without them, a Flag among Bombs cannot be taken.
_LAST_MINERS = 2
_LAST_MINER_WORTH = 7.0
# The search weighs the top ranks above the shared table: a Marshal or General lost to a Bomb
# or a Spy is a game lost more often than its rank number says.
_SEARCH_WORTH = {**WORTH, P.SPY: 7.0, P.CAPTAIN: 4.5, P.MAJOR: 6.5, P.COLONEL: 9.0,
                 P.GENERAL: 13.0, P.MARSHAL: 18.0}
# Showing an unknown Major or higher by striking costs this share of its worth.
_SHOWN = 0.1
# A Captain or higher striking a piece that never moved risks this share of its worth more.
_UNMOVED = 0.5
# Worth of one step closer to a piece worth striking, and to one within _NEAR_FLAG steps of
# the own Flag (an intruder: a Miner there is a game about to be lost).
_CLOSE_IN = 0.2
_DEFEND = 0.6
_NEAR_FLAG = 4
# An enemy strike that removes a piece next to the own Flag costs this much on top.
_GUARD = 8.0


class _Tactics:
    """The short search inside one sample, for player ``me``: what each strike wins, by the
    worth of each player's pieces (``worth[player][kind]``)."""

    def __init__(self, me: int, worth: tuple[list[float], list[float]], depth: int,
                 guards: frozenset[int] = frozenset()) -> None:
        self.me, self.worth, self.depth, self.guards = me, worth, depth, guards

    def gain(self, position: Position, code: int) -> tuple[float, bool]:
        """Play ``code``; return what the mover won (worth taken minus worth lost) and whether
        the game ended. The caller unmakes."""
        mover = position.to_move
        outcome = position.make(code)
        if outcome is not None:
            if outcome.winner is None:
                return 0.0, True
            winner = P.player_from_name(outcome.winner)
            value = _FOUND_FLAG if winner == self.me else _LOSS
            return (value if winner == mover else -value), True
        entry = position.history[-1]
        strike = entry.strike
        gain = 0.0
        if strike is not None:
            kind = position.kind
            taken, lost = self.worth[1 - mover], self.worth[mover]
            if strike in ("attacker", "spotted"):
                gain = taken[kind[entry.defender]]
                if position.square[entry.pid] in self.guards and mover != self.me:
                    gain += _GUARD  # a Bomb next to the own Flag is gone
            elif strike == "defender":
                gain = -lost[kind[entry.pid]]
            elif strike == "both":
                gain = taken[kind[entry.defender]] - lost[kind[entry.pid]]
        if code >> RESCUE_SHIFT:
            gain += self.worth[mover][rescue_of(code)[0]]
        return gain, False

    def reply(self, position: Position, depth: int) -> float:
        """The best the side to move wins with strikes and spots alone, ``depth`` plies deep
        (0 when it had better not strike; a loss when it cannot move at all)."""
        codes = generate(position, position.to_move)
        if not codes:
            return -(_FOUND_FLAG if position.to_move != self.me else _LOSS)
        best = 0.0
        for code in codes:
            if code >> ACTION_SHIFT & ACTION_MASK == MOVE:
                continue
            gain, over = self.gain(position, code)
            if not over and depth > 1:
                gain -= self.reply(position, depth - 1)
            position.unmake()
            if gain > best:
                best = gain
        return best

    def score(self, position: Position, code: int) -> float:
        """What ``code`` wins for the side to move, after the opponent's best strikes."""
        gain, over = self.gain(position, code)
        if not over:
            gain -= self.reply(position, self.depth)
        position.unmake()
        return gain


def _guards(belief: Belief) -> frozenset[int]:
    """The squares next to the own Flag (empty when the Flag is not on the board)."""
    for sq, (owner, kind, _moved, _known) in belief.fixed.items():
        if owner == belief.me and kind == P.FLAG:
            return frozenset(belief.neighbours[sq])
    return frozenset()


def _worth(belief: Belief) -> tuple[list[float], list[float]]:
    """Each player's worth of each kind in this observation (the last Miners count more)."""
    miners = [0, 0]
    for owner, kind, _moved, _known in belief.fixed.values():
        if kind == P.MINER:
            miners[owner] += 1
    miners[belief.enemy] += belief.pool.get(P.MINER, 0)
    tables = []
    for player in (P.RED, P.BLUE):
        table = [_SEARCH_WORTH[kind] for kind in range(P.MARSHAL + 1)]
        if miners[player] <= _LAST_MINERS:
            table[P.MINER] = _LAST_MINER_WORTH
        tables.append(table)
    return tables[0], tables[1]


class StrongBot(SeededBot):
    """Determinized search: moves scored over ``samples`` guesses at the hidden ranks.

    ``depth`` is how many replies of strikes and spots the search reads after each move.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> obs = Game.random("barrage", seed=4).observation("red")
        >>> StrongBot(seed=0).choose(obs) in obs["legal_moves"]
        True
    """

    def __init__(self, seed: int | None = None, samples: int = 8, depth: int = 2) -> None:
        for name, value in (("samples", samples), ("depth", depth)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise StrategoError("bot", f"{name} is a whole number of at least 1, "
                                    f"not {value!r}.")
        super().__init__(seed)
        self.samples = samples
        self.depth = depth
        self._last: tuple[tuple[int, int], tuple[int, int]] | None = None

    def choose(self, observation: dict[str, Any]) -> str:
        """The move with the best average score over the sampled positions."""
        moves = legal_moves_of(observation)
        rules = rules_of(observation)
        know = Knowledge(observation, rules)
        belief = Belief(observation, rules)
        scores = self._search(belief, moves) if len(moves) > 1 else {moves[0]: 0.0}
        targets = _Targets(know, belief, rules)
        best, best_score = moves[0], float("-inf")
        for text in moves:
            move = Move.parse(text)
            score = scores[text] + self._position_score(move, know, targets) \
                + self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = text, score
        move = Move.parse(best)
        self._last = (square_of(move.origin), square_of(move.target))
        return best

    def _search(self, belief: Belief, moves: list[str]) -> dict[str, float]:
        """Each move's average tactical score over the samples."""
        scores = dict.fromkeys(moves, 0.0)
        geo = belief.rules.geometry
        codes: dict[str, int] = {}
        tactics = _Tactics(belief.me, _worth(belief), self.depth, _guards(belief))
        for index in range(self.samples):
            position = belief.sample(self.rng)
            if not codes:
                codes = {str(Move.from_code(code, geo)): code
                         for code in generate(position, position.to_move)}
            for text in moves:
                code = codes.get(text)
                if code is None:
                    continue
                gain = tactics.score(position, code)
                scores[text] += (gain - scores[text]) / (index + 1)
        return scores

    def _position_score(self, move: Move, know: Knowledge, targets: _Targets) -> float:
        """Small preferences that do not depend on one sample: close in on the nearest enemy
        piece worth striking (sooner on one near the own Flag), do not undo the last move, do
        not show a strong piece for a little gain nor risk it on a piece that may be a Bomb."""
        origin, target = square_of(move.origin), square_of(move.target)
        mine = know.own[origin]
        score = 0.0
        if self._last is not None and (target, origin) == self._last:
            score -= 0.4
        if target in know.enemy:
            if mine >= P.MAJOR and origin not in know.shown:
                score -= _SHOWN * _SEARCH_WORTH[mine]  # a strike shows the piece's rank
            kind, moved = know.enemy[target]
            if kind is None and not moved and mine != P.MINER:
                # A piece that never moved may be a Bomb: probe it with a cheap piece.
                score -= targets.bomb_chance * _SEARCH_WORTH[mine]
                if mine >= P.CAPTAIN:
                    score -= _UNMOVED * _SEARCH_WORTH[mine]
            return score
        for steps, weight in ((targets.steps(mine), _CLOSE_IN),
                              (targets.steps(mine, defend=True), _DEFEND)):
            before, after = targets.distance(steps, origin), targets.distance(steps, target)
            if before is not None and after is not None:
                score += weight * (before - after)
        return score + 0.02 * (target[1] - origin[1]) * know.forward


class _Targets:
    """For each kind of own piece, the enemy pieces it expects to gain from striking, judged
    by the chances of each rank the belief leaves them."""

    def __init__(self, know: Knowledge, belief: Belief, rules: Ruleset) -> None:
        self.know, self.rules = know, rules
        pool = belief.pool
        total = sum(pool.values())
        moving = {k: n for k, n in pool.items() if k in belief.movable}
        moving_total = sum(moving.values())
        self.chances = {
            False: {k: n / total for k, n in pool.items()} if total else {},
            True: {k: n / moving_total for k, n in moving.items()} if moving_total else {},
        }
        self.bomb_chance = self.chances[False].get(P.BOMB, 0.0)
        self.cache: dict[int, list[tuple[int, int]]] = {}
        self.intruder_cache: dict[int, list[tuple[int, int]]] = {}
        self.step_cache: dict[tuple[int, bool], dict[int, int]] = {}
        self.geometry = rules.geometry
        self.empty = [True] * self.geometry.size
        for sq in self.geometry.lakes:
            self.empty[sq] = False
        for x, y in (*know.own, *know.enemy):
            self.empty[y * self.geometry.width + x] = False
        flag = know.flag
        self.near_flag = [] if flag is None else [
            sq for sq, (kind, moved) in know.enemy.items()
            if (moved or kind is None or kind in belief.movable)
            and abs(sq[0] - flag[0]) + abs(sq[1] - flag[1]) <= _NEAR_FLAG]

    def value(self, mine: int, kind: int) -> float:
        """What striking a piece of ``kind`` with ``mine`` wins."""
        outcome = strike_outcome(mine, kind, self.rules)
        taken = _FOUND_FLAG if kind == P.FLAG else _SEARCH_WORTH[kind]
        if outcome == "attacker":
            return taken
        if outcome == "defender":
            return -_SEARCH_WORTH[mine]
        return taken - _SEARCH_WORTH[mine]

    def expected(self, mine: int, square: tuple[int, int]) -> float:
        """What striking the enemy piece on ``square`` with ``mine`` is expected to win."""
        kind, moved = self.know.enemy[square]
        if kind is not None:
            return self.value(mine, kind)
        return sum(chance * self.value(mine, k) for k, chance in self.chances[moved].items())

    def of(self, mine: int) -> list[tuple[int, int]]:
        """The squares of the enemy pieces a piece of kind ``mine`` expects to gain from."""
        found = self.cache.get(mine)
        if found is None:
            found = [sq for sq in self.know.enemy if self.expected(mine, sq) > 0.25]
            self.cache[mine] = found
        return found

    def steps(self, mine: int, defend: bool = False) -> dict[int, int]:
        """Steps through empty squares from each square to the nearest target of ``mine``
        (intruders near the own Flag with ``defend``): square index -> steps."""
        key = (mine, defend)
        found = self.step_cache.get(key)
        if found is None:
            width = self.geometry.width
            sources = self.intruders(mine) if defend else self.of(mine)
            found = {y * width + x: 0 for x, y in sources}
            frontier = list(found)
            neighbours, empty = self.geometry.neighbours, self.empty
            while frontier:
                following = []
                for sq in frontier:
                    for near in neighbours[sq]:
                        if empty[near] and near not in found:
                            found[near] = found[sq] + 1
                            following.append(near)
                frontier = following
            self.step_cache[key] = found
        return found

    def distance(self, steps: dict[int, int], square: tuple[int, int]) -> int | None:
        """Steps from ``square`` (empty, or holding the piece about to move) to the nearest
        target; ``None`` when no path through empty squares reaches one."""
        sq = square[1] * self.geometry.width + square[0]
        if sq in steps:
            return steps[sq]
        reach = [steps[near] for near in self.geometry.neighbours[sq] if near in steps]
        return min(reach) + 1 if reach else None

    def intruders(self, mine: int) -> list[tuple[int, int]]:
        """The enemy pieces near the own Flag that ``mine`` expects to beat."""
        found = self.intruder_cache.get(mine)
        if found is None:
            found = [sq for sq in self.near_flag if self.expected(mine, sq) > 0.0]
            self.intruder_cache[mine] = found
        return found
