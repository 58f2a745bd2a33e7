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
    (3, 17801)
    >>> envs.close()
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gymnasium.vector import SyncVectorEnv

from .single import StrategoEnv

__all__ = ["vector_env"]


def vector_env(num_envs: int, **options: Any) -> SyncVectorEnv:
    """``num_envs`` copies of :class:`StrategoEnv` (``options`` as its arguments), stepped together.

    Example:
        >>> vector_env(2, rules="barrage").num_envs
        2
    """
    return SyncVectorEnv([partial(StrategoEnv, **options) for _ in range(num_envs)])
