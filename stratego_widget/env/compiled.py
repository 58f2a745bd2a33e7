"""The compiled vectorised environment: many games stepped together in machine code (numba).

:class:`CompiledVectorEnv` is a Gymnasium ``VectorEnv`` (the 1.x API) whose games live in the
arrays of :mod:`stratego_widget.batch.stepper`, built on the compiled batch kernel. Each
:meth:`~CompiledVectorEnv.step` plays one agent action in every game, then the other side's
answer by a batch policy (``"random"``, ``"beginner"`` or ``"heuristic"``, see
:mod:`stratego_widget.batch.policies`) inside the compiled code, and returns for every game
what the agent knows. The games start from random deals (:func:`stratego_widget.batch.deal`)
or from games given to :meth:`~CompiledVectorEnv.reset`; a finished game starts again on the
next step (Gymnasium's next-step autoreset: that step ignores its action, returns the new
game's first observation, reward 0 and neither terminated nor truncated).

- Actions: the index of :class:`~stratego_widget.env.actions.ActionLayout` (``"compact"`` by
  default or ``"flat"``, in the agent's own frame, the same as
  :class:`~stratego_widget.env.single.StrategoEnv`), one per game (``MultiDiscrete``). An
  action outside the mask raises :class:`~stratego_widget.engine.errors.IllegalMoveError` and
  changes nothing (``illegal_action="raise"``, the default), or (``"penalise"``) leaves its
  game as it was, with reward :data:`~stratego_widget.env.single.ILLEGAL_REWARD` and
  ``infos["illegal"]`` true, while the other games play.
- Observations, a dict of batched arrays with the keys of ``StrategoEnv``'s: ``"planes"``
  ``float32 (num_envs, 46, height, width)`` in the agent's frame, the channels of
  :data:`~stratego_widget.env.planes.CHANNELS` (the two "rescue pending" planes stay 0);
  ``"captured"`` ``float32 (num_envs, 2, 14)``; ``"to_place"`` ``float32 (num_envs, 13)`` (all
  0: the games start set up); ``"phase"`` ``float32 (num_envs, 4)`` (play, or over once a game
  ended); ``"action_mask"`` ``int8 (num_envs, actions)``, all 0 once a game is over. Each is
  what :class:`~stratego_widget.env.planes.Encoder` gives for the same game.
- Rewards: +1 win, -1 loss, 0 draw, at the end only. A ruleset's own ``max_plies`` ends a game
  as a draw (terminated); without one, ``max_plies`` here (5,000 by default) truncates it.
- ``infos``: ``"ply"`` (plies played in each game), ``"ending"`` (the engine's termination
  id, ``""`` while the game goes on), ``"autoreset"`` (true for the games this step started
  again, ignoring their action), ``"illegal"`` (the games whose action was penalised), and the padded legal-action lists ``"legal_actions"``
  (``(num_envs, max_legal)``, padded with -1) and ``"legal_count"``.

Rulesets with Rescue are not played here (their two-step rescue choice is in
:class:`~stratego_widget.env.single.StrategoEnv`); every other ruleset, option and variant the
kernel plays is. Without numba, making one raises an ``ImportError`` naming the extra ``fast``.

Example:
    >>> envs = CompiledVectorEnv("barrage", num_envs=4, seed=1)
    >>> obs, infos = envs.reset()
    >>> obs["planes"].shape, obs["action_mask"].shape
    ((4, 46, 10, 10), (4, 3600))
    >>> actions = [int(np.flatnonzero(row)[0]) for row in obs["action_mask"]]
    >>> obs, rewards, terminations, truncations, infos = envs.step(actions)
    >>> infos["ply"].tolist()
    [2, 2, 2, 2]
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..batch import backend as backends
from ..batch.deals import deal, fresh, seeds
from ..batch.layout import PLY_LIMIT, TERMINATIONS
from ..batch.play import DEFAULT_MAX_PLIES
from ..batch.policies import POLICIES
from ..engine import pieces as P
from ..engine.errors import IllegalMoveError, RulesetError
from ..engine.game import Game
from ..engine.repetition import MORE_SQUARES, TWO_SQUARE
from ..engine.rulesets import Ruleset, ruleset
from ..engine.setups import setup_area
from .actions import KINDS, ActionLayout, described
from .planes import CHANNELS, LAST_MOVES, PHASES
from .single import ILLEGAL_REWARD, check_illegal

__all__ = ["CHANNEL_NUMBERS", "ENDINGS", "CompiledVectorEnv", "base_planes", "checked",
           "observation_space"]

#: The engine's termination ids, by the number the compiled games keep.
ENDINGS = TERMINATIONS
_PLIES, _WINNER, _ENDING = 0, 2, 3
_C = {name: i for i, name in enumerate(CHANNELS)}
#: The plane numbers the compiled observation draws into (see ``Boards.observe``).
CHANNEL_NUMBERS = np.array([_C["own flag"], _C["enemy flag"], _C["enemy unknown moved"],
                            _C["enemy unknown unmoved"], _C["own moved"], _C["own known to enemy"],
                            _C["last move 1 from"], _C[f"{TWO_SQUARE} refused piece"],
                            _C[f"{TWO_SQUARE} refused target"], _C[f"{MORE_SQUARES} refused piece"],
                            _C[f"{MORE_SQUARES} refused target"]], np.int64)


def checked(feature: str, rules: Ruleset | str, num_envs: int,
            max_plies: int) -> tuple[ModuleType, Ruleset, int]:
    """The compiled stepper module, the ruleset and the ply cap for a compiled environment
    named ``feature``, or a one-line error naming what is wrong (Rescue, a ruleset the kernel
    does not play, ``num_envs``, ``max_plies``; numba missing: ``ImportError`` naming ``fast``).

    Example:
        >>> stepper, rules, cap = checked("CompiledVectorEnv", "barrage", 2, 300)
        >>> rules.spec, cap
        ('barrage', 300)
    """
    stepper = backends.stepper(feature)
    rs = ruleset(rules)
    if rs.rescue:
        raise RulesetError("env-compiled", f"{feature} does not play Rescue "
                           f"({rs.spec}); StrategoEnv and vector_env do.")
    chosen, reason = backends.choose_backend(rs, "auto", feature)
    if chosen != "compiled":
        raise RulesetError("env-compiled", f"{feature}: {reason}.")
    if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
        raise RulesetError("env-compiled", f"{feature}: num_envs is a whole number "
                           f">= 1, not {num_envs!r}.")
    if isinstance(max_plies, bool) or not isinstance(max_plies, int) or max_plies < 1:
        raise RulesetError("env-compiled", f"{feature}: max_plies is a whole number "
                           f">= 1, not {max_plies!r}.")
    return stepper, rs, max_plies if rs.max_plies is None else rs.max_plies


def observation_space(rules: Ruleset, layout: ActionLayout) -> spaces.Dict:
    """One game's observation space on the compiled paths (the keys of ``StrategoEnv``).

    Example:
        >>> rules = ruleset("barrage")
        >>> observation_space(rules, ActionLayout(rules))["planes"].shape
        (46, 10, 10)
    """
    width, height = rules.width, rules.height
    army = float(max(rules.army_size, 1))
    return spaces.Dict({
        "planes": spaces.Box(0.0, 1.0, (len(CHANNELS), height, width), np.float32),
        "captured": spaces.Box(0.0, army, (2, KINDS + 1), np.float32),
        "to_place": spaces.Box(0.0, army, (KINDS,), np.float32),
        "phase": spaces.Box(0.0, 1.0, (len(PHASES),), np.float32),
        "action_mask": spaces.Box(0, 1, (layout.size,), np.int8),
    })


def reset_start(feature: str, rules: Ruleset, num_envs: int, seed: Any, first_seed: int | None,
                options: dict[str, Any] | None) -> tuple[int, list[Game] | None]:
    """A compiled environment's ``reset`` arguments checked: the seed of the deals (``seed``,
    else the one given at construction, else a random one) and the games of
    ``options["games"]`` (None: random deals), or a one-line RulesetError naming ``feature``.

    Example:
        >>> reset_start("CompiledVectorEnv", ruleset("duel"), 2, 7, None, None)
        (7, None)
        >>> reset_start("CompiledVectorEnv", ruleset("duel"), 2, None, 3, None)[0]
        3
    """
    if seed is None:
        seed = first_seed if first_seed is not None else secrets.randbits(62)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RulesetError("env-compiled", f"{feature}.reset: the seed is one whole number, "
                           f"not {seed!r}.")
    given = (options or {}).get("games")
    if given is None:
        return seed, None
    given = list(given)
    if len(given) != num_envs or not all(
            isinstance(game, Game) and game.rules == rules and game.ply == 0
            and not game.is_over and len(game.state.kind) <= 2 * rules.army_size + 1
            for game in given):
        raise RulesetError("env-compiled", f"{feature}.reset: options['games'] holds "
                           f"{num_envs} games of {rules.spec} with no ply played and at most "
                           "the army's pieces.")
    return seed, given


def base_planes(rules: Ruleset, player: int) -> np.ndarray:
    """The planes that never change for ``player``: the lakes and its own setup area, in the
    player's frame (Blue's turned 180°).

    Example:
        >>> int(base_planes(ruleset("barrage"), 0)[CHANNELS.index("lake")].sum())
        8
    """
    width = rules.width
    base = np.zeros((len(CHANNELS), rules.height, width), np.float32)
    geo = rules.geometry
    for sq in geo.lakes:
        base[(_C["lake"], *divmod(sq, width))] = 1.0
    for name in setup_area(rules, P.PLAYER_NAMES[player]):
        base[(_C["own setup area"], *divmod(geo.index(name), width))] = 1.0
    return np.ascontiguousarray(base[:, ::-1, ::-1]) if player == P.BLUE else base


class CompiledVectorEnv(VectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """``num_envs`` games of ``rules`` for one agent (``player``) against the batch policy
    ``opponent``, stepped together in compiled code (see the module docstring). ``seed`` is
    the seed of the first :meth:`reset` that is given none.

    Example:
        >>> envs = CompiledVectorEnv("duel", num_envs=2, opponent="heuristic", player="blue")
        >>> int(envs.single_action_space.n), envs.action_space.shape
        (3600, (2,))
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (Gymnasium's)

    def __init__(self, rules: Ruleset | str = "original", num_envs: int = 8,
                 opponent: str = "random", seed: int | None = None, player: str = "red",
                 max_plies: int = DEFAULT_MAX_PLIES, action_layout: str = "compact",
                 illegal_action: str = "raise") -> None:
        stepper, rs, cap = checked("CompiledVectorEnv", rules, num_envs, max_plies)
        if opponent not in POLICIES:
            raise RulesetError("env-compiled", f"CompiledVectorEnv: the opponent is one of "
                               f"{', '.join(POLICIES)}, not {opponent!r}.")
        self.rules = rs
        self.opponent = opponent
        self.player = P.player_from_name(player)
        self.num_envs = num_envs
        self.truncates = rs.max_plies is None
        self.illegal_action = check_illegal(illegal_action)
        self.layout = ActionLayout(rs, action_layout)
        self.codec = self.layout.codec_for(self.player)
        self.max_legal = self.layout.max_legal()
        self.boards = stepper.Boards(rs, num_envs, self.player, POLICIES[opponent], cap)
        self.single_observation_space = observation_space(rs, self.layout)
        self.single_action_space: spaces.Discrete = spaces.Discrete(self.layout.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.layout.size))
        self.base = base_planes(rs, self.player)
        self.first_seed = seed
        self.seed_base = 0
        self.episodes = 0
        self.starts: list[Game] = []
        self.done = np.zeros(num_envs, np.bool_)
        self.restarted = np.zeros(num_envs, np.bool_)
        self.illegal = np.zeros(num_envs, np.bool_)
        self.mask = np.zeros((num_envs, self.layout.size), np.int8)

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start every game again: random deals, reproduced by ``seed`` (an int), or the games
        in ``options["games"]`` (one per environment, none of them begun).

        Example:
            >>> envs = CompiledVectorEnv("barrage", num_envs=2)
            >>> a, _ = envs.reset(seed=3)
            >>> b, _ = envs.reset(seed=3)
            >>> bool((a["planes"] == b["planes"]).all())
            True
        """
        seed, given = reset_start("CompiledVectorEnv", self.rules, self.num_envs, seed,
                                  self.first_seed, options)
        self.first_seed = None
        self.seed_base, self.episodes = seed, 0
        dealt = [self._seeds() for _ in range(self.num_envs)]
        self.starts = ([deal(self.rules, setup) for setup, _ in dealt] if given is None
                       else [fresh(self.rules, game) for game in given])
        for g, (game, (_, stream)) in enumerate(zip(self.starts, dealt, strict=True)):
            self.boards.load(g, game, stream)
        rows = np.ones(self.num_envs, np.bool_)
        self.boards.advance(np.full(self.num_envs, -1, np.int64), rows)
        self.done[:] = self.boards.scalars[:, _ENDING] != 0
        self.restarted[:] = False
        self.illegal[:] = False
        return self._observe(), self._infos()

    def _seeds(self) -> tuple[int, int]:
        """The next episode's setup seed and policy stream (episodes numbered in order)."""
        pair = seeds(self.seed_base, self.episodes)
        self.episodes += 1
        return pair

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray,
                                          np.ndarray, dict[str, Any]]:
        """Play one action in every game (games that ended on the last step start again and
        ignore theirs), then the other side's answer; Gymnasium's five batched values.

        Example:
            >>> envs = CompiledVectorEnv("barrage", num_envs=2, seed=1)
            >>> obs, _ = envs.reset()
            >>> envs.step([0, 0])
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: CompiledVectorEnv.step: action 0 (a1-a2) is not legal in game 0 now.
        """
        if not self.starts:
            raise RulesetError("env-compiled", "CompiledVectorEnv.step: call reset() first.")
        try:
            chosen = np.asarray(actions)
        except (TypeError, ValueError):  # ragged lists
            chosen = np.asarray(None)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise IllegalMoveError("env-compiled", f"CompiledVectorEnv.step takes "
                                   f"{self.num_envs} whole numbers, one action per game, not "
                                   f"{described(chosen if chosen.shape else actions)}.")
        playing = ~self.done
        codes = self.boards.codes_of(chosen, playing, self.codec)
        illegal = playing & (codes < 0)
        wrong = np.flatnonzero(illegal)
        if len(wrong) and self.illegal_action == "raise":
            g = int(wrong[0])
            action = int(chosen[g])
            raise IllegalMoveError("env-compiled", f"CompiledVectorEnv.step: action {action} "
                                   f"({self.layout.describe(action, self.player)}) is not "
                                   f"legal in game "
                                   f"{g} now.")
        self.restarted = self.done.copy()
        for row in np.flatnonzero(self.done).tolist():
            setup, stream = self._seeds()
            self.starts[row] = deal(self.rules, setup)
            self.boards.load(row, self.starts[row], stream)
            codes[row] = -1
        self.boards.advance(codes, ~illegal)
        scalars = self.boards.scalars
        ending = scalars[:, _ENDING]
        over = ending != 0
        limit = over & (ending == PLY_LIMIT) & self.truncates
        winner = scalars[:, _WINNER]
        rewards = np.where(over & (winner == self.player), 1.0, 0.0)
        rewards -= np.where(over & (winner == 1 - self.player), 1.0, 0.0)
        rewards[illegal] = ILLEGAL_REWARD
        self.illegal = illegal
        self.done = over.copy()
        return self._observe(), rewards, over & ~limit, limit, self._infos()

    def start(self, index: int) -> Game:
        """A new engine game in the start position of game ``index``'s current episode (for
        replaying :meth:`moves` on the engine).

        Example:
            >>> envs = CompiledVectorEnv("barrage", num_envs=1, seed=2)
            >>> _ = envs.reset()
            >>> game = envs.start(0)
            >>> for code in envs.moves(0):
            ...     game.play_code(code)
            >>> game.ply
            0
        """
        return fresh(self.rules, self.starts[index])

    def moves(self, index: int) -> list[int]:
        """The engine move codes played so far in game ``index``'s current episode (both sides).

        Example:
            >>> envs = CompiledVectorEnv("barrage", num_envs=1, seed=2, player="blue")
            >>> _ = envs.reset()
            >>> len(envs.moves(0))
            1
        """
        return self.boards.moves(index)

    def sample_actions(self, rng: np.random.Generator | None = None) -> np.ndarray:
        """One legal action per game, each drawn uniformly from its mask (0 for a game that
        is over, whose next action is ignored): a random agent without scanning the masks.

        Example:
            >>> envs = CompiledVectorEnv("barrage", num_envs=3, seed=1)
            >>> obs, _ = envs.reset()
            >>> actions = envs.sample_actions(np.random.default_rng(0))
            >>> [bool(obs["action_mask"][g, a]) for g, a in enumerate(actions)]
            [True, True, True]
        """
        generator = rng if rng is not None else np.random.default_rng()
        counts = self.boards.legal_count
        picks = (generator.random(self.num_envs) * counts).astype(np.int64)
        return self.boards.actions_at(np.minimum(picks, np.maximum(counts - 1, 0)), self.codec)

    def action_masks(self) -> np.ndarray:
        """The legal actions of every game now, ``bool (num_envs, actions)`` (the last
        observation's ``action_mask``).

        Example:
            >>> envs = CompiledVectorEnv("barrage", num_envs=2, seed=1)
            >>> obs, _ = envs.reset()
            >>> bool((envs.action_masks() == obs["action_mask"].astype(bool)).all())
            True
        """
        return self.mask.astype(np.bool_)

    def _observe(self) -> dict[str, np.ndarray]:
        n = self.num_envs
        planes = np.empty((n, *self.base.shape), np.float32)
        captured = np.empty((n, 2, KINDS + 1), np.float32)
        mask = np.empty((n, self.layout.size), np.int8)
        self.boards.observe(CHANNEL_NUMBERS, self.base, LAST_MOVES, self.codec, planes, captured,
                            mask)
        phase = np.zeros((n, len(PHASES)), np.float32)
        over = self.boards.scalars[:, _ENDING] != 0
        phase[:, PHASES.index("play")] = ~over
        phase[:, PHASES.index("over")] = over
        self.mask = mask
        return {"planes": planes, "captured": captured,
                "to_place": np.zeros((n, KINDS), np.float32), "phase": phase,
                "action_mask": mask}

    def _infos(self) -> dict[str, Any]:
        scalars = self.boards.scalars
        every = np.ones(self.num_envs, np.bool_)
        legal = np.empty((self.num_envs, self.max_legal), np.int64)
        self.boards.legal_actions(self.codec, legal)
        return {"ply": scalars[:, _PLIES].copy(), "_ply": every,
                "ending": np.array([ENDINGS[e] for e in scalars[:, _ENDING]], dtype=object),
                "_ending": every, "autoreset": self.restarted.copy(), "_autoreset": every,
                "illegal": self.illegal.copy(), "_illegal": every,
                "legal_actions": legal, "_legal_actions": every,
                "legal_count": self.boards.legal_count.copy(), "_legal_count": every}
