"""Each browser test starts with fresh storage even where a module shares one page (Pyodide's
boot is slow): ``fresh_storage`` empties the origin's storage before each test. The two runs
below are the same test; whichever runs second fails if the first one's choices leaked."""

from __future__ import annotations

import pytest

from site_helpers import fresh_storage, module_watched_page, pass_welcome, wait_engine

WELCOME = "[data-testid=welcome]"
PLAY_ROOT = "#play-root"


@pytest.fixture(scope="module")
def shared(browser):
    with module_watched_page(browser, console_errors=False) as page:
        yield page


@pytest.fixture
def visit(shared, server):
    fresh_storage(shared, server)
    shared.goto(server.url)
    yield shared
    assert not shared.errors, shared.errors


@pytest.mark.parametrize("run", ["one", "two"])
def test_a_shared_page_starts_each_test_as_a_first_visit(visit, run):
    visit.wait_for_selector(WELCOME, state="visible")          # nothing remembered: the welcome
    assert visit.evaluate("Object.keys(localStorage).filter(k => k !== 'mahjong.settings')") == []
    assert visit.evaluate("JSON.parse(localStorage.getItem('mahjong.settings') || '{}').welcomed") \
        is not True
    assert visit.evaluate("sessionStorage.length") == 0          # the tab's own storage too
    visit.evaluate("(run) => sessionStorage.setItem('probe', run)", run)
    # answer the welcome in Portuguese and start a game: all of it is kept in localStorage
    visit.click(f"{WELCOME} [data-welcome-lang=pt]")
    visit.wait_for_function("document.documentElement.lang === 'pt'")
    wait_engine(visit)
    pass_welcome(visit, "play")
    visit.wait_for_selector(f"{PLAY_ROOT}[data-ready=true]", timeout=30_000)
    settings = visit.evaluate("JSON.parse(localStorage.getItem('mahjong.settings'))")
    assert settings["welcomed"] is True and settings["lang"] == "pt", (run, settings)
