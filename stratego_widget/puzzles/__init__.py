"""Stratego puzzles mined from games and verified under hidden information.

A puzzle is a position where the side to move has one clearly best move *from its own point of
view*: over many enemy armies that agree with what it has seen, that move wins far more
playouts than any other (:mod:`.verify`). The miner (:mod:`.miner`) finds such positions in
game records or in games the bots play, the themes (:mod:`.themes`) are read from the position
and the line, and the CSV file (:mod:`.csvfile`) keeps them in lichess's puzzle columns plus
the ruleset. ``stratego-puzzles mine RECORDS... --out FILE`` (:mod:`.cli`) mines an archive.
Learners and puzzles are rated with Glicko-2 (:mod:`.rating`), and a learner's puzzles are
picked near the learner's rating (:mod:`.picking`); the trainer on the board is
``stratego_widget.lessons.PuzzleTrainer``.

Example:
    >>> from stratego_widget.puzzles import shipped_puzzles
    >>> puzzle = shipped_puzzles()[0]
    >>> puzzle.ruleset in ("original", "barrage"), puzzle.game().to_move == puzzle.solver
    (True, True)
"""

from .csvfile import COLUMNS, SHIPPED, append_puzzles, read_puzzles, shipped_puzzles
from .errors import PuzzleError
from .miner import is_candidate, mine_game, mine_position, self_play
from .picking import pick_puzzles, puzzle_filter
from .puzzle import Puzzle, initial_rating, puzzle_id
from .rating import Rating, rate, rate_attempt
from .themes import THEMES, detect_themes
from .verify import MARGIN, MIN_SAMPLES, MoveEstimate, Verification, verify, wilson

__all__ = ["COLUMNS", "MARGIN", "MIN_SAMPLES", "SHIPPED", "THEMES", "MoveEstimate", "Puzzle",
           "PuzzleError", "Rating", "Verification", "append_puzzles", "detect_themes",
           "initial_rating", "is_candidate", "mine_game", "mine_position", "pick_puzzles",
           "puzzle_filter", "puzzle_id", "rate", "rate_attempt", "read_puzzles", "self_play",
           "shipped_puzzles", "verify", "wilson"]
