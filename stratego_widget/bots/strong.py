"""The strong level: a search over samples of what the bot cannot see.

For each move :class:`StrongBot` draws ``samples`` complete positions from its observation
(:class:`~stratego_widget.bots.belief.Belief`: every hidden rank guessed so that it agrees
with everything shown). In each sample it plays every legal move on the engine's kernel and
answers with a short tactical search: the opponent's best strike or spot in reply (or none),
and its own best recapture, scored by the worth of the pieces won and lost and by the end of
the game. A move's score is its average over the samples plus a small positional term (close
in on pieces it can take and on pieces that never moved, where the Flag hides; do not undo the
last move; do not show strong pieces for nothing). The budget is a number of samples, not a
time, so a seed gives the same game on any machine.

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
_FOUND_FLAG = 15.0
# A player's last Miners are worth more: without them, a Flag among Bombs cannot be taken.
_LAST_MINERS = 2
_LAST_MINER_WORTH = 7.0


class _Tactics:
    """The short search inside one sample, for player ``me``: what each strike wins, by the
    worth of each player's pieces (``worth[player][kind]``)."""

    def __init__(self, me: int, worth: tuple[list[float], list[float]], depth: int) -> None:
        self.me, self.worth, self.depth = me, worth, depth

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


def _worth(belief: Belief) -> tuple[list[float], list[float]]:
    """Each player's worth of each kind in this observation (the last Miners count more)."""
    miners = [0, 0]
    for owner, kind, _moved, _known in belief.fixed.values():
        if kind == P.MINER:
            miners[owner] += 1
    miners[belief.enemy] += belief.pool.get(P.MINER, 0)
    tables = []
    for player in (P.RED, P.BLUE):
        table = [WORTH[kind] for kind in range(P.MARSHAL + 1)]
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
        super().__init__(seed)
        self.samples = samples
        self.depth = depth
        self._last: tuple[tuple[int, int], tuple[int, int]] | None = None

    def choose(self, observation: dict[str, Any]) -> str:
        """The move with the best average score over the sampled positions."""
        moves = legal_moves_of(observation)
        rules = rules_of(observation["ruleset"])
        know = Knowledge(observation, rules)
        belief = Belief(observation, rules)
        scores = self._search(belief, moves) if len(moves) > 1 else {moves[0]: 0.0}
        targets = _Targets(know, belief, rules)
        best, best_score = moves[0], float("-inf")
        for text in moves:
            move = Move.parse(text)
            score = scores[text] + self._position_score(move, know, targets) \
                + self._rng.random() * 1e-3
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
        tactics = _Tactics(belief.me, _worth(belief), self.depth)
        for index in range(self.samples):
            position = belief.sample(self._rng)
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
        piece worth striking, do not undo the last move, do not show a strong piece for a
        little gain."""
        origin, target = square_of(move.origin), square_of(move.target)
        mine = know.own[origin]
        score = 0.0
        if self._last is not None and (target, origin) == self._last:
            score -= 0.4
        if target in know.enemy:
            if know.enemy[target][0] is None and mine >= P.MAJOR:
                score -= 0.05 * WORTH[mine]  # a strike shows the piece's rank
            return score
        wanted = targets.of(mine)
        if wanted:
            before = min(abs(sq[0] - origin[0]) + abs(sq[1] - origin[1]) for sq in wanted)
            after = min(abs(sq[0] - target[0]) + abs(sq[1] - target[1]) for sq in wanted)
            score += 0.2 * (before - after)
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
        self.cache: dict[int, list[tuple[int, int]]] = {}

    def value(self, mine: int, kind: int) -> float:
        """What striking a piece of ``kind`` with ``mine`` wins."""
        outcome = strike_outcome(mine, kind, self.rules)
        taken = _FOUND_FLAG if kind == P.FLAG else WORTH[kind]
        if outcome == "attacker":
            return taken
        if outcome == "defender":
            return -WORTH[mine]
        return taken - WORTH[mine]

    def of(self, mine: int) -> list[tuple[int, int]]:
        """The squares of the enemy pieces a piece of kind ``mine`` expects to gain from."""
        found = self.cache.get(mine)
        if found is None:
            found = []
            for sq, (kind, moved) in self.know.enemy.items():
                if kind is not None:
                    expected = self.value(mine, kind)
                else:
                    expected = sum(chance * self.value(mine, k)
                                   for k, chance in self.chances[moved].items())
                if expected > 0.25:
                    found.append(sq)
            self.cache[mine] = found
        return found
