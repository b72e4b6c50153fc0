"""The engine is pure Python: standard library only, never the browser (js, pyodide, pyscript)."""

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "py" / "mahjong_engine"
FORBIDDEN = {"js", "pyodide", "pyscript", "micropip", "_pyodide", "pyodide_js"}
ALLOWED = set(sys.stdlib_module_names) | {"__future__", "mahjong_engine"}


def engine_files():
    return sorted(ENGINE.rglob("*.py"))


def imported_modules(tree: ast.AST):
    """(line, top-level module) for every absolute import; relative imports stay in the package."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]
        elif (isinstance(node, ast.Call)
              and getattr(node.func, "attr", getattr(node.func, "id", None))
              in {"import_module", "__import__"}
              and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)):
            yield node.lineno, node.args[0].value.split(".")[0]


def test_engine_exists():
    assert ENGINE.is_dir()


@pytest.mark.parametrize("path", engine_files(), ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_only_stdlib_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = [(line, mod) for line, mod in imported_modules(tree) if mod in FORBIDDEN or mod not in ALLOWED]
    assert not bad, f"{path.name}: non-stdlib or browser imports {bad}"


def test_checker_catches_browser_imports():
    tree = ast.parse("import js\nfrom pyscript import document\nimport numpy\n"
                     "from . import tiles\nimport json")
    mods = [m for _, m in imported_modules(tree)]
    assert mods == ["js", "pyscript", "numpy", "json"]
    assert {m for m in mods if m in FORBIDDEN or m not in ALLOWED} == {"js", "pyscript", "numpy"}
