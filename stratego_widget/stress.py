"""Stress test: many random games per ruleset, each checked against the engine's invariants.

For every game it plays random legal moves to the end (or the ply cap) and checks, after every
move, that no piece was created or lost (on the board plus captured equals the army); at
random moments, that ``undo()`` restores the exact position and that the side to move's
observation shows no enemy rank it was not shown. A crash, a failed check or a game running
past its budget is a failure; the command exits non-zero if there is any.

Usage::

    python -m stratego_widget.stress --games 100 --jobs 2 [--rulesets original barrage]
                                     [--seed 0] [--plot results.png]

Example:
    >>> report = run_ruleset("duel", games=2, seed=1)
    >>> report.games, report.failures
    (2, [])
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from .engine.game import Game
from .engine.rulesets import option_names, ruleset, ruleset_names
from .experiments import MissingExtraError, require

#: Random games are capped at this many plies (a draw by the ply-cap parameter, reported as
#: ``draw/ply-limit``); a game the cap fails to stop, or one taking longer than
#: :data:`SECONDS_PER_GAME`, is a hang.
PLY_CAP = 5000
SECONDS_PER_GAME = 60.0
#: The rulesets of a default run: every game alone, every game with each option, and some
#: combinations of options.
COMBINATIONS = (
    "original+rescue+silent-defense+aggressor-advantage",
    "onyx-2009+rescue+moving-flag",
    "hasbro-1999+silent-defense+rescue",
    "sci-fi-2013+exploding-bombs+moving-flag+rescue",
    "ultimate-lightning+moving-bombs+silent-defense",
    "barrage+aggressor-advantage+moving-flag",
)


def default_specs() -> list[str]:
    """Every game, every game with each option, and :data:`COMBINATIONS`.

    Example:
        >>> len(default_specs()) == len(ruleset_names()) * (1 + len(option_names())) + 6
        True
    """
    specs = list(ruleset_names())
    specs += [f"{game}+{option}" for game in ruleset_names() for option in option_names()]
    return specs + list(COMBINATIONS)


@dataclass
class Report:
    """What a stress run found for one ruleset."""

    spec: str
    games: int = 0
    plies: list[int] = field(default_factory=list)
    results: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def row(self) -> str:
        """One line of the summary table.

        Example:
            >>> Report("duel", games=1, plies=[10]).row().split()[:3]
            ['duel', '1', '10']
        """
        median = int(statistics.median(self.plies)) if self.plies else 0
        results = " ".join(f"{key}:{count}" for key, count in sorted(self.results.items()))
        return (f"{self.spec:<52} {self.games:>7} {median:>7} {sum(self.plies):>10} "
                f"{self.seconds:>8.1f} {len(self.failures):>4}  {results}")


Check = Callable[[Game, random.Random], str | None]


def check_conservation(game: Game, rng: random.Random) -> str | None:
    """Pieces on the board plus captured pieces equal the army, for both sides."""
    del rng
    army = Counter(dict(game.rules.army))
    for player in ("red", "blue"):
        have = Counter(kind for owner, kind in game.pieces().values() if owner == player)
        have += Counter(game.captured(player))
        if have != army:
            return f"{player} has {dict(have)} instead of the army {dict(army)}"
    return None


def check_undo(game: Game, rng: random.Random) -> str | None:
    """Undo then replay the last move gives back the same position."""
    del rng
    if not game.moves or game.result_reason == "resigned":
        return None
    position = game.position()
    move = game.undo()
    if move is None:
        return "undo took back no move although moves were played"
    game.play(move)
    return None if game.position() == position else f"undo/replay of {move} changed the game"


def check_observation(game: Game, rng: random.Random) -> str | None:
    """An observation shows every enemy rank correctly or not at all, and is self-consistent."""
    viewer = rng.choice(("red", "blue"))
    truth = game.pieces()
    board = game.observation(viewer, history=False)["board"]
    if set(board) != set(truth):
        return "the observation's occupied squares differ from the board"
    for square, piece in board.items():
        owner, kind = truth[square]
        if piece["owner"] != owner or piece["kind"] not in (None, kind):
            return f"{viewer}'s observation of {square} is wrong: {piece}"
        if owner == viewer and piece["kind"] is None:
            return f"{viewer} cannot see its own piece on {square}"
    return None


CHECKS: tuple[Check, ...] = (check_conservation, check_undo, check_observation)


def play_one(spec: str, seed: int, checks: Sequence[Check] = CHECKS) -> tuple[int, str, str | None]:
    """Play one random game of ``spec``; return ``(plies, result, failure or None)``.

    Example:
        >>> plies, result, failure = play_one("barrage", seed=3)
        >>> failure is None, plies > 0
        (True, True)
    """
    rng = random.Random(seed)
    game: Game | None = None
    try:
        game = Game.random(ruleset(spec, max_plies=PLY_CAP), seed=seed)
        deadline = time.perf_counter() + SECONDS_PER_GAME
        while True:
            # The kernel's own fast path (move codes), as a batch simulation would use it;
            # the public API is exercised by the checks and by the property tests.
            codes = game.legal_codes()
            if not codes:
                break
            game.play_code(rng.choice(codes))
            if game.ply > PLY_CAP or (game.ply % 256 == 0 and time.perf_counter() > deadline):
                return game.ply, "hang", f"seed {seed}: still running at ply {game.ply}"
            if rng.random() < 0.01:
                for check in checks:
                    problem = check(game, rng)
                    if problem:
                        return game.ply, "failed", f"seed {seed} ply {game.ply}: {problem}"
        for check in checks:
            problem = check(game, rng)
            if problem:
                return game.ply, "failed", f"seed {seed} at the end: {problem}"
        return game.ply, f"{game.winner}/{game.result_reason}", None
    except Exception:  # a crash is exactly what a stress test reports
        ply = game.ply if game is not None else 0
        return ply, "crash", f"seed {seed}: {traceback.format_exc(limit=3)}"


def run_ruleset(spec: str, games: int, seed: int = 0,
                checks: Sequence[Check] = CHECKS) -> Report:
    """Play ``games`` random games of ``spec`` and collect a :class:`Report`.

    Example:
        >>> run_ruleset("barrage", games=3).games
        3
    """
    report = Report(spec)
    start = time.perf_counter()
    for index in range(games):
        plies, result, failure = play_one(spec, seed * 1_000_003 + index, checks)
        report.games += 1
        report.plies.append(plies)
        report.results[result] += 1
        if failure:
            report.failures.append(failure)
    report.seconds = time.perf_counter() - start
    return report


def _run_args(args: tuple[str, int, int]) -> Report:
    return run_ruleset(*args)


class _InProcess:
    """A stand-in for a process pool that runs jobs one by one in this process."""

    def __enter__(self) -> _InProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def map(function: Callable[[tuple[str, int, int]], Report],
            jobs: Sequence[tuple[str, int, int]]) -> Iterator[Report]:
        return (function(job) for job in jobs)


def plot(reports: Sequence[Report], path: str) -> None:
    """Draw win/draw shares and median game length per ruleset into a picture (matplotlib,
    the extra ``plots``: without it, a one-line :class:`MissingExtraError`)."""
    require("matplotlib", "stratego_widget.stress.plot", "plots").use("Agg")
    plt = require("matplotlib.pyplot", "stratego_widget.stress.plot", "plots")

    names = [r.spec for r in reports]
    fig, (shares, lengths) = plt.subplots(1, 2, figsize=(13, max(4, 0.22 * len(names))),
                                          sharey=True)
    left = [0.0] * len(names)
    colours = {"red": "#D55E00", "blue": "#0072B2", "draw": "#999999"}
    for outcome, colour in colours.items():
        share = [sum(n for key, n in r.results.items() if key.startswith(outcome)) / r.games
                 for r in reports]
        shares.barh(names, share, left=left, color=colour, label=outcome)
        left = [a + b for a, b in zip(left, share, strict=True)]
    shares.set_title("share of random games won")
    shares.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=3, frameon=False)
    lengths.barh(names, [statistics.median(r.plies) for r in reports], color="#009E73")
    lengths.set_title("median plies per game")
    shares.invert_yaxis()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; returns the exit code (1 if anything failed)."""
    parser = argparse.ArgumentParser(prog="python -m stratego_widget.stress",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per ruleset")
    parser.add_argument("--rulesets", nargs="*", help="specs to test (default: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--plot", help="write a picture of the results to this file")
    args = parser.parse_args(argv)
    if args.plot:  # before hours of games, not after
        try:
            require("matplotlib", "stratego-stress --plot", "plots")
        except MissingExtraError as error:
            parser.error(str(error))
    specs = args.rulesets or default_specs()
    for spec in specs:
        ruleset(spec)  # fail fast, with the list of valid names, on a typo
    print(f"{'ruleset':<52} {'games':>7} {'median':>7} {'plies':>10} {'seconds':>8} "
          f"{'fail':>4}  results")
    jobs = [(spec, args.games, args.seed) for spec in specs]
    reports: list[Report] = []
    with ProcessPoolExecutor(args.jobs) if args.jobs > 1 else _InProcess() as pool:
        for report in pool.map(_run_args, jobs):  # each row as soon as its ruleset is done
            reports.append(report)
            print(report.row(), flush=True)
            for failure in report.failures[:5]:
                print("    FAIL", failure)
    total = sum(len(r.failures) for r in reports)
    games = sum(r.games for r in reports)
    plies = sum(sum(r.plies) for r in reports)
    print(f"{games} games, {plies} plies, {len(reports)} rulesets, {total} failures")
    if args.plot:
        plot(reports, args.plot)
        print(f"picture written to {args.plot}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
