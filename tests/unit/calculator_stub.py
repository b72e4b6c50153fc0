"""Lets CPython import mahjong_ui's browser-free modules: ``mahjong_ui/__init__`` imports the
shell, which imports ``js`` and ``pyodide.ffi``; stand-ins are enough since nothing calls them."""
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
for name in ("js", "pyodide", "pyodide.ffi"):
    sys.modules.setdefault(name, types.ModuleType(name))
sys.modules["pyodide.ffi"].create_proxy = getattr(sys.modules["pyodide.ffi"], "create_proxy", lambda f: f)
sys.modules["pyodide.ffi"].to_js = getattr(sys.modules["pyodide.ffi"], "to_js", lambda v, **k: v)
