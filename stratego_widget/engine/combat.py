"""Strike resolution: who is removed when one piece strikes another.

The outcome depends only on the two kinds and the ruleset's switches (Aggressor Advantage,
Exploding Bombs) and, in a variant, its strengths and the Spy's defence. Where the winner goes afterwards is decided in :mod:`stratego_widget.engine.game`.

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> from stratego_widget.engine import pieces as P
    >>> rs = ruleset("original")
    >>> strike_outcome(P.SPY, P.MARSHAL, rs), strike_outcome(P.MARSHAL, P.SPY, rs)
    ('attacker', 'attacker')
    >>> strike_outcome(P.SCOUT, P.BOMB, rs), strike_outcome(P.MINER, P.BOMB, rs)
    ('defender', 'attacker')
"""

from __future__ import annotations

from typing import Literal

from . import pieces as P
from .rulesets import Ruleset

StrikeResult = Literal["attacker", "defender", "both"]


def strike_outcome(attacker: int, defender: int, rules: Ruleset) -> StrikeResult:
    """Which side wins a strike: ``"attacker"``, ``"defender"`` or ``"both"`` (both removed).

    * Striking the Flag captures it.
    * A Miner defuses a Bomb; any other piece striking a Bomb is removed (with Exploding
      Bombs, the Bomb goes too).
    * The Spy removes the Marshal only when the Spy strikes; in 2013, where the Spy "has no
      rank" (``spy_has_rank=False``), a Spy that strikes a Spy removes it. A variant with
      ``spy_wins_defending`` also lets the Spy remove a Marshal that strikes it.
    * Equal strengths: both are removed (with Aggressor Advantage, the attacker wins).
    * Otherwise the stronger piece wins (:attr:`Ruleset.strength`: the rank, unless a variant
      changes it).

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> strike_outcome(P.MAJOR, P.MAJOR, ruleset("original+aggressor-advantage"))
        'attacker'
    """
    if defender == P.FLAG:
        return "attacker"
    if defender == P.BOMB:
        if attacker == P.MINER:
            return "attacker"
        return "both" if rules.exploding_bombs else "defender"
    if attacker == P.SPY and (defender == P.MARSHAL
                              or (defender == P.SPY and not rules.spy_has_rank)):
        return "attacker"  # 2013: "A Spy has no rank. If the Spy is attacked ... it is removed."
    if defender == P.SPY and attacker == P.MARSHAL and rules.spy_wins_defending:
        return "defender"
    strength = rules.strength
    mine, theirs = strength[attacker], strength[defender]
    if mine == theirs:
        return "attacker" if rules.aggressor_advantage else "both"
    return "attacker" if mine > theirs else "defender"
