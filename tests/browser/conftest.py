"""Browser tests: headless Debian Chromium through Playwright, against the built dist/ served by
a plain static server (python -m http.server) under a sub-path, /mahjong/, as a static host
would serve it. One browser and one server are shared by the whole session.

Python's start-up in the page is what a browser test waits for most, so (issue 28):
- ``browser`` gives out *warm* contexts (``WarmBrowser``): their Cache API already holds this
  build's memory snapshot of Python with the engine imported (made once for the session, see
  ``RuntimeSnapshot``), so a page restores Python instead of a cold start, and the snapshot
  worker is switched off (``NO_SNAPSHOT_WORKER``, read by static/js/pyodide-boot.mjs), so no
  second Pyodide competes with the test for the CPU. Their storage (localStorage,
  sessionStorage, IndexedDB, cookies) is empty, as a new visitor's: only the runtime is warm.
- ``cold_browser`` is the plain browser: tests about a cold start, the snapshot, the service
  worker, the CSP (every worker under the policy) and offline use it; ``runtime_snapshot``
  ``.install(context)`` gives one of its contexts the session's snapshot (a returning visitor).
- ``context`` / ``page``: a new warm English context (and page) of the test's own.
- ``shared_page``: one warm English page for a test module; ``site_page`` is that page with its
  origin's storage emptied (``fresh_storage``) and its error lists reset, for one test: the
  tests of a module share the page (and Python's start-up when they navigate by the hash), not
  their state.
- Every module-scoped page is a ``page_guard.SharedPage``: before each test (and before a
  rerun), ``renew_crashed_pages`` makes again, as its fixture first made it, any whose Chromium
  renderer crashed (page_guard.py).
"""

from __future__ import annotations

import base64
import warnings
from pathlib import Path

import pytest

from page_guard import module_page, renew_crashed_pages
from site_helpers import ARGS, CHROMIUM, NO_SNAPSHOT_WORKER, StaticServer, fresh_storage

SNAPSHOT_CACHE = "pyodide-snapshot"        # static/js/pyodide-boot.mjs SNAPSHOT_CACHE
SNAPSHOT_FILE = "__test-runtime-snapshot__.bin"
SNAPSHOT_TIMEOUT_MS = 240_000
READ_SNAPSHOT_JS = """async (name) => {
  const cache = await caches.open(name);
  const [request] = await cache.keys();
  const blob = await (await cache.match(request)).blob();
  const url = await new Promise((done) => { const r = new FileReader();
    r.onload = () => done(r.result); r.readAsDataURL(blob); });
  return [request.url, url.slice(url.indexOf(',') + 1)];
}"""
PUT_SNAPSHOT_JS = """async ([name, key, file]) => {
  const response = await fetch(file);
  if (!response.ok) throw new Error(`snapshot file ${response.status}`);
  await (await caches.open(name)).put(key, response);
}"""


def pytest_collection_modifyitems(items):
    for item in items:
        item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server():
    srv = StaticServer().start()
    yield srv
    srv.close()


@pytest.fixture
def own_server():
    """A server of the test's own, which the test may stop (offline checks)."""
    srv = StaticServer().start()
    yield srv
    srv.close()


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def cold_browser(playwright_instance):
    """The session's Chromium as it is: its contexts start cold, the snapshot worker on."""
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


class RuntimeSnapshot:
    """This build's memory snapshot, made once for the session by a cold page of the site (its
    snapshot worker, as a visitor's first visit makes it), then kept as a file the session's
    server serves, from which each warm context's Cache API is filled before its first page."""

    def __init__(self, cold_browser, server: StaticServer):
        self.browser, self.server = cold_browser, server
        self.key: str | None = None
        self.made = False

    def make(self) -> None:
        self.made = True
        context = self.browser.new_context(locale="en-US")
        try:
            page = context.new_page()
            page.goto(self.server.url + "static/embed.html?rules=cayro&hand=567p888s22z&w=6p&lang=en")
            page.wait_for_function("['saved', 'failed'].includes(document.documentElement.dataset.snapshot)",
                                   timeout=SNAPSHOT_TIMEOUT_MS)
            if page.evaluate("document.documentElement.dataset.snapshot") != "saved":
                raise RuntimeError("the snapshot worker failed")
            key, data = page.evaluate(READ_SNAPSHOT_JS, SNAPSHOT_CACHE)
            (Path(self.server.parent.name) / SNAPSHOT_FILE).write_bytes(base64.b64decode(data))
            self.key = key
        except Exception as error:   # a slower suite, never a failed one (test_startup tests it)
            warnings.warn(f"no runtime snapshot for the warm contexts ({error}): they start cold",
                          stacklevel=1)
        finally:
            context.close()

    def install(self, context) -> None:
        """Put the snapshot in ``context``'s Cache API, from a page of the server's origin
        outside the site (its folder listing), closed before the test sees the context."""
        if not self.made:
            self.make()
        if self.key is None:
            return
        page = context.new_page()
        try:
            page.goto(self.server.origin + "/")
            page.evaluate(PUT_SNAPSHOT_JS, [SNAPSHOT_CACHE, self.key, "/" + SNAPSHOT_FILE])
        finally:
            page.close()


class WarmBrowser:
    """The session's browser, whose new contexts are warm (see the module's docstring);
    everything else is the Playwright browser's own (``new_page()``, which makes a context of
    its own, included: that one is cold; use ``new_context().new_page()``)."""

    def __init__(self, browser, snapshot: RuntimeSnapshot):
        self._browser, self._snapshot = browser, snapshot

    def new_context(self, **options):
        context = self._browser.new_context(**options)
        context.add_init_script(NO_SNAPSHOT_WORKER)
        self._snapshot.install(context)
        return context

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="session")
def runtime_snapshot(cold_browser, server):
    """The session's ``RuntimeSnapshot``: ``runtime_snapshot.install(context)`` gives a cold
    context this build's snapshot (a returning visitor's cache) without a first visit."""
    return RuntimeSnapshot(cold_browser, server)


@pytest.fixture(scope="session")
def browser(cold_browser, runtime_snapshot):
    return WarmBrowser(cold_browser, runtime_snapshot)


class Recorder:
    """Every request a context makes, and the page errors and console errors it sees."""

    def __init__(self, context):
        self.requests, self.page_errors, self.console_errors = [], [], []
        context.on("request", lambda r: self.requests.append(r.url))

    def watch(self, page):
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        return page

    def clear(self):
        for found in (self.requests, self.page_errors, self.console_errors):
            found.clear()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(locale="en-US")
    ctx.recorder = Recorder(ctx)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    return context.recorder.watch(context.new_page())


@pytest.fixture(autouse=True)
def renewed_pages():
    """Before each test: the module's shared pages whose renderer crashed, made again."""
    return renew_crashed_pages()


@pytest.fixture(scope="module")
def shared_page(browser):
    """One warm English page (1280 x 800) for the module; its context's ``recorder`` sees its
    requests and errors (``page.context.recorder``)."""

    def make(_errors):
        ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
        ctx.recorder = Recorder(ctx)
        return ctx.recorder.watch(ctx.new_page())

    with module_page(make) as page:
        yield page


@pytest.fixture
def site_page(shared_page, server):
    """The module's page for one test: away from the site, its origin's storage emptied and
    its recorder's lists emptied, so the test starts as a first visit."""
    fresh_storage(shared_page, server)
    shared_page.context.recorder.clear()
    return shared_page
