"""The Gymnasium environment: one agent against a built-in bot.

The agent plays ``player`` (Red by default); the other side is a bot of
:mod:`stratego_widget.bots` (``"random"``, ``"beginner"``, ``"heuristic"`` or ``"strong"``)
that moves as soon as it is its turn, so each :meth:`StrategoEnv.step` returns when the agent
acts again or the game is over. With ``setup="agent"`` (the default) the episode starts with the
agent's setup phase, one placement per step; the bot's side is set up at random. Rewards:
+1 win, -1 loss, 0 draw, at the end only. Observations and actions are in the agent's own
frame (its back row is row 0, see :mod:`stratego_widget.env.actions`). An action outside
``obs["action_mask"]`` is penalised (``illegal_action="penalise"``, the default: reward
:data:`ILLEGAL_REWARD`, nothing changes, ``info["illegal"]`` is true) or raises
:class:`~stratego_widget.engine.errors.IllegalMoveError` and changes nothing
(``illegal_action="raise"``); ``env.action_space.sample()`` draws among the legal actions of
the current state (as the mask does). ``info`` holds the padded legal-action list
(``"legal_actions"``, padded with -1, and ``"legal_count"``); :meth:`StrategoEnv.action_masks`
gives the mask as MaskablePPO reads it.

Example:
    >>> env = StrategoEnv("duel", opponent="random", setup="random")
    >>> obs, info = env.reset(seed=3)
    >>> action = int(obs["action_mask"].nonzero()[0][0])
    >>> obs, reward, terminated, truncated, info = env.step(action)
    >>> reward, info["phase"]
    (0.0, 'play')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots.registry import check_level, make_bot
from ..engine import pieces as P
from ..engine.errors import RulesetError
from ..engine.rulesets import Ruleset, ruleset
from .actions import ActionLayout, action_index, described
from .match import Match
from .planes import Encoder, information_state
from .setup_sources import SetupSource

__all__ = ["ILLEGAL_ACTIONS", "ILLEGAL_REWARD", "LegalActions", "StrategoEnv", "check_illegal",
           "padded"]

#: The reward of an illegal action with ``illegal_action="penalise"`` (the state unchanged).
ILLEGAL_REWARD = -1.0
#: What an illegal action does: ``"penalise"`` or ``"raise"``.
ILLEGAL_ACTIONS = ("penalise", "raise")


def check_illegal(value: object) -> str:
    """``value`` if it is one of :data:`ILLEGAL_ACTIONS`; else a one-line ``RulesetError``.

    Example:
        >>> check_illegal("raise")
        'raise'
    """
    if value not in ILLEGAL_ACTIONS:
        raise RulesetError("env-illegal", f"illegal_action is 'penalise' or 'raise', not "
                           f"{described(value)}.")
    return str(value)


def padded(actions: list[int], length: int) -> np.ndarray:
    """``actions`` as an ``int64`` array of ``length``, padded with -1.

    Example:
        >>> padded([3, 7], 4).tolist()
        [3, 7, -1, -1]
    """
    out = np.full(length, -1, np.int64)
    out[:len(actions)] = actions
    return out


class LegalActions(spaces.Discrete):
    """The flat action space whose :meth:`sample` (with no mask) draws a legal action.

    Example:
        >>> space = LegalActions(10, lambda: [3, 7], seed=1)
        >>> sorted({int(space.sample()) for _ in range(20)})
        [3, 7]
    """

    def __init__(self, n: int, legal: Callable[[], list[int]], seed: int | None = None) -> None:
        super().__init__(n, seed=seed)
        self.legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        """A legal action of the current state, or Gymnasium's sampling with a mask.

        Example:
            >>> int(LegalActions(5, lambda: [4]).sample())
            4
        """
        if mask is None and probability is None:
            legal = self.legal()
            if legal:
                return np.int64(legal[int(self.np_random.integers(len(legal)))])
        return super().sample(mask=mask, probability=probability)


class StrategoEnv(gymnasium.Env[dict[str, np.ndarray], int]):
    """Stratego for one agent against a bot (see the module docstring).

    ``rules``: a ruleset name or a :class:`Ruleset` (a variant); ``opponent``: a bot level;
    ``player``: the agent's side; ``setup``: ``"agent"``, ``"random"``, a preset or a list of
    ``(red, blue)`` setups; ``full_information``, ``spatial_mask`` and ``max_plies`` as in
    :class:`~stratego_widget.env.aec.StrategoAEC`; ``action_layout``: ``"compact"`` or
    ``"flat"``; ``illegal_action``: ``"penalise"`` or ``"raise"`` (see the module docstring).

    Example:
        >>> env = StrategoEnv("barrage", opponent="heuristic", player="blue")
        >>> obs, info = env.reset(seed=1)
        >>> info["phase"], int(obs["to_place"].sum()), info["legal_count"]
        ('setup', 8, 280)
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's instance attribute)

    def __init__(self, rules: Ruleset | str = "original", opponent: str = "random",
                 player: str = "red", setup: Any = "agent", full_information: bool = False,
                 spatial_mask: bool = False, max_plies: int | None = None,
                 render_mode: str | None = None, action_layout: str = "compact",
                 illegal_action: str = "penalise") -> None:
        self.rules = ruleset(rules)
        self.opponent = check_level(opponent)
        self.player = P.player_from_name(player)
        self.source = SetupSource(self.rules, setup)
        self.illegal_action = check_illegal(illegal_action)
        self.layout = ActionLayout(self.rules, action_layout, placing=self.source.agent)
        self.max_legal = self.layout.max_legal()
        self.encoder = Encoder(self.rules, full_information, spatial_mask, self.layout)
        self.full_information = full_information
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.observation_space = self.encoder.space()
        self.action_space = LegalActions(self.encoder.layout.size, self._legal)
        self.match: Match | None = None
        self.bot = make_bot(self.opponent, seed=0)

    def _legal(self) -> list[int]:
        match = self.match
        if match is None or match.phase == "over" or match.actor != self.player:
            return []
        return match.legal_actions()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start an episode; the same seed gives the same episode for the same actions.

        Example:
            >>> env = StrategoEnv("duel", setup="random")
            >>> a, _ = env.reset(seed=4)
            >>> b, _ = env.reset(seed=4)
            >>> bool((a["planes"] == b["planes"]).all())
            True
        """
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(2**62)))
        red, blue = self.source.draw(rng)
        placing = tuple(self.source.agent and p == self.player for p in (P.RED, P.BLUE))
        self.match = Match(self.rules, (placing[0], placing[1]), (red, blue), layout=self.layout)
        self.bot = make_bot(self.opponent, seed=rng.getrandbits(32))
        self._bot_moves()
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        """The agent acts, then the bot answers; returns Gymnasium's five values. An illegal
        action is penalised or raises (``illegal_action``), changing nothing either way.

        Example:
            >>> env = StrategoEnv("duel", setup="random")
            >>> _ = env.reset(seed=1)
            >>> _, reward, _, _, info = env.step(0)
            >>> reward, info["illegal"]
            (-1.0, True)
            >>> strict = StrategoEnv("duel", setup="random", illegal_action="raise")
            >>> _ = strict.reset(seed=1)
            >>> _ = strict.step(0)
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: Action 0 (a1-a2) is not legal now (play phase, Red to act).
        """
        match = self._match()
        if match.phase != "over" and match.actor != self.player:
            self._bot_moves()
        if self.illegal_action == "penalise" and action_index(action) is not None and (
                match.phase == "over" or action_index(action) not in match.choices()):
            info = self._info()
            info["illegal"] = True
            return self._observe(), ILLEGAL_REWARD, match.phase == "over", False, info
        match.step(action)
        self._bot_moves()
        over = match.phase == "over"
        game = match.game
        truncated = (not over and self.max_plies is not None and game is not None
                     and game.ply >= self.max_plies)
        reward = match.reward(self.player) if over else 0.0
        return self._observe(), reward, over, bool(truncated), self._info()

    @property
    def ended(self) -> bool:
        """Whether the episode is over (terminated or truncated): the next step needs a reset.

        Example:
            >>> env = StrategoEnv("duel", setup="random")
            >>> _ = env.reset(seed=1)
            >>> env.ended
            False
        """
        match = self._match()
        game = match.game
        return match.phase == "over" or (self.max_plies is not None and game is not None
                                         and game.ply >= self.max_plies)

    def action_masks(self) -> np.ndarray:
        """The legal actions now as a ``bool`` array of the action space's size (what
        sb3-contrib's MaskablePPO reads; the same as ``obs["action_mask"]``).

        Example:
            >>> env = StrategoEnv("duel", setup="random")
            >>> obs, _ = env.reset(seed=1)
            >>> bool((env.action_masks() == obs["action_mask"].astype(bool)).all())
            True
        """
        mask = np.zeros(self.layout.size, np.bool_)
        mask[self._legal()] = True
        return mask

    def check_action(self, action: object) -> int:
        """The index of ``action`` if the agent may take it now; else the ``IllegalMoveError``
        that :meth:`step` would raise with ``illegal_action="raise"`` (one line). Changes
        nothing.

        Example:
            >>> env = StrategoEnv("duel", setup="random")
            >>> obs, _ = env.reset(seed=1)
            >>> env.check_action(1.5)
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: An action is one whole number, an index of the action mask, not 1.5.
        """
        return self._match().check(action)

    def information_state(self) -> str:
        """The agent's information-state string (see :func:`~stratego_widget.env.planes.information_state`).

        Example:
            >>> env = StrategoEnv("duel", setup="random")
            >>> _ = env.reset(seed=1)
            >>> env.information_state().splitlines()[0]
            'Phase: play. You are Red.'
        """
        return information_state(self._match(), self.player, self.full_information)

    def render(self) -> str | None:  # type: ignore[override]
        """The agent's information state as text (``render_mode="ansi"``).

        Example:
            >>> env = StrategoEnv("duel", setup="random", render_mode="ansi")
            >>> _ = env.reset(seed=1)
            >>> env.render().startswith("Phase: play")
            True
        """
        return self.information_state() if self.render_mode == "ansi" else None

    def _bot_moves(self) -> None:
        match = self._match()
        game = match.game
        bot_name = P.PLAYER_NAMES[1 - self.player]
        while game is not None and not game.is_over and game.state.to_move != self.player:
            reads = getattr(self.bot, "reads_history", True)
            match.play_move(self.bot.choose(game.observation(bot_name, history=reads)))

    def _observe(self) -> dict[str, np.ndarray]:
        return self.encoder.observe(self._match(), self.player)

    def _info(self) -> dict[str, Any]:
        match = self._match()
        legal = self._legal()
        return {"phase": match.phase, "ply": match.game.ply if match.game else 0,
                "legal_actions": padded(legal, self.max_legal), "legal_count": len(legal),
                "illegal": False}

    def _match(self) -> Match:
        if self.match is None:
            self.reset()
        assert self.match is not None
        return self.match
