"""What one player of the OpenSpiel game sees, as strings and tensors (see
:mod:`stratego_widget.openspiel`).

The board is drawn from the player's side: Red's squares as they are, Blue's turned half a
turn (square ``s`` drawn at ``size - 1 - s``), so every player's own back row is row 0.

Observation tensor: ``34`` planes of ``height × width``, then ``32`` numbers.

=========  ================================================================================
planes     own pieces by kind (13); enemy pieces whose rank was shown, by kind (13); enemy
           pieces not shown that moved, that never moved; own pieces that moved; own pieces
           whose rank the enemy knows; lakes; the last ply's origin and target; a move
           waiting for its rescue choice (origin and target)
numbers    own pieces lost by kind and those lost unseen (14); the same for the enemy (14);
           phase one-hot (placing, playing, over); 1 when the player is to act
=========  ================================================================================

Information-state tensor (perfect recall): the observation tensor, then one block per ply up
to the ply limit: origin and target squares one-hot (turned), the kind of ply (move, strike,
spot), its result (attacker, defender, both, spotted, missed), and the ranks it showed the
player (two slots of 13).

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> views = Views(ruleset("barrage").with_params(max_plies=10))
    >>> views.observation_size, views.infostate_size
    (3432, 5772)
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from .engine import pieces as P
from .engine.errors import StrategoError
from .engine.moves import PASS_CODE, SPOT, Move, decode
from .engine.rulesets import Ruleset
from .engine.variants import variant_from_dict, variant_to_dict

__all__ = ["PLANES", "Actions", "Views", "given_kinds", "variant_of_param", "variant_param"]

PLANES = 34
_NUMBERS = 32
_RESULTS = ("attacker", "defender", "both", "spotted", "missed")
_KINDS = 13
_STEPS = ((0, 1), (1, 0), (-1, 0), (0, -1))


class Actions:
    """The action indices of one ruleset and the engine moves they stand for.

    Example:
        >>> from stratego_widget.engine.moves import encode
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> actions = Actions(ruleset("original"))
        >>> actions.size, actions.of_code(encode(33, 43))
        (10000, 3343)
    """

    def __init__(self, rules: Ruleset) -> None:
        self.width = rules.width
        self.squares = n = rules.geometry.size
        self.spot_base = n * n
        self.spots = P.SPOTTER in rules.army_counts
        self.rescue_base = self.spot_base + (5 * n * _KINDS if self.spots else 0)
        self.rescue = bool(rules.rescue)
        self.decline = self.rescue_base + _KINDS * n
        self.size = self.decline + 1 if self.rescue else self.rescue_base

    def of_code(self, code: int) -> int:
        """The action of a move code (its rescue, if any, left out).

        Example:
            >>> from stratego_widget.engine.moves import encode
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Actions(ruleset("sci-fi-2013")).of_code(encode(12, 22, SPOT, guess=3))
            7196
        """
        origin, target, action, guess, _kind, _square = decode(code)
        if action != SPOT:
            return origin * self.squares + target
        step = (target % self.width - origin % self.width, target // self.width
                - origin // self.width)
        d = 0 if step == (0, 0) else 1 + _STEPS.index(step)
        return self.spot_base + (origin * 5 + d) * _KINDS + guess

    def of_rescue(self, kind: int, square: int) -> int:
        """The action that returns a captured ``kind`` to ``square``.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Actions(ruleset("original+rescue")).of_rescue(9, 2) == 10000 + 902
            True
        """
        return self.rescue_base + kind * self.squares + square


class Views:
    """The strings and tensors of one ruleset's OpenSpiel game.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> Views(ruleset("duel").with_params(max_plies=5)).ply_size
        234
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.size = n = rules.geometry.size
        self.observation_size = PLANES * n + _NUMBERS
        self.ply_size = 2 * n + 3 + len(_RESULTS) + 2 * _KINDS
        self.plies = rules.max_plies or 0
        self.infostate_size = self.observation_size + self.ply_size * self.plies
        self.lakes = sorted(rules.geometry.lakes)

    def turned(self, square: int, player: int) -> int:
        """A square as ``player`` sees the board (Blue's turned half a turn).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> Views(ruleset("duel")).turned(0, 1)
            99
        """
        return square if player == P.RED else self.size - 1 - square

    # ------------------------------------------------------------------ tensors
    def observation_tensor(self, state: Any, player: int) -> np.ndarray:
        """The observation tensor of ``state`` for ``player`` (see the module docstring).

        Example:
            >>> import pytest
            >>> pyspiel = pytest.importorskip("pyspiel")
            >>> from stratego_widget.openspiel import register
            >>> register()
            >>> game = pyspiel.load_game("python_stratego", {"red_setup": "corner-bombs",
            ...                                              "blue_setup": "corner-bombs"})
            >>> len(game.new_initial_state().observation_tensor(0))
            3432
        """
        out = np.zeros(self.observation_size, np.float32)
        n = self.size
        planes = out[:PLANES * n].reshape(PLANES, n)
        numbers = out[PLANES * n:]
        for sq in self.lakes:
            planes[30, self.turned(sq, player)] = 1
        game = state.game
        if game is None:
            areas = state.spiel.setup.areas[player]
            given = state.spiel.setup.given[player]
            own = given_kinds(given, self.rules) if given is not None else {
                sq: kind for sq, kind in zip(areas, state.placed[player], strict=False)
                if kind < _KINDS}
            for sq, kind in own.items():
                planes[kind, self.turned(sq, player)] = 1
            numbers[28] = 1
            return out
        position = game.state
        enemy = 1 - player
        for sq, pid in enumerate(position.board):
            if pid <= 0:
                continue
            at = self.turned(sq, player)
            if position.owner[pid] == player:
                planes[position.kind[pid], at] = 1
                planes[28, at] = position.moved[pid]
                planes[29, at] = position.known[pid]
            elif position.known[pid]:
                planes[13 + position.kind[pid], at] = 1
            else:
                planes[26 if position.moved[pid] else 27, at] = 1
        if position.history and position.history[-1].code != PASS_CODE:
            origin, target = decode(position.history[-1].code)[:2]
            planes[31, self.turned(origin, player)] = 1
            planes[32, self.turned(target, player)] = 1
        if state.pending is not None and player == position.to_move:
            origin, target = decode(state.pending)[:2]
            planes[33, self.turned(origin, player)] = 1
            planes[33, self.turned(target, player)] = 1
        for side, offset in ((player, 0), (enemy, 14)):
            for pid in position.pieces[side]:
                if position.square[pid] < 0:
                    shown = side == player or position.known[pid]
                    numbers[offset + (position.kind[pid] if shown else 13)] += 1
        numbers[29 if not game.is_over else 30] = 1
        numbers[31] = float(not game.is_over and position.to_move == player)
        return out

    def infostate_tensor(self, state: Any, player: int) -> np.ndarray:
        """The information-state tensor of ``state`` for ``player``: the observation, then
        every ply as the player saw it.

        Example:
            >>> import pytest
            >>> pyspiel = pytest.importorskip("pyspiel")
            >>> from stratego_widget.openspiel import register
            >>> register()
            >>> game = pyspiel.load_game("python_stratego", {"max_plies": 4})
            >>> len(game.new_initial_state().information_state_tensor(0))
            4368
        """
        out = np.zeros(self.infostate_size, np.float32)
        out[:self.observation_size] = self.observation_tensor(state, player)
        n = self.size
        for ply, (code, strike, shown) in enumerate(state.seen[player][:self.plies]):
            block = out[self.observation_size + ply * self.ply_size:][:self.ply_size]
            if code == PASS_CODE:
                continue
            origin, target, action = decode(code)[:3]
            block[self.turned(origin, player)] = 1
            block[n + self.turned(target, player)] = 1
            block[2 * n + action] = 1
            if strike is not None:
                block[2 * n + 3 + _RESULTS.index(strike)] = 1
            for slot, (_sq, kind) in enumerate(shown[:2]):
                block[2 * n + 3 + len(_RESULTS) + slot * _KINDS + kind] = 1
        return out

    # ------------------------------------------------------------------ strings
    def setup_text(self, state: Any, player: int) -> str:
        """What ``player`` knows while the armies are placed: its own pieces so far.

        Example:
            >>> import pytest
            >>> pyspiel = pytest.importorskip("pyspiel")
            >>> from stratego_widget.openspiel import register
            >>> register()
            >>> state = pyspiel.load_game("python_stratego").new_initial_state()
            >>> state.apply_action(0)
            >>> state.observation_string(0)
            'python_stratego duel, red, placing: a1 flag'
        """
        name = self.rules.geometry.name
        given = state.spiel.setup.given[player]
        own = given_kinds(given, self.rules) if given is not None else dict(
            zip(state.spiel.setup.areas[player], state.placed[player], strict=False))
        placed = " ".join(f"{name(sq)} {P.KIND_NAMES[kind] if kind < _KINDS else 'empty'}"
                          for sq, kind in own.items())
        return f"python_stratego {self.rules.spec}, {P.PLAYER_NAMES[player]}, placing: {placed}"

    def infostate_text(self, state: Any, player: int) -> str:
        """The information state of ``player`` as text: its army as placed, then every ply
        as it saw it (the move, the strike's result, the ranks shown), perfect recall.

        Example:
            >>> import pytest
            >>> pyspiel = pytest.importorskip("pyspiel")
            >>> from stratego_widget.openspiel import register
            >>> register()
            >>> game = pyspiel.load_game("python_stratego", {"red_setup": "corner-bombs",
            ...                                              "blue_setup": "corner-bombs"})
            >>> state = game.new_initial_state()
            >>> state.apply_action(state.legal_actions()[0])
            >>> state.information_state_string(1).splitlines()[-1]
            '1. a1-a2'
        """
        geo = self.rules.geometry
        enemy = 1 - player
        given = state.spiel.setup.given[enemy]
        squares = sorted(given_kinds(given, self.rules)) if given is not None else [
            sq for sq, kind in zip(state.spiel.setup.areas[enemy], state.placed[enemy],
                                   strict=False) if kind != _KINDS]
        lines = [self.setup_text(state, player),
                 f"{P.PLAYER_NAMES[enemy]} placed on: " + " ".join(geo.name(sq)
                                                                  for sq in squares)]
        for ply, (code, strike, shown) in enumerate(state.seen[player], start=1):
            move = "--" if code == PASS_CODE else str(Move.from_code(code, geo))
            ranks = " ".join(f"{geo.name(sq)}={P.KIND_NAMES[kind]}" for sq, kind in shown)
            lines.append(" ".join(part for part in (f"{ply}. {move}", strike, ranks) if part))
        if state.pending is not None and state.game is not None \
                and state.game.state.to_move == player:
            lines.append(f"rescue after {Move.from_code(state.pending, geo)}")
        return "\n".join(lines)

    def describe(self, actions: Any, action: int) -> str:
        """An action in words: ``d4-d5`` (a move or strike), ``c3-c4!scout`` (a spot),
        ``+major@c1`` (a rescue), ``no rescue``.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> views = Views(ruleset("original+rescue"))
            >>> views.describe(Actions(views.rules), 3343)
            'd4-d5'
        """
        name = self.rules.geometry.name
        n = self.size
        if action < actions.spot_base:
            return f"{name(action // n)}-{name(action % n)}"
        if action < actions.rescue_base:
            rest, guess = divmod(action - actions.spot_base, _KINDS)
            origin, d = divmod(rest, 5)
            steps = (0, self.rules.width, 1, -1, -self.rules.width)
            return f"{name(origin)}-{name(origin + steps[d])}!{P.KIND_NAMES[guess]}"
        if action == actions.decline:
            return "no rescue"
        kind, square = divmod(action - actions.rescue_base, n)
        return f"+{P.KIND_NAMES[kind]}@{name(square)}"


def given_kinds(given: dict[str, str], rules: Ruleset) -> dict[int, int]:
    """A given army as square index -> kind.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> given_kinds({"a1": "flag"}, ruleset("duel"))
        {0: 0}
    """
    index = rules.geometry.index
    return {index(sq): P.kind_from_name(kind) for sq, kind in given.items()}


def variant_param(rules: Ruleset) -> str:
    """A variant as the game parameter ``variant``: its JSON (``variant_to_dict``) in
    hexadecimal, which OpenSpiel's game strings carry unchanged.

    Example:
        >>> from stratego_widget.engine.variants import variant
        >>> small = variant("barrage", "quick", scout_max_distance=2)
        >>> variant_of_param(variant_param(small)).scout_max_distance
        2
    """
    return json.dumps(variant_to_dict(rules), separators=(",", ":")).encode().hex()


def variant_of_param(text: str) -> Ruleset:
    """The variant a ``variant`` parameter holds (see :func:`variant_param`); a one-line
    error naming the parameter otherwise.

    Example:
        >>> variant_of_param("zz")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: variant: not a variant made by variant_param (non-hexadecimal number found in fromhex() arg at position 0).
    """
    try:
        data = json.loads(bytes.fromhex(text).decode())
        return variant_from_dict(data)
    except (ValueError, TypeError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise StrategoError("openspiel-param", f"variant: not a variant made by "
                            f"variant_param ({reason}).") from None
