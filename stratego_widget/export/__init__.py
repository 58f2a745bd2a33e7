"""Offline pages of executed notebooks: ``stratego-widget export NOTEBOOK -o PAGE.html``.

A page of one board or game is ``widget.to_html(path)`` / ``game.to_html(path)``; this package
turns a whole notebook into one HTML file that shows every board with no network and no
kernel (see :mod:`stratego_widget.export.notebook`).

Example:
    >>> from stratego_widget.export import PageError, export_notebook
    >>> try:
    ...     export_notebook("missing.ipynb", "page.html")
    ... except PageError as error:
    ...     print(error.rule)
    export-missing
"""

from ..widget.page import PageError
from .notebook import export_notebook, notebook_page

__all__ = ["PageError", "export_notebook", "notebook_page"]
