"""Browser tests: headless Debian Chromium through Playwright, against the built dist/ served by
a plain static server (python -m http.server) under a sub-path, /mahjong/, as a static host
would serve it. One browser and one server are shared by the whole session."""

from __future__ import annotations


import pytest

from site_helpers import ARGS, CHROMIUM, StaticServer


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
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


class Recorder:
    """Every request a context makes, and the page errors and console errors it sees."""

    def __init__(self, context):
        self.requests, self.page_errors, self.console_errors = [], [], []
        context.on("request", lambda r: self.requests.append(r.url))

    def watch(self, page):
        page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and self.console_errors.append(m.text))
        return page


@pytest.fixture
def context(browser):
    ctx = browser.new_context(locale="en-US")
    ctx.recorder = Recorder(ctx)
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    return context.recorder.watch(context.new_page())
