"""The PettingZoo AEC environment: both players are agents (``"red"`` and ``"blue"``).

Turns follow the game: in the setup phase (``setup="agent"``) Red places all its pieces, then
Blue; then the side to move acts; a move that may rescue a piece is followed by the same agent's
rescue choice (see :mod:`stratego_widget.env.actions`). Each agent observes and acts in its own
frame (its back row is row 0). Rewards come at the end only: +1 for a win, -1 for a loss, 0 for
a draw. An action outside the mask raises
:class:`~stratego_widget.engine.errors.IllegalMoveError` and changes nothing
(``illegal_action="raise"``, the default), or (``"penalise"``) gives the agent
:data:`~stratego_widget.env.single.ILLEGAL_REWARD`, changes nothing else and lets it act again,
with ``infos[agent]["illegal"]`` true. ``infos[agent]`` holds the padded legal-action list
(``"legal_actions"``, padded with -1, and ``"legal_count"``) of the agent to act.

Example:
    >>> env = StrategoAEC("duel", setup="random")
    >>> env.reset(seed=1)
    >>> env.agent_selection, env.observe("red")["planes"].shape
    ('red', (46, 10, 10))
    >>> mask = env.observe("red")["action_mask"]
    >>> env.step(int(mask.nonzero()[0][0]))
    >>> env.agent_selection
    'blue'
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import pieces as P
from ..engine.rulesets import Ruleset, ruleset
from .actions import ActionLayout, action_index
from .match import Match
from .planes import Encoder, information_state
from .setup_sources import SetupSource
from .single import ILLEGAL_REWARD, check_illegal, padded

__all__ = ["StrategoAEC"]


class StrategoAEC(AECEnv[str, dict[str, np.ndarray], int]):
    """Stratego for two agents under any ruleset, option or variant (see the module docstring).

    ``rules``: a ruleset name such as ``"original+rescue"`` or a :class:`Ruleset` (a variant);
    ``setup``: ``"agent"``, ``"random"``, a preset or a list of ``(red, blue)`` setups (see
    :mod:`stratego_widget.env.setup_sources`); ``full_information``: show every enemy rank;
    ``spatial_mask``: add the spatial mask; ``max_plies``: truncate the episode after that many
    moves (``None``: the rules end it); ``action_layout``: ``"compact"`` or ``"flat"``;
    ``illegal_action``: ``"raise"`` or ``"penalise"``.

    Example:
        >>> env = StrategoAEC("barrage", setup="agent")
        >>> env.reset(seed=2)
        >>> env.observe("red")["phase"].tolist()
        [1.0, 0.0, 0.0, 0.0]
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "stratego_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, rules: Ruleset | str = "original", setup: Any = "random",
                 full_information: bool = False, spatial_mask: bool = False,
                 max_plies: int | None = None, render_mode: str | None = None,
                 action_layout: str = "compact", illegal_action: str = "raise") -> None:
        super().__init__()
        self.rules = ruleset(rules)
        self.source = SetupSource(self.rules, setup)
        self.illegal_action = check_illegal(illegal_action)
        self.layout = ActionLayout(self.rules, action_layout, placing=self.source.agent)
        self.max_legal = self.layout.max_legal()
        self.encoder = Encoder(self.rules, full_information, spatial_mask, self.layout)
        self.full_information = full_information
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.possible_agents = list(P.PLAYER_NAMES)
        self.agents = list(self.possible_agents)
        self._observation_space = self.encoder.space()
        self._action_space: spaces.Discrete = spaces.Discrete(self.encoder.layout.size)
        self._rng = random.Random()
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space (the same for both agents).

        Example:
            >>> StrategoAEC("duel").observation_space("red")["captured"].shape
            (2, 14)
        """
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The flat action space (see :mod:`stratego_widget.env.actions`).

        Example:
            >>> int(StrategoAEC("duel").action_space("blue").n)
            3600
        """
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new episode; the same seed gives the same episode for the same actions.

        Example:
            >>> env = StrategoAEC("duel")
            >>> env.reset(seed=5)
            >>> first = env.information_state("red")
            >>> env.reset(seed=5)
            >>> env.information_state("red") == first
            True
        """
        if seed is not None:
            self._rng = random.Random(seed)
        red, blue = self.source.draw(self._rng)
        placing = (self.source.agent, self.source.agent)
        self.match = Match(self.rules, placing, (red, blue), layout=self.layout)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.agent_selection = P.PLAYER_NAMES[self.match.actor]
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._legal_info()

    def _legal_info(self, illegal: bool = False) -> None:
        """Each agent's info: the padded legal-action list (empty for the one not acting)."""
        match = self._match()
        for agent in self.agents:
            acting = agent == self.agent_selection and match.phase != "over"
            legal = match.legal_actions() if acting else []
            self.infos[agent] = {"legal_actions": padded(legal, self.max_legal),
                                 "legal_count": len(legal),
                                 "illegal": illegal and agent == self.agent_selection}

    def action_masks(self) -> np.ndarray:
        """The selected agent's legal actions as a ``bool`` array (its ``action_mask``).

        Example:
            >>> env = StrategoAEC("duel")
            >>> env.reset(seed=1)
            >>> int(env.action_masks().sum()) == env.infos["red"]["legal_count"]
            True
        """
        return self.observe(self.agent_selection)["action_mask"].astype(np.bool_)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` observes now (see :mod:`stratego_widget.env.planes`).

        Example:
            >>> env = StrategoAEC("duel")
            >>> env.reset(seed=1)
            >>> int(env.observe("blue")["action_mask"].sum())
            0
        """
        return self.encoder.observe(self._match(), P.player_from_name(agent))

    def information_state(self, agent: str) -> str:
        """``agent``'s information-state string (see :func:`~stratego_widget.env.planes.information_state`).

        Example:
            >>> env = StrategoAEC("duel")
            >>> env.reset(seed=1)
            >>> env.information_state("blue").splitlines()[0]
            'Phase: play. You are Blue.'
        """
        return information_state(self._match(), P.player_from_name(agent),
                                 self.full_information)

    def step(self, action: int | None) -> None:
        """The selected agent acts (``None`` once it is terminated or truncated).

        Example:
            >>> env = StrategoAEC("duel")
            >>> env.reset(seed=1)
            >>> env.step(0)
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: Action 0 (a1-a2) is not legal now (play phase, Red to act).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self._match()
        index = action_index(action)
        if self.illegal_action == "penalise" and index is not None and \
                index not in match.choices():
            self._clear_rewards()
            self._cumulative_rewards[agent] = 0.0
            self.rewards[agent] = ILLEGAL_REWARD
            self._accumulate_rewards()
            self._legal_info(illegal=True)
            return
        match.step(action)  # type: ignore[arg-type]  # None raises IllegalMoveError there
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        game = match.game
        if match.phase == "over":
            for name in self.agents:
                self.rewards[name] = match.reward(P.player_from_name(name))
                self.terminations[name] = True
            self.agent_selection = P.PLAYER_NAMES[1 - P.player_from_name(agent)]
        else:
            if self.max_plies is not None and game is not None and game.ply >= self.max_plies:
                self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = P.PLAYER_NAMES[match.actor]
        self._legal_info()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``), as the referee sees it.

        Example:
            >>> env = StrategoAEC("duel", render_mode="ansi")
            >>> env.reset(seed=1)
            >>> isinstance(env.render(), str)
            True
        """
        if self.render_mode != "ansi":
            return None
        game = self._match().game
        return str(game) if game is not None else information_state(self._match(), P.RED)

    def close(self) -> None:
        """Nothing to release.

        Example:
            >>> StrategoAEC("duel").close()
        """

    def _match(self) -> Match:
        if self.match is None:
            self.reset()
        assert self.match is not None
        return self.match
