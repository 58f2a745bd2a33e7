"""The action space of the environments: one flat index for every decision an agent makes.

With ``N`` squares (``width × height``, lakes included; square ``sq`` is the engine's index,
``a1`` is 0, rank by rank from Red's back row) and ``K = 13`` piece kinds (flag 0 … marshal 12,
see :mod:`stratego_widget.engine.pieces`), the flat index is laid out in four blocks:

=================  ==========================================  ================================
block              index                                       meaning
=================  ==========================================  ================================
move               ``origin * N + target``                      move or strike (from × to)
spot (2013)        ``N*N + (origin * 5 + d) * K + guess``        a Spotter stays (``d`` 0) or
                                                               steps up, right, left, down
                                                               (``d`` 1–4), then spots guessing
                                                               ``guess``
place              ``N*N + 5*N*K + kind * N + square``          setup: put ``kind`` on
                                                               ``square``; Rescue: return a
                                                               captured ``kind`` to ``square``
decline            ``N*N + 5*N*K + K*N``                        Rescue: make the move without
                                                               rescuing
=================  ==========================================  ================================

A move onto the enemy back row that may rescue a piece is chosen in two steps: the move index
first, then (the same agent again) a place index or decline. The optional spatial mask has the
shape ``(height, width, 4, max(width, height) - 1)``: from-square (row, column) × direction
(up, right, left, down) × distance minus one; it holds the moves along one line, which are all
the moves of every edition except the Ultimate Lightning Captains' turning moves and the 2013
spots (those are in the flat mask only).

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> layout = ActionLayout(ruleset("original"))
    >>> layout.size, layout.move(33, 43), layout.describe(layout.move(33, 43))
    (17801, 3343, 'd4-d5')
"""

from __future__ import annotations

import numpy as np

from ..engine import pieces as P
from ..engine.moves import RESCUE_SHIFT, SPOT, decode
from ..engine.rulesets import Ruleset

__all__ = ["DIRECTIONS", "KINDS", "ActionLayout", "action_index", "base_code", "described"]

#: Number of piece kinds (flag … marshal).
KINDS = len(P.KIND_NAMES)
#: Directions of the spot block and of the spatial mask, as (file step, rank step).
DIRECTIONS = ((0, 1), (1, 0), (-1, 0), (0, -1))
_BASE_MASK = (1 << RESCUE_SHIFT) - 1


def action_index(action: object) -> int | None:
    """The flat index ``action`` is: a whole number (Python's or numpy's, a 0-dimensional
    integer array too); ``None`` for anything else (a float, a bool, an array of several
    numbers, text).

    Example:
        >>> action_index(np.int64(7)), action_index(np.array(7)), action_index(np.array([7, 8]))
        (7, 7, None)
    """
    if isinstance(action, bool | np.bool_):
        return None
    if isinstance(action, int | np.integer):
        return int(action)
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype,
                                                                               np.integer):
        return int(action)
    return None


def described(value: object) -> str:
    """``value`` in a few words on one line, for an error message.

    Example:
        >>> described(np.zeros((2, 3), np.float32)), described("b4-b5")
        ('a numpy array of shape (2, 3) and dtype float32', "'b4-b5'")
    """
    if isinstance(value, np.ndarray):
        return f"a numpy array of shape {value.shape} and dtype {value.dtype}"
    text = " ".join(repr(value).split())
    return text if len(text) <= 40 else f"{text[:37]}..."


def base_code(code: int) -> int:
    """A move code without its rescue (the plain move a rescuing move extends).

    Example:
        >>> from stratego_widget.engine.moves import encode, with_rescue
        >>> base_code(with_rescue(encode(1, 2), 9, 5)) == encode(1, 2)
        True
    """
    return code & _BASE_MASK


class ActionLayout:
    """The flat action index of one board (see the module docstring).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> layout = ActionLayout(ruleset("duel"))
        >>> layout.squares, layout.describe(layout.decline)
        (100, 'decline')
    """

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.geometry = rules.geometry
        self.width, self.height = rules.width, rules.height
        self.squares = n = self.width * self.height
        self.spot_base = n * n
        self.place_base = self.spot_base + 5 * n * KINDS
        self.decline = self.place_base + KINDS * n
        self.size = self.decline + 1
        self.max_distance = max(self.width, self.height) - 1

    def move(self, origin: int, target: int) -> int:
        """The index of a move or strike from ``origin`` to ``target`` (square indices).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> ActionLayout(ruleset("original")).move(0, 1)
            1
        """
        return origin * self.squares + target

    def place(self, kind: int, square: int) -> int:
        """The index of putting ``kind`` on ``square`` (setup, or a rescued piece).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> layout = ActionLayout(ruleset("original"))
            >>> layout.describe(layout.place(P.MARSHAL, 0))
            'marshal@a1'
        """
        return self.place_base + kind * self.squares + square

    def of_code(self, code: int) -> int:
        """The index of an engine move code (a rescuing move gives its plain move's index).

        Example:
            >>> from stratego_widget.engine.moves import encode
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> ActionLayout(ruleset("original")).of_code(encode(33, 43))
            3343
        """
        origin, target, action, guess, _, _ = decode(code)
        if action != SPOT:
            return self.move(origin, target)
        step = target - origin
        d = 0 if step == 0 else 1 + (self.width, 1, -1, -self.width).index(step)
        return self.spot_base + (origin * 5 + d) * KINDS + guess

    def describe(self, action: int) -> str:
        """The action in words, in the project's move notation where it is a move.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> layout = ActionLayout(ruleset("sci-fi-2013"))
            >>> layout.describe(layout.spot_base + (22 * 5 + 1) * KINDS + P.BOMB)
            'c3-c4!bomb'
        """
        name = self.geometry.name
        n = self.squares
        if not 0 <= action < self.size:
            return f"no action {action}"
        if action < self.spot_base:
            return f"{name(action // n)}-{name(action % n)}"
        if action < self.place_base:
            rest, guess = divmod(action - self.spot_base, KINDS)
            origin, d = divmod(rest, 5)
            stand = origin if d == 0 else origin + (self.width, 1, -1, -self.width)[d - 1]
            where = name(origin) if stand == origin else f"{name(origin)}-{name(stand)}"
            return f"{where}!{P.KIND_NAMES[guess]}"
        if action < self.decline:
            kind, square = divmod(action - self.place_base, n)
            return f"{P.KIND_NAMES[kind]}@{name(square)}"
        return "decline"

    def spatial(self, action: int) -> tuple[int, int, int, int] | None:
        """``(row, column, direction, distance - 1)`` of a move along one line, else ``None``.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> layout = ActionLayout(ruleset("original"))
            >>> layout.spatial(layout.move(33, 63)), layout.spatial(layout.decline)
            ((3, 3, 0, 2), None)
        """
        if not 0 <= action < self.spot_base:
            return None
        origin, target = divmod(action, self.squares)
        of, orank = origin % self.width, origin // self.width
        tf, trank = target % self.width, target // self.width
        df, dr = tf - of, trank - orank
        if (df == 0) == (dr == 0):
            return None
        distance = abs(df) + abs(dr)
        direction = DIRECTIONS.index((df // distance, dr // distance))
        return orank, of, direction, distance - 1
