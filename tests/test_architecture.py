"""The package's shape: no import cycle, the folders layered, no reaching into private state.

These read the source as text (an AST walk): every ``import`` counts, at module level, inside
functions and under ``TYPE_CHECKING`` alike, and so does ``importlib.import_module`` of a
literal ``"stratego_widget..."`` name. ``getattr`` of a package module by a literal name (a way
around an import) is refused.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "stratego_widget"

# Each folder may import only from itself and the folders before it in this list.
LAYERS = ["engine", "locales", "formats", "bots", "batch", "puzzles", "env", "widget", "lessons",
          "experiments", "export", ""]


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, pathlib.Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def string_import(node: ast.AST) -> str | None:
    """The name ``node`` imports if it is ``importlib.import_module("stratego_widget...")`` or
    ``__import__("stratego_widget...")`` (a literal text), else None."""
    if not (isinstance(node, ast.Call) and node.args):
        return None
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else \
        func.id if isinstance(func, ast.Name) else ""
    first = node.args[0]
    if called in ("import_module", "__import__") and isinstance(first, ast.Constant) \
            and isinstance(first.value, str) and first.value.split(".")[0] == PACKAGE.name:
        return first.value
    return None


def imported(name: str, path: pathlib.Path, known: set[str]) -> Iterator[str]:
    """The package modules that module ``name`` imports, wherever the import statement is, or
    by ``importlib.import_module`` of a literal name."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (text := string_import(node)) is not None:
            targets = [text]
        elif isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            targets = [f"{prefix}.{alias.name}" for alias in node.names] + [prefix]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            # The package root and a module's own parents are loaded by Python itself.
            if target and target != name and not name.startswith(target + "."):
                yield target


def graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: set(imported(name, path, known)) for name, path in found.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle in the graph as a list of modules, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_string_imports_count_as_imports(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import importlib\n"
                      "def f():\n"
                      "    importlib.import_module('stratego_widget.widget.board')\n"
                      "    return importlib.import_module('numba')\n")
    known = {"stratego_widget.widget.board", "stratego_widget.engine.game"}
    assert list(imported("stratego_widget.engine.game", sample, known)) == [
        "stratego_widget.widget.board"]


def test_every_folder_of_the_package_has_a_layer() -> None:
    folders = {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    assert folders - set(LAYERS) == set()


def test_there_is_no_import_cycle() -> None:
    edges = graph()
    assert "stratego_widget.engine.game" in edges["stratego_widget"]
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


def layer(module: str) -> int:
    parts = module.split(".")
    folder = parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else ""
    return LAYERS.index(folder) if folder in LAYERS else LAYERS.index("")


def test_each_folder_imports_only_from_the_folders_below_it() -> None:
    wrong = [
        f"{source} imports {target}"
        for source, targets in graph().items() if source != "stratego_widget"
        for target in targets
        if layer(target) > layer(source)
    ]
    assert wrong == []


# Inside ``lessons/`` the same rule holds between its parts (docs/architecture.md): a part may
# import only from itself and the parts before it. ``lessons`` itself (the public surface and
# the command line) comes last.
LESSON_LAYERS = ["errors", "model", "playing", "classroom", "checker", "board", "editor", ""]


def lesson_layer(module: str) -> int | None:
    """The layer of a module of ``lessons/`` (None for a module outside it)."""
    parts = module.split(".")
    if parts[:2] != ["stratego_widget", "lessons"]:
        return None
    part = parts[2] if len(parts) > 2 and parts[2] in LESSON_LAYERS else ""
    return LESSON_LAYERS.index(part)


def test_every_part_of_the_lessons_has_a_layer() -> None:
    lessons = PACKAGE / "lessons"
    parts = {path.parent.name for path in lessons.glob("*/__init__.py")}
    parts |= {path.stem for path in lessons.glob("*.py") if not path.stem.startswith("__")}
    assert parts - set(LESSON_LAYERS) == set()


def test_each_part_of_the_lessons_imports_only_from_the_parts_below_it() -> None:
    """The model plays nothing, playing keeps no file, the classroom shows no board, and
    nothing below the board imports a widget (issue 32)."""
    wrong = [
        f"{source} imports {target}"
        for source, targets in graph().items()
        for target in targets
        if (mine := lesson_layer(source)) is not None
        and (theirs := lesson_layer(target)) is not None and theirs > mine
    ]
    assert wrong == []


def test_the_lesson_layer_finder_places_modules() -> None:
    assert lesson_layer("stratego_widget.lessons.model.goals") == 1
    assert lesson_layer("stratego_widget.lessons.checker") == 4
    assert lesson_layer("stratego_widget.lessons") == len(LESSON_LAYERS) - 1
    assert lesson_layer("stratego_widget.engine.game") is None


#: The most lines a module of the package may have: one concern per module (issue 32).
MAX_MODULE_LINES = 600


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")),
                         ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_module_is_longer_than_the_ceiling(path: pathlib.Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.name} has {lines} lines"


def test_the_engine_imports_nothing_outside_the_standard_library() -> None:
    """The engine is pure Python with no dependencies: it runs in Pyodide."""
    import sys

    for name, path in modules().items():
        if not name.startswith("stratego_widget.engine"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in sys.stdlib_module_names or root == "__future__", (name, root)


def private_reads(path: pathlib.Path, own: frozenset[str] = frozenset()) -> list[str]:
    """``x._name`` where ``x`` is not ``self``, ``cls``, ``super()`` or a name in ``own``:
    reaching into another object's state."""
    found = []
    owners = {"self", "cls", *own}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        value = node.value if isinstance(node, ast.Attribute) else None
        mine = (isinstance(value, ast.Name) and value.id in owners) or (
            isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
            and value.func.id == "super")
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and not node.attr.startswith("__") and not mine):
            found.append(f"{path.name}:{node.lineno} .{node.attr}")
    return found


def test_the_private_access_finder_finds_one(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f(game, self):\n"
                      "    return game._board, self._ok, game.__doc__, super()._hook()\n")
    assert [line.split()[-1] for line in private_reads(sample)] == ["._board"]


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_reads_another_objects_private_attributes(path: pathlib.Path) -> None:
    assert private_reads(path) == []
    assert computed_private_names(path) == []


def module_names(tree: ast.AST, name: str, known: set[str]) -> set[str]:
    """The names that a module bound to modules of the package by its imports (``import
    stratego_widget.x as y``, ``from . import kernel``)."""
    package = name.rpartition(".")[0] if not name.endswith("__init__") else name
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bound.update(alias.asname or alias.name.split(".")[0] for alias in node.names
                         if alias.name.split(".")[0] == PACKAGE.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                prefix = ".".join(base[: len(base) - (node.level - 1)]
                                  + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            bound.update(alias.asname or alias.name for alias in node.names
                         if f"{prefix}.{alias.name}" in known)
    return bound


def module_getattrs(name: str, path: pathlib.Path, known: set[str]) -> list[str]:
    """``getattr`` (or ``hasattr``, ``setattr``, ``delattr``) of a module of the package, or of
    ``importlib.import_module(...)``, by a literal name: an import hidden from the reader and
    from the layer test. Such a module's names are reached as ``module.name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules_here = module_names(tree, name, known)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
                and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)):
            continue
        owner = node.args[0]
        if (isinstance(owner, ast.Name) and owner.id in modules_here) or (
                isinstance(owner, ast.Call) and isinstance(owner.func, ast.Attribute | ast.Name)
                and (owner.func.attr if isinstance(owner.func, ast.Attribute)
                     else owner.func.id) in ("import_module", "__import__")):
            found.append(f"{path.name}:{node.lineno} {node.func.id} {node.args[1].value}")
    return found


def test_the_module_getattr_finder_finds_one(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import importlib\n"
                      "from . import kernel\n"
                      "from .kernel import Tables\n"
                      "def f(row):\n"
                      "    getattr(kernel, 'unsupported_reason', None)\n"
                      "    getattr(importlib.import_module('x'), 'y')\n"
                      "    getattr(row, 'item', None), getattr(Tables, 'size', 0)\n")
    known = {"stratego_widget.batch.kernel", "stratego_widget.batch.sample"}
    found = module_getattrs("stratego_widget.batch.sample", sample, known)
    assert [line.split(":")[1] for line in found] == ["5 getattr unsupported_reason",
                                                      "6 getattr y"]


def test_no_module_reaches_a_module_by_a_literal_name() -> None:
    found = modules()
    known = set(found)
    assert [line for name, path in found.items()
            for line in module_getattrs(name, path, known)] == []


def computed_private_names(path: pathlib.Path) -> list[str]:
    """``getattr``, ``setattr``, ``hasattr`` or ``delattr`` with a private name that is computed
    (an f-string or a sum starting with ``_``) or given as text for an object that is not
    ``self`` or ``cls``: the same reach as ``x._name``, hidden from the reader."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
                and len(node.args) >= 2):
            continue
        owner, name = node.args[0], node.args[1]
        own = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
        if isinstance(name, ast.Constant) and isinstance(name.value, str):
            private = name.value.startswith("_") and not name.value.startswith("__")
            if private and not own:
                found.append(f"{path.name}:{node.lineno} {node.func.id} {name.value}")
        elif _starts_private(name):
            found.append(f"{path.name}:{node.lineno} {node.func.id} with a computed private "
                         "name")
    return found


def _starts_private(node: ast.expr) -> bool:
    """Whether an f-string or ``+`` expression begins with a ``_``."""
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        return isinstance(first, ast.Constant) and str(first.value).startswith("_")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _starts_private(node.left)
    return isinstance(node, ast.Constant) and str(node.value).startswith("_")


def test_the_computed_name_finder_finds_them(tmp_path: pathlib.Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f(self, other, kind):\n"
                      "    getattr(self, f'_msg_{kind}')\n"
                      "    getattr(self, '_msg_' + kind)\n"
                      "    getattr(other, '_board', None)\n"
                      "    getattr(self, '_mine', None), getattr(other, 'public')\n")
    assert [line.split(":")[1].split()[0] for line in computed_private_names(sample)] == \
        ["2", "3", "4"]


# ---------------------------------------------------------------------- subclasses


def classes() -> dict[str, tuple[str, ast.ClassDef]]:
    """Every class of the package by name, with its module (class names are unique)."""
    found: dict[str, tuple[str, ast.ClassDef]] = {}
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                assert node.name not in found, f"two classes named {node.name}"
                found[node.name] = (name, node)
    return found


def own_private_names(node: ast.ClassDef) -> set[str]:
    """The private names a class's own body defines: methods, class attributes and the
    attributes its methods set on ``self``."""
    names: set[str] = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(item.name)
        elif isinstance(item, ast.Assign):
            names.update(t.id for t in item.targets if isinstance(t, ast.Name))
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            names.add(item.target.id)
    for sub in ast.walk(node):
        if (isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store)
                and isinstance(sub.value, ast.Name) and sub.value.id == "self"):
            names.add(sub.attr)
    return {name for name in names if name.startswith("_") and not name.startswith("__")}


def used_private_names(node: ast.ClassDef) -> set[str]:
    """The private names a class uses on ``self`` or ``cls``, or defines as its own."""
    used = set(own_private_names(node))
    for sub in ast.walk(node):
        if (isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name)
                and sub.value.id in ("self", "cls") and sub.attr.startswith("_")
                and not sub.attr.startswith("__")):
            used.add(sub.attr)
    return used


def inherited_private_names(name: str, known: dict[str, tuple[str, ast.ClassDef]]) -> set[str]:
    """The private names the package's base classes of class ``name`` define."""
    names: set[str] = set()
    for base in known[name][1].bases:
        base_name = base.id if isinstance(base, ast.Name) else None
        if base_name in known:
            names |= own_private_names(known[base_name][1])
            names |= inherited_private_names(base_name, known)
    return names


def subclass_reaches(known: dict[str, tuple[str, ast.ClassDef]]) -> list[str]:
    """A subclass using or overriding a private name of a base class of the package: its
    parent's private state or hooks, reached through ``self``."""
    return [f"{module}.{name} uses {', '.join(sorted(reach))} of a base class"
            for name, (module, node) in sorted(known.items())
            if (reach := used_private_names(node) & inherited_private_names(name, known))]


def test_no_subclass_reaches_into_its_base_class() -> None:
    assert subclass_reaches(classes()) == []


def test_the_subclass_finder_finds_a_reach(tmp_path: pathlib.Path) -> None:
    source = ("class Base:\n"
              "    def __init__(self):\n        self._state = 1\n"
              "    def _hook(self):\n        return 1\n"
              "class Child(Base):\n"
              "    def _hook(self):\n        return self._state\n"
              "class Fine(Base):\n"
              "    def go(self):\n        self._own = 2\n        return self._own\n")
    tree = ast.parse(source)
    known = {node.name: ("sample", node) for node in tree.body if isinstance(node, ast.ClassDef)}
    assert subclass_reaches(known) == ["sample.Child uses _hook, _state of a base class"]
