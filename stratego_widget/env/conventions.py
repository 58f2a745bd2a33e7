"""The environments in the forms other libraries expect: ``gym.make`` ids and an array
observation for libraries that take one array (Stable-Baselines3's MaskablePPO).

- :data:`ENV_ID` (``"stratego_widget/Stratego-v0"``): ``gymnasium.make(ENV_ID, ruleset=...,
  **options)`` makes a :class:`~stratego_widget.env.single.StrategoEnv` (every option of it;
  ``ruleset`` is its ``rules``); ``gymnasium.make_vec(ENV_ID, num_envs=n, ...)`` steps ``n``
  of them.
- :data:`COMPILED_ID` (``"stratego_widget/StrategoCompiled-v0"``):
  ``gymnasium.make_vec(COMPILED_ID, num_envs=n, vectorization_mode="vector_entry_point",
  ruleset=...)`` makes a :class:`~stratego_widget.env.compiled.CompiledVectorEnv`.
- :class:`ArrayObservation` turns the dict observation into one ``float32`` vector (planes,
  captured, to_place and phase, in that order; the mask left out) and keeps
  :meth:`~ArrayObservation.action_masks`, so MaskablePPO's ``MlpPolicy`` runs unchanged.

:func:`register` is called when :mod:`stratego_widget.env` is imported.

Example:
    >>> import gymnasium
    >>> env = gymnasium.make(ENV_ID, ruleset="barrage", setup="random")
    >>> obs, info = env.reset(seed=1)
    >>> obs["planes"].shape, info["legal_count"]
    ((46, 10, 10), 32)
"""

from __future__ import annotations

from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium import spaces

from ..engine.rulesets import Ruleset
from .single import StrategoEnv

__all__ = ["COMPILED_ID", "ENV_ID", "ArrayObservation", "make_compiled", "make_stratego",
           "register"]

#: The ``gym.make`` id of :class:`StrategoEnv`.
ENV_ID = "stratego_widget/Stratego-v0"
#: The ``gym.make_vec`` id of :class:`CompiledVectorEnv` (``vector_entry_point``).
COMPILED_ID = "stratego_widget/StrategoCompiled-v0"
_PARTS = ("planes", "captured", "to_place", "phase")


def make_stratego(ruleset: Ruleset | str = "original", **options: Any) -> StrategoEnv:
    """A :class:`StrategoEnv` of ``ruleset`` (the entry point of :data:`ENV_ID`).

    Example:
        >>> make_stratego("duel", setup="random").rules.name
        'duel'
    """
    return StrategoEnv(ruleset, **options)


def make_compiled(ruleset: Ruleset | str = "original", num_envs: int = 8,
                  **options: Any) -> gymnasium.vector.VectorEnv:
    """A :class:`~stratego_widget.env.compiled.CompiledVectorEnv` of ``ruleset`` (the vector
    entry point of :data:`COMPILED_ID`).

    Example:
        >>> make_compiled("barrage", num_envs=2).num_envs
        2
    """
    from .compiled import CompiledVectorEnv
    return CompiledVectorEnv(ruleset, num_envs=num_envs, **options)


def register() -> None:
    """Register :data:`ENV_ID` and :data:`COMPILED_ID` with Gymnasium (once).

    Example:
        >>> register()
        >>> ENV_ID in gymnasium.registry
        True
    """
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(ENV_ID, entry_point=make_stratego)
    if COMPILED_ID not in gymnasium.registry:
        gymnasium.register(COMPILED_ID, vector_entry_point=make_compiled)


class ArrayObservation(gymnasium.ObservationWrapper[np.ndarray, int, dict[str, np.ndarray]]):
    """The observation of a :class:`StrategoEnv` as one ``float32`` vector (see the module
    docstring), the legal actions from :meth:`action_masks`.

    Example:
        >>> env = ArrayObservation(StrategoEnv("barrage", setup="random"))
        >>> obs, _ = env.reset(seed=1)
        >>> obs.shape, obs.dtype, int(env.action_masks().sum())
        ((4645,), dtype('float32'), 32)
    """

    def __init__(self, env: gymnasium.Env[dict[str, np.ndarray], int]) -> None:
        super().__init__(env)
        space = env.observation_space
        assert isinstance(space, spaces.Dict)
        boxes = [cast(spaces.Box, space[name]) for name in _PARTS]
        low = np.concatenate([np.asarray(box.low, np.float32).ravel() for box in boxes])
        high = np.concatenate([np.asarray(box.high, np.float32).ravel() for box in boxes])
        self.observation_space = spaces.Box(low, high, dtype=np.float32)

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        """The dict observation flattened (planes, captured, to_place, phase).

        Example:
            >>> env = ArrayObservation(StrategoEnv("duel", setup="random"))
            >>> obs, _ = env.reset(seed=1)
            >>> bool(env.observation_space.contains(obs))
            True
        """
        return np.concatenate([np.asarray(observation[name], np.float32).ravel()
                               for name in _PARTS])

    def action_masks(self) -> np.ndarray:
        """The wrapped environment's :meth:`StrategoEnv.action_masks`.

        Example:
            >>> env = ArrayObservation(StrategoEnv("duel", setup="random"))
            >>> _ = env.reset(seed=1)
            >>> env.action_masks().dtype
            dtype('bool')
        """
        inner = self.env.unwrapped
        assert isinstance(inner, StrategoEnv)
        return inner.action_masks()
