"""One game as the environments drive it: the setup phase, the moves, the two-step rescue.

A :class:`Match` wraps a :class:`~stratego_widget.engine.game.Game` and adds what an agent that
acts by index needs: the phase (``"setup"``, ``"play"``, ``"rescue"`` or ``"over"``), the
player who acts, the legal action indices of :mod:`stratego_widget.env.actions` with the engine
move each one plays, and :meth:`Match.step`. An action that is not legal raises
:class:`~stratego_widget.engine.errors.IllegalMoveError` and changes nothing.

Example:
    >>> from stratego_widget.engine.game import Game
    >>> match = Match.from_game(Game.random("barrage", seed=1))
    >>> match.phase, match.actor
    ('play', 0)
    >>> match.step(match.legal_actions()[0])
    >>> match.game.ply
    1
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import pieces as P
from ..engine.errors import IllegalMoveError
from ..engine.game import Game
from ..engine.moves import rescue_of
from ..engine.rulesets import Ruleset
from ..engine.setups import setup_area
from .actions import ActionLayout, action_index, base_code, described

__all__ = ["Match"]

_NO_CODE = -1


class Match:
    """A game in the environments' terms (see the module docstring).

    ``placing[p]`` says whether player ``p`` places its pieces by actions; otherwise its setup
    is ``setups[p]`` (a mapping of square name to kind name). A ``game`` already set up skips
    the setup phase (see :meth:`from_game`).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> from stratego_widget.engine.setups import random_setup
        >>> match = Match(ruleset("duel"), (True, False),
        ...               ({}, random_setup("duel", "blue", seed=1)))
        >>> match.phase, match.layout.describe(match.legal_actions()[0])
        ('setup', 'flag@a1')
    """

    def __init__(self, rules: Ruleset, placing: tuple[bool, bool],
                 setups: tuple[Mapping[str, str], Mapping[str, str]],
                 game: Game | None = None, layout: ActionLayout | None = None) -> None:
        self.rules = rules
        self.layout = layout if layout is not None else ActionLayout(rules,
                                                                     placing=any(placing))
        self.game: Game | None = game
        self.pending: int | None = None
        geo = rules.geometry
        self.placing = placing
        self.placed: list[dict[int, int]] = [{}, {}]
        self.to_place: list[dict[int, int]] = [{}, {}]
        self.areas = _areas(rules)
        for p in (P.RED, P.BLUE):
            if placing[p]:
                self.to_place[p] = dict(rules.army_counts)
            else:
                self.placed[p] = {geo.index(sq): P.kind_from_name(kind)
                                  for sq, kind in setups[p].items()}
        self._choices: dict[int, int] | None = None
        if game is None:
            self._start_if_placed()

    @classmethod
    def from_game(cls, game: Game, layout: ActionLayout | None = None) -> Match:
        """A match around a game already set up (the game is shared, not copied), its actions
        in ``layout`` (the compact layout of its rules by default).

        Example:
            >>> Match.from_game(Game.random("duel", seed=2)).phase
            'play'
        """
        return cls(game.rules, (False, False), ({}, {}), game, layout)

    def _start_if_placed(self) -> None:
        if any(self.to_place[p] for p in (P.RED, P.BLUE)):
            return
        name = self.rules.geometry.name
        red, blue = ({name(sq): P.KIND_NAMES[k] for sq, k in self.placed[p].items()}
                     for p in (P.RED, P.BLUE))
        self.game = Game.from_setups(self.rules, red, blue)

    # ------------------------------------------------------------------ state

    @property
    def phase(self) -> str:
        """``"setup"``, ``"play"``, ``"rescue"`` (choosing what a move rescues) or ``"over"``.

        Example:
            >>> Match.from_game(Game.from_pieces("original", {"a1": "red flag"})).phase
            'over'
        """
        if self.game is None:
            return "setup"
        if self.game.is_over:
            return "over"
        return "play" if self.pending is None else "rescue"

    @property
    def actor(self) -> int:
        """The player who acts now: 0 Red, 1 Blue (the loser to move once it is over).

        Example:
            >>> Match.from_game(Game.random("duel", seed=2)).actor
            0
        """
        if self.game is None:
            return P.RED if self.to_place[P.RED] else P.BLUE
        return self.game.state.to_move

    def choices(self) -> dict[int, int]:
        """The legal actions now (in the acting player's frame, see
        :mod:`~stratego_widget.env.actions`), each with the engine move code it plays (-1: none
        yet).

        Example:
            >>> match = Match.from_game(Game.random("duel", seed=2))
            >>> len(match.choices()) == len(match.game.legal_codes())
            True
        """
        if self._choices is None:
            self._choices = self._compute()
        return self._choices

    def legal_actions(self) -> list[int]:
        """The legal action indices now, in increasing order.

        Example:
            >>> Match.from_game(Game.random("duel", seed=2)).legal_actions()[:2]
            [144, 153]
        """
        return sorted(self.choices())

    def _compute(self) -> dict[int, int]:
        layout = self.layout
        p = self.actor
        if self.game is None:
            free = [sq for sq in self.areas[p] if sq not in self.placed[p]]
            return {layout.place(kind, sq, p): _NO_CODE
                    for kind, count in sorted(self.to_place[p].items()) if count
                    for sq in free}
        codes = self.game.legal_codes()
        if self.pending is not None:
            found = {layout.decline: self.pending}
            for code in codes:
                if base_code(code) == self.pending and code != self.pending:
                    kind, square = rescue_of(code)
                    found[layout.place(kind, square, p)] = code
            return found
        out: dict[int, int] = {}
        for code in codes:
            base = base_code(code)
            index = layout.encode(base, p)
            out[index] = _NO_CODE if base != code or out.get(index) == _NO_CODE else base
        return out

    # ------------------------------------------------------------------ acting

    def check(self, action: object) -> int:
        """The index of ``action`` if it is legal now; else ``IllegalMoveError`` (rule
        ``"env-action"``) in one line: an action is one whole number (Python's or numpy's) in
        the mask. Changes nothing.

        Example:
            >>> import numpy as np
            >>> match = Match.from_game(Game.random("duel", seed=2))
            >>> match.check(np.int64(144))
            144
            >>> match.check(np.array([403, 405]))
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: An action is one whole number, an index of the action mask, not a numpy array of shape (2,) and dtype int64.
        """
        index = action_index(action)
        if index is None:
            raise IllegalMoveError("env-action", f"An action is one whole number, an index of "
                                   f"the action mask, not {described(action)}.")
        if index not in self.choices():
            raise IllegalMoveError(
                "env-action", f"Action {index} ({self.layout.describe(index, self.actor)}) is not legal "
                f"now ({self.phase} phase, {P.PLAYER_NAMES[self.actor].title()} to act).")
        return index

    def step(self, action: int) -> None:
        """Take one legal action; an illegal one raises ``IllegalMoveError`` (rule
        ``"env-action"``, see :meth:`check`) and changes nothing.

        Example:
            >>> match = Match.from_game(Game.random("duel", seed=2))
            >>> match.step(0)
            Traceback (most recent call last):
            ...
            stratego_widget.IllegalMoveError: Action 0 (a1-a2) is not legal now (play phase, Red to act).
        """
        index = self.check(action)
        code = self.choices()[index]
        self._choices = None
        if self.game is None:
            p = self.actor
            _, square, _, kind = self.layout.decode(index, p)
            self.placed[p][square] = kind
            self.to_place[p][kind] -= 1
            if not self.to_place[p][kind]:
                del self.to_place[p][kind]
            self._start_if_placed()
            return
        if code == _NO_CODE:  # a move that may rescue: choose the rescue next
            p = self.actor
            self.pending = next(base_code(c) for c in self.game.legal_codes()
                                if self.layout.encode(base_code(c), p) == index)
            return
        self.pending = None
        self.game.play_code(code)

    def play_move(self, move: str) -> None:
        """Play a move given as text (a bot's choice), rescue included.

        Example:
            >>> match = Match.from_game(Game.random("duel", seed=2))
            >>> match.play_move(match.game.observation("red")["legal_moves"][0])
            >>> match.game.ply
            1
        """
        if self.game is None:
            raise IllegalMoveError("env-action", "The pieces are not all placed yet.")
        self.game.play(move)
        self.pending = None
        self._choices = None

    def reward(self, player: int) -> float:
        """+1 if ``player`` won, -1 if it lost, 0 for a draw or a game still going on.

        Example:
            >>> match = Match.from_game(Game.from_pieces("original", {"a1": "red flag"}))
            >>> match.reward(0), match.reward(1)
            (-1.0, 1.0)
        """
        winner = self.game.winner if self.game is not None else None
        if winner in (None, "draw"):
            return 0.0
        return 1.0 if winner == P.PLAYER_NAMES[player] else -1.0


def _areas(rules: Ruleset) -> list[list[int]]:
    """Each player's setup squares, as indices."""
    geo = rules.geometry
    return [[geo.index(name) for name in setup_area(rules, player)] for player in P.PLAYER_NAMES]
