"""Every tutorial notebook runs top to bottom, and shows what it promises."""

from __future__ import annotations

import json
import pathlib
import sys

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((pathlib.Path(__file__).parent.parent / "notebooks").glob("*.ipynb"))

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


def test_every_tutorial_exists() -> None:
    names = {path.stem for path in NOTEBOOKS}
    assert {"00_start_here", "01_original", "02_classic_1961", "03_hasbro_1999",
            "04_onyx_2009", "05_sci_fi_2013", "06_fast_games", "10_aggressor_advantage",
            "11_silent_defense", "12_rescue", "13_exploding_bombs", "14_moving_bombs",
            "15_moving_flag", "20_experiment"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_notebook_runs(path: pathlib.Path, kernel_home: pathlib.Path,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    notebook = run(path, kernel_home, monkeypatch)
    errors = [out for cell in notebook.cells for out in cell.get("outputs", [])
              if out.get("output_type") == "error"]
    assert not errors
    widgets = outputs(notebook, "application/vnd.jupyter.widget-view+json")
    if path.stem not in ("20_experiment",):
        assert widgets, "every tutorial ends with a live board"
    if path.stem == "20_experiment":
        assert outputs(notebook, "image/png"), "the experiment shows a plot"
    text = "".join(outputs(notebook, "text/plain")) + "".join(
        out.get("text", "") for cell in notebook.cells for out in cell.get("outputs", []))
    assert "Traceback" not in text
