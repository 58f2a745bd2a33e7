"""The puzzle trainer on the live board: :class:`PuzzleTrainer`, rounds of puzzles played on
the lesson board.

Each puzzle is a lesson move step (:mod:`~stratego_widget.lessons.playing.puzzle_lesson`): the
lesson board's feedback, hints and stars, the opponent's replies of the line once it is
solved, and for a move off the line the opponent's answer and the coach's why. A round plays
the puzzles due for review, then new ones near the learner's Glicko-2 rating
(:mod:`~stratego_widget.lessons.board.puzzle_round`), of the ``themes`` and editions
(``rulesets``) asked for; Next after the last one plays the next round. Every attempt rates
the learner and the puzzle and is kept in the learner's progress (its ``puzzles`` section),
and the course map's **Puzzles** entry shows the rating and the puzzles solved.

Example:
    >>> trainer = PuzzleTrainer(progress=None, rulesets=["barrage"])
    >>> trainer.lesson["panel"]["lesson"], trainer.course["puzzles"]["playing"]
    ('puzzles', True)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ...puzzles.csvfile import read_puzzles
from ...puzzles.puzzle import Puzzle
from ..classroom.keeper import Where
from .course import Lessons
from .widget import LessonWidget

__all__ = ["PuzzleTrainer"]


class PuzzleTrainer(LessonWidget):
    """A board that plays rounds of puzzles; see the module.

    ``themes`` and ``rulesets``: the themes (any of them) and editions the puzzles keep to
    (each empty: all); ``puzzles``: the puzzles to pick from (values, or a CSV file of
    :mod:`~stratego_widget.puzzles.csvfile`; the shipped set by default); ``progress``,
    ``lang`` and ``lessons`` (the course map's lessons) as for :class:`LessonWidget`. No
    puzzle left to play: LessonError.

    Example:
        >>> trainer = PuzzleTrainer(progress=None, lang="de")
        >>> trainer.lesson["panel"]["instruction"].startswith("Rätsel 1:")
        True
    """

    def __init__(self, themes: Sequence[str] = (), rulesets: Sequence[str] = (),
                 lang: str = "en", progress: Where = "auto",
                 puzzles: Sequence[Puzzle] | str | os.PathLike[str] | None = None,
                 lessons: Lessons = None, **kwargs: Any) -> None:
        super().__init__(None, lang=lang, step=None, progress=progress, lessons=lessons,
                         **kwargs)
        if puzzles is not None:
            self.course_session.puzzle_set = read_puzzles(puzzles) if isinstance(
                puzzles, (str, os.PathLike)) else list(puzzles)
        self.open_puzzles(themes, rulesets)
