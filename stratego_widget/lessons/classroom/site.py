"""A static JupyterLite site of a course folder: ``stratego-lesson site FOLDER --out DIR``.

The site is the project's own JupyterLite site (see ``docs/jupyterlite.md``) with other
contents: one notebook that opens the course, and the course's lesson files beside it in a
folder ``lessons``. It is built with the project's JupyterLite tooling, which ``make lite``
prepares in a checkout: the sources in ``build/lite-src`` (its ``jupyter-lite.json`` and the
Pyodide it serves itself, the project's wheel preinstalled) and the pinned JupyterLite builder
in ``build/lite-tools``. The output can be put on any static web host; nothing in it is fetched
from elsewhere when it runs. The site's address opens the notebook itself (:func:`opening_url`),
not JupyterLite's launcher.

The course is read (and so checked for mistakes) before anything is written; without the
tooling the build stops with one line naming the command that prepares it.

Example:
    >>> import json
    >>> cells = json.loads(course_notebook())["cells"]
    >>> print("".join(cells[-1]["source"]))
    from stratego_widget.lessons import Course
    Course("lessons")
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

from ..errors import LessonError
from ..model.library import COURSE_FILE, course_file, lesson_files
from ..model.library import catalog as read_catalog
from ..model.text import Text, printable
from .assignments import ASSIGNMENTS_FOLDER, course_assignments

#: The site's one notebook.
NOTEBOOK = "course.ipynb"
#: The folder of the site's contents that holds the course's lesson files.
LESSONS = "lessons"
#: The checkout the package runs from, if it runs from one: the folder holding the package and
#: its ``pyproject.toml`` (the rulebooks and ``make lite``'s build are found from there).
CHECKOUT: pathlib.Path | None = next(
    (root for root in pathlib.Path(__file__).resolve().parents
     if (root / "pyproject.toml").is_file() and (root / "stratego_widget").is_dir()), None)
#: What to run when the tooling is missing.
HOW_TO_GET_TOOLS = ("run `make lite` in a checkout of stratego-widget (it builds the project's "
                    "wheel, Pyodide and the pinned JupyterLite into build/), or give "
                    "--lite-src and --lite-tools")


def opening_url(notebook: str) -> str:
    """The ``appUrl`` of a site's root ``jupyter-lite.json`` that makes the site's address open
    ``notebook`` in JupyterLab: JupyterLite's root page goes to ``appUrl`` with ``/index.html``
    added, which lands in a query parameter of its own here.

    Example:
        >>> opening_url("course.ipynb")
        './lab/index.html?path=course.ipynb&from='
    """
    return f"./lab/index.html?path={notebook}&from="


def _lines(text: str) -> list[str]:
    """Text as a notebook stores it: lines that keep their line ends."""
    return text.splitlines(keepends=True)


def course_notebook(title: Text | None = None) -> str:
    """The text (nbformat 4 JSON) of the site's notebook: the course's title in each of its
    languages, and one cell that opens the course from the folder ``lessons``.

    Example:
        >>> import json
        >>> cells = json.loads(course_notebook(Text({"en": "Bombs", "nl": "Bommen"})))["cells"]
        >>> print("".join(cells[0]["source"]))
        # Bombs
        <BLANKLINE>
        *Bommen*
    """
    heading = title.get("en") if title is not None else "A Stratego course"
    others = [words for lang, words in (title.texts.items() if title is not None else ())
              if lang != "en" and words != heading]
    markdown = f"# {heading}\n" + "".join(f"\n*{words}*" for words in others)
    notebook: dict[str, Any] = {
        "cells": [
            {"cell_type": "markdown", "id": "course-title", "metadata": {},
             "source": _lines(markdown)},
            {"cell_type": "markdown", "id": "course-how", "metadata": {},
             "source": _lines("Run the cell below (Shift+Enter) to open the course. Your "
                              "progress is kept in this browser. Type your name on the "
                              "course map; when your teacher asks for your progress, press "
                              "**Hand in**: the browser downloads your file, to give to "
                              "your teacher.")},
            {"cell_type": "code", "execution_count": None, "id": "course-open",
             "metadata": {}, "outputs": [],
             "source": _lines(f'from stratego_widget.lessons import Course\n'
                              f'Course("{LESSONS}")')},
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python (Pyodide)", "language": "python",
                           "name": "python"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def site_sources(folder: str | os.PathLike[str], src: str | os.PathLike[str],
                 lite_src: str | os.PathLike[str]) -> pathlib.Path:
    """Write the sources of a course's site into ``src``: the project's ``jupyter-lite.json``
    and ``static`` from ``lite_src``, and the contents (``files/``): the notebook and the
    course's lesson files (with its ``course.toml`` and its ``assignments/*.toml``) in
    ``files/lessons``; the config opens the notebook at the site's address. The course and
    its assignments are read first, so a course with a mistake writes nothing. Returns
    ``src``.

    Example:
        >>> site_sources("no-such-course", "out", "lite-src")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: no-such-course: a course is a folder of lesson files; this folder does not exist.
    """
    course = pathlib.Path(folder)
    # A course or an assignment with a mistake stops here, in one line.
    course_assignments(course, read_catalog(course))
    info = course_file(course)
    base, target = pathlib.Path(lite_src), pathlib.Path(src)
    config = base / "jupyter-lite.json"
    if not config.is_file() or not (base / "static").is_dir():
        raise LessonError("lesson-site", printable(
            f"The JupyterLite sources are not in {base} (no jupyter-lite.json and static/): "
            f"{HOW_TO_GET_TOOLS}."))
    files = target / "files"
    lessons = files / LESSONS
    lessons.mkdir(parents=True, exist_ok=True)
    settings = json.loads(config.read_text(encoding="utf-8"))
    settings.setdefault("jupyter-config-data", {})["appUrl"] = opening_url(NOTEBOOK)
    (target / "jupyter-lite.json").write_text(json.dumps(settings, indent=2) + "\n",
                                             encoding="utf-8")
    shutil.copytree(base / "static", target / "static", dirs_exist_ok=True)
    for lesson_file in lesson_files(course):
        shutil.copy2(course / lesson_file.name, lessons / lesson_file.name)
    if info is not None:
        shutil.copy2(course / COURSE_FILE, lessons / COURSE_FILE)
    for assignment_file in sorted((course / ASSIGNMENTS_FOLDER).glob("*.toml")):
        if assignment_file.is_file():
            (lessons / ASSIGNMENTS_FOLDER).mkdir(exist_ok=True)
            shutil.copy2(assignment_file, lessons / ASSIGNMENTS_FOLDER / assignment_file.name)
    (files / NOTEBOOK).write_text(course_notebook(info.title if info else None),
                                  encoding="utf-8")
    return target


def tools_path(lite_tools: str | os.PathLike[str]) -> pathlib.Path:
    """The folder of the JupyterLite builder's packages in ``lite_tools`` (a pip ``--prefix``
    for this Python); a one-line LessonError naming the command that installs it.

    Example:
        >>> tools_path("no-such-tools")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: The JupyterLite builder (jupyterlite-core) is not in no-such-tools: run `make lite` in a checkout of stratego-widget (it builds the project's wheel, Pyodide and the pinned JupyterLite into build/), or give --lite-src and --lite-tools.
    """
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    packages = pathlib.Path(lite_tools) / "lib" / version / "site-packages"
    if not (packages / "jupyterlite_core").is_dir():
        raise LessonError("lesson-site", printable(
            f"The JupyterLite builder (jupyterlite-core) is not in {lite_tools}: "
            f"{HOW_TO_GET_TOOLS}."))
    return packages


def build_command(out: str | os.PathLike[str],
                  lite_tools: str | os.PathLike[str]) -> list[str]:
    """The command that builds the site from its sources (run in the sources' folder), the
    same as the Makefile's ``lite`` target.

    Example:
        >>> build_command("site", "tools")[1:4]
        ['-m', 'jupyterlite_core', 'build']
    """
    extensions = pathlib.Path(lite_tools).resolve() / "share" / "jupyter" / "labextensions"
    return [sys.executable, "-m", "jupyterlite_core", "build", "--no-sourcemaps",
            "--output-dir", str(pathlib.Path(out).resolve()),
            f"--FederatedExtensionAddon.extra_labextensions_path={extensions}"]


Runner = Callable[..., "subprocess.CompletedProcess[str]"]

#: The file every site this command builds holds: a folder with it is one the command may
#: replace; a folder with other files and without it is never touched.
MARKER = ".stratego-lesson-site"
#: What the marker file says.
_MARKER_TEXT = ("This folder was built by `stratego-lesson site`; building the site again "
                "replaces the whole folder. Delete this file to keep the folder from being "
                "replaced.\n")


def _refuse(out: pathlib.Path, problem: str) -> LessonError:
    """The one-line error about the folder given as ``--out``."""
    return LessonError("lesson-site", printable(f"--out {out}: {problem}."))


def check_out(out: str | os.PathLike[str],
              course: str | os.PathLike[str] | None = None) -> pathlib.Path:
    """``out`` as a folder :func:`build_site` may write the site into, else a one-line
    LessonError naming ``--out``: a folder that does not exist yet, an empty one, or a site
    this command built (it holds :data:`MARKER`); never a symbolic link, a file, the current
    folder or one above it, or the course folder (or one holding it).

    Example:
        >>> check_out("..")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: --out ..: is the current folder or one above it; give a folder of its own, such as site/.
    """
    target = pathlib.Path(out)
    try:
        if target.is_symlink():
            raise _refuse(target, "is a symbolic link; give the folder itself")
        where = target.resolve()
        here = pathlib.Path.cwd().resolve()
        if where == here or where in here.parents:
            raise _refuse(target, "is the current folder or one above it; give a folder of "
                          "its own, such as site/")
        if course is not None:
            lessons = pathlib.Path(course).resolve()
            if where == lessons or where in lessons.parents:
                raise _refuse(target, "is the course folder or holds it; give a folder of "
                              "its own, such as site/")
        if target.exists() and not target.is_dir():
            raise _refuse(target, "is a file, not a folder")
        if target.is_dir() and not (target / MARKER).is_file() and any(target.iterdir()):
            raise _refuse(target, f"holds files that this command did not write (no {MARKER} "
                          "file); give an empty or new folder")
    except OSError as error:
        raise _refuse(target, f"cannot be read ({error.strerror or error})") from None
    return target


def _failed(done: subprocess.CompletedProcess[str]) -> LessonError:
    last = (done.stderr or done.stdout or "").strip().splitlines()[-1:] or ["no output"]
    return LessonError("lesson-site", printable(
        f"The JupyterLite build failed ({done.returncode}): {last[0]}"))


def build_site(folder: str | os.PathLike[str], out: str | os.PathLike[str], *,
               lite_src: str | os.PathLike[str] | None = None,
               lite_tools: str | os.PathLike[str] | None = None,
               run: Runner = subprocess.run) -> pathlib.Path:
    """Build a static JupyterLite site of the course ``folder`` into ``out``; returns ``out``.
    ``lite_src`` and ``lite_tools`` default to the checkout's ``build/lite-src`` and
    ``build/lite-tools`` (made by ``make lite``); ``run`` runs the build command
    (:func:`subprocess.run`). Any problem raises a one-line LessonError (rule
    ``"lesson-site"``, or ``"lesson-format"`` for the course).

    The site is built in a new folder beside ``out`` and put in its place only once the build
    has succeeded, so a failed build leaves ``out`` as it was. ``out`` must be new, empty or
    a site this command built (see :func:`check_out`); every site holds :data:`MARKER`.

    Example:
        >>> build_site("no-such-course", "out", lite_src="x", lite_tools="y")
        Traceback (most recent call last):
        ...
        stratego_widget.lessons.LessonError: no-such-course: a course is a folder of lesson files; this folder does not exist.
    """
    read_catalog(pathlib.Path(folder))
    build = CHECKOUT / "build" if CHECKOUT is not None else None
    if lite_src is None or lite_tools is None:
        if build is None:
            raise LessonError("lesson-site", f"No JupyterLite tooling given: "
                              f"{HOW_TO_GET_TOOLS}.")
        lite_src = lite_src if lite_src is not None else build / "lite-src"
        lite_tools = lite_tools if lite_tools is not None else build / "lite-tools"
    packages = tools_path(lite_tools)
    target = check_out(out, folder)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = pathlib.Path(tempfile.mkdtemp(prefix=f".{target.name}.building-",
                                                dir=target.parent))
    except OSError as error:
        raise _refuse(target, f"cannot be written ({error.strerror or error})") from None
    try:
        built = staging / "site"
        with tempfile.TemporaryDirectory(prefix="course-site-") as temp:
            src = site_sources(folder, temp, lite_src)
            env = dict(os.environ, PYTHONPATH=os.pathsep.join(
                filter(None, [str(packages.resolve()), os.environ.get("PYTHONPATH", "")])))
            done = run(build_command(built, lite_tools), cwd=src, env=env,
                       capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise _failed(done)
        if not built.is_dir():
            raise LessonError("lesson-site", "The JupyterLite build wrote no site.")
        (built / MARKER).write_text(_MARKER_TEXT, encoding="utf-8")
        _put_in_place(built, check_out(target, folder), staging / "previous")
    except OSError as error:
        raise _refuse(target, f"cannot be written ({error.strerror or error})") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


def _put_in_place(built: pathlib.Path, target: pathlib.Path, previous: pathlib.Path) -> None:
    """Move the folder ``built`` to ``target`` (both in one folder), the folder there before
    first moved to ``previous``, and moved back if the site cannot be put in its place."""
    if target.exists():
        target.rename(previous)
    try:
        built.rename(target)
    except OSError:
        if previous.exists():
            previous.rename(target)
        raise
