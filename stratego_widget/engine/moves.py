"""Moves and their text notation.

A move is written with square names from Red's side: ``d4-d5`` (move), ``d4xd5`` (strike),
``c2-c3!bomb`` (2013: move a Spotter to c3, then spot the square in front guessing a Bomb;
``c3!bomb`` spots without moving), ``d9-d10+major@c3`` (Rescue: move onto the enemy back row,
then return a captured Major to c3). ``str(move)`` is its notation and ``game.play()`` accepts it.
A pass (``--``, :data:`PASS`) is read and written too, but it is no move of any rulebook: only
:meth:`~stratego_widget.engine.game.Game.pass_turn` records one, as a lesson device.

Inside the engine a move is a small integer (see :func:`encode`), so legal-move generation
creates no objects; :class:`Move` is the public, readable form.

Example:
    >>> move = Move.parse("d9-d10+major@c3")
    >>> move.origin, move.target, move.rescue, str(move)
    ('d9', 'd10', ('major', 'c3'), 'd9-d10+major@c3')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from . import pieces as P
from .errors import IllegalMoveError
from .geometry import Geometry

MOVE, STRIKE, SPOT = 0, 1, 2

_MOVE_RE = re.compile(
    r"^(?P<origin>[a-z]\d{1,2})(?:(?P<sep>[-x])(?P<target>[a-z]\d{1,2}))?"
    r"(?:!(?P<guess>[a-z]+))?(?:\+(?P<rescue>[a-z]+)@(?P<place>[a-z]\d{1,2}))?$"
)


# The bit layout of a move code, the one place it is written down: origin and target square
# (7 bits each), action (2 bits), the guessed kind of a spot (4 bits), the rescued kind plus
# one (4 bits, 0 for no rescue) and the square the rescued piece goes to (7 bits).
TARGET_SHIFT, ACTION_SHIFT, GUESS_SHIFT, RESCUE_SHIFT, PLACE_SHIFT = 7, 14, 16, 20, 24
SQUARE_MASK, ACTION_MASK, KIND_MASK = 127, 3, 15
STRIKE_BIT: Final = STRIKE << ACTION_SHIFT
SPOT_BIT: Final = SPOT << ACTION_SHIFT
#: The code of a pass in the history (a lesson device, see ``Game.pass_turn``): negative, so no
#: legal move's code is ever equal to it.
PASS_CODE: Final = -1
#: How a pass is written (python-chess writes its null move the same way).
PASS_TEXT: Final = "--"


def encode(origin: int, target: int, action: int = MOVE, guess: int = 0,
           rescue_kind: int = -1, rescue_square: int = 0) -> int:
    """Pack a move into an int: origin, target, action, guess, rescue kind and square.

    Example:
        >>> decode(encode(33, 43, STRIKE))
        (33, 43, 1, 0, -1, 0)
    """
    return (origin | target << TARGET_SHIFT | action << ACTION_SHIFT | guess << GUESS_SHIFT
            | (rescue_kind + 1) << RESCUE_SHIFT | rescue_square << PLACE_SHIFT)


def decode(code: int) -> tuple[int, int, int, int, int, int]:
    """Unpack :func:`encode`: ``(origin, target, action, guess, rescue_kind, rescue_square)``.

    ``rescue_kind`` is -1 when the move rescues nothing.

    Example:
        >>> decode(encode(1, 2))[:3]
        (1, 2, 0)
    """
    return (code & SQUARE_MASK, code >> TARGET_SHIFT & SQUARE_MASK,
            code >> ACTION_SHIFT & ACTION_MASK, code >> GUESS_SHIFT & KIND_MASK,
            (code >> RESCUE_SHIFT & KIND_MASK) - 1, code >> PLACE_SHIFT & SQUARE_MASK)


def origin_of(code: int) -> int:
    """The square a move starts from.

    Example:
        >>> origin_of(encode(33, 43, STRIKE))
        33
    """
    return code & SQUARE_MASK


def target_of(code: int) -> int:
    """The square a move goes to (for a spot: where the Spotter stands when it spots).

    Example:
        >>> target_of(encode(33, 43, STRIKE))
        43
    """
    return code >> TARGET_SHIFT & SQUARE_MASK


def action_of(code: int) -> int:
    """:data:`MOVE`, :data:`STRIKE` or :data:`SPOT`.

    Example:
        >>> action_of(encode(33, 43, STRIKE)) == STRIKE
        True
    """
    return code >> ACTION_SHIFT & ACTION_MASK


def rescue_of(code: int) -> tuple[int, int]:
    """``(kind, square)`` of the piece a move rescues, or ``(-1, 0)`` when it rescues none.

    Example:
        >>> rescue_of(encode(1, 2, rescue_kind=9, rescue_square=5))
        (9, 5)
    """
    return (code >> RESCUE_SHIFT & KIND_MASK) - 1, code >> PLACE_SHIFT & SQUARE_MASK


def with_rescue(code: int, kind: int, square: int) -> int:
    """A plain move's code extended with a rescue of ``kind`` onto ``square``.

    Example:
        >>> rescue_of(with_rescue(encode(1, 2), 9, 5))
        (9, 5)
    """
    return code | (kind + 1) << RESCUE_SHIFT | square << PLACE_SHIFT


def with_guess(code: int, kind: int) -> int:
    """A spot's code with the guessed kind set.

    Example:
        >>> with_guess(encode(3, 3, SPOT), 7) == encode(3, 3, SPOT, guess=7)
        True
    """
    return code | kind << GUESS_SHIFT


@dataclass(frozen=True, slots=True)
class Move:
    """A move in readable form. ``guess`` is set for a spot, ``rescue`` for a rescue.

    Example:
        >>> str(Move("c3", "c3", guess="bomb"))
        'c3!bomb'
    """

    origin: str
    target: str
    strike: bool = False
    guess: str | None = None
    rescue: tuple[str, str] | None = None

    @property
    def is_pass(self) -> bool:
        """Whether this is the pass :data:`PASS` (no move of any rulebook).

        Example:
            >>> Move.parse("--").is_pass, Move.parse("d4-d5").is_pass
            (True, False)
        """
        return self.origin == PASS_TEXT

    def __str__(self) -> str:
        if self.is_pass:
            return PASS_TEXT
        if self.guess is not None:
            text = self.origin if self.target == self.origin else f"{self.origin}-{self.target}"
            return f"{text}!{self.guess}"
        text = f"{self.origin}{'x' if self.strike else '-'}{self.target}"
        if self.rescue is not None:
            text += f"+{self.rescue[0]}@{self.rescue[1]}"
        return text

    def __repr__(self) -> str:
        """The move as an expression that rebuilds it, short enough to read in a list.

        Example:
            >>> Move("d4", "d5", strike=True)
            Move.parse('d4xd5')
        """
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read move text; raises :class:`IllegalMoveError` (rule ``"notation"``) if unreadable.

        Whether a strike is written ``x`` or ``-`` is not checked here: the board decides.

        Example:
            >>> Move.parse("D4xD5")
            Move.parse('d4xd5')
        """
        if not isinstance(text, str):
            raise IllegalMoveError("notation", f"A move must be text such as 'd4-d5', not {text!r}.")
        if text.strip() == PASS_TEXT:
            return PASS
        match = _MOVE_RE.match(text.strip().lower())
        if not match or (match["target"] is None and match["guess"] is None):
            raise IllegalMoveError(
                "notation",
                f"Cannot read the move {text!r}: write it like 'd4-d5', 'd4xd5', 'c3!bomb' "
                "or 'd9-d10+major@c3'.",
            )
        if match["guess"] is not None and match["rescue"] is not None:
            raise IllegalMoveError("notation", f"{text!r}: a spot cannot also rescue.")
        for name in (match["guess"], match["rescue"]):
            if name is not None and name not in P.KIND_NAMES:
                raise IllegalMoveError(
                    "notation", f"{text!r}: unknown piece {name!r} "
                    f"(valid: {', '.join(P.KIND_NAMES)}).")
        origin = match["origin"]
        target = match["target"] or origin
        rescue = (match["rescue"], match["place"]) if match["rescue"] else None
        return cls(origin, target, match["sep"] == "x", match["guess"], rescue)

    @classmethod
    def from_code(cls, code: int, geo: Geometry) -> Move:
        """The readable form of an encoded move.

        Example:
            >>> from stratego_widget.engine.geometry import geometry
            >>> str(Move.from_code(encode(33, 43, STRIKE), geometry(10, 10, ())))
            'd4xd5'
        """
        if code == PASS_CODE:
            return PASS
        known: Move | None = geo.readable.get(code)
        if known is not None:  # moves are immutable values: build each one once per board
            return known
        origin, target, action, guess, rescue_kind, rescue_square = decode(code)
        move = cls(
            geo.name(origin), geo.name(target), action == STRIKE,
            P.KIND_NAMES[guess] if action == SPOT else None,
            (P.KIND_NAMES[rescue_kind], geo.name(rescue_square)) if rescue_kind >= 0 else None,
        )
        geo.readable[code] = move
        geo.coded[move] = code
        return move


#: The pass, as :class:`Move`: ``str(PASS)`` is ``"--"``.
PASS: Final = Move(PASS_TEXT, PASS_TEXT)


def as_move(move: object) -> Move:
    """A move given as a :class:`Move` or as move text; anything else is an
    :class:`IllegalMoveError` (rule ``"notation"``).

    Example:
        >>> as_move("d4-d5") == Move("d4", "d5")
        True
        >>> as_move(45)
        Traceback (most recent call last):
        ...
        stratego_widget.IllegalMoveError: A move must be a Move or text, not 45.
    """
    if isinstance(move, str):
        return Move.parse(move)
    if not isinstance(move, Move):
        raise IllegalMoveError("notation", f"A move must be a Move or text, not {move!r}.")
    return move


def find_code(move: Move, codes: Iterable[int], geo: Geometry) -> int | None:
    """The code among ``codes`` that writes ``move`` on the board ``geo``, or None.

    The squares, a spot's guess and a rescue must all match; whether a strike was written
    ``x`` or ``-`` does not matter (the board decides).

    Example:
        >>> from stratego_widget.engine.geometry import geometry
        >>> codes = [encode(33, 43, STRIKE), encode(33, 34)]
        >>> find_code(Move.parse("d4-d5"), codes, geometry(10, 10, ())) == codes[0]
        True
        >>> find_code(Move.parse("d4-d6"), codes, geometry(10, 10, ())) is None
        True
    """
    if move.is_pass:
        return None  # never a legal move
    codes = codes if isinstance(codes, (list, tuple, set, frozenset)) else list(codes)
    known = geo.coded.get(move)  # a move built from a code (a legal move's own, most often)
    if known is not None and known in codes:
        return known
    squares = geo.index(move.origin) | geo.index(move.target) << TARGET_SHIFT
    both = SQUARE_MASK | SQUARE_MASK << TARGET_SHIFT
    for code in codes:
        if code & both != squares:
            continue
        _o, _t, action, guess, rescue_kind, rescue_square = decode(code)
        if (action == SPOT) != (move.guess is not None):
            continue
        if action == SPOT and P.KIND_NAMES[guess] != move.guess:
            continue
        if move.rescue is None and rescue_kind >= 0:
            continue
        if move.rescue is not None and (
            rescue_kind < 0 or P.KIND_NAMES[rescue_kind] != move.rescue[0]
            or rescue_square != geo.index(move.rescue[1])
        ):
            continue
        return code
    return None
