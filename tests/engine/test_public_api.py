"""Issue 28: ``mahjong_engine`` exports a game API (the page imports the engine's public
names, not its submodules): every name of ``__all__`` imports, the game's names are the
submodules' own objects, typed for mypy, and imported only when first asked for."""
from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import mahjong_engine

ROOT = Path(__file__).resolve().parents[2]
INIT = ROOT / "py" / "mahjong_engine" / "__init__.py"


@pytest.mark.parametrize("name", mahjong_engine.__all__)
def test_each_exported_name_imports(name: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"from mahjong_engine import {name}", namespace)   # the statement the page writes
    assert namespace[name] is getattr(mahjong_engine, name)


def test_all_is_unique_and_listed_by_dir() -> None:
    names = mahjong_engine.__all__
    assert len(names) == len(set(names))
    assert set(names) <= set(dir(mahjong_engine))


@pytest.mark.parametrize("name", sorted(mahjong_engine._GAME_API))
def test_game_names_are_the_submodules_own(name: str) -> None:
    module, attr = mahjong_engine._GAME_API[name]
    assert name in mahjong_engine.__all__
    source = importlib.import_module(module, "mahjong_engine")
    assert getattr(mahjong_engine, name) is getattr(source, attr)


def test_game_names_are_typed() -> None:
    """Each lazily imported name is also imported under ``TYPE_CHECKING`` (mypy sees its
    type, not ``__getattr__``'s Any)."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    typed = {alias.asname or alias.name
             for node in ast.walk(tree)
             if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING"
             for child in node.body if isinstance(child, ast.ImportFrom)
             for alias in child.names}
    assert typed == set(mahjong_engine._GAME_API)


def test_the_game_api_covers_a_game_a_match_and_a_replay() -> None:
    from mahjong_engine import (EngineError, GameConfig, GameState, Ledger, Match,
                                RecordError, RecordFieldError, encode_replay, open_replay,
                                record_of_match, save_hand, settle_match)

    state = GameState(GameConfig("cayro", seed=3))
    assert state.rules.key == "cayro" and callable(save_hand)
    assert Match("cayro", seed=3).rules.key == "cayro"
    ledger = settle_match({"rules": "cayro", "players": ["A", "B", "C", "D"], "hands": []})
    assert isinstance(ledger, Ledger)
    assert issubclass(RecordError, EngineError) and issubclass(RecordFieldError, EngineError)
    assert callable(encode_replay) and callable(open_replay) and callable(record_of_match)
    with pytest.raises(AttributeError):
        mahjong_engine.no_such_name  # noqa: B018 - the attribute access is the test


def test_importing_the_engine_does_not_import_the_game() -> None:
    code = ("import sys, mahjong_engine; "
            "print(any(m.startswith('mahjong_engine.game') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "py")}, check=True)
    assert out.stdout.strip() == "False"
