"""A whole game between two bots, from random sensible setups.

Example:
    >>> from .random_bot import RandomBot
    >>> game = play_game("duel", RandomBot(1), RandomBot(2), seed=7, max_plies=50)
    >>> game.is_over, game.ply <= 50
    (True, True)
"""

from __future__ import annotations

from ..engine.game import Game
from ..engine.rulesets import Ruleset, ruleset
from .protocol import Bot

__all__ = ["play_game"]


def play_game(rules: Ruleset | str, red: Bot, blue: Bot, seed: int | None = None,
              max_plies: int | None = None) -> Game:
    """Play a whole game between two bots from random sensible setups; return the game.

    ``max_plies`` caps the game (a draw when reached), overriding the ruleset's own cap. A bot
    whose ``reads_history`` is false gets observations without the list of past moves.

    Example:
        >>> from .random_bot import RandomBot
        >>> game = play_game("barrage", RandomBot(1), RandomBot(2), seed=3, max_plies=20)
        >>> game.is_over
        True
    """
    rs = ruleset(rules)
    if max_plies is not None:
        rs = rs.with_params(max_plies=max_plies)
    game = Game.random(rs, seed=seed)
    players = {"red": red, "blue": blue}
    history = {side: getattr(bot, "reads_history", True) for side, bot in players.items()}
    while not game.is_over:
        mover = game.to_move
        game.play(players[mover].choose(game.observation(mover, history=history[mover])))
    return game
