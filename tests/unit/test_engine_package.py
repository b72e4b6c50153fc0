"""The engine as a package anyone can install (issue 14): `pip install .` and the wheel that
build.py publishes in dist/app/wheels/ install `mahjong_engine` alone, with its command line,
into a fresh virtual environment, and it scores a hand outside the repository."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from builders import build_module

ROOT = Path(__file__).resolve().parents[2]
HAND = {"rules": "cayro", "concealed": "567p888s22z", "win_tile": "6p",
        "melds": [{"kind": "chow", "tiles": "234m"}, {"kind": "pung", "tiles": "777m"}]}


def _build_module():
    return build_module("mahjong_build_pkg")


def _fresh_venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True, capture_output=True)
    return path / "bin" / "python"


def _score_outside(python: Path, cwd: Path) -> dict:
    env = {"PATH": str(python.parent), "HOME": str(cwd)}  # no PYTHONPATH: the installed copy
    out = subprocess.run([str(python), "-m", "mahjong_engine", "score", "-"], input=json.dumps(HAND),
                         capture_output=True, text=True, cwd=cwd, env=env, check=True)
    return json.loads(out.stdout)


def _expected() -> dict:
    import mahjong_engine
    return mahjong_engine.score(HAND).to_json()


@pytest.fixture(scope="module")
def engine_wheel(tmp_path_factory) -> Path:
    return _build_module().build_engine_wheel(tmp_path_factory.mktemp("wheels"))


def test_engine_wheel_holds_the_engine_alone(engine_wheel):
    names = zipfile.ZipFile(engine_wheel).namelist()
    packages = {name.split("/")[0] for name in names if not name.endswith(".dist-info/RECORD")}
    assert packages == {"mahjong_engine", "mahjong_engine-0.1.0.dist-info"}
    assert "mahjong_engine/rules/cayro.py" in names
    entry_points = zipfile.ZipFile(engine_wheel).read("mahjong_engine-0.1.0.dist-info/entry_points.txt")
    assert b"mahjong-engine = mahjong_engine.__main__:main" in entry_points


def test_published_wheel_installs_and_scores_outside_the_repository(engine_wheel, tmp_path):
    python = _fresh_venv(tmp_path / "venv")
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-index", str(engine_wheel)],
                   check=True, capture_output=True)
    assert _score_outside(python, tmp_path) == _expected()
    script = subprocess.run([str(tmp_path / "venv" / "bin" / "mahjong-engine"), "shanten"],
                            input="123m456p789s1122z\n", capture_output=True, text=True, cwd=tmp_path)
    assert (script.returncode, script.stdout) == (0, "0\n")


def test_pip_install_dot_installs_the_engine_alone(tmp_path):
    # A copy of what `pip install .` reads, so the build leaves nothing in the work tree.
    source = tmp_path / "src"
    (source / "py").mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(ROOT / name, source / name)
    shutil.copytree(ROOT / "py" / "mahjong_engine", source / "py" / "mahjong_engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "py" / "mahjong_ui", source / "py" / "mahjong_ui",
                    ignore=shutil.ignore_patterns("__pycache__"))
    # The same build backend `pip install .` uses, run from the test venv without the network;
    # the fresh venv then installs the result offline.
    built = tmp_path / "built"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-index",
                    "--no-build-isolation", "--wheel-dir", str(built), str(source)],
                   check=True, capture_output=True)
    wheel, = built.glob("mahjong_engine-*.whl")
    python = _fresh_venv(tmp_path / "venv")
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-index", str(wheel)],
                   check=True, capture_output=True)
    assert _score_outside(python, tmp_path) == _expected()
    found = subprocess.run([str(python), "-c",
                            "import importlib.util as u; print(u.find_spec('mahjong_ui'))"],
                           capture_output=True, text=True, cwd=tmp_path, env={"PATH": str(python.parent)})
    assert found.stdout.strip() == "None"
