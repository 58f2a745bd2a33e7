"""Write ``js/generated/types.ts``: the front end's types, from the one Python description.

The synced state is described once, in Python, as :class:`~typing.TypedDict` classes and
``Literal`` aliases (``stratego_widget/widget/view_types.py`` for the board,
``stratego_widget/lessons/board/panel_types.py`` for a lesson board's panel), and the messages the
browser may send are described once in ``stratego_widget/widget/protocol.json``. This script
turns both into TypeScript, so that the two sides cannot drift apart:

- each ``Literal`` alias becomes an exported type (``export type Side = "red" | "blue";``);
- each TypedDict becomes an exported interface: ``str`` → ``string``, ``int``/``float`` →
  ``number``, ``bool`` → ``boolean``, ``X | None`` → ``X | null``, ``Literal[...]`` → a union
  of literals (or the alias's name), ``list[T]`` → ``T[]``, ``dict[str, T]`` →
  ``Record<string, T>``, another TypedDict by its name; the keys of a ``total=False`` class (or
  ``NotRequired``) are optional, and a TypedDict subclass ``extends`` its base;
- each message of ``protocol.json`` becomes an interface (``MoveMessage``), with the unions
  ``BoardMessage`` (``messages``), ``LessonMessage`` (``lesson_messages``), ``Message`` and
  ``MessageType``.

Run it from the project's root, with the project's environment, after changing any of them::

    python js/make_types.py            # writes js/generated/types.ts
    python js/make_types.py --check    # exit status 1 if the file is not current

``tests/widget/test_js_types.py`` fails when the file is not what this script writes now. The output
depends only on the descriptions (definition order, no time stamp), so it is reproducible.

Example:
    >>> ts_type(list[str | None])
    '(string | null)[]'
    >>> print(message_interface("move", {"from": {"is": "square"}, "to": {"is": "square"}},
    ...                         {"square": {"type": "string"}}))
    export interface MoveMessage {
      type: "move";
      from: string; // square
      to: string; // square
    }
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import json
import pathlib
import re
import sys
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "js" / "generated" / "types.ts"
PROTOCOL = ROOT / "stratego_widget" / "widget" / "protocol.json"
#: The modules that describe the synced state, in the order their types are written.
MODULES = ("stratego_widget.widget.view_types", "stratego_widget.lessons.board.panel_types")
#: TypedDicts whose TypeScript name differs from Python's: the view's ``Message`` (an error or a
#: note) would clash with the union of the messages the browser sends.
RENAMED = {"Message": "ViewMessage"}

SCALARS: dict[Any, str] = {
    str: "string", int: "number", float: "number", bool: "boolean", type(None): "null",
    Any: "unknown", object: "unknown",
}
#: The value types of protocol.json (``values[...]["type"]``) in TypeScript.
VALUE_TYPES = {"string": "string", "integer": "number", "boolean": "boolean"}

HEADER = """\
// GENERATED FILE: do not edit. Written by js/make_types.py from the one description of the
// synced state (stratego_widget/widget/view_types.py, stratego_widget/lessons/board/panel_types.py)
// and of the browser's messages (stratego_widget/widget/protocol.json). After changing any of
// them, regenerate it from the project's root with the project's environment:
//
//     python js/make_types.py
//
// tests/widget/test_js_types.py fails while this file is not current.
"""


def ts_name(name: str) -> str:
    """The TypeScript name of a TypedDict called ``name`` in Python.

    >>> ts_name("View"), ts_name("Message")
    ('View', 'ViewMessage')
    """
    return RENAMED.get(name, name)


def _literal(values: Iterable[Any]) -> str:
    return " | ".join(json.dumps(value) for value in values)


def _strip(tp: Any) -> Any:
    """``tp`` without the wrappers that do not change its type (Annotated, (Not)Required)."""
    while True:
        origin = typing.get_origin(tp)
        if origin in (typing.Annotated, typing.NotRequired, typing.Required):
            tp = typing.get_args(tp)[0]
        else:
            return tp


def ts_type(tp: Any, aliases: Mapping[str, Any] | None = None) -> str:
    """The TypeScript type of the Python annotation ``tp``.

    ``aliases``: ``Literal`` aliases by name; a ``Literal`` equal to one is written by that
    name. A type this converter does not know raises :class:`TypeError` (rather than being
    written as something loose).

    >>> ts_type(dict[str, list[int]])
    'Record<string, number[]>'
    >>> from typing import Literal
    >>> ts_type(Literal["red", "blue"] | None), ts_type(Literal["red", "blue"], {"Side": Literal["red", "blue"]})
    ('"red" | "blue" | null', 'Side')
    """
    aliases = aliases or {}
    tp = _strip(tp)
    if tp in SCALARS:
        return SCALARS[tp]
    if typing.is_typeddict(tp):
        return ts_name(tp.__name__)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Literal:
        for name, alias in aliases.items():
            if alias == tp:
                return name
        return _literal(args)
    if origin in (typing.Union, types.UnionType):
        parts = [ts_type(arg, aliases) for arg in args if arg is not type(None)]
        if type(None) in args:
            parts.append("null")
        return " | ".join(parts)
    if origin in (list, Sequence):
        item = ts_type(args[0], aliases) if args else "unknown"
        return f"({item})[]" if " " in item else f"{item}[]"
    if origin in (dict, Mapping):
        key, value = (ts_type(arg, aliases) for arg in args) if args else ("string", "unknown")
        return f"Record<{key}, {value}>"
    raise TypeError(f"no TypeScript type for {tp!r}")


def _markdown(text: str) -> str:
    """reStructuredText markup as TypeScript comments write it.

    >>> _markdown("the ``view`` (:meth:`~stratego_widget.lessons.LessonRun.panel`)")
    'the `view` (`panel`)'
    """
    text = re.sub(r":\w+:`~?([\w.]*?)([\w]+)`", r"`\2`", text)
    return text.replace("``", "`")


def _doc(text: str | None, indent: str = "") -> list[str]:
    """A docstring as a JSDoc comment (nothing for no docstring)."""
    if not text:
        return []
    lines = _markdown(inspect.cleandoc(text)).splitlines()
    if len(lines) == 1:
        return [f"{indent}/** {lines[0]} */"]
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in lines), f"{indent} */"]


def _class_bases(cls: Any) -> list[str]:
    """The names of the classes a TypedDict class is written as deriving from (from
    ``__orig_bases__`` where Python keeps it, else from the module's source)."""
    bases = getattr(cls, "__orig_bases__", None)
    if bases is not None:
        return [base.__name__ for base in bases if typing.is_typeddict(base)]
    try:
        tree = ast.parse(inspect.getsource(sys.modules[cls.__module__]))
    except (OSError, TypeError, KeyError):
        return []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return [ast.unparse(base).split(".")[-1] for base in node.bases]
    return []  # a functional TypedDict: no base


def typeddict_interface(cls: Any, aliases: Mapping[str, Any], known: Mapping[str, Any]) -> str:
    """The exported interface of the TypedDict class ``cls``; ``known``: the TypedDicts
    written too, by Python name (a base among them is ``extends``-ed, its fields not repeated).
    """
    hints = typing.get_type_hints(cls, include_extras=True)
    # NotRequired/Required written in a stringized annotation are seen here only.
    optional = set(cls.__optional_keys__)
    for key, tp in hints.items():
        if typing.get_origin(tp) is typing.NotRequired:
            optional.add(key)
        elif typing.get_origin(tp) is typing.Required:
            optional.discard(key)
    bases = [known[name] for name in _class_bases(cls) if name in known]
    inherited: set[str] = set()
    for base in bases:
        inherited |= set(typing.get_type_hints(base, include_extras=True))
    extends = f" extends {', '.join(ts_name(base.__name__) for base in bases)}" if bases else ""
    lines = _doc(cls.__doc__)
    lines.append(f"export interface {ts_name(cls.__name__)}{extends} {{")
    for key, tp in hints.items():
        if key in inherited:
            continue
        mark = "?" if key in optional else ""
        prop = key if key.isidentifier() else json.dumps(key)
        lines.append(f"  {prop}{mark}: {ts_type(tp, aliases)};")
    lines.append("}")
    return "\n".join(lines)


def literal_aliases(modules: Sequence[types.ModuleType]) -> dict[str, Any]:
    """The ``Literal`` aliases the modules define, by name, in definition order (an alias
    imported from an earlier module is not defined twice)."""
    found: dict[str, Any] = {}
    for module in modules:
        for name, value in vars(module).items():
            if name.startswith("_") or typing.get_origin(value) is not typing.Literal:
                continue
            if name in found and found[name] != value:
                raise ValueError(f"two different Literal aliases named {name}")
            found.setdefault(name, value)
    return found


def typeddicts(modules: Sequence[types.ModuleType]) -> dict[str, Any]:
    """The TypedDict classes defined in the modules (not imported ones), by name, in
    definition order."""
    found: dict[str, Any] = {}
    for module in modules:
        for name, value in vars(module).items():
            if typing.is_typeddict(value) and value.__module__ == module.__name__:
                if name in found:
                    raise ValueError(f"two TypedDicts named {name}")
                found[name] = value
    return found


def message_name(kind: str) -> str:
    """The interface name of a message type.

    >>> message_name("random_setup")
    'RandomSetupMessage'
    """
    return "".join(part.capitalize() for part in kind.split("_")) + "Message"


def message_interface(kind: str, fields: Mapping[str, Mapping[str, Any]],
                      values: Mapping[str, Mapping[str, Any]]) -> str:
    """The interface of the message ``kind`` with ``fields`` as protocol.json lists them
    (``{"is": value type, "null": bool, "optional": bool}``); ``values``: the value types."""
    lines = [f"export interface {message_name(kind)} {{", f"  type: {json.dumps(kind)};"]
    for field, spec in fields.items():
        value = spec["is"]
        if value not in values:
            raise ValueError(f"message {kind}: field {field} has an unknown value type {value}")
        ts = VALUE_TYPES[values[value]["type"]] + (" | null" if spec.get("null") else "")
        mark = "?" if spec.get("optional") else ""
        prop = field if field.isidentifier() else json.dumps(field)
        lines.append(f"  {prop}{mark}: {ts}; // {value}")
    lines.append("}")
    return "\n".join(lines)


def _union(name: str, members: Sequence[str], doc: str) -> str:
    body = "\n".join(f"  | {member}" for member in members) if members else "  never"
    return f"/** {doc} */\nexport type {name} =\n{body};"


def messages_part(protocol: Mapping[str, Any]) -> str:
    """The message interfaces and their unions, from protocol.json's contents."""
    values = protocol["values"]
    parts = ["// ---------------------------------------------------------------- messages"]
    groups = (("BoardMessage", "messages", "A message any board takes (protocol.json's \"messages\")."),
              ("LessonMessage", "lesson_messages",
               "A message only a lesson board takes (protocol.json's \"lesson_messages\")."))
    for union, key, doc in groups:
        kinds = list(protocol[key])
        parts.extend(message_interface(kind, protocol[key][kind], values) for kind in kinds)
        parts.append(_union(union, [message_name(kind) for kind in kinds], doc))
        parts.append(f"export type {union}Type = {union}[\"type\"];")
    parts.append("/** Any message the browser may send to Python. */\n"
                 "export type Message = BoardMessage | LessonMessage;")
    parts.append("export type MessageType = Message[\"type\"];")
    if "editor_messages" in protocol:  # the lesson editor's own (a widget of its own)
        kinds = list(protocol["editor_messages"])
        parts.extend(message_interface(kind, protocol["editor_messages"][kind], values)
                     for kind in kinds)
        parts.append(_union("EditorMessage", [message_name(kind) for kind in kinds],
                            "A message of the lesson editor (protocol.json's "
                            "\"editor_messages\")."))
        parts.append("export type EditorMessageType = EditorMessage[\"type\"];")
    return "\n\n".join(parts)


def generate(modules: Sequence[types.ModuleType], protocol: Mapping[str, Any]) -> str:
    """The text of ``js/generated/types.ts`` for these description modules and protocol."""
    aliases = literal_aliases(modules)
    dicts = typeddicts(modules)
    clashes = {ts_name(name) for name in dicts} & {
        "Message", "BoardMessage", "LessonMessage", "MessageType",
        *(message_name(kind) for group in ("messages", "lesson_messages") for kind in protocol[group])}
    if clashes:
        raise ValueError(f"TypedDict names clash with message types: {sorted(clashes)}")
    parts = [HEADER.rstrip("\n"),
             "// ---------------------------------------------------------------- synced state"]
    parts.extend(f"export type {name} = {_literal(typing.get_args(value))};"
                 for name, value in aliases.items())
    parts.extend(typeddict_interface(cls, aliases, dicts) for cls in dicts.values())
    parts.append(messages_part(protocol))
    return "\n\n".join(parts) + "\n"


def load_modules(names: Iterable[str] = MODULES) -> list[types.ModuleType]:
    """Import the description modules (from this checkout when it is not installed)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return [importlib.import_module(name) for name in names]


def current() -> str:
    """What ``js/generated/types.ts`` must hold now."""
    return generate(load_modules(), json.loads(PROTOCOL.read_text(encoding="utf-8")))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true",
                        help="only check that the file is current (exit status 1 if not)")
    args = parser.parse_args(argv)
    text = current()
    if args.check:
        ok = OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == text
        print("js/generated/types.ts is current" if ok
              else "js/generated/types.ts is not current: run python js/make_types.py")
        return 0 if ok else 1
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
