"""Import mahjong_ui.learn under CPython: mahjong_ui's package __init__ imports the browser
modules (js, pyodide), so stand-ins are registered first; learn itself never uses them."""
from __future__ import annotations

import json
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
for name in ("js", "pyodide", "pyodide.ffi"):
    sys.modules.setdefault(name, types.ModuleType(name))
sys.modules["pyodide.ffi"].create_proxy = lambda f: f
sys.modules["pyodide.ffi"].to_js = lambda v, **k: v

from mahjong_ui.learn import Catalogues, build_glossary, build_page  # noqa: E402
from mahjong_ui.learn.model import DOMAINS, LANGS  # noqa: E402


def catalogues(lang: str) -> Catalogues:
    tables = {d: json.loads((ROOT / "static" / "i18n" / lang / f"{d}.json").read_text("utf-8"))
              for d in DOMAINS}
    return Catalogues(lang, tables)


__all__ = ["DOMAINS", "LANGS", "build_glossary", "build_page", "catalogues"]
