"""The project's folder, for the tests that read its files (the README, docs, notebooks, the
front end's fixtures), wherever in ``tests/`` they are."""

from __future__ import annotations

import pathlib

#: The folder holding ``pyproject.toml``.
PROJECT = pathlib.Path(__file__).resolve().parent.parent
