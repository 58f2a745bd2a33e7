"""Every tutorial notebook runs top to bottom, and the course shows what it promises.

The course (``00_`` to ``19_``): each notebook explains its rule with the rulebook's own words
(a quote found word for word in the rulebook of the edition it names), shows a picture, plays
its lessons on the live board, and ends with a game against the bot as Red. No picture shows
the referee's view (both armies), and start-here shows none of Blue's ranks. A quiz written as
a lesson in a cell passes the teacher's check. Every lesson of the catalog is played somewhere.
The tools (``20_`` and up) run and show a board or a plot.

A learner reads editions and sections, never rulebook file names, and no test code: no
notebook names a rulebook file (in its text, its code or its outputs), and no code cell holds
an ``assert``. The facts the notebooks show are checked in ``tests/test_notebook_claims.py``.

Quotes are written as Markdown block quotes whose last line names the edition (the title of
an edition in :data:`~stratego_widget.engine.editions.EDITIONS`, or that title without its
last bracket when no other edition shares it) and the section::

    > The Flag and the Bombs cannot move.
    >
    > — Stratego Original, Moving
"""

from __future__ import annotations

import json
import pathlib
import re
import sys

import nbformat
import pytest
from nbclient import NotebookClient
from rulebooks import RULEBOOKS

from stratego_widget.engine.editions import EDITIONS
from stratego_widget.lessons import Lesson, catalog, check
from stratego_widget.lessons.checker import quote_found, read_rulebooks

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

#: The course in teaching order: start here, the editions, the fast games.
COURSE = ["00_start_here", "01_original", "02_classic_1961", "03_hasbro_1999", "04_onyx_2009",
          "05_sci_fi_2013", "06_barrage_and_duel", "07_ultimate_lightning", "08_duel_2013",
          # the optional rules
          "10_aggressor_advantage", "11_silent_defense", "12_rescue", "13_exploding_bombs",
          "14_moving_bombs", "15_moving_flag",
          # the repetition rules, setting up, playing well
          "16_repetition_rules", "17_setting_up", "18_strategy"]
#: The tools: batches of bot games, and records.
TOOLS = ["20_experiment", "21_replay_and_records", "teacher", "lesson_editor",
         "30_environments", "31_self_play"]

#: A rulebook's file name: never shown to a learner.
BOOK = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")


def edition_names() -> dict[str, str]:
    """The names a citation may give an edition, each with its rulebook file: the edition's
    title ("Stratego (1961)"), and the title without its last bracket ("Stratego Original")
    when no other edition's title shortens to the same words."""
    names = {edition.title: edition.rulebook for edition in EDITIONS.values()}
    short: dict[str, list[str]] = {}
    for edition in EDITIONS.values():
        short.setdefault(re.sub(r"\s*\([^)]*\)$", "", edition.title), []).append(edition.rulebook)
    names.update({name: books[0] for name, books in short.items() if len(books) == 1})
    return names


EDITION_NAMES = edition_names()
#: The last line of a quote: "— <edition>, <section>", the longest edition name first.
CITATION = re.compile(r"^— (?P<edition>" + "|".join(
    re.escape(name) for name in sorted(EDITION_NAMES, key=len, reverse=True))
    + r"), (?P<section>\S.*)$")

pytestmark = pytest.mark.notebooks


@pytest.fixture(scope="module")
def kernel_home(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """A kernelspec that runs the interpreter running these tests."""
    home = tmp_path_factory.mktemp("jupyter")
    spec = home / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3", "language": "python"}))
    return home


def run(path: pathlib.Path, kernel_home: pathlib.Path, monkeypatch: pytest.MonkeyPatch
        ) -> nbformat.NotebookNode:
    monkeypatch.setenv("JUPYTER_PATH", str(kernel_home))
    monkeypatch.setenv("STRATEGO_QUICK_NOTEBOOKS", "1")  # a notebook that trains: seconds
    notebook = nbformat.read(path, as_version=4)
    # A kernel stopped at once: its graceful shutdown added half a second to every notebook.
    NotebookClient(notebook, timeout=180, kernel_name="python3", shutdown_kernel="immediate",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return notebook


def outputs(notebook: nbformat.NotebookNode, mime: str) -> list[str]:
    return [str(out["data"][mime]) for cell in notebook.cells if cell.cell_type == "code"
            for out in cell.get("outputs", []) if mime in out.get("data", {})]


WIDGET = "application/vnd.jupyter.widget-view+json"


def pictures(notebook: nbformat.NotebookNode) -> list[str]:
    """The pictures a notebook draws: SVG (also inside HTML) and PNG images. A live board's own
    stand-in picture (for places without widgets) is left out: it is what the board shows, and
    tests/widget/test_widget_fallback.py checks that it never shows more than the viewer may see."""
    drawn = [out["data"] for cell in notebook.cells if cell.cell_type == "code"
             for out in cell.get("outputs", []) if WIDGET not in out.get("data", {WIDGET: 1})]
    return ([str(data["image/svg+xml"]) for data in drawn if "image/svg+xml" in data]
            + [str(data["image/png"]) for data in drawn if "image/png" in data]
            + [str(data["text/html"]) for data in drawn
               if "<svg" in str(data.get("text/html", ""))])


def sources(notebook: nbformat.NotebookNode, kind: str) -> list[str]:
    return [cell.source for cell in notebook.cells if cell.cell_type == kind]


def block_quotes(markdown: str) -> list[tuple[str, str]]:
    """The block quotes of a Markdown text: (the quoted words, the citation on the last line)."""
    found: list[tuple[str, str]] = []
    lines: list[str] = []
    for line in [*markdown.splitlines(), ""]:
        if line.startswith(">"):
            lines.append(line[1:].strip())
            continue
        if lines:
            *words, citation = lines
            found.append((" ".join(part for part in words if part).strip(" \"“”"), citation))
            lines = []
    return found


def rulebook_quotes(notebook: nbformat.NotebookNode) -> tuple[list[str], list[str]]:
    """(block quotes found word for word in the rulebook of the edition they name, the others:
    not found there, or not ending with a citation that names an edition and a section)."""
    books = read_rulebooks(RULEBOOKS)
    found: list[str] = []
    wrong: list[str] = []
    for markdown in sources(notebook, "markdown"):
        for words, citation in block_quotes(markdown):
            cited = CITATION.match(citation)
            book = EDITION_NAMES[cited.group("edition")] if cited else None
            ok = book is not None and book in books and quote_found(words, books[book])
            (found if ok else wrong).append(f"{citation}: {words}")
    return found, wrong


def lesson_ids(notebook: nbformat.NotebookNode) -> list[str]:
    return [name for source in sources(notebook, "code")
            for name in re.findall(r"LessonWidget\(\s*[\"']([\w-]+)[\"']", source)]


def test_every_tutorial_exists() -> None:
    names = {path.stem for path in NOTEBOOKS}
    assert set(COURSE + TOOLS) <= names


def test_the_citations_name_every_edition_the_project_implements() -> None:
    """Each edition can be cited by name; "Stratego Original" names Jumbo's rulebook."""
    assert set(EDITION_NAMES.values()) == {edition.rulebook for edition in EDITIONS.values()}
    assert EDITION_NAMES["Stratego Original"] == EDITIONS["original"].rulebook
    assert CITATION.match("— Stratego Original, Special pieces, The Scout")
    assert not CITATION.match("— `004_7c74f8cd1c357391.txt`, Original: Moving")
    assert not CITATION.match("— Stratego, Moving")   # three editions are called "Stratego (…)"


@pytest.mark.parametrize("stem", COURSE)
@pytest.mark.rulebooks
def test_every_quote_is_word_for_word_in_the_rulebook_of_the_edition_it_names(stem: str) -> None:
    """A block quote ends "— Stratego Original, Moving": an edition and a section, and its
    words are in that edition's rulebook, word for word."""
    notebook = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    found, wrong = rulebook_quotes(notebook)
    assert not wrong, f"not found word for word in the rulebook of the edition it names: {wrong}"
    assert found, "every lesson notebook quotes a rulebook in a block quote naming the edition"


TUTORIALS = [*NOTEBOOKS, ROOT / "notebooks" / "marimo_tutorial.py"]


@pytest.mark.parametrize("path", TUTORIALS, ids=[path.stem for path in TUTORIALS])
def test_no_notebook_shows_a_rulebook_file_name(path: pathlib.Path) -> None:
    """Markdown, code and saved outputs name an edition and a section, never a file."""
    assert not BOOK.findall(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_no_code_cell_holds_test_code(path: pathlib.Path) -> None:
    """A learner reads results, sentences and pictures; the checks are in the tests."""
    notebook = nbformat.read(path, as_version=4)
    for source in sources(notebook, "code"):
        assert not re.search(r"\bassert\b|AssertionError|\brefused\(", source), source


def test_every_lesson_is_played_in_the_course() -> None:
    """Each lesson of the catalog is on the live board in some course notebook."""
    used = {name for path in NOTEBOOKS if path.stem not in TOOLS
            for name in lesson_ids(nbformat.read(path, as_version=4))}
    assert used <= set(catalog()), f"unknown lessons: {sorted(used - set(catalog()))}"
    assert set(catalog()) <= used, f"in no notebook: {sorted(set(catalog()) - used)}"


def written_lessons(path: pathlib.Path) -> list[Lesson]:
    """The lessons a notebook writes in a cell (a quiz, say) with ``Lesson.from_text``."""
    notebook = nbformat.read(path, as_version=4)
    return [Lesson.from_text(text, source=path.name, languages=("en",))
            for source in sources(notebook, "code")
            for text in re.findall(r"Lesson\.from_text\(\s*'{3}(.*?)'{3}", source, re.DOTALL)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
@pytest.mark.rulebooks
def test_a_lesson_written_in_a_notebook_passes_the_teachers_check(path: pathlib.Path) -> None:
    """Solvable within par, refusals explained, every quote word for word in its rulebook."""
    for lesson in written_lessons(path):
        problems = [item for item in check(lesson, rulebooks=RULEBOOKS).problems
                    if item.check != "languages"]
        assert not problems, f"{lesson.id}: {problems}"


def test_the_first_lesson_takes_minutes() -> None:
    """Start-here opens with one short lesson: few steps, few moves to solve them."""
    notebook = nbformat.read(ROOT / "notebooks" / "00_start_here.ipynb", as_version=4)
    first = catalog()[lesson_ids(notebook)[0]]
    assert len(first.steps) <= 8 and sum(step.par for step in first.steps) <= 15


@pytest.mark.parametrize("stem", COURSE)
def test_the_course_shows_no_referee_view(stem: str) -> None:
    """A picture is the board as the learner sees it, never both armies (``game`` alone, or
    ``to_svg()`` without a side, draws the referee's view); start-here prints no game either."""
    notebook = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    code = "\n".join(sources(notebook, "code"))
    assert not re.search(r"viewer\s*=\s*[\"']both", code)
    assert not re.search(r"to_svg\((?!\s*viewer\s*=\s*[\"'](red|blue))", code)
    assert not re.search(r"^\s*[\w.]*game\s*$", code, re.MULTILINE), "a game shows the referee view"
    if stem == "00_start_here":
        assert not re.search(r"print\(\s*[\w.]*game\s*\)|str\(\s*[\w.]*game\s*\)", code)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_runs(path: pathlib.Path, kernel_home: pathlib.Path,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    notebook = run(path, kernel_home, monkeypatch)
    errors = [out for cell in notebook.cells for out in cell.get("outputs", [])
              if out.get("output_type") == "error"]
    assert not errors
    text = "".join(outputs(notebook, "text/plain")) + "".join(
        out.get("text", "") for cell in notebook.cells for out in cell.get("outputs", []))
    assert "Traceback" not in text
    assert not BOOK.findall(text + "".join(outputs(notebook, "text/html"))), \
        "an output names a rulebook file"
    code = "\n".join(sources(notebook, "code"))
    widgets = outputs(notebook, "application/vnd.jupyter.widget-view+json")
    if path.stem == "20_experiment":
        assert outputs(notebook, "image/png"), "the experiment shows a plot"
        return
    assert widgets, "every tutorial shows a live board"
    if path.stem in TOOLS:
        return
    assert pictures(notebook), "every lesson notebook shows a picture"
    assert lesson_ids(notebook) or "LessonWidget(" in code, "its lessons on the live board"
    last = sources(notebook, "code")[-1]
    assert re.search(r"StrategoWidget\(.*viewer=\"red\".*opponent=", last, re.DOTALL), \
        "it ends with a game against the bot"
    if path.stem == "00_start_here":
        for svg in pictures(notebook):
            assert set(re.findall(r"<title>blue (\w+)</title>", svg)) <= {"piece"}, \
                "start-here never shows Blue's ranks"
