"""The setup phase of one game on a board: both armies' setups, which is ready, whose setup
the browser edits now, and where the setups' seeds come from (:class:`SetupSeeds`).

A :class:`~stratego_widget.widget.session.BoardSession` keeps one :class:`SetupTurns` while
its game has not begun; the phase's own checks (a setup already marked ready, a setup that is
not complete) are made here, the hand-over and the game's start by the session's
:class:`~stratego_widget.widget.conduct.Conduct`.

Example:
    >>> turns = SetupTurns("duel", auto=(), seed=None)
    >>> turns.side("hotseat"), turns.all_ready
    ('red', False)
"""

from __future__ import annotations

import random
from collections.abc import Collection

from ..engine.errors import SetupError
from ..engine.game import Game
from ..engine.rulesets import Ruleset
from .session_view import SIDES
from .setup_phase import SetupBoard

__all__ = ["SetupSeeds", "SetupTurns"]


class SetupSeeds:
    """Where a board's setups get their seeds, given the board's ``seed`` (None: no seed, no
    generator used): each new game's armies (the seed's own for the first game; every New game
    after it gets new ones, still reproducible from the seed) and each random setup asked for.

    Example:
        >>> seeds = SetupSeeds(7)
        >>> seeds.next_game(7), seeds.next_game(7) != 7, seeds.for_setup(None)
        (7, True, None)
    """

    def __init__(self, seed: int | None) -> None:
        self.draws = random.Random(seed)
        self.games = 0

    def next_game(self, seed: int | None) -> int | None:
        """The seed of a new game's setups (``None`` without a seed).

        Example:
            >>> SetupSeeds(None).next_game(None) is None
            True
        """
        self.games += 1
        if seed is None:
            return None
        return seed if self.games == 1 else self.draws.randrange(2**31)

    def for_setup(self, seed: int | None) -> random.Random | None:
        """The generator a random setup draws its seed from (``None`` without a seed).

        Example:
            >>> SetupSeeds(3).for_setup(3).randrange(2**31) == SetupSeeds(3).draws.randrange(2**31)
            True
        """
        return None if seed is None else self.draws


class SetupTurns:
    """Both armies' setups (``boards``) and which is marked ready (``ready``); the sides in
    ``auto`` get a random setup at once (from ``seed``), marked ready.

    Example:
        >>> turns = SetupTurns("duel", auto=("blue",), seed=1)
        >>> turns.ready, turns.boards["red"].tray["flag"]
        ({'red': False, 'blue': True}, 1)
    """

    def __init__(self, rules: Ruleset | str, auto: Collection[str], seed: int | None) -> None:
        self.boards: dict[str, SetupBoard] = {}
        self.ready = {"red": False, "blue": False}
        for side in SIDES:
            board = SetupBoard(rules, side)
            if side in auto:
                board.random(seed=None if seed is None else seed + len(side))
                self.ready[side] = True
            self.boards[side] = board

    @property
    def all_ready(self) -> bool:
        """Whether both setups are marked ready (the game can begin)."""
        return all(self.ready.values())

    def side(self, mode: str) -> str:
        """Whose setup the browser edits now, for a board seen by ``mode``.

        Example:
            >>> SetupTurns("duel", auto=(), seed=None).side("blue")
            'blue'
        """
        if mode in SIDES:
            return mode
        return "red" if not self.ready["red"] else "blue"

    def editable(self, mode: str) -> SetupBoard:
        """The setup the browser edits now; refused once it is marked ready.

        Example:
            >>> turns = SetupTurns("duel", auto=("red",), seed=1)
            >>> turns.editable("red")
            Traceback (most recent call last):
            ...
            stratego_widget.SetupError: This setup is already marked ready.
        """
        side = self.side(mode)
        if self.ready[side]:
            raise SetupError("setup-ready", "This setup is already marked ready.")
        return self.boards[side]

    def game(self) -> Game:
        """The game both setups make (both are ready).

        Example:
            >>> SetupTurns("duel", auto=("red", "blue"), seed=1).game().ply
            0
        """
        rules = self.boards["red"].rules
        return Game.from_setups(rules, red=self.boards["red"].pieces,
                                blue=self.boards["blue"].pieces)
