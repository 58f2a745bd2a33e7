"""The setup phase of one player: place, swap and remove pieces, then check the setup.

A :class:`SetupBoard` holds one player's pieces on their setup area and the tray of pieces not
yet placed. Every change is validated; a rejected change raises
:class:`~stratego_widget.SetupError` with a rule id and leaves the board as it was.

Example:
    >>> board = SetupBoard("barrage", "red")
    >>> board.place("flag", "a1")
    >>> board.tray["flag"], board.complete
    (0, False)
    >>> board.random(seed=1)
    >>> board.complete
    True
"""

from __future__ import annotations

from ..engine.errors import SetupError
from ..engine.rulesets import Ruleset, ruleset
from ..engine.setups import preset_setup, preset_setups, random_setup, setup_area, validate_setup


class SetupBoard:
    """One player's setup in progress: ``pieces`` (square to kind) and the ``tray``."""

    def __init__(self, rules: Ruleset | str, player: str) -> None:
        self.rules = ruleset(rules)
        self.player = player
        self.area: list[str] = setup_area(self.rules, player)
        self._area = set(self.area)
        self.pieces: dict[str, str] = {}

    @property
    def tray(self) -> dict[str, int]:
        """Pieces not yet placed, by kind (strongest first, zero counts included).

        Example:
            >>> SetupBoard("duel", "blue").tray["bomb"]
            2
        """
        tray = dict(reversed(self.rules.army))
        for kind in self.pieces.values():
            tray[kind] -= 1
        return tray

    @property
    def complete(self) -> bool:
        """Whether the setup is complete and valid (ready to play).

        Example:
            >>> SetupBoard("duel", "red").complete
            False
        """
        return self.problem() is None

    def problem(self) -> SetupError | None:
        """Why the setup is not ready yet, or ``None`` when it is.

        Example:
            >>> SetupBoard("barrage", "red").problem().rule
            'setup-incomplete'
        """
        try:
            validate_setup(self.rules, self.player, self.pieces)
        except SetupError as error:
            return error
        return None

    def _check_square(self, square: str) -> None:
        if square not in self._area:
            raise SetupError("setup-area", f"{square} is not in your setup area "
                             f"({self.area[0]}–{self.area[-1]}).")

    def place(self, kind: str, square: str) -> None:
        """Place a tray piece on a square of the area (a piece already there goes back).

        Example:
            >>> board = SetupBoard("barrage", "red")
            >>> board.place("flag", "e5")
            Traceback (most recent call last):
            ...
            stratego_widget.SetupError: e5 is not in your setup area (a1–j4).
        """
        self._check_square(square)
        if self.tray.get(kind, 0) <= 0 and self.pieces.get(square) != kind:
            names = ", ".join(k for k, n in self.tray.items() if n > 0) or "none"
            raise SetupError("setup-tray", f"No {kind} left to place; in the tray: {names}.")
        self.pieces[square] = kind

    def remove(self, square: str) -> None:
        """Put the piece on ``square`` back into the tray.

        Example:
            >>> board = SetupBoard("barrage", "red")
            >>> board.remove("a1")
            Traceback (most recent call last):
            ...
            stratego_widget.SetupError: There is no piece on a1 to remove.
        """
        self._check_square(square)
        if square not in self.pieces:
            raise SetupError("setup-remove", f"There is no piece on {square} to remove.")
        del self.pieces[square]

    def swap(self, a: str, b: str) -> None:
        """Swap the contents of two squares of the area (either may be empty).

        Example:
            >>> board = SetupBoard("barrage", "red")
            >>> board.place("flag", "a1"); board.swap("a1", "b2")
            >>> board.pieces
            {'b2': 'flag'}
        """
        self._check_square(a)
        self._check_square(b)
        first, second = self.pieces.pop(a, None), self.pieces.pop(b, None)
        if first is not None:
            self.pieces[b] = first
        if second is not None:
            self.pieces[a] = second

    def clear(self) -> None:
        """Put every piece back into the tray."""
        self.pieces = {}

    def random(self, seed: int | None = None) -> None:
        """Replace the setup with a random sensible one."""
        self.pieces = random_setup(self.rules, self.player, seed=seed)

    def preset(self, name: str) -> None:
        """Replace the setup with a named preset (see :attr:`presets`).

        Example:
            >>> board = SetupBoard("barrage", "red")
            >>> board.preset(board.presets[0]); board.complete
            True
        """
        if name not in self.presets:
            raise SetupError("setup-preset", f"Unknown preset {name!r}; presets: "
                             f"{', '.join(self.presets)}.")
        self.pieces = preset_setup(self.rules, name, self.player)

    @property
    def presets(self) -> list[str]:
        """Names of the preset setups that fit this army."""
        return list(preset_setups(self.rules))
