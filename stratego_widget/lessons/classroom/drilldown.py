"""What each learner tried: the attempts behind the class summary's counts, as small tables.

:func:`step_attempts` lists every learner's attempts at one step (the hardest steps' drill-down),
:func:`learner_path` one learner's attempts across the course in the order they were made
(their path through it). Each row is a :class:`TriedAttempt`: when, how long, how it ended
(``solved`` with its stars, ``lost``, or ``left`` unfinished), the moves or placements the step
refused, the wrong answers and the hints seen. A progress file keeps counts, not the moves
themselves, so a row says how many moves were refused, not which. An :class:`AttemptTable`
shows itself as a plain-text table (``repr``) and as HTML in a notebook, every name escaped.

Example:
    >>> from stratego_widget.lessons import catalog
    >>> from stratego_widget.lessons.classroom.attempts import Attempt
    >>> from stratego_widget.lessons.classroom.progress import Progress
    >>> ada = Progress()
    >>> _ = ada.record_attempt(catalog()["scout"], 1, Attempt("2026-11-26T10:00:00Z", 30.0,
    ...                        False, 0, failed=True, refusals=2))
    >>> table = step_attempts({"Ada": ada}, catalog()["scout"], 2, "Step 2")
    >>> [(row.learner, row.outcome, row.refusals) for row in table.rows]
    [('Ada', 'lost', 2)]
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..model.lesson import Lesson
from .attempts import Attempt
from .progress import Progress

__all__ = ["AttemptTable", "TriedAttempt", "learner_path", "step_attempts"]

_COLUMNS = ("learner", "lesson", "step", "date", "seconds", "outcome", "refusals",
            "wrong_answers", "hints")
_HEADINGS = ("Learner", "Lesson", "Step", "Date", "Time", "Outcome", "Refused moves",
             "Wrong answers", "Hints")


@dataclass(frozen=True)
class TriedAttempt:
    """One attempt at a step as the teacher reads it: ``step`` counts from 1; ``outcome`` is
    ``"solved"``, ``"lost"`` (the position was lost) or ``"left"`` (left unfinished);
    ``stars`` (0 unless solved); ``refusals``: moves or placements the step refused;
    ``wrong_answers``; ``hints`` seen; ``review``: played in a review.

    Example:
        >>> TriedAttempt("Ada", "scout", 2, "2026-11-26T10:00:00Z", 48.0, "solved", 2, 0, 0,
        ...              1, False).stars_text
        '★★☆'
    """

    learner: str
    lesson: str
    step: int
    date: str
    seconds: float
    outcome: str
    stars: int
    refusals: int
    wrong_answers: int
    hints: int
    review: bool

    @property
    def stars_text(self) -> str:
        """The stars as the lesson board draws them (empty unless solved).

        Example:
            >>> TriedAttempt("Ada", "scout", 1, "", 1.0, "lost", 0, 0, 0, 0, False).stars_text
            ''
        """
        return "★" * self.stars + "☆" * (3 - self.stars) if self.outcome == "solved" else ""

    def cells(self) -> tuple[str, ...]:
        """The row's cells as shown (the date to the minute, the time in seconds).

        Example:
            >>> TriedAttempt("Ada", "scout", 1, "2026-11-26T10:00:00Z", 12.5, "solved", 3, 0,
            ...              0, 0, False).cells()[3:6]
            ('2026-11-26 10:00', '12.5 s', 'solved ★★★')
        """
        outcome = f"{self.outcome} {self.stars_text}".strip() + (" (review)" if self.review
                                                                 else "")
        return (self.learner, self.lesson, str(self.step), self.date[:16].replace("T", " "),
                f"{self.seconds:g} s", outcome, str(self.refusals), str(self.wrong_answers),
                str(self.hints))


@dataclass(frozen=True)
class AttemptTable:
    """A titled list of :class:`TriedAttempt` rows; ``note`` says what the rows leave out
    (steps with stars but no attempts kept, such as files of the first form).

    Example:
        >>> table = AttemptTable("Nothing yet", ())
        >>> table.to_rows(), repr(table)
        ([], 'Nothing yet\\n(no attempts)')
    """

    title: str
    rows: tuple[TriedAttempt, ...]
    note: str = ""

    def to_rows(self) -> list[dict[str, Any]]:
        """The rows as plain data (one dict per attempt), e.g. for ``pandas.DataFrame``.

        Example:
            >>> AttemptTable("t", (TriedAttempt("Ada", "scout", 1, "", 1.0, "left", 0, 0, 0,
            ...                                 0, False),)).to_rows()[0]["outcome"]
            'left'
        """
        return [asdict(row) for row in self.rows]

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        lines = [self.title]
        if not self.rows:
            lines.append("(no attempts)")
        else:
            cells = [_HEADINGS, *(row.cells() for row in self.rows)]
            widths = [max(len(line[i]) for line in cells) for i in range(len(_HEADINGS))]
            lines.extend("  ".join(cell.ljust(width) for cell, width in
                                   zip(line, widths, strict=True)).rstrip() for line in cells)
        if self.note:
            lines.append(self.note)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return attempts_html(self)


def attempts_html(table: AttemptTable, lang: str = "en") -> str:
    """The table as HTML, every cell escaped (``lang``: of the title, an instruction).

    Example:
        >>> attempts_html(AttemptTable("<b>", ()))
        '<p lang="en"><strong>&lt;b&gt;</strong></p><p>No attempts.</p>'
    """
    head = f'<p lang="{html.escape(lang)}"><strong>{html.escape(table.title)}</strong></p>'
    note = f"<p>{html.escape(table.note)}</p>" if table.note else ""
    if not table.rows:
        return f"{head}<p>No attempts.</p>{note}"
    columns = "".join(f'<th scope="col">{heading}</th>' for heading in _HEADINGS)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row.cells())
                   + "</tr>" for row in table.rows)
    return (f'{head}<div class="sw-scroll"><table class="sw-class-table"><thead><tr>{columns}'
            f"</tr></thead><tbody>{body}</tbody></table></div>{note}")


def step_attempts(progresses: Mapping[str, Progress], lesson: Lesson, step: int,
                  title: str) -> AttemptTable:
    """Every learner's attempts at step ``step`` (from 1) of ``lesson``, learner by learner in
    the order given, each learner's oldest first; steps changed since they were played count
    as not played.

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> step_attempts({"Bo": Progress({"scout": [3]})}, catalog()["scout"], 1, "t").note
        'Bo has stars on this step but no attempts kept.'
    """
    rows: list[TriedAttempt] = []
    bare: list[str] = []
    for name, progress in progresses.items():
        record = progress.step_record(lesson, step - 1)
        if record is None:
            continue
        if not record.attempts and record.best:
            bare.append(name)
        rows.extend(_row(name, lesson.id, step, attempt) for attempt in record.attempts)
    return AttemptTable(title, tuple(rows), _note(bare, "this step"))


def learner_path(name: str, progress: Progress, lessons: list[Lesson]) -> AttemptTable:
    """The attempts of one learner at the steps of ``lessons``, in the order they were made
    (their path through the course; ties in the course's order).

    Example:
        >>> from stratego_widget.lessons import catalog
        >>> from stratego_widget.lessons.classroom.attempts import Attempt
        >>> bo = Progress()
        >>> scout, spy = catalog()["scout"], catalog()["spy"]
        >>> _ = bo.record_attempt(scout, 0, Attempt("2026-11-26T10:05:00Z", 9.0, True, 3))
        >>> _ = bo.record_attempt(spy, 0, Attempt("2026-11-26T10:00:00Z", 9.0, True, 3))
        >>> [(row.lesson, row.step) for row in learner_path("Bo", bo, [spy, scout]).rows]
        [('spy', 1), ('scout', 1)]
    """
    found: list[tuple[str, int, TriedAttempt]] = []
    bare: list[str] = []
    order = 0
    for lesson in lessons:
        for index in range(len(lesson.steps)):
            record = progress.step_record(lesson, index)
            if record is None:
                continue
            if not record.attempts and record.best:
                bare.append(f"{lesson.id} step {index + 1}")
            for attempt in record.attempts:
                order += 1
                found.append((attempt.date, order, _row(name, lesson.id, index + 1, attempt)))
    rows = tuple(row for _, _, row in sorted(found, key=lambda item: item[:2]))
    note = f"Stars but no attempts kept: {', '.join(bare)}." if bare else ""
    return AttemptTable(f"{name}: every attempt, oldest first", rows, note)


def _row(name: str, lesson: str, step: int, attempt: Attempt) -> TriedAttempt:
    outcome = "solved" if attempt.solved else "lost" if attempt.failed else "left"
    return TriedAttempt(name, lesson, step, attempt.date, attempt.seconds, outcome,
                        attempt.stars, attempt.refusals, attempt.wrong_answers, attempt.hints,
                        attempt.review)


def _note(names: list[str], where: str) -> str:
    if not names:
        return ""
    verb = "has" if len(names) == 1 else "have"
    return f"{', '.join(names)} {verb} stars on {where} but no attempts kept."
