"""Built-in players: a random bot and a heuristic bot.

A bot sees exactly what its player may see: :meth:`Bot.choose` receives the player's
observation (``game.observation(player)``, see :mod:`stratego_widget.engine.observation`) and returns
one of its ``legal_moves`` as text. Nothing else of the game reaches it, so a bot cannot cheat.
Both bots are deterministic given a seed.

Example:
    >>> game = play_game("barrage", HeuristicBot(seed=1), RandomBot(seed=2), seed=3)
    >>> game.is_over
    True
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Protocol

from ..engine import pieces as P
from ..engine.combat import strike_outcome
from ..engine.errors import IllegalMoveError, StrategoError
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.rulesets import Ruleset, ruleset

__all__ = ["Bot", "HeuristicBot", "RandomBot", "make_bot", "play_game"]


class Bot(Protocol):
    """Anything with a ``choose(observation) -> move text`` method can play."""

    def choose(self, observation: dict[str, Any]) -> str:
        """Pick one of ``observation["legal_moves"]``."""
        ...


class _SeededBot:
    """What the built-in bots share: a seeded random number generator and the legal moves."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    @staticmethod
    def _moves(observation: dict[str, Any]) -> list[str]:
        moves: list[str] = observation["legal_moves"]
        if not moves:
            raise IllegalMoveError("no-legal-move", "There is no legal move to choose from.")
        return moves


class RandomBot(_SeededBot):
    """Plays a uniformly random legal move.

    Example:
        >>> obs = Game.random("duel", seed=1).observation("red")
        >>> RandomBot(seed=5).choose(obs) in obs["legal_moves"]
        True
    """

    def choose(self, observation: dict[str, Any]) -> str:
        """A random move of ``observation["legal_moves"]``."""
        return self._rng.choice(self._moves(observation))


# Rough worth of each kind, used to weigh strikes and risks.
_WORTH = {
    P.FLAG: 1000.0, P.BOMB: 4.0, P.SPY: 6.0, P.SPOTTER: 2.5, P.SCOUT: 1.5, P.MINER: 4.0,
    P.SERGEANT: 2.5, P.LIEUTENANT: 3.0, P.CAPTAIN: 4.0, P.MAJOR: 5.5, P.COLONEL: 7.0,
    P.GENERAL: 9.0, P.MARSHAL: 12.0,
}


@lru_cache(maxsize=64)
def _rules(spec: str) -> Ruleset:
    return ruleset(spec)


def _square(name: str) -> tuple[int, int]:
    return ord(name[0]) - 97, int(name[1:]) - 1


class _Knowledge:
    """What one observation says about the enemy army, arranged for quick scoring."""

    def __init__(self, observation: dict[str, Any], rules: Ruleset) -> None:
        me = observation["player"]
        self.forward = 1 if me == "red" else -1
        self.own: dict[tuple[int, int], int] = {}
        self.enemy: dict[tuple[int, int], tuple[int | None, bool]] = {}
        for name, piece in observation["board"].items():
            kind = P.kind_from_name(piece["kind"]) if piece["kind"] is not None else None
            if piece["owner"] == me:
                self.own[_square(name)] = kind  # type: ignore[assignment]
            else:
                self.enemy[_square(name)] = (kind, piece["moved"])
        # Enemy kinds not yet accounted for (neither captured nor shown on the board).
        remaining = dict(rules.army_counts)
        enemy_name = "blue" if me == "red" else "red"
        for name in observation["captured"][enemy_name]:
            if name is not None:
                remaining[P.kind_from_name(name)] -= 1
        for kind, _moved in self.enemy.values():
            if kind is not None:
                remaining[kind] -= 1
        self.remaining = {kind: count for kind, count in remaining.items() if count > 0}
        self.flag = next((sq for sq, kind in self.own.items() if kind == P.FLAG), None)

    def likely_kind(self, square: tuple[int, int]) -> int:
        """The best guess at an unknown enemy piece: the commonest kind it could still be."""
        _kind, moved = self.enemy[square]
        candidates = {k: n for k, n in self.remaining.items()
                      if not (moved and k in (P.BOMB, P.FLAG))}
        if not candidates:
            return P.SCOUT
        return max(sorted(candidates), key=lambda k: candidates[k])

    def neighbours(self, square: tuple[int, int]) -> list[tuple[int, int]]:
        x, y = square
        return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


class HeuristicBot(_SeededBot):
    """A sensible player that reasons only from its own observation.

    It captures the Flag when it can, strikes known weaker pieces, probes unknown pieces with
    cheap ones (Scouts first, Miners against pieces that never moved, which may be Bombs),
    keeps valuable pieces away from known stronger ones, defends the squares around its Flag,
    and otherwise advances. Ties are broken by a seeded random number generator.

    Example:
        >>> game = Game.random("barrage", seed=4)
        >>> bot = HeuristicBot(seed=0)
        >>> bot.choose(game.observation("red")) in [str(m) for m in game.legal_moves()]
        True
    """

    def choose(self, observation: dict[str, Any]) -> str:
        """The best-scoring move of ``observation["legal_moves"]``."""
        moves = self._moves(observation)
        rules = _rules(observation["ruleset"])
        know = _Knowledge(observation, rules)
        best: list[str] = []
        best_score = float("-inf")
        for text in moves:
            score = self._score(Move.parse(text), know, rules)
            if score > best_score + 1e-9:
                best, best_score = [text], score
            elif score > best_score - 1e-9:
                best.append(text)
        return self._rng.choice(best)

    def _score(self, move: Move, know: _Knowledge, rules: Ruleset) -> float:
        origin, target = _square(move.origin), _square(move.target)
        mine = know.own[origin]
        score = 0.0
        if move.guess is not None:
            score += self._spot_score(move, know)
        elif target in know.enemy:
            score += self._strike_score(mine, target, know, rules)
        else:
            score += self._danger(mine, origin, target, know, rules)
            # Advance, a little; Scouts a little more, to probe.
            score += 0.15 * (target[1] - origin[1]) * know.forward
            if mine == P.SCOUT:
                score += 0.05 * abs(target[1] - origin[1] + target[0] - origin[0])
        if know.flag is not None and target in know.enemy:
            distance = abs(target[0] - know.flag[0]) + abs(target[1] - know.flag[1])
            if distance <= 2:
                score += 3.0  # an enemy next to the Flag: strike it
        if move.rescue is not None:
            score += _WORTH[P.kind_from_name(move.rescue[0])]
        return score + self._rng.random() * 0.01

    def _strike_score(self, mine: int, target: tuple[int, int], know: _Knowledge,
                      rules: Ruleset) -> float:
        kind, moved = know.enemy[target]
        if kind is not None:
            outcome = strike_outcome(mine, kind, rules)
            gain = _WORTH[kind] if outcome != "defender" else 0.0
            loss = _WORTH[mine] if outcome != "attacker" else 0.0
            return 1.5 * gain - loss
        # An unknown piece: a probe. Cheap pieces probe; Miners try pieces that never moved.
        if mine == P.SCOUT:
            return 1.0
        if mine == P.MINER and not moved:
            return 1.2
        guess = know.likely_kind(target)
        outcome = strike_outcome(mine, guess, rules)
        if outcome == "attacker":
            return 0.6 - 0.1 * _WORTH[mine]
        return -0.6 * _WORTH[mine]

    def _danger(self, mine: int, origin: tuple[int, int], target: tuple[int, int],
                know: _Knowledge, rules: Ruleset) -> float:
        """Penalty for stepping next to a known stronger piece, bonus for fleeing one."""
        score = 0.0
        for square, weight in ((target, -1.0), (origin, 0.6)):
            for near in know.neighbours(square):
                kind = know.enemy.get(near, (None, False))[0]
                if kind is not None and kind not in (P.BOMB, P.FLAG) \
                        and strike_outcome(kind, mine, rules) == "attacker":
                    score += weight * _WORTH[mine]
        return score

    def _spot_score(self, move: Move, know: _Knowledge) -> float:
        x, y = _square(move.target)
        spotted = (x, y + know.forward)
        kind, _moved = know.enemy.get(spotted, (None, False))
        guess = P.kind_from_name(move.guess or "flag")
        if kind is not None:
            return 1.5 * _WORTH[kind] if guess == kind else -1.0
        if guess != know.likely_kind(spotted):
            return -1.0
        total = sum(know.remaining.values()) or 1
        return _WORTH[guess] * know.remaining.get(guess, 0) / total


BOTS: dict[str, type[RandomBot] | type[HeuristicBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A built-in bot by name: ``"random"`` or ``"heuristic"``.

    Example:
        >>> type(make_bot("heuristic", seed=1)).__name__
        'HeuristicBot'
    """
    if not isinstance(name, str) or name not in BOTS:
        raise StrategoError("bot", f"Unknown bot {name!r}; built-in bots: {', '.join(BOTS)}.")
    return BOTS[name](seed=seed)


def play_game(rules: Ruleset | str, red: Bot, blue: Bot, seed: int | None = None,
              max_plies: int | None = None) -> Game:
    """Play a whole game between two bots from random sensible setups; return the game.

    ``max_plies`` caps the game (a draw when reached), overriding the ruleset's own cap.

    Example:
        >>> game = play_game("duel", RandomBot(1), RandomBot(2), seed=7, max_plies=50)
        >>> game.is_over, game.ply <= 50
        (True, True)
    """
    rs = ruleset(rules)
    if max_plies is not None:
        rs = rs.with_params(max_plies=max_plies)
    game = Game.random(rs, seed=seed)
    players = {"red": red, "blue": blue}
    while not game.is_over:
        mover = game.to_move
        game.play(players[mover].choose(game.observation(mover, history=False)))
    return game
