"""Stratego as reinforcement-learning environments (extra ``rl``): PettingZoo's AEC API for two
agents and Gymnasium's API for one agent against a bot, for every ruleset, option and variant.

See ``docs/environments.md``. The observation (:mod:`~stratego_widget.env.planes`) holds only
what the acting player knows, seen from its side; the actions (:mod:`~stratego_widget.env.actions`)
are one index (compact or flat layout) with a mask. Importing this package registers the
``gym.make`` ids of :mod:`~stratego_widget.env.conventions`.

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
from .conventions import COMPILED_ID, ENV_ID, ArrayObservation, register  # noqa: E402
from .match import Match  # noqa: E402
from .planes import CHANNELS, Encoder, information_state  # noqa: E402
from .selfplay import CompiledSelfPlayEnv  # noqa: E402
from .setup_sources import SetupSource, gravon_setups  # noqa: E402
from .single import ILLEGAL_REWARD, LegalActions, StrategoEnv  # noqa: E402
from .trajectories import trajectories  # noqa: E402
from .vector import StrategoVectorEnv, vector_env  # noqa: E402

register()

__all__ = ["CHANNELS", "COMPILED_ID", "ENV_ID", "ILLEGAL_REWARD", "ActionLayout",
           "ArrayObservation", "CompiledSelfPlayEnv", "CompiledVectorEnv", "Encoder",
           "LegalActions", "Match", "SetupSource", "StrategoAEC", "StrategoEnv",
           "StrategoVectorEnv", "gravon_setups", "information_state", "trajectories", "vector_env"]
