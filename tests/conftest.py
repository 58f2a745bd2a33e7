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


#: The modules of the longest tests (JupyterLite starts Pyodide; axe in many states; the
#: notebooks, each in a kernel of its own; the lessons' searches), started first, so that the
#: short tests fill the other worker meanwhile and the two end together (on two workers, the
#: browser tests 246 s to 223 s, the others 237 s to 211 s).
LONGEST_FIRST = ("test_jupyterlite.py", "test_accessibility.py", "test_notebooks.py",
                 "test_lesson_answers.py", "test_citations.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of :data:`LONGEST_FIRST` first, in that order; the others keep theirs."""
    def rank(item: pytest.Item) -> int:
        name = item.path.name
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)
