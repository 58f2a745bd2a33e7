"""Which puzzles a learner plays next: near the learner's rating, of the themes and editions
asked for.

:func:`pick_puzzles` is a pure function: from the puzzles, the learner's rating and the
puzzles already played, it keeps those of the asked ``themes`` (any of them) and
``rulesets``, leaves out those played, and takes the ones whose rating lies within ``window``
points of the learner's; when none is left there the window doubles, until the whole range is
searched. The nearest come first (then by id, so the pick is the same every time).

Example:
    >>> from stratego_widget.puzzles import Puzzle
    >>> easy = Puzzle("e1", "barrage", "F9/10/10/10/10/10/10/10/10/9f r 0", ("a1-a2",), 900)
    >>> hard = Puzzle("h1", "original", "F9/10/10/10/10/10/10/10/10/9f r 0", ("a1-a2",), 1900)
    >>> [p.puzzle_id for p in pick_puzzles([easy, hard], 1800)]
    ['h1']
    >>> [p.puzzle_id for p in pick_puzzles([easy, hard], 1800, played={"h1"})]
    ['e1']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from .errors import PuzzleError
from .puzzle import Puzzle

__all__ = ["WINDOW", "pick_puzzles", "puzzle_filter"]

#: How far from the learner's rating a puzzle is first looked for (points either side).
WINDOW = 150


def puzzle_filter(puzzles: Iterable[Puzzle], themes: Collection[str] = (),
                  rulesets: Collection[str] = ()) -> list[Puzzle]:
    """The puzzles of any of ``themes`` and of one of ``rulesets`` (each empty: all).

    Example:
        >>> from stratego_widget.puzzles import Puzzle
        >>> spy = Puzzle("s", "barrage", "F9/10/10/10/10/10/10/10/10/9f r 0", ("a1-a2",), 1500,
        ...              themes=("spy-takes-marshal",))
        >>> len(puzzle_filter([spy], themes=["escape"])), len(puzzle_filter([spy], ["spy-takes-marshal"]))
        (0, 1)
    """
    for name, asked in (("themes", themes), ("rulesets", rulesets)):
        if isinstance(asked, str) or not all(isinstance(item, str) for item in asked):
            raise PuzzleError(f"pick: {name!r} is a list of names, not {asked!r}."[:200])
    wanted_themes, wanted_rulesets = set(themes), set(rulesets)
    return [puzzle for puzzle in puzzles
            if (not wanted_themes or wanted_themes & set(puzzle.themes))
            and (not wanted_rulesets or puzzle.ruleset in wanted_rulesets)]


def pick_puzzles(puzzles: Iterable[Puzzle], rating: float, count: int = 1,
                 played: Collection[str] = (), themes: Collection[str] = (),
                 rulesets: Collection[str] = (), window: float = WINDOW,
                 ratings: Mapping[str, float] | None = None) -> list[Puzzle]:
    """Up to ``count`` puzzles for a learner rated ``rating``: of ``themes`` and ``rulesets``,
    not in ``played`` (puzzle ids), within ``window`` of the rating, the window doubling while
    none is left in it; the nearest first. ``ratings``: the puzzles' ratings as the learner's
    attempts have moved them (by id), in place of the shipped ones.

    Example:
        >>> from stratego_widget.puzzles import Puzzle
        >>> near = Puzzle("n", "barrage", "F9/10/10/10/10/10/10/10/10/9f r 0", ("a1-a2",), 1500)
        >>> [p.puzzle_id for p in pick_puzzles([near], 1000, ratings={"n": 1100})]
        ['n']
        >>> pick_puzzles([near], 1500, count=0)
        Traceback (most recent call last):
        ...
        stratego_widget.puzzles.errors.PuzzleError: pick: 'count' is a whole number from 1, not 0.
    """
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise PuzzleError(f"pick: 'count' is a whole number from 1, not {count!r}."[:200])
    if isinstance(window, bool) or not isinstance(window, (int, float)) or not window > 0:
        raise PuzzleError(f"pick: 'window' is a number of points above 0, not {window!r}."
                          [:200])
    known = ratings or {}
    left = [puzzle for puzzle in puzzle_filter(puzzles, themes, rulesets)
            if puzzle.puzzle_id not in played]

    def distance(puzzle: Puzzle) -> float:
        return abs(known.get(puzzle.puzzle_id, puzzle.rating) - rating)

    width = float(window)
    while True:
        near = [puzzle for puzzle in left if distance(puzzle) <= width]
        if near or not left:  # the ratings are finite: the window reaches them
            break
        width *= 2
    near.sort(key=lambda puzzle: (distance(puzzle), puzzle.puzzle_id))
    return near[:count]
