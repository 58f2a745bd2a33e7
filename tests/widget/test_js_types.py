"""The front end's TypeScript types are generated from the one Python description: current?

``js/generated/types.ts`` is written by ``js/make_types.py`` from the TypedDicts of
``stratego_widget/widget/view_types.py`` and ``stratego_widget/lessons/board/panel_types.py`` and from
``stratego_widget/widget/protocol.json``. A change to any of them without regenerating fails
here.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import pathlib
import py_compile
import re
import subprocess
import sys
import textwrap
import types

import pytest
from project import PROJECT

ROOT = PROJECT
spec = importlib.util.spec_from_file_location("make_types", ROOT / "js" / "make_types.py")
assert spec and spec.loader
make_types = importlib.util.module_from_spec(spec)
sys.modules["make_types"] = make_types
spec.loader.exec_module(make_types)

GENERATED = ROOT / "js" / "generated" / "types.ts"
PROTOCOL = json.loads((ROOT / "stratego_widget" / "widget" / "protocol.json").read_text())


def interface(text: str, name: str, inherited: bool = False) -> str:
    """The body of `export interface <name> ... { ... }` in `text` (`inherited`: with the
    bodies of the interfaces it extends)."""
    match = re.search(rf"^export interface {name}\b( extends ([\w, ]+))? \{{\n(.*?)^\}}", text,
                      re.M | re.S)
    assert match, f"no interface {name}"
    bases = match.group(2).split(", ") if inherited and match.group(2) else []
    return "".join(interface(text, base, True) for base in bases) + match.group(3)


def load(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, name: str,
         source: str) -> types.ModuleType:
    """Import `source` as a module called `name` (written to a file, so its source is known),
    for the one test."""
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(source))
    module_spec = importlib.util.spec_from_file_location(name, path)
    assert module_spec and module_spec.loader
    module = importlib.util.module_from_spec(module_spec)
    monkeypatch.setitem(sys.modules, name, module)
    module_spec.loader.exec_module(module)
    return module


def test_the_generated_file_is_current() -> None:
    assert GENERATED.read_text(encoding="utf-8") == make_types.current(), (
        "the Python description changed: run python js/make_types.py")


def test_the_output_is_deterministic() -> None:
    assert make_types.current() == make_types.current()


@pytest.mark.parametrize("group", ["messages", "lesson_messages"])
def test_every_message_type_and_field_is_typed(group: str) -> None:
    text = GENERATED.read_text(encoding="utf-8")
    values = PROTOCOL["values"]
    for kind, fields in PROTOCOL[group].items():
        name = make_types.message_name(kind)
        body = interface(text, name)
        assert f'  type: "{kind}";' in body
        for field, field_spec in fields.items():
            ts = {"string": "string", "integer": "number"}[values[field_spec["is"]]["type"]]
            ts += " | null" if field_spec.get("null") else ""
            mark = "?" if field_spec.get("optional") else ""
            assert f"  {field}{mark}: {ts};" in body, f"{kind}.{field}"
        assert len(re.findall(r"^  \w+\??:", body, re.M)) == len(fields) + 1  # nothing else
        union = "BoardMessage" if group == "messages" else "LessonMessage"
        assert re.search(rf"^export type {union} =(\n  \| \w+)*\n  \| {name}\b", text, re.M)
    assert "export type Message = BoardMessage | LessonMessage;" in text
    assert 'export type MessageType = Message["type"];' in text


def test_every_synced_field_is_typed() -> None:
    text = GENERATED.read_text(encoding="utf-8")
    from stratego_widget.lessons.board import panel_types
    from stratego_widget.widget import view_types

    for module in (view_types, panel_types):
        for name, cls in make_types.typeddicts([module]).items():
            body = interface(text, make_types.ts_name(name), inherited=True)
            for key in cls.__annotations__:
                assert re.search(rf"^  {key}\??: ", body, re.M), f"{name}.{key}"


def test_a_changed_typeddict_changes_the_output(tmp_path: pathlib.Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    source = (ROOT / "stratego_widget" / "widget" / "view_types.py").read_text()
    before = make_types.generate([load(tmp_path, monkeypatch, "view_types_copy", source)], PROTOCOL)
    changed = source.replace("    can_act: bool\n", "    can_act: bool\n    clock: int | None\n")
    assert changed != source
    after = make_types.generate([load(tmp_path, monkeypatch, "view_types_changed", changed)], PROTOCOL)
    assert before != after
    assert "  clock: number | null;" in interface(after, "View")
    assert "clock" not in interface(GENERATED.read_text(encoding="utf-8"), "View")


def test_a_changed_message_changes_the_output() -> None:
    from stratego_widget.widget import view_types

    protocol = json.loads(json.dumps(PROTOCOL))
    protocol["messages"]["move"]["promote"] = {"is": "kind", "optional": True}
    text = make_types.generate([view_types], protocol)
    assert "  promote?: string; // kind" in interface(text, "MoveMessage")


def test_each_conversion(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = load(tmp_path, monkeypatch, "sample_types", '''
        from __future__ import annotations

        from typing import Literal, NotRequired, TypedDict

        Colour = Literal["red", "blue"]


        class Inner(TypedDict):
            """One line."""

            name: str


        class Sample(TypedDict):
            """Every kind of field.

            Two lines.
            """

            text: str
            count: int
            ratio: float
            flag: bool
            maybe: str | None
            colour: Colour
            inline: Literal["a", "b"] | None
            items: list[str | None]
            table: dict[str, list[int]]
            inner: Inner
            later: NotRequired[int]


        class Partial(TypedDict, total=False):
            note: str


        class Derived(Inner):
            extra: bool


        Functional = TypedDict("Functional", {"from": str, "to": str})
    ''')
    text = make_types.generate([module], {"values": {}, "messages": {}, "lesson_messages": {}})
    assert 'export type Colour = "red" | "blue";' in text
    assert "/** One line. */\nexport interface Inner {\n  name: string;\n}" in text
    assert "/**\n * Every kind of field.\n *\n * Two lines.\n */\nexport interface Sample {" in text
    assert interface(text, "Sample").splitlines() == [
        "  text: string;",
        "  count: number;",
        "  ratio: number;",
        "  flag: boolean;",
        "  maybe: string | null;",
        "  colour: Colour;",
        '  inline: "a" | "b" | null;',
        "  items: (string | null)[];",
        "  table: Record<string, number[]>;",
        "  inner: Inner;",
        "  later?: number;",
    ]
    assert interface(text, "Partial") == "  note?: string;\n"
    assert "export interface Derived extends Inner {\n  extra: boolean;\n}" in text
    assert interface(text, "Functional") == "  from: string;\n  to: string;\n"
    assert "export type BoardMessage =\n  never;" in text


def test_an_unknown_type_is_refused_not_loosened() -> None:
    with pytest.raises(TypeError, match="no TypeScript type"):
        make_types.ts_type(set[str])


def test_the_generator_examples() -> None:
    result = doctest.testmod(make_types)
    assert result.attempted > 0 and result.failed == 0


def test_the_generator_s_bytecode_is_not_a_source_of_the_bundle() -> None:
    """Importing js/make_types.py (as this module does) writes its bytecode in js/__pycache__.
    Counted among the bundle's sources, it made the next ``make test`` build the bundle and the
    JupyterLite site again with nothing changed: make plans the same whether it takes the
    bytecode for changed (``-W``) or for old (``-o``)."""
    source = ROOT / "js" / "make_types.py"
    bytecode = pathlib.Path(py_compile.compile(str(source), doraise=True))

    def plan(*options: str) -> str:
        return subprocess.run(["make", "-n", *options, "stratego_widget/static/widget.js"],
                              cwd=ROOT, capture_output=True, text=True, check=True).stdout

    name = bytecode.relative_to(ROOT).as_posix()
    assert plan("-W", name) == plan("-o", name)
