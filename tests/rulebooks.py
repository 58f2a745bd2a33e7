"""Where the tests find the rulebook texts: the folder ``STRATEGO_RULEBOOKS`` names, else
``../shared/rulebooks/`` beside the project (as ``stratego-lesson check`` finds them, see
:func:`stratego_widget.lessons.checker.find_rulebooks`). The texts are not part of the
repository: without them the tests marked ``rulebooks`` are skipped with :data:`REASON`, and
under ``CI=true`` they fail instead, so that CI never passes without reading them."""

from __future__ import annotations

import os
import pathlib

import pytest

from stratego_widget.lessons.checker import RULEBOOKS_VARIABLE, find_rulebooks

ROOT = pathlib.Path(__file__).resolve().parent.parent
#: The rulebook folder the tests read (it may be missing: see :data:`PRESENT`).
RULEBOOKS: pathlib.Path = find_rulebooks()[0] or ROOT.parent / "shared" / "rulebooks"
#: Whether that folder is there.
PRESENT = RULEBOOKS.is_dir()
#: Why a test that reads the rulebooks did not run (one line).
REASON = (f"no rulebook folder at {RULEBOOKS}: put the rulebooks in ../shared/rulebooks beside "
          f"the project or name their folder with {RULEBOOKS_VARIABLE} (README, 'The rulebooks')")
#: Whether missing rulebooks are an error rather than a skip (continuous integration).
REQUIRED = bool(os.environ.get("CI"))


class RulebooksMissing(RuntimeError):
    """The rulebooks are missing in a run that must read them (``CI=true``)."""


def require() -> None:
    """Skip the calling test or module (a module that reads the texts as it is imported) when
    the rulebooks are missing; under ``CI=true`` raise :class:`RulebooksMissing` instead."""
    if PRESENT:
        return
    if REQUIRED:
        raise RulebooksMissing(f"{REASON}; CI=true: the tests that read them must run")
    pytest.skip(REASON, allow_module_level=True)
