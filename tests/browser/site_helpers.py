"""Shared by the browser tests (constants, the static server, small helpers)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("MAHJONG_DIST") or ROOT / "dist")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SUBPATH = "mahjong"
BOOT_TIMEOUT_MS = 60_000
# The test switch of static/js/pyodide-boot.mjs: a context given this init script never starts
# the snapshot worker (conftest.py's warm contexts have it; tests of the snapshot do not).
NO_SNAPSHOT_WORKER = "self.mahjongTestNoSnapshotWorker = true;"
LANGS = ("pt", "en", "es")
ARTIFACTS = ROOT / "tests" / "artifacts"


class StaticServer:
    """`python -m http.server` in a subprocess, serving a folder in which dist/ is /mahjong/."""

    def __init__(self, site: Path | None = None):
        site = site or DIST
        if not (site / "index.html").exists():
            raise RuntimeError("dist/ is not built: run python3 build.py")
        self.parent = tempfile.TemporaryDirectory(prefix="mahjong-site-")
        os.symlink(site, Path(self.parent.name) / SUBPATH)
        self.proc = None
        self.port = None

    def start(self, port: int | None = None):
        if port is None:
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
        self.port = port
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
             "--directory", self.parent.name],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 15
        while time.time() < deadline:
            try:
                urllib.request.urlopen(self.url, timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("static server did not start")

    @property
    def origin(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self):
        return f"{self.origin}/{SUBPATH}/"

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    def close(self):
        self.stop()
        self.parent.cleanup()


def wait_engine(page, state="ready", timeout=BOOT_TIMEOUT_MS):
    page.wait_for_function(f"document.documentElement.dataset.engine === {json.dumps(state)}",
                           timeout=timeout)


# What the site's origin keeps of a visit (the site's own state is in localStorage). The Cache
# API (the service worker's copy of the site, Pyodide's memory snapshot of the freshly imported
# engine) is keyed by the build and holds nothing of a visit: ``caches=True`` drops it too.
STORAGE_TYPES = "local_storage,session_storage,indexeddb,websql,file_systems,cookies"


def fresh_storage(page, server, caches=False):
    """Leave the site (so nothing it does on unload can write again) and empty its origin's
    storage, through the browser (Chromium's DevTools protocol): a page shared by a module's
    tests starts each test as a first visit."""
    page.goto("about:blank")
    types = STORAGE_TYPES + (",cache_storage" if caches else "")
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Storage.clearDataForOrigin", {"origin": server.origin, "storageTypes": types})
    finally:
        cdp.detach()


def watched_page(browser, height=800, console_errors=True, **context_options):
    """A new English context (``context_options`` added) and page; page errors (and console
    errors) are collected in ``errors``, also kept as ``page.errors``."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": height},
                                  **context_options)
    page = context.new_page()
    errors = []
    page.errors = errors
    page.on("pageerror", lambda e: errors.append(str(e)))
    if console_errors:
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return context, page, errors


def load(page, url, ready):
    """Open ``url`` and wait until the engine is up and ``ready`` (a selector) shows."""
    page.goto(url)
    wait_engine(page)
    page.wait_for_selector(ready, timeout=30_000)


def open_page(browser, url, ready, height=800, console_errors=True):
    """A new English context and page at ``url``, once the engine is up and ``ready`` shows."""
    context, page, errors = watched_page(browser, height, console_errors)
    load(page, url, ready)
    return context, page, errors


def pass_welcome(page, choice="play"):
    """A first visit to the bare address shows the welcome: choose ``choice`` (play, learn or
    score) as a visitor would, with the language and rule set it offers."""
    page.wait_for_selector("[data-testid=welcome]", state="visible")
    page.click(f"[data-testid=welcome] [data-choice={choice}]")
    page.wait_for_selector("[data-testid=welcome]", state="hidden")


def catalogue(lang, domain="ui"):
    return json.loads((ROOT / "static" / "i18n" / lang / f"{domain}.json").read_text(encoding="utf-8"))
