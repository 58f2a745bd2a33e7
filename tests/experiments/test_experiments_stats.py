"""The statistics of studies, checked against published values."""

from __future__ import annotations

import math
import sys

import pytest

import stratego_widget as sw
from stratego_widget.batch.extras import require
from stratego_widget.experiments import MissingExtraError
from stratego_widget.experiments.stats import (
    holm,
    mcnemar_chi2,
    mcnemar_exact,
    paired_difference_interval,
    sign_test,
    wilson_interval,
    z_value,
)


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I.
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0),
])
def test_wilson_interval_matches_known_values(successes: int, trials: int, low: float,
                                              high: float) -> None:
    got = wilson_interval(successes, trials)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert all(math.isnan(x) for x in wilson_interval(0, 0))
    wide, narrow = wilson_interval(5, 10, 0.99), wilson_interval(5, 10, 0.90)
    assert wide[0] < narrow[0] < 0.5 < narrow[1] < wide[1]
    assert z_value(0.95) == pytest.approx(1.959964, abs=1e-6)
    with pytest.raises(sw.StrategoError):
        wilson_interval(11, 10)
    with pytest.raises(sw.StrategoError):
        z_value(1.0)


def test_paired_difference_matches_the_published_example() -> None:
    # Fagerland, Lydersen and Laake (2017), chapter 8: Newcombe's square-and-add interval.
    diff, low, high = paired_difference_interval(59, 6, 16, 80)
    assert (diff, low, high) == pytest.approx((-0.0621, -0.1186, -0.0046), abs=5e-5)


def test_paired_difference_is_symmetric_and_bounded() -> None:
    diff, low, high = paired_difference_interval(3, 7, 2, 8)
    back = paired_difference_interval(3, 2, 7, 8)
    assert back == pytest.approx((-diff, -high, -low))
    assert -1.0 <= low < diff < high <= 1.0
    # Identical outcomes: the difference is exactly zero.
    assert paired_difference_interval(4, 0, 0, 6)[0] == 0.0


def test_sign_and_mcnemar_tests_on_known_values() -> None:
    # 1 against 9: two-sided exact p = 2 * (1 + 10) / 2**10.
    assert sign_test(1, 9) == pytest.approx(0.021484375)
    assert sign_test(9, 1) == sign_test(1, 9)
    assert sign_test(0, 5) == pytest.approx(0.0625)
    assert sign_test(5, 5) == 1.0 and sign_test(0, 0) == 1.0
    # Agresti, Categorical Data Analysis: 150 against 86 discordant pairs, z^2 = 17.36.
    statistic, p = mcnemar_chi2(150, 86)
    assert statistic == pytest.approx(17.356, abs=1e-3)
    assert p == pytest.approx(3.099e-5, rel=1e-3)
    assert mcnemar_chi2(150, 86, correction=True)[0] == pytest.approx(63 ** 2 / 236)
    # The exact test agrees with the chi-squared one at this size.
    assert mcnemar_exact(150, 86) == pytest.approx(p, rel=0.25)
    # Large counts stay exact and finite.
    assert 0.0 < sign_test(2000, 2100) < 1.0


def test_holm_adjustment() -> None:
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5]) == [0.5]
    assert holm([]) == []


def test_a_missing_extra_gives_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib.pyplot  # noqa: F401  (a submodule already loaded still counts as missing)

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingExtraError) as info:
        require("matplotlib.pyplot", "Study.plot", "plots")
    assert str(info.value) == "Study.plot needs matplotlib: pip install stratego-widget[plots]"
    assert "\n" not in str(info.value)
    assert isinstance(info.value, ImportError) and info.value.extra == "plots"
