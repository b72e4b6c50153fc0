"""Issue 14: no rule-set key is compared or used outside ``rules/``.

The rule sets' keys appear as string constants only in ``py/mahjong_engine/rules/``:
``game/``, ``ai/``, scoring and the command line ask the rule set (its class data and
hooks, ``rules.base.RuleSet``), never which rule set it is. The scan reads the source
with ``ast``, so comments and docstrings that name a document do not count; a string
constant equal to a key does. ``game/`` and ``ai/`` reach rule sets without
``import_module`` and without ``getattr`` on a rule set. ``SCANNED`` lists the packages
and the folder each may keep keys in (the page's package is added where it is checked).
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from mahjong_engine.rules import RULE_SET_KEYS

PY = Path(__file__).resolve().parents[2] / "py"
SCANNED = {"mahjong_engine": "rules"}


def _sources(package: str, allowed: str) -> list[Path]:
    root = PY / package
    return sorted(p for p in root.rglob("*.py")
                  if p.relative_to(root).parts[0] != allowed)


def _where(path: Path) -> str:
    return str(path.relative_to(PY)) if path.is_relative_to(PY) else path.name


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def key_constants(path: Path) -> list[str]:
    """``file:line: 'key'`` for every string constant of ``path`` equal to a rule-set
    key (docstrings aside), or naming one as a module (``…rules.<key>``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            if text in RULE_SET_KEYS or any(text.endswith(f"rules.{k}") for k in RULE_SET_KEYS):
                found.append(f"{_where(path)}:{node.lineno}: {text!r}")
    return found


def reflective_rule_access(path: Path) -> list[str]:
    """``import_module`` calls, and ``getattr`` on anything named ``rules``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        name = node.func.id
        if name == "import_module":
            found.append(f"{_where(path)}:{node.lineno}: import_module")
        elif name in ("getattr", "hasattr") and node.args:
            target = ast.unparse(node.args[0])
            if target == "rules" or target.endswith(".rules") or target.endswith("rules.options"):
                found.append(f"{_where(path)}:{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("package", sorted(SCANNED))
def test_no_rule_set_key_outside_rules(package: str) -> None:
    files = _sources(package, SCANNED[package])
    assert files
    found = [hit for path in files for hit in key_constants(path)]
    assert found == []


@pytest.mark.parametrize("package", sorted(SCANNED))
def test_rule_sets_reached_through_the_contract(package: str) -> None:
    found = [hit for path in _sources(package, SCANNED[package])
             for hit in reflective_rule_access(path)]
    assert found == []


def test_the_scan_finds_a_key(tmp_path: Path) -> None:
    """The scan is not vacuous: a comparison with a key, a module path naming one and a
    getattr on a rule set are found; a docstring naming a key is not."""
    sample = tmp_path / "sample.py"
    text = ('"""macau_1988 in a docstring."""\n'
            'def f(rules):\n'
            '    """cayro"""\n'
            '    if rules.key == "serralheiro_2003":\n'
            '        return getattr(rules, "x", None)\n'
            '    return import_module("mahjong_engine.rules.filipino")\n')
    sample.write_text(text, encoding="utf-8")
    keys = key_constants(sample)
    calls = reflective_rule_access(sample)
    assert [k.split(": ", 1)[1] for k in keys] == ["'serralheiro_2003'",
                                                   "'mahjong_engine.rules.filipino'"]
    assert len(calls) == 2
