"""The checker's report on each shipped lesson with the rulebooks, made once per test process:
the catalog tests that read it (no problem in any lesson, the translation checks) share it
instead of checking the whole course again each."""

from __future__ import annotations

import functools

from rulebooks import RULEBOOKS

from stratego_widget.lessons import catalog, check
from stratego_widget.lessons.checker import CheckReport


@functools.cache
def shipped_report(lesson_id: str) -> CheckReport:
    """``check`` of the shipped lesson ``lesson_id`` against the rulebooks (cached)."""
    return check(catalog()[lesson_id], rulebooks=RULEBOOKS)
