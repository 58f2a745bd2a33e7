"""The puzzle trainer's round and its place on the course map.

:func:`puzzle_round` picks a round of puzzles for a learner: first those the spaced review
brings back today (a puzzle missed comes back the next day, see
:mod:`~stratego_widget.lessons.classroom.puzzle_records`), then new ones near the learner's
Glicko-2 rating (:func:`~stratego_widget.puzzles.picking.pick_puzzles`), of the themes and
editions asked for. :func:`puzzles_on_map` is the map's **Puzzles** entry: the learner's
rating, the puzzles solved, the attempts and the puzzles due.

Example:
    >>> from stratego_widget.lessons.classroom.progress import Progress
    >>> from stratego_widget.puzzles import shipped_puzzles
    >>> round_ = puzzle_round(Progress(), shipped_puzzles(), count=2)
    >>> len(round_.puzzles), puzzles_on_map(Progress(), False)["rating"]
    (2, 1500)
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Sequence

from ...puzzles.picking import pick_puzzles, puzzle_filter
from ...puzzles.puzzle import Puzzle
from ..classroom.progress import Progress
from ..errors import LessonError
from ..playing.puzzle_lesson import PuzzleLesson
from .panel_types import MapPuzzles

__all__ = ["PUZZLE_ROUND", "puzzle_round", "puzzles_on_map"]

#: How many puzzles a round plays.
PUZZLE_ROUND = 5


def puzzle_round(progress: Progress, puzzles: Sequence[Puzzle], themes: Collection[str] = (),
                 rulesets: Collection[str] = (), count: int = PUZZLE_ROUND,
                 today: datetime.date | None = None) -> PuzzleLesson:
    """A round of ``count`` puzzles for the learner of ``progress``: the puzzles due for
    review first (the longest due first), then untried ones nearest the learner's rating;
    of any of ``themes`` and of ``rulesets`` (each empty: all). None left:
    ``LessonError("course-puzzles", ...)``.

    Example:
        >>> puzzle_round(Progress(), [])
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: No puzzle left to play of these themes and editions: every one is solved and none is due for review.
    """
    records = progress.puzzles
    wanted = puzzle_filter(puzzles, themes, rulesets)
    by_id = {puzzle.puzzle_id: puzzle for puzzle in wanted}
    chosen = [by_id[puzzle_id] for puzzle_id in records.due(today) if puzzle_id in by_id]
    chosen = chosen[:count]
    if len(chosen) < count:
        chosen += pick_puzzles(wanted, records.rating.rating, count - len(chosen),
                               played=set(records.records), ratings=records.ratings())
    if not chosen:
        raise LessonError("course-puzzles", "No puzzle left to play of these themes and "
                          "editions: every one is solved and none is due for review.")
    return PuzzleLesson(tuple(chosen))


def puzzles_on_map(progress: Progress, playing: bool,
                   today: datetime.date | None = None) -> MapPuzzles:
    """The map's **Puzzles** entry: the learner's rating (rounded) and its deviation, the
    puzzles solved, the attempts, the puzzles due for review, and whether a round is being
    played.

    Example:
        >>> puzzles_on_map(Progress(), True)
        {'rating': 1500, 'deviation': 350, 'solved': 0, 'attempts': 0, 'due': 0, 'playing': True}
    """
    records = progress.puzzles
    return {"rating": round(records.rating.rating), "deviation": round(records.rating.deviation),
            "solved": records.solved_count(), "attempts": records.attempt_count(),
            "due": len(records.due(today)), "playing": playing}
