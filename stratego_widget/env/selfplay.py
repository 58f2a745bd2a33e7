"""Compiled self-play: many games stepped together in machine code (numba), both sides agents.

:class:`CompiledSelfPlayEnv` keeps its games in the arrays of
:mod:`stratego_widget.batch.stepper` (the compiled batch kernel's move generation, repetition
rules and endings), as :class:`~stratego_widget.env.compiled.CompiledVectorEnv` does, but no
policy plays inside: each :meth:`~CompiledSelfPlayEnv.step` plays, in every game, the action
the caller gives for the side to move there, and returns what the side to move next knows.
Red and Blue are both agents (self-play, fictitious play, PSRO, R-NaD): the caller decides
which policy answers for which side.

- Actions: the index of :class:`~stratego_widget.env.actions.ActionLayout` (``"compact"`` by
  default or ``"flat"``) in the frame of the player to move in that game, one per game. An
  action outside the mask raises :class:`~stratego_widget.engine.errors.IllegalMoveError` in
  one line and plays nothing in any game (``illegal_action="raise"``, the default), or
  (``"penalise"``) leaves its game as it was, the same player to move again, with reward
  :data:`~stratego_widget.env.single.ILLEGAL_REWARD` for that player and ``infos["illegal"]``.
- Observations: a dict of batched arrays with the keys and channels of
  :class:`~stratego_widget.env.single.StrategoEnv`'s, game ``g``'s drawn from the side of
  ``infos["to_move"][g]`` (0 Red, 1 Blue) from that player's knowledge only, in its own frame
  (Blue's board turned 180°), with its action mask. :meth:`~CompiledSelfPlayEnv.observe` gives
  any player's observation of every game (all 0 in the mask where it is not to move), for
  instance the loser's last view.
- Rewards: ``float32 (num_envs, 2)``, Red's and Blue's: +1 for a win, -1 for a loss, 0 for a
  draw, when a game ends; 0 before.
- Endings: ``terminated`` by the rules (a ruleset's own ``max_plies`` a draw), ``truncated``
  after ``max_plies`` plies (5,000 by default) where the ruleset has no limit.
- Autoreset: next-step, as ``CompiledVectorEnv``: the step after a game ends ignores its
  action, starts a new deal and says so in ``infos["autoreset"]``.
- ``infos``: ``"to_move"``, ``"ply"``, ``"ending"`` (the engine's termination id),
  ``"autoreset"``, ``"illegal"`` and the padded legal-action lists of the side to move
  (``"legal_actions"``, ``(num_envs, max_legal)`` padded with -1, and ``"legal_count"``).

Rulesets with Rescue are not played here (as in ``CompiledVectorEnv``); every other ruleset,
option and variant the kernel plays is. Without numba, making one raises an ``ImportError``
naming the extra ``fast``.

Example:
    >>> envs = CompiledSelfPlayEnv("barrage", num_envs=4, seed=1)
    >>> obs, infos = envs.reset()
    >>> infos["to_move"].tolist()
    [0, 0, 0, 0]
    >>> obs, rewards, terminated, truncated, infos = envs.step(envs.sample_actions())
    >>> infos["to_move"].tolist(), rewards.shape
    ([1, 1, 1, 1], (4, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from ..batch.deals import deal, fresh, seeds
from ..batch.layout import PLY_LIMIT
from ..batch.play import DEFAULT_MAX_PLIES
from ..engine import pieces as P
from ..engine.errors import IllegalMoveError, RulesetError
from ..engine.game import Game
from ..engine.rulesets import Ruleset
from .actions import KINDS, ActionLayout, described
from .compiled import CHANNEL_NUMBERS, ENDINGS, base_planes, checked, observation_space, reset_start
from .planes import LAST_MOVES, PHASES
from .single import ILLEGAL_REWARD, check_illegal

__all__ = ["CompiledSelfPlayEnv"]

_PLIES, _WINNER, _ENDING, _TO_MOVE = 0, 2, 3, 4
_FEATURE = "CompiledSelfPlayEnv"
_ENDINGS = np.array(ENDINGS, dtype=object)


class CompiledSelfPlayEnv:
    """``num_envs`` games of ``rules`` in which the caller plays both sides, stepped together
    in compiled code (see the module docstring). ``seed`` is the seed of the first
    :meth:`reset` that is given none.

    Example:
        >>> envs = CompiledSelfPlayEnv("duel", num_envs=2, seed=3)
        >>> int(envs.single_action_space.n), envs.action_space.shape
        (3600, (2,))
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (Gymnasium's)

    def __init__(self, rules: Ruleset | str = "original", num_envs: int = 8,
                 seed: int | None = None, max_plies: int = DEFAULT_MAX_PLIES,
                 action_layout: str = "compact", illegal_action: str = "raise") -> None:
        stepper, rs, cap = checked(_FEATURE, rules, num_envs, max_plies)
        self.rules = rs
        self.num_envs = num_envs
        self.truncates = rs.max_plies is None
        self.illegal_action = check_illegal(illegal_action)
        self.layout = ActionLayout(rs, action_layout)
        self.codecs = np.stack([self.layout.codec_for(P.RED), self.layout.codec_for(P.BLUE)])
        self.max_legal = self.layout.max_legal()
        self.boards = stepper.Boards(rs, num_envs, -1, 0, cap)
        self.bases = np.stack([base_planes(rs, P.RED), base_planes(rs, P.BLUE)])
        self.single_observation_space = observation_space(rs, self.layout)
        self.single_action_space: spaces.Discrete = spaces.Discrete(self.layout.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.layout.size))
        self.first_seed = seed
        self.seed_base = 0
        self.episodes = 0
        self.starts: list[Game] = []
        self.done = np.zeros(num_envs, np.bool_)
        self.restarted = np.zeros(num_envs, np.bool_)
        self.illegal = np.zeros(num_envs, np.bool_)
        self.mask = np.zeros((num_envs, self.layout.size), np.int8)

    @property
    def to_move(self) -> np.ndarray:
        """The player to move in each game (0 Red, 1 Blue): whose observation the last
        step returned and whose action the next step plays.

        Example:
            >>> envs = CompiledSelfPlayEnv("barrage", num_envs=2, seed=1)
            >>> _ = envs.reset()
            >>> envs.to_move.tolist()
            [0, 0]
        """
        return self.boards.scalars[:, _TO_MOVE].copy()

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start every game again: random deals reproduced by ``seed`` (an int), or the games
        in ``options["games"]`` (one per environment, none of them begun); the observations
        of the side to move (Red, unless a given game says otherwise).

        Example:
            >>> envs = CompiledSelfPlayEnv("barrage", num_envs=2)
            >>> a, _ = envs.reset(seed=3)
            >>> b, _ = envs.reset(seed=3)
            >>> bool((a["planes"] == b["planes"]).all())
            True
        """
        seed, given = reset_start(_FEATURE, self.rules, self.num_envs, seed, self.first_seed,
                                  options)
        self.first_seed = None
        self.seed_base, self.episodes = seed, 0
        self.starts = ([self._deal() for _ in range(self.num_envs)] if given is None
                       else [fresh(self.rules, game) for game in given])
        for g, game in enumerate(self.starts):
            self.boards.load(g, game, 0)
        self.boards.advance(np.full(self.num_envs, -1, np.int64),
                            np.ones(self.num_envs, np.bool_))
        self.done[:] = self.boards.scalars[:, _ENDING] != 0
        self.restarted[:] = False
        self.illegal[:] = False
        return self._observe(), self._infos()

    def _deal(self) -> Game:
        """The next episode's random deal (episodes numbered in order)."""
        setup, _ = seeds(self.seed_base, self.episodes)
        self.episodes += 1
        return deal(self.rules, setup)

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        """Play in every game the action of the side to move (games that ended on the last
        step start again and ignore theirs); the next side to move's observations, both
        players' rewards ``(num_envs, 2)``, terminations, truncations and infos.

        Example:
            >>> envs = CompiledSelfPlayEnv("barrage", num_envs=2, seed=1)
            >>> obs, _ = envs.reset()
            >>> envs.step([0, 0])
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: CompiledSelfPlayEnv.step: action 0 (a1-a2) of red is not legal in game 0 now.
        """
        if not self.starts:
            raise RulesetError("env-compiled", f"{_FEATURE}.step: call reset() first.")
        try:
            chosen = np.asarray(actions)
        except (TypeError, ValueError):  # ragged lists
            chosen = np.asarray(None)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise IllegalMoveError("env-compiled", f"{_FEATURE}.step takes {self.num_envs} "
                                   f"whole numbers, one action per game, not "
                                   f"{described(chosen if chosen.shape else actions)}.")
        mover = self.to_move
        playing = ~self.done
        codes = np.full(self.num_envs, -1, np.int64)
        for player in (P.RED, P.BLUE):
            rows = playing & (mover == player)
            found = self.boards.codes_of(chosen, rows, self.codecs[player])
            codes[rows] = found[rows]
        illegal = playing & (codes < 0)
        wrong = np.flatnonzero(illegal)
        if len(wrong) and self.illegal_action == "raise":
            g = int(wrong[0])
            action, player = int(chosen[g]), int(mover[g])
            raise IllegalMoveError("env-compiled", f"{_FEATURE}.step: action {action} "
                                   f"({self.layout.describe(action, player)}) of "
                                   f"{P.PLAYER_NAMES[player]} is not legal in game {g} now.")
        self.restarted = self.done.copy()
        for row in np.flatnonzero(self.done).tolist():
            self.starts[row] = self._deal()
            self.boards.load(row, self.starts[row], 0)
            codes[row] = -1
        self.boards.advance(codes, ~illegal)
        scalars = self.boards.scalars
        ending = scalars[:, _ENDING]
        over = (ending != 0) & ~self.restarted
        limit = over & (ending == PLY_LIMIT) & self.truncates
        winner = scalars[:, _WINNER]
        rewards = np.zeros((self.num_envs, 2), np.float32)
        for player in (P.RED, P.BLUE):
            rewards[:, player] = np.where(over & (winner == player), 1.0, 0.0)
            rewards[:, player] -= np.where(over & (winner == 1 - player), 1.0, 0.0)
        rewards[wrong, mover[wrong]] = ILLEGAL_REWARD
        self.illegal = illegal
        self.done = ending != 0
        return self._observe(), rewards, over & ~limit, limit, self._infos()

    def observe(self, player: int | str) -> dict[str, np.ndarray]:
        """Every game as ``player`` (0 or ``"red"``, 1 or ``"blue"``) knows it, in its frame:
        the keys of the step's observations, the mask all 0 where it is not to move.

        Example:
            >>> envs = CompiledSelfPlayEnv("barrage", num_envs=2, seed=1)
            >>> _ = envs.reset()
            >>> int(envs.observe("blue")["action_mask"].sum())
            0
        """
        who = player if isinstance(player, int) and player in (P.RED, P.BLUE) \
            else P.player_from_name(str(player))
        return self._observe(np.full(self.num_envs, who, np.int64), keep=False)

    def start(self, index: int) -> Game:
        """A new engine game in the start position of game ``index``'s current episode.

        Example:
            >>> envs = CompiledSelfPlayEnv("barrage", num_envs=1, seed=2)
            >>> _ = envs.reset()
            >>> envs.start(0).ply
            0
        """
        return fresh(self.rules, self.starts[index])

    def moves(self, index: int) -> list[int]:
        """The engine move codes played so far in game ``index``'s current episode.

        Example:
            >>> envs = CompiledSelfPlayEnv("barrage", num_envs=1, seed=2)
            >>> _ = envs.reset()
            >>> envs.moves(0)
            []
        """
        return self.boards.moves(index)

    def sample_actions(self, rng: np.random.Generator | None = None) -> np.ndarray:
        """One legal action of the side to move per game, drawn uniformly (0 for a game that
        is over, whose next action is ignored), without scanning the masks.

        Example:
            >>> envs = CompiledSelfPlayEnv("barrage", num_envs=3, seed=1)
            >>> obs, _ = envs.reset()
            >>> actions = envs.sample_actions(np.random.default_rng(0))
            >>> [bool(obs["action_mask"][g, a]) for g, a in enumerate(actions)]
            [True, True, True]
        """
        generator = rng if rng is not None else np.random.default_rng()
        counts = self.boards.legal_count
        picks = np.minimum((generator.random(self.num_envs) * counts).astype(np.int64),
                           np.maximum(counts - 1, 0))
        blue = self.to_move == P.BLUE
        red = self.boards.actions_at(picks, self.codecs[P.RED])
        return np.where(blue, self.boards.actions_at(picks, self.codecs[P.BLUE]), red)

    def action_masks(self) -> np.ndarray:
        """The legal actions of the side to move in every game, ``bool (num_envs, actions)``.

        Example:
            >>> envs = CompiledSelfPlayEnv("barrage", num_envs=2, seed=1)
            >>> obs, _ = envs.reset()
            >>> bool((envs.action_masks() == obs["action_mask"].astype(bool)).all())
            True
        """
        return self.mask.astype(np.bool_)

    def _observe(self, players: np.ndarray | None = None,
                 keep: bool = True) -> dict[str, np.ndarray]:
        n = self.num_envs
        who = self.to_move if players is None else players
        planes = np.empty((n, *self.bases.shape[1:]), np.float32)
        captured = np.empty((n, 2, KINDS + 1), np.float32)
        mask = np.empty((n, self.layout.size), np.int8)
        self.boards.observe(CHANNEL_NUMBERS, self.bases, LAST_MOVES, self.codecs, planes,
                            captured, mask, players=who)
        phase = np.zeros((n, len(PHASES)), np.float32)
        over = self.boards.scalars[:, _ENDING] != 0
        phase[:, PHASES.index("play")] = ~over
        phase[:, PHASES.index("over")] = over
        if keep:
            self.mask = mask
        return {"planes": planes, "captured": captured,
                "to_place": np.zeros((n, KINDS), np.float32), "phase": phase,
                "action_mask": mask}

    def _infos(self) -> dict[str, Any]:
        scalars = self.boards.scalars
        mover = self.to_move
        legal = np.empty((self.num_envs, self.max_legal), np.int64)
        self.boards.legal_actions(self.codecs, legal, players=mover)
        return {"to_move": mover, "ply": scalars[:, _PLIES].copy(),
                "ending": _ENDINGS[scalars[:, _ENDING]],
                "autoreset": self.restarted.copy(), "illegal": self.illegal.copy(),
                "legal_actions": legal, "legal_count": self.boards.legal_count.copy()}
