"""Every link honoured wherever it is followed (issue 30): in one warm page, a calculator
link and a learn link followed from the table (a Filipino match open) and from learn mode
show what the link holds, and the address keeps the link (a reload brings the same back)."""
from __future__ import annotations

import pytest

from site_helpers import load

SCORE = "#score?rules=cayro&c=567p888s22z&w=6p&m=c234m,K5555m&f=16f&win=discard&seat=S&round=E"
PLAY = "#play?rules=filipino"
TABLE = "#play-root[data-ready=true][data-rules=filipino]"


def follow(page, address: str) -> None:
    page.evaluate("a => { location.hash = a; }", address)


def open_at(page, server, start: str) -> None:
    """The page opened on another hand in the calculator (Macau), then at ``start``."""
    load(page, server.url + "#score?rules=macau_1988&c=123m456p789s234s55p",
         "[data-testid=calc-palette]")
    if start == "play":
        follow(page, PLAY)
        page.wait_for_selector(TABLE, timeout=60_000)
    else:
        follow(page, "#learn/filipino")
        page.wait_for_selector("#learn-root[data-ready=true][data-rules=filipino]",
                               timeout=30_000)


@pytest.mark.parametrize("start", ["play", "learn"])
def test_a_score_link_followed_in_the_open_app(site_page, server, start):
    page = site_page
    open_at(page, server, start)
    follow(page, SCORE)
    page.wait_for_function("document.documentElement.dataset.mode === 'score'")
    page.wait_for_function("document.querySelector('[data-testid=calc-concealed]')"
                           "?.value === '567p888s22z'", timeout=15_000)
    assert page.input_value("[data-testid=rules]") == "cayro"
    page.wait_for_timeout(500)          # any late write of the address would come now
    address = page.evaluate("location.hash")
    assert "rules=cayro" in address and "c=567p888s22z" in address and "w=6p" in address
    assert page.input_value("[data-testid=calc-concealed]") == "567p888s22z"
    assert page.context.recorder.page_errors == []


@pytest.mark.parametrize("start", ["play", "learn"])
def test_a_learn_link_followed_in_the_open_app(site_page, server, start):
    page = site_page
    open_at(page, server, start)
    follow(page, "#learn/cayro?lang=es")
    page.wait_for_selector("#learn-root[data-ready=true][data-rules=cayro][data-lang=es]",
                           timeout=30_000)
    page.wait_for_timeout(500)
    assert page.evaluate("location.hash").startswith("#learn/cayro")
    assert page.input_value("[data-testid=rules]") == "cayro"
    assert page.get_attribute("#learn-root", "data-rules") == "cayro"
    assert page.context.recorder.page_errors == []
