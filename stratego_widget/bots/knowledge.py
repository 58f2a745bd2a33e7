"""What one observation says about the enemy army, arranged for quick scoring.

The shared vocabulary of the scoring bots: the rough worth of each kind, square names as
``(file, rank)`` pairs, and :class:`Knowledge` (own pieces, enemy pieces with their kind when
shown, and the enemy kinds still unaccounted for).

Example:
    >>> from stratego_widget.engine.game import Game
    >>> obs = Game.random("barrage", seed=1).observation("red")
    >>> know = Knowledge(obs, rules_of(obs))
    >>> len(know.own), len(know.enemy), sum(know.remaining.values())
    (8, 8, 8)
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from ..engine import pieces as P
from ..engine.combat import strike_outcome
from ..engine.rulesets import Ruleset, ruleset

__all__ = ["WORTH", "Knowledge", "rules_of", "square_of"]

#: Rough worth of each kind, used to weigh strikes and risks.
WORTH: dict[int, float] = {
    P.FLAG: 1000.0, P.BOMB: 4.0, P.SPY: 6.0, P.SPOTTER: 2.5, P.SCOUT: 1.5, P.MINER: 4.0,
    P.SERGEANT: 2.5, P.LIEUTENANT: 3.0, P.CAPTAIN: 4.0, P.MAJOR: 5.5, P.COLONEL: 7.0,
    P.GENERAL: 9.0, P.MARSHAL: 12.0,
}


def rules_of(observation: dict[str, Any]) -> Ruleset:
    """The ruleset an observation names, a variant of one's own included (cached: bots ask
    on every move).

    Example:
        >>> import stratego_widget as sw
        >>> rules_of(sw.Game.random("duel", seed=1).observation("red")).army_size
        10
        >>> short = sw.variant("barrage", "short-scouts", scout_max_distance=2)
        >>> rules_of(sw.Game.random(short, seed=1).observation("red")).scout_max_distance
        2
    """
    params = observation.get("ruleset_params") or {}
    return _rules(observation["ruleset"], json.dumps(params, sort_keys=True))


@lru_cache(maxsize=64)
def _rules(spec: str, params: str) -> Ruleset:
    return ruleset(spec, **json.loads(params))


def square_of(name: str) -> tuple[int, int]:
    """A square name as ``(file, rank)`` counted from 0.

    Example:
        >>> square_of("b10")
        (1, 9)
    """
    return ord(name[0]) - 97, int(name[1:]) - 1


class Knowledge:
    """The pieces of an observation by square, and the enemy kinds not yet accounted for.

    ``own`` maps squares to kinds, ``shown`` holds the squares of own pieces the enemy has
    seen; ``enemy`` maps squares to ``(kind or None, moved)``;
    ``remaining`` counts the enemy kinds neither captured-and-shown nor shown on the board;
    ``forward`` is +1 when the player advances up the ranks (Red), else -1.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> know = Knowledge(Game.random("duel", seed=2).observation("blue"), ruleset("duel"))
        >>> know.forward, know.flag is not None
        (-1, True)
    """

    def __init__(self, observation: dict[str, Any], rules: Ruleset) -> None:
        me = observation["player"]
        self.forward = 1 if me == "red" else -1
        self.own: dict[tuple[int, int], int] = {}
        self.shown: set[tuple[int, int]] = set()
        self.enemy: dict[tuple[int, int], tuple[int | None, bool]] = {}
        for name, piece in observation["board"].items():
            kind = P.kind_from_name(piece["kind"]) if piece["kind"] is not None else None
            if piece["owner"] == me:
                self.own[square_of(name)] = kind  # type: ignore[assignment]
                if piece["known"]:
                    self.shown.add(square_of(name))
            else:
                self.enemy[square_of(name)] = (kind, piece["moved"])
        remaining = dict(rules.army_counts)
        enemy_name = "blue" if me == "red" else "red"
        for name in observation["captured"][enemy_name]:
            if name is not None:
                kind = P.kind_from_name(name)
                remaining[kind] = remaining.get(kind, 0) - 1
        for kind, _moved in self.enemy.values():
            if kind is not None:
                remaining[kind] = remaining.get(kind, 0) - 1
        self.remaining = {kind: count for kind, count in remaining.items() if count > 0}
        self.flag = next((sq for sq, kind in self.own.items() if kind == P.FLAG), None)

    def likely_kind(self, square: tuple[int, int]) -> int:
        """The best guess at an unknown enemy piece: the commonest kind it could still be.

        Example:
            >>> from stratego_widget.engine.game import Game
            >>> obs = Game.random("original", seed=1).observation("red")
            >>> Knowledge(obs, ruleset("original")).likely_kind((0, 6))
            4
        """
        _kind, moved = self.enemy[square]
        candidates = {k: n for k, n in self.remaining.items()
                      if not (moved and k in (P.BOMB, P.FLAG))}
        if not candidates:
            return P.SCOUT
        return max(sorted(candidates), key=lambda k: candidates[k])

    @staticmethod
    def neighbours(square: tuple[int, int]) -> list[tuple[int, int]]:
        """The four squares next to ``square`` (some may be off the board).

        Example:
            >>> Knowledge.neighbours((0, 0))
            [(1, 0), (-1, 0), (0, 1), (0, -1)]
        """
        x, y = square
        return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]

    def threats(self, square: tuple[int, int], mine: int, rules: Ruleset) -> int:
        """How many shown enemy pieces next to ``square`` would beat a piece of kind ``mine``
        striking it.

        Example:
            >>> from stratego_widget.engine.game import Game
            >>> game = Game.from_pieces("original", {"e4": "red major", "a1": "red flag",
            ...     "e6": "blue general", "j10": "blue flag"}, revealed=["e6"])
            >>> know = Knowledge(game.observation("red"), ruleset("original"))
            >>> know.threats((4, 4), P.MAJOR, ruleset("original"))
            1
        """
        count = 0
        for near in self.neighbours(square):
            kind = self.enemy.get(near, (None, False))[0]
            if kind is not None and kind not in (P.BOMB, P.FLAG) \
                    and strike_outcome(kind, mine, rules) == "attacker":
                count += 1
        return count
