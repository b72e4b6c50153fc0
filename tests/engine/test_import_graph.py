"""No import circles in `py/` (issues 14 and 28): every import from one module of the
packages in `py/` (the engine `mahjong_engine`, the page `mahjong_ui`) of another, at
module level, inside a function or under `if TYPE_CHECKING:` (a circle of types is still
a circle a reader has to untangle), is an edge. The graph must be acyclic, and the
engine must not import the page."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY_DIR = ROOT / "py"
PACKAGES = tuple(sorted(p.parent.name for p in PY_DIR.glob("*/__init__.py")))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PY_DIR).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import node, wherever it is (``if TYPE_CHECKING:`` blocks included)."""
    return [node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))]


def _targets(node: ast.Import | ast.ImportFrom, name: str, is_package: bool) -> list[str]:
    """The dotted names ``node`` may import (a ``from`` import: the module and, as
    submodules, each imported name)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    return [prefix] + [f"{prefix}.{alias.name}" for alias in node.names]


def import_graph(packages: tuple[str, ...] = PACKAGES) -> dict[str, set[str]]:
    files = sorted(f for package in packages for f in (PY_DIR / package).rglob("*.py"))
    modules = {_module_name(f) for f in files}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for path in files:
        name = _module_name(path)
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in _imports(tree):
            for target in _targets(node, name, is_package):
                if target.partition(".")[0] not in packages:
                    continue
                # Importing a.b.c runs a, a.b and a.b.c: an edge to each, except to the
                # importer's own enclosing packages (already importing when it runs).
                while target:
                    if (target in modules and target != name
                            and not name.startswith(target + ".")):
                        graph[name].add(target)
                    target = target.rpartition(".")[0]
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle as a list of modules (first repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_graph_covers_py() -> None:
    assert {"mahjong_engine", "mahjong_ui"} <= set(PACKAGES)
    graph = import_graph()
    assert "mahjong_engine.game.state" in graph
    assert any(module.startswith("mahjong_ui.") and targets for module, targets in graph.items())
    assert graph["mahjong_engine.hand"], "hand imports tiles at least"


def test_the_graph_sees_type_checking_imports() -> None:
    # `mahjong_engine/__init__.py` imports the game API at run time through
    # `importlib` (in `__getattr__`), and for its types under `if TYPE_CHECKING:`: the
    # edge comes from the latter alone.
    assert "mahjong_engine.game.ledger" in import_graph()["mahjong_engine"]


def test_finder_reports_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_a_type_checking_import_makes_an_edge() -> None:
    tree = ast.parse("from typing import TYPE_CHECKING\n"
                     "if TYPE_CHECKING:\n    from .state import GameState\n")
    targets = [t for node in _imports(tree) for t in _targets(node, "pkg.game.why", False)]
    assert "pkg.game.state" in targets


def test_no_import_cycle_in_py() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_engine_does_not_import_the_page() -> None:
    graph = import_graph()
    found = sorted(f"{module} -> {target}" for module, targets in graph.items()
                   if module.startswith("mahjong_engine") for target in targets
                   if target.startswith("mahjong_ui"))
    assert not found, found
