"""Records the standard-library modules the site imports under Pyodide (run by
`python3 build.py stdlib`, which writes py/stdlib-modules.txt; a tool, not a test).

The built site is served with Pyodide's whole standard library in place of the site's trimmed
archive (app/python_stdlib.zip), and headless Chromium opens every route of the app (the
welcome, play, learn, score, keep) and each kind of embed widget. On each page, once ready,
Python imports every module of py/ (mahjong_engine and mahjong_ui, as the snapshot worker
walks the engine), then every standard-library module named by an import anywhere in py/
(imports inside functions included); the modules then loaded (sys.modules) from the standard
library, frozen or built in, are the list: the runtime's own (pyodide, _pyodide, encodings…),
PyScript's, the page's and the engine's, with everything they import in turn.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from site_helpers import ARGS, CHROMIUM, NO_SNAPSHOT_WORKER, StaticServer  # noqa: E402

ROUTES = (
    "",                                        # the welcome
    "#play", "#play?rules=cayro", "#learn", "#learn/filipino", "#score", "#keep",
    "static/embed.html?rules=cayro&hand=567p888s22z&w=6p&m=c234m,K5555m&lang=es&score=1",
    "static/embed.html?rules=macau_1988&exercise=score-2",
)
# Imported by the runtime outside the page's Python: the snapshot worker
# (static/js/snapshot-worker.mjs) walks the engine with pkgutil and importlib.
EXTRA = ("importlib", "pkgutil")

EXPOSE = "globalThis.__mahjongRecordPyodide = pyodide; return pyodide;"
RECORD = """
import importlib, pkgutil, sys
for package in ("mahjong_engine", "mahjong_ui"):
    root = importlib.import_module(package)
    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
for name in NAMES:
    importlib.import_module(name)

def origin(module):
    spec = getattr(module, "__spec__", None)
    where = str(getattr(spec, "origin", None) or getattr(module, "__file__", None) or "")
    return where if where in ("built-in", "frozen") or ".zip/" in where else ""

sorted(name for name, module in list(sys.modules.items()) if module is not None and origin(module))
"""


def py_stdlib_imports(root: Path = ROOT / "py") -> set[str]:
    """Every standard-library module an import statement in py/ names (top level or inside a
    function): `import a.b` and `from a.b import c` give a.b (c may be a name, not a module)."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module)
    return {name for name in found if name.split(".")[0] in sys.stdlib_module_names}


def record(dist: Path, full_stdlib: Path) -> list[str]:
    from playwright.sync_api import sync_playwright

    names = sorted(py_stdlib_imports() | set(EXTRA))
    code = RECORD.replace("NAMES", json.dumps(names))
    boot = (dist / "static" / "js" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    exposed = boot.replace("return pyodide;", EXPOSE)
    if exposed == boot:
        raise SystemExit("stdlib_record: pyodide-boot.mjs has no `return pyodide;` to hook")
    seen: set[str] = set()
    server = StaticServer(dist).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for route in ROUTES:
                context = browser.new_context(locale="en-US")
                context.add_init_script(NO_SNAPSHOT_WORKER)
                context.route("**/app/python_stdlib.zip", lambda r: r.fulfill(
                    body=full_stdlib.read_bytes(), content_type="application/zip"))
                context.route("**/static/js/pyodide-boot.mjs", lambda r: r.fulfill(
                    body=exposed, content_type="text/javascript"))
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.goto(server.url + route)
                page.wait_for_function("globalThis.__mahjongRecordPyodide !== undefined"
                                       " && ['ready'].includes(document.documentElement.dataset.engine"
                                       " || document.documentElement.dataset.state)", timeout=180_000)
                page.wait_for_timeout(1500)      # views draw (and import) after ready
                modules = page.evaluate("(code) => globalThis.__mahjongRecordPyodide.runPython(code).toJs()",
                                        code)
                if errors:
                    raise SystemExit(f"stdlib_record: errors on {route or 'the welcome'}: {errors}")
                print(f"{route or '(welcome)'}: {len(modules)} modules", flush=True)
                seen.update(modules)
                context.close()
            browser.close()
    finally:
        server.close()
    return sorted(seen)


HEADER = """\
# The standard-library modules the site's pages import under Pyodide: the only ones in the
# site's archive (app/python_stdlib.zip, build.py). Recorded by `python3 build.py stdlib`
# (tests/stdlib_record.py: every route and embed widget, every module of py/ and every
# standard-library import in py/, with all they import in turn); do not edit by hand.
# tests/unit/test_stdlib_list.py fails when py/ imports a module missing here.
"""


def write_list(path: Path, modules: list[str]) -> None:
    path.write_text(HEADER + "".join(f"{name}\n" for name in modules), encoding="utf-8")
