"""Every test and doctest keeps a learner's progress in its own temporary file, never in the
home folder of the person running the tests."""

from __future__ import annotations

import pathlib

import pytest

from stratego_widget.lessons.keeper import PROGRESS_ENV


@pytest.fixture(autouse=True)
def _progress_in_a_temporary_file(tmp_path: pathlib.Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PROGRESS_ENV, str(tmp_path / "progress.json"))
