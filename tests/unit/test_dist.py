"""The built site (dist/): no CDN or registry address, relative URLs only, a precache that is
the whole site, the pinned runtime. Builds dist/ first if it is missing."""

from __future__ import annotations

import hashlib
import json
import re
import os
from pathlib import Path

import pytest

from builders import build_module

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("MAHJONG_DIST") or ROOT / "dist")


@pytest.fixture(scope="module")
def build():
    module = build_module()
    if not (DIST / "sw.js").exists():
        module.build(quiet=True)
    return module


def test_no_cdn_or_registry_address_in_dist(build):
    assert build.scan_for_cdn(DIST) == []


def test_scanner_sees_cdn_addresses(build, tmp_path):
    host = "cdn." + "js" + "delivr" + ".net"
    (tmp_path / "a.js").write_text(f'import x from "https://{host}/npm/x";')
    assert build.scan_for_cdn(tmp_path)
    assert host not in build.strip_cdn_urls(f"`https://{host}/pyodide/v${{v}}/full/`")


def test_only_relative_urls_in_our_pages(build):
    for path in [DIST / "index.html", DIST / "static" / "manifest.webmanifest", DIST / "pyscript.json",
                 *(DIST / "static" / "js").glob("*.js"), *(DIST / "static" / "css").glob("*.css")]:
        text = path.read_text(encoding="utf-8")
        text = text.replace("http://www.w3.org/2000/svg", "")   # the SVG namespace: a name, never fetched
        assert not re.search(r"""(?:src|href)\s*=\s*["']/""", text), f"root-absolute URL in {path.name}"
        assert not re.search(r"https?://", text), f"absolute URL in {path.name}"
        assert not re.search(r"""["'](?:/static|/vendor|/app)/""", text), f"root-absolute path in {path.name}"


def test_service_worker_precaches_whole_site(build):
    sw = (DIST / "sw.js").read_text()
    entries = json.loads(re.search(r"const PRECACHE = (\[.*?\n\]);", sw, re.S).group(1))
    listed = {p.removeprefix("./"): h for p, h in entries}
    on_disk = {p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file()}
    site = {p for p in on_disk if not p.startswith(build.PRECACHE_EXCLUDE)}
    assert set(listed) == site
    for rel, digest in listed.items():
        assert hashlib.sha256((DIST / rel).read_bytes()).hexdigest() == digest, rel
    version = re.search(r'const VERSION = "([0-9a-f]+)"', sw).group(1)
    assert len(version) == 16
    for needed in ("index.html", "vendor/pyodide/pyodide.asm.wasm", "vendor/pyscript/core.js",
                   "pyscript.json", "app/mahjong.zip", "static/i18n/pt/ui.json",
                   "static/manifest.webmanifest"):
        assert needed in listed


def test_pinned_runtime_and_wheels(build):
    lock = json.loads((DIST / "vendor" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.13")
    for entry in build.config()["wheels"]:
        pkg = lock["packages"][entry["name"]]
        assert pkg["sha256"] == entry["sha256"] == \
            build.sha256_file(DIST / "vendor" / "pyodide" / pkg["file_name"])
    cfg = json.loads((DIST / "pyscript.json").read_text())
    # our boot module (memory snapshot, issue 13) wraps the vendored runtime's loadPyodide
    assert cfg["interpreter"] == "./static/js/pyodide-boot.mjs"
    boot = (DIST / "static" / "js" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    assert 'from "../../vendor/pyodide/pyodide.mjs"' in boot


def test_manifest_and_icons(build):
    manifest = json.loads((DIST / "static" / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "../"
    for icon in manifest["icons"]:
        data = (DIST / "static" / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data.startswith(b"\x89PNG\r\n\x1a\n")
            width = int.from_bytes(data[16:20], "big")
            assert f"{width}x{width}" == icon["sizes"]


def test_engine_archive_holds_both_packages(build):
    import zipfile

    names = zipfile.ZipFile(DIST / "app" / "mahjong.zip").namelist()
    assert "mahjong_ui/__init__.py" in names
    assert any(n.startswith("mahjong_engine/") for n in names)
    assert not any("__pycache__" in n for n in names)
