"""Start-up: the Pyodide memory snapshot (static/js/pyodide-boot.mjs) and the loading indicator.

One browser context keeps its Cache API between page loads, like a returning visitor."""

from __future__ import annotations

import itertools

import pytest

from site_helpers import wait_engine

HAND_TILES = "[data-testid=hand] .hand-tile"
SNAPSHOT_TIMEOUT_MS = 120_000


@pytest.fixture
def visitor(cold_browser):
    """A cold context (no snapshot yet, the snapshot worker on): a first visit."""
    ctx = cold_browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    yield page
    ctx.close()


def first_visit_with_snapshot(page, url):
    page.goto(url + "#play")   # a route: straight to the table, past the welcome
    wait_engine(page)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "none"
    # Pyodide runs without JSPI's stack switching (pyodide-boot.mjs withoutStackSwitching)
    switching = "[document.documentElement.dataset.stackSwitching, 'Suspending' in WebAssembly]"
    assert page.evaluate(switching) == ["off", False]
    page.wait_for_function("document.documentElement.dataset.snapshot === 'saved'",
                           timeout=SNAPSHOT_TIMEOUT_MS)
    assert page.evaluate("caches.open('pyodide-snapshot').then(c => c.keys()).then(k => k.length)") == 1


def assert_working_table(page):
    page.wait_for_selector(HAND_TILES, timeout=30_000)
    assert page.locator(HAND_TILES).count() >= 13
    page.select_option("[data-testid=rules]", "cayro")      # Python answers: a new deal is drawn
    page.wait_for_function("document.querySelectorAll('[data-testid=hand] .hand-tile').length >= 13")
    assert page.errors == []


def test_return_visit_restores_the_snapshot(visitor, server):
    first_visit_with_snapshot(visitor, server.url)
    visitor.reload()
    wait_engine(visitor)
    assert visitor.evaluate("document.documentElement.dataset.snapshot") == "restored"
    assert_working_table(visitor)


@pytest.mark.parametrize("damage", ["garbage", "build-id", "truncated"])
def test_snapshot_that_does_not_match_falls_back(visitor, server, runtime_snapshot, damage):
    # a returning visitor: the session's snapshot (made by a first visit's worker, as
    # test_return_visit_restores_the_snapshot makes one) in the cache, then damaged
    runtime_snapshot.install(visitor.context)
    visitor.goto(server.url + "#play")
    wait_engine(visitor)
    assert visitor.evaluate("document.documentElement.dataset.snapshot") == "restored"
    # garbage: no snapshot at all; build-id: a snapshot of another runtime build; truncated: cut short
    visitor.evaluate("""async (damage) => {
        const cache = await caches.open('pyodide-snapshot');
        for (const key of await cache.keys()) {
            const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
            let bad;
            if (damage === 'garbage') bad = new Uint8Array(4 << 20).fill(7);
            else if (damage === 'build-id') { bad = bytes; bad.fill(0xab, 16, 48); }
            else bad = bytes.slice(0, bytes.length >> 1);
            await cache.put(key, new Response(bad));
        }
    }""", damage)
    visitor.reload()
    wait_engine(visitor)
    assert visitor.evaluate("document.documentElement.dataset.snapshot") == "none"
    assert_working_table(visitor)
    # and a fresh, good snapshot replaces the bad one
    visitor.wait_for_function("document.documentElement.dataset.snapshot === 'saved'",
                              timeout=SNAPSHOT_TIMEOUT_MS)


SPINNER_STATE = """() => {
  const el = document.querySelector('[data-testid=boot-spinner]');
  const anims = el ? el.getAnimations() : [];
  return {
    engine: document.documentElement.dataset.engine,
    visible: !!el && el.getBoundingClientRect().width > 0,
    states: anims.map(a => a.playState),
    time: anims.length ? anims[0].currentTime : null,
    props: anims.flatMap(a => a.effect.getKeyframes().flatMap(k => Object.keys(k)))
                .filter(p => !['offset', 'easing', 'composite', 'computedOffset'].includes(p)),
  };
}"""


class WasmHeld:
    """The runtime's wasm held back from ``context`` until ``release()``: the page stays in
    its loading state for as long as a test needs to look at it, however quick the boot."""

    def __init__(self, context) -> None:
        self.held: list = []
        self.released = False
        context.route("**/pyodide.asm.wasm", self._hold)

    def _hold(self, route) -> None:
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self) -> None:
        if not self.released:
            self.released = True
            for route in self.held:
                route.continue_()


def test_loading_indicator_keeps_moving_during_a_cold_boot(visitor, server):
    # The runtime's wasm is held back until the indicator has been seen three times, so a
    # quick boot still gives the loading state to watch (on a fast machine the whole boot
    # took two samples: the test's precondition failed, not the page); then Python starts
    # and keeps the main thread busy, and the samples go on until the table is ready.
    wasm = WasmHeld(visitor.context)
    visitor.goto(server.url + "#play", wait_until="domcontentloaded")   # from first paint, styles applied
    samples = []
    while True:
        state = visitor.evaluate(SPINNER_STATE)
        if state["engine"] != "loading":
            break
        samples.append(state)
        if len(samples) >= 3:
            wasm.release()
        visitor.wait_for_timeout(150)
    assert len(samples) >= 3, "the boot was too quick to watch"
    for state in samples:
        assert state["visible"]
        assert state["states"] == ["running"]
        # transform only: the compositor runs it while Python keeps the main thread busy
        assert set(state["props"]) <= {"transform", "opacity"}, state["props"]
    times = [s["time"] for s in samples]
    assert all(b > a for a, b in itertools.pairwise(times)), times
    wait_engine(visitor)
    # the table replaces its shape (the table view draws once its catalogues have arrived)
    visitor.wait_for_selector(".skeleton", state="detached", timeout=30_000)
    visitor.wait_for_selector(HAND_TILES, timeout=30_000)
    assert visitor.evaluate(SPINNER_STATE)["visible"] is False        # gone once the table is drawn
    assert visitor.errors == []


def test_embed_widgets_restore_the_sites_snapshot(visitor, server):
    """Widgets on a page of the same site start from the snapshot the app made, instead of each
    paying a whole Python start-up."""
    first_visit_with_snapshot(visitor, server.url)
    widget = server.url + "static/embed.html?rules=cayro&hand=567p888s22z&w=6p&m=c234m,K5555m&lang=es&score=1"
    pages = [visitor.context.new_page() for _ in range(2)]
    for page in pages:
        page.goto(widget)
    for page in pages:
        page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=60_000)
        assert page.evaluate("document.documentElement.dataset.snapshot") == "restored"
        assert page.locator("[data-testid=embed-hand] [data-tile]").count() >= 8


PREVIEW_JS = """() => ({
  state: document.documentElement.dataset.state,
  tiles: [...document.querySelectorAll('[data-testid=embed-preview] [data-tile]')].map(t => t.dataset.tile),
})"""


def test_embed_widget_draws_its_hand_before_python(visitor, server):
    """The widget's tiles need no engine: the hand shows while the runtime is still loading,
    then Python's widget (with tile names and the score) replaces it.

    The runtime's wasm is held back until the preview has been read, in one look: read tile by
    tile while Python was free to start, the preview was sometimes replaced half-way (a
    flaky test on a fast start)."""
    wasm = WasmHeld(visitor.context)
    widget = server.url + "static/embed.html?rules=cayro&hand=888s22z567p&w=6p&m=c234m,K5555m&f=1f&lang=es"
    visitor.goto(widget, wait_until="commit")
    visitor.wait_for_selector("[data-testid=embed-preview]", state="attached")   # built whole, then added
    assert visitor.evaluate(PREVIEW_JS) == {"state": "loading", "tiles": [
        "5p", "6p", "7p", "8s", "8s", "8s", "2z", "2z", "2m", "3m", "4m", "5m", "5m", "5m", "5m", "1f"]}
    wasm.release()
    visitor.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=60_000)
    assert visitor.locator("[data-testid=embed-preview]").count() == 0
    assert visitor.locator("[data-testid=embed-hand] [data-tile]").count() == 16
    assert visitor.errors == []
