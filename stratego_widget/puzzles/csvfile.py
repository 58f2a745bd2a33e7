"""The puzzle CSV: lichess's puzzle columns plus ``Ruleset``, written, appended to and read.

Columns (:data:`COLUMNS`): ``PuzzleId``; ``FEN``, here the project's position string;
``Moves``, the line separated by spaces (the solver's move first); ``Rating``,
``RatingDeviation``, ``Popularity``, ``NbPlays``; ``Themes`` separated by spaces; ``GameUrl``,
the source game; ``OpeningTags`` (empty: Stratego has no opening names); ``Ruleset``.
Reading checks every cell and replays the line: a malformed row is a one-line
:class:`~stratego_widget.puzzles.errors.PuzzleError` naming the file, the row and the column.

Example:
    >>> import pathlib, tempfile
    >>> from stratego_widget.puzzles.puzzle import Puzzle
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "puzzles.csv"
    >>> puzzle = Puzzle("ab12cd34", "barrage", "FX8/10/10/10/10/10/10/10/10/8xf r 0", ("b1-b2",),
    ...                 1500, themes=("escape",), source="game.gsn")
    >>> append_puzzles(path, [puzzle])
    1
    >>> read_puzzles(path) == [puzzle]
    True
"""

from __future__ import annotations

import csv
import io
import os
import pathlib
from collections.abc import Iterable

from ..engine.errors import StrategoError
from ..engine.game import Game
from .errors import PuzzleError
from .puzzle import Puzzle

__all__ = ["COLUMNS", "SHIPPED", "append_puzzles", "puzzle_ids", "read_puzzles", "shipped_puzzles"]

#: The CSV's columns, in order: lichess's puzzle columns, then ``Ruleset``.
COLUMNS = ("PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Popularity", "NbPlays",
           "Themes", "GameUrl", "OpeningTags", "Ruleset")


def _row(puzzle: Puzzle) -> list[str]:
    return [puzzle.puzzle_id, puzzle.position, " ".join(puzzle.moves), str(puzzle.rating),
            str(puzzle.rating_deviation), str(puzzle.popularity), str(puzzle.plays),
            " ".join(puzzle.themes), puzzle.source, "", puzzle.ruleset]


def append_puzzles(path: str | os.PathLike[str], puzzles: Iterable[Puzzle]) -> int:
    """Add ``puzzles`` to the CSV at ``path`` (made with its header if missing), leaving out
    those whose id is there already; returns how many were written.

    Example:
        >>> import pathlib, tempfile
        >>> from stratego_widget.puzzles.puzzle import Puzzle
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "p.csv"
        >>> puzzle = Puzzle("x1", "barrage", "FX8/10/10/10/10/10/10/10/10/8xf r 0", ("b1-b2",), 900)
        >>> append_puzzles(path, [puzzle]), append_puzzles(path, [puzzle])
        (1, 0)
    """
    target = pathlib.Path(path)
    known = puzzle_ids(target)
    fresh = []
    for puzzle in puzzles:
        if puzzle.puzzle_id not in known:
            known.add(puzzle.puzzle_id)
            fresh.append(puzzle)
    new_file = not target.exists() or target.stat().st_size == 0
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    if new_file:
        writer.writerow(COLUMNS)
    writer.writerows(_row(puzzle) for puzzle in fresh)
    with target.open("a", encoding="utf-8", newline="") as out:
        out.write(buffer.getvalue())
    return len(fresh)


def puzzle_ids(path: str | os.PathLike[str]) -> set[str]:
    """The ids in the CSV at ``path`` (none if there is no file), read without checking.

    Example:
        >>> puzzle_ids("no-such-file.csv")
        set()
    """
    target = pathlib.Path(path)
    if not target.exists():
        return set()
    with target.open(encoding="utf-8", newline="") as src:
        return {row[0] for row in list(csv.reader(src))[1:] if row}


def _whole(text: str, column: str, where: str) -> int:
    if not text.isdigit():
        raise PuzzleError("puzzle-csv", f"{where}: {column} is a whole number >= 0, not "
                                        f"{text[:30]!r}.")
    return int(text)


def _puzzle(row: list[str], where: str) -> Puzzle:
    if len(row) != len(COLUMNS):
        raise PuzzleError("puzzle-csv", f"{where}: {len(row)} cells, not {len(COLUMNS)} "
                                        f"({', '.join(COLUMNS)}).")
    cells = dict(zip(COLUMNS, row, strict=True))
    if not cells["PuzzleId"].strip():
        raise PuzzleError("puzzle-csv", f"{where}: PuzzleId is empty.")
    try:
        game = Game.from_position(cells["FEN"], cells["Ruleset"])
    except StrategoError as error:
        column = "FEN" if error.rule != "ruleset" and "uleset" not in str(error) else "Ruleset"
        raise PuzzleError("puzzle-csv", f"{where}: {column} is not read: {error}") from None
    moves = tuple(cells["Moves"].split())
    if not moves:
        raise PuzzleError("puzzle-csv", f"{where}: Moves is empty.")
    for move in moves:
        try:
            game.play(move)
        except StrategoError as error:
            raise PuzzleError("puzzle-csv", f"{where}: Moves: {move[:20]!r} cannot be "
                                            f"played ({error})") from None
    return Puzzle(cells["PuzzleId"], game.rules.spec, cells["FEN"], moves,
                  _whole(cells["Rating"], "Rating", where),
                  _whole(cells["RatingDeviation"], "RatingDeviation", where),
                  _whole(cells["Popularity"], "Popularity", where),
                  _whole(cells["NbPlays"], "NbPlays", where),
                  tuple(cells["Themes"].split()), cells["GameUrl"])


def read_puzzles(path: str | os.PathLike[str]) -> list[Puzzle]:
    """Every puzzle in the CSV at ``path``, each row checked (see the module).

    Example:
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "bad.csv"
        >>> _ = path.write_text(",".join(COLUMNS) + "\\nx,FX8/10/10/10/10/10/10/10/10/8xf r 0,"
        ...                     "b1-b2,high,350,0,0,,,,barrage\\n", encoding="utf-8")
        >>> read_puzzles(path)
        Traceback (most recent call last):
        ...
        stratego_widget.puzzles.errors.PuzzleError: bad.csv, row 2: Rating is a whole number >= 0, not 'high'.
    """
    target = pathlib.Path(path)
    try:
        text = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PuzzleError("puzzle-csv", f"{target.name}: cannot read the file "
                                        f"({type(error).__name__}).") from None
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(rows[0]) != COLUMNS:
        raise PuzzleError("puzzle-csv", f"{target.name}, row 1: the header is not "
                                        f"{','.join(COLUMNS)}.")
    return [_puzzle(row, f"{target.name}, row {number}")
            for number, row in enumerate(rows[1:], start=2) if row]


#: The puzzles shipped with the package (mined with a fixed seed; see docs/puzzles.md).
SHIPPED = pathlib.Path(__file__).resolve().parent / "data" / "puzzles.csv"


def shipped_puzzles() -> list[Puzzle]:
    """The puzzles shipped with the package, read and checked like any CSV.

    Example:
        >>> puzzles = shipped_puzzles()
        >>> {puzzle.ruleset for puzzle in puzzles} <= {"original", "barrage"}, len(puzzles) > 0
        (True, True)
    """
    return read_puzzles(SHIPPED)
