"""What the tests read of a page the project writes (an offline board, a notebook page): the
addresses its elements would load, its scripts, and the board state it carries."""

from __future__ import annotations

import html.parser
import json
from typing import Any

from stratego_widget.widget.page import STATE_ID


class Sources(html.parser.HTMLParser):
    """Every address a page's elements would load (src, href), and its scripts' text."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._script: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value is not None and tag != "a":
                self.addresses.append(value)
        if tag == "script":
            self._script = dict(attrs)

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self.scripts.append((self._script, data))
            self._script = None

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            self.scripts.append((self._script, ""))
            self._script = None


def parsed(page: str) -> Sources:
    sources = Sources()
    sources.feed(page)
    return sources


def page_state(page: str) -> dict[str, Any]:
    for attrs, text in parsed(page).scripts:
        if attrs.get("id") == STATE_ID:
            state: dict[str, Any] = json.loads(text)
            return state
    raise AssertionError("the page has no state")
