"""The heuristic level: one-move scoring of what the observation shows.

Example:
    >>> from .match import play_game
    >>> from .random_bot import RandomBot
    >>> game = play_game("barrage", HeuristicBot(seed=1), RandomBot(seed=2), seed=3)
    >>> game.is_over
    True
"""

from __future__ import annotations

from typing import Any

from ..engine import pieces as P
from ..engine.combat import strike_outcome
from ..engine.moves import Move
from ..engine.rulesets import Ruleset
from .knowledge import WORTH, Knowledge, rules_of, square_of
from .protocol import SeededBot, legal_moves_of

__all__ = ["HeuristicBot"]


class HeuristicBot(SeededBot):
    """A sensible player that reasons only from its own observation.

    It captures the Flag when it can, strikes known weaker pieces, probes unknown pieces with
    cheap ones (Scouts first, Miners against pieces that never moved, which may be Bombs),
    keeps valuable pieces away from known stronger ones, defends the squares around its Flag,
    and otherwise advances. Ties are broken by a seeded random number generator.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> game = Game.random("barrage", seed=4)
        >>> bot = HeuristicBot(seed=0)
        >>> bot.choose(game.observation("red")) in [str(m) for m in game.legal_moves()]
        True
    """

    def choose(self, observation: dict[str, Any]) -> str:
        """The best-scoring move of ``observation["legal_moves"]``."""
        moves = legal_moves_of(observation)
        rules = rules_of(observation)
        know = Knowledge(observation, rules)
        best: list[str] = []
        best_score = float("-inf")
        for text in moves:
            score = self._score(Move.parse(text), know, rules)
            if score > best_score + 1e-9:
                best, best_score = [text], score
            elif score > best_score - 1e-9:
                best.append(text)
        return self.rng.choice(best)

    def _score(self, move: Move, know: Knowledge, rules: Ruleset) -> float:
        origin, target = square_of(move.origin), square_of(move.target)
        mine = know.own[origin]
        score = 0.0
        if move.guess is not None:
            score += self._spot_score(move, know)
        elif target in know.enemy:
            score += self._strike_score(mine, target, know, rules)
        else:
            # Stepping next to a shown stronger piece costs the piece; fleeing one gains.
            for square, weight in ((target, -1.0), (origin, 0.6)):
                for _ in range(know.threats(square, mine, rules)):
                    score += weight * WORTH[mine]
            # Advance, a little; Scouts a little more, to probe.
            score += 0.15 * (target[1] - origin[1]) * know.forward
            if mine == P.SCOUT:
                score += 0.05 * abs(target[1] - origin[1] + target[0] - origin[0])
        if know.flag is not None and target in know.enemy:
            distance = abs(target[0] - know.flag[0]) + abs(target[1] - know.flag[1])
            if distance <= 2:
                score += 3.0  # an enemy next to the Flag: strike it
        if move.rescue is not None:
            score += WORTH[P.kind_from_name(move.rescue[0])]
        return score + self.rng.random() * 0.01

    @staticmethod
    def _strike_score(mine: int, target: tuple[int, int], know: Knowledge,
                      rules: Ruleset) -> float:
        kind, moved = know.enemy[target]
        if kind is not None:
            outcome = strike_outcome(mine, kind, rules)
            gain = WORTH[kind] if outcome != "defender" else 0.0
            loss = WORTH[mine] if outcome != "attacker" else 0.0
            return 1.5 * gain - loss
        # An unknown piece: a probe. Cheap pieces probe; Miners try pieces that never moved.
        if mine == P.SCOUT:
            return 1.0
        if mine == P.MINER and not moved:
            return 1.2
        guess = know.likely_kind(target)
        outcome = strike_outcome(mine, guess, rules)
        if outcome == "attacker":
            return 0.6 - 0.1 * WORTH[mine]
        return -0.6 * WORTH[mine]

    @staticmethod
    def _spot_score(move: Move, know: Knowledge) -> float:
        x, y = square_of(move.target)
        spotted = (x, y + know.forward)
        kind, _moved = know.enemy.get(spotted, (None, False))
        guess = P.kind_from_name(move.guess or "flag")
        if kind is not None:
            return 1.5 * WORTH[kind] if guess == kind else -1.0
        if guess != know.likely_kind(spotted):
            return -1.0
        total = sum(know.remaining.values()) or 1
        return WORTH[guess] * know.remaining.get(guess, 0) / total
