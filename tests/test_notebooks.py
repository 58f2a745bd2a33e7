"""Every tutorial notebook runs top to bottom, and the course shows what it promises.

The course (``00_`` to ``19_``): each notebook explains its rule with the rulebook's own words
(a quote found word for word in the rulebook file it names), shows a picture, plays its
lessons on the live board, and ends with a game against the bot as Red. No picture shows the
referee's view (both armies), and start-here shows none of Blue's ranks. A quiz written as a
lesson in a cell passes the teacher's check. Every lesson of the catalog is played somewhere.
The tools (``20_`` and up) run and show a board or a plot.

Quotes are written as Markdown block quotes whose last line names the file and the section::

    > The Flag and the Bombs cannot move.
    >
    > — `004_7c74f8cd1c357391.txt`, Original: Moving
"""

from __future__ import annotations

import json
import pathlib
import re
import sys

import nbformat
import pytest
from nbclient import NotebookClient

from stratego_widget.lessons import Lesson, catalog, check
from stratego_widget.lessons.checker import quote_found, read_rulebooks

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
RULEBOOKS = ROOT.parent / "shared" / "rulebooks"

#: The course in teaching order: start here, the editions, the fast games.
COURSE = ["00_start_here", "01_original", "02_classic_1961", "03_hasbro_1999", "04_onyx_2009",
          "05_sci_fi_2013", "06_barrage_and_duel", "07_ultimate_lightning", "08_duel_2013",
          # the optional rules
          "10_aggressor_advantage", "11_silent_defense", "12_rescue", "13_exploding_bombs",
          "14_moving_bombs", "15_moving_flag",
          # the repetition rules, setting up, playing well
          "16_repetition_rules", "17_setting_up", "18_strategy"]
#: The tools: batches of bot games, and records.
TOOLS = ["20_experiment", "21_replay_and_records"]

BOOK = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")

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
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=180, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return notebook


def outputs(notebook: nbformat.NotebookNode, mime: str) -> list[str]:
    return [str(out["data"][mime]) for cell in notebook.cells if cell.cell_type == "code"
            for out in cell.get("outputs", []) if mime in out.get("data", {})]


WIDGET = "application/vnd.jupyter.widget-view+json"


def pictures(notebook: nbformat.NotebookNode) -> list[str]:
    """The pictures a notebook draws: SVG (also inside HTML) and PNG images. A live board's own
    stand-in picture (for places without widgets) is left out: it is what the board shows, and
    tests/test_widget_fallback.py checks that it never shows more than the viewer may see."""
    drawn = [out["data"] for cell in notebook.cells if cell.cell_type == "code"
             for out in cell.get("outputs", []) if WIDGET not in out.get("data", {WIDGET: 1})]
    return ([str(data["image/svg+xml"]) for data in drawn if "image/svg+xml" in data]
            + [str(data["image/png"]) for data in drawn if "image/png" in data]
            + [str(data["text/html"]) for data in drawn
               if "<svg" in str(data.get("text/html", ""))])


def sources(notebook: nbformat.NotebookNode, kind: str) -> list[str]:
    return [cell.source for cell in notebook.cells if cell.cell_type == kind]


def block_quotes(markdown: str) -> list[tuple[str, str | None]]:
    """The block quotes of a Markdown text: (the quoted words, the rulebook file it names)."""
    found: list[tuple[str, str | None]] = []
    lines: list[str] = []
    for line in [*markdown.splitlines(), ""]:
        if line.startswith(">"):
            lines.append(line[1:].strip())
            continue
        if lines:
            cited = [BOOK.search(part) for part in lines]
            book = next((match.group(0) for match in cited if match), None)
            words = " ".join(part for part, match in zip(lines, cited, strict=True)
                             if part and not match)
            found.append((words.strip(" \"“”"), book))
            lines = []
    return found


def rulebook_quotes(notebook: nbformat.NotebookNode) -> tuple[list[str], list[str]]:
    """(block quotes found word for word in the rulebook file they name, those that are not)."""
    books = read_rulebooks(RULEBOOKS)
    found, wrong = [], []
    for markdown in sources(notebook, "markdown"):
        for words, book in block_quotes(markdown):
            if book is None:
                continue
            (found if book in books and quote_found(words, books[book]) else wrong).append(
                f"{book}: {words}")
    return found, wrong


def lesson_ids(notebook: nbformat.NotebookNode) -> list[str]:
    return [name for source in sources(notebook, "code")
            for name in re.findall(r"LessonWidget\(\s*[\"']([\w-]+)[\"']", source)]


def test_every_tutorial_exists() -> None:
    names = {path.stem for path in NOTEBOOKS}
    assert set(COURSE + TOOLS) <= names


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
    code = "\n".join(sources(notebook, "code"))
    assert "def attempt" not in code, "a rule shown in a notebook fails loudly when it breaks"
    widgets = outputs(notebook, "application/vnd.jupyter.widget-view+json")
    if path.stem == "20_experiment":
        assert outputs(notebook, "image/png"), "the experiment shows a plot"
        return
    assert widgets, "every tutorial shows a live board"
    if path.stem in TOOLS:
        return
    assert pictures(notebook), "every lesson notebook shows a picture"
    found, wrong = rulebook_quotes(notebook)
    assert not wrong, f"not found word for word in the rulebook it names: {wrong}"
    assert found, "every lesson notebook quotes a rulebook in a block quote naming the file"
    assert lesson_ids(notebook) or "LessonWidget(" in code, "its lessons on the live board"
    last = sources(notebook, "code")[-1]
    assert re.search(r"StrategoWidget\(.*viewer=\"red\".*opponent=", last, re.DOTALL), \
        "it ends with a game against the bot"
    if path.stem == "00_start_here":
        for svg in pictures(notebook):
            assert set(re.findall(r"<title>blue (\w+)</title>", svg)) <= {"piece"}, \
                "start-here never shows Blue's ranks"
