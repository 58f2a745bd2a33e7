"""What the browser may send, checked against the one typed description, ``protocol.json``.

The same file is imported by the front end, so both sides agree on every message type, field
and value type. :func:`check_message` returns a message's type or raises
:class:`~stratego_widget.ProtocolError` with a rule id of ``protocol.json``'s ``rules``; its
sentence quotes at most ``limits.echo`` characters of what the browser sent, so junk never
becomes a large synced error text. :func:`check_trait` does the same for a synced trait the
browser sets.

Example:
    >>> from stratego_widget import ruleset
    >>> check_message({"type": "move", "from": "d4", "to": "d5"}, ruleset("original"))
    'move'
    >>> try:
    ...     check_message({"type": []}, ruleset("original"))
    ... except ProtocolError as error:
    ...     print(error.rule)
    protocol-message
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from importlib import resources
from typing import Any

from ..engine import pieces as P
from ..engine.errors import ProtocolError, StrategoError
from ..engine.rulesets import Ruleset


def _load() -> dict[str, Any]:
    text = resources.files(__package__ or __name__).joinpath("protocol.json").read_text(
        encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


PROTOCOL: dict[str, Any] = _load()
"""The whole of ``protocol.json``."""

MESSAGES: dict[str, dict[str, dict[str, Any]]] = PROTOCOL["messages"]
"""The board's messages: every board takes them."""
LESSON_MESSAGES: dict[str, dict[str, dict[str, Any]]] = PROTOCOL["lesson_messages"]
"""The lesson panel's messages: only a lesson board takes them."""
TRAITS: dict[str, dict[str, Any]] = PROTOCOL["traits"]
ECHO: int = PROTOCOL["limits"]["echo"]
MESSAGE_LIMIT: int = PROTOCOL["limits"]["message"]
_VALUES: dict[str, dict[str, Any]] = PROTOCOL["values"]
_KINDS = frozenset(P.KIND_NAMES)


def short(value: Any, limit: int = ECHO) -> str:
    """``repr(value)``, cut to ``limit`` characters (an ellipsis marks the cut).

    Example:
        >>> short("x" * 1000)[-5:], len(short("x" * 1000))
        ('xxxx…', 80)
    """
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - an object whose repr fails
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def bounded(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters: no error sentence grows with what was sent."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_message(message: Any, rules: Ruleset | None, *, lesson: bool = False,
                  known: Mapping[str, Mapping[str, Mapping[str, Any]]] | None = None) -> str:
    """Check a browser message against ``protocol.json``; return its type.

    ``lesson``: the board has a lesson panel, so the panel's messages (``lesson_messages``)
    are taken too. ``known``: another set of the protocol's messages instead (the lesson
    editor's ``editor_messages``). Without ``rules``, squares are not checked against a board.

    Raises :class:`ProtocolError` (rules ``protocol-message``, ``protocol-type``,
    ``protocol-field``, ``protocol-value``); never anything else, whatever ``message`` is.

    Example:
        >>> from stratego_widget import ruleset
        >>> try:
        ...     check_message({"type": "move", "from": "z" * 10_000, "to": "a1"},
        ...                   ruleset("original"))
        ... except ProtocolError as error:
        ...     print(error.rule, len(error.message) < 200)
        protocol-value True
        >>> check_message({"type": "lesson_goto", "step": 2}, ruleset("original"), lesson=True)
        'lesson_goto'
    """
    if not isinstance(message, dict):
        raise ProtocolError("protocol-message",
                            f"A message must be an object, not {type(message).__name__}.")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("protocol-message",
                            f"A message needs a text 'type', not {short(kind)}.")
    if known is None:
        known = {**MESSAGES, **LESSON_MESSAGES} if lesson else MESSAGES
    fields = known.get(kind)
    if fields is None:
        raise ProtocolError("protocol-type", f"Unknown message type {short(kind)}; types: "
                            f"{', '.join(known)}.")
    extra = [name for name in message if name != "type" and name not in fields]
    if extra:
        names = ", ".join(short(name, 24) for name in sorted(map(str, extra))[:3])
        raise ProtocolError("protocol-field", f"Unexpected field(s) {names} in {kind!r}.")
    for name, spec in fields.items():
        if name not in message:
            if spec.get("optional"):
                continue
            raise ProtocolError("protocol-field", f"The {kind!r} message needs a {name!r} field.")
        value = message[name]
        if value is None and spec.get("null"):
            continue
        problem = _value_problem(value, _VALUES[spec["is"]], rules)
        if problem:
            raise ProtocolError("protocol-value",
                                f"The {kind!r} message's {name!r} ({short(value)}) {problem}.")
    return kind


def _value_problem(value: Any, spec: Mapping[str, Any], rules: Ruleset | None) -> str | None:
    """Why ``value`` does not fit a value type of ``protocol.json``, or ``None``."""
    if spec["type"] == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            return "must be a whole number"
        if not spec["min"] <= value <= spec["max"]:
            return f"must be from {spec['min']} to {spec['max']}"
        return None
    if not isinstance(value, str):
        return "must be text"
    limit = spec.get("max_length", max(map(len, spec.get("enum", ["x" * ECHO]))))
    if len(value) > limit:
        return f"is longer than {limit} characters"
    if "enum" in spec and value not in spec["enum"]:
        return f"must be one of {', '.join(spec['enum'])}"
    check = spec.get("check")
    if check == "kind" and value not in _KINDS:
        return "is not a piece"
    if check == "square" and rules is not None:
        try:
            rules.geometry.index(value)
        except (StrategoError, ValueError, KeyError, IndexError):
            return "is not a square of this board"
    return None


def sort_browser_state(sync_data: Mapping[Any, Any], keys: Collection[str],
                       settable: Collection[str] | None = None
                       ) -> tuple[dict[str, Any], list[str], ProtocolError | None]:
    """Split a state the browser sent into the traits it may set (``settable``, else every
    trait of ``protocol.json``, each checked by :func:`check_trait`), the widget's ``keys`` it
    tried to set otherwise (to be put back), and the first refusal.

    Example:
        >>> allowed, refused, error = sort_browser_state({"lang": "nl", "view": {}},
        ...                                              ["lang", "view"])
        >>> allowed, refused, error.rule
        ({'lang': 'nl'}, ['view'], 'protocol-trait')
    """
    allowed: dict[str, Any] = {}
    refused: list[str] = []
    error: ProtocolError | None = None
    for name, value in sync_data.items():
        try:
            if settable is not None and name not in settable:
                raise ProtocolError("protocol-trait", f"The browser may not set "
                                    f"{short(str(name), 24)}: Python sets it.")
            check_trait(str(name), value)
        except ProtocolError as problem:
            error = error or problem
            if name in keys:
                refused.append(name)
            continue
        allowed[name] = value
    return allowed, refused, error


def check_trait(name: str, value: Any) -> None:
    """Check a synced trait the browser sets; raise ``ProtocolError`` (``protocol-trait``).

    Example:
        >>> check_trait("lang", "nl")
        >>> try:
        ...     check_trait("lang", 5)
        ... except ProtocolError as error:
        ...     print(error.rule, error.message)
        protocol-trait The browser may not set lang to 5: it must be text.
    """
    spec = TRAITS.get(name)
    if spec is None:
        raise ProtocolError("protocol-trait",
                            f"The browser may not set {short(name, 24)}: Python sets it.")
    problem = _value_problem(value, spec, None)
    if problem:
        raise ProtocolError("protocol-trait",
                            f"The browser may not set {name} to {short(value)}: it {problem}.")
