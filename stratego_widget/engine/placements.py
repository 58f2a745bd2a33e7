"""The pieces a new game starts with: from two setups, or from any pieces at all.

:meth:`Game.from_setups <stratego_widget.Game.from_setups>` and
:meth:`Game.from_pieces <stratego_widget.Game.from_pieces>` read what they are given here and
get back a placement (square index to piece) that a
:class:`~stratego_widget.engine.position.Position` is built from; bad input is a
:class:`~stratego_widget.engine.errors.SetupError` naming the rule, before anything is built.

Example:
    >>> from stratego_widget.engine.rulesets import ruleset
    >>> pieces_placement(ruleset("original"), {"a1": "red flag"}, {"blue": ["spy"]})
    ({0: (0, 0, False, False)}, [(1, 2, True)])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from . import pieces as P
from .errors import SetupError
from .position import CapturedSpec
from .rulesets import Ruleset
from .setups import parse_setup, validate_setup


def setups_placement(rules: Ruleset, red: Any, blue: Any) -> dict[int, tuple[int, int]]:
    """The placement of two setups, each validated against the army and the setup area.

    A setup is a mapping of square name to kind name, or setup text (see
    :mod:`stratego_widget.engine.setups`); Red's is read and checked first.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> from stratego_widget.engine.setups import random_setup
        >>> rules = ruleset("duel")
        >>> placement = setups_placement(rules, random_setup(rules, "red", seed=1),
        ...                              random_setup(rules, "blue", seed=2))
        >>> len(placement)
        20
    """
    placement: dict[int, tuple[int, int]] = {}
    for player, setup in ((P.RED, red), (P.BLUE, blue)):
        pieces = parse_setup(rules, setup) if isinstance(setup, str) else setup
        validate_setup(rules, P.PLAYER_NAMES[player], pieces)
        for name, kind in pieces.items():
            placement[rules.geometry.index(name)] = (player, P.kind_from_name(kind))
    return placement


def pieces_placement(
    rules: Ruleset, pieces: Mapping[str, Any], captured: Mapping[str, Iterable[str]] | None = None,
    revealed: Iterable[str] = (), moved: Iterable[str] = (),
) -> tuple[dict[int, tuple[int, int, bool, bool]], list[CapturedSpec]]:
    """Any pieces on the board and off it, as ``(placement, captured)`` for a position.

    ``pieces`` maps square names to ``"red scout"`` or ``("red", "scout")``; ``captured`` maps
    players to the kinds already off the board; ``revealed`` and ``moved`` name squares whose
    piece's rank its opponent knows, or whose piece has already moved. A captured piece's rank
    is known to both players unless Silent Defense keeps the trays hidden.

    Example:
        >>> from stratego_widget.engine.rulesets import ruleset
        >>> pieces_placement(ruleset("original"), {"e5": "red scout"}, moved=["e5"])
        ({44: (0, 4, True, False)}, [])
        >>> pieces_placement(ruleset("original"), {"c5": "red scout"})
        Traceback (most recent call last):
        ...
        stratego_widget.SetupError: c5 is in a lake; no piece can stand there.
    """
    geo = rules.geometry
    if not isinstance(pieces, Mapping) or not isinstance(captured, Mapping | None):
        raise SetupError("setup-format", "Pieces are given as a mapping of square names to "
                         "pieces, and captured pieces as a mapping of players to kinds.")
    shown = {geo.index(name) for name in _names(revealed)}
    stirred = {geo.index(name) for name in _names(moved)}
    placement: dict[int, tuple[int, int, bool, bool]] = {}
    for name, spec in pieces.items():
        player, kind = _piece_spec(spec)
        sq = geo.index(name)
        if sq in geo.lakes:
            raise SetupError("setup-square", f"{name} is in a lake; no piece can stand there.")
        placement[sq] = (player, kind, sq in stirred, sq in shown)
    for sq in (shown | stirred) - set(placement):
        raise SetupError("setup-square", f"There is no piece on {geo.name(sq)} to mark as "
                         "revealed or moved.")
    # Captured pieces were struck, which declares both ranks, and lie in trays both players
    # see; only Silent Defense without public trays keeps a removed piece's rank unsaid.
    seen = rules.captured_public or not rules.silent_defense
    off: list[CapturedSpec] = [
        (P.player_from_name(player_name), P.kind_from_name(kind), seen)
        for player_name, kinds in (captured or {}).items() for kind in _names(kinds)
    ]
    return placement, off


def _names(names: object) -> list[str]:
    """A list of names given as one name or a list, tuple or set of them, or a SetupError."""
    if isinstance(names, str):
        return [names]
    if isinstance(names, list | tuple | set | frozenset) and all(
            isinstance(name, str) for name in names):
        return list(names)
    raise SetupError("setup-format", f"Expected a list of names, not {names!r:.60}.")


def _piece_spec(spec: object) -> tuple[int, int]:
    """``"red scout"`` or ``("red", "scout")`` as ``(player, kind)``, or a SetupError."""
    parts = spec.split() if isinstance(spec, str) else spec
    if not isinstance(parts, (list, tuple)) or len(parts) != 2 or not all(
            isinstance(part, str) for part in parts):
        raise SetupError("setup-piece", f"A piece is written 'red scout' or ('red', 'scout'), "
                         f"not {spec!r}.")
    return P.player_from_name(parts[0]), P.kind_from_name(parts[1])


__all__ = ["pieces_placement", "setups_placement"]
