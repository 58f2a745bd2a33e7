"""Determinization: whole positions sampled from what one observation shows.

A player does not see the enemy's hidden ranks. :class:`Belief` reads an observation and
draws complete positions (an engine :class:`~stratego_widget.engine.position.Position`) whose
hidden ranks agree with everything the observation shows: ranks revealed by strikes, long
Scout moves and spots are kept; a piece that moved is not a Bomb or the Flag (unless the
ruleset lets them move); the army counts minus the pieces captured and shown bound how many of
each rank remain; the Flag stands on the board. Among the arrangements that agree, a sample
favours the Flag on its owner's back row and Bombs next to it and near the back, as sensible
setups place them. Each sample is drawn with the caller's random number generator, so a seeded
caller draws the same positions.

Nothing but the observation is read: two games that differ only in hidden ranks give the same
samples.

Example:
    >>> import random
    >>> from stratego_widget.engine.game import Game
    >>> obs = Game.random("barrage", seed=1).observation("red")
    >>> belief = Belief(obs)
    >>> len(belief.hidden)
    8
    >>> position = belief.sample(random.Random(0))
    >>> sorted(position.kind[pid] for pid in position.pieces[1]) == sorted(
    ...     k for k, n in belief.rules.army_counts.items() for _ in range(n))
    True
"""

from __future__ import annotations

import random
from typing import Any

from ..engine import pieces as P
from ..engine.position import Position
from ..engine.rulesets import Ruleset
from .knowledge import rules_of

__all__ = ["Belief"]

# How much likelier a hidden piece is to be the Flag on its owner's back row, and a Bomb next
# to the Flag or in the two back rows, than elsewhere (sensible setups put them there).
_FLAG_BACK_ROW = 6.0
_BOMB_NEAR_FLAG = 4.0
_BOMB_BACK = 2.0


class Belief:
    """The hidden enemy pieces of one observation, and samples of what they may be.

    ``hidden`` lists the enemy pieces on the board whose rank is not shown, as
    ``(square index, moved)``; ``pool`` counts the enemy ranks they (and the enemy's captured
    pieces not shown) may have.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> belief = Belief(Game.random("duel", seed=2).observation("blue"))
        >>> belief.me, belief.enemy, sum(belief.pool.values())
        (1, 0, 10)
    """

    def __init__(self, observation: dict[str, Any], rules: Ruleset | None = None) -> None:
        self.rules = rules if rules is not None else rules_of(observation)
        geo = self.rules.geometry
        self.me = P.player_from_name(observation["player"])
        self.enemy = 1 - self.me
        self.to_move = P.player_from_name(observation["to_move"])
        # The pieces every sample shares: square -> (owner, kind, moved, known).
        self.fixed: dict[int, tuple[int, int, bool, bool]] = {}
        self.hidden: list[tuple[int, bool]] = []
        self.hidden_known: dict[int, bool] = {}
        pool = dict(self.rules.army_counts)
        for name, piece in observation["board"].items():
            sq = geo.index(name)
            owner = P.player_from_name(piece["owner"])
            if piece["kind"] is None:
                self.hidden.append((sq, piece["moved"]))
                self.hidden_known[sq] = piece["known"]
                continue
            kind = P.kind_from_name(piece["kind"])
            self.fixed[sq] = (owner, kind, piece["moved"], piece["known"])
            if owner == self.enemy:
                pool[kind] = pool.get(kind, 0) - 1
        self.captured: list[tuple[int, int, bool]] = []
        self.captured_hidden = 0
        for owner_name, kinds in observation["captured"].items():
            owner = P.player_from_name(owner_name)
            for name in kinds:
                if name is None:
                    self.captured_hidden += 1
                    continue
                kind = P.kind_from_name(name)
                self.captured.append((owner, kind, True))
                if owner == self.enemy:
                    pool[kind] = pool.get(kind, 0) - 1
        self.pool = {kind: count for kind, count in pool.items() if count > 0}
        movable = set(range(P.SPY, P.MARSHAL + 1))
        if self.rules.moving_bombs:
            movable.add(P.BOMB)
        if self.rules.moving_flag:
            movable.add(P.FLAG)
        self.movable = frozenset(movable)
        width, height = geo.width, geo.height
        back = 0 if self.enemy == P.RED else height - 1
        self.back_row = frozenset(sq for sq, _ in self.hidden if sq // width == back)
        self.back_two = frozenset(sq for sq, _ in self.hidden
                                  if abs(sq // width - back) <= 1)
        self.neighbours = geo.neighbours

    def sample_kinds(self, rng: random.Random) -> dict[int, int]:
        """One guess at every hidden enemy piece on the board: square index -> kind.

        Example:
            >>> from stratego_widget.engine.game import Game
            >>> belief = Belief(Game.random("duel", seed=2).observation("red"))
            >>> sorted(belief.sample_kinds(random.Random(1)).values()).count(P.FLAG)
            1
        """
        pool = dict(self.pool)
        kinds: dict[int, int] = {}
        unmoved = [sq for sq, moved in self.hidden if not moved]
        flag_square = -1
        if pool.get(P.FLAG, 0) > 0:
            candidates = unmoved if P.FLAG not in self.movable else [sq for sq, _ in self.hidden]
            if candidates:
                weights = [_FLAG_BACK_ROW if sq in self.back_row else 1.0 for sq in candidates]
                flag_square = rng.choices(candidates, weights)[0]
                kinds[flag_square] = P.FLAG
                pool[P.FLAG] -= 1
        near_flag = frozenset(self.neighbours[flag_square]) if flag_square >= 0 else frozenset()
        # Pieces that moved first, from the ranks that move; then the others from what is left.
        for sq, moved in self.hidden:
            if moved and sq not in kinds:
                kinds[sq] = _draw(rng, pool, self.movable, None)
        for sq in unmoved:
            if sq not in kinds:
                bomb_weight = (_BOMB_NEAR_FLAG if sq in near_flag
                               else _BOMB_BACK if sq in self.back_two else 1.0)
                kinds[sq] = _draw(rng, pool, None, bomb_weight)
        return kinds

    def sample(self, rng: random.Random) -> Position:
        """A whole position agreeing with the observation, hidden ranks drawn at random.

        Example:
            >>> from stratego_widget.engine.game import Game
            >>> game = Game.random("original", seed=3)
            >>> position = Belief(game.observation("red")).sample(random.Random(2))
            >>> position.to_move, len(position.pieces[0]), len(position.pieces[1])
            (0, 40, 40)
        """
        kinds = self.sample_kinds(rng)
        placement: dict[int, tuple[int, int, bool, bool]] = dict(self.fixed)
        for sq, moved in self.hidden:
            placement[sq] = (self.enemy, kinds[sq], moved, self.hidden_known[sq])
        captured = list(self.captured)
        left = [kind for kind, count in self.pool.items() for _ in range(count)]
        for kind in kinds.values():
            if kind in left:
                left.remove(kind)
        captured.extend((self.enemy, kind, False) for kind in left[:self.captured_hidden])
        return Position(self.rules, placement, self.to_move, captured)


def _draw(rng: random.Random, pool: dict[int, int], allowed: frozenset[int] | None,
          bomb_weight: float | None) -> int:
    """Take one kind out of ``pool`` at random (weighted by count; Bombs by ``bomb_weight``
    too), among ``allowed`` kinds if given; a Scout when nothing fits (a hand-made
    observation that no game can reach)."""
    choices = [kind for kind, count in pool.items()
               if count > 0 and (allowed is None or kind in allowed)]
    if not choices:
        return P.SCOUT
    weights = [pool[kind] * (bomb_weight if kind == P.BOMB and bomb_weight else 1.0)
               for kind in choices]
    kind = rng.choices(choices, weights)[0]
    pool[kind] -= 1
    return kind
