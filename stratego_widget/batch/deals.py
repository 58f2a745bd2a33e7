"""A batch game's numbers and start: :func:`seeds` (its setup seed and random stream),
:func:`deal` (its random deal, the one :meth:`Game.random
<stratego_widget.engine.game.Game.random>` makes), :func:`fresh` (a copy of a start position)
and :func:`deal_fingerprint` (the ``deal`` column of a batch's or a study's rows).

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> game = deal(ruleset("barrage"), seeds(0, 0)[0])
    >>> len(deal_fingerprint(game))
    12
"""

from __future__ import annotations

import hashlib
import random

from ..engine import pieces as P
from ..engine.game import Game
from ..engine.position import Position
from ..engine.rulesets import Ruleset
from ..engine.setups import random_setup
from .policies import mix64

__all__ = ["deal", "deal_fingerprint", "fresh", "seeds"]


def seeds(seed: int, game: int) -> tuple[int, int]:
    """Game ``game`` of a batch with seed ``seed``: ``(setup seed, SplitMix64 stream state)``.

    The setup seed is the seed of :meth:`Game.random`; the stream gives the policies' numbers.

    Example:
        >>> seeds(0, 1) == seeds(0, 1) != seeds(1, 1)
        True
    """
    base = mix64(seed * 0x9E3779B97F4A7C15 + game + 1)
    return mix64(base ^ 0x5E7) >> 32, mix64(base ^ 0x5EED)


def deal(rules: Ruleset, setup_seed: int) -> Game:
    """The start of a batch game: the deal :meth:`Game.random(rules, seed=setup_seed)
    <stratego_widget.engine.game.Game.random>` makes, the same armies on the same squares, made
    without checking the engine's own random setups against the army a second time (that check
    is most of the time ``Game.random`` takes; a test holds the two deals equal).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> rules = ruleset("barrage")
        >>> deal(rules, 5).position() == Game.random(rules, seed=5).position()
        True
    """
    rng = random.Random(setup_seed)
    index = rules.geometry.index
    placement: dict[int, tuple[int, int]] = {}
    for player, name in enumerate(P.PLAYER_NAMES):
        for square, kind in random_setup(rules, name, seed=rng.getrandbits(32)).items():
            placement[index(square)] = (player, P.kind_from_name(kind))
    return Game.from_state(Position(rules, placement))


def deal_fingerprint(game: Game) -> str:
    """A short fingerprint of the start position of ``game`` (both setups), equal for equal
    setups: the ``deal`` column of a batch's or a study's rows.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> rules = ruleset("barrage")
        >>> first, again, other = (deal_fingerprint(deal(rules, n)) for n in (3, 3, 4))
        >>> first == again != other
        True
    """
    return hashlib.sha1(game.position().split(" ")[0].encode()).hexdigest()[:12]


def fresh(rules: Ruleset, game: Game) -> Game:
    """A new game of ``rules`` in the position of ``game`` (its pieces, what is known of them,
    the captured ones and whose turn it is; no history), which is left alone.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> rules = ruleset("barrage")
        >>> game = deal(rules, 1)
        >>> copy = fresh(rules, game)
        >>> copy is not game, copy.position() == game.position()
        (True, True)
    """
    state = game.state
    pids = range(1, len(state.kind))
    placement = {state.square[pid]: (state.owner[pid], state.kind[pid], state.moved[pid],
                                     state.known[pid]) for pid in pids if state.square[pid] >= 0}
    captured = [(state.owner[pid], state.kind[pid], state.known[pid]) for pid in pids
                if state.square[pid] < 0]
    return Game.from_state(Position(rules, placement, state.to_move, captured))
