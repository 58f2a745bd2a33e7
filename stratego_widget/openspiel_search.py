"""Information-set Monte Carlo tree search on ``python_stratego``: OpenSpiel's ``ISMCTSBot``
with the game's own resampling and a material evaluator (no random rollouts, which in
Stratego are long and say little).

Each simulation draws a world the searching player cannot tell from the real one
(``state.resample_from_infostate``, :mod:`stratego_widget.bots.resample`), walks the tree of
information states and scores the leaf by the pieces left on each side.

Example:
    >>> import pyspiel
    >>> from stratego_widget.openspiel import register
    >>> register()
    >>> game = pyspiel.load_game("python_stratego", {"ruleset": "duel", "max_plies": 40,
    ...     "red_setup": "corner-bombs", "blue_setup": "corner-bombs"})
    >>> bot = ismcts_bot(game, simulations=8, seed=1)
    >>> state = game.new_initial_state()
    >>> bot.step(state) in state.legal_actions()
    True
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts  # type: ignore[import-untyped]

from .bots.knowledge import WORTH
from .engine import pieces as P

__all__ = ["MaterialEvaluator", "ismcts_bot", "play_against_random"]

# The Flag is worth the game, not material: left out of the balance.
_SCALE = 12.0


class MaterialEvaluator:
    """Scores a state by the worth of the pieces each side has left (the bots' ``WORTH``),
    squashed into -1 .. 1; uniform priors. OpenSpiel's evaluator interface.

    Example:
        >>> import pyspiel
        >>> from stratego_widget.openspiel import register
        >>> register()
        >>> game = pyspiel.load_game("python_stratego", {"red_setup": "corner-bombs",
        ...                                              "blue_setup": "corner-bombs"})
        >>> MaterialEvaluator().evaluate(game.new_initial_state())
        [0.0, 0.0]
    """

    def evaluate(self, state: Any) -> list[float]:
        """``[red, blue]``: the result at the end, else the material balance."""
        if state.is_terminal():
            return [float(r) for r in state.returns()]
        game = state.game
        if game is None:
            return [0.0, 0.0]
        position = game.state
        worth = [0.0, 0.0]
        for side in (P.RED, P.BLUE):
            worth[side] = sum(WORTH[position.kind[pid]] for pid in position.pieces[side]
                              if position.square[pid] >= 0 and position.kind[pid] != P.FLAG)
        balance = math.tanh((worth[0] - worth[1]) / _SCALE)
        return [balance, 0.0 - balance]

    def prior(self, state: Any) -> list[tuple[int, float]]:
        """Every legal action equally likely."""
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


def ismcts_bot(game: Any, simulations: int = 30, seed: int = 0, uct_c: float = 2.0,
               worlds: int = 8) -> Any:
    """OpenSpiel's IS-MCTS bot for ``python_stratego`` with the material evaluator,
    drawing ``worlds`` resampled worlds per move (seeded: the same seed plays the same
    moves) and cloning them for its ``simulations``.

    Example:
        >>> import pyspiel
        >>> from stratego_widget.openspiel import register
        >>> register()
        >>> ismcts_bot(pyspiel.load_game("python_stratego"), simulations=4).__class__.__name__
        'ISMCTSBot'
    """
    bot = ismcts.ISMCTSBot(game, MaterialEvaluator(), uct_c=uct_c,
                           max_simulations=simulations, max_world_samples=worlds,
                           random_state=np.random.RandomState(seed))
    worlds_rng = random.Random(seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, worlds_rng))
    return bot


def play_against_random(game: Any, bot: Any, player: int, seed: int) -> float:
    """Play one game of ``bot`` (as ``player``, 0 Red or 1 Blue) against uniformly random
    moves, chance outcomes drawn with ``seed``; return the bot's result (+1, 0, -1).

    Example:
        >>> import pyspiel
        >>> from stratego_widget.openspiel import register
        >>> register()
        >>> game = pyspiel.load_game("python_stratego", {"max_plies": 6})
        >>> play_against_random(game, ismcts_bot(game, simulations=2), 0, seed=1) in (-1, 0, 1)
        True
    """
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=odds)))
        elif state.current_player() == player:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return float(state.returns()[player])
