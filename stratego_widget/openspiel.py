"""Stratego as an OpenSpiel game: ``register()`` makes ``pyspiel.load_game("python_stratego")``.

OpenSpiel does not ship Stratego; this module registers the engine as a Python game (install
the extra ``openspiel``: ``stratego-widget[openspiel]``). Game parameters:

- ``ruleset``: any ruleset the engine plays, options included (``"original+rescue"``,
  ``"sci-fi-2013"``); default ``"duel"``;
- ``variant``: a variant of one's own (a 6×6 board, ...) as ``variant_param(rules)`` makes
  it (its JSON in hexadecimal); when given it is played instead of ``ruleset``;
- ``red_setup`` / ``blue_setup``: an army as setup text (or a preset's name); a side left
  empty is set up by chance nodes, one per square of its setup area (Red's first), each
  outcome a kind (0 Flag … 12 Marshal) or 13 for an empty square, with the probabilities of a
  uniformly random army;
- ``max_plies``: the game ends as a draw after this many plies (default 1000).

Actions: ``origin * N + target`` moves or strikes (``N`` squares); with Spotters
``N² + (origin * 5 + d) * 13 + guess`` spots (``d`` 0 stays, 1–4 steps up, right, left, down
as Red sees the board); with Rescue a move that may rescue is followed by the same player's
``R + kind * N + square`` (return a captured ``kind`` to ``square``) or ``R + 13 N`` (rescue
nothing), ``R`` the first index after the other blocks.

Observation and information-state strings and tensors are drawn from the player's side (the
board turned so that its own back row is row 0); the information state has perfect recall
(every ply as the player saw it, with the ranks it showed). ``state.game`` is the engine game
(``None`` while armies are being placed); ``state.resample_from_infostate(player, sampler)``
draws a state the player cannot tell from this one (:mod:`stratego_widget.bots.resample`).

Example:
    >>> import pytest
    >>> pyspiel = pytest.importorskip("pyspiel")
    >>> register()
    >>> game = pyspiel.load_game("python_stratego", {"ruleset": "barrage"})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True
"""

from __future__ import annotations

import importlib

from .batch.extras import require
from .openspiel_views import variant_param

__all__ = ["register", "variant_param"]

_registered: list[bool] = []


def register() -> None:
    """Register ``python_stratego`` with OpenSpiel (once; needs the extra ``openspiel``).

    Example:
        >>> import pytest
        >>> pyspiel = pytest.importorskip("pyspiel")
        >>> register(); register()
        >>> pyspiel.load_game("python_stratego").num_players()
        2
    """
    require("open_spiel", "stratego_widget.openspiel", "openspiel")
    if _registered:
        return
    pyspiel = importlib.import_module("pyspiel")
    game = importlib.import_module("stratego_widget.openspiel_game")
    pyspiel.register_game(game.GAME_TYPE, game.StrategoGame)
    _registered.append(True)
