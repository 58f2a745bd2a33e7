"""Where the environments' setups come from: the agent (a placement phase), random setups,
the presets, or a list of setup pairs, such as the setups of Gravon records.

``setup`` is one of:

- ``"agent"``: the agent places its pieces, one action per piece (see
  :mod:`stratego_widget.env.actions`);
- ``"random"``: a random sensible setup for each side (:func:`~stratego_widget.engine.setups.random_setup`);
- a preset's name (:func:`~stratego_widget.engine.setups.preset_setups`): both sides use it;
- a list of ``(red, blue)`` pairs of setups (mappings of square to kind, or setup text): each
  episode draws one pair; :func:`gravon_setups` makes that list from Gravon records.

Example:
    >>> import random
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> source = SetupSource(ruleset("barrage"), "random")
    >>> red, blue = source.draw(random.Random(1))
    >>> len(red), len(blue)
    (8, 8)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine.errors import SetupError
from ..engine.rulesets import Ruleset
from ..engine.setups import parse_setup, preset_setup, preset_setups, random_setup, validate_setup
from ..formats.gravon import from_gravon

__all__ = ["SetupSource", "gravon_setups"]

Setup = dict[str, str]


class SetupSource:
    """A seeded supply of ``(red, blue)`` setups for one ruleset (see the module docstring).

    ``agent`` is true for the placement phase; :meth:`draw` still supplies setups then (for a
    side a bot plays).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> SetupSource(ruleset("original"), "fortress").draw(random.Random(0))[1]["e10"]
        'bomb'
        >>> SetupSource(ruleset("original"), "nowhere")
        Traceback (most recent call last):
        ...
        stratego_widget.SetupError: Unknown setup source 'nowhere': use 'agent', 'random', a preset (fortress, left-flag, miners-back, scout-line) or a list of (red, blue) setups.
    """

    def __init__(self, rules: Ruleset, setup: Any = "random") -> None:
        self.rules = rules
        self.agent = setup == "agent"
        self.pairs: list[tuple[Setup, Setup]] = []
        self.preset: str | None = None
        if isinstance(setup, str):
            presets = preset_setups(rules)
            if setup in presets:
                self.preset = setup
            elif setup not in ("agent", "random"):
                raise SetupError("setup-source", f"Unknown setup source {setup!r}: use 'agent', "
                                 f"'random', a preset ({', '.join(presets) or 'none here'}) or a "
                                 "list of (red, blue) setups.")
        elif isinstance(setup, Sequence) and setup:
            self.pairs = [self._pair(pair) for pair in setup]
        else:
            raise SetupError("setup-source", f"A setup source is 'agent', 'random', a preset or "
                             f"a non-empty list of (red, blue) setups, not {setup!r:.60}.")

    def _pair(self, pair: Any) -> tuple[Setup, Setup]:
        if not isinstance(pair, Sequence) or isinstance(pair, str) or len(pair) != 2:
            raise SetupError("setup-source", f"Each entry of the setup list is a (red, blue) "
                             f"pair, not {pair!r:.60}.")
        out = []
        for player, setup in zip(("red", "blue"), pair, strict=True):
            pieces = parse_setup(self.rules, setup, player) if isinstance(setup, str) else setup
            if not isinstance(pieces, Mapping):
                raise SetupError("setup-source", f"A setup is text or a mapping of squares to "
                                 f"kinds, not {setup!r:.60}.")
            validate_setup(self.rules, player, pieces)
            out.append(dict(pieces))
        return out[0], out[1]

    def draw(self, rng: random.Random) -> tuple[Setup, Setup]:
        """One ``(red, blue)`` pair of setups, chosen with ``rng``.

        Example:
            >>> from stratego_widget.engine.rulesets import ruleset
            >>> source = SetupSource(ruleset("duel"), "random")
            >>> source.draw(random.Random(3)) == source.draw(random.Random(3))
            True
        """
        if self.pairs:
            return self.pairs[rng.randrange(len(self.pairs))]
        if self.preset is not None:
            return (preset_setup(self.rules, self.preset, "red"),
                    preset_setup(self.rules, self.preset, "blue"))
        return (random_setup(self.rules, "red", seed=rng.getrandbits(32)),
                random_setup(self.rules, "blue", seed=rng.getrandbits(32)))


def gravon_setups(records: Iterable[str | bytes], rules: Ruleset | str | None = None
                  ) -> list[tuple[Setup, Setup]]:
    """The ``(red, blue)`` setups that Gravon records start from, for ``setup=``.

    Example:
        >>> from stratego_widget.engine.game import Game
        >>> from stratego_widget.formats.gravon import to_gravon
        >>> game = Game.random("duel", seed=1)
        >>> [(red, blue)] = gravon_setups([to_gravon(game)])
        >>> red == {sq: kind for sq, (owner, kind) in game.pieces().items() if owner == "red"}
        True
    """
    pairs = []
    for record in records:
        start = from_gravon(record, rules).copy()
        while start.moves:
            start.undo()
        sides: dict[str, Setup] = {"red": {}, "blue": {}}
        for square, (owner, kind) in start.pieces().items():
            sides[owner][square] = kind
        pairs.append((sides["red"], sides["blue"]))
    return pairs
