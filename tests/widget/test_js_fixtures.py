"""The front-end tests start from states written by the Python widget: they must be current."""

from __future__ import annotations

import importlib.util

import pytest
from project import PROJECT

FOLDER = PROJECT / "js" / "__tests__"
spec = importlib.util.spec_from_file_location("make_fixtures", FOLDER / "make_fixtures.py")
assert spec and spec.loader
make_fixtures = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_fixtures)


@pytest.mark.parametrize("name", sorted(make_fixtures.fixtures()))
def test_fixture_matches_what_python_sends(name: str) -> None:
    widget = make_fixtures.fixtures()[name]
    saved = (FOLDER / "fixtures" / f"{name}.json").read_text()
    assert saved == make_fixtures.as_text(widget), (
        "the synced state changed: run python js/__tests__/make_fixtures.py")


def test_the_patch_sequence_matches_what_python_sends() -> None:
    saved = (FOLDER / "fixtures" / "sequence.json").read_text()
    assert saved == make_fixtures.sequence_text(), (
        "the synced state changed: run python js/__tests__/make_fixtures.py")
