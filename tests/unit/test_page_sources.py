"""py/ as the page gets it (issue 31): app/mahjong.zip holds the sources without docstrings and
comments (build.for_the_page), every line where it is in the repository, so a traceback from
the page points at the repository's lines; the build checks each module is the same program."""

from __future__ import annotations

import ast
import os
import zipfile
from pathlib import Path

import pytest

from builders import build_module

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("MAHJONG_DIST") or ROOT / "dist")

SOURCE = '''"""Module doc."""
import os  # why os


class A:
    """Only a docstring."""


def f(x):
    """Doc
    on two lines."""
    # a comment line
    return x + 1  # trailing


def g(): """kept: it shares its line"""; return 2
s = "# not a comment"
'''


@pytest.fixture(scope="module")
def build():
    return build_module()


def test_docstrings_and_comments_go_and_every_line_stays(build):
    out = build.for_the_page(SOURCE, "m.py")
    assert len(out.splitlines()) == len(SOURCE.splitlines())
    assert "Module doc" not in out and "on two lines" not in out and "comment" not in out.split("s =")[0]
    assert "why os" not in out and "trailing" not in out
    assert 'def g(): """kept: it shares its line"""; return 2' in out
    assert 's = "# not a comment"' in out
    assert out.splitlines()[5] == "    pass"          # a body of only a docstring keeps a statement
    names: dict[str, object] = {}
    exec(compile(out, "m.py", "exec"), names)
    assert names["f"](1) == 2 and names["g"]() == 2 and names["A"].__doc__ is None
    assert [n.lineno for n in ast.walk(ast.parse(out)) if isinstance(n, ast.Return)] == [
        n.lineno for n in ast.walk(ast.parse(SOURCE)) if isinstance(n, ast.Return)]


def test_the_archive_holds_each_module_as_the_page_gets_it(build):
    archive = DIST / "app" / "mahjong.zip"
    if not archive.exists():
        pytest.skip("dist/ not built")
    with zipfile.ZipFile(archive) as zf:
        for name, path in build.app_files():
            shipped = zf.read(name).decode("utf-8")
            source = path.read_text(encoding="utf-8")
            stale = f"{name}: dist/ is older than py/ (run python3 build.py)"
            assert len(shipped.splitlines()) == len(source.splitlines()), stale
            if name.endswith(".py"):
                assert shipped == build.for_the_page(source, name), stale
