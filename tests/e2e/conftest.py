"""End-to-end fixtures: one JupyterLab server and one Chromium per session (see harness.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from harness import CHROMIUM, CHROMIUM_ARGS, Lab, Notebook, open_notebook, running_lab
from playwright.sync_api import Browser, sync_playwright


@pytest.fixture(scope="session")
def lab() -> Iterator[Lab]:
    with running_lab() as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture(name="open_notebook")
def open_notebook_fixture(lab: Lab, browser: Browser) -> Iterator[Callable[..., Notebook]]:
    notebooks: list[Notebook] = []

    def opener(name: str, *sources: str, **options: object) -> Notebook:
        notebook = open_notebook(lab, browser, name, *sources, **options)  # type: ignore[arg-type]
        notebooks.append(notebook)
        return notebook

    yield opener
    for notebook in notebooks:
        notebook.page.context.close()
