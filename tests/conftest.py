"""Shared test configuration: Hypothesis profiles, and the tests that read the rulebooks.

CI (``CI=true``) uses the ``ci`` profile: derandomized, so a run on a fresh clone is
repeatable, with no deadline, because the machines are shared and timings are noisy.
"""

from __future__ import annotations

import os

import pytest
import rulebooks
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=60,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


def pytest_runtest_setup(item: pytest.Item) -> None:
    """A test marked ``rulebooks`` reads the rulebook texts: skipped when they are missing,
    an error under ``CI=true`` (see ``tests/rulebooks.py``)."""
    if item.get_closest_marker("rulebooks") is not None:
        rulebooks.require()
