"""Playing a study's games: what one task plays (:class:`Job`, :func:`play_games`), where each
ruleset's games are played (:func:`game_path`), and sharing the tasks out over this process, a
pool of worker processes or a Dask cluster, with Ctrl-C stopping them cleanly.

Where both sides are batch policies (:data:`stratego_widget.batch.POLICIES`) a study plays on
the batch path, in the compiled kernel or on the pure-Python engine as
:func:`stratego_widget.batch.choose_backend` decides, once per ruleset; the study passes that
decision down to its tasks. Other pairings, or ``path="engine"``, play the bots on the engine.

Example:
    >>> job = Job("barrage", "barrage", (("max_plies", 40),), "random", "random", 0, (3,),
    ...           "python")
    >>> row = play_games(job)[0]
    >>> row["ruleset"], row["game"], row["plies"] <= 40, row["path"]
    ('barrage', 3, True, 'python')
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ...batch import POLICIES, deal_fingerprint, play_batch, play_moves
from ...batch import backend as backends
from ...bots import play_game
from ...engine.errors import StrategoError
from ...engine.game import Game
from ...engine.rulesets import Ruleset, ruleset
from .players import make_player
from .seeds import bot_seed, deal_seed, played_seed

__all__ = ["COLUMNS", "PATHS", "PATH_NAMES", "Job", "game_path", "play_again",
           "play_games", "play_jobs", "ruleset_label", "sides", "task_size"]

#: The columns of a study's table, in order.
COLUMNS = ("ruleset", "game", "seed", "red", "blue", "winner", "termination", "plies",
           "strikes", "deal", "path")
#: What ``Study(path=...)`` accepts: ``"auto"`` (the batch path where both sides are batch
#: policies, else the engine), ``"engine"`` (the bots on the engine, always), ``"compiled"``
#: and ``"python"`` (the batch path on that backend only).
PATHS = ("auto", "engine", "compiled", "python")
#: How the one-line report names each path.
PATH_NAMES = {"compiled": "compiled kernel", "python": "batch policies on the Python engine",
              "engine": "engine"}
#: The largest task of a study played in the compiled kernel (games are milliseconds there).
_COMPILED_CHUNK = 100

#: Rows of finished games, as a task gives them.
Rows = list[dict[str, Any]]


@dataclass(frozen=True)
class Job:
    """Some games of one ruleset: what a worker process or a Dask task plays.

    It holds plain data (the ruleset as spec and parameters), so it pickles small, and the
    players where they are not names (``players``: the study's red and blue player, a bot
    object or a factory, see :mod:`.players`; ``None`` when both are names). ``red`` and
    ``blue`` are their names in the table. ``path`` is where its games are played, as the
    study decided (:func:`game_path`); with ``swap`` the odd games are played with the
    colours swapped (see :func:`sides`).
    """

    ruleset: str
    spec: str
    params: tuple[tuple[str, Any], ...]
    red: str
    blue: str
    seed: int
    games: tuple[int, ...]
    path: str = "engine"
    players: tuple[object, object] | None = None
    swap: bool = False


def sides(job: Job, number: int) -> tuple[tuple[str, object], tuple[str, object]]:
    """Who plays Red and who plays Blue in game ``number`` of ``job``: ``(name, player)``
    each; with ``swap``, the study's players change colours in every odd game.

    Example:
        >>> job = Job("duel", "duel", (), "heuristic", "random", 0, (0, 1), swap=True)
        >>> sides(job, 0)[0][0], sides(job, 1)[0][0]
        ('heuristic', 'random')
    """
    players = job.players if job.players is not None else (job.red, job.blue)
    red, blue = (job.red, players[0]), (job.blue, players[1])
    return (blue, red) if job.swap and number % 2 else (red, blue)


@lru_cache(maxsize=64)
def _ruleset(spec: str, params: tuple[tuple[str, Any], ...]) -> Ruleset:
    return ruleset(spec, **dict(params))


def ruleset_label(rules: Ruleset) -> str:
    """A ruleset's name in the table: a variant's name, or the spec with its parameters other
    than the ply cap.

    Example:
        >>> ruleset_label(ruleset("barrage", max_plies=40))
        'barrage'
    """
    if rules.is_variant:
        return rules.name
    params = [f"{key}={value}" for key, value in rules.overrides if key != "max_plies"]
    return rules.spec + (f"({', '.join(params)})" if params else "")


def game_path(rules: Ruleset, red: str, blue: str, path: str = "auto") -> tuple[str, str]:
    """Where a study plays games of ``rules`` between ``red`` and ``blue`` when asked for
    ``path`` (one of :data:`PATHS`): ``(path, why)``, the path ``"compiled"``, ``"python"``
    (the batch policies on the engine) or ``"engine"`` (the bots), and why not a faster one
    (``""`` for the compiled kernel). The batch backend is :func:`~stratego_widget.batch.
    choose_backend`'s. A forced path that cannot be played raises a
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
    if not (red in POLICIES and blue in POLICIES):  # a new policy joins by itself
        bot = red if red not in POLICIES else blue
        if path != "auto":
            raise StrategoError("study", f"path={path!r} plays batch policies "
                                f"({', '.join(POLICIES)}) only, not {bot!r}.")
        return "engine", f"{bot} is not a batch policy"
    chosen, why = backends.choose_backend(rules, "python" if path == "python" else "auto",
                                          "Study")
    if path == "compiled" and chosen != "compiled":
        raise StrategoError("study", f"path='compiled' cannot play {ruleset_label(rules)}: "
                            f"{why}.")
    return chosen, why


def play_again(rules: Ruleset, red: object, blue: object, study_seed: int, game: int,
               path: str, swap_colors: bool = False) -> Game:
    """Game ``game`` of a study of seed ``study_seed`` on ``path`` (a path of
    :attr:`Study.paths <stratego_widget.experiments.Study.paths>`) between the study's
    players ``red`` and ``blue`` (names, bot objects or factories; with ``swap_colors`` they
    change colours in the odd games), played again on the engine move for move: the row's game.

    Example:
        >>> rules = ruleset("duel", max_plies=30)
        >>> job = Job("duel", "duel", (("max_plies", 30),), "random", "random", 0, (1,),
        ...           "python")
        >>> row = play_games(job)[0]
        >>> play_again(rules, "random", "random", 0, 1, row["path"]).ply == row["plies"]
        True
    """
    if swap_colors and game % 2:
        red, blue = blue, red
    seed = played_seed(study_seed, game, swap_colors)
    if path == "engine":
        return play_game(rules, make_player(red, bot_seed(seed, "red")),
                         make_player(blue, bot_seed(seed, "blue")), seed=seed)
    assert isinstance(red, str) and isinstance(blue, str)  # the batch path plays names only
    codes = play_moves(rules, seed, 0, policy=(red, blue),
                       backend="python" if path == "python" else "auto")
    replayed = Game.random(rules, seed=deal_seed(study_seed, game, path, swap_colors))
    for code in codes:
        replayed.play_code(code)
    return replayed


def _batch_rows(job: Job, rules: Ruleset) -> Rows:
    """The games of ``job`` on the batch path: game ``n`` is game 0 of the batch whose seed is
    the game's seed, so it does not depend on which games share a task."""
    path = job.path if job.path in ("compiled", "python") else backends.choose_backend(rules)[0]
    rows = []
    for number in job.games:
        seed = played_seed(job.seed, number, job.swap)
        (red, _), (blue, _) = sides(job, number)
        row = play_batch(rules, 1, seed=seed, policy=(red, blue), backend=path)[0]
        row.update(ruleset=job.ruleset, game=number, seed=seed, path=path)
        rows.append({column: row[column] for column in COLUMNS})
    return rows


def play_games(job: Job) -> Rows:
    """Play the games of ``job``; one row (a dict of :data:`COLUMNS`) per game.

    A module-level function so that worker processes and Dask workers can import it. A job
    of path ``"compiled"`` or ``"python"`` plays on that batch backend (``"auto"``: where
    :func:`~stratego_widget.batch.choose_backend` says in this process); ``"engine"`` plays
    the bots.

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
        seed = played_seed(job.seed, number, job.swap)
        (red, red_player), (blue, blue_player) = sides(job, number)
        deal = deal_fingerprint(Game.random(rules, seed=seed))
        game = play_game(rules, make_player(red_player, bot_seed(seed, "red")),
                         make_player(blue_player, bot_seed(seed, "blue")), seed=seed)
        outcome = game.outcome
        assert outcome is not None  # play_game plays to the end
        rows.append({
            "ruleset": job.ruleset, "game": number, "seed": seed, "red": red,
            "blue": blue, "winner": outcome.result(),
            "termination": outcome.termination.value, "plies": game.ply,
            "strikes": sum(1 for entry in game.history
                           if entry.strike in ("attacker", "defender", "both")),
            "deal": deal, "path": "engine",
        })
    return rows


def task_size(slots: int, games: int, compiled: bool) -> int:
    """How many games one task plays: enough tasks to share the work out evenly over
    ``slots`` workers and to show progress, few enough to be cheap (bigger tasks where every
    game is ``compiled``: they take milliseconds).

    Example:
        >>> task_size(4, 1000, False), task_size(4, 1000, True), task_size(8, 3, False)
        (10, 62, 1)
    """
    most = _COMPILED_CHUNK if compiled else 10
    return max(1, min(most, games // (4 * slots) or 1))


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the parent, which stops the study cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_pool(play: Callable[[Job], Rows], workers: int, todo: list[Job],
             keep: Callable[[Rows], object]) -> Iterator[Rows]:
    pool = ProcessPoolExecutor(workers, initializer=_ignore_interrupts)
    pending: set[Future[Rows]] = set()
    try:
        for job in todo:
            pending.add(pool.submit(play, job))
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
    except KeyboardInterrupt:
        # Keep what the workers finish while stopping; drop what never started.
        pool.shutdown(wait=True, cancel_futures=True)
        for future in pending:
            if future.done() and not future.cancelled() and future.exception() is None:
                keep(future.result())
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _on_dask(play: Callable[[Job], Rows], distributed: Any, client: Any, todo: list[Job],
             keep: Callable[[Rows], object]) -> Iterator[Rows]:
    futures = [client.submit(play, job, pure=False) for job in todo]
    try:
        for future in distributed.as_completed(futures):
            yield future.result()
    except KeyboardInterrupt:
        for future in futures:
            if future.status == "finished":
                keep(future.result())
        raise
    finally:
        client.cancel([future for future in futures if not future.done()])


def play_jobs(play: Callable[[Job], Rows], todo: list[Job], keep: Callable[[Rows], object],
              processes: int = 1, on_rows: Callable[[Rows], None] | None = None,
              distributed: Any = None, client: Any = None) -> bool:
    """Play the tasks ``todo`` with ``play`` (:func:`play_games`) here (``processes`` 1), on a
    pool of ``processes`` worker processes or on the Dask ``client``'s cluster (``distributed``
    is its module), handing each task's rows to ``keep`` and then ``on_rows`` as it finishes.
    Returns ``False`` when Ctrl-C stopped it (what the workers finished is kept, they are
    stopped), else ``True``.

    Example:
        >>> kept: list[int] = []
        >>> todo = [Job("duel", "duel", (("max_plies", 20),), "random", "random", 0, (n,))
        ...         for n in range(2)]
        >>> play_jobs(play_games, todo, lambda rows: kept.extend(r["game"] for r in rows))
        True
        >>> kept
        [0, 1]
    """
    batches: Iterable[Rows]
    if client is not None:
        batches = _on_dask(play, distributed, client, todo, keep)
    elif processes <= 1 or len(todo) <= 1:
        batches = (play(job) for job in todo)
    else:
        batches = _on_pool(play, processes, todo, keep)
    try:
        for rows in batches:
            keep(rows)
            if on_rows is not None:
                on_rows(rows)
    except KeyboardInterrupt:
        return False
    finally:
        close = getattr(batches, "close", None)
        if close is not None:
            close()  # stop the workers now, not when the generator is collected
    return True
