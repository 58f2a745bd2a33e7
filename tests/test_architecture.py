"""The package's shape: no import cycle, the folders layered, no reaching into private state.

These read the source as text (an AST walk): every ``import`` counts, at module level, inside
functions and under ``TYPE_CHECKING`` alike.
"""

from __future__ import annotations

import ast
import pathlib
from collections.abc import Iterator

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "stratego_widget"

# Each folder may import only from itself and the folders before it in this list.
LAYERS = ["engine", "locales", "formats", "bots", "batch", "widget", "lessons", "experiments",
          "export", ""]


def module_name(path: pathlib.Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, pathlib.Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, path: pathlib.Path, known: set[str]) -> Iterator[str]:
    """The package modules that module ``name`` imports, wherever the import statement is."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
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


def test_there_is_no_import_cycle() -> None:
    """The display hooks (below) are imports inside one method, resolved when it is called:
    the only edges that may point up, so the only ones that may close a loop."""
    edges = {source: targets - {target for hook, target in DISPLAY_HOOKS if hook == source}
             for source, targets in graph().items()}
    assert "stratego_widget.engine.game" in edges["stratego_widget"]
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


def layer(module: str) -> int:
    parts = module.split(".")
    folder = parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in LAYERS) else ""
    return LAYERS.index(folder) if folder in LAYERS else LAYERS.index("")


# The facade's display hooks (``Game.to_svg``, ``_repr_svg_``) draw with the picture module,
# as python-chess's board does; the picture module reads the position, never the game.
# ``Game.to_html`` writes the page of a read-only board: the widget's own page of that game.
DISPLAY_HOOKS = {("stratego_widget.engine.game", "stratego_widget.formats.svg"),
                 ("stratego_widget.engine.game", "stratego_widget.widget.board")}


def test_each_folder_imports_only_from_the_folders_below_it() -> None:
    wrong = [
        f"{source} imports {target}"
        for source, targets in graph().items() if source != "stratego_widget"
        for target in targets
        if layer(target) > layer(source) and (source, target) not in DISPLAY_HOOKS
    ]
    assert wrong == []


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


# A class may set up a fresh instance of itself (``copy``, an alternative constructor).
OWN_INSTANCES = {"position.py": frozenset({"clone"}), "game.py": frozenset({"clone", "game"})}


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_reads_another_objects_private_attributes(path: pathlib.Path) -> None:
    assert private_reads(path, OWN_INSTANCES.get(path.name, frozenset())) == []
