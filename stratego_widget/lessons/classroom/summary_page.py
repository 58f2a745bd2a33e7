"""The teacher's summary as pictures and pages: the heat map (SVG), the tables and the hardest
steps (HTML), and the self-contained page; every name and title escaped. The figures come from
:class:`~stratego_widget.lessons.classroom.summary.ClassSummary`, through :class:`Figures`.

Example:
    >>> from stratego_widget.lessons import ClassSummary, Progress
    >>> summary = ClassSummary([Progress({"scout": [3]}, learner="<Ada>")])
    >>> "&lt;Ada&gt;" in tables_html(summary, ""), "<Ada>" in page_html(summary, "Class")
    (True, False)
"""

from __future__ import annotations

import html
import itertools
import zlib
from typing import Any, Protocol

from ..model.lesson import Lesson
from .class_files import clean, cut, source_label
from .drilldown import AttemptTable, attempts_html


class Figures(Protocol):
    """What the pictures and pages read of a summary (a ClassSummary has it all)."""

    language: str
    lessons: list[Lesson]
    other_lessons: list[str]
    problems: list[str]

    @property
    def learners(self) -> list[str]: ...

    def title_of(self, lesson: Lesson) -> str: ...

    def table(self) -> list[dict[str, Any]]: ...

    def totals(self) -> list[dict[str, Any]]: ...

    def hardest_steps(self, n: int = 10) -> list[Any]: ...

    def step_attempts(self, lesson: str, step: int) -> AttemptTable: ...

    def learner_path(self, learner: str) -> AttemptTable: ...


# A colour-blind-safe sequential scale (dark purple, no stars, to yellow, every star): each
# step is lighter than the one before, so the order reads in grey too.
_SCALE = ((0.0, (0x44, 0x01, 0x54)), (0.25, (0x3b, 0x52, 0x8b)), (0.5, (0x21, 0x91, 0x8c)),
          (0.75, (0x5e, 0xc9, 0x62)), (1.0, (0xfd, 0xe7, 0x25)))
_NAME_SHOWN = 24   # characters of a learner's name in the heat map (the whole name in its tooltip)
_TITLE_SHOWN = 30  # characters of a lesson's title there


def heatmap_svg(summary: Figures) -> str:
    """A heat map, learners by lessons, each cell the share of the lesson's stars the
    learner earned (lessons never started are left blank): a self-contained SVG with a
    title, axis labels, a legend and an accessible ``<title>`` and ``<desc>``. Its text takes
    the colour of the page around it, so it reads on light and dark themes.

    Example:
        >>> from stratego_widget.lessons import ClassSummary, Progress
        >>> heatmap_svg(ClassSummary([Progress({"scout": [3]})])).startswith("<svg")
        True
    """
    rows = summary.table()
    names, lessons = summary.learners, summary.lessons
    cell_w, cell_h = 44, 26
    left = 24 + 7 * max([len(source_label(name, _NAME_SHOWN)) for name in names] + [8])
    titles = [cut(summary.title_of(lesson), _TITLE_SHOWN) for lesson in lessons]
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
              summary.totals()]
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
                     f'fill="currentColor">{_esc(source_label(name, _NAME_SHOWN))}</text>')
    by_cell = {(row["learner"], row["lesson"]): row for row in rows}
    for line, name in enumerate(names):
        for column, lesson in enumerate(lessons):
            parts.append(_cell(by_cell[name, lesson.id], left + cell_w * column,
                                    top + cell_h * line, cell_w, cell_h))
    parts.extend(_legend(left, legend_y))
    parts.append("</svg>")
    return "".join(parts)


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


def tables_html(summary: Figures, heading: str) -> str:
    """The summary's tables, heat map, hardest steps, lessons left out and files left out, as
    HTML (the notebook's view and the page's body); ``heading`` begins the first heading.

    Example:
        >>> from stratego_widget.lessons import ClassSummary, Progress
        >>> tables_html(ClassSummary([Progress({"scout": [3]})]), "Class: ")[:35]
        '<h2>Class: 1 learner, 1 lesson</h2>'
    """
    rows = {(row["learner"], row["lesson"]): row for row in summary.table()}
    lang = "" if summary.language == "en" else f' lang="{summary.language}"'
    head = "".join(f"<th scope=\"col\"{lang}>{_esc(summary.title_of(lesson))}</th>"
                   for lesson in summary.lessons)
    body = []
    for total in summary.totals():
        name = total["learner"]
        cells = []
        for lesson in summary.lessons:
            row = rows[name, lesson.id]
            cells.append("<td>–</td>" if not row["started"] else
                         f"<td>★ {row['stars']}/{row['possible']}<br><small>"
                         f"{_count(row['attempts'], 'attempt')} · {row['minutes']} min · "
                         f"{row['steps_solved']}/{row['steps']} steps</small></td>")
        body.append(f"<tr><th scope=\"row\">{_esc(name)}</th>{''.join(cells)}"
                    f"<td>★ {total['stars']}/{total['possible']}<br><small>"
                    f"{_count(total['attempts'], 'attempt')} · {total['minutes']} min"
                    "</small></td></tr>")
    parts = [f"<h2>{heading}{_count(len(summary.learners), 'learner')}, "
             f"{_count(len(summary.lessons), 'lesson')}</h2>",
             '<div class="sw-scroll"><table class="sw-class-table">'
             f"<caption>Stars earned of the stars possible, attempts and time, by learner "
             f"and lesson</caption><thead><tr><th scope=\"col\">Learner</th>{head}"
             f"<th scope=\"col\">All lessons</th></tr></thead><tbody>{''.join(body)}"
             "</tbody></table></div>",
             f'<div class="sw-scroll">{heatmap_svg(summary)}</div>',
             "<h2>Hardest steps</h2>"]
    hardest = summary.hardest_steps()
    if hardest:
        lines = "".join(
            f"<tr><td{lang}>{_esc(step.title)}</td><td>{step.step}</td>"
            f"<td{lang}>{_esc(step.instruction)}</td><td>{step.tried}</td>"
            f"<td>{step.failed}</td><td>{step.hints}</td><td>{step.solved}</td>"
            f"<td>{step.median_attempts:g}</td><td>{step.median_seconds:g} s</td></tr>"
            for step in hardest)
        parts.append('<table class="sw-class-table"><caption>Steps where the most learners '
                     "failed or asked for hints</caption><thead><tr><th scope=\"col\">Lesson"
                     "</th><th scope=\"col\">Step</th><th scope=\"col\">Instruction</th>"
                     "<th scope=\"col\">Tried</th>"
                     "<th scope=\"col\">Failed</th><th scope=\"col\">Hints</th>"
                     "<th scope=\"col\">Solved</th><th scope=\"col\">Median attempts</th>"
                     "<th scope=\"col\">Median time</th></tr></thead>"
                     f"<tbody>{lines}</tbody></table>")
        parts.append(_tried_html(summary, hardest[:_STEPS_DRILLED]))
    else:
        parts.append("<p>No learner failed a step or asked for a hint.</p>")
    parts.append(_paths_html(summary))
    if summary.other_lessons:
        parts.append("<p>Lessons in the files that are not in this course (left out): "
                     f"{_esc(', '.join(summary.other_lessons))}.</p>")
    if summary.problems:
        items = "".join(f"<li>{_esc(line)}</li>" for line in summary.problems)
        parts.append(f"<h2>Files left out</h2><ul>{items}</ul>")
    return "".join(parts)


_STEPS_DRILLED = 5    # hardest steps whose attempts the page lists, learner by learner
_PATH_SHOWN = 200     # newest attempts of a learner's path on the page (all in learner_path)


def _tried_html(summary: Figures, hardest: list[Any]) -> str:
    """Each learner's attempts at the hardest steps, one folded section a step."""
    lang = f' lang="{summary.language}"'
    parts = ["<h2>What each learner tried</h2>"]
    for step in hardest:
        table = summary.step_attempts(step.lesson, step.step)
        parts.append(f"<details><summary{lang}>{_esc(cut(table.title, 160))} "
                     f"({_count(len(table), 'attempt')})</summary>"
                     f"{attempts_html(table, summary.language)}</details>")
    return "".join(parts)


def _paths_html(summary: Figures) -> str:
    """Each learner's path through the course (their attempts, oldest first), folded."""
    parts = ["<h2>Each learner's path</h2>"]
    for name in summary.learners:
        table = summary.learner_path(name)
        if not table.rows and not table.note:
            continue
        left = len(table.rows) - _PATH_SHOWN
        if left > 0:
            table = AttemptTable(f"{table.title} (the newest {_PATH_SHOWN}; {left:,} before "
                                 "them in learner_path)", table.rows[-_PATH_SHOWN:], table.note)
        parts.append(f"<details><summary>{_esc(source_label(name, 60))} "
                     f"({_count(len(table), 'attempt')})</summary>{attempts_html(table)}"
                     "</details>")
    return "".join(parts) if len(parts) > 1 else ""


def page_html(summary: Figures, title: str, before: str = "") -> str:
    """One self-contained HTML page of the summary (see :func:`tables_html`) titled ``title``;
    ``before``: HTML put before the summary's tables (the assignments' grades).

    Example:
        >>> from stratego_widget.lessons import ClassSummary
        >>> page_html(ClassSummary([]), "<Class>")[:15]
        '<!DOCTYPE html>'
    """
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta name=\"color-scheme\" content=\"light dark\">"
            f"<title>{_esc(clean(str(title)))}</title><style>{_PAGE_STYLE}</style></head>"
            f"<body><main><h1>{_esc(clean(str(title)))}</h1>{before}{tables_html(summary, '')}"
            "</main>"
            "</body></html>\n")


_PAGE_STYLE = (
    ":root{color-scheme:light dark;--ink:#1b1b1b;--paper:#ffffff;--rule:#bbbbbb}"
    "@media (prefers-color-scheme: dark){:root{--ink:#ececec;--paper:#181818;--rule:#555555}}"
    "body{font-family:sans-serif;color:var(--ink);background:var(--paper);margin:1.5em}"
    "table{border-collapse:collapse;margin:0.5em 0 1.5em}"
    "th,td{border:1px solid var(--rule);padding:0.3em 0.6em;text-align:left;"
    "vertical-align:top}caption{text-align:left;font-style:italic;padding:0.3em 0}"
    ".sw-scroll{overflow-x:auto}")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


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
