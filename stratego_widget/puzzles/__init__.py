"""Stratego puzzles mined from games and verified under hidden information.

A puzzle is a position where the side to move has one clearly best move *from its own point of
view*: over many enemy armies that agree with what it has seen, that move wins far more
playouts than any other (:mod:`.verify`). The miner (:mod:`.miner`) finds such positions in
game records or in games the bots play, the themes (:mod:`.themes`) are read from the position
and the line, and the CSV file (:mod:`.csvfile`) keeps them in lichess's puzzle columns plus
the ruleset. ``stratego-puzzles mine RECORDS... --out FILE`` (:mod:`.cli`) mines an archive.

Example:
    >>> from stratego_widget.puzzles import MARGIN, MIN_SAMPLES
    >>> MIN_SAMPLES, MARGIN
    (256, 0.3)
"""

from .errors import PuzzleError
from .verify import MARGIN, MIN_SAMPLES, MoveEstimate, Verification, verify, wilson

__all__ = ["MARGIN", "MIN_SAMPLES", "MoveEstimate", "PuzzleError", "Verification", "verify",
           "wilson"]
