"""A teacher's view of a class: the learners' progress files merged into one summary.

Learners hand in their progress file (see :mod:`stratego_widget.lessons.classroom.progress`), or a
teacher collects the files in a folder; :class:`ClassSummary` reads them and shows, for the
lessons the class has played (in the course's teaching order):

- :meth:`~ClassSummary.table`: one row per learner and lesson (stars earned of the stars
  possible, attempts, minutes, steps solved), as plain data or :meth:`~ClassSummary.to_pandas`;
- :meth:`~ClassSummary.hardest_steps`: the steps where most learners failed (lost the
  position, gave wrong answers or made moves the step refused) or asked for hints;
- :meth:`~ClassSummary.heatmap_svg`: a heat map of the share of stars, learners by lessons;
- :meth:`~ClassSummary.step_attempts` and :meth:`~ClassSummary.learner_path`: what each
  learner tried at a step, and a learner's path through the course
  (:mod:`~stratego_widget.lessons.classroom.drilldown`);
- :meth:`~ClassSummary.puzzles`: each learner's puzzles, counted like steps (solved,
  attempts, due for review) with the learner's puzzle rating;
- :meth:`~ClassSummary.grades`: each learner scored against an assignment, for the gradebook
  (:mod:`~stratego_widget.lessons.classroom.assignments`,
  :mod:`~stratego_widget.lessons.classroom.gradebook`);
- all of it in the notebook (``_repr_html_``) and as one HTML page (:meth:`~ClassSummary.to_html`).

A file that is not progress is reported in :attr:`ClassSummary.problems` (one line naming the
file and the field) and left out; ``strict=True`` raises the :class:`LessonError` instead.
Nothing in a learner's file is trusted beyond what :meth:`Progress.from_json` checks: names
and titles are escaped wherever they are shown, a name that is not the file's own is shown with
the file's name, cells exported for a spreadsheet never start a formula, the number and size
of files are bounded, and each file is read within caps
(:data:`~stratego_widget.lessons.classroom.class_files.MAX_OTHER_LESSONS`) so that
what the summary holds follows the bytes it reads. The figures are still the learners' own
word: progress is self-reported (see :mod:`stratego_widget.lessons.classroom.grading`).
Steps changed since a learner played them count as not played (as on the learner's course map).

Example:
    >>> from stratego_widget.lessons import catalog
    >>> from stratego_widget.lessons.classroom.attempts import Attempt
    >>> ada = Progress(learner="Ada")
    >>> _ = ada.record_attempt(catalog()["scout"], 0, Attempt("2026-11-26T10:00:00Z", 90.0, True, 3))
    >>> summary = ClassSummary([ada, Progress({"scout": [1, 1]}, learner="Bo")])
    >>> [(row["learner"], row["stars"], row["possible"], row["attempts"]) for row in summary.table()]
    [('Ada', 3, 12, 1), ('Bo', 2, 12, 0)]
"""

from __future__ import annotations

import html
import pathlib
import statistics
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...batch.extras import require
from ...locales import check_language
from ..errors import LessonError
from ..model.lesson import Lesson
from ..model.library import catalog
from .assignments import Assignment
from .class_files import (
    MAX_LEARNERS,
    NAME_LIMIT,
    class_folder_files,
    clean,
    read_class_files,
)
from .drilldown import AttemptTable, learner_path, step_attempts
from .gradebook import FORMULA_STARTS, GradeTable, spreadsheet_safe
from .progress import Progress
from .summary_page import heatmap_svg, page_html, tables_html

__all__ = ["FORMULA_STARTS", "ClassSummary", "HardStep"]




@dataclass(frozen=True)
class HardStep:
    """A step of a lesson and how the class did on it.

    ``step`` counts from 1; ``tried``: learners with an attempt at it; ``solved``: learners
    with a star on it; ``failed``: learners who lost the position, gave a wrong answer or made
    a move the step refused; ``hints``: learners who asked for a hint; ``struggled``: learners
    who did either; ``median_attempts`` and ``median_seconds``: per learner who tried;
    ``instruction``: the step's instruction in the summary's language.

    Example:
        >>> HardStep("scout", "The Scout", 2, 3, 2, 2, 1, 2, 2.0, 40.0).share
        0.6666666666666666
    """

    lesson: str
    title: str
    step: int
    tried: int
    solved: int
    failed: int
    hints: int
    struggled: int
    median_attempts: float
    median_seconds: float
    instruction: str = ""

    @property
    def share(self) -> float:
        """The share of the learners who tried the step that failed or asked for hints.

        Example:
            >>> HardStep("scout", "The Scout", 1, 4, 4, 1, 0, 1, 1.0, 9.0).share
            0.25
        """
        return self.struggled / self.tried if self.tried else 0.0


class ClassSummary:
    """The progress of a class, learner by lesson; see the module.

    ``progresses``: the learners' :class:`Progress` (a learner without a name is called
    "learner 1", "learner 2"…), or a mapping from name to progress; ``lessons``: the course
    (any mapping of lesson id to lesson, in teaching order; the shipped catalog when None);
    ``language``: of the lesson titles; ``problems``: lines about files left out (what
    :meth:`from_files` found).

    Example:
        >>> summary = ClassSummary({"Ada": Progress({"scout": [3, 3]})})
        >>> summary.learners, [lesson.id for lesson in summary.lessons]
        (['Ada'], ['scout'])
    """

    def __init__(self, progresses: Iterable[Progress] | Mapping[str, Progress],
                 lessons: Mapping[str, Lesson] | None = None, language: str = "en",
                 problems: Iterable[str] = ()) -> None:
        self.language = check_language(language)
        course = dict(catalog() if lessons is None else lessons)
        if not all(isinstance(key, str) and hasattr(value, "steps")
                   for key, value in course.items()):
            raise LessonError("lesson-summary", "lessons is a mapping of lesson ids to lessons.")
        if isinstance(progresses, Mapping):
            named = [(str(name), progress) for name, progress in progresses.items()]
        else:
            named = [(progress.learner if isinstance(progress, Progress) else "", progress)
                     for progress in progresses]
        if not all(isinstance(progress, Progress) for _, progress in named):
            raise LessonError("lesson-summary", "A class summary is made of Progress objects.")
        if len(named) > MAX_LEARNERS:
            raise LessonError("lesson-summary", f"A class summary has at most {MAX_LEARNERS} "
                              f"learners, not {len(named)}.")
        self.progress: dict[str, Progress] = {}
        for index, (name, progress) in enumerate(named, start=1):
            shown = clean(name, limit=NAME_LIMIT) or \
                f"learner {index}"
            if shown in self.progress:
                shown = f"{shown} ({index})"
            self.progress[shown] = progress
        played = {lesson for progress in self.progress.values() for lesson in progress.lesson_ids()}
        #: The lessons the class played, in the course's teaching order.
        self.lessons: list[Lesson] = [lesson for key, lesson in course.items() if key in played]
        #: Lessons in the files that are not in the course (left out of the summary).
        self.other_lessons: list[str] = sorted(clean(key)[:40] for key in played - set(course))
        #: One line for each file left out: the file and the field that is wrong.
        self.problems: list[str] = list(problems)

    # -- reading the files
    @classmethod
    def from_files(cls, paths: Iterable[str | pathlib.Path],
                   lessons: Mapping[str, Lesson] | None = None, language: str = "en",
                   strict: bool = False) -> ClassSummary:
        """The summary of the progress files at ``paths``. A learner is shown by the name in
        the file when it is the file's name without ``.json``, compared without case, accents
        or separators (``"Ada Lovelace"`` in ``ada-lovelace.json``), by the file's name when
        the file's ``learner`` field is blank; any other name a file states is the learner's word, so the file it came from is shown
        beside it: ``Bob  [zed.json]`` (brackets and backslashes in that file's name get a
        backslash; files of the same name in two folders are shown with their folder). A file
        that is missing or not progress is left out with a line in :attr:`problems`
        (``strict``: raises the :class:`LessonError`).

        Example:
            >>> import tempfile
            >>> folder = pathlib.Path(tempfile.mkdtemp())
            >>> Progress({"scout": [3]}).save(folder / "ada.json")
            >>> _ = (folder / "bo.json").write_text('{"format": "stratego-widget-progress"}')
            >>> summary = ClassSummary.from_files([folder / "ada.json", folder / "bo.json"])
            >>> summary.learners, summary.problems
            (['ada'], ['bo.json: version must be 2, not None; left out.'])
            >>> Progress({"scout": [3]}, learner="Bob").save(folder / "zed.json")
            >>> ClassSummary.from_files([folder / "zed.json"]).learners
            ['Bob  [zed.json]']
        """
        progresses, problems = read_class_files(paths, lessons, strict)
        return cls(progresses, lessons, language, problems)

    @classmethod
    def from_folder(cls, folder: str | pathlib.Path, lessons: Mapping[str, Lesson] | None = None,
                    language: str = "en", strict: bool = False) -> ClassSummary:
        """The summary of every ``*.json`` file in ``folder`` (see :meth:`from_files`).

        Example:
            >>> import tempfile
            >>> folder = pathlib.Path(tempfile.mkdtemp())
            >>> Progress({"scout": [3, 2]}, learner="Ada").save(folder / "a.json")
            >>> ClassSummary.from_folder(folder).totals()[0]["stars"]
            5
        """
        return cls.from_files(class_folder_files(folder), lessons, language, strict)

    # -- the figures
    @property
    def learners(self) -> list[str]:
        """The learners' names, in the order given.

        Example:
            >>> ClassSummary([Progress(learner="Ada"), Progress()]).learners
            ['Ada', 'learner 2']
        """
        return list(self.progress)

    def title_of(self, lesson: Lesson) -> str:
        """A lesson's title in the summary's language (its id if it has none).

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> ClassSummary([], language="de").title_of(catalog()["scout"])
            'Der Aufklärer'
        """
        text = lesson.title.get(self.language)
        return clean(str(text or lesson.id))

    def table(self) -> list[dict[str, Any]]:
        """One row per learner and lesson played by the class: ``learner``, ``lesson`` (its
        id), ``title``, ``stars``, ``possible`` (3 a step), ``attempts``, ``minutes``,
        ``steps_solved``, ``steps`` and ``started`` (any record of the lesson).

        Example:
            >>> row = ClassSummary([Progress({"scout": [3, 1]}, learner="Ada")]).table()[0]
            >>> row["stars"], row["possible"], row["steps_solved"], row["steps"]
            (4, 12, 2, 4)
        """
        rows = []
        for name, progress in self.progress.items():
            for lesson in self.lessons:
                records = [progress.step_record(lesson, i) for i in range(len(lesson.steps))]
                kept = [record for record in records if record is not None]
                seconds = sum(a.seconds for record in kept for a in record.attempts)
                rows.append({
                    "learner": name, "lesson": lesson.id, "title": self.title_of(lesson),
                    "stars": sum(record.best for record in kept),
                    "possible": 3 * len(lesson.steps),
                    "attempts": sum(len(record.attempts) for record in kept),
                    "minutes": round(seconds / 60, 1),
                    "steps_solved": sum(1 for record in kept if record.best > 0),
                    "steps": len(lesson.steps), "started": progress.played(lesson)})
        return rows

    def totals(self) -> list[dict[str, Any]]:
        """One row per learner: the sums of :meth:`table` over the lessons (``learner``,
        ``stars``, ``possible``, ``attempts``, ``minutes``, ``steps_solved``, ``steps``), and
        the puzzles counted like steps (``puzzles_solved``, ``puzzle_attempts``; see
        :meth:`puzzles`).

        Example:
            >>> ClassSummary([Progress({"scout": [3, 1]}, learner="Ada")]).totals()[0]["stars"]
            4
        """
        sums: dict[str, dict[str, Any]] = {
            name: {"learner": name, "stars": 0, "possible": 0, "attempts": 0, "minutes": 0.0,
                   "steps_solved": 0, "steps": 0} for name in self.progress}
        seconds = dict.fromkeys(self.progress, 0.0)
        for name, progress in self.progress.items():
            for lesson in self.lessons:
                for i in range(len(lesson.steps)):
                    record = progress.step_record(lesson, i)
                    if record is not None:
                        seconds[name] += sum(a.seconds for a in record.attempts)
        for row in self.table():
            total = sums[row["learner"]]
            for key in ("stars", "possible", "attempts", "steps_solved", "steps"):
                total[key] += row[key]
        for name, total in sums.items():
            total["minutes"] = round(seconds[name] / 60, 1)
            puzzles = self.progress[name].puzzles
            total["puzzles_solved"] = puzzles.solved_count()
            total["puzzle_attempts"] = puzzles.attempt_count()
        return list(sums.values())

    def puzzles(self) -> list[dict[str, Any]]:
        """One row per learner: the puzzle trainer's figures, counted like steps
        (``learner``, ``rating`` and ``deviation`` of the learner's Glicko-2 rating, rounded,
        puzzles ``solved``, ``attempts``, puzzles ``due`` for review).

        Example:
            >>> from stratego_widget.lessons.classroom.attempts import Attempt
            >>> ada = Progress(learner="Ada")
            >>> ada.puzzles.record_attempt("p1", 1500, Attempt("2026-11-26T10:00:00Z", 9.0, True, 3))
            >>> row = ClassSummary([ada]).puzzles()[0]
            >>> row["solved"], row["attempts"], row["rating"] > 1500
            (1, 1, True)
        """
        return [{"learner": name, "rating": round(progress.puzzles.rating.rating),
                 "deviation": round(progress.puzzles.rating.deviation),
                 "solved": progress.puzzles.solved_count(),
                 "attempts": progress.puzzles.attempt_count(),
                 "due": len(progress.puzzles.due())}
                for name, progress in self.progress.items()]

    def to_pandas(self) -> Any:
        """:meth:`table` as a pandas DataFrame, ready for ``to_csv`` or ``to_excel`` (pandas
        comes with the ``experiments`` extra; without it, an ImportError says so). A text cell
        (learner, lesson, title) that starts with ``=``, ``+``, ``-``, ``@``, a tab or a line
        break gets a ``'`` before it, so a spreadsheet shows it and never runs it as a
        formula (:meth:`table` keeps the text as it is).

        Example:
            >>> frame = ClassSummary([Progress({"scout": [3]}, learner="Ada")]).to_pandas()
            >>> frame.loc[0, "stars"], list(frame.columns)[:3]
            (np.int64(3), ['learner', 'lesson', 'title'])
            >>> ClassSummary([Progress({"scout": [3]}, learner="=1+1")]).to_pandas().loc[0, "learner"]
            "'=1+1"
        """
        pandas = require("pandas", "ClassSummary.to_pandas", "experiments")
        columns = ["learner", "lesson", "title", "stars", "possible", "attempts", "minutes",
                   "steps_solved", "steps", "started"]
        rows = [{key: spreadsheet_safe(value) for key, value in row.items()}
                for row in self.table()]
        return pandas.DataFrame(rows, columns=columns)

    def hardest_steps(self, n: int = 10) -> list[HardStep]:
        """The ``n`` steps where the most learners failed or asked for hints (see
        :class:`HardStep`), most first (ties: more failed, more hints, more attempts, then
        the course's order); steps where nobody struggled are left out.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> from stratego_widget.lessons.classroom.attempts import Attempt
            >>> ada = Progress(learner="Ada")
            >>> _ = ada.record_attempt(catalog()["scout"], 1, Attempt(
            ...     "2026-11-26T10:00:00Z", 30.0, True, 2, hints=1))
            >>> step = ClassSummary([ada]).hardest_steps()[0]
            >>> step.lesson, step.step, step.tried, step.hints, step.failed
            ('scout', 2, 1, 1, 0)
        """
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise LessonError("lesson-summary", f"hardest_steps takes a count of steps (a "
                              f"whole number from 0), not {str(n)[:20]!r}.")
        found: list[tuple[tuple[int, int, int, float, int], HardStep]] = []
        order = 0
        for lesson in self.lessons:
            for index in range(len(lesson.steps)):
                order += 1
                step = self._step_figures(lesson, index)
                if step.struggled:
                    key = (-step.struggled, -step.failed, -step.hints, -step.median_attempts,
                           order)
                    found.append((key, step))
        return [step for _, step in sorted(found, key=lambda item: item[0])[:n]]

    def _step_figures(self, lesson: Lesson, index: int) -> HardStep:
        tried = solved = failed = hints = struggled = 0
        attempts: list[int] = []
        seconds: list[float] = []
        for progress in self.progress.values():
            record = progress.step_record(lesson, index)
            if record is None:
                continue
            solved += record.best > 0
            if not record.attempts:
                continue
            tried += 1
            lost = any(a.failed or a.wrong_answers or a.refusals for a in record.attempts)
            hinted = any(a.hints for a in record.attempts)
            failed += lost
            hints += hinted
            struggled += lost or hinted
            attempts.append(len(record.attempts))
            seconds.append(sum(a.seconds for a in record.attempts))
        return HardStep(lesson.id, self.title_of(lesson), index + 1, tried, solved, failed,
                        hints, struggled, float(statistics.median(attempts or [0])),
                        round(float(statistics.median(seconds or [0.0])), 1),
                        clean(lesson.steps[index].text("instruction", self.language), 300))

    # -- what each learner tried
    def step_attempts(self, lesson: str, step: int) -> AttemptTable:
        """Every learner's attempts at step ``step`` (counted from 1) of the lesson ``lesson``
        (its id): date, time, how it ended, refused moves, wrong answers, hints; titled with
        the lesson, the step and its instruction in the summary's language. A lesson the
        summary does not show, or a step it does not have, raises ``LessonError`` naming it.

        Example:
            >>> from stratego_widget.lessons import catalog
            >>> from stratego_widget.lessons.classroom.attempts import Attempt
            >>> ada = Progress(learner="Ada")
            >>> _ = ada.record_attempt(catalog()["scout"], 0, Attempt(
            ...     "2026-11-26T10:00:00Z", 12.0, True, 2, hints=2))
            >>> table = ClassSummary([ada]).step_attempts("scout", 1)
            >>> [(row.learner, row.outcome, row.stars, row.hints) for row in table.rows]
            [('Ada', 'solved', 2, 2)]
        """
        found = self._lesson_shown(lesson)
        if not isinstance(step, int) or isinstance(step, bool) or \
                not 1 <= step <= len(found.steps):
            raise LessonError("lesson-summary", f"step: lesson {found.id!r} has steps 1 to "
                              f"{len(found.steps)}, not {str(step)[:20]}.")
        instruction = clean(found.steps[step - 1].text("instruction", self.language), 300)
        title = f"{self.title_of(found)}, step {step}: {instruction}"
        return step_attempts(self.progress, found, step, title)

    def learner_path(self, learner: str) -> AttemptTable:
        """The attempts of ``learner`` (a name of :attr:`learners`) at the lessons the summary
        shows, oldest first: their path through the course. An unknown name raises
        ``LessonError``.

        Example:
            >>> from stratego_widget.lessons.classroom.attempts import Attempt
            >>> from stratego_widget.lessons import catalog
            >>> bo = Progress(learner="Bo")
            >>> _ = bo.record_attempt(catalog()["scout"], 0, Attempt(
            ...     "2026-11-26T10:00:00Z", 30.0, False, 0, failed=True))
            >>> [row.outcome for row in ClassSummary([bo]).learner_path("Bo").rows]
            ['lost']
        """
        progress = self.progress.get(learner) if isinstance(learner, str) else None
        if progress is None:
            raise LessonError("lesson-summary", f"learner: no learner called "
                              f"{clean(str(learner))[:60]!r} in this summary.")
        return learner_path(learner, progress, self.lessons)

    # -- assignments and the gradebook
    def grades(self, assignment: Assignment) -> GradeTable:
        """Every learner scored against ``assignment`` (points of the maximum, passed or not
        yet, late), as a table; ``.csv("canvas")`` or ``.csv("moodle")`` is the gradebook's
        import file (see :mod:`~stratego_widget.lessons.classroom.gradebook`).

        Example:
            >>> week = Assignment.from_text('title = "W"\\nlessons = ["scout"]\\npass = 50')
            >>> table = ClassSummary([Progress({"scout": [3, 3]}, learner="Ada")]).grades(week)
            >>> [(score.learner, score.points, score.status) for score in table.scores]
            [('Ada', 6.0, 'passed')]
        """
        if not isinstance(assignment, Assignment):
            raise LessonError("lesson-summary", "assignment: an Assignment is needed (read "
                              "one with Assignment.load).")
        return GradeTable(assignment.title, tuple(
            assignment.score(progress, name) for name, progress in self.progress.items()))

    def _lesson_shown(self, lesson: str) -> Lesson:
        found = next((known for known in self.lessons if known.id == lesson), None)
        if found is None:
            raise LessonError("lesson-summary", f"lesson: {clean(str(lesson))[:60]!r} is not "
                              "a lesson this summary shows.")
        return found

    # -- pictures and pages
    def heatmap_svg(self) -> str:
        """A heat map, learners by lessons, each cell the share of the lesson's stars the
        learner earned (lessons never started are left blank): a self-contained SVG with a
        title, axis labels, a legend and an accessible ``<title>`` and ``<desc>``. Its text
        takes the colour of the page around it, so it reads on light and dark themes.

        Example:
            >>> svg = ClassSummary([Progress({"scout": [3]}, learner="<Ada>")]).heatmap_svg()
            >>> svg.startswith("<svg") and "&lt;Ada&gt;" in svg and "<Ada>" not in svg
            True
        """
        return heatmap_svg(self)

    def _repr_html_(self) -> str:
        """The table, the heat map and the hardest steps, for the notebook."""
        return f'<div class="sw-class-summary">{tables_html(self, "Class summary: ")}</div>'

    def to_html(self, path: str | pathlib.Path | None = None,
                title: str = "Class summary",
                assignments: Iterable[Assignment] = ()) -> str:
        """One self-contained HTML page (table, heat map, hardest steps, what each learner
        tried; every name escaped), with each learner's score on each of ``assignments``
        first, written to ``path`` when given, and returned.

        Example:
            >>> page = ClassSummary([Progress({"scout": [3]}, learner="<b>Bo</b>")]).to_html()
            >>> page.startswith("<!DOCTYPE html>"), "<b>Bo" in page, "&lt;b&gt;Bo" in page
            (True, False, True)
        """
        grades = "".join(f"<h2>Assignment: {html.escape(table.title)}</h2>"
                         f"{table.to_html()}" for table in map(self.grades, assignments))
        page = page_html(self, title, grades)
        if path is not None:
            pathlib.Path(path).write_text(page, encoding="utf-8")
        return page

    def __repr__(self) -> str:
        return f"ClassSummary({len(self.progress)} learners, {len(self.lessons)} lessons)"

