"""Intervals and paired tests for win rates, in pure Python (no numpy, no scipy).

- :func:`wilson_interval`: the Wilson score interval for a proportion (Wilson 1927; Newcombe
  1998 recommends it over the Wald interval, which collapses at 0 and 1).
- :func:`paired_difference_interval`: Newcombe's (1998) interval for the difference of two
  proportions measured on the same subjects (his method 10, built from two Wilson intervals).
- :func:`sign_test`: the exact two-sided sign test; on the discordant pairs of a paired
  comparison it is the exact McNemar test (:func:`mcnemar_exact`).
- :func:`mcnemar_chi2`: McNemar's chi-squared statistic and its p-value, for reference.
- :func:`holm`: Holm's step-down adjustment of several p-values.

Example:
    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 4), round(high, 4)
    (0.2366, 0.7634)
    >>> round(mcnemar_exact(9, 1), 4)
    0.0215
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from statistics import NormalDist

from ..engine.errors import StrategoError

__all__ = [
    "holm",
    "mcnemar_chi2",
    "mcnemar_exact",
    "paired_difference_interval",
    "sign_test",
    "wilson_interval",
    "z_value",
]


def z_value(confidence: float = 0.95) -> float:
    """The two-sided standard normal quantile for ``confidence`` (1.95996… for 95%).

    Example:
        >>> round(z_value(0.95), 5), round(z_value(0.99), 4)
        (1.95996, 2.5758)
    """
    if not 0.0 < confidence < 1.0:
        raise StrategoError("study", f"confidence must be between 0 and 1, not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


def wilson_interval(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials``.

    ``(nan, nan)`` for no trials: nothing was measured.

    Example:
        >>> [round(x, 4) for x in wilson_interval(0, 10)]
        [0.0, 0.2775]
        >>> [round(x, 4) for x in wilson_interval(81, 263)]  # Newcombe (1998), Table I
        [0.2553, 0.3662]
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise StrategoError("study", f"need 0 <= successes <= trials, got {successes} of {trials}")
    if trials == 0:
        return math.nan, math.nan
    z = z_value(confidence)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2.0) / (1.0 + z2n)
    half = z * math.sqrt(p * (1.0 - p) / trials + z2n / (4.0 * trials)) / (1.0 + z2n)
    # At 0 and n the bounds are exactly 0 and 1; rounding must not push them past.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def paired_difference_interval(both: int, first_only: int, second_only: int, neither: int,
                               confidence: float = 0.95) -> tuple[float, float, float]:
    """The difference ``p1 - p2`` of two paired proportions with Newcombe's interval.

    The four counts are the cells of the paired table: subjects with the event under both
    conditions, under the first only, under the second only, under neither. Returns
    ``(difference, low, high)`` (Newcombe 1998, "Improved confidence intervals for the
    difference between binomial proportions based on paired data", method 10).

    Example (the paired table of Fagerland, Lydersen and Laake's *Statistical Analysis of
    Contingency Tables*, 2017, chapter 8):

        >>> [round(x, 4) for x in paired_difference_interval(59, 6, 16, 80)]
        [-0.0621, -0.1186, -0.0046]
    """
    cells = (both, first_only, second_only, neither)
    if min(cells) < 0:
        raise StrategoError("study", f"counts cannot be negative: {cells}")
    n = sum(cells)
    if n == 0:
        return math.nan, math.nan, math.nan
    p1, p2 = (both + first_only) / n, (both + second_only) / n
    l1, u1 = wilson_interval(both + first_only, n, confidence)
    l2, u2 = wilson_interval(both + second_only, n, confidence)
    margins = ((both + first_only) * (second_only + neither)
               * (both + second_only) * (first_only + neither))
    # Newcombe's correlation of the two outcomes, with his correction towards zero.
    cross = float(both * neither - first_only * second_only)
    cross = cross - n / 2 if cross > n / 2 else min(cross, 0.0)
    phi = cross / math.sqrt(margins) if margins else 0.0
    diff = p1 - p2
    below = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    above = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return diff, max(-1.0, diff - below), min(1.0, diff + above)


def sign_test(plus: int, minus: int) -> float:
    """The exact two-sided sign test: the p-value of ``plus`` against ``minus`` under 50:50.

    Ties are left out before calling. Exact (integer arithmetic) for any count; ``1.0`` when
    there is nothing to test.

    Example:
        >>> sign_test(1, 9) == 2 * 11 / 1024
        True
        >>> sign_test(0, 0), sign_test(3, 3)
        (1.0, 1.0)
    """
    if plus < 0 or minus < 0:
        raise StrategoError("study", f"counts cannot be negative: {plus}, {minus}")
    n = plus + minus
    if n == 0:
        return 1.0
    tail = term = 1  # the sum of C(n, k) for k up to the smaller count, in exact integers
    for k in range(1, min(plus, minus) + 1):
        term = term * (n - k + 1) // k
        tail += term
    return float(min(Fraction(1), Fraction(2 * tail, 2 ** n)))


def mcnemar_exact(first_only: int, second_only: int) -> float:
    """The exact McNemar test of a paired table from its two discordant cells (a sign test).

    Example:
        >>> mcnemar_exact(150, 86) < 0.001
        True
    """
    return sign_test(first_only, second_only)


def mcnemar_chi2(first_only: int, second_only: int,
                 correction: bool = False) -> tuple[float, float]:
    """McNemar's chi-squared statistic (one degree of freedom) and its p-value.

    ``correction`` applies Edwards' continuity correction. Agresti's example (approval of the
    Prime Minister in two surveys, 150 and 86 discordant pairs) gives 17.36.

    Example:
        >>> statistic, p = mcnemar_chi2(150, 86)
        >>> round(statistic, 2), f"{p:.1e}"
        (17.36, '3.1e-05')
    """
    n = first_only + second_only
    if n == 0:
        return 0.0, 1.0
    gap = abs(first_only - second_only)
    if correction:
        gap = max(0, gap - 1)
    statistic = gap * gap / n
    return statistic, math.erfc(math.sqrt(statistic / 2.0))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given.

    Example:
        >>> holm([0.01, 0.04, 0.03])
        [0.03, 0.06, 0.06]
    """
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [0.0] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted
