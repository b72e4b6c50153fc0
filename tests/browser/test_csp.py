"""The site under its Content-Security-Policy (the meta tag build.py writes into every page):
every view boots, the service worker and the snapshot worker run, and the browser reports no
violation. The policy is enforced, not only present: an inline handler injected into the page
is blocked and reported."""

from __future__ import annotations

import pytest

from site_helpers import NO_SNAPSHOT_WORKER, wait_engine

SNAPSHOT_TIMEOUT_MS = 120_000
# Recorded in every frame from its first script on, before the page's own.
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(
  `${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`));
"""
CSP_CONSOLE = ("Content Security Policy", "Content-Security-Policy")


@pytest.fixture
def guarded(cold_browser):
    """A cold context (the snapshot worker runs under the policy too) whose pages record CSP
    violations, page errors and console errors."""
    ctx = cold_browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    ctx.add_init_script(LISTEN)
    ctx.problems = []

    def watch(page):
        page.on("pageerror", lambda e: ctx.problems.append(f"page error: {e}"))
        page.on("console", lambda m: m.type == "error" and any(s in m.text for s in CSP_CONSOLE)
                and ctx.problems.append(f"console: {m.text}"))
        return page

    ctx.open = lambda: watch(ctx.new_page())
    yield ctx
    ctx.close()


def violations(page) -> list[str]:
    return page.evaluate("window.__csp")


def policy(page) -> str:
    return page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]').content")


def test_every_view_boots_under_the_policy(guarded, server):
    page = guarded.open()
    page.goto(server.url + "#play?rules=cayro&seed=3&speed=instant")
    wait_engine(page)
    assert "object-src 'none'" in policy(page) and "'unsafe-inline'" not in policy(page)
    page.wait_for_selector("[data-testid=hand] .hand-tile", timeout=30_000)
    # the tile width follows the count through CSS (data-hand-n), not a style attribute
    n = page.get_attribute("[data-testid=hand]", "data-hand-n")
    assert page.evaluate("getComputedStyle(document.querySelector('[data-testid=hand]'))"
                         ".getPropertyValue('--hand-n').trim()") == n
    # the snapshot worker (static/js/snapshot-worker.mjs) saves the runtime's memory snapshot
    page.wait_for_function("document.documentElement.dataset.snapshot === 'saved'",
                           timeout=SNAPSHOT_TIMEOUT_MS)
    # the service worker registers and takes over
    assert page.evaluate("navigator.serviceWorker.ready.then(r => r.active.state)") in \
        ("activating", "activated")

    # the calculator and a learn page, in the same document (links followed in the page)
    page.evaluate("location.hash = '#score?rules=cayro&c=567p888s22z&w=6p&m=c234m,K5555m'")
    page.wait_for_selector("[data-testid=calc-result] [data-testid=calc-outcome]", timeout=30_000)
    # keep score: its forms never navigate (no inline handler), Enter included
    page.evaluate("location.hash = '#keep'")
    page.wait_for_selector("[data-testid=keep-setup]", timeout=30_000)
    page.focus("[data-testid=keep-setup] input")
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#keep"
    # the table's history and a replay
    page.evaluate("location.hash = '#play'")
    page.wait_for_selector("[data-testid=history-open]", state="attached")
    page.evaluate("document.querySelector('[data-testid=history-open]').click()")
    page.wait_for_selector("[data-testid=history]")
    page.evaluate("location.hash = '#learn/cayro'")
    page.wait_for_selector("#learn-root[data-ready=true][data-rules=cayro]", timeout=30_000)
    assert violations(page) == []

    # a reload runs from the service worker's cache and restores the snapshot, still clean
    page.reload()
    wait_engine(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("document.documentElement.dataset.snapshot") == "restored"
    page.wait_for_selector("#learn-root[data-ready=true]", timeout=30_000)
    assert violations(page) == []

    # the embed widget, opened as a third-party page would frame it
    widget = guarded.open()
    widget.goto(server.url
                + "static/embed.html?rules=cayro&hand=567p888s22z&w=6p&m=c234m,K5555m&lang=es&score=1")
    widget.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=60_000)
    assert widget.locator("[data-testid=embed-hand] [data-tile]").count() >= 8
    assert violations(widget) == []
    assert guarded.problems == []


def test_the_policy_is_enforced(guarded, server):
    guarded.add_init_script(NO_SNAPSHOT_WORKER)   # not about the snapshot: its worker stays off
    page = guarded.open()
    page.goto(server.url + "static/embed.html?rules=cayro&hand=567p888s22z&w=6p&lang=en")
    page.wait_for_function("document.documentElement.dataset.state === 'ready'", timeout=60_000)
    page.evaluate("""() => {
        document.body.insertAdjacentHTML('beforeend',
            '<img alt="" src="../static/icons/icon.svg" onload="window.__ran = true">' +
            '<p data-testid=styled style="color: rgb(1, 2, 3)">x</p>');
        const s = document.createElement('script'); s.textContent = 'window.__ran = true';
        document.body.append(s);
    }""")
    page.wait_for_function("window.__csp.length >= 3")
    assert page.evaluate("window.__ran") is None
    assert page.evaluate("getComputedStyle(document.querySelector('[data-testid=styled]')).color") != \
        "rgb(1, 2, 3)"
    found = " ".join(violations(page))
    assert "script-src-attr" in found and "style-src-attr" in found and "script-src-elem" in found


def test_the_micropip_example_runs_under_the_policy(guarded, server):
    page = guarded.open()
    page.goto(server.url + "static/examples/micropip.html")
    wait_engine(page)
    assert page.get_attribute("[data-testid=example-result]", "data-total")
    # its inline <style> is allowed by hash, so it applies
    assert page.evaluate("getComputedStyle(document.querySelector('output')).whiteSpace") == "pre-wrap"
    assert violations(page) == []
    assert guarded.problems == []
