"""The vectorised form: many games stepped together, as Gymnasium's ``SyncVectorEnv`` of
:class:`~stratego_widget.env.single.StrategoEnv`.

It is a plain vector of games on the pure-Python engine (every rule, the setup phase and
every option of :class:`~stratego_widget.env.StrategoEnv`);
:class:`~stratego_widget.env.compiled.CompiledVectorEnv` steps many games in compiled code, about
thirty times faster. Finished games restart on the next step
(Gymnasium's default autoreset).

Example:
    >>> envs = vector_env(3, rules="duel", setup="random")
    >>> obs, infos = envs.reset(seed=1)
    >>> obs["action_mask"].shape
    (3, 3600)
    >>> envs.close()
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
from gymnasium.vector import SyncVectorEnv

from ..engine.errors import IllegalMoveError
from .actions import described
from .single import StrategoEnv

__all__ = ["StrategoVectorEnv", "vector_env"]


class StrategoVectorEnv(SyncVectorEnv):
    """Gymnasium's ``SyncVectorEnv`` of :class:`StrategoEnv` whose :meth:`step` checks every
    action before it plays any: actions that are not one whole number per environment, or (with
    ``illegal_action="raise"``) an illegal action in any game, raise ``IllegalMoveError`` in
    one line and no game moves.

    Example:
        >>> envs = vector_env(2, rules="duel", setup="random")
        >>> _ = envs.reset(seed=1)
        >>> envs.step(np.array([[403, 405], [403, 405]]))
        Traceback (most recent call last):
        ...
        stratego_widget.IllegalMoveError: vector_env.step takes 2 whole numbers, one action per environment, not a numpy array of shape (2, 2) and dtype int64.
    """

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Check every action (see the class), then step every game as ``SyncVectorEnv`` does.

        Example:
            >>> envs = vector_env(1, rules="duel", setup="random")
            >>> obs, _ = envs.reset(seed=1)
            >>> _, _, _, _, infos = envs.step([int(obs["action_mask"][0].nonzero()[0][0])])
            >>> int(infos["ply"][0])
            2
        """
        try:
            chosen = np.asarray(actions)
        except (TypeError, ValueError):
            chosen = None
        if chosen is None or chosen.shape != (self.num_envs,) or not np.issubdtype(
                chosen.dtype, np.integer):
            raise IllegalMoveError("env-action", f"vector_env.step takes {self.num_envs} whole "
                                   f"numbers, one action per environment, not "
                                   f"{described(actions if chosen is None else chosen)}.")
        for env, action in zip(self.envs, chosen.tolist(), strict=True):
            game = env.unwrapped
            if isinstance(game, StrategoEnv) and not game.ended and \
                    game.illegal_action == "raise":  # an ended one resets
                game.check_action(action)
        return super().step(chosen)


def vector_env(num_envs: int, **options: Any) -> StrategoVectorEnv:
    """``num_envs`` copies of :class:`StrategoEnv` (``options`` as its arguments), stepped together.

    Example:
        >>> vector_env(2, rules="barrage").num_envs
        2
    """
    return StrategoVectorEnv([partial(StrategoEnv, **options) for _ in range(num_envs)])

