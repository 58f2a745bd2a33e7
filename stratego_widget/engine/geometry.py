"""Board geometry: square names and indices, lakes, and precomputed neighbour and ray tables.

Squares are indexed ``rank_index * width + file_index`` with rank index 0 on Red's back row, so
``a1`` is 0 and ``j10`` is 99 on the 10×10 board. Tables are built once per geometry and cached,
because legal-move generation reads them on every ply.

Example:
    >>> geo = geometry(10, 10, ("c5", "d5", "c6", "d6", "g5", "h5", "g6", "h6"))
    >>> geo.index("d4"), geo.name(33)
    (33, 'd4')
    >>> [geo.name(sq) for sq in geo.neighbours[geo.index("c4")]]
    ['d4', 'b4', 'c3']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .errors import IllegalMoveError

FILES = "abcdefghijklmnopqrstuvwxyz"
_SQUARE_RE = re.compile(r"^([a-z])([1-9][0-9]?)$")


@dataclass(frozen=True)
class Geometry:
    """A board: its size, its lake (or Crater) squares, and movement tables.

    ``neighbours[sq]`` lists the orthogonally adjacent playable squares; ``rays[sq]`` holds, for
    each of the four directions, the playable squares in order until the edge or a lake.

    Example:
        >>> geo = geometry(10, 8, ())
        >>> geo.size, geo.name(geo.size - 1)
        (80, 'j8')
    """

    width: int
    height: int
    lakes: frozenset[int]
    neighbours: tuple[tuple[int, ...], ...] = field(repr=False)
    rays: tuple[tuple[tuple[int, ...], ...], ...] = field(repr=False)
    names: tuple[str, ...] = field(repr=False)
    #: Readable moves already built from their integer codes (see ``Move.from_code``).
    readable: dict[int, Any] = field(default_factory=dict, repr=False, compare=False,
                                     hash=False)
    #: The other way: each of those moves to the code it was built from (``find_code`` tries
    #: it before it searches the legal codes).
    coded: dict[Any, int] = field(default_factory=dict, repr=False, compare=False, hash=False)
    #: Square names (as :meth:`name` writes them) to their indexes, built with the board.
    indexes: dict[str, int] = field(default_factory=dict, repr=False, compare=False,
                                    hash=False)

    @property
    def size(self) -> int:
        """Number of squares, lakes included.

        Example:
            >>> geometry(10, 10, ()).size
            100
        """
        return self.width * self.height

    def name(self, square: int) -> str:
        """The notation name of a square index.

        Example:
            >>> geometry(10, 10, ()).name(0)
            'a1'
        """
        return self.names[square]

    def index(self, name: str) -> int:
        """The index of a square name; raises :class:`IllegalMoveError` for a bad name.

        Example:
            >>> geometry(10, 10, ()).index("j10")
            99
        """
        known = self.indexes.get(name) if isinstance(name, str) else None
        if known is not None:
            return known
        match = _SQUARE_RE.match(name.strip().lower()) if isinstance(name, str) else None
        if match:
            file_index = FILES.index(match.group(1))
            rank = int(match.group(2))
            if file_index < self.width and 1 <= rank <= self.height:
                return (rank - 1) * self.width + file_index
        last = self.names[-1]
        raise IllegalMoveError(
            "bad-square", f"{name!r} is not a square of this board (a1 to {last})."
        )

    def rank_of(self, square: int) -> int:
        """The rank index (0 = Red's back row) of a square.

        Example:
            >>> geometry(10, 10, ()).rank_of(95)
            9
        """
        return square // self.width

    def rank_squares(self, rank_index: int) -> list[int]:
        """The playable squares of one rank index.

        Example:
            >>> len(geometry(10, 10, ()).rank_squares(0))
            10
        """
        start = rank_index * self.width
        return [sq for sq in range(start, start + self.width) if sq not in self.lakes]


@cache
def geometry(width: int, height: int, lakes: tuple[str, ...]) -> Geometry:
    """Build (once, then cached) the geometry of a board with named lake squares.

    Example:
        >>> geometry(10, 10, ()) is geometry(10, 10, ())
        True
    """
    names = tuple(f"{FILES[sq % width]}{sq // width + 1}" for sq in range(width * height))
    lookup = {name: sq for sq, name in enumerate(names)}
    lake_set = frozenset(lookup[name] for name in lakes)
    steps = ((0, 1), (1, 0), (-1, 0), (0, -1))  # up (towards Blue), right, left, down
    neighbours: list[tuple[int, ...]] = []
    rays: list[tuple[tuple[int, ...], ...]] = []
    for sq in range(width * height):
        f, r = sq % width, sq // width
        square_rays: list[tuple[int, ...]] = []
        for df, dr in steps:
            ray: list[int] = []
            nf, nr = f + df, r + dr
            while 0 <= nf < width and 0 <= nr < height and nr * width + nf not in lake_set:
                ray.append(nr * width + nf)
                nf, nr = nf + df, nr + dr
            square_rays.append(tuple(ray))
        rays.append(tuple(square_rays) if sq not in lake_set else ((), (), (), ()))
        neighbours.append(
            tuple(ray[0] for ray in square_rays if ray) if sq not in lake_set else ()
        )
    return Geometry(width, height, lake_set, tuple(neighbours), tuple(rays), names,
                    indexes=lookup)
