"""A JupyterLite site of a course folder (``stratego-lesson site FOLDER --out DIR``): its
sources (the project's config and Pyodide, one notebook opening the course, the lesson files
beside it), the build command (the Makefile's ``lite`` build), a one-line error without the
tooling, and a real build of the example course with the tooling ``make lite`` prepares."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
from typing import Any

import nbformat
import pytest

from stratego_widget.lessons import LessonError, site
from stratego_widget.lessons.checker import main
from stratego_widget.lessons.text import Text

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "data" / "course_example"
LITE_SRC = ROOT / "build" / "lite-src"
LITE_TOOLS = ROOT / "build" / "lite-tools"


@pytest.fixture
def lite_src(tmp_path: pathlib.Path) -> pathlib.Path:
    """Stand-in project sources: a config and a static folder."""
    folder = tmp_path / "lite-src"
    (folder / "static" / "pyodide").mkdir(parents=True)
    (folder / "static" / "pyodide" / "pyodide-lock.json").write_text("{}", encoding="utf-8")
    (folder / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}', encoding="utf-8")
    return folder


@pytest.fixture
def lite_tools(tmp_path: pathlib.Path) -> pathlib.Path:
    """Stand-in tools: a prefix with the builder's package folder."""
    folder = tmp_path / "lite-tools"
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    (folder / "lib" / version / "site-packages" / "jupyterlite_core").mkdir(parents=True)
    return folder


def code_of(notebook: dict[str, Any]) -> list[str]:
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def test_the_notebook_opens_the_course_from_its_lessons_folder() -> None:
    notebook = json.loads(site.course_notebook(Text({"en": "Bombs", "de": "Bomben"})))
    assert notebook["nbformat"] == 4
    assert code_of(notebook) == ['from stratego_widget.lessons import Course\nCourse("lessons")']
    title = "".join(notebook["cells"][0]["source"])
    assert title.startswith("# Bombs") and "Bomben" in title
    assert all(cell["source"] for cell in notebook["cells"])


def test_the_notebook_is_valid_nbformat() -> None:
    nbformat.validate(nbformat.reads(site.course_notebook(), as_version=4))


def test_the_sources_hold_the_config_the_notebook_and_the_lessons(
        tmp_path: pathlib.Path, lite_src: pathlib.Path) -> None:
    src = site.site_sources(EXAMPLE, tmp_path / "src", lite_src)
    files = sorted(str(path.relative_to(src)) for path in src.rglob("*") if path.is_file())
    assert files == ["files/course.ipynb", "files/lessons/course.toml",
                     "files/lessons/far-scout.toml", "files/lessons/miner-bomb.toml",
                     "jupyter-lite.json", "static/pyodide/pyodide-lock.json"]
    notebook = json.loads((src / "files" / "course.ipynb").read_text(encoding="utf-8"))
    assert "".join(notebook["cells"][0]["source"]).startswith("# Scouts and Miners")
    assert (src / "files" / "lessons" / "far-scout.toml").read_bytes() == \
        (EXAMPLE / "far-scout.toml").read_bytes()


def test_a_course_with_a_mistake_writes_nothing(tmp_path: pathlib.Path,
                                                lite_src: pathlib.Path) -> None:
    course = pathlib.Path(shutil.copytree(EXAMPLE, tmp_path / "course"))
    (course / "broken.toml").write_text('id = "broken"\n', encoding="utf-8")
    with pytest.raises(LessonError, match=r"broken\.toml"):
        site.site_sources(course, tmp_path / "src", lite_src)
    assert not (tmp_path / "src").exists()


def test_the_build_runs_the_projects_jupyterlite_build(
        tmp_path: pathlib.Path, lite_src: pathlib.Path, lite_tools: pathlib.Path) -> None:
    calls: list[dict[str, Any]] = []

    def run(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        cwd = pathlib.Path(options["cwd"])
        calls.append({"command": command, "notebook": (cwd / "files" / "course.ipynb").is_file(),
                      "lessons": sorted(p.name for p in (cwd / "files" / "lessons").iterdir()),
                      "pythonpath": options["env"]["PYTHONPATH"]})
        return subprocess.CompletedProcess(command, 0, "", "")

    out = site.build_site(EXAMPLE, tmp_path / "site", lite_src=lite_src,
                          lite_tools=lite_tools, run=run)
    assert out == tmp_path / "site"
    [call] = calls
    assert call["command"] == site.build_command(tmp_path / "site", lite_tools)
    assert call["command"][:5] == [sys.executable, "-m", "jupyterlite_core", "build",
                                   "--no-sourcemaps"]
    assert "--output-dir" in call["command"] and str(tmp_path / "site") in call["command"]
    assert call["notebook"]
    assert call["lessons"] == ["course.toml", "far-scout.toml", "miner-bomb.toml"]
    assert call["pythonpath"].split(os.pathsep)[0].endswith("site-packages")


def test_a_failed_build_is_one_line(tmp_path: pathlib.Path, lite_src: pathlib.Path,
                                    lite_tools: pathlib.Path) -> None:
    def run(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(command, 2, "", "Traceback\n...\nBoom: no space\n")

    with pytest.raises(LessonError) as error:
        site.build_site(EXAMPLE, tmp_path / "site", lite_src=lite_src, lite_tools=lite_tools,
                        run=run)
    assert str(error.value) == "The JupyterLite build failed (2): Boom: no space"


def test_without_the_tooling_the_command_says_in_one_line_what_to_run(
        tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["site", str(EXAMPLE), "--out", str(tmp_path / "site"),
                 "--lite-src", str(tmp_path), "--lite-tools", str(tmp_path / "none")]) == 1
    [line] = capsys.readouterr().out.splitlines()
    assert line.startswith("✗ The JupyterLite builder (jupyterlite-core) is not in")
    assert "`make lite`" in line
    with pytest.raises(LessonError, match="make lite"):
        site.site_sources(EXAMPLE, tmp_path / "src", tmp_path / "no-lite-src")


def test_the_site_is_not_written_over_other_files(tmp_path: pathlib.Path,
                                                 lite_src: pathlib.Path,
                                                 lite_tools: pathlib.Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep", encoding="utf-8")
    with pytest.raises(LessonError, match="not a JupyterLite site; give an empty folder"):
        site.build_site(EXAMPLE, tmp_path / "mine", lite_src=lite_src, lite_tools=lite_tools)
    assert (tmp_path / "mine" / "notes.txt").read_text(encoding="utf-8") == "keep"


@pytest.mark.slow
def test_the_command_builds_a_real_site_of_the_example_course(
        tmp_path: pathlib.Path) -> None:
    if not (LITE_SRC / "jupyter-lite.json").is_file() or not LITE_TOOLS.is_dir():
        subprocess.run(["make", "lite"], cwd=ROOT, check=True)  # as tests/e2e does
    out = tmp_path / "site"
    assert main(["site", str(EXAMPLE), "--out", str(out)]) == 0
    assert (out / "index.html").is_file() and (out / "jupyter-lite.json").is_file()
    assert (out / "files" / "course.ipynb").is_file()
    assert sorted(p.name for p in (out / "files" / "lessons").iterdir()) == [
        "course.toml", "far-scout.toml", "miner-bomb.toml"]
    contents = json.loads((out / "api" / "contents" / "all.json").read_text(encoding="utf-8"))
    assert sorted(item["name"] for item in contents["content"]) == ["course.ipynb", "lessons"]
    assert any(path.name.startswith("stratego_widget-")
               for path in (out / "static" / "pyodide").iterdir())
