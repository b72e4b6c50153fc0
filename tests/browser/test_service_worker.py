"""The service worker across an update (issue 15, item 5): a tab still running the old
version keeps receiving the old version's files after another tab takes the update; the old
version's cache goes only when no tab of it is left; the Pyodide snapshot cache is never
deleted."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import time
from pathlib import Path

from site_helpers import DIST, StaticServer, wait_engine

BOOT = 180_000          # ms: this loaded machine may take minutes to boot Pyodide
PROBE_FILE = "static/i18n/es/ui.json"       # not loaded by an English page until asked for
PROBE_JS = f"fetch('{PROBE_FILE}').then(r => r.json()).then(d => d['zz.version_probe'] || 'old')"
CACHES_JS = "caches.keys()"


def controlled(page):
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)


def versions(page):
    return sorted(k for k in page.evaluate(CACHES_JS) if k.startswith("mahjong-"))


def new_version(site: Path) -> None:
    """Publish a second build over the first: one file changed, and the site's own sw.js
    given a new version and that file's new hash. The files are hard links to dist/:
    replaced, never written through."""
    target = site / PROBE_FILE
    data = json.loads(target.read_text(encoding="utf-8"))
    old_hash = hashlib.sha256(target.read_bytes()).hexdigest()
    target.unlink()
    target.write_text(json.dumps({**data, "zz.version_probe": "new"}), encoding="utf-8")
    new_hash = hashlib.sha256(target.read_bytes()).hexdigest()
    sw = (site / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]+)";', sw).group(1)
    assert sw.count(old_hash) == 1
    sw = sw.replace(f'"{version}"', f'"{version[::-1]}"').replace(old_hash, new_hash)
    (site / "sw.js").unlink()
    (site / "sw.js").write_text(sw, encoding="utf-8")


def test_an_open_tab_keeps_its_version_when_another_takes_the_update(cold_browser, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(DIST, site, copy_function=os.link)
    server = StaticServer(site).start()
    ctx = cold_browser.new_context(locale="en-US")
    try:
        first = ctx.new_page()
        first.goto(server.url + "#play")
        wait_engine(first, timeout=BOOT)
        controlled(first)
        second = ctx.new_page()
        second.goto(server.url + "#play")
        wait_engine(second, timeout=BOOT)
        controlled(second)
        first.evaluate("caches.open('pyodide-snapshot').then(c => c.put('__probe__', new Response('kept')))")
        old = versions(first)
        assert len(old) == 1, old

        new_version(site)
        first.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        first.wait_for_selector("#update", state="visible", timeout=180_000)
        with first.expect_navigation(timeout=120_000):
            first.click("#update-reload")
        wait_engine(first, timeout=BOOT)
        assert first.evaluate(PROBE_JS) == "new"
        # the second tab runs the old code: it is given the old files, not the new ones
        assert second.evaluate(PROBE_JS) == "old"
        assert old[0] in versions(first) and len(versions(first)) == 2
        assert first.evaluate("caches.open('pyodide-snapshot').then(c => c.match('__probe__'))"
                              ".then(r => r && r.text())") == "kept"

        # the old tab closed: its version's cache goes at the next page load, the snapshot stays
        second.close()
        first.reload()
        wait_engine(first, timeout=BOOT)
        deadline = time.time() + 30
        while old[0] in versions(first) and time.time() < deadline:
            time.sleep(0.5)
        assert old[0] not in versions(first) and len(versions(first)) == 1
        assert "pyodide-snapshot" in first.evaluate(CACHES_JS)
        assert first.evaluate(PROBE_JS) == "new"
    finally:
        ctx.close()
        server.close()
