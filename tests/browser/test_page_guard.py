"""The guard of the module-shared pages (page_guard.py), tested by crashing Chromium renderers on
purpose (``chrome://crash``): the test that meets a crash fails with it ("Target crashed",
which ``build.py test`` reruns), the next test of the module and the rerun get a page made
again as its fixture made it, and a context shared by a module outlives its page's crash.
No page here starts Python (the server's folder listing is enough): a few seconds in all."""

from __future__ import annotations

import subprocess
import sys
from contextlib import suppress
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from page_guard import module_page, renew_crashed_pages
from site_helpers import ROOT, pages_by_size

CRASHED = ("Target crashed", "Page crashed")
SET_UP = "window.setUp = (window.setUp || 0) + 1"


def crash(page) -> None:
    """Kill the page's renderer, as the rare crash does, and wait until Playwright knows."""
    with page.expect_event("crash", timeout=15_000), suppress(PlaywrightError):
        page.goto("chrome://crash", timeout=5_000)


def crashed(error: PlaywrightError) -> bool:
    return any(words in str(error) for words in CRASHED)


@pytest.fixture(scope="module")
def listing(cold_browser, server):
    """A module's page at the server's folder listing (no Python: fast), set up by a script
    that counts its runs; ``listing.set_ups`` counts the set-ups run."""

    def make(errors):
        page = cold_browser.new_context().new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    def set_up(page):
        page.goto(server.origin + "/")
        page.evaluate(SET_UP)
        holder.set_ups += 1

    with module_page(make, set_up) as holder:
        holder.set_ups = 0
        yield holder


def test_the_test_that_meets_a_crash_fails_with_it(listing):
    assert listing.evaluate("window.setUp") == 1
    listing.errors.append("kept across pages")
    crash(listing)
    with pytest.raises(PlaywrightError) as error:
        listing.evaluate("1")
    assert crashed(error.value), error.value


def test_the_next_test_of_the_module_gets_the_page_made_again(listing, server, renewed_pages):
    if listing.made == 1:
        pytest.skip("run after test_the_test_that_meets_a_crash_fails_with_it")
    assert listing in renewed_pages                   # made again before this test, not during
    assert (listing.made, listing.set_ups) == (2, 2)
    assert listing.url == server.origin + "/"         # where its set-up left it, as the first time
    assert listing.evaluate("window.setUp") == 1      # a new document, set up once
    assert listing.errors == ["kept across pages"]    # the module's one list of errors


def test_a_live_page_is_left_alone(listing):
    made = listing.made
    assert renew_crashed_pages() == []
    assert listing.made == made


def test_a_page_per_size_is_made_again_too(cold_browser, server):
    with pages_by_size(cold_browser, server, fresh=True) as get:
        phone, desk = get((390, 844)), get((1280, 800))
        desk.goto(server.origin + "/")
        crash(phone)
        assert renew_crashed_pages() == [phone]         # the desk page lives on as it was
        assert phone.made == 2 and desk.made == 1
        assert phone.viewport_size == {"width": 390, "height": 844}
        assert phone.evaluate("'ontouchstart' in window")
        assert desk.url == server.origin + "/"


def test_a_context_shared_by_a_module_outlives_its_pages_crash(cold_browser, server):
    """test_welcome, test_table_saves, test_table_help and test_keep's Portuguese screenshots
    share a context, not a page: each test opens a page of its own in it."""
    context = cold_browser.new_context()
    try:
        page = context.new_page()
        crash(page)
        again = context.new_page()
        again.goto(server.origin + "/")
        assert again.evaluate("1 + 1") == 2
    finally:
        context.close()


HERE = Path(__file__).parent
# the session's fixtures are tests/browser/conftest.py's, loaded under another name
RERUN_CONFTEST = f"""
import importlib.util
import sys

sys.path[:0] = [{str(HERE)!r}, {str(ROOT / "py")!r}]
spec = importlib.util.spec_from_file_location("browser_conftest", {str(HERE / "conftest.py")!r})
browser_conftest = importlib.util.module_from_spec(spec)
spec.loader.exec_module(browser_conftest)
globals().update((k, v) for k, v in vars(browser_conftest).items() if not k.startswith("__"))
"""
RERUN_TESTS = '''
from contextlib import suppress
import pytest
from playwright.sync_api import Error
from page_guard import module_page


@pytest.fixture(scope="module")
def shared(cold_browser, server):
    def set_up(page):
        page.goto(server.origin + "/")

    with module_page(lambda errors: cold_browser.new_context().new_page(), set_up) as page:
        yield page


def test_crashes_the_first_time(shared, request):
    if request.node.execution_count == 1:
        with shared.expect_event("crash", timeout=15_000), suppress(Error):
            shared.goto("chrome://crash", timeout=5_000)
        shared.evaluate("1")                            # Target crashed: rerun
    assert shared.made == 2 and shared.evaluate("location.pathname") == "/"


def test_after_it(shared):
    assert shared.made == 2 and shared.evaluate("1 + 1") == 2


@pytest.fixture
def leaving(shared, request):
    """As fresh_storage leaving the site: here the crash meets the test's set-up."""
    if request.node.execution_count == 1:
        with shared.expect_event("crash", timeout=15_000), suppress(Error):
            shared.goto("chrome://crash", timeout=5_000)
    shared.goto("about:blank")                          # Page crashed: rerun
    return shared


def test_crashed_in_its_set_up_the_first_time(leaving):
    assert leaving.made == 3 and leaving.evaluate("1 + 1") == 2
'''


def test_a_rerun_of_a_crashed_test_gets_a_fresh_page(tmp_path: Path):
    """pytest-rerunfailures as ``build.py test`` runs it, in a session of its own: the test
    whose module page crashed (in the test, or in its set-up) is run again, on a page made
    again, and so is the next test."""
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers = browser\n", encoding="utf-8")
    (tmp_path / "conftest.py").write_text(RERUN_CONFTEST, encoding="utf-8")
    (tmp_path / "test_rerun.py").write_text(RERUN_TESTS, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--reruns=1",
         "--only-rerun=Target crashed", "--only-rerun=Page crashed", "test_rerun.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=180)
    summary = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "3 passed" in summary and "2 rerun" in summary, summary
