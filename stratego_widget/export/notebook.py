"""An executed notebook as one offline HTML page: every board drawn, no kernel, no network.

``jupyter nbconvert --to html`` gives a page whose widgets are fetched from a CDN (the widget
manager, require.js and each widget's front end), so offline the boards stay blank. This page
keeps nbconvert's rendering of the cells (its JupyterLab look) but leaves out every CDN script:
the widget displays are drawn by the page's own small host from the widget state the notebook
saved (see :mod:`stratego_widget.widget.page`), each anywidget's front end inlined once. A
finished game's replay still steps back and forth; what a board did not show its viewer is not
in the saved state, so it is not in the page either. A widget the host cannot draw (an
ipywidgets slider, say) keeps the picture or text the notebook saved for it.

Example:
    >>> import nbformat, pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> nbformat.write(nbformat.v4.new_notebook(), folder / "empty.ipynb")
    >>> try:
    ...     notebook_page(folder / "empty.ipynb")
    ... except PageError as error:
    ...     print(error.rule)
    export-no-widgets
"""

from __future__ import annotations

import html
import json
import os
import pathlib
from typing import Any

from ..experiments import require
from ..widget.page import PageError, page_head, page_state, page_tail, widget_display, write_page

TEMPLATES = pathlib.Path(__file__).parent / "templates"
STATE_MIME = "application/vnd.jupyter.widget-state+json"
VIEW_MIME = "application/vnd.jupyter.widget-view+json"


def read_notebook(path: str | os.PathLike[str]) -> Any:
    """The notebook at ``path`` (an ``nbformat`` node); raises :class:`PageError`:
    ``export-missing`` (no such file) or ``export-notebook`` (not a notebook).

    Example:
        >>> try:
        ...     read_notebook("no-such-notebook.ipynb")
        ... except PageError as error:
        ...     print(error.rule)
        export-missing
    """
    nbformat = require("nbformat", "read_notebook", "export")
    source = pathlib.Path(path)
    if not source.is_file():
        raise PageError("export-missing", f"There is no notebook {str(source)!r}.")
    try:
        return nbformat.read(source, as_version=4)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, nbformat.reader.NotJSONError,
            nbformat.ValidationError, KeyError, TypeError, AttributeError) as error:
        raise PageError("export-notebook", f"{source.name} is not a notebook that can be "
                        f"read ({type(error).__name__}).") from error


def saved_models(notebook: Any) -> dict[str, dict[str, Any]]:
    """Each widget model's saved state, by model id (raises :class:`PageError`,
    ``export-no-widgets``, when the notebook saved none).

    Example:
        >>> import nbformat
        >>> notebook = nbformat.v4.new_notebook()
        >>> notebook.metadata["widgets"] = {STATE_MIME: {"state": {"a1": {
        ...     "model_module": "anywidget", "state": {"value": 1}}}}}
        >>> saved_models(notebook)
        {'a1': {'value': 1, '_model_module': 'anywidget'}}
    """
    widgets = notebook.get("metadata", {}).get("widgets", {}).get(STATE_MIME, {})
    entries = widgets.get("state") if isinstance(widgets, dict) else None
    if not isinstance(entries, dict) or not entries:
        raise PageError("export-no-widgets", "The notebook has no saved widget state: run it "
                        "with its widget state saved (nbclient does this; in JupyterLab, "
                        "Settings → Save Widget State Automatically).")
    models = {}
    for model_id, entry in entries.items():
        if isinstance(entry, dict) and isinstance(entry.get("state"), dict):
            state = dict(entry["state"])
            state.setdefault("_model_module", entry.get("model_module"))
            models[str(model_id)] = state
    return models


def display_fallback(output: Any) -> str:
    """What a widget display shows until it is drawn: the HTML or the text the notebook saved
    with it (a board saves a picture of its position).

    Example:
        >>> display_fallback({"data": {"text/plain": "Slider(value=3)"}})
        '<pre>Slider(value=3)</pre>'
    """
    data = output.get("data", {})
    if data.get("text/html"):
        value = data["text/html"]
        return "".join(value) if isinstance(value, list) else str(value)
    text = data.get("text/plain", "")
    return f"<pre>{html.escape(''.join(text) if isinstance(text, list) else str(text))}</pre>"


def notebook_page(path: str | os.PathLike[str]) -> str:
    """The offline page of the executed notebook at ``path``, as HTML text.

    Example:
        >>> import nbformat, pathlib, tempfile
        >>> from stratego_widget import StrategoWidget
        >>> board = StrategoWidget(ruleset="duel", setup="random", seed=1)
        >>> notebook = nbformat.v4.new_notebook()
        >>> notebook.metadata["widgets"] = {STATE_MIME: {
        ...     "version_major": 2, "version_minor": 0, "state": {board.model_id: {
        ...         "model_name": "AnyModel", "model_module": "anywidget",
        ...         "model_module_version": "~0.11.*", "state": board.get_state()}}}}
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "board.ipynb"
        >>> nbformat.write(notebook, path)
        >>> page = notebook_page(path)
        >>> "sw-page-state" in page, "require.js" in page
        (True, False)
    """
    nbconvert = require("nbconvert", "notebook_page", "export")
    notebook = read_notebook(path)
    data, styles = page_state(saved_models(notebook))

    def display(output: Any) -> str:
        view = output.get("data", {}).get(VIEW_MIME, {})
        model_id = str(view.get("model_id", "")) if isinstance(view, dict) else ""
        return widget_display(model_id, display_fallback(output))

    exporter = nbconvert.HTMLExporter(template_name="offline",
                                      extra_template_basedirs=[str(TEMPLATES)])
    resources = {"offline_page": {"head": page_head(styles), "tail": page_tail(data),
                                  "display": display},
                 "metadata": {"name": pathlib.Path(path).stem}}
    page, _ = exporter.from_notebook_node(notebook, resources=resources)
    return str(page)


def export_notebook(path: str | os.PathLike[str],
                    output: str | os.PathLike[str]) -> pathlib.Path:
    """Write the offline page of the executed notebook ``path`` to ``output``; return it.

    Raises :class:`PageError`: ``export-missing``, ``export-notebook``, ``export-no-widgets``,
    ``export-not-built`` or ``export-write``; nothing is written then.

    Example:
        >>> import pathlib, tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> _ = (folder / "notes.ipynb").write_text("not a notebook")
        >>> try:
        ...     export_notebook(folder / "notes.ipynb", folder / "notes.html")
        ... except PageError as error:
        ...     print(error.rule, (folder / "notes.html").exists())
        export-notebook False
    """
    return write_page(output, notebook_page(path))
