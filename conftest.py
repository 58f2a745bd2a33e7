"""Every test and doctest keeps a learner's progress in its own temporary file, never in the
home folder of the person running the tests.

With several workers (``-n 2``), numba's compiled batch kernel is compiled once, before the
workers start, into its on-disk cache (``NUMBA_CACHE_DIR``, which ``make`` sets to
``.cache/numba``): each worker then loads it instead of compiling it again.
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

from stratego_widget.lessons.classroom.keeper import PROGRESS_ENV

WARM_NUMBA = pathlib.Path(__file__).resolve().parent / "tests" / "warm_numba.py"
BROWSER_TESTS = pathlib.Path(__file__).resolve().parent / "tests" / "e2e"
#: Set to "1" by the make targets that run the tests after their numba step.
NUMBA_WARMED = "STRATEGO_NUMBA_WARMED"


def pytest_configure(config: pytest.Config) -> None:
    """In the run that hands tests to workers (not in a worker, nor in a run of one process),
    fill numba's cache first, so that the workers do not each compile the kernel."""
    workers = getattr(config.option, "numprocesses", None)
    if hasattr(config, "workerinput") or not workers or importlib.util.find_spec("numba") is None:
        return
    if os.environ.get(NUMBA_WARMED) == "1":
        return  # make's numba step has just filled the cache (a second and a half saved)
    if config.args and all(pathlib.Path(arg).resolve().is_relative_to(BROWSER_TESTS)
                           for arg in config.args):
        return  # the browser tests compile nothing
    root = pathlib.Path(__file__).resolve().parent
    subprocess.run([sys.executable, str(WARM_NUMBA)], cwd=root, env=dict(os.environ),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


@pytest.fixture(autouse=True)
def _progress_in_a_temporary_file(tmp_path: pathlib.Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PROGRESS_ENV, str(tmp_path / "progress.json"))
