"""``stratego-puzzles``: mine puzzles from an archive of records, or from games the bots play.

``stratego-puzzles mine RECORDS... --out FILE`` reads every record given (files, or folders
read for ``.json``, ``.swn``, ``.gsn``, ``.txt`` and ``.xml`` files: the project's JSON and SWN
records, Gravon's GSN files and its StraDoS2 XML), verifies the candidate positions of each
game and appends the puzzles to the CSV ``FILE`` (:mod:`.csvfile`). ``stratego-puzzles play
--ruleset barrage --games 20 --out FILE`` mines games the strongest bots play between them.
Both are resumable: puzzles already in ``FILE`` are skipped, and the games finished are listed
in ``FILE.done`` and not mined again. A progress bar (tqdm, from the extra ``experiments``,
else a plain counter) counts the games; ``--cpu-minutes`` stops after that much CPU time.

Example:
    >>> main(["mine", "no-such-folder", "--out", "never.csv"])
    stratego-puzzles: no-such-folder: no such file or folder.
    2
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..batch.extras import MissingExtraError, require
from ..engine.errors import StrategoError
from ..engine.game import Game
from ..formats.records import load_file
from .csvfile import append_puzzles, puzzle_ids
from .miner import mine_game, self_play
from .puzzle import puzzle_id
from .verify import MIN_SAMPLES

__all__ = ["RECORD_SUFFIXES", "main", "record_files"]

#: Record files a folder is read for, and the formats tried for each (in order).
RECORD_SUFFIXES: dict[str, tuple[str, ...]] = {
    ".json": ("json",), ".swn": ("swn",), ".gsn": ("gsn", "swn"), ".txt": ("gsn", "swn"),
    ".xml": ("gravon",),
}


def record_files(paths: Iterable[str]) -> list[pathlib.Path]:
    """The record files among ``paths`` (folders read recursively, sorted); a path that does
    not exist raises a one-line :class:`OSError` naming it.

    Example:
        >>> record_files([])
        []
    """
    found: list[pathlib.Path] = []
    for text in paths:
        path = pathlib.Path(text)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*")
                                if p.is_file() and p.suffix.lower() in RECORD_SUFFIXES))
        elif path.is_file():
            found.append(path)
        else:
            raise OSError(f"{text}: no such file or folder.")
    return found


def _load(path: pathlib.Path) -> Game:
    errors = []
    for fmt in RECORD_SUFFIXES.get(path.suffix.lower(), ("json", "swn", "gsn", "gravon")):
        try:
            return load_file(path, fmt)
        except StrategoError as error:
            errors.append(str(error))
    raise StrategoError("record-input", errors[0] if errors else f"{path.name}: not a record.")


class _Progress:
    """tqdm when installed, else a plain counter on standard error."""

    def __init__(self, total: int, what: str) -> None:
        self.total, self.what, self.count, self.found = total, what, 0, 0
        try:
            tqdm = require("tqdm", "stratego-puzzles' progress bar", "experiments")
        except MissingExtraError:
            self.bar: Any = None
        else:
            self.bar = tqdm.tqdm(total=total, unit=what, file=sys.stderr)

    def step(self, found: int) -> None:
        self.count += 1
        self.found += found
        if self.bar is not None:
            self.bar.update(1)
            self.bar.set_postfix(puzzles=self.found)
        else:
            print(f"{self.count}/{self.total} {self.what}, {self.found} puzzles",
                  file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _mine(games: Iterator[tuple[Game | None, str]], total: int, out: pathlib.Path, seed: int,
          samples: int, cpu_minutes: float | None) -> int:
    done_file = out.with_name(out.name + ".done")
    done = set(done_file.read_text(encoding="utf-8").split("\n")) if done_file.exists() \
        else set()
    known = puzzle_ids(out)
    start = time.process_time()

    def over_budget() -> bool:
        return cpu_minutes is not None and time.process_time() - start > cpu_minutes * 60

    def skip(game: Game) -> bool:
        return over_budget() or puzzle_id(game.rules.spec, game.position()) in known

    progress = _Progress(total, "games")
    written = 0
    try:
        for game, source in games:
            if over_budget():
                break
            found = 0
            if game is not None and source not in done:
                for puzzle in mine_game(game, source, seed=seed, samples=samples, skip=skip):
                    found += append_puzzles(out, [puzzle])
                    known.add(puzzle.puzzle_id)
                if not over_budget():
                    with done_file.open("a", encoding="utf-8") as listing:
                        listing.write(source + "\n")
            written += found
            progress.step(found)
    finally:
        progress.close()
    return written


def _records(files: Sequence[pathlib.Path]) -> Iterator[tuple[Game | None, str]]:
    for path in files:
        try:
            yield _load(path), path.name
        except (StrategoError, OSError) as error:
            print(f"stratego-puzzles: skipped {path.name}: {error}", file=sys.stderr)
            yield None, path.name


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="stratego-puzzles", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("mine", "play"):
        sub = commands.add_parser(name, help="mine records" if name == "mine"
                                  else "mine games the bots play")
        if name == "mine":
            sub.add_argument("records", nargs="+", help="record files or folders")
        else:
            sub.add_argument("--ruleset", default="barrage")
            sub.add_argument("--games", type=int, default=10)
            sub.add_argument("--level", default="strong", help="the bots' level")
        sub.add_argument("--out", required=True, help="the CSV file (appended to)")
        sub.add_argument("--seed", type=int, default=0)
        sub.add_argument("--samples", type=int, default=MIN_SAMPLES,
                         help=f"sampled armies per verification (at least {MIN_SAMPLES} to "
                              "accept)")
        sub.add_argument("--cpu-minutes", type=float, default=None,
                         help="stop after this much CPU time")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input, said in one line).

    Example:
        >>> main(["play", "--ruleset", "nonsense", "--games", "1", "--out", "x.csv"])
        stratego-puzzles: Unknown ruleset 'nonsense'; valid rulesets: classic-1961, onyx-2009, hasbro-1999, sci-fi-2013, sci-fi-2013-duel, original, barrage, duel, ultimate-lightning.
        2
    """
    args = _parser().parse_args(argv)
    out = pathlib.Path(args.out)
    try:
        if args.command == "mine":
            files = record_files(args.records)
            games: Iterator[tuple[Game | None, str]] = _records(files)
            total = len(files)
        else:
            games = ((game, source) for game, source in
                     self_play(args.ruleset, args.games, seed=args.seed, level=args.level))
            total = args.games
        start = time.process_time()
        written = _mine(games, total, out, args.seed, args.samples, args.cpu_minutes)
    except (StrategoError, OSError) as error:
        print(f"stratego-puzzles: {error}")
        return 2
    minutes = (time.process_time() - start) / 60
    print(f"{written} new puzzles in {out} ({minutes:.1f} CPU-minutes, "
          f"{written / max(minutes, 1e-9):.1f} puzzles per CPU-minute)")
    return 0
