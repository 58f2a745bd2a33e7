"""Experiments: many bot games under several rulesets, as a table, a summary and plots.

A :class:`Study` plays ``games`` games for each ruleset between two bots, on the same seeds
and (where the armies allow it) the same setups in every ruleset, so that a difference
between two rulesets comes from the rules and not from the deal.

The engine alone runs a study; the table needs pandas (``pip install
stratego-widget[experiments]``), the plots matplotlib (``[plots]``), a cluster Dask
(``[dask]``). The statistics (:mod:`.stats`) are pure Python.

Example:
    >>> from stratego_widget.experiments import wilson_interval
    >>> [round(x, 3) for x in wilson_interval(10, 10)]
    [0.722, 1.0]
"""

from ._extras import MissingExtraError
from .stats import (
    holm,
    mcnemar_chi2,
    mcnemar_exact,
    paired_difference_interval,
    sign_test,
    wilson_interval,
)

__all__ = [
    "MissingExtraError",
    "holm",
    "mcnemar_chi2",
    "mcnemar_exact",
    "paired_difference_interval",
    "sign_test",
    "wilson_interval",
]
