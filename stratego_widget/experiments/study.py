"""A study: many bot games under several rulesets, one row per game.

Every game of a study has a number ``game`` (0 … ``games`` - 1) and a seed derived from the
study's seed and that number alone. The game's setups and both bots' random choices come
from that seed, so

- a game's row does not depend on how the games are shared out: one process, a pool of
  worker processes or a Dask cluster give the same table;
- game ``n`` of every ruleset starts from the same setups when the rulesets have the same
  board and army (``deal`` in the table says so), so two rulesets are compared pair by pair
  and a difference comes from the rules, not from the deal.

Example:
    >>> study = Study(["duel", "duel+aggressor-advantage"], red="heuristic", blue="random",
    ...               games=2, seed=1, max_plies=60)
    >>> rows = study.play(workers=1)
    >>> len(rows), sorted(rows[0])[:4], rows[0]["path"] in ("compiled", "python")
    (4, ['blue', 'deal', 'game', 'path'], True)
    >>> rows[0]["deal"] == rows[2]["deal"]     # game 0 of both rulesets: the same setups
    True

Where both sides are batch policies (:data:`stratego_widget.batch.POLICIES`: ``"random"``,
``"heuristic"`` …) a study plays on the batch path: the compiled kernel where numba is
installed and the kernel plays the ruleset, else the batch policies on the pure-Python engine,
which play the same games. Other pairings, or ``path="engine"``, play the bots on the engine.
The ``path`` column says which path played each game.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..batch import POLICIES, compiled_available, play_batch, play_moves, seeds
from ..bots import BOTS, make_bot, play_game
from ..engine.errors import StrategoError
from ..engine.game import Game
from ..engine.reading import decode_text, parse_json
from ..engine.rulesets import Ruleset, ruleset
from ._extras import require

__all__ = ["COLUMNS", "DEFAULT_MAX_PLIES", "PATHS", "Job", "Study", "bot_seed", "deal_seed",
           "game_path", "game_seed", "play_again", "play_games"]

#: The columns of a study's table, in order.
COLUMNS = ("ruleset", "game", "seed", "red", "blue", "winner", "termination", "plies",
           "strikes", "deal", "path")
#: What ``Study(path=...)`` accepts: ``"auto"`` (the batch path where both sides are batch
#: policies, else the engine), ``"engine"`` (the bots on the engine, always), ``"compiled"``
#: and ``"python"`` (the batch path on that backend only).
PATHS = ("auto", "engine", "compiled", "python")
#: How the one-line report names each path.
_PATH_NAMES = {"compiled": "compiled kernel", "python": "batch policies on the Python engine",
               "engine": "engine"}
#: The largest task of a study played in the compiled kernel (games are milliseconds there).
_COMPILED_CHUNK = 100
#: The ply cap of a ruleset that has none (a game reaching it is a draw, ``ply-limit``).
DEFAULT_MAX_PLIES = 5000
#: How often (seconds) a running study with a ``save`` path writes its file.
SAVE_EVERY = 30.0
_FORMAT = "stratego-study/1"
_METADATA_KEY = b"stratego_study"


def _derive(*parts: object) -> int:
    """A 32-bit seed from the parts, the same in every process and on every machine."""
    text = "/".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:4], "big")


def bot_seed(seed: int, side: str) -> int:
    """The seed of the ``side`` bot (``"red"`` or ``"blue"``) in the game of seed ``seed``.

    Example:
        >>> bot_seed(5, "red") != bot_seed(5, "blue")
        True
    """
    return _derive(side, seed)


def game_seed(study_seed: int, game: int) -> int:
    """The seed of game number ``game`` of a study: the same for every ruleset.

    Example:
        >>> game_seed(0, 5) == game_seed(0, 5) != game_seed(1, 5)
        True
    """
    return _derive("game", study_seed, game)


@dataclass(frozen=True)
class Job:
    """Some games of one ruleset: what a worker process or a Dask task plays.

    It holds plain data only (the ruleset as spec and parameters), so it pickles small.
    """

    ruleset: str
    spec: str
    params: tuple[tuple[str, Any], ...]
    red: str
    blue: str
    seed: int
    games: tuple[int, ...]
    path: str = "engine"


@lru_cache(maxsize=64)
def _ruleset(spec: str, params: tuple[tuple[str, Any], ...]) -> Ruleset:
    return ruleset(spec, **dict(params))


def _deal(game: Game) -> str:
    """A short fingerprint of the start position (both setups), equal for equal setups."""
    placement = game.position().split(" ")[0]
    return hashlib.sha1(placement.encode()).hexdigest()[:12]


def _batch_pairing(red: str, blue: str) -> bool:
    """Whether both sides are batch policies (looked up by name: a new policy joins by itself)."""
    return red in POLICIES and blue in POLICIES


def _kernel_plays(rules: Ruleset) -> tuple[bool, str]:
    """Whether the compiled kernel plays ``rules`` here, and if not, why (a few words)."""
    if not compiled_available():
        return False, "numba is not installed: pip install stratego-widget[fast]"
    from ..batch import kernel

    if kernel.supports(rules):
        return True, ""
    explain = getattr(kernel, "unsupported_reason", None)  # the kernel's own words, if it has
    reason = explain(rules) if callable(explain) else None
    return False, str(reason) if reason else "the compiled kernel does not play this ruleset"


def game_path(rules: Ruleset, red: str, blue: str, path: str = "auto") -> tuple[str, str]:
    """Where a study plays games of ``rules`` between ``red`` and ``blue`` when asked for
    ``path`` (one of :data:`PATHS`): ``(path, why)``, the path ``"compiled"``, ``"python"``
    (the batch policies on the engine) or ``"engine"`` (the bots), and why not a faster one
    (``""`` for the compiled kernel). A forced path that cannot be played raises a
    :class:`~stratego_widget.StrategoError` (rule ``study``).

    Example:
        >>> game_path(ruleset("barrage"), "strong", "random")
        ('engine', 'strong is not a batch policy')
        >>> game_path(ruleset("barrage"), "random", "random", "python")
        ('python', 'asked for')
    """
    if path not in PATHS:
        raise StrategoError("study", f"A study's path is one of {', '.join(PATHS)}, "
                            f"not {path!r}.")
    if path == "engine":
        return "engine", "asked for"
    if not _batch_pairing(red, blue):
        bot = red if red not in POLICIES else blue
        if path != "auto":
            raise StrategoError("study", f"path={path!r} plays batch policies "
                                f"({', '.join(POLICIES)}) only, not {bot!r}.")
        return "engine", f"{bot} is not a batch policy"
    if path == "python":
        return "python", "asked for"
    plays, why = _kernel_plays(rules)
    if plays:
        return "compiled", ""
    if path == "compiled":
        raise StrategoError("study", f"path='compiled' cannot play {_label(rules)}: {why}.")
    return "python", why


def deal_seed(study_seed: int, game: int, path: str) -> int:
    """The seed of :meth:`Game.random <stratego_widget.engine.game.Game.random>` that deals
    game ``game`` of a study on ``path`` (``"engine"``, ``"compiled"`` or ``"python"``): on
    the engine the game's seed itself, on the batch path the setup seed of game 0 of the batch
    of that seed (:func:`stratego_widget.batch.seeds`).

    Example:
        >>> deal_seed(0, 3, "engine") == game_seed(0, 3)
        True
        >>> deal_seed(0, 3, "compiled") == deal_seed(0, 3, "python") != game_seed(0, 3)
        True
    """
    seed = game_seed(study_seed, game)
    return seed if path == "engine" else seeds(seed, 0)[0]


def play_again(rules: Ruleset, red: str, blue: str, study_seed: int, game: int,
               path: str) -> Game:
    """Game ``game`` of a study of seed ``study_seed`` on ``path`` (a path of
    :attr:`Study.paths`), played again on the engine move for move: the row's game.

    Example:
        >>> study = Study(["duel"], red="random", blue="random", games=2, max_plies=30)
        >>> row = study.play(workers=1)[1]
        >>> again = play_again(study.rulesets["duel"], "random", "random", 0, 1, row["path"])
        >>> again.ply == row["plies"]
        True
    """
    seed = game_seed(study_seed, game)
    if path == "engine":
        return play_game(rules, make_bot(red, bot_seed(seed, "red")),
                         make_bot(blue, bot_seed(seed, "blue")), seed=seed)
    codes = play_moves(rules, seed, 0, policy=(red, blue),
                       backend="python" if path == "python" else "auto")
    replayed = Game.random(rules, seed=deal_seed(study_seed, game, path))
    for code in codes:
        replayed.play_code(code)
    return replayed


def _batch_rows(job: Job, rules: Ruleset) -> list[dict[str, Any]]:
    """The games of ``job`` on the batch path: game ``n`` is game 0 of the batch whose seed is
    the game's seed, so it does not depend on which games share a task."""
    backend = "python" if job.path == "python" else "auto"
    path = "python" if backend == "python" or not _kernel_plays(rules)[0] else "compiled"
    rows = []
    for number in job.games:
        seed = game_seed(job.seed, number)
        row = play_batch(rules, 1, seed=seed, policy=(job.red, job.blue), backend=backend)[0]
        row.update(ruleset=job.ruleset, game=number, seed=seed, path=path)
        rows.append({column: row[column] for column in COLUMNS})
    return rows


def play_games(job: Job) -> list[dict[str, Any]]:
    """Play the games of ``job``; one row (a dict of :data:`COLUMNS`) per game.

    A module-level function so that worker processes and Dask workers can import it. A job
    of path ``"auto"`` or ``"compiled"`` plays in the compiled kernel where this process can,
    else (as ``"python"``) with the batch policies on the engine; ``"engine"`` plays the bots.

    Example:
        >>> job = Job("barrage", "barrage", (("max_plies", 40),), "random", "random", 0, (3,))
        >>> row = play_games(job)[0]
        >>> row["ruleset"], row["game"], row["plies"] <= 40, row["path"]
        ('barrage', 3, True, 'engine')
    """
    rules = _ruleset(job.spec, job.params)
    if job.path != "engine":
        return _batch_rows(job, rules)
    rows = []
    for number in job.games:
        seed = game_seed(job.seed, number)
        deal = _deal(Game.random(rules, seed=seed))
        game = play_game(rules, make_bot(job.red, bot_seed(seed, "red")),
                         make_bot(job.blue, bot_seed(seed, "blue")), seed=seed)
        outcome = game.outcome
        assert outcome is not None  # play_game plays to the end
        rows.append({
            "ruleset": job.ruleset, "game": number, "seed": seed, "red": job.red,
            "blue": job.blue, "winner": outcome.result(),
            "termination": outcome.termination.value, "plies": game.ply,
            "strikes": sum(1 for entry in game.history
                           if entry.strike in ("attacker", "defender", "both")),
            "deal": deal, "path": "engine",
        })
    return rows


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the parent, which stops the study cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _label(rules: Ruleset) -> str:
    """A ruleset's name in the table: a variant's name, or the spec with its parameters other
    than the ply cap."""
    if rules.is_variant:
        return rules.name
    params = [f"{key}={value}" for key, value in rules.overrides if key != "max_plies"]
    return rules.spec + (f"({', '.join(params)})" if params else "")


class Study:
    """Bot games under several rulesets, on the same seeds, collected as a table.

    ``rulesets`` is a list of specs or :class:`~stratego_widget.engine.rulesets.Ruleset`
    values (named by their spec in the table), or a mapping from names to them. ``red`` and
    ``blue`` are built-in bot names (:func:`~stratego_widget.bots.make_bot`). ``games`` games
    are played per ruleset. ``max_plies`` caps every game (a draw when reached); without it
    each ruleset keeps its own cap, or :data:`DEFAULT_MAX_PLIES` if it has none.

    ``path`` (one of :data:`PATHS`) says where the games are played: by default
    (``"auto"``) a pairing of batch policies plays on the batch path (the compiled kernel
    where it can, see :func:`game_path`) and any other pairing plays the bots on the engine;
    ``"engine"`` plays the bots on the engine always. :attr:`paths` holds each ruleset's path
    and :meth:`path_line` says it in one line.

    Example:
        >>> study = Study(["barrage"], red="random", blue="random", games=3, max_plies=40)
        >>> study.total, study.done
        (3, 0)
        >>> _ = study.play(workers=1)
        >>> study.done, study.complete
        (3, True)
    """

    def __init__(self, rulesets: Sequence[str | Ruleset] | Mapping[str, str | Ruleset],
                 red: str = "heuristic", blue: str = "random", games: int = 100,
                 seed: int = 0, max_plies: int | None = None, path: str = "auto") -> None:
        for side, bot in (("red", red), ("blue", blue)):
            if bot not in BOTS:
                raise StrategoError("study", f"Unknown bot {bot!r} for {side}; built-in bots: "
                                    f"{', '.join(BOTS)}.")
        if not isinstance(games, int) or games < 1:
            raise StrategoError("study", f"A study plays at least one game, not {games!r}.")
        named: list[tuple[str | None, str | Ruleset]]
        if isinstance(rulesets, str | Ruleset):
            named = [(None, rulesets)]
        elif isinstance(rulesets, Mapping):
            named = list(rulesets.items())
        else:
            named = [(None, rules) for rules in rulesets]
        if not named:
            raise StrategoError("study", "A study needs at least one ruleset.")
        self.rulesets: dict[str, Ruleset] = {}
        for name, given in named:
            rules = ruleset(given)
            cap = max_plies if max_plies is not None else rules.max_plies or DEFAULT_MAX_PLIES
            rules = rules.with_params(max_plies=cap)
            label = name if name is not None else _label(rules)
            if not isinstance(label, str) or not label or not label.isprintable():
                raise StrategoError("study", f"A ruleset's name is printable text without "
                                    f"control characters, not {label!r}.")
            if label in self.rulesets:
                raise StrategoError("study", f"The ruleset {label!r} is in the study twice; "
                                    "give the rulesets names with a mapping.")
            self.rulesets[label] = rules
        #: Each ruleset's path (``"compiled"``, ``"python"`` or ``"engine"``) and why.
        self.paths: dict[str, tuple[str, str]] = {
            label: game_path(rules, red, blue, path) for label, rules in self.rulesets.items()}
        self.red, self.blue, self.games, self.seed = red, blue, games, seed
        self.max_plies, self.path = max_plies, path
        self._rows: dict[tuple[str, int], dict[str, Any]] = {}
        self.seconds = 0.0

    # -- what the study is ------------------------------------------------------------------

    def config(self) -> dict[str, Any]:
        """The study as JSON data: enough to build it again (:meth:`from_config`).

        Example:
            >>> Study(["duel"], games=5, max_plies=100).config()["rulesets"]
            {'duel': ['duel', {'max_plies': 100}]}
        """
        return {
            "format": _FORMAT,
            "rulesets": {label: [rules.spec, rules.describe()["overrides"]]
                         for label, rules in self.rulesets.items()},
            "red": self.red, "blue": self.blue, "games": self.games, "seed": self.seed,
            "path": self.path,
        }

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> Study:
        """The study described by :meth:`config` (no games played yet).

        Example:
            >>> study = Study(["duel", "barrage"], games=4, seed=2)
            >>> Study.from_config(study.config()).config() == study.config()
            True
        """
        if config.get("format", _FORMAT) != _FORMAT:
            raise StrategoError("study", f"Unknown study format {config.get('format')!r}.")
        rulesets = {label: ruleset(spec, **params) for label, (spec, params)
                    in config["rulesets"].items()}
        # A study saved before studies had paths played its games on the engine.
        return cls(rulesets, red=config["red"], blue=config["blue"], games=config["games"],
                   seed=config["seed"], path=config.get("path", "engine"))

    def path_line(self) -> str:
        """Where each ruleset's games are played, in one line (:meth:`run` prints it).

        Example:
            >>> Study(["barrage"], red="strong", blue="random").path_line()
            'barrage: engine (strong is not a batch policy)'
        """
        parts = []
        for label, (path, why) in self.paths.items():
            name = _PATH_NAMES[path]
            parts.append(f"{label}: {name} ({why})" if why else f"{label}: {name}")
        return "; ".join(parts)

    @property
    def total(self) -> int:
        """How many games the study plays: ``games`` per ruleset."""
        return self.games * len(self.rulesets)

    @property
    def done(self) -> int:
        """How many of them are finished."""
        return len(self._rows)

    @property
    def complete(self) -> bool:
        """Whether every game is finished."""
        return self.done == self.total

    def rows(self) -> list[dict[str, Any]]:
        """The finished games as dicts, in the study's order (ruleset, then game number)."""
        order = {label: index for index, label in enumerate(self.rulesets)}
        return [self._rows[key] for key in sorted(self._rows, key=lambda k: (order[k[0]], k[1]))]

    def jobs(self, chunk: int = 10) -> list[Job]:
        """The games still to play, ``chunk`` at a time, every ruleset's game ``n`` close
        together (so a stopped study holds complete pairs).

        Example:
            >>> [job.games for job in Study(["duel", "barrage"], games=3).jobs(chunk=2)]
            [(0, 1), (0, 1), (2,), (2,)]
        """
        result = []
        for start in range(0, self.games, chunk):
            for label, rules in self.rulesets.items():
                todo = tuple(n for n in range(start, min(start + chunk, self.games))
                             if (label, n) not in self._rows)
                if todo:
                    result.append(Job(label, rules.spec, rules.overrides, self.red, self.blue,
                                      self.seed, todo, self._job_path(label)))
        return result

    def _job_path(self, label: str) -> str:
        """The path a task of ``label`` is sent with: ``"auto"`` lets the process that plays
        it use its compiler (the games are the same either way)."""
        path = self.paths[label][0]
        if path == "engine" or self.path in ("compiled", "python"):
            return path if path == "engine" else self.path
        return "auto"

    def add(self, rows: Iterable[Mapping[str, Any]]) -> int:
        """Record finished games (rows of this study, e.g. from a saved table); returns how
        many were new. Rows of other rulesets or bots, out of range, or played on the other
        kind of path (the engine's bots against the batch policies), are refused, and then
        none of ``rows`` is recorded. A row without ``path`` is taken to be on this study's."""
        new: dict[tuple[str, int], dict[str, Any]] = {}
        for row in rows:
            label, number = str(row["ruleset"]), int(row["game"])
            if label not in self.rulesets or not 0 <= number < self.games \
                    or row["red"] != self.red or row["blue"] != self.blue \
                    or int(row["seed"]) != game_seed(self.seed, number):
                raise StrategoError("study", f"Game {number} of {label!r} "
                                    f"({row['red']} against {row['blue']}) is not a game of "
                                    "this study.")
            mine = self.paths[label][0]
            path = _plain(row.get("path")) or mine
            if (path == "engine") != (mine == "engine") or path not in _PATH_NAMES:
                raise StrategoError("study", f"Game {number} of {label!r} was played on the "
                                    f"{path} path; this study plays it on the {mine} path.")
            new[label, number] = {column: _plain(row[column]) for column in COLUMNS[:-1]}
            new[label, number]["path"] = path
        added = len(new.keys() - self._rows.keys())
        self._rows.update(new)
        return added

    # -- playing ------------------------------------------------------------------------

    def play(self, workers: int | None = None, client: Any = None, chunk: int | None = None,
             on_rows: Callable[[list[dict[str, Any]]], None] | None = None
             ) -> list[dict[str, Any]]:
        """Play the games not yet finished; return every finished game's row (plain dicts,
        no pandas needed). :meth:`run` is the same with a table, a progress bar and a file.

        ``workers``: processes on this machine (default: one per core; 1 plays here, in this
        process). ``client``: a ``dask.distributed.Client`` to play on its cluster instead.
        ``on_rows`` is called with each batch of finished rows. Ctrl-C (or the notebook's
        stop button) stops the study: the finished games are kept, a warning says how many,
        and playing again goes on from there.
        """
        return self._play(workers, client, chunk, on_rows)

    def _play(self, workers: int | None, client: Any, chunk: int | None,
              on_rows: Callable[[list[dict[str, Any]]], None] | None) -> list[dict[str, Any]]:
        if client is not None:
            distributed = require("distributed", "Study.run(client=...)", "dask")
        todo = self.jobs(chunk or self._chunk(workers, client))
        processes = workers or os.cpu_count() or 1
        if client is not None:
            batches: Iterator[list[dict[str, Any]]] = self._on_dask(distributed, client, todo)
        elif processes <= 1 or len(todo) <= 1:
            batches = (play_games(job) for job in todo)
        else:
            batches = self._on_pool(processes, todo)
        start = time.perf_counter()
        try:
            for rows in batches:
                self.add(rows)
                if on_rows is not None:
                    on_rows(rows)
        except KeyboardInterrupt:
            warnings.warn(f"Study stopped: {self.done} of {self.total} games are finished and "
                          "kept; run it again to play the rest.", stacklevel=3)
        finally:
            close = getattr(batches, "close", None)
            if close is not None:
                close()  # stop the workers now, not when the generator is collected
            self.seconds += time.perf_counter() - start
        return self.rows()

    def _chunk(self, workers: int | None, client: Any) -> int:
        if client is not None:
            slots = sum(client.nthreads().values()) or 1
        else:
            slots = workers or os.cpu_count() or 1
        # Enough tasks to share the work out evenly and to show progress, few enough to be cheap.
        most = 10
        if all(path == "compiled" for path, _ in self.paths.values()):
            most = _COMPILED_CHUNK  # compiled games take milliseconds: bigger tasks
        return max(1, min(most, self.games // (4 * slots) or 1))

    def _on_pool(self, workers: int, todo: list[Job]) -> Iterator[list[dict[str, Any]]]:
        pool = ProcessPoolExecutor(workers, initializer=_ignore_interrupts)
        pending: set[Future[list[dict[str, Any]]]] = set()
        try:
            for job in todo:
                pending.add(pool.submit(play_games, job))
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield future.result()
        except KeyboardInterrupt:
            # Keep what the workers finish while stopping; drop what never started.
            pool.shutdown(wait=True, cancel_futures=True)
            for future in pending:
                if future.done() and not future.cancelled() and future.exception() is None:
                    self.add(future.result())
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _on_dask(self, distributed: Any, client: Any,
                 todo: list[Job]) -> Iterator[list[dict[str, Any]]]:
        futures = [client.submit(play_games, job, pure=False) for job in todo]
        try:
            for future in distributed.as_completed(futures):
                yield future.result()
        except KeyboardInterrupt:
            for future in futures:
                if future.status == "finished":
                    self.add(future.result())
            raise
        finally:
            client.cancel([future for future in futures if not future.done()])

    def run(self, workers: int | None = None, client: Any = None, save: str | None = None,
            progress: bool = True, chunk: int | None = None) -> Any:
        """Play the study and return its table: a pandas DataFrame, one row per game.

        As :meth:`play`, with a line saying where the games are played (:meth:`path_line`)
        and a progress bar (tqdm: the notebook bar in Jupyter, text elsewhere;
        ``progress=False`` for neither) and, with ``save``, a Parquet file written
        every :data:`SAVE_EVERY` seconds and at the end. If that file exists, the games in
        it are kept and only the rest are played: a long study resumes where it stopped, and
        a study saved with fewer ``games`` is extended.
        """
        require("pandas", "Study.run", "experiments")  # fail before playing, not after
        if save is not None and os.path.exists(save):
            with _reading(save):
                self.add(_read_parquet(save, self.config()))
        bar = None
        if progress:
            print(self.path_line(), file=sys.stderr)
            tqdm = require("tqdm.auto", "Study.run's progress bar", "experiments")
            bar = tqdm.tqdm(total=self.total, initial=self.done, unit="game",
                            desc=f"{self.red} vs {self.blue}", file=sys.stderr)
        last_save = time.monotonic()

        def finished(rows: list[dict[str, Any]]) -> None:
            nonlocal last_save
            if bar is not None:
                bar.update(len(rows))
            if save is not None and time.monotonic() - last_save > SAVE_EVERY:
                self.save(save)
                last_save = time.monotonic()

        try:
            self._play(workers, client, chunk, finished)
        finally:
            if bar is not None:
                bar.close()
            if save is not None:
                self.save(save)
        return self.table

    # -- results ------------------------------------------------------------------------

    @property
    def table(self) -> Any:
        """The finished games as a pandas DataFrame with the columns :data:`COLUMNS`."""
        pandas = require("pandas", "Study.table", "experiments")
        frame = pandas.DataFrame(self.rows(), columns=list(COLUMNS))
        for column in ("game", "seed", "plies", "strikes"):
            frame[column] = frame[column].astype("int64")
        return frame

    def save(self, path: str) -> None:
        """Write the finished games and the study's description to a Parquet file (written
        beside it first, then moved in place, so a stop while saving loses nothing)."""
        pyarrow = require("pyarrow", "Study.save", "experiments")
        parquet = require("pyarrow.parquet", "Study.save", "experiments")
        table = pyarrow.Table.from_pandas(self.table, preserve_index=False)
        metadata = dict(table.schema.metadata or {})
        metadata[_METADATA_KEY] = json.dumps(self.config()).encode()
        table = table.replace_schema_metadata(metadata)
        partial = f"{path}.partial"
        parquet.write_table(table, partial)
        os.replace(partial, path)

    @classmethod
    def load(cls, path: str) -> Study:
        """The study saved in a Parquet file by :meth:`save` or :meth:`run`, with its games.

        A file that cannot be read or is not a study saved by this program raises a
        :class:`~stratego_widget.StrategoError` (rule ``study``) naming it.
        """
        with _reading(path):
            study = cls.from_config(_read_config(path))
            study.add(_read_parquet(path, study.config()))
        return study

    def summary(self, confidence: float = 0.95) -> Any:
        """Win rates with intervals, game lengths, how games end, and every pair of rulesets
        compared on the same games (see :class:`~stratego_widget.experiments.summary.Summary`)."""
        from .summary import Summary

        return Summary(self.rows(), list(self.rulesets), self.red, self.blue, confidence)

    def plot(self, confidence: float = 0.95) -> Any:
        """A matplotlib figure: win rates with intervals and the distribution of game lengths
        for each ruleset (see :func:`~stratego_widget.experiments.plots.plot_study`)."""
        from .plots import plot_study

        return plot_study(self.summary(confidence), self.rows())

    def __repr__(self) -> str:
        path = "" if self.path == "auto" else f", path={self.path!r}"
        return (f"Study({list(self.rulesets)}, red={self.red!r}, blue={self.blue!r}, "
                f"games={self.games}, seed={self.seed}{path}; {self.done} of {self.total} "
                "played)")


def _plain(value: Any) -> Any:
    """A table cell as a plain Python value (pandas and pyarrow hand out numpy scalars)."""
    item = getattr(value, "item", None)
    return item() if callable(item) else value


@contextlib.contextmanager
def _reading(path: str) -> Iterator[None]:
    """Turn any failure to read the saved study at ``path`` (a file that is not Parquet, a
    description or rows of the wrong shape) into a one-line ``study`` error naming the file."""
    pyarrow = require("pyarrow", "Study.load", "experiments")
    try:
        yield
    except StrategoError:
        raise
    except (pyarrow.ArrowException, OSError, ValueError, TypeError, KeyError, IndexError,
            AttributeError, RecursionError) as error:
        reason = " ".join(str(error).split())[:200]
        raise StrategoError("study", f"{path} cannot be read as a saved study "
                            f"({type(error).__name__}: {reason}).") from None


def _read_config(path: str) -> dict[str, Any]:
    parquet = require("pyarrow.parquet", "Study.load", "experiments")
    metadata = parquet.read_schema(path).metadata or {}
    if _METADATA_KEY not in metadata:
        raise StrategoError("study", f"{path} is not a saved study (no study description).")
    text = decode_text(metadata[_METADATA_KEY], error=StrategoError, rule="study", source=path)
    config = parse_json(text, error=StrategoError, rule="study", source=path)
    if not isinstance(config, dict):
        raise StrategoError("study", f"{path} is not a saved study (its description is not "
                            "an object).")
    return config


def _read_parquet(path: str, config: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of a saved study, if it is this study or the same study with fewer games (a
    game's seed does not depend on how many games a study has: a study can be extended)."""
    saved = _read_config(path)
    fewer = saved.get("games", 0) <= config["games"]
    if _same_games({**saved, "games": config["games"]}) != _same_games(config) or not fewer:
        raise StrategoError("study", f"{path} holds a different study ({saved['red']} against "
                            f"{saved['blue']}, rulesets {list(saved['rulesets'])}, "
                            f"{saved['games']} games, seed {saved['seed']}); "
                            "choose another file or the same study.")
    parquet = require("pyarrow.parquet", "Study.load", "experiments")
    rows: list[dict[str, Any]] = parquet.read_table(path).to_pylist()
    return rows


def _same_games(config: Mapping[str, Any]) -> dict[str, Any]:
    """A study's description with its path reduced to what decides its games: the engine's
    bots or the batch policies (the compiled kernel and the Python engine play the same
    games). A study saved before studies had paths played on the engine."""
    path = config.get("path", "engine")
    batch = path != "engine" and config.get("red") in POLICIES and config.get("blue") in POLICIES
    return {**config, "path": "batch" if batch else "engine"}
