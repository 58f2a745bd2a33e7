"""A study's seeds: every game's seed comes from the study's seed and the game's number alone.

So a game's row does not depend on how the games are shared out (one process, a pool of
workers or a Dask cluster), and game ``n`` of every ruleset starts from the same setups.

Example:
    >>> game_seed(0, 5) == game_seed(0, 5) != game_seed(1, 5)
    True
"""

from __future__ import annotations

import hashlib

from ...batch import seeds

__all__ = ["bot_seed", "deal_seed", "game_seed", "played_seed"]


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


def played_seed(study_seed: int, game: int, swap_colors: bool = False) -> int:
    """The seed game ``game`` is played from: its own (:func:`game_seed`), or with
    ``swap_colors`` the seed of its pair (games ``2k`` and ``2k + 1`` share the seed of
    :func:`game_seed` ``(study_seed, k)``: the same armies, the players' colours swapped).

    Example:
        >>> played_seed(0, 5) == game_seed(0, 5)
        True
        >>> played_seed(0, 4, True) == played_seed(0, 5, True) == game_seed(0, 2)
        True
    """
    return game_seed(study_seed, game // 2 if swap_colors else game)


def deal_seed(study_seed: int, game: int, path: str, swap_colors: bool = False) -> int:
    """The seed of :meth:`Game.random <stratego_widget.engine.game.Game.random>` that deals
    game ``game`` of a study on ``path`` (``"engine"``, ``"compiled"`` or ``"python"``; with
    ``swap_colors``, the pair's, see :func:`played_seed`): on
    the engine the game's seed itself, on the batch path the setup seed of game 0 of the batch
    of that seed (:func:`stratego_widget.batch.seeds`).

    Example:
        >>> deal_seed(0, 3, "engine") == game_seed(0, 3)
        True
        >>> deal_seed(0, 3, "compiled") == deal_seed(0, 3, "python") != game_seed(0, 3)
        True
    """
    seed = played_seed(study_seed, game, swap_colors)
    return seed if path == "engine" else seeds(seed, 0)[0]
