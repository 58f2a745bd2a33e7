"""The package as a user gets it: the sdist and the wheel hold the built front end, installing
either needs no Node, and a missing optional dependency is a one-line error naming its extra.

The slow tests build both distributions from this checkout (the front end must be built first:
``make test`` does it), install each into a fresh virtual environment whose PATH has no
``node`` or ``npm``, and draw a board there. They use the package index for the dependencies
(uv's or pip's cache makes a second run quick), pinned to the versions of ``requirements/dev.txt``.
"""

from __future__ import annotations

import ast
import io
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import textwrap
import tomllib
import types
import zipfile
from collections.abc import Iterator
from email.parser import Parser
from typing import Any

import pytest
from packaging.requirements import Requirement

from stratego_widget.batch import extras as _extras

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "stratego_widget"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
HOOK = PYPROJECT["tool"]["hatch"]["build"]["hooks"]["jupyter-builder"]
#: The built front end, as the build hook names it (the files it checks and skips npm for).
BUNDLE = HOOK["ensured-targets"]
#: Each extra of pyproject.toml and the top-level modules its requirements install.
EXTRA_MODULES = {extra: {Requirement(line).name.replace("-", "_") for line in lines}
                 for extra, lines in PROJECT["optional-dependencies"].items()}
OPTIONAL = set().union(*EXTRA_MODULES.values())


# ------------------------------------------------------------------ metadata and extras


def test_the_build_hook_skips_npm_exactly_when_the_whole_bundle_exists() -> None:
    written = re.findall(r'outfile: "([^"]+)"', (ROOT / "js" / "build.mjs").read_text())
    assert sorted(written) == sorted(BUNDLE)  # every file the JS build writes is checked
    assert sorted(HOOK["skip-if-exists"]) == sorted(BUNDLE)
    assert all(path.startswith("stratego_widget/static/") for path in BUNDLE)
    assert "stratego_widget/static/*" in PYPROJECT["tool"]["hatch"]["build"]["artifacts"]


def test_project_urls_share_one_home() -> None:
    urls = PROJECT["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Source", "Issues", "Changelog"}
    home = urls["Source"]
    assert home.startswith("https://github.com/") and not home.endswith("/")
    assert all(url == home or url.startswith(home + "/") for url in urls.values())
    assert urls["Changelog"] == f"{home}/blob/main/CHANGELOG.md"
    assert (ROOT / "CHANGELOG.md").is_file()


def test_classifiers_are_known_and_the_licence_is_an_expression() -> None:
    from trove_classifiers import classifiers, deprecated_classifiers

    listed = PROJECT["classifiers"]
    assert [c for c in listed if c not in classifiers or c in deprecated_classifiers] == []
    assert listed == sorted(listed)
    # The SPDX expression (PEP 639) replaces the licence classifiers: never both.
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    assert not [c for c in listed if c.startswith("License ::")]
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    minimum = PROJECT["requires-python"].removeprefix(">=")
    versions = [c.rsplit(" ", 1)[1] for c in listed
                if c.startswith("Programming Language :: Python :: 3.")]
    assert versions and versions[0] == minimum


def test_the_extras_module_names_every_extra_of_pyproject() -> None:
    assert {extra: set(modules) for extra, modules in _extras.EXTRAS.items()} == EXTRA_MODULES


def _require_calls() -> list[tuple[str, str, str]]:
    """Every ``require("module", "feature", "extra")`` in the package: (where, module, extra).
    Each call's arguments are literal strings (a test would not see them otherwise)."""
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "require"):
                args = [arg.value for arg in node.args
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
                where = f"{path.relative_to(ROOT)}:{node.lineno}"
                assert len(args) == len(node.args) == 3, where
                calls.append((where, args[0], args[2]))
    return calls


def test_every_require_names_the_extra_that_installs_its_module() -> None:
    calls = _require_calls()
    assert len(calls) >= 10
    wrong = [(where, module, extra) for where, module, extra in calls
             if module.split(".")[0] not in EXTRA_MODULES.get(extra, set())]
    assert wrong == []


def _absolute_imports(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, module)`` for every ``import x`` and ``from x import y`` below ``tree``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            yield node.lineno, node.module or ""


def test_optional_packages_are_imported_lazily_only_through_require() -> None:
    """An ``import matplotlib`` inside a function would fail with a bare ModuleNotFoundError
    instead of the one-line error naming the extra."""
    lazy = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            lazy += [f"{path.relative_to(ROOT)}:{line} {name}"
                     for line, name in _absolute_imports(function)
                     if name.split(".")[0] in OPTIONAL]
    assert lazy == []


#: What ``dependencies`` installs, by import name (IPython comes with ipywidgets).
RUNTIME = {Requirement(line).name.replace("-", "_") for line in PROJECT["dependencies"]} | {
    "IPython"}


def test_every_third_party_import_is_a_dependency_or_in_an_extra() -> None:
    """A module the package imports that no install brings fails for every user."""
    allowed = set(sys.stdlib_module_names) | RUNTIME | OPTIONAL | {"stratego_widget"}
    stray = []
    for path in sorted(PACKAGE.rglob("*.py")):
        stray += [f"{path.relative_to(ROOT)}:{line} {name}"
                  for line, name in _absolute_imports(ast.parse(path.read_text(encoding="utf-8")))
                  if name.split(".")[0] not in allowed]
    assert stray == []


def test_the_public_modules_import_with_every_extra_missing() -> None:
    hidden = sorted(OPTIONAL)
    script = textwrap.dedent(f"""
        import importlib, sys
        for name in {hidden!r}:
            sys.modules[name] = None
        for name in ("stratego_widget", "stratego_widget.experiments", "stratego_widget.lessons",
                     "stratego_widget.widget", "stratego_widget.batch", "stratego_widget.stress"):
            importlib.import_module(name)
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert done.stdout.strip() == "ok", done.stderr


def _hide(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def _finished_study() -> Any:
    from stratego_widget.experiments import Study

    study = Study(["duel", "duel+aggressor-advantage"], red="random", blue="random", games=1,
                  max_plies=10)
    study.play(workers=1)
    return study


@pytest.mark.parametrize(("hidden", "call", "message"), [
    ("pandas", lambda s: s.table, "Study.table needs pandas"),
    ("pandas", lambda s: s.summary().rates_table(), "Summary.rates_table needs pandas"),
    ("pandas", lambda s: s.summary().endings_table(), "Summary.endings_table needs pandas"),
    ("pandas", lambda s: s.summary().pairs_table(), "Summary.pairs_table needs pandas"),
    ("pyarrow", lambda s: type(s).load("unused.parquet"), "Study.load needs pyarrow"),
])
def test_each_table_without_its_extra_is_a_one_line_error(
        monkeypatch: pytest.MonkeyPatch, hidden: str, call: Any, message: str) -> None:
    from stratego_widget.experiments import MissingExtraError

    study = _finished_study()
    _hide(monkeypatch, hidden)
    with pytest.raises(MissingExtraError) as info:
        call(study)
    assert str(info.value) == f"{message}: pip install stratego-widget[experiments]"


def test_the_stress_picture_without_matplotlib_is_a_one_line_error(
        monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    from stratego_widget.experiments import MissingExtraError
    from stratego_widget.stress import plot, run_ruleset

    reports = [run_ruleset("barrage", 1, 0)]
    _hide(monkeypatch, "matplotlib", "matplotlib.pyplot")
    with pytest.raises(MissingExtraError) as info:
        plot(reports, str(tmp_path / "stress.png"))
    assert str(info.value) == ("stratego_widget.stress.plot needs matplotlib: "
                               "pip install stratego-widget[plots]")
    assert not (tmp_path / "stress.png").exists()


@pytest.mark.parametrize(("hidden", "options", "message"), [
    ("matplotlib", [], "stratego-study's plot needs matplotlib: pip install "
                       "stratego-widget[plots]"),
    ("distributed", ["--scheduler", "tcp://127.0.0.1:1"],
     "stratego-study --scheduler needs distributed: pip install stratego-widget[dask]"),
])
def test_the_study_command_without_an_extra_says_which_before_any_game(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: pathlib.Path, hidden: str, options: list[str], message: str) -> None:
    from stratego_widget.experiments import cli

    config = tmp_path / "rules.toml"
    config.write_text('rulesets = ["duel"]\ngames = 1\nmax_plies = 10\n'
                      '[output]\nplot = "rules.png"\n', encoding="utf-8")
    _hide(monkeypatch, hidden)
    assert cli.main([str(config), "--workers", "1", "--no-progress", *options]) == 2
    err = capsys.readouterr().err
    assert err.splitlines() == [f"stratego-study: error: {message}"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rules.toml"]


@pytest.mark.parametrize(("hidden", "feature"), [("nbconvert", "notebook_page"),
                                                 ("nbformat", "read_notebook")])
def test_the_export_command_without_its_extra_says_which(
        monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, hidden: str,
        feature: str) -> None:
    from stratego_widget import cli

    notebook = tmp_path / "lesson.ipynb"
    notebook.write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}',
                        encoding="utf-8")
    _hide(monkeypatch, hidden)
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["export", str(notebook), "-o", str(tmp_path / "page.html")],
                    out=out, err=err) == 1
    assert err.getvalue().splitlines() == [
        f"stratego-widget export: {feature} needs {hidden}: pip install stratego-widget[export]"]
    assert out.getvalue() == "" and not (tmp_path / "page.html").exists()


# ------------------------------------------------------------------ Google Colab


def test_in_colab_the_board_switches_on_the_widget_manager_and_keeps_its_metadata(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Colab draws a third-party widget only when its display names Colab's custom widget
    manager; anywidget adds that metadata, and the board's picture must not drop it."""
    from anywidget import _util

    from stratego_widget import StrategoWidget
    from stratego_widget.lessons import LessonWidget

    url = "https://colab.invalid/widgets/manager.min.js"
    calls: list[str] = []
    colab = types.ModuleType("google.colab.output")
    colab.enable_custom_widget_manager = lambda: calls.append("enabled")  # type: ignore[attr-defined]
    colab._widgets = types.SimpleNamespace(_installed_url=url)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "google.colab.output", colab)
    _util.enable_custom_widget_manager_once.cache_clear()
    try:
        boards = [StrategoWidget(ruleset="barrage", setup="random", seed=1),
                  LessonWidget("scout", lang="en")]
        for board in boards:
            bundle = board._repr_mimebundle_()
            assert bundle is not None
            data, metadata = bundle
            widget = metadata["application/vnd.jupyter.widget-view+json"]
            assert widget["colab"]["custom_widget_manager"]["url"] == url
            assert data["image/svg+xml"].startswith("<svg")
        assert calls == ["enabled"]
    finally:
        _util.enable_custom_widget_manager_once.cache_clear()


# ------------------------------------------------------------------ the distributions


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pathlib.Path]:
    """The sdist and the wheel built from this checkout, as ``make dist`` builds them."""
    missing = [path for path in BUNDLE if not (ROOT / path).is_file()]
    assert missing == [], "build the front end first (make js)"
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out),
                    str(ROOT)], check=True, capture_output=True, cwd=out)
    found = {"sdist": sorted(out.glob("*.tar.gz")), "wheel": sorted(out.glob("*.whl"))}
    assert [len(paths) for paths in found.values()] == [1, 1]
    return {kind: paths[0] for kind, paths in found.items()}


def _sdist_files(path: pathlib.Path) -> dict[str, bytes]:
    with tarfile.open(path) as archive:
        return {member.name.split("/", 1)[1]: archive.extractfile(member).read()  # type: ignore[union-attr]
                for member in archive.getmembers() if member.isfile()}


def _wheel_files(path: pathlib.Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.mark.package
def test_both_distributions_hold_the_built_front_end(dists: dict[str, pathlib.Path]) -> None:
    sdist, wheel = _sdist_files(dists["sdist"]), _wheel_files(dists["wheel"])
    for path in BUNDLE:  # (other work may rebuild the checkout's bundle meanwhile: not compared)
        assert len(sdist[path]) > 1000 and wheel[path] == sdist[path], path
    for name in ("LICENSE", "README.md", "CHANGELOG.md", "pyproject.toml", "package.json",
                 "package-lock.json", "js/board/widget.ts", "js/build.mjs"):
        assert name in sdist, name
    assert not [name for name in sdist
                if name.split("/")[0] in {"node_modules", ".venv", ".stamps", "dist", "build"}]
    # Everything in the package folder, data files too (lessons, texts, the protocol schema).
    source = {path.relative_to(ROOT).as_posix() for path in PACKAGE.rglob("*")
              if path.is_file() and "__pycache__" not in path.parts}
    assert sorted(source - set(wheel)) == []
    assert "stratego_widget/py.typed" in wheel
    assert not [name for name in wheel if name.endswith(".pyc")]


@pytest.mark.package
def test_the_wheel_metadata_says_what_pyproject_says(dists: dict[str, pathlib.Path]) -> None:
    wheel = _wheel_files(dists["wheel"])
    [metadata_name] = [name for name in wheel if name.endswith(".dist-info/METADATA")]
    metadata = Parser().parsestr(wheel[metadata_name].decode("utf-8"))
    assert metadata["License-Expression"] == "MIT"
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in wheel)
    assert sorted(metadata.get_all("Classifier", [])) == sorted(PROJECT["classifiers"])
    urls = dict(line.split(", ", 1) for line in metadata.get_all("Project-URL", []))
    assert urls == PROJECT["urls"]
    assert set(metadata.get_all("Provides-Extra", [])) == set(EXTRA_MODULES)
    readme = str(metadata.get_payload())
    assert readme.startswith("# stratego_widget") and "pip install stratego-widget" in readme


def _without_node(path: str) -> str:
    """``path`` without the directories that hold ``node`` or ``npm``."""
    kept = [folder for folder in path.split(os.pathsep) if folder
            and not any(shutil.which(tool, path=folder) for tool in ("node", "npm"))]
    return os.pathsep.join(kept)


DRAW = """
import json, pathlib, sys
import stratego_widget
from stratego_widget import StrategoWidget
from stratego_widget.lessons import LessonWidget
board = StrategoWidget(ruleset="barrage", viewer="red", opponent="heuristic", setup="random",
                       seed=1)
board.play(board.game.legal_moves()[0])
data, _ = board._repr_mimebundle_()
print(json.dumps({
    "where": stratego_widget.__file__,
    "mimetypes": sorted(data),
    "svg": data["image/svg+xml"][:4],
    "plies": len(board.game.history),
    "esm": board._esm,
    "lesson_esm": LessonWidget("scout", lang="en")._esm,
}))
"""


#: What installs a distribution into the new environment: the project's pinned uv beside this
#: Python (``make`` installs it; a second where pip took seven), else pip.
_UV = pathlib.Path(sys.executable).with_name("uv")


def installer(python: str) -> list[str]:
    """The command that installs into the environment of ``python``."""
    if _UV.exists():
        return [str(_UV), "pip", "install", "--python", python]
    return [sys.executable, "-m", "pip", "--python", python, "install",
            "--disable-pip-version-check", "--no-compile"]


@pytest.mark.package
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["sdist", "wheel"])
def test_each_distribution_installs_without_node_and_draws_a_board(
        dists: dict[str, pathlib.Path], tmp_path: pathlib.Path, kind: str) -> None:
    path = _without_node(os.environ.get("PATH", ""))
    assert shutil.which("npm", path=path) is None and shutil.which("node", path=path) is None
    env = {key: value for key, value in os.environ.items()
           if key not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"}} | {"PATH": path}
    venv = tmp_path / "venv"
    # This environment's pip installs into the new one (--python): no copy of pip to set up.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   env=env)
    python = str(venv / "bin" / "python")
    install = subprocess.run(
        [*installer(python), "--quiet", str(dists[kind]),
         "--constraint", str(ROOT / "requirements" / "dev.txt")],
        capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert install.returncode == 0, install.stderr[-3000:]
    drawn = subprocess.run([python, "-c", DRAW], capture_output=True, text=True, env=env,
                           cwd=tmp_path, check=False)
    assert drawn.returncode == 0, drawn.stderr[-3000:]
    result = json.loads(drawn.stdout)
    assert pathlib.Path(result["where"]).is_relative_to(venv)
    assert {"application/vnd.jupyter.widget-view+json", "image/svg+xml",
            "text/html"} <= set(result["mimetypes"])
    assert result["svg"] == "<svg" and result["plies"] == 2  # the move and the bot's answer
    built = _sdist_files(dists["sdist"])
    assert result["esm"] == built["stratego_widget/static/widget.js"].decode("utf-8")
    assert result["lesson_esm"] == built["stratego_widget/static/lesson_widget.js"].decode(
        "utf-8")
    # Without the extras: the study is refused in one line naming the extra, before any game.
    refused = subprocess.run([str(venv / "bin" / "stratego-stress"), "--games", "1",
                              "--rulesets", "barrage", "--plot", "out.png"],
                             capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.splitlines()[-1].endswith(
        "stratego-stress --plot needs matplotlib: pip install stratego-widget[plots]")
    exported = subprocess.run([str(venv / "bin" / "stratego-widget"), "export", "lesson.ipynb",
                               "-o", "page.html"],
                              capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert exported.returncode == 1 and exported.stderr.splitlines() == [
        "stratego-widget export: notebook_page needs nbconvert: "
        "pip install stratego-widget[export]"]


def test_the_lessons_and_the_classroom_load_no_widget_library() -> None:
    """``import stratego_widget.lessons`` (the checker, grading, a class summary) needs neither
    anywidget nor traitlets; a lesson widget is imported on first use (issue 32)."""
    code = ("import sys, stratego_widget.lessons as lessons, stratego_widget.lessons.checker\n"
            "from stratego_widget.lessons.classroom import grading, summary\n"
            "loaded = sorted(m for m in ('anywidget', 'traitlets', 'ipywidgets') if m in sys.modules)\n"
            "print(loaded, lessons.LessonWidget.__name__, 'anywidget' in sys.modules)")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.split()
    assert shown == ["[]", "LessonWidget", "True"]
