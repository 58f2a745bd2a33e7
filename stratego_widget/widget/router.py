"""One dispatch style for every session: a declared table of handlers by message type.

A session (the board's, a lesson's, a course's) declares its :class:`Router` once, when it is
made: each message type it takes and the handler that takes it, and a ``fallback`` for any
other message (one that is not a message at all included). A session around another one
declares the other's routes in its own table (:meth:`Router.with_routes`), so a message is
looked up once, in one table, and goes straight to the handler that takes it.

Example:
    >>> seen = []
    >>> router = Router({"ping": seen.append}, fallback=lambda message: seen.append("other"))
    >>> router.route({"type": "ping"}); router.route({"type": "pong"}); router.route(7)
    >>> seen
    [{'type': 'ping'}, 'other', 'other']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["Handler", "Router", "message_type", "square_of"]

#: A handler takes one message (its answer, if any, is the caller's to ignore).
Handler = Callable[[Any], object]


def message_type(message: Any) -> str | None:
    """The ``type`` of ``message`` when it is a message with a text type, else None.

    Example:
        >>> message_type({"type": "move"}), message_type({"type": 3}), message_type("move")
        ('move', None, None)
    """
    kind = message.get("type") if isinstance(message, dict) else None
    return kind if isinstance(kind, str) else None


def square_of(message: Any) -> str | None:
    """The square a refused proposal was about (its target first), checked by the protocol.

    Example:
        >>> square_of({"type": "move", "from": "a1", "to": "a2"}), square_of(None)
        ('a2', None)
    """
    if not isinstance(message, dict):
        return None
    for field in ("to", "square", "b", "from", "a"):
        value = message.get(field)
        if isinstance(value, str):
            return value
    return None


class Router:
    """A declared table of handlers by message type, and the handler of every other message.

    Example:
        >>> router = Router({"a": print}, fallback=print)
        >>> sorted(router.routes), "a" in router
        (['a'], True)
    """

    def __init__(self, routes: Mapping[str, Handler], fallback: Handler) -> None:
        self._routes: Mapping[str, Handler] = MappingProxyType(dict(routes))
        self._fallback = fallback

    @property
    def routes(self) -> Mapping[str, Handler]:
        """The table: each message type taken and its handler (read-only)."""
        return self._routes

    @property
    def fallback(self) -> Handler:
        """The handler of any message whose type is not in the table."""
        return self._fallback

    def __contains__(self, kind: object) -> bool:
        return kind in self._routes

    def handler(self, message: Any) -> Handler:
        """The handler ``message`` goes to.

        Example:
            >>> Router({}, fallback=print).handler({"type": "x"}) is print
            True
        """
        kind = message_type(message)
        return self._routes.get(kind, self._fallback) if kind is not None else self._fallback

    def route(self, message: Any) -> None:
        """Give ``message`` to its handler (looked up once, in this table)."""
        self.handler(message)(message)

    def with_routes(self, routes: Mapping[str, Handler]) -> Router:
        """This table with ``routes`` added (they win over this table's own), and the same
        fallback: how a session declares the routes of the session it runs beside its own.

        Example:
            >>> inner = Router({"a": print, "b": print}, fallback=print)
            >>> sorted(inner.with_routes({"c": repr}).routes)
            ['a', 'b', 'c']
        """
        return Router({**self._routes, **routes}, self._fallback)
