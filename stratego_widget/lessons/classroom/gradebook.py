"""A class's scores on an assignment, for the school's gradebook: a small table in the notebook,
and CSV text in the forms Canvas and Moodle import, with no cell a spreadsheet could run.

- **Canvas** (Grades, Import): the columns ``Student``, ``ID``, ``SIS User ID``, ``SIS Login
  ID``, ``Section`` and one column named after the assignment, and a ``Points Possible`` row
  under the header, as Canvas's own gradebook export writes them. A learner's name goes in
  ``Student``; ``ids`` (learner name to the school's id) fills ``SIS User ID``, which Canvas
  matches students by.
- **Moodle** (Grades, Import, CSV file): ``Full name``, ``ID number`` (from ``ids``), a column
  named after the assignment with the points, and ``Feedback``; on import the teacher maps
  ``ID number`` to the users' ID number and the two columns to the grade item and its
  feedback.

Points are written with at most two decimals. A text cell (a name, an id, the title) that
starts with ``=``, ``+``, ``-``, ``@``, a tab or a line break gets a ``'`` before it, as the
OWASP advice on CSV injection says, so a spreadsheet shows it as text and never runs it.

Example:
    >>> score = AssignmentScore("=Ada", 7.5, 10.0, 9, 12, True, False, 7.5, 4, 4)
    >>> print(gradebook_csv("Week 3", [score], "moodle"), end="")
    Full name,ID number,Week 3,Feedback
    '=Ada,,7.5,passed: 7.5 of 10 points
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..errors import LessonError
from .assignments import AssignmentScore

__all__ = ["FORMULA_STARTS", "GRADEBOOK_FORMS", "GradeTable", "gradebook_csv",
           "spreadsheet_safe"]

#: The characters that make a spreadsheet read a cell as a formula (the OWASP list for CSV
#: injection): a text cell starting with one gets a ``'``.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")
#: The gradebook forms :func:`gradebook_csv` writes.
GRADEBOOK_FORMS = ("canvas", "moodle")


def spreadsheet_safe(value: object) -> object:
    """A text cell with a ``'`` before it when it starts with one of :data:`FORMULA_STARTS`
    (so a spreadsheet shows it as text); anything else as it is.

    Example:
        >>> spreadsheet_safe("=1+1"), spreadsheet_safe("Ada"), spreadsheet_safe(-2)
        ("'=1+1", 'Ada', -2)
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def figure(value: float) -> str:
    """A number of points with at most two decimals and no trailing zeros.

    Example:
        >>> figure(10.0), figure(7.5), figure(1.6666666666666667)
        ('10', '7.5', '1.67')
    """
    return f"{value:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class GradeTable:
    """The learners' scores on one assignment (``title``), in the summary's order; shown as a
    plain-text table (``repr``) and as HTML in a notebook.

    Example:
        >>> table = GradeTable("Week 3", (AssignmentScore("Ada", 7.5, 10.0, 9, 12, True,
        ...                                               False, 7.5, 4, 4),))
        >>> print(repr(table))
        Week 3
        Learner  Points  Maximum  %     Steps done  Status
        Ada      7.5     10       75.0  4/4         passed
    """

    title: str
    scores: tuple[AssignmentScore, ...]

    def to_rows(self) -> list[dict[str, Any]]:
        """One row per learner as plain data (the fields of :class:`AssignmentScore` and
        ``status``).

        Example:
            >>> GradeTable("W", ()).to_rows()
            []
        """
        return [asdict(score) | {"status": score.status} for score in self.scores]

    def csv(self, form: str = "canvas", ids: Mapping[str, str] | None = None) -> str:
        """The scores as CSV in a gradebook's ``form`` (see :func:`gradebook_csv`).

        Example:
            >>> GradeTable("W", ()).csv("canvas").splitlines()[1]
            'Points Possible,,,,,0'
        """
        return gradebook_csv(self.title, self.scores, form, ids)

    def _cells(self) -> list[tuple[str, ...]]:
        return [(score.learner, figure(score.points), figure(score.maximum),
                 f"{score.percent:.1f}", f"{score.steps_done}/{score.steps}", score.status)
                for score in self.scores]

    def __repr__(self) -> str:
        lines = [("Learner", "Points", "Maximum", "%", "Steps done", "Status"), *self._cells()]
        widths = [max(len(line[i]) for line in lines) for i in range(6)]
        return "\n".join([self.title, *("  ".join(cell.ljust(width) for cell, width in zip(
            line, widths, strict=True)).rstrip() for line in lines)])

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_html(self) -> str:
        """The table as HTML, every cell escaped.

        Example:
            >>> GradeTable("<W>", ()).to_html()[:53]
            '<table class="sw-class-table"><caption>&lt;W&gt;</cap'
        """
        head = "".join(f'<th scope="col">{name}</th>' for name in (
            "Learner", "Points", "Maximum", "%", "Steps done", "Status"))
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) +
                       "</tr>" for row in self._cells())
        return (f'<table class="sw-class-table"><caption>{html.escape(self.title)}</caption>'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def gradebook_csv(title: str, scores: Iterable[AssignmentScore], form: str = "canvas",
                  ids: Mapping[str, str] | None = None) -> str:
    """The ``scores`` on the assignment ``title`` as CSV text in the gradebook ``form``
    (``"canvas"`` or ``"moodle"``; see the module); ``ids``: the school's id of each learner,
    by the name the summary shows. An unknown form raises ``LessonError`` naming it.

    Example:
        >>> score = AssignmentScore("Bo", 3.0, 12.0, 3, 12, False, False, 3.0, 1, 4)
        >>> print(gradebook_csv("Week 3", [score], "canvas", {"Bo": "s-042"}), end="")
        Student,ID,SIS User ID,SIS Login ID,Section,Week 3
        Points Possible,,,,,12
        Bo,,s-042,,,3
    """
    if form not in GRADEBOOK_FORMS:
        raise LessonError("lesson-gradebook", f"form must be one of "
                          f"{', '.join(GRADEBOOK_FORMS)}, not {str(form)[:20]!r}.")
    known = dict(ids or {})
    listed = list(scores)
    if form == "canvas":
        maximum = max((score.maximum for score in listed), default=0.0)
        rows: list[list[object]] = [
            ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", title],
            ["Points Possible", "", "", "", "", figure(maximum)]]
        rows.extend([score.learner, "", known.get(score.learner, ""), "", "",
                     figure(score.points)] for score in listed)
    else:
        rows = [["Full name", "ID number", title, "Feedback"]]
        rows.extend([score.learner, known.get(score.learner, ""), figure(score.points),
                     f"{score.status}: {figure(score.points)} of {figure(score.maximum)} "
                     "points"] for score in listed)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([spreadsheet_safe(cell) for cell in row])
    return out.getvalue()
