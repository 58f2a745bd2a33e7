"""Piece kinds, their strength order, names, letters and printed labels.

Kinds are small integers ordered by strength, so "higher rank wins" is an integer comparison.
The order is the same in every edition; only the printed numbering differs (see :func:`label`).

Example:
    >>> MARSHAL > GENERAL > SCOUT > SPY
    True
    >>> KIND_NAMES[MINER], kind_from_name("miner") == MINER
    ('miner', True)
"""

from __future__ import annotations

from typing import Final

from .errors import RulesetError

FLAG: Final = 0
BOMB: Final = 1
SPY: Final = 2
SPOTTER: Final = 3
SCOUT: Final = 4
MINER: Final = 5
SERGEANT: Final = 6
LIEUTENANT: Final = 7
CAPTAIN: Final = 8
MAJOR: Final = 9
COLONEL: Final = 10
GENERAL: Final = 11
MARSHAL: Final = 12

RED: Final = 0
BLUE: Final = 1
PLAYER_NAMES: Final = ("red", "blue")

#: Lower-case English ids, the names used everywhere in the API and in JSON.
KIND_NAMES: Final = (
    "flag", "bomb", "spy", "spotter", "scout", "miner", "sergeant", "lieutenant",
    "captain", "major", "colonel", "general", "marshal",
)
#: One letter per kind for position strings (Red upper case, Blue lower case).
KIND_LETTERS: Final = ("F", "B", "S", "Z", "X", "N", "T", "L", "P", "J", "C", "G", "M")

_NAME_TO_KIND: Final = {name: kind for kind, name in enumerate(KIND_NAMES)}
_LETTER_TO_KIND: Final = {letter: kind for kind, letter in enumerate(KIND_LETTERS)}

NUMBERINGS: Final = ("marshal-high", "marshal-low")


def kind_from_name(name: str) -> int:
    """Return the kind for an English id such as ``"scout"`` (case-insensitive).

    Example:
        >>> kind_from_name("Marshal") == MARSHAL
        True
    """
    kind = _NAME_TO_KIND.get(name.strip().lower()) if isinstance(name, str) else None
    if kind is None:
        raise RulesetError(f"Unknown piece {name!r}; valid pieces: {', '.join(KIND_NAMES)}.")
    return kind


def kind_from_letter(letter: str) -> int | None:
    """Return the kind for a position-string letter (either case), or ``None``.

    Example:
        >>> kind_from_letter("m") == MARSHAL
        True
    """
    return _LETTER_TO_KIND.get(letter.upper())


def player_from_name(name: str) -> int:
    """Return ``RED`` or ``BLUE`` for ``"red"`` or ``"blue"``.

    Example:
        >>> player_from_name("blue") == BLUE
        True
    """
    if name == "red":
        return RED
    if name == "blue":
        return BLUE
    raise RulesetError(f"Unknown player {name!r}; valid players: red, blue.")


def label(kind: int, numbering: str, spy_has_number: bool = True) -> str:
    """The text printed on a piece in a numbering.

    ``"marshal-high"`` is the European and current numbering (Marshal 10 … Scout 2, Spy 1);
    ``"marshal-low"`` is the old American one (Marshal 1 … Scout 9, Spy ``S``). The 2013 edition
    prints no number on its Spy (``spy_has_number=False``) and gives its Spotter the 1.

    Example:
        >>> label(MARSHAL, "marshal-high"), label(MARSHAL, "marshal-low"), label(BOMB, "marshal-low")
        ('10', '1', 'B')
    """
    if kind == FLAG:
        return "F"
    if kind == BOMB:
        return "B"
    if kind == SPY and (numbering == "marshal-low" or not spy_has_number):
        return "S"
    if numbering == "marshal-high":
        return "1" if kind in (SPY, SPOTTER) else str(kind - 2)
    if numbering == "marshal-low":
        return "10" if kind == SPOTTER else str(13 - kind)
    raise RulesetError(f"Unknown numbering {numbering!r}; valid numberings: {', '.join(NUMBERINGS)}.")
