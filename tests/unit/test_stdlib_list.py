"""The site's standard-library archive (issue 31): app/python_stdlib.zip holds only the modules
py/stdlib-modules.txt lists (recorded under Pyodide by `python3 build.py stdlib`). An import in
py/ of a standard-library module the list leaves out would fail in the browser only: this test
fails first, under CPython, naming the module and the file."""

from __future__ import annotations

import ast
import json
import sys
import zipfile
from pathlib import Path

import pytest

from builders import build_module

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from stdlib_record import EXTRA, py_stdlib_imports  # noqa: E402


@pytest.fixture(scope="module")
def build():
    return build_module()


def imports_by_file(root: Path = ROOT / "py") -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in sys.stdlib_module_names:
                    found.setdefault(name, set()).add(path.relative_to(root.parent).as_posix())
    return found


def test_every_standard_library_import_of_py_is_listed(build):
    listed = set(build.stdlib_modules())
    missing = {name: sorted(files) for name, files in imports_by_file().items() if name not in listed}
    assert not missing, (
        "py/ imports standard-library modules left out of the site's archive (run `python3 build.py "
        f"stdlib` to record the list again): {json.dumps(missing, indent=1)}")
    assert set(py_stdlib_imports()) <= listed
    assert set(EXTRA) <= listed                 # the snapshot worker's own imports


def test_the_list_is_sorted_and_has_no_repeats(build):
    modules = build.stdlib_modules()
    assert modules == sorted(set(modules))


def test_an_import_left_out_is_caught(build, tmp_path):
    """The check above sees imports inside functions and `from a.b import c` forms."""
    package = tmp_path / "py" / "pkg"
    package.mkdir(parents=True)
    (package / "mod.py").write_text("def later():\n    import statistics\n"
                                    "    from email.parser import Parser\n")
    found = imports_by_file(tmp_path / "py")
    assert set(found) == {"statistics", "email.parser"}
    assert not {"statistics", "email.parser"} <= set(build.stdlib_modules())


def test_members_are_each_module_and_its_packages(build):
    names = {"json/__init__.py", "json/decoder.py", "email/__init__.py", "os.py", "re/__init__.py",
             "re/_parser.py"}
    assert build.stdlib_members(names, ["json.decoder", "os", "sys"]) == [
        "json/__init__.py", "json/decoder.py", "os.py"]


def test_the_built_archive_holds_the_listed_modules_only(build):
    dist = Path(build.DIST)
    archive = dist / build.STDLIB_ARCHIVE
    if not archive.exists():
        pytest.skip("dist/ not built")
    with zipfile.ZipFile(archive) as zf:
        compiled = set(zf.namelist())
        magics = {zf.read(name)[:4] for name in compiled}
    # bytecode only (build.compile_archive), all of one runtime's magic number
    assert all(name.endswith(".pyc") for name in compiled)
    assert len(magics) == 1 and next(iter(magics)).endswith(b"\r\n")
    names = {name[:-1] for name in compiled}
    modules = build.stdlib_modules()
    with zipfile.ZipFile(dist / "vendor" / "pyodide" / "python_stdlib.zip") as full:
        assert names == set(build.stdlib_members(set(full.namelist()), modules))
    assert "unittest/__init__.py" not in names and "email/__init__.py" not in names
    assert {"json/__init__.py", "asyncio/__init__.py", "pyodide/__init__.py"} <= names
    boot = (dist / "static" / "js" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert f'const STDLIB_DIGEST = "{build.sha256_file(archive)[:24]}";' in boot


def test_pyscript_keeps_only_the_error_plugin(build):
    """PyScript's unused plugins are out of its table (and their chunks out of dist/): its
    MicroPython type loads the whole table whatever a page's `plugins` says."""
    table = ('var Ns={codemirror:()=>Promise.resolve().then(function(){return Do}),'
             '"deprecations-manager":()=>import("./deprecations-manager-U.js"),'
             'donkey:()=>import("./donkey-4H.js"),error:()=>import("./error-D2.js"),'
             '"py-editor":()=>import("./py-editor-C4.js"),"py-game":()=>import("./py-game-DW.js"),'
             '"py-terminal":()=>import("./py-terminal-Cw.js")};')
    assert build.without_plugins(table) == 'var Ns={error:()=>import("./error-D2.js"),};'
    dist = Path(build.DIST) / "vendor" / "pyscript"
    if not dist.exists():
        pytest.skip("dist/ not built")
    names = sorted(p.name for p in dist.iterdir())
    assert not [n for n in names if n.startswith(("py-editor", "py-terminal", "py-game", "donkey",
                                                  "deprecations-manager", "codemirror"))]
    core = next(dist.glob("core-*.js")).read_text(encoding="utf-8")
    assert "py-editor" not in core.split("var Ns=")[1].split(";")[0]
