"""Experiments: many bot games under several rulesets, as a table, a summary and plots.

A :class:`Study` plays ``games`` games for each ruleset between two bots, on the same seeds
and (where the armies allow it) the same setups in every ruleset, so that a difference
between two rulesets comes from the rules and not from the deal.

The engine alone runs a study; the table needs pandas (``pip install
stratego-widget[experiments]``), the plots matplotlib (``[plots]``), a cluster Dask
(``[dask]``). The statistics (:mod:`.stats`) are pure Python. :class:`VariantLab` is a panel
that plays a rule change against the game without it, without writing code.

Example:
    >>> from stratego_widget.experiments import Study, wilson_interval
    >>> study = Study(["barrage", "barrage+aggressor-advantage"], red="heuristic",
    ...               blue="random", games=4, seed=0, max_plies=200)
    >>> table = study.run(workers=1, progress=False)
    >>> list(table.columns)
    ['ruleset', 'game', 'seed', 'red', 'blue', 'winner', 'termination', 'plies', 'strikes', 'deal', 'path']
    >>> summary = study.summary()
    >>> summary.pairs[0].setups
    'same'
    >>> [round(x, 3) for x in wilson_interval(10, 10)]
    [0.722, 1.0]
"""

from ..batch.extras import MissingExtraError, require
from .elo import HeadToHead
from .lab import VariantLab, replay_game
from .policy_bot import PolicyBot, policy_bot
from .stats import (
    holm,
    mcnemar_chi2,
    mcnemar_exact,
    paired_difference_interval,
    sign_test,
    wilson_interval,
)
from .study import Job, Study, game_seed, play_games
from .summary import Summary
from .tournament import round_robin

__all__ = [
    "HeadToHead",
    "Job",
    "MissingExtraError",
    "PolicyBot",
    "Study",
    "Summary",
    "VariantLab",
    "game_seed",
    "holm",
    "mcnemar_chi2",
    "mcnemar_exact",
    "paired_difference_interval",
    "play_games",
    "policy_bot",
    "replay_game",
    "require",
    "round_robin",
    "sign_test",
    "wilson_interval",
]
