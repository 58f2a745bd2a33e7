"""A round robin: every two of several players play a study against each other, colours
swapped in pairs, and the rows of all of them make one head-to-head table
(:class:`~stratego_widget.experiments.elo.HeadToHead`).

Example:
    >>> rows = round_robin(["random", "heuristic", "beginner"], "duel", games=2, seed=1,
    ...                    max_plies=40, workers=1)
    >>> len(rows), sorted({(row["red"], row["blue"]) for row in rows})[:2]
    (6, [('beginner', 'heuristic'), ('beginner', 'random')])
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ..engine.errors import StrategoError
from ..engine.rulesets import Ruleset
from .study import Study
from .study.players import player_label

__all__ = ["round_robin"]


def round_robin(players: Sequence[object], rulesets: str | Ruleset | Sequence[str | Ruleset],
                games: int = 100, seed: int = 0, max_plies: int | None = None,
                workers: int | None = None, client: Any = None,
                swap_colors: bool = True, path: str = "auto") -> list[dict[str, Any]]:
    """Every two of ``players`` (level names, bot objects or factories, see
    :class:`~stratego_widget.experiments.Study`) play ``games`` games under each ruleset
    with the same seeds (so the same deals for every pair), colours swapped in pairs unless
    ``swap_colors=False``; the rows of every study, one list. Give them to
    :class:`~stratego_widget.experiments.elo.HeadToHead` for the matrix and the Elo ratings.

    Example:
        >>> round_robin(["random"], "duel")
        Traceback (most recent call last):
        ...
        stratego_widget.StrategoError: A round robin needs at least two players, not 1.
    """
    if len(players) < 2:
        raise StrategoError("study", f"A round robin needs at least two players, not "
                            f"{len(players)}.")
    names = [player_label(player, f"number {index + 1}") for index, player in enumerate(players)]
    if len(set(names)) != len(names):
        raise StrategoError("study", f"The players' names repeat ({', '.join(names)}): give "
                            "each bot its own name (a name attribute).")
    given = [rulesets] if isinstance(rulesets, str | Ruleset) else list(rulesets)
    rows: list[dict[str, Any]] = []
    for first, second in combinations(players, 2):
        study = Study(given, red=first, blue=second, games=games, seed=seed,
                      max_plies=max_plies, swap_colors=swap_colors, path=path)
        rows.extend(study.play(workers=workers, client=client))
    return rows
