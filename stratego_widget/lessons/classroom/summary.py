"""A teacher's view of a class: the learners' progress files merged into one summary.

Learners hand in their progress file (see :mod:`stratego_widget.lessons.classroom.progress`), or a
teacher collects the files in a folder; :class:`ClassSummary` reads them and shows, for the
lessons the class has played (in the course's teaching order):

- :meth:`~ClassSummary.table`: one row per learner and lesson (stars earned of the stars
  possible, attempts, minutes, steps solved), as plain data or :meth:`~ClassSummary.to_pandas`;
- :meth:`~ClassSummary.hardest_steps`: the steps where most learners failed (lost the
  position, gave wrong answers or made moves the step refused) or asked for hints;
- :meth:`~ClassSummary.heatmap_svg`: a heat map of the share of stars, learners by lessons;
- all three in the notebook (``_repr_html_``) and as one HTML page (:meth:`~ClassSummary.to_html`).

A file that is not progress is reported in :attr:`ClassSummary.problems` (one line naming the
file and the field) and left out; ``strict=True`` raises the :class:`LessonError` instead.
Nothing in a learner's file is trusted beyond what :meth:`Progress.from_json` checks: names
and titles are escaped wherever they are shown, a name that is not the file's own is shown with
the file's name, cells exported for a spreadsheet never start a formula, the number and size
of files are bounded, and each file is read within caps (:data:`MAX_OTHER_LESSONS`) so that
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
import importlib
import itertools
import json
import pathlib
import statistics
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...engine.reading import parse_json, read_text
from ...locales import check_language
from ..errors import LessonError
from ..model.lesson import Lesson
from ..model.library import catalog
from .attempts import MAX_ATTEMPTS_KEPT
from .progress import Progress
from .progress_file import MAX_PROGRESS_BYTES

__all__ = ["FORMULA_STARTS", "MAX_CLASS_BYTES", "MAX_LEARNERS", "MAX_OTHER_LESSONS",
           "ClassSummary", "HardStep"]

#: The most progress files one summary reads (a folder with more is refused).
MAX_LEARNERS = 1000
#: The most bytes of progress files one summary reads in all (each file is at most
#: :data:`~stratego_widget.lessons.classroom.progress_file.MAX_PROGRESS_BYTES`); files past it are left out.
MAX_CLASS_BYTES = 64_000_000
#: What the summary keeps of one file, applied as the file is read so that what it keeps
#: follows the bytes it reads: the lessons of the course, each with its steps (none past the
#: lesson's last) and each step with its newest
#: :data:`~stratego_widget.lessons.classroom.attempts.MAX_ATTEMPTS_KEPT` attempts, and the names (not
#: the records) of at most this many lessons that are not in the course.
MAX_OTHER_LESSONS = 100
#: The characters that make a spreadsheet read a cell as a formula (the OWASP list for CSV
#: injection): a text cell of :meth:`ClassSummary.to_pandas` starting with one gets a ``'``.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")

# A colour-blind-safe sequential scale (dark purple, no stars, to yellow, every star): each
# step is lighter than the one before, so the order reads in grey too.
_SCALE = ((0.0, (0x44, 0x01, 0x54)), (0.25, (0x3b, 0x52, 0x8b)), (0.5, (0x21, 0x91, 0x8c)),
          (0.75, (0x5e, 0xc9, 0x62)), (1.0, (0xfd, 0xe7, 0x25)))
_NAME_SHOWN = 24   # characters of a learner's name in the heat map (the whole name in its tooltip)
_NAME_KEPT = 120   # characters of a name a file states, shown with the file's name beside it
_FILE_KEPT = 250   # characters of that file's name
_SOURCE = "  ["    # what comes between a learner's name and the file it came from
_TITLE_SHOWN = 30  # characters of a lesson's title there


@dataclass(frozen=True)
class HardStep:
    """A step of a lesson and how the class did on it.

    ``step`` counts from 1; ``tried``: learners with an attempt at it; ``solved``: learners
    with a star on it; ``failed``: learners who lost the position, gave a wrong answer or made
    a move the step refused; ``hints``: learners who asked for a hint; ``struggled``: learners
    who did either; ``median_attempts`` and ``median_seconds``: per learner who tried.

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
            shown = _clean(name, limit=_NAME_KEPT + len(_SOURCE) + 2 * _FILE_KEPT + 2) or \
                f"learner {index}"
            if shown in self.progress:
                shown = f"{shown} ({index})"
            self.progress[shown] = progress
        played = {lesson for progress in self.progress.values() for lesson in progress.lesson_ids()}
        #: The lessons the class played, in the course's teaching order.
        self.lessons: list[Lesson] = [lesson for key, lesson in course.items() if key in played]
        #: Lessons in the files that are not in the course (left out of the summary).
        self.other_lessons: list[str] = sorted(_clean(key)[:40] for key in played - set(course))
        #: One line for each file left out: the file and the field that is wrong.
        self.problems: list[str] = list(problems)

    # -- reading the files
    @classmethod
    def from_files(cls, paths: Iterable[str | pathlib.Path],
                   lessons: Mapping[str, Lesson] | None = None, language: str = "en",
                   strict: bool = False) -> ClassSummary:
        """The summary of the progress files at ``paths``. A learner is shown by the file's
        name without ``.json`` when the file's ``learner`` field is that name or blank; any
        other name a file states is the learner's word, so the file it came from is shown
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
        files = [pathlib.Path(path) for path in paths]
        if len(files) > MAX_LEARNERS:
            raise LessonError("lesson-summary", f"A class summary reads at most {MAX_LEARNERS} "
                              f"progress files, not {len(files)}.")
        found: list[tuple[str, Progress, pathlib.Path]] = []
        course = catalog() if lessons is None else lessons
        problems: list[str] = []
        budget = MAX_CLASS_BYTES
        for file in files:
            name = _clean(file.name)
            try:
                if not file.is_file():
                    raise LessonError("lesson-progress", f"{name}: " + (
                        "this is not a file." if file.exists() else "there is no such file."))
                size = file.stat().st_size
                if size > budget:
                    raise LessonError("lesson-progress", f"{name}: the class's files pass "
                                      f"{MAX_CLASS_BYTES:,} bytes in all.")
                progress, dropped = _read_within_caps(file, course)
            except (LessonError, OSError) as error:
                if strict:
                    if isinstance(error, LessonError):
                        raise
                    raise LessonError("lesson-progress", f"{name}: cannot be read.") from None
                message = str(error) if isinstance(error, LessonError) else \
                    f"{name}: cannot be read."
                problems.append(f"{message.rstrip('.')}; left out.")
                continue
            budget -= min(size, MAX_PROGRESS_BYTES)
            if dropped:
                problems.append(f"{name}: read in part: {dropped:,} records past the "
                                "summary's caps (lessons not in the course past "
                                f"{MAX_OTHER_LESSONS}, steps past a lesson's last, attempts "
                                f"before a step's newest {MAX_ATTEMPTS_KEPT}) left out.")
            found.append((_clean(progress.learner), progress, file))
        shown = [_from_file(name, file) for name, _, file in found]
        twice = Counter(shown)
        named = [(_from_file(name, file, with_folder=True) if twice[label] > 1 else label,
                  progress) for (name, progress, file), label in zip(found, shown, strict=True)]
        return cls(_named(named), lessons, language, problems)

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
        where = pathlib.Path(folder)
        if not where.is_dir():
            raise LessonError("lesson-summary", f"{_clean(where.name)}: a class is a folder of "
                              "progress files; this folder does not exist.")
        files = sorted(path for path in where.glob("*.json") if path.is_file())
        return cls.from_files(files, lessons, language, strict)

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
        return _clean(str(text or lesson.id))

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
        ``stars``, ``possible``, ``attempts``, ``minutes``, ``steps_solved``, ``steps``).

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
        return list(sums.values())

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
        try:
            pandas = importlib.import_module("pandas")
        except ImportError as error:
            raise ImportError("ClassSummary.to_pandas needs pandas: pip install "
                              "stratego-widget[experiments]", name="pandas") from error
        columns = ["learner", "lesson", "title", "stars", "possible", "attempts", "minutes",
                   "steps_solved", "steps", "started"]
        rows = [{key: _spreadsheet_safe(value) for key, value in row.items()}
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
                        round(float(statistics.median(seconds or [0.0])), 1))

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
        rows = self.table()
        names, lessons = self.learners, self.lessons
        cell_w, cell_h = 44, 26
        left = 24 + 7 * max([len(_label(name)) for name in names] + [8])
        titles = [_cut(self.title_of(lesson), _TITLE_SHOWN) for lesson in lessons]
        top = 60 + int(4.6 * max([len(title) for title in titles] + [7]))
        # A column's title slants up to the right (40 degrees, about 6 px a character): the
        # picture is wide enough for the last ones to end inside it.
        reach = max([left + cell_w * (i + 0.5) + 4.8 * len(title) + 8
                     for i, title in enumerate(titles)] + [0])
        width = int(max(left + cell_w * len(lessons) + 20, left + 44 * 5 + 130, 420, reach))
        legend_y = top + cell_h * len(names) + 24
        height = legend_y + 56
        title = "Share of stars, by learner and lesson"
        key = zlib.crc32(repr(rows).encode("utf-8"))
        ident = f"sw-heat-{key:08x}"
        shares = [f"{row['learner']}: {row['stars']} of {row['possible']} stars" for row in
                  self.totals()]
        description = (f"{len(names)} learners (rows) by {len(lessons)} lessons (columns); "
                       f"a cell is the share of the lesson's stars the learner earned, "
                       f"from dark purple (none) to yellow (all); blank: not started. "
                       + "; ".join(shares[:40]) + ("; …" if len(shares) > 40 else "") + ".")
        parts = [
            f'<svg xmlns="http://www.w3.org/2000/svg" class="sw-heatmap" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" '
            f'role="img" aria-labelledby="{ident}-t {ident}-d">',
            f'<title id="{ident}-t">{_esc(title)}</title>',
            f'<desc id="{ident}-d">{_esc(description)}</desc>',
            f'<text x="{width / 2:.0f}" y="18" text-anchor="middle" font-size="15" '
            f'font-weight="bold" fill="currentColor">{_esc(title)}</text>',
            f'<text x="{left + cell_w * len(lessons) / 2:.0f}" y="38" text-anchor="middle" '
            f'font-size="12" fill="currentColor">Lessons</text>',
            f'<text transform="translate(12 {top + cell_h * len(names) / 2:.0f}) rotate(-90)" '
            f'text-anchor="middle" font-size="12" fill="currentColor">Learners</text>']
        for column, lesson_title in enumerate(titles):
            x = left + cell_w * column + cell_w / 2
            parts.append(f'<text transform="translate({x:.0f} {top - 6}) rotate(-40)" '
                         f'font-size="11" fill="currentColor">{_esc(lesson_title)}</text>')
        for line, name in enumerate(names):
            y = top + cell_h * line + cell_h / 2 + 4
            parts.append(f'<text x="{left - 6}" y="{y:.0f}" text-anchor="end" font-size="11" '
                         f'fill="currentColor">{_esc(_label(name))}</text>')
        by_cell = {(row["learner"], row["lesson"]): row for row in rows}
        for line, name in enumerate(names):
            for column, lesson in enumerate(lessons):
                parts.append(self._cell(by_cell[name, lesson.id], left + cell_w * column,
                                        top + cell_h * line, cell_w, cell_h))
        parts.extend(_legend(left, legend_y))
        parts.append("</svg>")
        return "".join(parts)

    @staticmethod
    def _cell(row: dict[str, Any], x: int, y: int, w: int, h: int) -> str:
        tip = (f"{row['learner']}, {row['title']}: {row['stars']} of {row['possible']} stars, "
               f"{_count(row['attempts'], 'attempt')}, {row['minutes']} min")
        if not row["started"]:
            return (f'<g><title>{_esc(row["learner"])}, {_esc(row["title"])}: not started'
                    f'</title><rect x="{x + 1}" y="{y + 1}" width="{w - 2}" height="{h - 2}" '
                    f'fill="none" stroke="currentColor" stroke-opacity="0.35" '
                    f'stroke-dasharray="3 2"/></g>')
        share = row["stars"] / row["possible"] if row["possible"] else 0.0
        fill, ink = _colour(share)
        return (f'<g><title>{_esc(tip)}</title><rect x="{x + 1}" y="{y + 1}" width="{w - 2}" '
                f'height="{h - 2}" fill="{fill}" stroke="#808080" stroke-width="0.5"/>'
                f'<text x="{x + w / 2:.0f}" y="{y + h / 2 + 4:.0f}" text-anchor="middle" '
                f'font-size="10" fill="{ink}">{row["stars"]}/{row["possible"]}</text></g>')

    def _tables_html(self, heading: str) -> str:
        rows = {(row["learner"], row["lesson"]): row for row in self.table()}
        lang = "" if self.language == "en" else f' lang="{self.language}"'
        head = "".join(f"<th scope=\"col\"{lang}>{_esc(self.title_of(lesson))}</th>"
                       for lesson in self.lessons)
        body = []
        for total in self.totals():
            name = total["learner"]
            cells = []
            for lesson in self.lessons:
                row = rows[name, lesson.id]
                cells.append("<td>–</td>" if not row["started"] else
                             f"<td>★ {row['stars']}/{row['possible']}<br><small>"
                             f"{_count(row['attempts'], 'attempt')} · {row['minutes']} min · "
                             f"{row['steps_solved']}/{row['steps']} steps</small></td>")
            body.append(f"<tr><th scope=\"row\">{_esc(name)}</th>{''.join(cells)}"
                        f"<td>★ {total['stars']}/{total['possible']}<br><small>"
                        f"{_count(total['attempts'], 'attempt')} · {total['minutes']} min"
                        "</small></td></tr>")
        parts = [f"<h2>{heading}{_count(len(self.progress), 'learner')}, "
                 f"{_count(len(self.lessons), 'lesson')}</h2>",
                 '<div class="sw-scroll"><table class="sw-class-table">'
                 f"<caption>Stars earned of the stars possible, attempts and time, by learner "
                 f"and lesson</caption><thead><tr><th scope=\"col\">Learner</th>{head}"
                 f"<th scope=\"col\">All lessons</th></tr></thead><tbody>{''.join(body)}"
                 "</tbody></table></div>",
                 f'<div class="sw-scroll">{self.heatmap_svg()}</div>',
                 "<h2>Hardest steps</h2>"]
        hardest = self.hardest_steps()
        if hardest:
            lines = "".join(
                f"<tr><td{lang}>{_esc(step.title)}</td><td>{step.step}</td><td>{step.tried}</td>"
                f"<td>{step.failed}</td><td>{step.hints}</td><td>{step.solved}</td>"
                f"<td>{step.median_attempts:g}</td><td>{step.median_seconds:g} s</td></tr>"
                for step in hardest)
            parts.append('<table class="sw-class-table"><caption>Steps where the most learners '
                         "failed or asked for hints</caption><thead><tr><th scope=\"col\">Lesson"
                         "</th><th scope=\"col\">Step</th><th scope=\"col\">Tried</th>"
                         "<th scope=\"col\">Failed</th><th scope=\"col\">Hints</th>"
                         "<th scope=\"col\">Solved</th><th scope=\"col\">Median attempts</th>"
                         "<th scope=\"col\">Median time</th></tr></thead>"
                         f"<tbody>{lines}</tbody></table>")
        else:
            parts.append("<p>No learner failed a step or asked for a hint.</p>")
        if self.other_lessons:
            parts.append("<p>Lessons in the files that are not in this course (left out): "
                         f"{_esc(', '.join(self.other_lessons))}.</p>")
        if self.problems:
            items = "".join(f"<li>{_esc(line)}</li>" for line in self.problems)
            parts.append(f"<h2>Files left out</h2><ul>{items}</ul>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        """The table, the heat map and the hardest steps, for the notebook."""
        return f'<div class="sw-class-summary">{self._tables_html("Class summary: ")}</div>'

    def to_html(self, path: str | pathlib.Path | None = None,
                title: str = "Class summary") -> str:
        """One self-contained HTML page (table, heat map, hardest steps; every name escaped),
        written to ``path`` when given, and returned.

        Example:
            >>> page = ClassSummary([Progress({"scout": [3]}, learner="<b>Bo</b>")]).to_html()
            >>> page.startswith("<!DOCTYPE html>"), "<b>Bo" in page, "&lt;b&gt;Bo" in page
            (True, False, True)
        """
        page = ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                "<meta name=\"color-scheme\" content=\"light dark\">"
                f"<title>{_esc(_clean(str(title)))}</title><style>{_PAGE_STYLE}</style></head>"
                f"<body><main><h1>{_esc(_clean(str(title)))}</h1>{self._tables_html('')}</main>"
                "</body></html>\n")
        if path is not None:
            pathlib.Path(path).write_text(page, encoding="utf-8")
        return page

    def __repr__(self) -> str:
        return f"ClassSummary({len(self.progress)} learners, {len(self.lessons)} lessons)"


_PAGE_STYLE = (
    ":root{color-scheme:light dark;--ink:#1b1b1b;--paper:#ffffff;--rule:#bbbbbb}"
    "@media (prefers-color-scheme: dark){:root{--ink:#ececec;--paper:#181818;--rule:#555555}}"
    "body{font-family:sans-serif;color:var(--ink);background:var(--paper);margin:1.5em}"
    "table{border-collapse:collapse;margin:0.5em 0 1.5em}"
    "th,td{border:1px solid var(--rule);padding:0.3em 0.6em;text-align:left;"
    "vertical-align:top}caption{text-align:left;font-style:italic;padding:0.3em 0}"
    ".sw-scroll{overflow-x:auto}")


def _named(found: list[tuple[str, Progress]]) -> list[Progress]:
    """Progress objects named as the summary calls them (a file's name for a learner without
    one in the file)."""
    named = []
    for name, progress in found:
        if progress.learner == name:
            named.append(progress)
        else:
            copy = Progress(progress.records, learner=name)
            named.append(copy)
    return named


def _read_within_caps(file: pathlib.Path, course: Mapping[str, Lesson]) -> tuple[Progress, int]:
    """The progress in ``file`` as the summary keeps it (see :data:`MAX_OTHER_LESSONS`), and
    how many records past the caps were left out. The caps are applied to the parsed file
    before any record is made; what is kept is then checked as :meth:`Progress.from_json`
    checks a file. A lesson's key is its id, or ``course/id`` for the lesson's own course."""
    text = read_text(file, limit=MAX_PROGRESS_BYTES, error=LessonError, rule="lesson-progress",
                     what="a progress file")
    data = parse_json(text, error=LessonError, rule="lesson-progress", source=file.name)
    first_form = isinstance(data, dict) and "format" not in data and all(
        isinstance(v, list) for v in data.values())
    lessons = data if first_form else data.get("lessons") if isinstance(data, dict) else None
    if not isinstance(lessons, dict):
        return Progress.from_json(text, source=file.name), 0   # not progress: refused there
    del text
    kept: dict[str, Any] = {}
    dropped = others = 0
    for key, steps in lessons.items():
        lesson = course.get(key.rpartition("/")[2]) if isinstance(key, str) else None
        if lesson is None or key not in (lesson.id, f"{lesson.course}/{lesson.id}"):
            # Not in the course: its name is listed (other_lessons), its records not kept.
            if others < MAX_OTHER_LESSONS:
                kept[key] = [] if first_form else {}
                others += 1
            else:
                dropped += 1
        elif first_form:
            kept[key] = steps[:len(lesson.steps)]
            dropped += len(steps) - len(kept[key])
        elif isinstance(steps, dict):
            kept[key] = {}
            for index, value in steps.items():
                if _past_last(index, len(lesson.steps)):
                    dropped += 1
                    continue
                attempts = value.get("attempts") if isinstance(value, dict) else None
                if isinstance(attempts, list) and len(attempts) > MAX_ATTEMPTS_KEPT:
                    dropped += len(attempts) - MAX_ATTEMPTS_KEPT
                    value = value | {"attempts": attempts[-MAX_ATTEMPTS_KEPT:]}
                kept[key][index] = value
        else:
            kept[key] = steps   # not a progress file: the reader names the field
    within = kept if first_form else data | {"lessons": kept}
    return Progress.from_json(json.dumps(within, ensure_ascii=False, separators=(",", ":")),
                              source=file.name), dropped


def _past_last(index: object, steps: int) -> bool:
    """Whether ``index`` is a step number (ASCII digits) past the last of ``steps`` steps."""
    return isinstance(index, str) and index.isascii() and index.isdigit() and (
        len(index) > 4 or int(index) >= steps)


def _clean(text: str, limit: int = 200) -> str:
    """``text`` on one line, without control characters, and at most ``limit`` characters."""
    return "".join(c if c.isprintable() else " " for c in str(text)[:limit]).strip()


def _from_file(stated: str, file: pathlib.Path, with_folder: bool = False) -> str:
    """How the summary shows the learner of ``file`` whose ``learner`` field is ``stated``:
    the file's name without ``.json`` when the field is that name or blank, else the stated
    name and then, after ``_SOURCE``, the file's name (with its folder's when asked) with a
    backslash before each bracket and backslash. No bracket is left bare in that file's name,
    so the last ``_SOURCE`` of what is shown always starts the file's name, and no file can
    show itself as another."""
    stem = _clean(file.stem, limit=_FILE_KEPT)
    name = stated or stem
    if name == stem == file.stem and not with_folder and not set(stem) & set("[]"):
        return name
    where = f"{file.parent.name}/{file.name}" if with_folder else file.name
    escaped = _clean(where, limit=_FILE_KEPT).replace("\\", "\\\\").replace(
        "[", "\\[").replace("]", "\\]")
    return f"{_cut(name, _NAME_KEPT)}{_SOURCE}{escaped}]"


def _label(name: str) -> str:
    """A learner's name for the heat map's rows: cut to ``_NAME_SHOWN`` characters, but never
    the file it came from (see :func:`_from_file`)."""
    stated, source, file = name.rpartition(_SOURCE)
    if not source or not name.endswith("]"):
        return _cut(name, _NAME_SHOWN)
    return f"{_cut(stated, _NAME_SHOWN)}{source}{file}"


def _spreadsheet_safe(value: object) -> object:
    """A text cell with a ``'`` before it when it starts with one of :data:`FORMULA_STARTS`
    (so a spreadsheet shows it as text); anything else as it is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _cut(text: str, size: int) -> str:
    return text if len(text) <= size else text[:size - 1] + "…"


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _colour(share: float) -> tuple[str, str]:
    """The fill for a share of stars (0 to 1) and the ink that reads on it."""
    share = min(1.0, max(0.0, share))
    for (low, a), (high, b) in itertools.pairwise(_SCALE):
        if share <= high:
            t = (share - low) / (high - low)
            rgb = tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
            break
    luminance = (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255
    return "#{:02x}{:02x}{:02x}".format(*rgb), "#111111" if luminance > 0.45 else "#ffffff"


def _legend(x: int, y: int) -> list[str]:
    parts = [f'<text x="{x}" y="{y}" font-size="11" fill="currentColor">Share of the '
             "lesson's stars</text>"]
    for i, share in enumerate((0.0, 0.25, 0.5, 0.75, 1.0)):
        fill, ink = _colour(share)
        left = x + 44 * i
        parts.append(f'<rect x="{left}" y="{y + 6}" width="44" height="18" fill="{fill}"/>'
                     f'<text x="{left + 22}" y="{y + 19}" text-anchor="middle" font-size="10" '
                     f'fill="{ink}">{int(share * 100)}%</text>')
    blank = x + 44 * 5 + 14
    parts.append(f'<rect x="{blank}" y="{y + 7}" width="16" height="16" fill="none" '
                 f'stroke="currentColor" stroke-opacity="0.35" stroke-dasharray="3 2"/>'
                 f'<text x="{blank + 22}" y="{y + 19}" font-size="11" fill="currentColor">'
                 "not started</text>")
    return parts
