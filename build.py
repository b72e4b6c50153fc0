#!/usr/bin/env python3
"""Build, serve, test and benchmark the Mah-Jong static site (standard library only).

    python3 build.py                 build dist/
    python3 build.py serve [--port N] build, then serve dist/ on 127.0.0.1 (default 8000)
    python3 build.py test            set up .venv, Chromium, then run every test
    python3 build.py check           ruff and mypy (pyproject.toml), also run first by `test`
    python3 build.py bench           time to data-engine="ready": app vs bare PyScript page,
                                     bytes, longest task
    python3 build.py stdlib          record the standard-library modules the site imports under
                                     Pyodide (py/stdlib-modules.txt), then build
    python3 build.py lock            print the sha256 of the cached downloads

Third-party files come from the package registries through their ordinary clients
(`npm pack`, `pip download`), pinned by version and sha256 in pyproject.toml
([tool.mahjong-build]) and cached in .cache/, so a second build needs no network.
"""

from __future__ import annotations

import argparse
import ast
import errno
import functools
import hashlib
import importlib.util
import inspect
import http.server
import io
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tarfile
import time
import tokenize
import zipfile
import zlib
from pathlib import Path
from typing import ClassVar, NamedTuple

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    sys.exit("build.py needs Python 3.11 or newer (tomllib)")

ROOT = Path(__file__).resolve().parent
# MAHJONG_CACHE: another download cache (tests of a fresh machine use an empty one)
CACHE = Path(os.environ.get("MAHJONG_CACHE") or ROOT / ".cache")
# MAHJONG_DIST: another output folder (parallel work on one checkout); tests read it too.
DIST = Path(os.environ.get("MAHJONG_DIST") or ROOT / "dist")
VENV = ROOT / ".venv"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")   # Debian's (tests/browser reads the same)
# tests/pyodide/run.mjs runs Pyodide 0.29.5 in Node.js; its package.json says "engines":
# {"node": ">=18.0.0"}. Debian 12's own nodejs 18.20 and npm 9.2 build and test the site
# (PyScript, which asks for Node 20, is only unpacked from its npm tarball, never run in Node).
NODE_MIN = (18, 0)
PORT_TRIES = 20   # `serve` on a taken port moves on to the next free one, up to this many

# Hosts of CDNs and package registries, which nothing in dist/ may name: the page must never
# fetch from them. Written in pieces so that no committed file spells a whole host name.
CDN_MARKERS = tuple(
    "".join(parts)
    for parts in (
        ("js", "delivr"), ("un", "pkg", ".com"), ("cdn", "js.cloudflare"), ("esm", ".sh"),
        ("sky", "pack", ".dev"), ("jsp", "m.io"), ("raw.", "github", "usercontent"),
        ("iodide", ".io"), ("cdn.", "pyodide"), ("py", "pi.org"), ("python", "hosted"),
        ("npm", "js.org"), ("npm", "js.com"), ("pyscript", ".net"), ("micro", "python.org/pi"),
        ("cdn", ".skypack"), ("fonts.", "googleapis"), ("fonts.", "gstatic"),
    )
)
_URL_WITH_MARKER = re.compile(
    r"(?:https?:)?//[A-Za-z0-9.-]*(?:"
    + "|".join(re.escape(m.split("/")[0]) for m in CDN_MARKERS)
    + r")[A-Za-z0-9.-]*",
    re.IGNORECASE,
)
TEXT_SUFFIXES = {".html", ".js", ".mjs", ".css", ".json", ".toml", ".py", ".webmanifest", ".txt",
                 ".svg", ".md"}

MIME = {
    ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
    ".json": "application/json", ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
    ".whl": "application/zip", ".zip": "application/zip", ".css": "text/css", ".html": "text/html",
    ".png": "image/png",
}

# Files of the npm pyodide package the page needs (the rest are docs, typings, consoles).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# PyScript chunks only loaded by features this site does not use (editor, terminal, game,
# donkey, deprecation notices, MicroPython): left out of dist/, so they are neither served nor
# precached. PyScript 0.7.31 imports every plugin of its table on each page, whatever the
# config: a `plugins = ["!…"]` list is read for <script type="py">, but the same table is
# loaded again for the "mpy" type, which has no config. So build.py takes these plugins out
# of the table in core-*.js (PYSCRIPT_PLUGINS_OFF; tests/browser/test_requests.py lists every
# request of a cold boot).
PYSCRIPT_UNUSED = re.compile(r"^(codemirror|xterm|mpy|service-worker|py-editor|py-terminal|py-game|donkey"
                             r"|deprecations-manager)")
PYSCRIPT_PLUGINS_OFF = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")
# Not part of the installed site: benchmark pages and the alternative (wheel) packaging.
# The micropip/packaging wheels serve only the examples and the wheel packaging; the tile
# preview is a developer's page.
# The whole standard library (vendor/pyodide/python_stdlib.zip) serves only pages on the plain
# runtime (the micropip example, the bench's bare page): the site's pages load app/python_stdlib.zip.
# PyScript's package graph (a config with `packages`), its TOML parser (a TOML config) and its
# zip reader (MicroPython's [files]) are never run by the site's pages.
PRECACHE_EXCLUDE = ("bench/", "app/wheels/", "static/examples/", "sw.js", "vendor/pyodide/micropip-",
                    "vendor/pyodide/packaging-", "static/tiles/preview.html",
                    "vendor/pyodide/python_stdlib.zip",
                    "vendor/pyscript/pyodide_graph-", "vendor/pyscript/toml-", "vendor/pyscript/zip-")
# The standard library of the site's pages (app/python_stdlib.zip, Pyodide's `stdLibURL` in
# static/js/pyodide-boot.mjs): only the modules py/stdlib-modules.txt lists, the ones the engine,
# the page and the runtime import (recorded under Pyodide by `python3 build.py stdlib`;
# tests/unit/test_stdlib_list.py fails on an import in py/ the list leaves out).
STDLIB_LIST = ROOT / "py" / "stdlib-modules.txt"
STDLIB_ARCHIVE = "app/python_stdlib.zip"
# The site's two archives (the standard library's, py/'s) are stored, not deflated: served with
# brotli they are 0.60 + 0.21 MB instead of 0.82 + 0.33 MB (brotli on the whole archive works
# across files), but 3.2 + 1.0 MB instead of 0.83 + 0.35 MB from a host that compresses no zip.
# ZIP_DEFLATED here trades the one for the other (measured on the first commit of issue 31).
ARCHIVE_COMPRESSION = zipfile.ZIP_STORED
# pyodide-boot.mjs keys its memory snapshot by the archive's digest (a snapshot holds
# zipimport's table of the archive it was made with): build.py writes it in this line.
STDLIB_DIGEST_LINE = re.compile(r'^const STDLIB_DIGEST = "[0-9a-z]*";$', re.MULTILINE)

APP_PACKAGES = ("mahjong_engine", "mahjong_ui")
APP_DIST_NAME = "mahjong_app"
ENGINE_DIST_NAME = "mahjong_engine"


def log(*args) -> None:
    print("[build]", *args, flush=True)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def config() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["tool"]["mahjong-build"]


# ------------------------------------------------------------------------------ tools
# Checked before anything is downloaded or built: every missing tool is named at once, with
# the Debian package that provides it. Only `build.py test`, run as root, installs them itself
# (with apt-get, as the README says); every other command just names them.
NPM_QUIET = ("--loglevel=error", "--no-fund", "--no-audit", "--no-update-notifier")
PIP_QUIET = ("--quiet", "--disable-pip-version-check", "--no-input")


class Missing(NamedTuple):
    tool: str                   # what is missing, as a person would name it
    why: str                    # what it is needed for
    packages: tuple[str, ...]   # the Debian packages that provide it


MISSING_PIP = Missing("pip", "to fetch the micropip and packaging wheels (pip download)", ("python3-pip",))


def node_version() -> tuple[int, ...] | None:
    """`node --version` as numbers; None when there is no node (or it does not answer)."""
    node = shutil.which("node")
    if node is None:
        return None
    try:
        out = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    match = re.match(r"v?(\d+)\.(\d+)", out.strip())
    return tuple(int(n) for n in match.groups()) if match else None


def missing_tools(command: str) -> list[Missing]:
    """What `command` needs that this machine lacks (nothing is changed by asking)."""
    if command in ("lock", "check"):
        return []
    missing = []
    downloads = missing_downloads()
    testing = command == "test"
    has_venv = (VENV / "bin" / "python").exists()
    if testing and not has_venv and not (importlib.util.find_spec("venv")
                                         and importlib.util.find_spec("ensurepip")):
        missing.append(Missing("python3 -m venv", "to create .venv for the tests", ("python3-venv",)))
    elif downloads["pip"] and not testing and _pip_python() is None:
        missing.append(MISSING_PIP)
    node = node_version()
    why_node = ("to run the engine under Pyodide (tests/pyodide/run.mjs) and to compile the standard "
                "library to bytecode" if testing else "to compile the standard library to bytecode "
                "under Pyodide (build.py compile_archive)")
    if node is None:
        missing.append(Missing("node", why_node, ("nodejs",)))
    elif node < NODE_MIN:
        missing.append(Missing(f"Node.js {NODE_MIN[0]} or newer (found {'.'.join(map(str, node))})",
                               f"{why_node}; Pyodide 0.29.5 asks for it (Debian 12's nodejs is 18)",
                               ("nodejs",)))
    if downloads["npm"] and shutil.which("npm") is None:
        missing.append(Missing("npm", "to fetch Pyodide and PyScript (npm pack)",
                               ("npm",) if node is not None else ("nodejs", "npm")))
    if command in ("test", "bench") and not Path(CHROMIUM).exists():
        missing.append(Missing("chromium", f"for the browser tests ({CHROMIUM})", ("chromium",)))
    return missing


def _packages(missing: list[Missing]) -> list[str]:
    return list(dict.fromkeys(p for m in missing for p in m.packages))


def missing_message(command: str, missing: list[Missing]) -> str:
    sudo = "" if os.geteuid() == 0 else "sudo "
    tools = "tools" if len(missing) > 1 else "a tool"
    lines = [f"build.py {command}: missing {tools} (nothing was downloaded):"]
    for m in missing:
        lines.append(f"  - {m.tool}, {m.why}: {sudo}apt-get install {' '.join(m.packages)}")
    if len(missing) > 1:
        lines.append(f"Install them all with: {sudo}apt-get install -y {' '.join(_packages(missing))}")
    return "\n".join(lines)


def check_tools(command: str) -> None:
    """Stop with one message naming every missing tool; `test` as root installs them instead."""
    missing = missing_tools(command)
    if not missing:
        return
    if command == "test" and os.geteuid() == 0 and shutil.which("apt-get"):
        _apt_install(*_packages(missing))
        importlib.invalidate_caches()   # python3-venv's ensurepip is new on sys.path
        missing = missing_tools(command)
    if missing:
        sys.exit(missing_message(command, missing))


# ------------------------------------------------------------------------------ downloads
def _pip_python() -> str | None:
    """A Python with pip: this one, else .venv's (made by `build.py test`)."""
    for python in (sys.executable, str(VENV / "bin" / "python")):
        if (Path(python).exists()
                and subprocess.run([python, "-m", "pip", "--version"], capture_output=True).returncode == 0):
            return python
    return None


def _pip_command() -> list[str]:
    python = _pip_python()
    if python is None:
        sys.exit(missing_message("build", [MISSING_PIP]))
    return [python, "-m", "pip"]


def _fetch(what: str, cmd: list[str]) -> None:
    """Run a registry client; a failure is a message (its own error lines above it), never a traceback."""
    try:
        code = subprocess.run(cmd, stdout=subprocess.DEVNULL).returncode
    except FileNotFoundError:
        sys.exit(f"build.py: {cmd[0]} not found, needed for {what}")
    if code != 0:
        sys.exit(f"build.py: {what} failed (exit {code}); is the registry reachable? "
                 "Nothing was changed; run the command again.")


def _verify(path: Path, entry: dict) -> Path:
    actual = sha256_file(path)
    if actual != entry["sha256"]:
        sys.exit(f"sha256 mismatch for {path.name}: lock says {entry['sha256']}, file is {actual}. "
                 "If the version was changed on purpose, update the sha256 in pyproject.toml.")
    return path


def fetch_npm(entry: dict) -> Path:
    folder = CACHE / "npm"
    path = folder / entry["file"]
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        log(f"npm pack {entry['name']}@{entry['version']}")
        _fetch(f"npm pack {entry['name']}@{entry['version']}",
               ["npm", "pack", f"{entry['name']}@{entry['version']}", "--pack-destination", str(folder),
                *NPM_QUIET])
    return _verify(path, entry)


def fetch_wheel(entry: dict) -> Path:
    folder = CACHE / "wheels"
    path = folder / entry["file"]
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        log(f"pip download {entry['name']}=={entry['version']}")
        _fetch(f"pip download {entry['name']}=={entry['version']}",
               [*_pip_command(), "download", *PIP_QUIET, "--no-deps", "--only-binary=:all:",
                "--python-version", "3.13", "--dest", str(folder), f"{entry['name']}=={entry['version']}"])
    return _verify(path, entry)


def unpacked(tgz: Path) -> Path:
    """The npm tarball unpacked once into .cache/unpacked/<name>/package."""
    dest = CACHE / "unpacked" / tgz.name.removesuffix(".tgz")
    stamp = dest / ".sha256"
    if not (stamp.exists() and stamp.read_text() == sha256_file(tgz)):
        shutil.rmtree(dest, ignore_errors=True)
        dest.mkdir(parents=True)
        with tarfile.open(tgz) as tar:
            members = [m for m in tar.getmembers()
                       if m.name.startswith("package/") and (m.isfile() or m.isdir())]
            tar.extractall(dest, members=members)
        stamp.write_text(sha256_file(tgz))
    return dest / "package"


def missing_downloads() -> dict[str, list[str]]:
    """The pinned files not in the cache yet, by the client that fetches them."""
    cfg = config()
    return {"npm": [e["file"] for e in cfg["npm"] if not (CACHE / "npm" / e["file"]).exists()],
            "pip": [e["file"] for e in cfg["wheels"] if not (CACHE / "wheels" / e["file"]).exists()]}


def fetch_all() -> dict[str, Path]:
    cfg = config()
    out = {e["name"]: fetch_npm(e) for e in cfg["npm"]}
    out.update({e["name"]: fetch_wheel(e) for e in cfg["wheels"]})
    return out


# ------------------------------------------------------------------------------ CDN scan
def strip_cdn_urls(text: str) -> str:
    """Replace any CDN/registry origin in vendored code by an inert relative path."""
    return _URL_WITH_MARKER.sub("./no-cdn", text)


def scan_for_cdn(folder: Path) -> list[str]:
    """Every (file, marker) in folder's files that names a CDN or registry host."""
    found = []
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        data = path.read_bytes().lower()
        for marker in CDN_MARKERS:
            if marker.lower().encode() in data:
                found.append(f"{path.relative_to(folder)}: {marker}")
    return found


# ------------------------------------------------------------------------------ CSP
# Every page of dist/ gets this policy as a <meta http-equiv> tag, the strictest the runtime
# boots under (measured in Chromium): PyScript's core evaluates strings ('unsafe-eval') and
# Pyodide compiles WebAssembly ('wasm-unsafe-eval'); everything else (scripts, styles, the
# wasm and zip fetches, the service and snapshot workers, fonts, icons) comes from the site
# itself. No inline event handler and no style attribute is
# allowed; an inline <script> or <style> the browser would run is allowed by its sha256 only.
# (frame-ancestors and report-to cannot be given in a meta tag.)
CSP = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval' 'unsafe-eval'"),
    ("style-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'none'"),
)
# <script> types the browser never runs (data blocks read by PyScript or by our code)
INERT_SCRIPT_TYPES = {"py", "mpy", "application/json"}
_INLINE_BLOCK = re.compile(r"<(script|style)\b([^>]*)>(.*?)</\1\s*>", re.IGNORECASE | re.DOTALL)
_TYPE_ATTR = re.compile(r"""\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.IGNORECASE)


def _csp_hash(text: str) -> str:
    import base64

    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def csp_policy(html: str) -> str:
    """The page's policy: CSP plus the sha256 of each inline block the browser would run."""
    hashes: dict[str, list[str]] = {"script-src": [], "style-src": []}
    for tag, attrs, body in _INLINE_BLOCK.findall(html):
        if tag.lower() == "script":
            if re.search(r"\bsrc\s*=", attrs, re.IGNORECASE):
                continue
            kind = _TYPE_ATTR.search(attrs)
            if kind and "".join(kind.groups("")).strip().lower() in INERT_SCRIPT_TYPES:
                continue
            hashes["script-src"].append(_csp_hash(body))
        else:
            hashes["style-src"].append(_csp_hash(body))
    return "; ".join(" ".join([name, value, *hashes.get(name, [])]) for name, value in CSP)


def inline_attributes(html: str) -> list[str]:
    """Inline event handlers (on…=) and style attributes in a page's markup, which the CSP
    refuses (the text of <script> and <style> blocks and comments is not markup)."""
    from html.parser import HTMLParser

    found: list[str] = []

    class Finder(HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.extend(name for name, _ in attrs if name == "style" or name.startswith("on"))

        handle_startendtag = handle_starttag

    finder = Finder()
    finder.feed(html)
    finder.close()
    return found


def add_csp(html: str, name: str = "page") -> str:
    """The page with its Content-Security-Policy meta tag first in <head>, right after the
    charset (before any script, style or link it must govern)."""
    if re.search(r"http-equiv\s*=\s*[\"']?content-security-policy", html, re.IGNORECASE):
        raise ValueError(f"{name}: carries its own CSP; build.py writes every page's (CSP in build.py)")
    charset = re.search(r"<meta\s+charset=[^>]*>", html, re.IGNORECASE)
    first = re.search(r"<(script|style|link)\b", html, re.IGNORECASE)
    if charset is None or (first is not None and first.start() < charset.start()):
        raise ValueError(f"{name}: needs <meta charset> before any script, style or link")
    meta = f'\n<meta http-equiv="Content-Security-Policy" content="{csp_policy(html)}">'
    return html[:charset.end()] + meta + html[charset.end():]


def apply_csp(site: Path) -> None:
    """Every HTML page of site/ gets its CSP meta; a page with an inline handler or a style
    attribute stops the build (the policy would block it in the browser)."""
    problems = []
    for path in sorted(site.rglob("*.html")):
        rel = path.relative_to(site).as_posix()
        html = path.read_text(encoding="utf-8")
        found = inline_attributes(html)
        if found:
            problems.append(f"{rel}: inline {', '.join(sorted(set(found)))} attribute(s)")
            continue
        try:
            path.write_text(add_csp(html, rel), encoding="utf-8")
        except ValueError as error:
            problems.append(str(error))
    if problems:
        sys.exit("pages the Content-Security-Policy would break:\n  " + "\n  ".join(problems))


# ------------------------------------------------------------------------------ icons
def png(size: int, pixel) -> bytes:
    """A PNG (RGBA) from pixel(x, y) -> (r, g, b, a); stdlib zlib/struct only."""
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel(x, y))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def icon_pixel(size: int):
    """Same design as static/icons/icon.svg: an ivory tile with a red dot on green felt."""
    felt, tile, edge, dot = (15, 81, 50, 255), (248, 245, 236, 255), (200, 190, 160, 255), (179, 38, 30, 255)
    s = size / 512

    def inside_round_rect(x, y, x0, y0, x1, y1, r):
        cx = min(max(x, x0 + r), x1 - r)
        cy = min(max(y, y0 + r), y1 - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

    def pixel(x, y):
        px, py = (x + 0.5) / s, (y + 0.5) / s
        if inside_round_rect(px, py, 136, 76, 376, 436, 36):
            if (px - 256) ** 2 + (py - 256) ** 2 <= 72 ** 2:
                return dot
            if not inside_round_rect(px, py, 148, 88, 364, 424, 28):
                return edge
            return tile
        return felt

    return pixel


# ------------------------------------------------------------------------------ app package
def app_files(packages: tuple[str, ...] = APP_PACKAGES) -> list[tuple[str, Path]]:
    files = []
    for package in packages:
        base = ROOT / "py" / package
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in {".pyc", ".pyo"}:
                files.append((path.relative_to(ROOT / "py").as_posix(), path))
    return files


def _zip_write(zf: zipfile.ZipFile, name: str, data: bytes,
               compress_type: int = zipfile.ZIP_DEFLATED) -> None:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # reproducible archives
    info.compress_type = compress_type
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)


def build_archive(dest: Path) -> None:
    """py/'s packages as the page unpacks them (pyscript.toml [files]; ARCHIVE_COMPRESSION),
    their sources without docstrings and comments (`for_the_page`)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w") as zf:
        for name, path in app_files():
            data = path.read_bytes()
            if name.endswith(".py"):
                data = for_the_page(data.decode("utf-8"), name).encode("utf-8")
            _zip_write(zf, name, data, ARCHIVE_COMPRESSION)


def _docstrings_out(tree: ast.Module) -> list[tuple[ast.Expr, bool]]:
    """Takes each docstring out of `tree` (a body left empty gets `pass` where it stood, as
    `python -OO` has them: `__doc__` None) and returns them, each with whether it was alone."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                rest = node.body[1:]
                found.append((first, not rest))
                if not rest:
                    filler = ast.Pass(lineno=first.lineno, col_offset=first.col_offset,
                                      end_lineno=first.lineno, end_col_offset=first.col_offset + 4)
                    rest = [filler]
                node.body = rest
    return found


def _where_each_node_starts(source: str, name: str) -> str:
    """The program without docstrings, with the line and column where each node starts (where
    it ends moves when a docstring closing a body becomes `pass`)."""
    tree = ast.parse(source, name)
    _docstrings_out(tree)
    for node in ast.walk(tree):
        for end in ("end_lineno", "end_col_offset"):
            if hasattr(node, end):
                delattr(node, end)
    return ast.dump(tree, include_attributes=True)


def for_the_page(source: str, name: str) -> str:
    """`source` without its docstrings and comments, every line where it was (a traceback's line
    numbers are the repository's): 0.23 -> 0.16 MB of py/ served with brotli. A docstring is
    blanked only when its lines hold nothing else; the result is checked to be the same program,
    node for node and position for position, or the build stops."""
    lines = source.splitlines(keepends=True)
    for doc, alone in _docstrings_out(ast.parse(source, name)):
        first, last = lines[doc.lineno - 1], lines[doc.end_lineno - 1]
        if first[:doc.col_offset].strip() or last[doc.end_col_offset:].split("#", 1)[0].strip():
            continue   # shares a line with code: left as it is
        for number in range(doc.lineno, doc.end_lineno + 1):
            lines[number - 1] = "\n"
        if alone:
            lines[doc.lineno - 1] = " " * doc.col_offset + "pass\n"
    text = "".join(lines)
    comments = [tok.start for tok in tokenize.generate_tokens(io.StringIO(text).readline)
                if tok.type == tokenize.COMMENT]
    lines = text.splitlines(keepends=True)
    for row, col in comments:
        lines[row - 1] = lines[row - 1][:col].rstrip() + "\n"
    stripped = "".join(lines)
    if _where_each_node_starts(source, name) != _where_each_node_starts(stripped, name):
        sys.exit(f"build.py: {name} changed when its docstrings and comments were taken out")
    return stripped


def stdlib_modules(path: Path = STDLIB_LIST) -> list[str]:
    """The modules of py/stdlib-modules.txt (one a line; `#` starts a comment)."""
    names = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [name for name in names if name]


def stdlib_members(names: set[str], modules: list[str]) -> list[str]:
    """The files of an archive holding `names` that `modules` need: each module's source and its
    packages' __init__.py. A module with no file there is built into the runtime (sys, math…)."""
    wanted = set()
    for module in modules:
        parts = module.split(".")
        for depth in range(1, len(parts) + 1):
            base = "/".join(parts[:depth])
            wanted.update(f for f in (f"{base}.py", f"{base}/__init__.py") if f in names)
    return sorted(wanted)


def build_stdlib(full: Path, dest: Path, modules: list[str] | None, runtime: Path) -> str:
    """The site's standard-library archive from Pyodide's whole one (ARCHIVE_COMPRESSION);
    returns its digest."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(full) as source, zipfile.ZipFile(dest, "w") as out:
        names = set(source.namelist())
        for name in sorted(names) if modules is None else stdlib_members(names, modules):
            if name.endswith("/"):
                continue
            data = source.read(name)
            if name.endswith(".py"):   # CDN addresses in docstrings' examples, as in the vendored JS
                data = strip_cdn_urls(data.decode("utf-8")).encode("utf-8")
            _zip_write(out, name, data, ARCHIVE_COMPRESSION)
    compile_archive(dest, runtime)
    return sha256_file(dest)[:24]


# Compiling Python is most of a first visit's start: Pyodide imports about 130 modules of the
# standard library before a page's first line runs, each compiled from source in WebAssembly.
# So the site's archive holds bytecode, compiled at build time by the same runtime (Pyodide's
# Python in Node.js: the same magic number), with no docstrings (as `python -OO` has them) and no
# column ranges (PYTHONNODEBUGRANGES: line numbers stay): `loadPyodide` done at 0.8-1.3 s
# instead of 2.2-3.4 s, cold ready 1.15-1.36x -> 0.77-0.79x the floor page (which compiles its
# own; `build.py bench`, medians of five). Served with brotli it is 0.67 MB against 0.60 MB of
# sources (bytecode with column ranges and docstrings: 1.01 MB).
# run under Pyodide's Python after build.py's own `_docstrings_out` (its source, put first)
COMPILE_PY = r"""
import ast, importlib.util, marshal, sys, zipfile

assert not sys.flags.optimize
with zipfile.ZipFile("/source.zip") as source, zipfile.ZipFile("/target.zip", "w") as target:
    for info in source.infolist():
        data = source.read(info)
        if info.filename.endswith(".py"):
            tree = ast.parse(data, info.filename)
            _docstrings_out(tree)
            code = compile(tree, info.filename, "exec", dont_inherit=True)
            # a timestamp pyc of no source: zipimport and SourcelessFileLoader check only the magic
            data = importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
            info = zipfile.ZipInfo(info.filename + "c", info.date_time)
            info.external_attr = 0o644 << 16
        target.writestr(info, data)
"""
COMPILE_MJS = """
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [runtime, source, target, code] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: runtime + "/", env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.writeFile("/source.zip", readFileSync(source));
py.runPython(code);
writeFileSync(target, py.FS.readFile("/target.zip"));
"""


def compile_archive(archive: Path, runtime: Path) -> None:
    """Each .py of `archive` replaced by its bytecode (COMPILE_PY) under the Pyodide in `runtime`;
    kept in .cache/bytecode/ by the archive's, the runtime's and this code's digest."""
    code = "import ast\n" + inspect.getsource(_docstrings_out) + COMPILE_PY
    key = hashlib.sha256(archive.read_bytes() + (runtime / "pyodide.asm.wasm").read_bytes()[:4096]
                         + (runtime / "pyodide.mjs").read_bytes() + code.encode()
                         + COMPILE_MJS.encode()).hexdigest()[:32]
    cached = CACHE / "bytecode" / f"{key}.zip"
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".part")
        done = subprocess.run(["node", "--input-type=module", "-e", COMPILE_MJS, str(runtime.resolve()),
                               str(archive.resolve()), str(partial.resolve()), code],
                              capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"build.py: compiling {archive.name} under Pyodide failed:\n{done.stderr[-3000:]}")
        partial.replace(cached)
    shutil.copyfile(cached, archive)


def build_wheel(folder: Path, version: str, dist_name: str = APP_DIST_NAME,
                packages: tuple[str, ...] = APP_PACKAGES, metadata: str = "", entry_points: str = "") -> Path:
    """A pure-Python wheel of packages in py/: the whole app (the `packages` packaging, measured
    by bench) or the engine alone (ENGINE_WHEEL, what `pip install .` installs)."""
    import base64

    folder.mkdir(parents=True, exist_ok=True)
    dist_info = f"{dist_name}-{version}.dist-info"
    path = folder / f"{dist_name}-{version}-py3-none-any.whl"
    entries = [(name, p.read_bytes()) for name, p in app_files(packages)]
    head = f"Metadata-Version: 2.1\nName: {dist_name.replace('_', '-')}\nVersion: {version}\n"
    entries.append((f"{dist_info}/METADATA", (head + metadata).encode()))
    entries.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: build.py\n"
                                          b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    if entry_points:
        entries.append((f"{dist_info}/entry_points.txt", entry_points.encode()))
    record = []
    for name, data in entries:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(path, "w") as zf:
        for name, data in entries:
            _zip_write(zf, name, data)
    return path


def build_engine_wheel(folder: Path) -> Path:
    """The engine alone, as pyproject.toml's [project] describes it (for anyone's CPython or a
    PyScript page through micropip); published in dist/app/wheels/."""
    with open(ROOT / "pyproject.toml", "rb") as fh:
        project = tomllib.load(fh)["project"]
    metadata = f"Summary: {project['description']}\nRequires-Python: {project['requires-python']}\n"
    scripts = "".join(f"{name} = {target}\n" for name, target in project.get("scripts", {}).items())
    return build_wheel(folder, project["version"], ENGINE_DIST_NAME, ("mahjong_engine",), metadata,
                       "[console_scripts]\n" + scripts if scripts else "")


# ------------------------------------------------------------------------------ build
def vendor_pyodide(src: Path, wheels: dict[str, Path], dest: Path) -> None:
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(src / name, dest / name)
    mjs = dest / "pyodide.mjs"
    mjs.write_text(strip_cdn_urls(mjs.read_text(encoding="utf-8")), encoding="utf-8")
    # Our PyPI wheels replace the lock's entries (their sha256 differ from Pyodide's builds);
    # the lock lists only them (every page fetches it; the ~380 others have no wheel here).
    lock = json.loads((dest / "pyodide-lock.json").read_text())
    packages = {}
    for entry in config()["wheels"]:
        wheel = wheels[entry["name"]]
        shutil.copyfile(wheel, dest / wheel.name)
        pkg = packages[entry["name"]] = lock["packages"][entry["name"]]
        pkg.update(file_name=wheel.name, version=entry["version"], sha256=entry["sha256"])
    lock["packages"] = packages
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, separators=(",", ":")))


CHUNK_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*["']\./([\w.-]+\.js)["']""")


def vendor_pyscript(src: Path, dest: Path) -> None:
    dest.mkdir(parents=True)
    for path in sorted((src / "dist").iterdir()):
        if path.suffix == ".map" or PYSCRIPT_UNUSED.match(path.name):
            continue
        text = path.read_text(encoding="utf-8")
        # drop source-map comments (maps are not shipped) and CDN defaults
        text = re.sub(r"\n?//# sourceMappingURL=\S+\s*$", "\n", text)
        if path.name.startswith("core-"):
            text = without_plugins(text)
        (dest / path.name).write_text(strip_cdn_urls(text), encoding="utf-8")
    # chunks nothing kept imports (the plugins' own: codemirror's index-*.js, the terminal's
    # py-*.js; storage.js, an entry point of its own) are never run: not shipped either
    kept = {"core.js", "core.css"}
    queue = ["core.js"]
    while queue:
        text = (dest / queue.pop()).read_text(encoding="utf-8")
        for name in CHUNK_IMPORT.findall(text):
            if name not in kept and (dest / name).exists():
                kept.add(name)
                queue.append(name)
    for path in dest.iterdir():
        if path.name not in kept:
            path.unlink()


def without_plugins(core: str, plugins: tuple[str, ...] = PYSCRIPT_PLUGINS_OFF) -> str:
    """PyScript's core-*.js with `plugins` taken out of its table of plugins (entries such as
    `"py-editor":()=>import("./py-editor-….js")` or `codemirror:()=>Promise.resolve()…`)."""
    for name in plugins:
        key = re.escape(name)
        entry = re.compile(rf'(?:"{key}"|\b{key}):\(\)=>(?:import\("\./{key}-[\w-]+\.js"\)'
                           r'|Promise\.resolve\(\)\.then\(function\(\)\{return \w+\}\)),?')
        core, count = entry.subn("", core)
        if count != 1:
            sys.exit(f"build.py: PyScript's plugin {name!r} found {count} times in core-*.js "
                     "(PYSCRIPT_PLUGINS_OFF expects PyScript 0.7.31's table)")
    return core


def pyscript_config(packaging: str, prefix: str = "./") -> dict:
    """dist's pyscript.json from pyscript.toml, for the chosen packaging of py/."""
    with open(ROOT / "pyscript.toml", "rb") as fh:
        cfg = tomllib.load(fh)
    cfg["interpreter"] = prefix + cfg["interpreter"].removeprefix("./")
    files = {prefix + k.removeprefix("./"): v for k, v in cfg.get("files", {}).items()}
    if packaging == "wheel":
        files = {k: v for k, v in files.items() if not k.endswith("/mahjong.zip")}
        cfg["packages"] = [prefix + f"app/wheels/{APP_DIST_NAME}-{app_version()}-py3-none-any.whl"]
    if files:
        cfg["files"] = files
    else:
        cfg.pop("files", None)
    return cfg


@functools.cache
def app_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def ui_catalogues() -> dict:
    return {lang: json.loads((ROOT / "static" / "i18n" / lang / "ui.json").read_text(encoding="utf-8"))
            for lang in ("pt", "en", "es")}


RULE_SETS_CODE = """
import json
from mahjong_engine.rules import rule_set_class, registered_keys
print(json.dumps({key: rule_set_class(key).presentation.visitor_languages for key in registered_keys()}))
"""


def rule_set_languages() -> dict[str, list[str]]:
    """The engine's registry of rule sets, in order (``mahjong_engine.rules.registered_keys``),
    each with the browser languages whose first-time visitors are offered it
    (``Presentation.visitor_languages``), asked of a child Python so that build.py itself
    imports nothing of the engine."""
    done = subprocess.run([sys.executable, "-c", RULE_SETS_CODE], capture_output=True, text=True,
                          check=True, env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    return {str(key): [str(lang) for lang in langs] for key, langs in json.loads(done.stdout).items()}


def rule_set_markup(html: str, rule_sets: dict[str, list[str]], english: dict[str, str]) -> str:
    """index.html with its rule-set controls written from the registry (``rule_set_languages``:
    each key with its visitors' languages): the options of the header's select (the shell
    takes its list of rule sets, and the one a first visitor is offered for his browser's
    language, from them) and the welcome's choices, in English (the shell translates them from
    ui.json before the first paint)."""
    import html as markup

    def text(key: str) -> str:
        return markup.escape(english.get(key, key), quote=False)

    def offered(key: str) -> str:
        langs = rule_sets[key]
        return f' data-languages="{markup.escape(" ".join(langs))}"' if langs else ""

    filled = {
        "RULE-SET-OPTIONS": [f'<option value="{markup.escape(k)}" data-i18n="rules.{markup.escape(k)}"'
                             f'{offered(k)}>{text("rules." + k)}</option>' for k in rule_sets],
        "RULE-SET-CHOICES": [f'<label><input type="radio" name="welcome-rules" value="{markup.escape(k)}">'
                             f'<span><b data-i18n="rules.{markup.escape(k)}">{text("rules." + k)}</b>'
                             f'<small data-i18n="welcome.about.{markup.escape(k)}">'
                             f'{text("welcome.about." + k)}</small></span></label>' for k in rule_sets],
    }
    for mark, lines in filled.items():
        place = re.search(rf"^([ \t]*)<!--{mark}-->$", html, re.MULTILINE)
        if place is None:
            raise ValueError(f"index.html: no <!--{mark}--> line")
        indent = place.group(1)
        html = html[:place.start()] + "\n".join(indent + line for line in lines) + html[place.end():]
    return html


BARE_HTML = """<!doctype html>
<html lang="en" data-engine="loading">
<head><meta charset="utf-8"><title>bare PyScript</title>
<link rel="stylesheet" href="../vendor/pyscript/core.css">
<script type="module" src="../vendor/pyscript/core.js"></script></head>
<body><p>bare PyScript page on the same runtime (benchmark baseline)</p>
<script type="py" config="./bare.json">
from pyscript import document
document.documentElement.dataset.engine = "ready"
</script></body></html>
"""


# The start-up floor of issue 31: the site's own vendored core.js and one <script type="py">
# with its config inline, setting data-engine="ready".
FLOOR_HTML = """<!doctype html>
<html lang="en" data-engine="loading">
<head><meta charset="utf-8"><title>PyScript floor</title>
<link rel="stylesheet" href="../vendor/pyscript/core.css">
<script type="module" src="../vendor/pyscript/core.js"></script></head>
<body><p>the start-up floor: PyScript on the same runtime, nothing else</p>
<script type="py" config='{"interpreter": "../vendor/pyodide/pyodide.mjs"}'>
from pyscript import document
document.documentElement.dataset.engine = "ready"
</script></body></html>
"""


def embed_previews() -> str:
    """The tiles of every learn exercise, which the embed frame draws before Python is up
    (mahjong_ui.embed_params.exercise_previews; the engine is plain Python)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from mahjong_ui.embed_params import exercise_previews
    finally:
        sys.path.remove(str(ROOT / "py"))
    return json.dumps(exercise_previews(), separators=(",", ":"))


def build(quiet: bool = False) -> Path:
    t0 = time.time()
    downloads = fetch_all()
    cfg = config()
    pyodide_src = unpacked(downloads["pyodide"])
    pyscript_src = unpacked(downloads["@pyscript/core"])
    wheels = {e["name"]: downloads[e["name"]] for e in cfg["wheels"]}

    tmp = DIST.with_name(DIST.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    vendor_pyodide(pyodide_src, wheels, tmp / "vendor" / "pyodide")
    vendor_pyscript(pyscript_src, tmp / "vendor" / "pyscript")

    # static/ (the service worker template goes to the root, filled in below; generator
    # scripts kept next to assets are sources, not part of the site)
    shutil.copytree(ROOT / "static", tmp / "static",
                    ignore=shutil.ignore_patterns("sw.js", "__pycache__", "*.py", "*.pyc"))
    # (no list yet: the whole library, for `build.py stdlib` to record the list from)
    digest = build_stdlib(pyodide_src / "python_stdlib.zip", tmp / STDLIB_ARCHIVE,
                          stdlib_modules() if STDLIB_LIST.exists() else None, tmp / "vendor" / "pyodide")
    boot = tmp / "static" / "js" / "pyodide-boot.mjs"
    boot_text, found = STDLIB_DIGEST_LINE.subn(f'const STDLIB_DIGEST = "{digest}";',
                                               boot.read_text(encoding="utf-8"))
    if found != 1:
        sys.exit("static/js/pyodide-boot.mjs: no `const STDLIB_DIGEST = \"…\";` line for build.py to fill in")
    boot.write_text(boot_text, encoding="utf-8")
    icons = tmp / "static" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(png(size, icon_pixel(size)))

    # the Python packages, in both packagings; the page uses the one in pyproject.toml
    packaging = cfg.get("packaging", "files")
    build_archive(tmp / "app" / "mahjong.zip")
    (tmp / "static" / "embed-exercises.json").write_text(embed_previews(), encoding="utf-8")
    build_wheel(tmp / "app" / "wheels", app_version())
    engine_wheel = build_engine_wheel(tmp / "app" / "wheels")
    example = (ROOT / "static" / "examples" / "micropip.html").read_text(encoding="utf-8")
    (tmp / "static" / "examples" / "micropip.html").write_text(
        example.replace("ENGINE_WHEEL", engine_wheel.name), encoding="utf-8")
    (tmp / "pyscript.json").write_text(json.dumps(pyscript_config(packaging), indent=1))

    # index.html with the shell's catalogues inlined, so the first paint is in the right language
    catalogues = ui_catalogues()
    catalogue = json.dumps(catalogues, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    html = rule_set_markup(html, rule_set_languages(), catalogues["en"])
    html = html.replace("<!--UI-CATALOGUE-->",
                        f'<script type="application/json" id="ui-catalogue">{catalogue}</script>')
    (tmp / "index.html").write_text(html, encoding="utf-8")

    # benchmark pages: a bare PyScript page, and the app with the other packaging
    bench = tmp / "bench"
    bench.mkdir()
    (bench / "bare.html").write_text(BARE_HTML)
    (bench / "bare.json").write_text(json.dumps({"interpreter": "../vendor/pyodide/pyodide.mjs"}))
    (bench / "floor.html").write_text(FLOOR_HTML)
    for variant in ("files", "wheel"):
        page = bench / variant
        page.mkdir()
        variant_html = html.replace('="./', '="../../').replace('config="../../pyscript.json"',
                                                                'config="./pyscript.json"')
        (page / "index.html").write_text(variant_html, encoding="utf-8")
        (page / "pyscript.json").write_text(json.dumps(pyscript_config(variant, prefix="../../"), indent=1))

    apply_csp(tmp)
    write_service_worker(tmp)

    found = scan_for_cdn(tmp)
    if found:
        sys.exit("CDN or registry addresses in dist/:\n  " + "\n  ".join(found))
    shutil.rmtree(DIST, ignore_errors=True)
    tmp.rename(DIST)
    if not quiet:
        size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
        log(f"dist/ built in {time.time() - t0:.1f} s, {size / 1e6:.1f} MB, packaging={packaging}")
    return DIST


def write_service_worker(site: Path) -> None:
    entries = []
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if path.is_file() and not rel.startswith(PRECACHE_EXCLUDE):
            entries.append((rel, sha256_file(path)))
    version = hashlib.sha256(json.dumps(entries).encode()).hexdigest()[:16]
    template = (ROOT / "static" / "sw.js").read_text(encoding="utf-8")
    precache = "[\n" + ",\n".join(json.dumps([f"./{r}", h]) for r, h in entries) + "\n]"
    sw = template.replace("__VERSION__", version).replace("__PRECACHE__", precache)
    (site / "sw.js").write_text(sw, encoding="utf-8")


# ------------------------------------------------------------------------------ serve
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    counter = None  # optional dict for byte counting (bench)

    def send_header(self, keyword, value):
        if self.counter is not None and keyword.lower() == "content-length":
            with self.counter["lock"]:
                self.counter["bytes"] += int(value)
                self.counter["requests"] += 1
                self.counter.setdefault("paths", []).append(self.path.split("?")[0])
        super().send_header(keyword, value)

    def log_message(self, fmt, *args):
        if os.environ.get("MAHJONG_SERVE_LOG"):
            super().log_message(fmt, *args)


def make_server(directory: Path, port: int, counter: dict | None = None) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(type("H", (Handler,), {"counter": counter}), directory=str(directory))
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)


def bind_server(port: int) -> http.server.ThreadingHTTPServer:
    """A server for dist/ on `port`, or on the next free port after it (said so); a port
    that cannot be used is a message, never a traceback."""
    last = min(port + PORT_TRIES, 65536) if port else 1
    for candidate in range(port, last):
        try:
            server = make_server(DIST, candidate)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                continue
            sys.exit(f"build.py serve: cannot listen on 127.0.0.1:{candidate}: {error.strerror or error}; "
                     "choose another port with --port N")
        if candidate != port:
            log(f"port {port} is in use: serving on {candidate} instead")
        return server
    taken = f"{port}" if last - port == 1 else f"{port}–{last - 1}"
    sys.exit(f"build.py serve: port {taken} in use; choose another with --port N")


def serve(port: int) -> None:
    server = bind_server(port)   # before the build: a taken port is answered at once
    try:
        build()
    except BaseException:
        server.server_close()
        raise
    print(f"Serving dist/ at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ------------------------------------------------------------------------------ test
def _run(cmd, **kw) -> int:
    print("$", " ".join(map(str, cmd)), flush=True)
    return subprocess.run(cmd, **kw).returncode


def setup_test_env() -> Path:
    """.venv from tests/requirements.txt, Debian's chromium; returns the venv's python."""
    python = VENV / "bin" / "python"
    requirements = ROOT / "tests" / "requirements.txt"
    stamp = VENV / ".requirements.sha256"
    wanted = sha256_file(requirements)
    if not python.exists():
        log("creating .venv")
        if subprocess.run([sys.executable, "-m", "venv", str(VENV)], capture_output=True).returncode != 0:
            shutil.rmtree(VENV, ignore_errors=True)
            sys.exit(missing_message("test", [Missing("python3 -m venv", "to create .venv for the tests",
                                                      ("python3-venv",))]))
    if not (stamp.exists() and stamp.read_text() == wanted):
        log("installing tests/requirements.txt into .venv")
        if _run([str(python), "-m", "pip", "install", *PIP_QUIET, "-r", str(requirements)]) != 0:
            sys.exit("build.py test: pip install -r tests/requirements.txt failed (its errors are above)")
        stamp.write_text(wanted)
    return python


def _apt_install(*packages: str) -> None:
    """Debian packages, as root (only `build.py test` asks); its output is shown on failure only."""
    log(f"installing with apt-get: {' '.join(packages)}")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "-qq", "update"], ["apt-get", "-qq", "install", "-y", *packages]):
        done = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{done.stdout}{done.stderr}build.py test: {' '.join(cmd)} failed "
                     f"(exit {done.returncode})")


def test() -> int:
    t0 = time.time()
    python = setup_test_env()
    build()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    steps = [
        *((f"quality gate: {title}", cmd) for title, cmd in gate_steps(python)),
        ("unit tests (CPython)", [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests",
                                  "--ignore=tests/browser"]),
        ("engine under Pyodide in Node.js", ["node", str(ROOT / "tests" / "pyodide" / "run.mjs")]),
        ("browser tests (Chromium)", [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                      "--durations=15", "--reruns=1", "--only-rerun=Target crashed",
                                      "--only-rerun=Page crashed", "tests/browser"]),
    ]
    results = []
    for title, cmd in steps:
        print(f"\n===== {title} =====", flush=True)
        started = time.time()
        code = _run(cmd, cwd=ROOT, env=env)
        results.append((title, code, time.time() - started))
    print(f"\n===== summary ({time.time() - t0:.0f} s) =====")
    for title, code, seconds in results:
        print(f"  {'ok  ' if code == 0 else 'FAIL'} {seconds:6.0f} s  {title} (exit {code})")
    return next((code for _, code, _ in results if code != 0), 0)


def gate_steps(python: Path) -> list[tuple[str, list[str]]]:
    """The quality gate's commands, as configured in pyproject.toml ([tool.ruff], [tool.mypy])."""
    return [("ruff", [str(python), "-m", "ruff", "check", "py", "tests", "build.py"]),
            ("mypy", [str(python), "-m", "mypy"])]


def check() -> int:
    """The quality gate (``gate_steps``); 0 when both are clean. `test` runs it first."""
    python = setup_test_env()
    failed = [title for title, cmd in gate_steps(python) if _run(cmd, cwd=ROOT) != 0]
    if failed:
        print(f"build.py check: {', '.join(failed)} found problems (listed above)", flush=True)
    return 1 if failed else 0


# ------------------------------------------------------------------------------ bench
def bench(runs: int) -> int:
    python = VENV / "bin" / "python"
    try:
        import playwright  # noqa: F401
    except ModuleNotFoundError:
        if python.exists() and Path(sys.prefix).resolve() != VENV.resolve():
            return subprocess.run([str(python), __file__, "bench", "--runs", str(runs),
                                   "--no-build"]).returncode
        sys.exit("bench needs playwright: run `python3 build.py test` once to set up .venv")
    sys.path.insert(0, str(ROOT / "tests"))
    from bench_site import run_bench  # tests/bench_site.py: a benchmark, not a test

    return run_bench(DIST, runs, make_server, free_port, CHROMIUM)


def record_stdlib() -> int:
    """py/stdlib-modules.txt from the site run under Pyodide with the whole standard library
    (tests/stdlib_record.py), then dist/ again with the list."""
    python = VENV / "bin" / "python"
    try:
        import playwright  # noqa: F401
    except ModuleNotFoundError:
        if python.exists() and Path(sys.prefix).resolve() != VENV.resolve():
            return subprocess.run([str(python), __file__, "stdlib"]).returncode
        sys.exit("stdlib needs playwright: run `python3 build.py test` once to set up .venv")
    build(quiet=True)
    sys.path.insert(0, str(ROOT / "tests"))
    from stdlib_record import record, write_list

    full = unpacked(fetch_all()["pyodide"]) / "python_stdlib.zip"
    modules = record(DIST, full)
    write_list(STDLIB_LIST, modules)
    log(f"{STDLIB_LIST.relative_to(ROOT)}: {len(modules)} modules")
    build()
    return 0


def port_number(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r} (0–65535)")
    return int(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build",
                        choices=["build", "serve", "test", "check", "bench", "lock", "stdlib"])
    parser.add_argument("--port", type=port_number, default=8000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.no_build:
        check_tools(args.command)
    if args.command == "build":
        build()
    elif args.command == "serve":
        serve(args.port)
    elif args.command == "test":
        return test()
    elif args.command == "check":
        return check()
    elif args.command == "bench":
        if not args.no_build:
            build()
        return bench(args.runs)
    elif args.command == "stdlib":
        return record_stdlib()
    elif args.command == "lock":
        for folder in ("npm", "wheels"):
            for path in sorted((CACHE / folder).glob("*")):
                print(f"{path.name}  sha256 = \"{sha256_file(path)}\"")
    return 0


if __name__ == "__main__":
    sys.exit(main())
