"""The OpenSpiel game ``python_stratego`` itself: its type, the game, the state and the
observer (see :mod:`stratego_widget.openspiel`, whose ``register()`` registers it; importing
this module needs ``pyspiel``).

Example:
    >>> from stratego_widget.openspiel import register
    >>> register()
    >>> game = pyspiel.load_game("python_stratego", {"ruleset": "duel", "red_setup": "corner-bombs",
    ...                                              "blue_setup": "corner-bombs"})
    >>> state = game.new_initial_state()
    >>> state.current_player(), state.game.ply
    (0, 0)
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import numpy as np

from .bots.resample import resample_from_infostate, start_of
from .engine import pieces as P
from .engine.errors import StrategoError
from .engine.game import Game
from .engine.moves import RESCUE_SHIFT, Move, decode
from .engine.rulesets import Ruleset, ruleset
from .engine.setups import parse_setup, preset_setup, preset_setups, setup_area
from .formats.text_play import observation_text
from .openspiel_views import Actions, Views, variant_of_param

__all__ = ["DEFAULTS", "EMPTY", "GAME_TYPE", "NAME", "Observer", "SpielMatch", "StrategoGame",
           "StrategoState", "game_rules"]

# pyspiel is the compiled module of the open_spiel wheel (the extra openspiel), imported by
# name since it is a top-level module of its own.
pyspiel = importlib.import_module("pyspiel")
_SpielGame: Any = pyspiel.Game
_SpielState: Any = pyspiel.State

#: The game's short name in OpenSpiel.
NAME = "python_stratego"
#: The game parameters and their defaults.
DEFAULTS: dict[str, Any] = {"ruleset": "duel", "variant": "", "red_setup": "",
                            "blue_setup": "", "max_plies": 1000}
#: The chance outcome of a square left empty.
EMPTY = 13
_BASE = (1 << RESCUE_SHIFT) - 1


def game_rules(params: dict[str, Any]) -> Ruleset:
    """The ruleset the game parameters name, with their ply limit.

    Example:
        >>> game_rules({"ruleset": "barrage", "max_plies": 50}).max_plies
        50
    """
    spec = str(params.get("variant") or "")
    rules = variant_of_param(spec) if spec else ruleset(
        params.get("ruleset") or DEFAULTS["ruleset"])
    plies = int(params.get("max_plies") or DEFAULTS["max_plies"])
    if plies < 1:
        raise StrategoError("openspiel-param", f"max_plies must be 1 or more, not {plies}.")
    return rules.with_params(max_plies=min(plies, rules.max_plies or plies))


class Setup:
    """Where each side's army comes from: given, or chance outcomes square by square."""

    def __init__(self, rules: Ruleset, params: dict[str, Any]) -> None:
        self.areas = [[rules.geometry.index(name) for name in setup_area(rules, side)]
                      for side in P.PLAYER_NAMES]
        self.given: list[dict[str, str] | None] = []
        for side in P.PLAYER_NAMES:
            text = str(params.get(f"{side}_setup") or "")
            if not text:
                self.given.append(None)
            elif text in preset_setups(rules):
                self.given.append(preset_setup(rules, text, side))
            else:
                self.given.append(parse_setup(rules, text, side))
        self.army = rules.army_counts
        self.chance = [p for p in (P.RED, P.BLUE) if self.given[p] is None]


def _sampler_rng(sampler: Any) -> random.Random:
    """A seeded generator from OpenSpiel's probability sampler (or a generator, or a seed)."""
    if isinstance(sampler, random.Random):
        return sampler
    if callable(sampler):
        return random.Random(int(float(sampler()) * 2**53))
    return random.Random(sampler)


GAME_TYPE = pyspiel.GameType(
    short_name=NAME, long_name="Stratego (stratego-widget)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2, min_num_players=2,
    provides_information_state_string=True, provides_information_state_tensor=True,
    provides_observation_string=True, provides_observation_tensor=True,
    parameter_specification=dict(DEFAULTS))

class StrategoGame(_SpielGame):
    """``python_stratego``: one ruleset, its armies, its ply limit."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        self.rules = game_rules(params)
        self.actions = Actions(self.rules)
        self.setup = Setup(self.rules, params)
        self.views = Views(self.rules)
        chance = sum(len(self.setup.areas[p]) for p in self.setup.chance)
        plies = self.rules.max_plies or DEFAULTS["max_plies"]
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size, max_chance_outcomes=EMPTY + 1,
            num_players=2, min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=chance + 2 * plies)
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self) -> StrategoState:
        return StrategoState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> Observer:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.views, recall)

    def information_state_tensor_shape(self) -> list[int]:
        return [self.views.infostate_size]

    def information_state_tensor_size(self) -> int:
        return int(self.views.infostate_size)

    def observation_tensor_shape(self) -> list[int]:
        return [self.views.observation_size]

    def observation_tensor_size(self) -> int:
        return int(self.views.observation_size)

class SpielMatch:
    """The mutable part of a state, copied fast and independently: the engine game (its own
    ``copy()``), the chance outcomes, the pending rescue and what each player saw (lists of
    values, copied shallow). OpenSpiel clones a state by ``copy.deepcopy``, which comes here.

    Example:
        >>> match = SpielMatch()
        >>> match.game = Game.random("duel", seed=1)
        >>> clone = match.copy()
        >>> clone.game.play_code(clone.game.legal_codes()[0])
        >>> match.game.ply, clone.game.ply
        (0, 1)
    """

    __slots__ = ("game", "pending", "placed", "seen")

    def __init__(self) -> None:
        self.game: Game | None = None
        self.pending: int | None = None
        self.placed: list[list[int]] = [[], []]
        self.seen: tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]] = ([], [])

    def copy(self) -> SpielMatch:
        """An independent copy (see the class docstring)."""
        clone = SpielMatch.__new__(SpielMatch)
        clone.game = self.game.copy() if self.game is not None else None
        clone.pending = self.pending
        clone.placed = [list(self.placed[0]), list(self.placed[1])]
        clone.seen = (list(self.seen[0]), list(self.seen[1]))
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielMatch:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)


class StrategoState(_SpielState):
    """One game in OpenSpiel's terms; ``game`` is the engine game (None while placing)."""

    def __init__(self, game: StrategoGame) -> None:
        super().__init__(game)
        self.match = SpielMatch()
        self._start_if_placed()

    @property
    def game(self) -> Game | None:
        """The engine game (``None`` while the armies are placed)."""
        return self.match.game

    @game.setter
    def game(self, game: Game | None) -> None:
        self.match.game = game

    @property
    def pending(self) -> int | None:
        """The move waiting for its rescue choice, as a move code, or ``None``."""
        return self.match.pending

    @pending.setter
    def pending(self, code: int | None) -> None:
        self.match.pending = code

    @property
    def placed(self) -> list[list[int]]:
        """Each side's chance outcomes so far (a kind, or 13 for an empty square)."""
        return self.match.placed

    @property
    def seen(self) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
        """Each player's record of every ply: (move code, strike result, ranks shown)."""
        return self.match.seen

    @property
    def spiel(self) -> StrategoGame:
        """The OpenSpiel game this state belongs to."""
        game: StrategoGame = self.get_game()
        return game

    # -------------------------------------------------------------- setup
    def _placing(self) -> int | None:
        setup = self.spiel.setup
        for p in setup.chance:
            if len(self.placed[p]) < len(setup.areas[p]):
                return p
        return None

    def _start_if_placed(self) -> None:
        if self.game is not None or self._placing() is not None:
            return
        setup, name = self.spiel.setup, self.spiel.rules.geometry.name
        armies = []
        for p in (P.RED, P.BLUE):
            given = setup.given[p]
            armies.append(given if given is not None else {
                name(sq): P.KIND_NAMES[kind]
                for sq, kind in zip(setup.areas[p], self.placed[p], strict=True)
                if kind != EMPTY})
        self.game = Game.from_setups(self.spiel.rules, armies[0], armies[1])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = self._placing()
        assert p is not None
        setup = self.spiel.setup
        left = dict(setup.army)
        for kind in self.placed[p]:
            if kind != EMPTY:
                left[kind] -= 1
        squares = len(setup.areas[p]) - len(self.placed[p])
        pieces = sum(left.values())
        outcomes = [(kind, count / squares) for kind, count in sorted(left.items())
                    if count]
        if squares > pieces:
            outcomes.append((EMPTY, (squares - pieces) / squares))
        return outcomes

    # -------------------------------------------------------------- play
    def current_player(self) -> int:
        if self.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.game.state.to_move

    def _choices(self) -> dict[int, int]:
        """Legal action -> move code (-1: a move whose rescue is chosen next)."""
        assert self.game is not None
        actions = self.spiel.actions
        codes = self.game.legal_codes()
        if self.pending is not None:
            found = {}
            for code in codes:
                if code & _BASE == self.pending:
                    kind, square = decode(code)[4:]
                    found[actions.decline if kind < 0
                          else actions.of_rescue(kind, square)] = code
            return found
        out: dict[int, int] = {}
        for code in codes:
            index = actions.of_code(code)
            out[index] = -1 if index in out or code & _BASE != code else code
        return out

    def _legal_actions(self, player: int) -> list[int]:
        if self.game is None or self.game.is_over or player != self.current_player():
            return []
        return sorted(self._choices())

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            p = self._placing()
            assert p is not None
            self.placed[p].append(int(action))
            self._start_if_placed()
            return
        code = self._choices()[action]
        if code == -1:
            self.pending = next(c & _BASE for c in self.game.legal_codes()
                                if self.spiel.actions.of_code(c) == action)
            return
        self.pending = None
        self.game.play_code(code)
        self._record()

    def _record(self) -> None:
        """What each player saw of the last ply: the move, the result, the ranks shown."""
        assert self.game is not None
        position = self.game.state
        entry = position.history[-1]
        for viewer in (P.RED, P.BLUE):
            shown = tuple((sq, position.kind[pid]) for pid, sq, _moved, known in entry.saved
                          if position.owner[pid] != viewer and not known
                          and position.known[pid])
            self.seen[viewer].append((entry.code, entry.strike, shown))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "empty" if action == EMPTY else P.KIND_NAMES[action]
        return self.spiel.views.describe(self.spiel.actions, action)

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_over

    def returns(self) -> list[float]:
        winner = self.game.winner if self.game is not None else None
        if winner in (None, "draw"):
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == "red" else [-1.0, 1.0]

    # -------------------------------------------------------------- views
    def information_state_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        return self.spiel.views.infostate_text(self, p)

    def observation_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        if self.game is None:
            return self.spiel.views.setup_text(self, p)
        return observation_text(self.game, P.PLAYER_NAMES[p]) + (
            f"\nrescue pending: {Move.from_code(self.pending, self.game.rules.geometry)}"
            if self.pending is not None and p == self.current_player() else "")

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        p = self.current_player() if player is None else player
        return self.spiel.views.infostate_tensor(self, p).tolist()

    def observation_tensor(self, player: int | None = None) -> list[float]:
        p = self.current_player() if player is None else player
        return self.spiel.views.observation_tensor(self, p).tolist()

    # -------------------------------------------------------------- search
    def clone(self) -> StrategoState:
        """An independent copy, fast: the engine game's copy and the small lists."""
        return super().clone()

    def resample_from_infostate(self, player_id: int, sampler: Any) -> StrategoState:
        """A state with this one's history in which ``player_id`` cannot tell the
        difference: the opponent's hidden ranks drawn again (see
        :mod:`stratego_widget.bots.resample`)."""
        rng = _sampler_rng(sampler)
        fresh = self.spiel.new_initial_state()
        setup = self.spiel.setup
        enemy = 1 - player_id
        placed = [list(self.placed[0]), list(self.placed[1])]
        if self.game is None:
            rng.shuffle(placed[enemy])
        else:
            world = resample_from_infostate(self.game, P.PLAYER_NAMES[player_id], rng)
            start = start_of(world)
            for p in setup.chance:
                placed[p] = [start.kind[pid] if (pid := start.board[sq]) > 0 else EMPTY
                             for sq in setup.areas[p]]
        for p in setup.chance:
            for kind in placed[p]:
                fresh.apply_action(kind)
        chance = sum(len(setup.areas[p]) for p in setup.chance)
        for action in self.history()[chance:]:
            fresh.apply_action(action)
        return fresh

    def __str__(self) -> str:
        if self.game is None:
            return f"placing: {self.placed}"
        return str(self.game)


class Observer:
    """OpenSpiel's observer of the game: the information state (``perfect_recall``) or the
    observation, as a tensor filled in place and as a string.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> from stratego_widget.openspiel_views import Views
        >>> observer = Observer(Views(ruleset("duel").with_params(max_plies=3)), True)
        >>> observer.tensor.shape
        (4134,)
    """

    def __init__(self, views: Views, perfect_recall: bool) -> None:
        self.views = views
        self.perfect_recall = perfect_recall
        size = views.infostate_size if perfect_recall else views.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: Any, player: int) -> None:
        """Fill the tensor with what ``player`` sees of ``state``."""
        views = self.views
        self.tensor[:] = (views.infostate_tensor(state, player) if self.perfect_recall
                          else views.observation_tensor(state, player))

    def string_from(self, state: Any, player: int) -> str:
        """What ``player`` sees of ``state`` as text."""
        if self.perfect_recall:
            return str(self.views.infostate_text(state, player))
        return str(state.observation_string(player))

