"""``make run``'s JupyterLab, opened on the start-here tutorial, logs nothing but the project's
own messages: no extension of another tool fails to load in it (issue 21: the JupyterLite
kernel's extension, installed for the site build, logged a failure on every load), and the
server's console says nothing of it but its information lines: no warning that the kernel's
messages go unencrypted (ipykernel 7), that the websocket's ping settings clash (tornado 6.5)
or that the notebook is not trusted (`make run` signs the tutorials). The test server runs
with `make run`'s configuration (``jupyter/run.json``)."""

from __future__ import annotations

import pathlib
import shutil

import pytest
from harness import TIMEOUT_MS, Lab, wait_for
from playwright.sync_api import Browser

pytestmark = pytest.mark.e2e

START_HERE = pathlib.Path(__file__).resolve().parents[2] / "notebooks" / "00_start_here.ipynb"


def test_the_start_here_tutorial_opens_with_a_quiet_console(lab: Lab, browser: Browser) -> None:
    shutil.copy(START_HERE, lab.root / "quiet_start.ipynb")
    lab.trust("quiet_start.ipynb")
    assert lab.log is not None
    logged_before = len(lab.log.read_text().splitlines())
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    logged: list[str] = []
    page.on("console", lambda message: logged.append(f"{message.type}: {message.text}")
            if message.type in ("warning", "error") else None)
    page.on("pageerror", lambda error: logged.append(f"pageerror: {error}"))
    try:
        page.goto(f"{lab.url}/lab/tree/quiet_start.ipynb?reset")
        wait_for(page,
            "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel"
            "?.status === 'idle'")
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_selector(".sw-root [data-square]")
        page.wait_for_timeout(500)
        others = [line for line in logged if "stratego" not in line.lower()]
        assert others == []
        # The server's console meanwhile: information lines ("[I ...") and nothing else.
        said = lab.log.read_text().splitlines()[logged_before:]
        assert [line for line in said if not line.startswith(("[I ", " "))] == []
    finally:
        context.close()
