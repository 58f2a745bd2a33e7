"""The action space of the environments: one index for every decision an agent makes, in the
acting player's own frame. This module is the one owner of turning moves into indices and back.

**The acting player's frame.** Squares are turned so that the acting player's own back row is
row 0: Red's squares are the engine's (``a1`` is 0, rank by rank from Red's back row), Blue's
are turned 180° (square ``sq`` becomes ``N - 1 - sq``), so that Blue's left and right stay its
own too. A policy learned as Red therefore plays as Blue unchanged. :func:`turned` does it.

**Two layouts.** With ``N`` squares (lakes included) and ``K = 13`` kinds (flag 0 … marshal 12):

``"compact"`` (the default): from-square × direction × distance, then only the blocks the
ruleset (and the setup phase) uses:

==============  =================================================  ============================
block           index                                              used
==============  =================================================  ============================
move            ``(origin * 4 + direction) * reach + distance-1``   always; directions up,
                                                                   right, left, down; ``reach``
                                                                   the longest move allowed
turn            ``turn_base + origin * 4 + diagonal``               Ultimate Lightning Captains
                                                                   (up-right, up-left,
                                                                   down-right, down-left)
spot            ``spot_base + (origin * 5 + d) * K + guess``        2013 Spotters: stay (``d``
                                                                   0) or step up, right, left,
                                                                   down (1–4), then spot
place           ``place_base + kind * N + square``                  the setup phase, Rescue
decline         ``decline``                                        Rescue: no rescue
==============  =================================================  ============================

``"flat"`` (the layout before the compact one): every block always, a move as
``origin * N + target`` (from-square × to-square), then spot, place and decline as above.

A move onto the enemy back row that may rescue is chosen in two steps: the move, then (the same
agent again) a place index or decline. :meth:`ActionLayout.encode` gives the index of an engine
move code, :meth:`ActionLayout.decode` the :class:`Decision` an index stands for.

Example:
    >>> from stratego_widget.engine.moves import encode
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> layout = ActionLayout(ruleset("original"))
    >>> layout.size, layout.encode(encode(33, 43), 0), layout.describe(3 * 36 + 0 * 9, 0)
    (3600, 1188, 'd1-d2')
    >>> layout.encode(encode(33, 43), 1) == layout.encode(encode(66, 56), 0)
    True
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..engine import pieces as P
from ..engine.errors import RulesetError
from ..engine.moves import RESCUE_SHIFT, SPOT, decode
from ..engine.rulesets import Ruleset

__all__ = ["DIAGONALS", "DIRECTIONS", "KINDS", "LAYOUTS", "ActionLayout", "Decision",
           "action_index", "base_code", "described", "turned"]

#: Number of piece kinds (flag … marshal).
KINDS = len(P.KIND_NAMES)
#: Directions of the move block, the spot block and the spatial mask, as (file step, rank
#: step) in the acting player's frame: up (towards the enemy), right, left, down.
DIRECTIONS = ((0, 1), (1, 0), (-1, 0), (0, -1))
#: The diagonal ends of a Captain's turning two-square move: up-right, up-left, down-right,
#: down-left.
DIAGONALS = ((1, 1), (-1, 1), (1, -1), (-1, -1))
#: The action layouts: ``"compact"`` (the default) and ``"flat"``.
LAYOUTS = ("compact", "flat")
_BASE_MASK = (1 << RESCUE_SHIFT) - 1
_SPOT_STEPS = ("width", 1, -1, "-width")


def turned(square: int, player: int, squares: int) -> int:
    """``square`` in ``player``'s frame (and back: turning twice gives the square again): Red's
    squares are the engine's, Blue's turned 180° on a board of ``squares`` squares.

    Example:
        >>> turned(0, 0, 100), turned(0, 1, 100), turned(99, 1, 100)
        (0, 99, 0)
    """
    return square if player == P.RED else squares - 1 - square


def action_index(action: object) -> int | None:
    """The index ``action`` is: a whole number (Python's or numpy's, a 0-dimensional
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


def reach(rules: Ruleset) -> int:
    """The longest move along a line the ruleset allows (a Scout's, a Captain's two squares).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> reach(ruleset("original")), reach(ruleset("duel"))
        (9, 9)
    """
    longest = 2 if rules.captain_two_squares else 1
    if P.SCOUT in rules.army_counts:
        line = max(rules.width, rules.height) - 1
        longest = max(longest, min(line, rules.scout_max_distance or line))
    return longest


class Decision(NamedTuple):
    """What an index stands for, in the engine's squares: ``block`` (``"move"``, ``"spot"``,
    ``"place"``, ``"decline"``), ``origin`` and ``target`` (a spot: the Spotter's square and
    where it stands; a place: the square twice; -1 for decline) and ``kind`` (a spot's guess, a
    placed piece; -1 otherwise)."""

    block: str
    origin: int
    target: int
    kind: int


class ActionLayout:
    """The action index of one ruleset (see the module docstring). ``layout``: ``"compact"``
    or ``"flat"``; ``placing``: whether agents place their pieces (the setup phase), which
    adds the place block to the compact layout (Rescue adds it anyway).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> flat = ActionLayout(ruleset("duel"), "flat")
        >>> flat.size, flat.describe(flat.decline, 0)
        (17801, 'decline')
        >>> ActionLayout(ruleset("duel")).size, ActionLayout(ruleset("duel"), placing=True).size
        (3600, 4900)
    """

    def __init__(self, rules: Ruleset, layout: str = "compact", placing: bool = False) -> None:
        if layout not in LAYOUTS:
            raise RulesetError("env-layout", f"action_layout is 'compact' or 'flat', not "
                               f"{described(layout)}.")
        self.rules = rules
        self.layout = layout
        self.compact = layout == "compact"
        self.geometry = rules.geometry
        self.width, self.height = rules.width, rules.height
        self.squares = n = self.width * self.height
        self.max_distance = max(self.width, self.height) - 1
        self.reach = reach(rules) if self.compact else self.max_distance
        if self.compact:
            self.turn_base = n * 4 * self.reach
            self.spot_base = self.turn_base + (4 * n if rules.captain_two_squares else 0)
            self.place_base = self.spot_base + (5 * n * KINDS if rules.has_spotters else 0)
            end = self.place_base + (KINDS * n if placing or rules.rescue else 0)
            self.decline = end if rules.rescue else -1
            self.size = end + (1 if rules.rescue else 0)
        else:
            self.turn_base = self.spot_base = n * n
            self.place_base = self.spot_base + 5 * n * KINDS
            self.decline = self.place_base + KINDS * n
            self.size = self.decline + 1
        self._steps = (self.width, 1, -1, -self.width)

    # ------------------------------------------------------------------ the numbers

    def codec(self) -> np.ndarray:
        """The layout as numbers for compiled code (:mod:`stratego_widget.batch.stepper`):
        width, squares, compact (0/1), reach, turn base, spot base, turned (0/1, set per
        player by :meth:`codec_for`).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> ActionLayout(ruleset("barrage")).codec().tolist()
            [10, 100, 1, 9, 3600, 3600, 0]
        """
        return np.array([self.width, self.squares, int(self.compact), self.reach,
                         self.turn_base, self.spot_base, 0], np.int64)

    def codec_for(self, player: int) -> np.ndarray:
        """:meth:`codec` for ``player`` (Blue's squares turned).

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> int(ActionLayout(ruleset("barrage")).codec_for(1)[-1])
            1
        """
        numbers = self.codec()
        numbers[-1] = int(player == P.BLUE)
        return numbers

    def max_legal(self) -> int:
        """An upper bound on the number of legal actions at any time: the length of the
        padded legal-action list.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> ActionLayout(ruleset("barrage")).max_legal()
            96
        """
        counts = self.rules.army_counts
        line = 4 * min(self.reach, self.max_distance)
        moves = sum(count * (line if kind == P.SCOUT else 12 if kind == P.CAPTAIN and
                             self.rules.captain_two_squares else 4)
                    for kind, count in counts.items())
        spots = counts.get(P.SPOTTER, 0) * 5 * len(counts)
        places = 0
        if self.place_base < self.size:
            places = len(counts) * self.squares + 1
        return min(self.size, max(moves + spots, places))

    # ------------------------------------------------------------------ encoding

    def encode(self, code: int, player: int) -> int:
        """The index of an engine move code (``game.history[i].code``, ``game.legal_codes()``)
        played by ``player`` (0 Red, 1 Blue), in ``player``'s frame; a rescuing move gives its
        plain move's index (its rescue is :meth:`place` or :attr:`decline` next).

        Example:
            >>> from stratego_widget.engine.moves import encode
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> layout = ActionLayout(ruleset("original"))
            >>> layout.describe(layout.encode(encode(33, 63), 0), 0)
            'd4-d7'
            >>> layout.encode(encode(33, 63), 0) == layout.encode(encode(66, 36), 1)
            True
        """
        origin, target, action, guess, _, _ = decode(code)
        n = self.squares
        if player != P.RED:
            origin, target = n - 1 - origin, n - 1 - target
        if action == SPOT:
            step = target - origin
            d = 0 if step == 0 else 1 + self._steps.index(step)
            return self.spot_base + (origin * 5 + d) * KINDS + guess
        if not self.compact:
            return origin * n + target
        width = self.width
        df, dr = target % width - origin % width, target // width - origin // width
        if df == 0 or dr == 0:
            distance = abs(df) + abs(dr)
            direction = DIRECTIONS.index((df // distance, dr // distance))
            return (origin * 4 + direction) * self.reach + distance - 1
        return self.turn_base + origin * 4 + DIAGONALS.index((df // abs(df), dr // abs(dr)))

    def move(self, origin: int, target: int, player: int = P.RED) -> int:
        """The index of a move or strike from ``origin`` to ``target`` (the engine's squares)
        by ``player``.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> ActionLayout(ruleset("original"), "flat").move(0, 1)
            1
        """
        return self.encode(origin | target << 7, player)

    def place(self, kind: int, square: int, player: int = P.RED) -> int:
        """The index of ``player`` putting ``kind`` on ``square`` (the engine's square): the
        setup, or a rescued piece.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> layout = ActionLayout(ruleset("original"), placing=True)
            >>> layout.describe(layout.place(P.MARSHAL, 0, 1), 1)
            'marshal@a1'
        """
        return self.place_base + kind * self.squares + turned(square, player, self.squares)

    # ------------------------------------------------------------------ decoding

    def decode(self, index: int, player: int) -> Decision:
        """What ``index`` stands for when ``player`` acts, in the engine's squares; an index
        outside the layout raises ``IndexError``.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> layout = ActionLayout(ruleset("original"))
            >>> layout.decode(0, 0), layout.decode(0, 1)
            (Decision(block='move', origin=0, target=10, kind=-1), Decision(block='move', origin=99, target=89, kind=-1))
        """
        if not 0 <= index < self.size:
            raise IndexError(f"No action {index} in this layout of {self.size} actions.")
        n, width = self.squares, self.width

        def back(square: int) -> int:
            return turned(square, player, n)

        if index < self.turn_base:
            if not self.compact:
                return Decision("move", back(index // n), back(index % n), -1)
            rest, step = divmod(index, self.reach)
            origin, direction = divmod(rest, 4)
            df, dr = DIRECTIONS[direction]
            return Decision("move", back(origin), back(origin + (df + dr * width) * (step + 1)),
                            -1)
        if index < self.spot_base:
            origin, diagonal = divmod(index - self.turn_base, 4)
            df, dr = DIAGONALS[diagonal]
            return Decision("move", back(origin), back(origin + df + dr * width), -1)
        if index < self.place_base:
            rest, guess = divmod(index - self.spot_base, KINDS)
            origin, d = divmod(rest, 5)
            stand = origin if d == 0 else origin + self._steps[d - 1]
            return Decision("spot", back(origin), back(stand), guess)
        if index != self.decline:
            kind, square = divmod(index - self.place_base, n)
            return Decision("place", back(square), back(square), kind)
        return Decision("decline", -1, -1, -1)

    def describe(self, action: int, player: int = P.RED) -> str:
        """The action in words, in the project's move notation where it is a move.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> layout = ActionLayout(ruleset("sci-fi-2013"))
            >>> layout.describe(layout.spot_base + (22 * 5 + 1) * KINDS + P.BOMB, 0)
            'c3-c4!bomb'
        """
        try:
            what = self.decode(action, player)
        except IndexError:
            return f"no action {action}"
        name = self.geometry.name
        if what.block == "move":
            return f"{name(what.origin)}-{name(what.target)}"
        if what.block == "spot":
            where = name(what.origin) if what.origin == what.target else \
                f"{name(what.origin)}-{name(what.target)}"
            return f"{where}!{P.KIND_NAMES[what.kind]}"
        if what.block == "place":
            return f"{P.KIND_NAMES[what.kind]}@{name(what.origin)}"
        return "decline"

    def spatial(self, action: int, player: int = P.RED) -> tuple[int, int, int, int] | None:
        """``(row, column, direction, distance - 1)`` of a move along one line in ``player``'s
        frame, else ``None``.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> layout = ActionLayout(ruleset("original"))
            >>> layout.spatial(layout.move(33, 63)), layout.spatial(layout.move(66, 36, 1), 1)
            ((3, 3, 0, 2), (3, 3, 0, 2))
        """
        if not 0 <= action < self.turn_base:
            return None
        what = self.decode(action, player)
        n, width = self.squares, self.width
        origin, target = turned(what.origin, player, n), turned(what.target, player, n)
        of, orank = origin % width, origin // width
        df, dr = target % width - of, target // width - orank
        if (df == 0) == (dr == 0):
            return None
        distance = abs(df) + abs(dr)
        return orank, of, DIRECTIONS.index((df // distance, dr // distance)), distance - 1
