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

Players are built-in levels' names, bot objects or factories of bots (:mod:`.players`);
``swap_colors=True`` plays every deal twice, the players' colours swapped.

The study is this facade over :mod:`.seeds` (every game's seed), :mod:`.players` (who plays),
:mod:`.runner` (where and how the games are played) and :mod:`.storage` (the Parquet file).
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ...batch import DEFAULT_MAX_PLIES
from ...batch.extras import require
from ...bots import BOTS
from ...engine.errors import StrategoError
from ...engine.game import Game
from ...engine.rulesets import Ruleset, ruleset
from . import storage
from .players import check_picklable, is_named, player_label
from .runner import (
    COLUMNS,
    PATH_NAMES,
    PATHS,
    Job,
    game_path,
    play_again,
    play_games,
    play_jobs,
    ruleset_label,
    task_size,
)
from .seeds import bot_seed, deal_seed, game_seed, played_seed

__all__ = ["COLUMNS", "DEFAULT_MAX_PLIES", "PATHS", "SAVE_EVERY", "Job", "Study", "bot_seed",
           "deal_seed", "game_path", "game_seed", "play_again", "play_games", "played_seed"]

#: How often (seconds) a running study with a ``save`` path writes its file.
SAVE_EVERY = 30.0


class Study:
    """Bot games under several rulesets, on the same seeds, collected as a table.

    ``rulesets`` is a list of specs or :class:`~stratego_widget.engine.rulesets.Ruleset`
    values (named by their spec in the table), or a mapping from names to them. ``red`` and
    ``blue`` are built-in bot names (:func:`~stratego_widget.bots.make_bot`), bot objects or
    factories of bots (see :mod:`.players`). ``games`` games are played per ruleset; with
    ``swap_colors`` (an even number of games) games ``2k`` and ``2k + 1`` start from the same
    armies with the players' colours swapped, so a bias of one colour does not read as skill. ``max_plies`` caps every game (a draw when reached); without it
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
                 red: object = "heuristic", blue: object = "random", games: int = 100,
                 seed: int = 0, max_plies: int | None = None, path: str = "auto",
                 swap_colors: bool = False) -> None:
        red_label, blue_label = player_label(red, "red"), player_label(blue, "blue")
        if red_label == blue_label and red != blue:
            raise StrategoError("study", f"Both players are named {red_label!r}: give the bots "
                                "different names (a name attribute).")
        if not isinstance(games, int) or games < 1:
            raise StrategoError("study", f"A study plays at least one game, not {games!r}.")
        if swap_colors and games % 2:
            raise StrategoError("study", f"swap_colors plays each deal twice: give an even "
                                f"number of games, not {games}.")
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
            label = name if name is not None else ruleset_label(rules)
            if not isinstance(label, str) or not label or not label.isprintable():
                raise StrategoError("study", f"A ruleset's name is printable text without "
                                    f"control characters, not {label!r}.")
            if label in self.rulesets:
                raise StrategoError("study", f"The ruleset {label!r} is in the study twice; "
                                    "give the rulesets names with a mapping.")
            self.rulesets[label] = rules
        #: Each ruleset's path (``"compiled"``, ``"python"`` or ``"engine"``) and why.
        self.paths: dict[str, tuple[str, str]] = {
            label: game_path(rules, red_label, blue_label, path)
            for label, rules in self.rulesets.items()}
        #: The players' names in the table; :attr:`players` holds the players themselves.
        self.red, self.blue, self.games, self.seed = red_label, blue_label, games, seed
        self.players: tuple[object, object] = (red, blue)
        self.max_plies, self.path, self.swap_colors = max_plies, path, bool(swap_colors)
        self._rows: dict[tuple[str, int], dict[str, Any]] = {}
        self.seconds = 0.0

    # -- what the study is ------------------------------------------------------------------

    def config(self) -> dict[str, Any]:
        """The study as JSON data: enough to build it again (:meth:`from_config`).

        Example:
            >>> Study(["duel"], games=5, max_plies=100).config()["rulesets"]
            {'duel': ['duel', {'max_plies': 100}]}
        """
        config = {
            "format": storage.FORMAT,
            "rulesets": {label: [rules.spec, rules.describe()["overrides"]]
                         for label, rules in self.rulesets.items()},
            "red": self.red, "blue": self.blue, "games": self.games, "seed": self.seed,
            "path": self.path,
        }
        if self.swap_colors:  # absent otherwise: the files saved before it still match
            config["swap_colors"] = True
        return config

    @classmethod
    def from_config(cls, config: Mapping[str, Any],
                    players: Mapping[str, object] | None = None) -> Study:
        """The study described by :meth:`config` (no games played yet). A player that is
        not a built-in level (a bot object or factory) is given in ``players``, by its name.

        Example:
            >>> study = Study(["duel", "barrage"], games=4, seed=2)
            >>> Study.from_config(study.config()).config() == study.config()
            True
        """
        if config.get("format", storage.FORMAT) != storage.FORMAT:
            raise StrategoError("study", f"Unknown study format {config.get('format')!r}.")
        rulesets = {label: ruleset(spec, **params) for label, (spec, params)
                    in config["rulesets"].items()}
        given = dict(players or {})
        red, blue = (given.get(config[side], config[side]) for side in ("red", "blue"))
        for side, player in (("red", red), ("blue", blue)):
            if isinstance(player, str) and player not in BOTS:
                raise StrategoError("study", f"The study's {side} player {player!r} is not a "
                                    f"built-in bot: give it as players={{{player!r}: ...}}.")
        # A study saved before studies had paths played its games on the engine.
        return cls(rulesets, red=red, blue=blue, games=config["games"], seed=config["seed"],
                   path=config.get("path", "engine"),
                   swap_colors=bool(config.get("swap_colors", False)))

    def path_line(self) -> str:
        """Where each ruleset's games are played, in one line (:meth:`run` prints it).

        Example:
            >>> Study(["barrage"], red="strong", blue="random").path_line()
            'barrage: engine (strong is not a batch policy)'
        """
        parts = []
        for label, (path, why) in self.paths.items():
            name = PATH_NAMES[path]
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
                                      self.seed, todo, self.paths[label][0],
                                      None if all(map(is_named, self.players))
                                      else self.players, self.swap_colors))
        return result

    def add(self, rows: Iterable[Mapping[str, Any]]) -> int:
        """Record finished games (rows of this study, e.g. from a saved table); returns how
        many were new. Rows of other rulesets or bots, out of range, or played on the other
        kind of path (the engine's bots against the batch policies), are refused, and then
        none of ``rows`` is recorded. A row without ``path`` is taken to be on this study's."""
        new: dict[tuple[str, int], dict[str, Any]] = {}
        for row in rows:
            label, number = str(row["ruleset"]), int(row["game"])
            red, blue = self.colours(number) if 0 <= number < self.games else (None, None)
            if label not in self.rulesets or not 0 <= number < self.games \
                    or row["red"] != red or row["blue"] != blue \
                    or int(row["seed"]) != played_seed(self.seed, number, self.swap_colors):
                raise StrategoError("study", f"Game {number} of {label!r} "
                                    f"({row['red']} against {row['blue']}) is not a game of "
                                    "this study.")
            mine = self.paths[label][0]
            path = storage.plain(row.get("path")) or mine
            if (path == "engine") != (mine == "engine") or path not in PATH_NAMES:
                raise StrategoError("study", f"Game {number} of {label!r} was played on the "
                                    f"{path} path; this study plays it on the {mine} path.")
            new[label, number] = {column: storage.plain(row[column]) for column in COLUMNS[:-1]}
            new[label, number]["path"] = path
        added = len(new.keys() - self._rows.keys())
        self._rows.update(new)
        return added

    def colours(self, number: int) -> tuple[str, str]:
        """The names of who plays Red and who plays Blue in game ``number`` (with
        ``swap_colors``, the odd games swap them).

        Example:
            >>> Study(["duel"], red="heuristic", blue="random", games=2,
            ...       swap_colors=True).colours(1)
            ('random', 'heuristic')
        """
        swapped = self.swap_colors and number % 2
        return (self.blue, self.red) if swapped else (self.red, self.blue)

    def replay(self, name: str, number: int) -> Game:
        """Game ``number`` of ruleset ``name`` played again move for move: the row's game.

        Example:
            >>> study = Study(["duel"], red="random", blue="random", games=2, max_plies=30,
            ...               swap_colors=True)
            >>> row = study.play(workers=1)[1]
            >>> study.replay("duel", 1).ply == row["plies"]
            True
        """
        return play_again(self.rulesets[name], *self.players, self.seed, number,
                          self.paths[name][0], self.swap_colors)

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
        distributed = None
        if client is not None:
            distributed = require("distributed", "Study.run(client=...)", "dask")
            slots = sum(client.nthreads().values()) or 1
        else:
            slots = workers or os.cpu_count() or 1
        if client is not None or slots > 1:
            for side, player in zip(("red", "blue"), self.players, strict=True):
                check_picklable(player, side)
        compiled = all(path == "compiled" for path, _ in self.paths.values())
        todo = self.jobs(chunk or task_size(slots, self.games, compiled))
        start = time.perf_counter()
        try:
            finished = play_jobs(play_games, todo, self.add, workers or os.cpu_count() or 1,
                                 on_rows, distributed, client)
        finally:
            self.seconds += time.perf_counter() - start
        if not finished:
            warnings.warn(f"Study stopped: {self.done} of {self.total} games are finished and "
                          "kept; run it again to play the rest.", stacklevel=3)
        return self.rows()

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
            with storage.reading(save):
                self.add(storage.read_rows(save, self.config()))
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
        storage.write_study(path, self.table, self.config())

    @classmethod
    def load(cls, path: str, players: Mapping[str, object] | None = None) -> Study:
        """The study saved in a Parquet file by :meth:`save` or :meth:`run`, with its games.
        A player that was a bot object or factory is given again in ``players``, by its name
        (``Study.load(path, players={"MyBot": MyBot})``).

        A file that cannot be read or is not a study saved by this program raises a
        :class:`~stratego_widget.StrategoError` (rule ``study``) naming it.
        """
        with storage.reading(path):
            study = cls.from_config(storage.read_config(path), players)
            study.add(storage.read_rows(path, study.config()))
        return study

    def summary(self, confidence: float = 0.95) -> Any:
        """Win rates with intervals, game lengths, how games end, and every pair of rulesets
        compared on the same games (see :class:`~stratego_widget.experiments.summary.Summary`)."""
        from ..summary import Summary

        return Summary(self.rows(), list(self.rulesets), self.red, self.blue, confidence,
                       swapped=self.swap_colors)

    def plot(self, confidence: float = 0.95) -> Any:
        """A matplotlib figure: win rates with intervals and the distribution of game lengths
        for each ruleset (see :func:`~stratego_widget.experiments.plots.plot_study`)."""
        from ..plots import plot_study

        return plot_study(self.summary(confidence), self.rows())

    def __repr__(self) -> str:
        path = "" if self.path == "auto" else f", path={self.path!r}"
        if self.swap_colors:
            path += ", swap_colors=True"
        return (f"Study({list(self.rulesets)}, red={self.red!r}, blue={self.blue!r}, "
                f"games={self.games}, seed={self.seed}{path}; {self.done} of {self.total} "
                "played)")
