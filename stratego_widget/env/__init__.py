"""Stratego as reinforcement-learning environments (extra ``rl``): PettingZoo's AEC API for two
agents and Gymnasium's API for one agent against a bot, for every ruleset, option and variant.

See ``docs/environments.md``. The observation (:mod:`~stratego_widget.env.planes`) holds only
what the acting player knows; the actions (:mod:`~stratego_widget.env.actions`) are one flat
index with a mask.

Example:
    >>> from stratego_widget.env import StrategoEnv
    >>> obs, info = StrategoEnv("duel", setup="random").reset(seed=1)
    >>> sorted(obs)
    ['action_mask', 'captured', 'phase', 'planes', 'to_place']
"""

from __future__ import annotations

from ..batch.extras import require

require("numpy", "stratego_widget.env", "rl")
require("gymnasium", "stratego_widget.env", "rl")
require("pettingzoo", "stratego_widget.env", "rl")

from .actions import ActionLayout  # noqa: E402
from .aec import StrategoAEC  # noqa: E402
from .compiled import CompiledVectorEnv  # noqa: E402
from .match import Match  # noqa: E402
from .planes import CHANNELS, Encoder, information_state  # noqa: E402
from .setup_sources import SetupSource, gravon_setups  # noqa: E402
from .single import LegalActions, StrategoEnv  # noqa: E402
from .vector import StrategoVectorEnv, vector_env  # noqa: E402

__all__ = ["CHANNELS", "ActionLayout", "CompiledVectorEnv", "Encoder", "LegalActions", "Match",
           "SetupSource", "StrategoAEC", "StrategoEnv", "StrategoVectorEnv", "gravon_setups", "information_state", "vector_env"]
