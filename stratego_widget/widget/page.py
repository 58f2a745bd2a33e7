"""Offline pages: boards drawn from their saved state with no kernel and no network.

A page is one HTML file. Each display of a widget is a ``<div class="sw-page-widget">`` that
first holds the picture saved for places without widgets; a JSON script (``#sw-page-state``)
holds every widget model's saved state and each anywidget front-end module once, and the page's
own script (``static/page.js``, built from ``js/page/page.ts``) draws the widgets from them. Nothing
is fetched: the board's bundle and styles are inlined from the package, so the page works from
a USB stick, an e-mail attachment or a course site with no network. The boards are read-only;
a game's replay (``replay_frames``) still steps back and forth in the browser.

:func:`board_page` makes the page of one board (``StrategoWidget.to_html``, ``Game.to_html``);
:func:`page_state`, :func:`page_head`, :func:`page_tail` and :func:`widget_display` are the
parts a notebook's page uses (:mod:`stratego_widget.export`).

Example:
    >>> state = {"_model_module": "anywidget", "_esm": "export default {}", "_css": ".a{}",
    ...          "interactive": True}
    >>> html = board_page("m1", state, None, title="A board")
    >>> html.count('class="sw-page-widget"'), "http://" in html or "https://" in html
    (1, False)
"""

from __future__ import annotations

import html
import json
import os
import pathlib
from typing import Any

from ..engine.errors import StrategoError
from .static import STATIC

STATE_ID = "sw-page-state"
#: The ``_anywidget_id`` prefix of this package's widgets: read-only in a page.
OWN_WIDGETS = "stratego_widget."


class PageError(StrategoError):
    """A page that cannot be made: ``export-not-built`` (the front end is not built),
    ``export-write`` (the page cannot be written), and for notebooks ``export-missing``,
    ``export-notebook`` (not a notebook) and ``export-no-widgets`` (no saved widget state).

    Example:
        >>> PageError("export-write", "Cannot write page.html.").rule
        'export-write'
    """

    default_rule = "export"


def static_text(name: str) -> str:
    """A built front-end file of the package (``page.js``, ``widget.css``, ...).

    Raises :class:`PageError` (``export-not-built``) when the front end is not built.

    Example:
        >>> "sw-page-state" in static_text("page.js")
        True
    """
    path = STATIC / name
    if not path.is_file():
        raise PageError("export-not-built", f"The front end is not built ({name} is missing): "
                        "run npm run build.")
    return path.read_text(encoding="utf-8")


#: Characters that could end or comment out a ``<script>`` element, as JSON escapes: JSON
#: itself reads ``\\u003c`` as ``<``, so the data is unchanged (``<\\!--`` is not valid JSON).
_SCRIPT_ESCAPES = str.maketrans({"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                                 "\u2028": "\\u2028", "\u2029": "\\u2029"})


def script_json(data: Any) -> str:
    """``data`` as JSON that is safe inside a ``<script>`` element: no ``<``, ``>`` or ``&``
    in it (each is written as its ``\\u`` escape, which any JSON reader turns back).

    Example:
        >>> print(script_json({"a": "</script><!--"}))
        {"a":"\\u003c/script\\u003e\\u003c!--"}
        >>> json.loads(script_json({"a": "</script><!--"}))
        {'a': '</script><!--'}
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.translate(_SCRIPT_ESCAPES)


def page_state(models: dict[str, dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    """The page's JSON (modules once, each model's state) and the distinct widget styles.

    ``models`` maps model ids to saved states (as a notebook's widget state holds them). An
    anywidget's ``_esm`` and ``_css`` leave its state: each module text is kept once, by id;
    this package's boards are marked read-only (there is no Python behind a page).

    Example:
        >>> board = {"_model_module": "anywidget", "_esm": "x", "_css": "c",
        ...          "_anywidget_id": "stratego_widget.widget.board.StrategoWidget",
        ...          "interactive": True}
        >>> state, styles = page_state({"a": board, "b": dict(board), "c": {"value": 1}})
        >>> state["modules"], [state["models"][k]["module"] for k in "abc"], styles
        ({'m0': 'x'}, ['m0', 'm0', None], ['c'])
        >>> state["models"]["a"]["state"]["interactive"]
        False
    """
    modules: dict[str, str] = {}
    ids: dict[str, str] = {}
    styles: list[str] = []
    kept: dict[str, dict[str, Any]] = {}
    for model_id, saved in models.items():
        state = {key: value for key, value in saved.items() if key not in ("_esm", "_css")}
        esm, css = saved.get("_esm"), saved.get("_css")
        module = None
        if saved.get("_model_module") == "anywidget" and isinstance(esm, str):
            module = ids.setdefault(esm, f"m{len(ids)}")
            modules[module] = esm
        if isinstance(css, str) and css and css not in styles:
            styles.append(css)
        if str(saved.get("_anywidget_id", "")).startswith(OWN_WIDGETS) and "interactive" in state:
            state["interactive"] = False
        kept[model_id] = {"module": module, "state": state}
    return {"modules": modules, "models": kept}, styles


def page_head(styles: list[str]) -> str:
    """The ``<style>`` elements of a page: the widgets' own styles and the page's frame.

    Example:
        >>> page_head([".a{}"]).count("<style>")
        2
    """
    frame = (".sw-page-widget{margin:0.5rem 0;}"
             ".sw-page-widget img{max-width:100%;}")
    return "".join(f"<style>{css.replace('</', '<' + chr(92) + '/')}</style>"
                   for css in [frame, *styles])


def page_tail(state: dict[str, Any]) -> str:
    """The page's state script and its own script (draws the widgets when the page loads).

    Example:
        >>> page_tail({"modules": {}, "models": {}}).startswith('<script type="application/json"')
        True
    """
    script = static_text("page.js").replace("</script", "<\\/script")
    return (f'<script type="application/json" id="{STATE_ID}">{script_json(state)}</script>'
            f"<script>{script}</script>")


def widget_display(model_id: str, fallback: str) -> str:
    """Where one display of a widget goes; ``fallback`` (HTML) shows until it is drawn, and
    stays if it cannot be (a widget without a front end in the page).

    Example:
        >>> widget_display("m1", "<img alt='board'>")
        '<div class="sw-page-widget" data-model-id="m1"><img alt=\\'board\\'></div>'
    """
    return (f'<div class="sw-page-widget" data-model-id="{html.escape(model_id)}">'
            f"{fallback}</div>")


def picture_html(svg: str | None, alt: str) -> str:
    """A picture fallback: the SVG inline, or the ``alt`` text when there is no picture.

    Example:
        >>> picture_html(None, "A board")
        '<p>A board</p>'
    """
    if svg is None:
        return f"<p>{html.escape(alt)}</p>"
    return f'<figure role="img" aria-label="{html.escape(alt)}">{svg}</figure>'


def board_page(model_id: str, state: dict[str, Any], svg: str | None,
               title: str = "Stratego") -> str:
    """One page showing one board from its synced state (``svg``: its picture, shown until
    the board is drawn).

    Example:
        >>> page = board_page("m1", {"view": {}}, "<svg></svg>", title="Duel")
        >>> "<title>Duel</title>" in page and "<svg></svg>" in page
        True
    """
    data, styles = page_state({model_id: state})
    name = html.escape(title)
    return ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{name}</title>{page_head(styles)}</head><body><main>"
            f"<h1>{name}</h1>{widget_display(model_id, picture_html(svg, title))}</main>"
            f"{page_tail(data)}</body></html>")


def write_page(path: str | os.PathLike[str], page: str) -> pathlib.Path:
    """Write ``page`` to ``path`` as UTF-8; raise :class:`PageError` (``export-write``) when
    that is not possible (a missing folder, no permission).

    Example:
        >>> import tempfile
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> write_page(folder / "p.html", "<p>hi</p>").read_text()
        '<p>hi</p>'
    """
    target = pathlib.Path(path)
    try:
        target.write_text(page, encoding="utf-8")
    except OSError as error:
        raise PageError("export-write", f"Cannot write the page {str(target)!r}: "
                        f"{error.strerror or error}.") from error
    return target
