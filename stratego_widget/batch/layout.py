"""Where the compiled batch code keeps what in its arrays: the index constants shared by the
kernel (:mod:`stratego_widget.batch.kernel`) and the stepper (:mod:`stratego_widget.batch.stepper`).

- The parameter array of :class:`~stratego_widget.batch.kernel.Tables` (``params``): one
  number per rule, at the indices ``WIDTH`` … ``RESCUE_TWICE``.
- The chase array (the more-squares rule): whether a chase is on, the chaser, whether the
  chased piece has evaded, the square the chaser came from, how many positions are stored,
  how many pieces are chased, and the chased pieces from ``CHASED`` on (``CHASE_SIZE`` in all).
- The ending numbers a game ends with, by :data:`TERMINATIONS` (0: the game goes on).

Example:
    >>> TERMINATIONS[FLAG_CAPTURED], TERMINATIONS[PLY_LIMIT]
    ('flag-captured', 'ply-limit')
"""

from __future__ import annotations

__all__ = [
    "ACTIVE", "BOTH_DRAW", "CAME_FROM", "CAPTAINS", "CAPTURED_PUBLIC", "CHASED",
    "CHASED_COUNT", "CHASER", "CHASE_SIZE", "EVADED", "FLAG_CAPTURED", "FLAG_REACHED", "KINDS",
    "LIMIT", "MAX_PLIES", "MOVES_IN", "NEITHER", "NO_MOVABLE", "NO_MOVES", "PATH", "PLY_LIMIT",
    "POSITIONS", "RESCUE", "RESCUE_LIMIT", "RESCUE_TWICE", "SCOUT_EXCEPTION", "SCOUT_FAR",
    "SILENT", "TERMINATIONS", "TRACK", "WIDTH",
]

#: The engine's termination ids, by the ending number the compiled code keeps.
TERMINATIONS = ("", "flag-captured", "flag-reached", "no-movable-pieces", "no-moves",
                "neither-can-move", "ply-limit")
FLAG_CAPTURED, FLAG_REACHED, NO_MOVABLE, NO_MOVES, NEITHER, PLY_LIMIT = range(1, 7)

#: How many kinds of piece there are (kinds 0..12).
KINDS = 13

# Indices into the parameter array.
(WIDTH, SCOUT_FAR, LIMIT, PATH, TRACK, SILENT, SCOUT_EXCEPTION, CAPTURED_PUBLIC, MOVES_IN,
 MAX_PLIES, BOTH_DRAW, CAPTAINS, RESCUE, RESCUE_LIMIT, RESCUE_TWICE) = range(15)

# Indices into the chase array; the chased pieces (at most 4) follow CHASED.
ACTIVE, CHASER, EVADED, CAME_FROM, POSITIONS, CHASED_COUNT, CHASED = range(7)
#: The length of a chase array.
CHASE_SIZE = CHASED + 4
