"""The built front end: where its files are and how a widget class hands them to anywidget.

``npm run build`` writes the bundles to ``stratego_widget/static``. A widget class gets each
file's text once, as a string: given a string (not a path), anywidget keeps no per-instance
file-watch callback on a class-level object, so a closed widget can be garbage-collected
(anywidget issue 929). Under ``ANYWIDGET_HMR=1`` (``make watch``) it gets the path instead, so
anywidget reloads the front end in a running notebook when the file is rebuilt.

Example:
    >>> esm, css = front_end("widget.js", "widget.css")
    >>> isinstance(esm, str) or esm.name == "widget.js"
    True
"""

from __future__ import annotations

import os
import pathlib

STATIC = pathlib.Path(__file__).parent.parent / "static"

NOT_BUILT = ("export default { render({ el }) { el.textContent = "
             "'The stratego_widget front end is not built (npm run build).'; } };")


def static_text(name: str, missing: str = "") -> str:
    """A built front-end file's text, or ``missing`` when it has not been built.

    Example:
        >>> static_text("no-such-file.js", "absent")
        'absent'
    """
    path = STATIC / name
    return path.read_text(encoding="utf-8") if path.exists() else missing


def front_end(script: str, *styles: str) -> tuple[str | pathlib.Path, str | pathlib.Path]:
    """The ``_esm`` and ``_css`` of a widget class: the script and its style sheets, joined.

    Under ``ANYWIDGET_HMR=1`` the script is a path (reloaded on save), and so is the style
    when it is one file; several style files stay text (re-run the cell to see them change).

    Example:
        >>> esm, css = front_end("lesson_widget.js", "widget.css", "lesson_widget.css")
        >>> isinstance(css, str)
        True
    """
    if os.environ.get("ANYWIDGET_HMR") == "1":
        style: str | pathlib.Path = (STATIC / styles[0] if len(styles) == 1
                                     else "\n".join(static_text(name) for name in styles))
        return STATIC / script, style
    return static_text(script, NOT_BUILT), "\n".join(static_text(name) for name in styles)
