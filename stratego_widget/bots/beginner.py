"""The beginner level: a patient opponent for learners.

It takes obvious free captures (a shown enemy piece that its piece beats, the Flag when it is
shown), and otherwise plays a random safe move: it does not strike what it cannot see or what
is stronger, and does not step next to a shown stronger piece. Now and then it plays any legal
move at all, so a learner sees mistakes to punish.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> obs = Game.random("barrage", seed=4).observation("red")
    >>> BeginnerBot(seed=0).choose(obs) in obs["legal_moves"]
    True
"""

from __future__ import annotations

from typing import Any

from ..engine.combat import strike_outcome
from ..engine.errors import StrategoError
from ..engine.moves import Move
from .knowledge import WORTH, Knowledge, rules_of, square_of
from .protocol import SeededBot, legal_moves_of

__all__ = ["BeginnerBot"]


class BeginnerBot(SeededBot):
    """Free captures always; else mostly a random safe move, sometimes any move.

    ``blunder`` is the chance of a move picked among all legal moves.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> game = Game.from_pieces("original", {"e4": "red major", "a1": "red flag",
        ...     "e5": "blue captain", "j10": "blue flag", "j9": "blue bomb"}, revealed=["e5"])
        >>> BeginnerBot(seed=1).choose(game.observation("red"))
        'e4xe5'
    """

    def __init__(self, seed: int | None = None, blunder: float = 0.2) -> None:
        if not isinstance(blunder, int | float) or isinstance(blunder, bool) \
                or not 0.0 <= blunder <= 1.0:
            raise StrategoError("bot", f"blunder is a chance between 0 and 1, not {blunder!r}.")
        super().__init__(seed)
        self.blunder = blunder

    def choose(self, observation: dict[str, Any]) -> str:
        """A free capture if there is one, else a random safe move (sometimes any move)."""
        moves = legal_moves_of(observation)
        rules = rules_of(observation)
        know = Knowledge(observation, rules)
        captures: list[tuple[float, str]] = []
        safe: list[str] = []
        for text in moves:
            move = Move.parse(text)
            origin, target = square_of(move.origin), square_of(move.target)
            mine = know.own[origin]
            if move.guess is not None:
                continue  # spotting is guessing: a beginner does not guess
            if target in know.enemy:
                kind = know.enemy[target][0]
                if kind is not None and strike_outcome(mine, kind, rules) == "attacker":
                    captures.append((WORTH[kind], text))
            elif know.threats(target, mine, rules) == 0:
                safe.append(text)
        if captures:
            best = max(worth for worth, _text in captures)
            return self.rng.choice([text for worth, text in captures if worth == best])
        if not safe or self.rng.random() < self.blunder:
            return self.rng.choice(moves)
        return self.rng.choice(safe)
