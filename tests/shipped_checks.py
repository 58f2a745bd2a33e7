"""The checker's report on each shipped lesson with the rulebooks, made once per test process:
the catalog tests that read it (no problem in any lesson, the translation checks) share it
instead of checking the whole course again each. They are one xdist group
(:data:`SHIPPED_REPORT_GROUP`; the Makefile runs pytest with ``--dist loadgroup``), so that
they run in one worker and the course is checked once per run, not once per worker."""

from __future__ import annotations

import functools

from rulebooks import RULEBOOKS

from stratego_widget.lessons import catalog, check
from stratego_widget.lessons.checker import CheckReport

#: The xdist group of the tests that read :func:`shipped_report`.
SHIPPED_REPORT_GROUP = "shipped-report"


@functools.cache
def shipped_report(lesson_id: str) -> CheckReport:
    """``check`` of the shipped lesson ``lesson_id`` against the rulebooks (cached)."""
    return check(catalog()[lesson_id], rulebooks=RULEBOOKS)
