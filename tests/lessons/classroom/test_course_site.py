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
from project import PROJECT

from stratego_widget.lessons import LessonError
from stratego_widget.lessons.checker import main
from stratego_widget.lessons.classroom import site
from stratego_widget.lessons.model.text import Text

ROOT = PROJECT
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


def output_dir(command: list[str]) -> pathlib.Path:
    """The folder the build command writes the site into."""
    return pathlib.Path(command[command.index("--output-dir") + 1])


def fake_build(page: str = "site") -> site.Runner:
    """A stand-in for the JupyterLite build: a site of one page and a config."""

    def run(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        out = output_dir(command)
        out.mkdir()
        (out / "index.html").write_text(page, encoding="utf-8")
        (out / "jupyter-lite.json").write_text("{}", encoding="utf-8")
        return subprocess.CompletedProcess(command, 0, "", "")

    return run


def failed_build(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
    """A build that writes half a site, then fails."""
    output_dir(command).mkdir()
    (output_dir(command) / "index.html").write_text("half", encoding="utf-8")
    return subprocess.CompletedProcess(command, 2, "", "Traceback\n...\nBoom: no space\n")


def tree(folder: pathlib.Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too) with its bytes."""
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


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


def test_the_sites_address_opens_the_course_notebook_not_the_launcher(
        tmp_path: pathlib.Path, lite_src: pathlib.Path) -> None:
    """Issue 34: the site opened on JupyterLite's launcher, where the learner had to find the
    notebook. JupyterLite's root page goes to ``appUrl`` + ``/index.html``."""
    (lite_src / "jupyter-lite.json").write_text(
        '{"jupyter-config-data": {"exposeAppInBrowser": true}}', encoding="utf-8")
    src = site.site_sources(EXAMPLE, tmp_path / "src", lite_src)
    config = json.loads((src / "jupyter-lite.json").read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    assert data["exposeAppInBrowser"] is True
    landing = data["appUrl"] + "/index.html"
    assert landing == "./lab/index.html?path=course.ipynb&from=/index.html"
    assert (src / "files" / site.NOTEBOOK).is_file()


def test_a_course_with_a_mistake_writes_nothing(tmp_path: pathlib.Path,
                                                lite_src: pathlib.Path) -> None:
    course = pathlib.Path(shutil.copytree(EXAMPLE, tmp_path / "course"))
    (course / "broken.toml").write_text('id = "broken"\n', encoding="utf-8")
    with pytest.raises(LessonError, match=r"broken\.toml"):
        site.site_sources(course, tmp_path / "src", lite_src)
    assert not (tmp_path / "src").exists()


def test_the_assignments_travel_with_the_course_and_a_bad_one_writes_nothing(
        tmp_path: pathlib.Path, lite_src: pathlib.Path) -> None:
    """Issue 34: an assignment is a small file that travels with the course: the site's
    course map reads it from the lessons' ``assignments/`` folder."""
    course = pathlib.Path(shutil.copytree(EXAMPLE, tmp_path / "course"))
    (course / "assignments").mkdir()
    week = 'title = "Week 1"\nlessons = ["far-scout"]\npass = 50\n'
    (course / "assignments" / "week-1.toml").write_text(week, encoding="utf-8")
    src = site.site_sources(course, tmp_path / "src", lite_src)
    assert (src / "files" / "lessons" / "assignments" / "week-1.toml").read_text(
        encoding="utf-8") == week
    (course / "assignments" / "week-2.toml").write_text(
        'title = "Week 2"\nlessons = ["scout"]\npass = 50\n', encoding="utf-8")
    with pytest.raises(LessonError, match=r"^week-2\.toml: lessons\[0\] 'scout'"):
        site.site_sources(course, tmp_path / "src-2", lite_src)
    assert not (tmp_path / "src-2").exists()


def test_the_build_runs_the_projects_jupyterlite_build(
        tmp_path: pathlib.Path, lite_src: pathlib.Path, lite_tools: pathlib.Path) -> None:
    calls: list[dict[str, Any]] = []

    def run(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        cwd = pathlib.Path(options["cwd"])
        calls.append({"command": command, "notebook": (cwd / "files" / "course.ipynb").is_file(),
                      "lessons": sorted(p.name for p in (cwd / "files" / "lessons").iterdir()),
                      "pythonpath": options["env"]["PYTHONPATH"]})
        return fake_build()(command, **options)

    out = site.build_site(EXAMPLE, tmp_path / "site", lite_src=lite_src,
                          lite_tools=lite_tools, run=run)
    assert out == tmp_path / "site"
    [call] = calls
    built = output_dir(call["command"])
    assert call["command"] == site.build_command(built, lite_tools)
    assert call["command"][:5] == [sys.executable, "-m", "jupyterlite_core", "build",
                                   "--no-sourcemaps"]
    # built beside --out, then put in its place
    assert built.parent.parent == tmp_path and built.parent.name.startswith(".site.")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lite-src", "lite-tools", "site"]
    assert (out / "index.html").read_text(encoding="utf-8") == "site"
    assert (out / site.MARKER).is_file()
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
    with pytest.raises(LessonError, match=r"did not write .*give an empty or new folder"):
        site.build_site(EXAMPLE, tmp_path / "mine", lite_src=lite_src, lite_tools=lite_tools,
                        run=fake_build())
    assert (tmp_path / "mine" / "notes.txt").read_text(encoding="utf-8") == "keep"


# ---------------------------------------------------------------------- what --out may be


def content_repository(folder: pathlib.Path) -> pathlib.Path:
    """The usual JupyterLite content repository: a config, git's folder, notes."""
    (folder / ".git").mkdir(parents=True)
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    (folder / "jupyter-lite.json").write_text('{"jupyter-config-data": {}}', encoding="utf-8")
    (folder / "notes.md").write_text("my notes", encoding="utf-8")
    return folder


def test_a_folder_with_a_jupyterlite_config_but_not_built_here_is_refused_and_kept(
        tmp_path: pathlib.Path, lite_src: pathlib.Path, lite_tools: pathlib.Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    repository = content_repository(tmp_path / "repo")
    before = tree(repository)
    with pytest.raises(LessonError) as error:
        site.build_site(EXAMPLE, repository, lite_src=lite_src, lite_tools=lite_tools,
                        run=fake_build())
    message = str(error.value)
    assert message.startswith(f"--out {repository}: ") and "\n" not in message
    assert site.MARKER in message and error.value.rule == "lesson-site"
    assert tree(repository) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lite-src", "lite-tools", "repo"]
    # the command says it in one line and exits 1
    assert main(["site", str(EXAMPLE), "--out", str(repository), "--lite-src", str(lite_src),
                 "--lite-tools", str(lite_tools)]) == 1
    [line] = capsys.readouterr().out.splitlines()
    assert line == f"✗ {message}"
    assert tree(repository) == before


def test_a_failed_build_leaves_the_previous_site_as_it_was(
        tmp_path: pathlib.Path, lite_src: pathlib.Path, lite_tools: pathlib.Path) -> None:
    out = site.build_site(EXAMPLE, tmp_path / "site", lite_src=lite_src, lite_tools=lite_tools,
                          run=fake_build("first"))
    before = tree(out)
    with pytest.raises(LessonError, match="build failed"):
        site.build_site(EXAMPLE, out, lite_src=lite_src, lite_tools=lite_tools,
                        run=failed_build)
    assert tree(out) == before and (out / "index.html").read_text(encoding="utf-8") == "first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lite-src", "lite-tools", "site"]


def test_a_build_that_writes_nothing_is_refused_and_changes_nothing(
        tmp_path: pathlib.Path, lite_src: pathlib.Path, lite_tools: pathlib.Path) -> None:
    def silent(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(command, 0, "", "")

    with pytest.raises(LessonError, match="wrote no site"):
        site.build_site(EXAMPLE, tmp_path / "site", lite_src=lite_src, lite_tools=lite_tools,
                        run=silent)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lite-src", "lite-tools"]


def test_a_site_built_here_is_replaced_whole_and_carries_the_marker(
        tmp_path: pathlib.Path, lite_src: pathlib.Path, lite_tools: pathlib.Path) -> None:
    out = site.build_site(EXAMPLE, tmp_path / "new" / "site", lite_src=lite_src,
                          lite_tools=lite_tools, run=fake_build("first"))
    (out / "stale.html").write_text("old page", encoding="utf-8")
    site.build_site(EXAMPLE, out, lite_src=lite_src, lite_tools=lite_tools,
                    run=fake_build("second"))
    assert sorted(tree(out)) == sorted([site.MARKER, "index.html", "jupyter-lite.json"])
    assert (out / "index.html").read_text(encoding="utf-8") == "second"
    assert [p.name for p in out.parent.iterdir()] == ["site"]
    # an empty folder is filled
    (tmp_path / "empty").mkdir()
    site.build_site(EXAMPLE, tmp_path / "empty", lite_src=lite_src, lite_tools=lite_tools,
                    run=fake_build())
    assert (tmp_path / "empty" / site.MARKER).is_file()


@pytest.mark.parametrize("out", [".", "..", "../..", "./", "sub/.."])
def test_the_current_folder_and_those_above_it_are_refused(
        tmp_path: pathlib.Path, lite_src: pathlib.Path, lite_tools: pathlib.Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], out: str) -> None:
    here = tmp_path / "a" / "b"
    (here / "sub").mkdir(parents=True)
    for folder in (tmp_path / "a", here):  # even a site built here earlier
        (folder / site.MARKER).write_text("", encoding="utf-8")
        (folder / "keep.txt").write_text("keep", encoding="utf-8")
    before = tree(tmp_path)
    monkeypatch.chdir(here)
    with pytest.raises(LessonError, match="current folder or one above it"):
        site.build_site(EXAMPLE, out, lite_src=lite_src, lite_tools=lite_tools,
                        run=fake_build())
    assert main(["site", str(EXAMPLE), "--out", out, "--lite-src", str(lite_src),
                 "--lite-tools", str(lite_tools)]) == 1
    [line] = capsys.readouterr().out.splitlines()
    assert line.startswith(f"✗ --out {pathlib.Path(out)}: ")
    assert tree(tmp_path) == before


@pytest.mark.parametrize("points_to", ["site", "empty", "missing"])
def test_a_symbolic_link_is_refused(tmp_path: pathlib.Path, lite_src: pathlib.Path,
                                    lite_tools: pathlib.Path,
                                    capsys: pytest.CaptureFixture[str], points_to: str) -> None:
    (tmp_path / "empty").mkdir()
    site.build_site(EXAMPLE, tmp_path / "site", lite_src=lite_src, lite_tools=lite_tools,
                    run=fake_build())
    link = tmp_path / "link"
    link.symlink_to(tmp_path / points_to, target_is_directory=True)
    before = tree(tmp_path)
    with pytest.raises(LessonError, match="symbolic link"):
        site.build_site(EXAMPLE, link, lite_src=lite_src, lite_tools=lite_tools,
                        run=fake_build())
    assert main(["site", str(EXAMPLE), "--out", str(link), "--lite-src", str(lite_src),
                 "--lite-tools", str(lite_tools)]) == 1
    [line] = capsys.readouterr().out.splitlines()
    assert line.startswith(f"✗ --out {link}: is a symbolic link")
    assert link.is_symlink() and tree(tmp_path) == before


def test_a_file_and_the_course_folder_are_refused(tmp_path: pathlib.Path,
                                                   lite_src: pathlib.Path,
                                                   lite_tools: pathlib.Path) -> None:
    course = pathlib.Path(shutil.copytree(EXAMPLE, tmp_path / "course"))
    (tmp_path / "file").write_text("keep", encoding="utf-8")
    (tmp_path / site.MARKER).write_text("", encoding="utf-8")
    before = tree(tmp_path)
    for out, problem in ((tmp_path / "file", "is a file"),
                         (course, "is the course folder or holds it"),
                         (tmp_path, "is the course folder or holds it")):
        with pytest.raises(LessonError, match=problem):
            site.build_site(course, out, lite_src=lite_src, lite_tools=lite_tools,
                            run=fake_build())
    assert tree(tmp_path) == before


def test_a_site_is_never_put_where_files_appeared_during_the_build(
        tmp_path: pathlib.Path, lite_src: pathlib.Path, lite_tools: pathlib.Path) -> None:
    out = tmp_path / "site"
    build = fake_build()

    def meanwhile(command: list[str], **options: Any) -> subprocess.CompletedProcess[str]:
        out.mkdir()
        (out / "notes.md").write_text("written during the build", encoding="utf-8")
        return build(command, **options)

    with pytest.raises(LessonError, match="did not write"):
        site.build_site(EXAMPLE, out, lite_src=lite_src, lite_tools=lite_tools, run=meanwhile)
    assert tree(out) == {"notes.md": b"written during the build"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["lite-src", "lite-tools", "site"]


@pytest.mark.slow
def test_the_command_builds_a_real_site_of_the_example_course(
        tmp_path: pathlib.Path) -> None:
    if not (LITE_SRC / "jupyter-lite.json").is_file() or not LITE_TOOLS.is_dir():
        subprocess.run(["make", "lite"], cwd=ROOT, check=True)  # as tests/e2e does
    out = tmp_path / "site"
    assert main(["site", str(EXAMPLE), "--out", str(out)]) == 0
    assert (out / "index.html").is_file() and (out / "jupyter-lite.json").is_file()
    assert (out / "files" / "course.ipynb").is_file()
    root = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    assert root["jupyter-config-data"]["appUrl"] == site.opening_url("course.ipynb")
    assert sorted(p.name for p in (out / "files" / "lessons").iterdir()) == [
        "course.toml", "far-scout.toml", "miner-bomb.toml"]
    contents = json.loads((out / "api" / "contents" / "all.json").read_text(encoding="utf-8"))
    assert sorted(item["name"] for item in contents["content"]) == ["course.ipynb", "lessons"]
    assert any(path.name.startswith("stratego_widget-")
               for path in (out / "static" / "pyodide").iterdir())


def test_the_checkout_is_found_wherever_the_module_sits_in_the_package() -> None:
    """The site's tooling (build/) and the checker's rulebooks are found from the checkout, not
    from a fixed depth of the module's folder (a move of the module broke that once)."""
    from stratego_widget.lessons import checker

    assert site.CHECKOUT == PROJECT
    assert PROJECT.parent / "shared" / "rulebooks" == checker.REPOSITORY_RULEBOOKS
