"""Shared by the browser tests (constants, the static server, small helpers)."""

from __future__ import annotations

import json
from contextlib import ExitStack, contextmanager
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from page_guard import SetUp, module_page, live

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
    cdp = page.context.new_cdp_session(live(page))
    try:
        cdp.send("Storage.clearDataForOrigin", {"origin": server.origin, "storageTypes": types})
    finally:
        cdp.detach()


@contextmanager
def pages_by_size(browser, server, fresh=False):
    """One English page per viewport size, made on first use (touch below 900 px wide), its
    page errors in ``page.errors``; ``fresh``: its origin's storage emptied when made. Yields
    ``get(size)``; the contexts are closed on leaving. Each is a ``page_guard.SharedPage``."""
    with ExitStack() as stack:
        made = {}

        def get(size):
            if size not in made:
                width, height = size
                touch = width < 900

                def make(errors):
                    ctx = browser.new_context(locale="en-US", has_touch=touch, is_mobile=touch,
                                              viewport={"width": width, "height": height})
                    page = ctx.new_page()
                    page.on("pageerror", lambda e: errors.append(str(e)))
                    page.base = server.url
                    return page

                set_up = (lambda page: fresh_storage(page, server)) if fresh else None
                made[size] = stack.enter_context(module_page(make, set_up))
            return made[size]

        yield get


def watched_page(browser, height=800, console_errors=True, errors=None, **context_options):
    """A new English context (``context_options`` added) and page; page errors (and console
    errors) are collected in ``errors`` (a new list unless given), also kept as
    ``page.errors``."""
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": height},
                                  **context_options)
    page = context.new_page()
    errors = [] if errors is None else errors
    page.errors = errors
    page.on("pageerror", lambda e: errors.append(str(e)))
    if console_errors:
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return context, page, errors


@contextmanager
def module_watched_page(browser, set_up: SetUp | None = None, base: str | None = None,
                        **options):
    """A module's ``watched_page`` (``options`` as its), at ``base`` (``page.base``), as a
    ``page_guard.SharedPage``: made again, then ``set_up``, when its renderer has crashed.
    Its errors (``page.errors``) are one list for the module."""

    def make(errors):
        page = watched_page(browser, errors=errors, **options)[1]
        page.base = base
        return page

    with module_page(make, set_up) as page:
        yield page


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


# ---------------------------------------------------------------- the site's storage
# setItem refused as a full storage refuses it, while window.__full is true
# (test_table_saves.py, test_bad_records.py)
FULL_STORAGE_JS = """() => { const set = Storage.prototype.setItem; window.__full = true;
  Storage.prototype.setItem = function (k, v) {
    if (window.__full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return set.call(this, k, v); }; }"""
# the same, from the site's first script on (a context's or a page's init script)
FULL_FROM_THE_START = f"if (location.pathname.startsWith('/mahjong/')) ({FULL_STORAGE_JS})()"
_SLOTS_JS = """(prefix) => Object.keys(localStorage).filter(k => k.startsWith(prefix)).sort()
  .map(k => [k, localStorage.getItem(k)])"""
_STORE_JS = """(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }"""


def store(page, server, items=None):
    """Write ``items`` (key -> raw text) in the site's origin before the site runs (the
    page is left at the origin's root), with the table's speed set to instant."""
    page.goto(server.origin + "/")
    page.evaluate(_STORE_JS, {"mahjong.table.settings": json.dumps({"speed": "instant"}),
                              **(items or {})})


def slots(page, prefix):
    """The site's storage slots whose key starts with ``prefix``, as sorted (key, raw) pairs
    (``mahjong.table.aside.``, ``mahjong.table.kept.``, ``mahjong.table.parked.``)."""
    return [tuple(row) for row in page.evaluate(_SLOTS_JS, prefix)]


def stored(page, key):
    """The raw text the site's storage holds at ``key`` (None when there is none)."""
    return page.evaluate("(key) => localStorage.getItem(key)", key)


# ---------------------------------------------------------------- the table
PLAY_ROOT = "#play-root"
SETTLED = "['human', 'ended'].includes(document.getElementById('play-root').dataset.awaiting)"


def human_move(page):
    """One move of the human's at the table (a win, an exchange, a discard or a pass), once
    the computer players have settled; the table's action count after it."""
    page.wait_for_function(SETTLED, timeout=30_000)
    before = int(page.get_attribute(PLAY_ROOT, "data-actions"))
    tiles = page.locator("[data-testid=hand] .hand-tile")
    if page.locator("[data-action=win]").count():
        page.click("[data-action=win]")
    elif page.locator("[data-action=exchange]").count():
        tiles.nth(0).click()
        tiles.nth(1).click()
        page.click("[data-action=exchange]")
    elif page.locator("[data-action=discard]").count():
        tiles.last.click()
        tiles.last.click()
    else:
        page.click("[data-action=pass]")
    page.wait_for_function(
        f"Number(document.getElementById('play-root').dataset.actions) > {before}")
    page.wait_for_function(SETTLED, timeout=30_000)
    return int(page.get_attribute(PLAY_ROOT, "data-actions"))


# The table's board as the player sees it, measured in one pass (test_table_square.py,
# test_table_board.py): ``seats``/``ponds`` found, each pond's ``sides`` of the centre, text
# ``clipped`` in the centre, the ``table``'s height, the narrowest pond face (``pondTile``)
# and hand tile (``handTile`` wide, ``tileHeight`` tall) of ``hand`` tiles, the rows
# (``tileTops``), what lies inside the viewport, whether the page ``scrolls``; per seat
# (``perSeat``) the backs, melds, pond tiles and labels; the actions offered.
BOARD_GEOMETRY = """() => {
  const box = (el) => el.getBoundingClientRect();
  const inside = (el) => { const r = box(el);
    return r.width > 0 && r.left >= -0.5 && r.top >= -0.5
      && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5; };
  const root = document.getElementById('play-root');
  const table = root.querySelector('[data-testid=table]');
  const centre = table.querySelector('[data-testid=centre]');
  const c = box(centre);
  const side = (el) => { const r = box(el); const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < c.left) return 'left'; if (x > c.right) return 'right';
    if (y < c.top) return 'above'; if (y > c.bottom) return 'below'; return 'inside'; };
  const ponds = [0, 1, 2, 3].map((n) => table.querySelector(`[data-testid=pond-${n}]`));
  const seats = [0, 1, 2, 3].map((n) => table.querySelector(`[data-testid=seat-${n}]`));
  // every piece of text shown in the centre lies inside it and is not cut
  const clipped = [...centre.querySelectorAll('li, span, p')].filter((el) => {
    if (!el.textContent.trim() || !el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    if (style.position === 'absolute' && style.clipPath !== 'none') return false;
    const r = box(el);
    return r.left < c.left - .5 || r.right > c.right + .5 || r.top < c.top - .5 || r.bottom > c.bottom + .5
      || el.scrollWidth > el.clientWidth + 1;
  }).map((el) => el.textContent);
  const faces = [...table.querySelectorAll('[data-testid^=pond-] .tile svg')]
    .map((s) => { const r = box(s); return Math.min(r.width, r.height); });
  const tiles = [...root.querySelectorAll('[data-testid=hand] .hand-tile')];
  const buttons = [...root.querySelectorAll('.tbl-actions [data-action]')];
  const perSeat = seats.map((seat, n) => seat && {
    backs: seat.querySelectorAll(`[data-testid=concealed-${n}] [data-tile=back]`).length,
    melds: !!seat.querySelector(`[data-testid=melds-${n}]`),
    pond: [...table.querySelectorAll(`[data-testid=pond-${n}] [data-tile]`)].map((t) => t.dataset.tile),
    claimed: [...table.querySelectorAll(`[data-testid=pond-${n}] [data-tile]`)]
      .map((t) => t.dataset.claimed === 'true'),
    label: seat.getAttribute('aria-label'),
    pondLabel: ponds[n] && ponds[n].getAttribute('aria-label') });
  const keys = root.querySelector('.tbl-keys');
  const doc = document.scrollingElement;
  return { seats: seats.filter(Boolean).length, ponds: ponds.filter(Boolean).length,
           sides: ponds.map(side), clipped, table: box(table).height,
           pondTile: faces.length ? Math.min(...faces) : null,
           hand: tiles.length, handTile: Math.min(...tiles.map((t) => box(t).width)),
           tileHeight: Math.min(...tiles.map((t) => box(t).height)),
           tileTops: [...new Set(tiles.filter((t) => !t.classList.contains('is-selected'))
                               .map((t) => Math.round(box(t).bottom)))],
           tilesInside: tiles.filter(inside).length,
           buttons: buttons.map((b) => b.dataset.action), buttonsInside: buttons.filter(inside).length,
           handInside: [...tiles, ...root.querySelectorAll('.tbl-actions .btn')]
             .every((el) => { const r = box(el); return r.left >= -.5 && r.right <= innerWidth + .5
               && r.top >= -.5 && r.bottom <= innerHeight + .5; }),
           scrolls: doc.scrollHeight > innerHeight + 1 || doc.scrollWidth > innerWidth + 1,
           keysShown: !!keys && getComputedStyle(keys).display !== 'none',
           perSeat, actions: Number(root.dataset.actions), awaiting: root.dataset.awaiting };
}"""
