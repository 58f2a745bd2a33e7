"""A real JupyterLab on 127.0.0.1 and Debian's Chromium driven by Playwright.

Used by the end-to-end tests (through ``conftest.py``) and by ``benchmarks/widget_latency.py``.
The server runs with isolated Jupyter folders, no token, and the app exposed as
``window.jupyterapp`` so a test can ask the kernel what the Python widget now holds.

A notebook opened in JupyterLab may share one page with the notebooks before it
(:class:`SharedLab`): it is opened in that page's JupyterLab, and closed at the end with its
kernel shut down, so the next test sees neither; Notebook 7 shows one notebook per page, so
there each notebook has a page of its own. Loading JupyterLab is most of a short test's time.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import nbformat
from playwright.sync_api import Browser, Page, Route

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
TIMEOUT_MS = 60_000
#: How often a wait checks its condition in the page, in milliseconds. Playwright's default
#: checks it at every animation frame, which keeps the page drawing frames for as long as it
#: waits: on two cores, the browser tests' pages took about 5% more CPU time that way.
POLL_MS = 50


def wait_for(page: Page, expression: str, arg: Any = None, timeout: float = TIMEOUT_MS) -> Any:
    """Wait until the JavaScript ``expression`` (a function of ``arg``) is truthy in ``page``,
    checked every :data:`POLL_MS`; return its value (a handle)."""
    return page.wait_for_function(expression, arg=arg, timeout=timeout, polling=POLL_MS)


#: The configuration `make run` gives JupyterLab, which the test server runs with too (see the
#: Makefile: the kernels' messages encrypted, no websocket pings on this local server).
RUN_CONFIG = pathlib.Path(__file__).resolve().parents[2] / "jupyter" / "run.json"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_serving(url: str, server: subprocess.Popen[Any], log_path: pathlib.Path,
                       name: str, seconds: float) -> None:
    """Wait until ``url`` answers; if the server ends or ``seconds`` pass, raise with the end of
    its log."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not start: "
                                   + log_path.read_text()[-2000:]) from None
            time.sleep(0.2)


def stop_server(server: subprocess.Popen[Any]) -> None:
    """Ask a server started by a test to stop; kill it if it has not within 20 seconds."""
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()


class Lab:
    """A running JupyterLab server, the folder it serves, the file it logs to and the
    environment it runs in (its own Jupyter folders)."""

    def __init__(self, root: pathlib.Path, url: str, log: pathlib.Path | None = None,
                 env: dict[str, str] | None = None) -> None:
        self.root = root
        self.url = url
        self.log = log
        self.env = env

    def trust(self, name: str) -> None:
        """Sign the notebook ``name`` as trusted for this server, as `make run` signs the
        tutorials (else opening it logs that it is not trusted)."""
        subprocess.run([sys.executable, "-m", "jupyter", "trust", str(self.root / name)],
                       env=self.env, check=True, capture_output=True)

    def write_notebook(self, name: str, *sources: str) -> str:
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(source) for source in sources]
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                           "language": "python"}
        nbformat.write(notebook, self.root / name)
        return name

    def api(self, method: str, path: str) -> Any:
        """Call the Jupyter server's REST API (``/api/...``); the answer's JSON, or None."""
        request = urllib.request.Request(f"{self.url}/api/{path}", method=method)
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def shut_down(self, name: str) -> None:
        """Delete the sessions of the notebook ``name``: their kernels stop."""
        for session in self.api("GET", "sessions"):
            if session.get("path") == name:
                self.api("DELETE", f"sessions/{session['id']}")


@contextlib.contextmanager
def running_lab() -> Iterator[Lab]:
    """Start JupyterLab in a temporary folder; stop it on exit."""
    base = pathlib.Path(tempfile.mkdtemp(prefix="stratego-lab-"))
    root, home = base / "root", base / "home"
    root.mkdir()
    env = dict(os.environ)
    for var, folder in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                        ("JUPYTERLAB_SETTINGS_DIR", "settings"), ("JUPYTER_DATA_DIR", "data")):
        path = home / folder
        path.mkdir(parents=True)
        env[var] = str(path)
    # A learner's progress, kept by every lesson board, goes to this server's own folder.
    env["STRATEGO_WIDGET_PROGRESS"] = str(home / "progress.json")
    kernel = home / "data" / "kernels" / "python3"
    kernel.mkdir(parents=True)
    # As ipykernel's own kernel spec, it says the kernel can encrypt its messages (CurveZMQ),
    # which the server then does, as `make run`'s does (RUN_CONFIG).
    (kernel / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3", "language": "python",
        "metadata": {"supported_encryption": ["curve"]}}))
    # No build check on each page load: JupyterLab's asks the server, which runs yarn and node
    # (16 node processes in one run of the browser tests); the tests rebuild nothing.
    labconfig = home / "config" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(json.dumps({"buildCheck": False,
                                                             "buildAvailable": False}))
    news = home / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
    port = free_port()
    log_path = base / "server.log"
    log = log_path.open("w")  # a pipe nobody reads would fill up and stall the server
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
         f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
         "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.allow_root=True",
         "--FileContentsManager.delete_to_trash=False", "--LabApp.expose_app_in_browser=True",
         # the tests shut kernels down through the REST API, from outside the browser
         "--ServerApp.disable_check_xsrf=True",
         "--JupyterNotebookApp.expose_app_in_browser=True",
         f"--config={RUN_CONFIG}", f"--ServerApp.root_dir={root}"],
        env=env, stdout=subprocess.DEVNULL, stderr=log, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(f"{url}/api/status", server, log_path, "JupyterLab", seconds=90)
        yield Lab(root, url, log_path, env)
    finally:
        stop_server(server)
        log.close()
        shutil.rmtree(base, ignore_errors=True)


class Notebook:
    """A notebook open in JupyterLab, with its widget rendered; :meth:`close` closes it and
    shuts its kernel down."""

    def __init__(self, page: Page, errors: list[str], host: str = "lab", *, lab: Lab | None = None,
                 name: str = "", shared: bool = False) -> None:
        self.page = page
        self.errors = errors
        self.host = host
        self.lab = lab
        self.name = name
        self.shared = shared
        self.listeners: list[tuple[str, Any]] = []
        self.closed = False

    def close(self) -> None:
        """Close the notebook as a learner does at the end of a visit: its kernel is shut down
        (the server's sessions of it deleted), and its page closed, or, in a shared page, its
        tab (the page is left as it was before the notebook opened). Once only."""
        if self.closed:
            return
        self.closed = True
        if self.lab is not None and self.name:
            self.lab.shut_down(self.name)
        if not self.shared:
            self.page.context.close()
            return
        for event, listener in self.listeners:
            self.page.remove_listener(event, listener)
        self.page.evaluate(
            """async (path) => {
                const app = window.jupyterapp;
                for (const widget of [...app.shell.widgets('main')]) {
                  if (widget.context?.path !== path) continue;
                  widget.context.model.dirty = false;  // no "save your work?" dialog
                  widget.dispose();
                }
            }""", self.name)
        wait_for(self.page,
            "path => ![...window.jupyterapp.shell.widgets('main')]"
            ".some((widget) => widget.context?.path === path)", arg=self.name)

    def cells(self) -> list[str]:
        """The notebook's cells, by type ("code", "markdown"), as the host now holds them."""
        return self.page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.content.widgets.map(c => c.model.type)")

    def square(self, name: str) -> Any:
        return self.page.locator(f'.sw-root [data-square="{name}"]')

    def testid(self, name: str) -> Any:
        return self.page.locator(f'.sw-root [data-testid="{name}"]').first

    def serial(self) -> int:
        return int(self.page.locator(".sw-root").first.get_attribute("data-serial") or 0)

    def wait_serial_above(self, serial: int) -> None:
        wait_for(self.page,
            "s => Number(document.querySelector('.sw-root')?.dataset.serial) > s", arg=serial,
            timeout=TIMEOUT_MS)

    def click_move(self, move: str) -> None:
        """Click the origin and then the target of a move; wait for Python's new view."""
        origin, target = move.replace("x", "-").split("!")[0].split("-")[:2]
        serial = self.serial()
        self.square(origin).click()
        self.square(target).click()
        self.wait_serial_above(serial)

    def python(self, code: str) -> str:
        """Run code in the notebook's kernel (not in a cell) and return what it printed."""
        return self.page.evaluate(
            """async (code) => {
                const panel = window.jupyterapp.shell.currentWidget;
                const kernel = panel.sessionContext.session.kernel;
                const future = kernel.requestExecute({code, store_history: false});
                let out = "";
                future.onIOPub = (msg) => {
                  if (msg.header.msg_type === "stream") out += msg.content.text;
                  if (msg.header.msg_type === "error") out += "ERROR " + msg.content.evalue;
                };
                await future.done;
                return out;
            }""", code).strip()


HOSTS = ("lab", "notebook")
# Notebook 7's own start-up errors, raised whatever the notebook holds (no widget needed).
HOST_NOISE = ("reading 'schema'", "Command 'filebrowser:open-path' not registered")


#: The notebook in front has its kernel, idle.
KERNEL_IDLE = ("() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel"
               "?.status === 'idle'")


def listen_for_errors(page: Page, errors: list[str]) -> list[tuple[str, Any]]:
    """Collect in ``errors`` the page's uncaught errors (but the host's own start-up noise) and
    the errors it logs about the widget; returns the listeners (to remove them)."""
    def on_error(error: Any) -> None:
        if not any(noise in str(error) for noise in HOST_NOISE):
            errors.append(str(error))

    def on_console(msg: Any) -> None:
        if msg.type == "error" and "stratego" in msg.text.lower():
            errors.append(msg.text)

    page.on("pageerror", on_error)
    page.on("console", on_console)
    return [("pageerror", on_error), ("console", on_console)]


class SharedLab:
    """One JupyterLab page, loaded once, in which notebooks open one after another (each
    closed, its kernel shut down, before the next); dropped when a notebook could not be
    closed cleanly, so that the next test loads a fresh one."""

    def __init__(self, lab: Lab, browser: Browser) -> None:
        self.lab = lab
        self.browser = browser
        self.page: Page | None = None

    def open(self, name: str, viewport: tuple[int, int], color_scheme: str) -> Page:
        """The shared page, sized and coloured for the next notebook, with ``name`` open in
        front and its kernel idle."""
        if self.page is None:
            context = self.browser.new_context()
            self.page = context.new_page()
            self.page.set_default_timeout(TIMEOUT_MS)
            self.page.goto(f"{self.lab.url}/lab?reset")
            wait_for(self.page, "() => window.jupyterapp?.commands.hasCommand("
                                        "'docmanager:open')")
            self.page.evaluate("() => window.jupyterapp.restored.then(() => null)")
        page = self.page
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page.emulate_media(color_scheme=color_scheme)  # type: ignore[arg-type]
        page.evaluate("path => window.jupyterapp.commands.execute('docmanager:open', {path})"
                      ".then(() => null)", name)
        wait_for(page,
            "path => window.jupyterapp.shell.currentWidget?.context?.path === path", arg=name)
        return page

    def drop(self) -> None:
        """Close the page; the next notebook loads JupyterLab again."""
        if self.page is not None:
            self.page.context.close()
            self.page = None


def open_notebook(lab: Lab, browser: Browser, name: str, *sources: str, host: str = "lab",
                  color_scheme: str = "light",
                  viewport: tuple[int, int] = (1400, 1000),
                  ready: str = ".sw-root [data-square]",
                  shared: SharedLab | None = None) -> Notebook:
    """Write a notebook, open it, run it, wait for the board.

    ``host``: "lab" (JupyterLab) or "notebook" (Notebook 7, served by the same server);
    ``ready``: the selector whose element says the notebook's output is drawn (the board);
    ``shared``: in JupyterLab, the page to open it in (else a new browser context).
    """
    lab.write_notebook(name, *sources)
    if shared is not None and host == "lab":
        page = shared.open(name, viewport, color_scheme)
    else:
        context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                      color_scheme=color_scheme)  # type: ignore[arg-type]
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    listeners = listen_for_errors(page, errors)
    if shared is None or host != "lab":
        path = f"lab/tree/{name}?reset" if host == "lab" else f"notebooks/{name}"
        page.goto(f"{lab.url}/{path}")
    notebook = Notebook(page, errors, host, lab=lab, name=name,
                        shared=shared is not None and host == "lab")
    notebook.listeners = listeners
    wait_for(page, KERNEL_IDLE)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(ready)
    return notebook


# ---------------------------------------------------------------------- offline pages


@dataclasses.dataclass
class OfflinePage:
    """A page open in Chromium with only file: and data: allowed: the requests it tried to
    make beyond those (each refused) and the errors it logged."""

    page: Page
    blocked: list[str]
    errors: list[str]


@contextlib.contextmanager
def open_offline(browser: Browser, path: pathlib.Path) -> Iterator[OfflinePage]:
    """Open the page at ``path`` in a fresh browser context where nothing but file: and data:
    loads; closed on leaving."""
    context = browser.new_context()
    shown = OfflinePage(context.new_page(), [], [])

    def only_local(route: Route) -> None:
        if route.request.url.startswith(("file:", "data:")):
            route.continue_()
        else:
            shown.blocked.append(route.request.url)
            route.abort()

    context.route("**/*", only_local)
    shown.page.set_default_timeout(TIMEOUT_MS)
    shown.page.on("pageerror", lambda error: shown.errors.append(str(error)))
    shown.page.on("console", lambda message: shown.errors.append(message.text)
                  if message.type == "error" else None)
    shown.page.goto(path.as_uri())
    try:
        yield shown
    finally:
        context.close()


def occupied(page: Page) -> set[str]:
    """The squares of the page's board that show a piece."""
    return set(page.eval_on_selector_all(
        ".sw-root [data-square]:has(.sw-piece:not(.sw-none))",
        "cells => cells.map(cell => cell.dataset.square)"))


def shown_ply(page: Page) -> str:
    """The replay position the page's board shows (its slider's value)."""
    return page.locator(".sw-root [data-testid=replay-slider]").input_value()


def wait_for_ply(page: Page, ply: int) -> None:
    """Wait until the page's board shows the replay position ``ply``."""
    wait_for(page, "ply => document.querySelector('.sw-root [data-testid=replay-slider]')"
                           ".value === String(ply)", arg=ply)


# ---------------------------------------------------------------------- accessibility and fit

#: axe-core, from the project's npm packages (a pinned devDependency).
AXE_SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: The WCAG 2.0 and 2.1 rules, levels A and AA.
AXE_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


def set_theme(page: Page, theme: str) -> None:
    """Switch JupyterLab's theme ("light" or "dark"); it is a saved setting, shared by the
    tests of a session, so a test that changes it puts "light" back."""
    page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})",
                  THEMES[theme])
    wait_for(page, "light => document.body.dataset.jpThemeLight === light",
                           arg="true" if theme == "light" else "false")
    page.wait_for_timeout(300)  # the theme's stylesheet applies after the attribute


def run_axe(page: Page, selector: str) -> dict[str, Any]:
    """Run axe-core's WCAG 2.x A and AA rules on the elements matching ``selector``.

    JupyterLab's shell clips the notebook (``overflow: hidden``), and axe-core takes text in a
    clipped box for hidden and skips it: while axe runs, every ancestor of the checked
    elements is unclipped (and the notebook's off-screen cells drawn). Returns the violations
    (rule, impact, nodes), per rule how many nodes passed or could not be decided, and the
    undecided nodes (``undecided``) with axe's reason.
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE_SCRIPT.read_text())
    return page.evaluate(
        """async ({selector, tags}) => {
            const targets = [...document.querySelectorAll(selector)];
            if (!targets.length) throw new Error('nothing matches ' + selector);
            const lifted = new Set();
            for (const target of targets) {
              for (let node = target.parentElement; node; node = node.parentElement) lifted.add(node);
            }
            for (const node of lifted) node.setAttribute('data-sw-axe-unclip', '');
            const style = document.createElement('style');
            style.textContent = '[data-sw-axe-unclip] { overflow: visible !important;'
              + ' height: auto !important; max-height: none !important;'
              + ' contain: none !important; content-visibility: visible !important; }';
            document.head.append(style);
            try {
              const result = await window.axe.run({include: targets},
                {runOnly: {type: 'tag', values: tags}});
              const count = (rules) => Object.fromEntries(rules.map((r) => [r.id, r.nodes.length]));
              return {
                violations: result.violations.map((v) => ({id: v.id, impact: v.impact,
                  help: v.help, nodes: v.nodes.map((n) => ({target: n.target.join(' '),
                    html: n.html.slice(0, 160), summary: n.failureSummary}))})),
                passes: count(result.passes),
                incomplete: count(result.incomplete),
                undecided: result.incomplete.map((v) => ({id: v.id, nodes: v.nodes.map((n) => ({
                  target: n.target.join(' '), summary: n.failureSummary}))})),
              };
            } finally {
              style.remove();
              for (const node of lifted) node.removeAttribute('data-sw-axe-unclip');
            }
        }""", {"selector": selector, "tags": list(AXE_TAGS)})


def scroll_to_top_of_notebook(page: Page, selector: str) -> None:
    """Scroll the notebook as a reader would, so that the element matching ``selector`` (an
    output) starts at the top of the notebook's scroll area."""
    for _ in range(3):  # cells out of view take their real height only once scrolled to
        page.evaluate(
            """(selector) => {
                const target = document.querySelector(selector);
                let box = target.parentElement;
                while (box && !(['auto', 'scroll'].includes(getComputedStyle(box).overflowY)
                                && box.scrollHeight > box.clientHeight + 1)) {
                  box = box.parentElement;
                }
                box = box || document.scrollingElement;
                box.scrollTop += target.getBoundingClientRect().top - box.getBoundingClientRect().top;
            }""", selector)
        page.evaluate(
            "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def wait_until_laid_out(page: Page, selector: str, frames: int = 10) -> None:
    """Wait until the elements matching ``selector`` and the page's scroll areas keep their
    boxes for ``frames`` animation frames in a row: a page resized while open (the shared
    JupyterLab page) lays its notebook out again over several frames."""
    page.evaluate(
        """async ([selector, frames]) => {
            const boxes = () => JSON.stringify([...document.querySelectorAll(selector)]
              .map((node) => node.getBoundingClientRect())
              .concat([...document.querySelectorAll('.jp-WindowedPanel-outer, .jp-Notebook')]
                .map((node) => [node.scrollTop, node.scrollHeight, node.clientHeight])));
            const frame = () => new Promise((done) => requestAnimationFrame(done));
            let last = boxes(), same = 0;
            for (let i = 0; i < 600 && same < frames; i++) {
              await frame();
              const now = boxes();
              same = now === last ? same + 1 : 0;
              last = now;
            }
            if (same < frames) throw new Error('still moving after 600 frames: ' + selector);
        }""", [selector, frames])


def outside_the_notebook_view(page: Page, selector: str, parts: str) -> dict[str, Any]:
    """The elements ``parts`` inside the element matching ``selector`` that are not wholly
    within the visible part of the notebook's scroll area (by name: their box and the area's),
    and how many were measured."""
    return page.evaluate(
        """([selector, parts]) => {
            const target = document.querySelector(selector);
            let box = target.parentElement;
            while (box && !(['auto', 'scroll'].includes(getComputedStyle(box).overflowY)
                            && box.scrollHeight > box.clientHeight + 1)) {
              box = box.parentElement;
            }
            const area = (box || document.documentElement).getBoundingClientRect();
            const view = {top: Math.max(area.top, 0), bottom: Math.min(area.bottom, innerHeight),
                          left: Math.max(area.left, 0), right: Math.min(area.right, innerWidth)};
            const out = {};
            const nodes = [...target.querySelectorAll(parts)];
            nodes.forEach((node, i) => {
              const r = node.getBoundingClientRect();
              if (r.top < view.top - 0.5 || r.bottom > view.bottom + 0.5 || r.left < view.left - 0.5
                  || r.right > view.right + 0.5) {
                out[node.dataset.square || node.dataset.testid || node.className || String(i)] =
                  [r.top, r.bottom, r.left, r.right];
              }
            });
            return {outside: out, measured: nodes.length, view: [view.top, view.bottom]};
        }""", [selector, parts])
