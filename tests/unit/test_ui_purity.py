"""mahjong_ui's pure parts import under CPython without ``js``/``pyodide`` (no stand-ins):
only the browser bindings import them, and the page has one element helper and one DOM tile
drawer (mahjong_ui.dom)."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "py" / "mahjong_ui"
# The browser bindings: the only modules that import js/pyodide at module level, and the one
# that builds on mahjong_ui.dom (the calculator's and the widget's result drawing).
DIRECT = {"dom.py", "embed.py", "embed_frame.py", "local_storage.py", "views/learn_embed.py",
          "views/calculator.py", "views/calculator_form.py",
          "views/learn.py", "views/learn_exercises.py",
          "views/learn_lesson.py", "views/learn_exercise_parts.py",
          "views/learn_lesson_parts.py", "views/learn_glossary.py", "views/table.py",
          "views/table_history.py", "views/keep.py", "views/keep_files.py"}
BROWSER = DIRECT | {"calculator/dom.py", "embed_exercise.py", "views/keep_base.py",
                    "views/keep_tiles.py", "views/keep_form.py", "views/keep_sheet.py",
                    "views/keep_setup.py", "views/learn_blocks.py"}


def top_level_imports(path: Path) -> set[str]:
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_browser_bindings_import_js():
    for path in UI.rglob("*.py"):
        rel = path.relative_to(UI).as_posix()
        browser = bool(top_level_imports(path) & {"js", "pyodide", "pyscript"})
        assert browser == (rel in DIRECT), rel


def test_pure_modules_import_without_js():
    pure = sorted("mahjong_ui." + p.relative_to(UI).with_suffix("").as_posix().replace("/", ".")
                  for p in UI.rglob("*.py") if p.relative_to(UI).as_posix() not in BROWSER)
    code = ("import importlib, sys\n"
            f"for name in {pure!r}:\n"
            "    importlib.import_module(name.removesuffix('.__init__'))\n"
            "assert not {'js', 'pyodide'} & set(sys.modules), sorted(sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT / "py"), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr


def test_one_element_helper_and_one_tile_drawer():
    for path in UI.rglob("*.py"):
        rel = path.relative_to(UI).as_posix()
        defs = {n.name for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(n, ast.FunctionDef)}
        if rel != "dom.py":
            assert not defs & {"el", "tile_svg"}, f"{rel} defines its own {defs & {'el', 'tile_svg'}}"
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name == "test_ui_purity.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert 'sys.modules.setdefault("js"' not in text and "sys.modules.setdefault(name" not in text, path
